"""Files written whole or not at all: a temporary file in the same folder, flushed to disk, then
renamed over the target (``os.replace``, atomic on POSIX and Windows).

A crash, ``kill -9`` or a full disk while a report, summary or JSON is written leaves the
previous file as it was (never a 0-byte or half-written one); a failed write removes its
temporary file and raises. Every medtrust module writes its final files through here
(tests/reliability/test_lost_work.py checks that no module writes one in place).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["write_bytes", "write_json", "write_text"]


def write_bytes(path: str | Path, data: bytes, *, mode: int | None = None) -> Path:
    """Write ``data`` to ``path`` atomically (module docstring).

    Args:
        path: the target; its folder must exist.
        data: the whole content.
        mode: permission bits of the new file (default: those of the file it replaces, else
            0o666 less the umask, as ``open`` would give).

    Returns:
        ``path`` as a Path.

    Raises:
        OSError: the write, flush or rename failed (the old file is unchanged, no temporary left).
    """
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode if mode is not None else _mode_for(p))
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(p.parent)
    return p


def write_text(path: str | Path, text: str, *, encoding: str = "utf-8", mode: int | None = None) -> Path:
    """Write ``text`` to ``path`` atomically (:func:`write_bytes`)."""
    return write_bytes(path, text.encode(encoding), mode=mode)


def write_json(path: str | Path, obj: Any, *, indent: int | None = 2, **dumps_kwargs: Any) -> Path:
    """Write ``obj`` as JSON (UTF-8, ``ensure_ascii=False`` unless given) to ``path`` atomically."""
    dumps_kwargs.setdefault("ensure_ascii", False)
    return write_text(path, json.dumps(obj, indent=indent, **dumps_kwargs))


def _read_umask() -> int:
    umask = os.umask(0o022)  # read once at import (os.umask can only be read by setting it)
    os.umask(umask)
    return umask


_UMASK = _read_umask()


def _mode_for(p: Path) -> int:
    try:
        return os.stat(p).st_mode & 0o7777
    except OSError:
        return 0o666 & ~_UMASK


def _fsync_dir(folder: Path) -> None:
    # the rename itself reaches the disk (POSIX); not possible on every platform
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
