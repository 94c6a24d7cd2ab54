"""MediConfusion pairs: loading (JSON or the official CSV), image paths, inspect samples.

The packaged files (src/medtrust/data/mediconfusion/, MIT, from AIF4S/MediConfusion @ a3045b03
``data/``) hold 176 pairs keyed "10001".."10176"; each pair is two images with one shared
question and options, and opposite gold letters. Schema: ../shared/docs/benchmarks/mediconfusion.md
sec. 1.
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from medtrust.data.paths import UnsafePathError, safe_join
from medtrust.data.records import DataError, load_json, read_records

#: Category order of the official tables (doc sec. 1.3).
CATEGORIES: tuple[str, ...] = (
    "Cerebral",
    "Vascular",
    "Head and Neck",
    "Spinal",
    "Musculoskeletal",
    "Cardiac",
    "Gastrointestinal",
    "Pulmonary",
    "Nuclear Medicine",
)

_REQUIRED = (
    "im_1", "im_2", "im_1_local", "im_2_local", "category_1", "category_2",
    "question", "option_A", "option_B", "im_1_correct", "im_2_correct",
)  # fmt: skip


def packaged_file(name: str) -> Path:
    """Path of a packaged annotation file (``dataset.json``, ``image_dict.json``, ``statistics.json``)."""
    return Path(str(resources.files("medtrust.data") / "mediconfusion" / name))


@dataclass(frozen=True)
class Pair:
    """One MediConfusion pair.

    Attributes:
        pair_id: "10001".."10176".
        images: ROCO relative paths (``train/radiology/images/ROCO_28778.jpg``) of image 1 and 2.
        locals: local ids (20000-20227) of image 1 and 2; files are ``<id>.jpg``.
        categories: per-image category lists (1-3 each).
        question, option_a, option_b: the radiologist-revised text that is evaluated.
        gold: gold letters of image 1 and 2 ("A"/"B"; always different).
        extra: remaining fields (captions, similarities, AI drafts) kept as metadata.
    """

    pair_id: str
    images: tuple[str, str]
    locals: tuple[int, int]
    categories: tuple[tuple[str, ...], tuple[str, ...]]
    question: str
    option_a: str
    option_b: str
    gold: tuple[str, str]
    extra: dict[str, Any]


def _categories(value: Any, path: Path, line: int, field: str) -> tuple[str, ...]:
    if isinstance(value, str):
        # The official CSV stores lists as Python literals: parse them, never eval them.
        try:
            value = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            raise DataError(path, f"not a list literal: {value[:60]!r}", line=line, field=field) from None
    if not isinstance(value, (list, tuple)) or not value or not all(isinstance(c, str) for c in value):
        raise DataError(path, f"expected a non-empty list of category names, got {value!r}", line=line, field=field)
    unknown = [c for c in value if c not in CATEGORIES]
    if unknown:
        raise DataError(path, f"unknown categories {unknown}; known: {', '.join(CATEGORIES)}", line=line, field=field)
    return tuple(value)


def load_pairs(path: str | Path | None = None) -> list[Pair]:
    """Load the pairs from ``dataset.json`` (dict keyed by pair id) or the official ``dataset.csv``.

    Args:
        path: file to read; None = the packaged ``dataset.json`` (176 pairs).

    Returns:
        Pairs sorted by pair id (the official processing order).

    Raises:
        DataError: missing field, bad letter, equal gold letters, bad category list, duplicate id.
    """
    p = Path(path) if path is not None else packaged_file("dataset.json")
    if p.suffix.lower() == ".json":
        raw = load_json(p)
        if isinstance(raw, dict):
            rows = [(i, str(k), v) for i, (k, v) in enumerate(raw.items(), start=1)]
        else:
            rows = [(i, str(v.get("id", "")) if isinstance(v, dict) else "", v) for i, v in enumerate(raw, start=1)]
    else:
        rows = [(r.line, str(r.fields.get("id", "")), r.fields) for r in read_records(p)]
    pairs: list[Pair] = []
    seen: set[str] = set()
    for line, pid, row in rows:
        if not isinstance(row, dict):
            raise DataError(p, "record is not an object", line=line)
        for f in _REQUIRED:
            if f not in row or row[f] in (None, ""):
                raise DataError(p, "missing value", line=line, field=f)
        if not pid:
            raise DataError(p, "missing pair id", line=line, field="id")
        if pid in seen:
            raise DataError(p, f"duplicate pair id {pid}", line=line, field="id")
        seen.add(pid)
        gold = (str(row["im_1_correct"]).strip(), str(row["im_2_correct"]).strip())
        for k, g in enumerate(gold, start=1):
            if g not in ("A", "B"):
                raise DataError(p, f"gold letter must be A or B, got {g!r}", line=line, field=f"im_{k}_correct")
        if gold[0] == gold[1]:
            raise DataError(p, f"both images have gold {gold[0]}; a pair needs opposite letters", line=line, field="im_2_correct")
        try:
            locs = (int(row["im_1_local"]), int(row["im_2_local"]))
        except (TypeError, ValueError):
            raise DataError(p, "local image id is not an integer", line=line, field="im_1_local") from None
        extra = {k: v for k, v in row.items() if k not in _REQUIRED and k not in ("id", "")}
        pairs.append(
            Pair(
                pair_id=pid,
                images=(str(row["im_1"]), str(row["im_2"])),
                locals=locs,
                categories=(
                    _categories(row["category_1"], p, line, "category_1"),
                    _categories(row["category_2"], p, line, "category_2"),
                ),
                question=str(row["question"]),
                option_a=str(row["option_A"]),
                option_b=str(row["option_B"]),
                gold=gold,  # type: ignore[arg-type]
                extra=extra,
            )
        )
    return sorted(pairs, key=lambda q: q.pair_id)


def category_denominators(pairs: Iterable[Pair]) -> dict[str, int]:
    """Image-level category counts: each image slot counted once per category it carries.

    For the 176 packaged pairs this equals the official ``data/stats/statistics.json``
    (Cerebral 79, Vascular 73, ..., sum 441). Source: doc sec. 1.3.
    """
    c: Counter[str] = Counter()
    for pair in pairs:
        for cats in pair.categories:
            c.update(cats)
    return {cat: c.get(cat, 0) for cat in CATEGORIES}


def resolve_image(root: str | Path, pair: Pair, slot: int) -> Path | None:
    """The file of image ``slot`` (0 or 1) under ``root``, or None if absent.

    Both official layouts are accepted (doc sec. 2): local ids ``<root>/<local>.jpg`` (also the
    old ids ``local - 10000``), and the ROCO tree ``<root>/roco-dataset/data/<im_k>`` (root =
    parent of the ROCO clone) or ``<root>/<im_k>`` (root = ROCO ``data/``).

    Raises:
        UnsafePathError: the pair's ``im_k`` path could leave ``root`` (``..``, a symlink out,
            a name too long ...); it is never opened (:func:`medtrust.data.paths.safe_join`).
    """
    local = pair.locals[slot]
    names = [f"{local}.jpg", f"{local - 10000}.jpg", f"roco-dataset/data/{pair.images[slot]}", pair.images[slot]]
    for i, name in enumerate(names):
        try:
            cand = safe_join(root, name)
        except UnsafePathError:
            if i >= 2:  # the row's own path: refuse the image, naming the pair
                raise
            continue
        try:
            if cand.is_file():
                return cand
        except OSError as e:
            raise UnsafePathError(f"{name[:80]!r}: {e.strerror or e}") from None
    return None
