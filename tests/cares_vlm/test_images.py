"""Image resolution layouts, hashing once, and unreadable files."""

from __future__ import annotations

import hashlib
from pathlib import Path

from PIL import Image

from medtrust.benchmarks.cares_vlm.images import ImageResolver, candidate_paths


def test_candidate_order(tmp_path):
    c = candidate_paths(tmp_path, "ham10000_testset/ISIC_0034761.jpg")
    assert c == [
        tmp_path / "ham10000_testset/ISIC_0034761.jpg",
        tmp_path / "files/ham10000_testset/ISIC_0034761.jpg",
        tmp_path / "images/ham10000_testset/ISIC_0034761.jpg",
        tmp_path / "ISIC_0034761.jpg",
        tmp_path / "images/ISIC_0034761.jpg",
    ]
    assert candidate_paths(tmp_path, "a.jpg") == [tmp_path / "a.jpg", tmp_path / "files/a.jpg", tmp_path / "images/a.jpg"]


def test_mimic_files_layout_and_hash(tmp_path):
    key = "p10/p10000032/s50414267/02aa804e.jpg"  # MIMIC-CXR-JPG keys are relative to files/
    p = tmp_path / "files" / key
    p.parent.mkdir(parents=True)
    Image.new("L", (40, 30), 128).save(p)
    r = ImageResolver(tmp_path, "mimic_cxr")
    got = r.resolve(key)
    assert got.error is None and Path(got.path) == p.resolve()
    assert got.sha256 == hashlib.sha256(p.read_bytes()).hexdigest() and (got.width, got.height) == (40, 30)
    p.unlink()
    assert r.resolve(key) is got  # checked once per run: cached


def test_truncated_jpeg_is_unreadable(ham_images, tmp_path):
    data = (ham_images / "ISIC_0034761.jpg").read_bytes()
    (tmp_path / "ISIC_0034761.jpg").write_bytes(data[: len(data) // 2])
    got = ImageResolver(tmp_path, "ham10000").resolve("ham10000_testset/ISIC_0034761.jpg")
    assert got.error is not None and got.error.startswith("image unreadable: ISIC_0034761.jpg")
    assert got.sha256 is None


def test_resolve_all_real_ham_images(ham_images):
    keys = [f"ham10000_testset/{p.name}" for p in sorted(ham_images.glob("ISIC_*.jpg"))]
    assert len(keys) == 1000
    res = ImageResolver(ham_images, "ham10000").resolve_all(keys, workers=2)
    assert sum(r.error is None for r in res.values()) == 1000
    assert {(r.width, r.height) for r in res.values()} == {(224, 224)}
