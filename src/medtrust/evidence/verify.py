"""`medtrust verify PACK`: recompute every hash and the Merkle root, check the signature, name each changed file.

:func:`verify_pack` takes a pack folder or its ``.tar.gz`` (unpacked into a temporary folder
with the standard library's ``data`` filter, within :data:`MAX_ARCHIVE_BYTES` and
:data:`MAX_ARCHIVE_MEMBERS`) and reports, file by file (docs/evidence.md, "Verifying"):

- ``changed``: a stored file whose sha256 is not the manifest's (a changed byte, a swapped criteria file);
- ``missing``: a stored file that is gone (a removed log);
- ``added``: a file the manifest does not list;
- ``present``: a file the manifest lists by hash only (restricted data) that is in the pack anyway;
- ``root``: the Merkle root recomputed from the manifest's entries differs from the one it states
  (or from ``expect_root``);
- ``signature``: the signature does not match the manifest, or is by another key than ``public_key``,
  or is missing when one is required.

With ``originals`` (folders holding the original logs, labels or data files), files listed by hash
only are found by name and checked too.
"""

from __future__ import annotations

import json
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from medtrust.bounded import read_bounded
from medtrust.evidence.merkle import merkle_root
from medtrust.evidence.pack import FORMAT, MANIFEST, SIGNATURE, UNLISTED, sha256_path

#: an archive larger than this (uncompressed) is refused
MAX_ARCHIVE_BYTES = 64 * 2**30
MAX_ARCHIVE_MEMBERS = 1_000_000
#: a manifest larger than this is not a manifest
MAX_MANIFEST_BYTES = 256 * 2**20


class VerifyError(ValueError):
    """The pack cannot be read at all (no manifest, not a pack, a damaged or unsafe archive)."""


@dataclass
class Problem:
    """One finding: ``kind`` (changed | missing | added | present | root | signature) and the file or reason."""

    kind: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind.upper():<10} {self.path}: {self.detail}"


@dataclass
class VerifyResult:
    """What :func:`verify_pack` found.

    Attributes:
        ok: no problem found.
        problems: every :class:`Problem`.
        checked: stored files whose sha256 matched.
        referenced: files listed by hash only, with what was found about them.
        root: the manifest's Merkle root (as recomputed when it matched).
        signed_by: the key id of a valid signature by the expected key (any key when none is
            expected), None otherwise.
        signature: what the signature check found, in words: ``valid, key <id>``, ``none``
            (unsigned), or ``INVALID: <why>`` (a signature that does not match the manifest, is
            malformed, or is by another key than the expected one).
    """

    problems: list[Problem] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    referenced: dict[str, str] = field(default_factory=dict)
    root: str | None = None
    signed_by: str | None = None
    signature: str = "none"

    @property
    def ok(self) -> bool:
        return not self.problems


def _unpack(archive: Path, into: Path) -> Path:
    """Unpack a pack archive safely; returns its single top folder."""
    try:
        with tarfile.open(archive, "r:*") as tar:
            members = []
            total = 0
            for m in tar:
                if len(members) >= MAX_ARCHIVE_MEMBERS:
                    raise VerifyError(f"{archive}: more than {MAX_ARCHIVE_MEMBERS} members")
                if not (m.isfile() or m.isdir()):
                    raise VerifyError(f"{archive}: member {m.name} is not a plain file or folder")
                total += m.size
                if total > MAX_ARCHIVE_BYTES:
                    raise VerifyError(f"{archive}: more than {MAX_ARCHIVE_BYTES} bytes unpacked")
                members.append(m)
            tops = {m.name.split("/", 1)[0] for m in members}
            if len(tops) != 1:
                raise VerifyError(f"{archive}: not a pack archive (expected one top folder, found {len(tops)})")
            tar.extractall(into, members=members, filter="data")
    except (tarfile.TarError, OSError, EOFError) as e:
        raise VerifyError(f"{archive}: not a readable pack archive ({type(e).__name__}: {e})") from None
    return into / tops.pop()


def verify_pack(pack: str | Path, *, public_key: str | None = None, require_signature: bool = False, expect_root: str | None = None,
                originals: Sequence[str | Path] = ()) -> VerifyResult:  # fmt: skip
    """Verify a pack folder or archive (module docstring).

    Args:
        pack: the pack folder, or its ``.tar.gz``.
        public_key: the signer's public key (:func:`medtrust.evidence.signing.load_public_key` forms);
            the pack must then be signed by it.
        require_signature: an unsigned pack is a problem.
        expect_root: the Merkle root recorded elsewhere (e.g. in the board's minutes).
        originals: folders where files listed by hash only may be found by name.

    Returns:
        :class:`VerifyResult` (``ok`` when nothing was found).

    Raises:
        VerifyError: not a pack (no readable manifest), or an archive that cannot be unpacked safely.
        SigningError: ``public_key`` is not an Ed25519 public key.
    """
    pack = Path(pack)
    if not pack.exists():
        raise VerifyError(f"no such pack: {pack}")
    if pack.is_file():
        with tempfile.TemporaryDirectory(prefix="medtrust-verify-") as tmp:
            return _verify_folder(_unpack(pack, Path(tmp)), public_key, require_signature, expect_root, originals)
    return _verify_folder(pack, public_key, require_signature, expect_root, originals)


def _verify_folder(folder: Path, public_key: str | None, require_signature: bool, expect_root: str | None,
                   originals: Sequence[str | Path]) -> VerifyResult:  # fmt: skip
    from medtrust.evidence.signing import SigningError, check_signature, key_id, load_public_key

    want_key = load_public_key(public_key) if public_key else None
    mpath = folder / MANIFEST
    if not mpath.is_file():
        raise VerifyError(f"{folder}: no {MANIFEST} (not a medtrust evidence pack)")
    # medtrust's one bounded read (medtrust/bounded.py): checked before, and cut at, the limit
    manifest_bytes = read_bounded(mpath, MAX_MANIFEST_BYTES, what="pack manifest", error=lambda p, d: VerifyError(f"{p}: {d}"))
    try:
        manifest = json.loads(manifest_bytes)
        entries = list(manifest["files"])
        stated_root = str(manifest["merkle_root"])
    except (ValueError, KeyError, TypeError) as e:
        raise VerifyError(f"{mpath}: not a readable pack manifest ({type(e).__name__})") from None
    if manifest.get("format") != FORMAT:
        raise VerifyError(f"{mpath}: format {manifest.get('format')!r} is not {FORMAT}")
    res = VerifyResult()
    listed: set[str] = set()
    for e in entries:
        rel, digest = str(e.get("path")), str(e.get("sha256"))
        listed.add(rel)
        target = folder / rel
        inside = target.resolve().is_relative_to(folder.resolve())
        if not inside:
            res.problems.append(Problem("changed", rel, "a manifest path outside the pack"))
            continue
        if e.get("stored", True):
            if not target.is_file():
                res.problems.append(Problem("missing", rel, f"listed with sha256 {digest[:16]}... but not in the pack"))
                continue
            got = sha256_path(target)
            if got != digest:
                res.problems.append(Problem("changed", rel, f"sha256 {got[:16]}... where the manifest lists {digest[:16]}..."))
            else:
                res.checked.append(rel)
        else:
            if target.exists():
                res.problems.append(Problem("present", rel, "listed by sha256 only (not to be copied) but present in the pack"))
            found = [Path(o) / Path(rel).name for o in originals if (Path(o) / Path(rel).name).is_file()]
            if found:
                got = sha256_path(found[0])
                if got == digest:
                    res.referenced[rel] = f"original {found[0]} matches"
                else:
                    res.problems.append(Problem("changed", rel, f"the original {found[0]} has sha256 {got[:16]}..., the manifest lists {digest[:16]}..."))
            else:
                res.referenced[rel] = "listed by sha256 only; no original given to compare"
    for q in sorted(folder.rglob("*")):
        rel = q.relative_to(folder).as_posix()
        if q.is_file() and rel not in listed and rel not in UNLISTED:
            res.problems.append(Problem("added", rel, "in the pack but not in the manifest"))
    try:
        root = merkle_root((str(e.get("path")), str(e.get("sha256"))) for e in entries)
    except ValueError as e:
        res.problems.append(Problem("root", MANIFEST, str(e)))
        root = None
    if root is not None and root != stated_root:
        res.problems.append(Problem("root", MANIFEST, f"Merkle root recomputed {root} differs from the stated {stated_root}"))
    res.root = root
    if expect_root and root != expect_root.strip().lower():
        res.problems.append(Problem("root", MANIFEST, f"Merkle root {root} is not the expected {expect_root}"))
    spath = folder / SIGNATURE
    if spath.is_file():
        try:
            with spath.open("rb") as f:
                record = json.loads(f.read(1_000_000))
            raw = check_signature(record, manifest_bytes)
            if want_key is not None and raw != want_key:
                why = f"signed by {key_id(raw)}, not by the expected key {key_id(want_key)}"
                res.problems.append(Problem("signature", SIGNATURE, why))
                res.signature = f"INVALID: {why}"
            else:
                res.signed_by = key_id(raw)
                res.signature = f"valid, key {res.signed_by}"
        except (ValueError, SigningError) as e:
            res.problems.append(Problem("signature", SIGNATURE, str(e)))
            res.signature = f"INVALID: {e}"
    elif want_key is not None or require_signature:
        res.problems.append(Problem("signature", SIGNATURE, "the pack is not signed"))
    return res
