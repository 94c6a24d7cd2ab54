"""Every byte a run wrote, for tests that search its output for leaks (secrets, paths)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from medtrust._inspect_compat import enable_zstd_zipfile

enable_zstd_zipfile()  # zstd members of .eval files


def all_bytes(root: Path) -> dict[str, bytes]:
    """{name: bytes} of every file under ``root`` (names relative to it); zip archives (.eval)
    expanded member by member as ``<file name>!<member>``."""
    out = {}
    for p in root.rglob("*"):
        if not p.is_file():
            continue
        if zipfile.is_zipfile(p):
            with zipfile.ZipFile(p) as z:
                for m in z.namelist():
                    out[f"{p.name}!{m}"] = z.read(m)
        else:
            out[str(p.relative_to(root))] = p.read_bytes()
    return out
