"""The Merkle root of an evidence pack's manifest (docs/evidence.md, "The Merkle root").

Definition (every hash SHA-256, every text UTF-8):

- entries: the manifest's ``files``, each a (path, file sha256 in lower-case hex) pair, sorted by
  the UTF-8 bytes of the path; paths are unique;
- leaf: ``H(0x00 || path || 0x00 || sha256hex)``, i.e. the hash of ``"path\\0sha256"`` with the
  leaf prefix byte 0x00 in front;
- node: ``H(0x01 || left || right)`` over the two children's 32-byte digests (prefix byte 0x01);
- levels: pair the digests of a level left to right; an odd last digest is carried up to the next
  level unchanged (never paired with itself, so no two different lists share a root);
- root: the single digest left, in lower-case hex. An empty list has no root (refused).

The prefix bytes keep a leaf from ever being read as a node (second-preimage attacks on trees
without domain separation, RFC 6962 sec. 2.1 uses the same 0x00 / 0x01 prefixes).
"""

from __future__ import annotations

import hashlib
from typing import Iterable

LEAF_PREFIX = b"\x00"
NODE_PREFIX = b"\x01"


def leaf_hash(path: str, sha256_hex: str) -> bytes:
    """Digest of one manifest entry: ``sha256(0x00 || path || 0x00 || sha256hex)`` (32 bytes).

    Raises:
        ValueError: the path holds a NUL byte or the hash is not 64 lower-case hex digits.
    """
    if "\0" in path:
        raise ValueError(f"manifest path holds a NUL byte: {path!r}")
    if len(sha256_hex) != 64 or any(c not in "0123456789abcdef" for c in sha256_hex):
        raise ValueError(f"not a lower-case hex sha256 for {path}: {sha256_hex!r}")
    return hashlib.sha256(LEAF_PREFIX + path.encode("utf-8") + b"\0" + sha256_hex.encode("ascii")).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """Digest of an inner node: ``sha256(0x01 || left || right)`` (32 bytes)."""
    return hashlib.sha256(NODE_PREFIX + left + right).digest()


def merkle_root(entries: Iterable[tuple[str, str]]) -> str:
    """Root of the tree over (path, sha256 hex) entries, as lower-case hex (module docstring).

    Raises:
        ValueError: no entry, a repeated path, or an entry :func:`leaf_hash` refuses.
    """
    items = sorted(entries, key=lambda e: e[0].encode("utf-8"))
    if not items:
        raise ValueError("a Merkle root needs at least one entry")
    for a, b in zip(items, items[1:]):
        if a[0] == b[0]:
            raise ValueError(f"path listed twice in the manifest: {a[0]}")
    level = [leaf_hash(p, h) for p, h in items]
    while len(level) > 1:
        nxt = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            nxt.append(level[-1])  # odd one out: carried up unchanged
        level = nxt
    return level[0].hex()
