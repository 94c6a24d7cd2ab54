"""Files named by data rows stay inside their root folder.

A data row (an annotation file, a pair list) may name a file relative to a root the user gave
(``--image-root``). :func:`safe_join` is the one way medtrust turns such a name into a path:
it refuses, with a reason, every name that could reach outside the root, *before* anything is
opened: parent components (``../x``, ``..\\x``), a symlink inside the root that points outside,
NUL bytes, names the file system cannot hold (a component over 255 bytes, a path over 4096),
and Windows drive or UNC forms (``C:\\x``, ``\\\\server\\share``). Backslashes are read as
separators (annotation files written on Windows). A leading ``/`` is dropped: the name is always
relative to the root.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

#: POSIX limits: one path component (NAME_MAX) and a whole path (PATH_MAX), in bytes
NAME_MAX = 255
PATH_MAX = 4096

_DRIVE = re.compile(r"^[A-Za-z]:$")


class UnsafePathError(ValueError):
    """A file name from a data row that must not be opened; the message says why."""


def safe_join(root: str | Path, name: str) -> Path:
    """``root/name`` resolved (symlinks followed), guaranteed to lie inside ``root``.

    Args:
        root: the folder the name is relative to (resolved first).
        name: the file name as the data row gives it (``/`` or ``\\`` separators).

    Returns:
        The resolved absolute path (it may not exist: the caller checks ``is_file()``).

    Raises:
        UnsafePathError: not a string, empty, NUL byte, ``..`` component, drive/UNC form, a
            component longer than 255 bytes or a path longer than 4096, undecodable characters,
            or a path that resolves outside ``root`` (e.g. through a symlink).
    """
    if not isinstance(name, str):
        raise UnsafePathError(f"expected a file name, got {type(name).__name__}")
    if "\x00" in name:
        raise UnsafePathError("file name contains a NUL byte")
    text = name.replace("\\", "/")
    if text.startswith("//"):
        raise UnsafePathError(f"network path {name[:60]!r} is not allowed (names are relative to the root)")
    parts = [p for p in text.split("/") if p not in ("", ".")]
    if not parts:
        raise UnsafePathError("empty file name")
    if _DRIVE.match(parts[0]):
        raise UnsafePathError(f"drive path {name[:60]!r} is not allowed (names are relative to the root)")
    if ".." in parts:
        raise UnsafePathError(f"{name[:80]!r} leaves the root folder ('..' component)")
    for p in parts:
        try:
            size = len(os.fsencode(p))
        except UnicodeError:
            raise UnsafePathError(f"file name {p[:40]!r} has characters the file system cannot encode") from None
        if size > NAME_MAX:
            raise UnsafePathError(f"file name too long ({len(p)} characters, {size} bytes; the limit is {NAME_MAX} bytes)")
    base = Path(root).expanduser().resolve()
    candidate = base.joinpath(*parts)
    if len(os.fsencode(str(candidate))) > PATH_MAX:
        raise UnsafePathError(f"path too long (over {PATH_MAX} bytes)")
    try:
        resolved = candidate.resolve()
    except (OSError, RuntimeError) as e:  # symlink loops, permission errors while resolving
        raise UnsafePathError(f"cannot resolve {name[:80]!r}: {e}") from None
    if not resolved.is_relative_to(base):
        raise UnsafePathError(f"{name[:80]!r} resolves outside the root folder (through a symlink)")
    return resolved
