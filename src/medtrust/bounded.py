"""Bounded reads: the one way medtrust reads a file whole, and its size limits.

Every file read has a size bound (docs/security.md, "Bounded input"): data files, JSONL lines,
images, logs (their decompressed size), labels files, evidence-pack inputs and key files. A file
over its limit is an input error that names the file, its size and the limit (and the
environment variable that raises it, where there is one), raised before the file is read; a
file that grows while it is read is cut at the limit and refused the same way. Each caller
raises its own error type (``DataError``, ``LogReadError``, ``ImageTooLarge``, ...) through the
``error`` argument, called as ``error(path, detail)``; the default raises :class:`TooLarge`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable

#: makes the exception for a file over its limit from (path, detail)
ErrorFactory = Callable[[Path, str], Exception]

__all__ = ["MAX_SMALL_INPUT_BYTES", "TooLarge", "check_archive", "check_size", "env_limit", "read_at_most", "read_bounded",
           "read_text_bounded", "too_large"]


class TooLarge(ValueError):
    """A file over its size limit (the message names file, size and limit)."""


def env_limit(name: str, default: int) -> int:
    """A size limit in bytes from ``MEDTRUST_<NAME>`` when it is a positive integer, else ``default``."""
    try:
        v = int(os.environ.get(f"MEDTRUST_{name}", ""))
    except ValueError:
        return default
    return v if v > 0 else default


#: largest small input read whole (a calibration or summary JSON, a criteria TOML, a detector
#: header, an evidence pack's small inputs; bytes): ``MEDTRUST_MAX_SMALL_INPUT_BYTES``
MAX_SMALL_INPUT_BYTES = env_limit("MAX_SMALL_INPUT_BYTES", 256 << 20)


def too_large(path: Path, detail: str) -> TooLarge:
    """The default error: :class:`TooLarge` with "<path>: <detail>"."""
    return TooLarge(f"{path}: {detail}")


def _detail(size: int | str, limit: int, what: str, env: str | None) -> str:
    raise_it = f" (set MEDTRUST_{env} to raise it)" if env else ""
    size_text = f"{size:,} bytes" if isinstance(size, int) else size
    return f"{what} is {size_text}, over the limit of {limit:,} bytes{raise_it}"


def check_size(path: str | Path, limit: int, *, what: str = "file", env: str | None = None,
               error: ErrorFactory = too_large) -> int:  # fmt: skip
    """The size of ``path`` in bytes, refused when over ``limit``.

    Args:
        limit: the largest size accepted, bytes.
        what: how the message names the file ("image", "log", ...).
        env: the name after ``MEDTRUST_`` of the variable that sets this limit (named in the message).
        error: makes the exception from ``(path, detail)`` (default :func:`too_large`).

    Raises:
        ``error(path, detail)``: the file is larger than ``limit``.
        OSError: the file cannot be stat'ed.
    """
    size = os.stat(path).st_size
    if size > limit:
        raise error(Path(path), _detail(size, limit, what, env))
    return size


def read_bounded(path: str | Path, limit: int, *, what: str = "file", env: str | None = None,
                 error: ErrorFactory = too_large) -> bytes:  # fmt: skip
    """The whole content of ``path``, at most ``limit`` bytes (refused, never cut, when larger).

    The size is checked before reading, and the read itself stops one byte past the limit, so a
    file that grows meanwhile (or a device that reports no size) is refused too.

    Raises:
        ``error(path, detail)``: over ``limit`` (see :func:`check_size`).
        OSError: the file cannot be read.
    """
    check_size(path, limit, what=what, env=env, error=error)
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise error(Path(path), _detail(f"more than {limit:,} bytes", limit, what, env))
    return data


def read_text_bounded(path: str | Path, limit: int | None = None, *, what: str = "file", encoding: str = "utf-8") -> str:
    """:func:`read_bounded` decoded as text; ``limit`` defaults to :data:`MAX_SMALL_INPUT_BYTES`.

    Raises:
        TooLarge: over the limit. OSError: unreadable. UnicodeDecodeError: not text in ``encoding``.
    """
    if limit is None:
        return read_bounded(path, MAX_SMALL_INPUT_BYTES, what=what, env="MAX_SMALL_INPUT_BYTES").decode(encoding)
    return read_bounded(path, limit, what=what).decode(encoding)


def read_at_most(path: str | Path, limit: int) -> bytes:
    """The first ``limit`` bytes of ``path`` (for callers that check the size themselves, or
    only need the head of a file).

    Raises:
        OSError: the file cannot be read.
    """
    with open(path, "rb") as f:
        return f.read(limit)


def check_archive(path: str | Path, infos: Iterable[Any], *, member_limit: int, total_limit: int, what: str = "archive",
                  member_env: str | None = None, total_env: str | None = None, error: ErrorFactory = too_large) -> int:  # fmt: skip
    """Refuse a zip archive whose members would decompress to more than the limits, from the
    sizes its central directory declares (``zipfile.ZipInfo.file_size``), before anything is
    decompressed. Python's zipfile stops at the declared size and fails the CRC when a member
    holds more, so the declared sizes bound what a reader gets (a zip bomb of a few MB holding
    GiBs is refused from its directory alone).

    Args:
        infos: the archive's ``ZipInfo`` entries (``ZipFile.infolist()``).
        member_limit, total_limit: the largest decompressed size of one member and of all, bytes.

    Returns:
        the total decompressed size, bytes.

    Raises:
        ``error(path, detail)``: a member or the total over its limit (naming the member).
    """
    total = 0
    for info in infos:
        if info.file_size > member_limit:
            raise error(Path(path), _detail(info.file_size, member_limit, f"{what} member {info.filename[:80]} (decompressed)", member_env))
        total += info.file_size
    if total > total_limit:
        raise error(Path(path), _detail(total, total_limit, f"{what} (decompressed)", total_env))
    return total
