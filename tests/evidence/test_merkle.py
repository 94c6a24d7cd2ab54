"""The Merkle root of docs/evidence.md, against roots computed by hand with hashlib."""

from __future__ import annotations

import hashlib

import pytest

from medtrust.evidence.merkle import leaf_hash, merkle_root, node_hash

A, B, C, D, E = ("a" * 64, "b" * 64, "c" * 64, "d" * 64, "e" * 64)


def H(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def leaf(path: str, digest: str) -> bytes:
    # leaf = sha256(0x00 || "path\0sha256hex")
    return H(b"\x00" + f"{path}\0{digest}".encode())


def node(left: bytes, right: bytes) -> bytes:
    return H(b"\x01" + left + right)


def test_one_entry_is_its_leaf():
    assert merkle_root([("report/report.html", A)]) == leaf("report/report.html", A).hex()
    # the literal value, computed once by hand: sha256(b"\x00report/report.html\x00" + b"a" * 64)
    assert merkle_root([("report/report.html", A)]) == hashlib.sha256(b"\x00report/report.html\x00" + b"a" * 64).hexdigest()


def test_three_entries_carry_the_odd_leaf_up_unchanged():
    # sorted by path: a.txt, b.txt, c.txt -> node(node(La, Lb), Lc); Lc is not paired with itself
    want = node(node(leaf("a.txt", A), leaf("b.txt", B)), leaf("c.txt", C)).hex()
    assert merkle_root([("c.txt", C), ("a.txt", A), ("b.txt", B)]) == want
    assert want != node(node(leaf("a.txt", A), leaf("b.txt", B)), node(leaf("c.txt", C), leaf("c.txt", C))).hex()


def test_five_entries_by_hand():
    la, lb, lc, ld, le = (leaf(f"{n}.json", h) for n, h in zip("abcde", (A, B, C, D, E)))
    # level 1: [ab, cd, e]; level 2: [abcd, e]; root: node(abcd, e)
    want = node(node(node(la, lb), node(lc, ld)), le).hex()
    assert merkle_root([(f"{n}.json", h) for n, h in zip("edcba", (E, D, C, B, A))]) == want


def test_paths_sort_by_utf8_bytes_not_by_locale():
    # "Z" (0x5a) < "a" (0x61) < "é" (0xc3 0xa9)
    want = node(node(leaf("Z", A), leaf("a", B)), leaf("é", C)).hex()
    assert merkle_root([("é", C), ("a", B), ("Z", A)]) == want


def test_domain_separation_a_node_is_never_a_leaf():
    la, lb = leaf("x", A), leaf("y", B)
    assert leaf_hash("x", A) == la and node_hash(la, lb) == node(la, lb)
    # without the prefixes, an inner node would be sha256(la || lb); with them it is not
    assert node(la, lb) != H(la + lb)


def test_every_change_changes_the_root():
    base = [("logs/x.eval", A), ("criteria/board.toml", B), ("report/report.json", C)]
    root = merkle_root(base)
    assert merkle_root([("logs/x.eval", D), *base[1:]]) != root            # a changed file
    assert merkle_root(base[:1] + base[2:]) != root                        # a removed file
    assert merkle_root([*base[:1], ("criteria/other.toml", B), base[2]]) != root  # a renamed file


@pytest.mark.parametrize("entries, match", [
    ([], "at least one"),
    ([("a", A), ("a", B)], "listed twice"),
    ([("a\0b", A)], "NUL"),
    ([("a", "A" * 64)], "lower-case hex"),
    ([("a", "ab")], "lower-case hex"),
])
def test_bad_entries_are_refused(entries, match):
    with pytest.raises(ValueError, match=match):
        merkle_root(entries)
