"""Re-score an official MediConfusion result file with medtrust's parsers and metrics.

Official result files (``Results/<model>/<model>_<mode>.json``) map pair id to
``{"answer": {"im1": {...}, "im2": {...}}, "score": {...}}``. In MC files each image holds
``answer.full_answer`` (raw model text) and the 10/0 scores the official parser gave; in FF
(``gpt4``) files each image holds ``full_answer``, the judge's ``A``/``B`` 1-10 scores and
``gpt_reason``. Replaying lets a user check that medtrust reproduces an official run exactly,
and see where the lenient parser would differ.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from medtrust.benchmarks.mediconfusion.dataset import Pair
from medtrust.benchmarks.mediconfusion.extract import DEFAULT_THRESHOLD, lenient_choice, official_choice, threshold_choice
from medtrust.benchmarks.mediconfusion.metrics import ImageChoice
from medtrust.data.records import DataError, load_json


def load_official_results(path: str | Path) -> dict[str, Any]:
    """Read an official per-pair result file.

    Raises:
        DataError: unreadable JSON, or an entry without ``answer.im1``/``answer.im2``.
    """
    p = Path(path)
    data = load_json(p)
    if not isinstance(data, dict):
        raise DataError(p, "expected a JSON object of pairs (official results file)")
    for i, (pid, entry) in enumerate(data.items(), start=1):
        ans = entry.get("answer") if isinstance(entry, dict) else None
        if not isinstance(ans, dict) or "im1" not in ans or "im2" not in ans:
            raise DataError(p, f"pair {pid} has no answer.im1/answer.im2", line=i, field="answer")
    return data


def _mc_text(im: dict[str, Any]) -> str | None:
    inner = im.get("answer", im)
    return inner.get("full_answer") if isinstance(inner, dict) else None


def replay_mc(results: dict[str, Any], pairs: list[Pair], *, parser: str = "official", tr: float = DEFAULT_THRESHOLD) -> list[ImageChoice]:
    """Image choices from the raw MC texts of an official result file.

    Args:
        results: from :func:`load_official_results` (MC mode).
        pairs: the dataset (gold letters and categories come from here, not from the file).
        parser: ``official`` (faithful) or ``lenient`` (medtrust's improved parser).

    Raises:
        KeyError: a pair id of the file is not in ``pairs``.
    """
    by_id = {p.pair_id: p for p in pairs}
    out = []
    for pid in sorted(results):
        pair = by_id[pid]
        for slot in (1, 2):
            text = _mc_text(results[pid]["answer"][f"im{slot}"])
            c = official_choice(text, tr) if parser == "official" else lenient_choice(text, pair.option_a, pair.option_b)
            out.append(ImageChoice(pid, slot, pair.gold[slot - 1], c.letter, pair.categories[slot - 1]))
    return out


def replay_ff(results: dict[str, Any], pairs: list[Pair], *, tr: float = DEFAULT_THRESHOLD) -> list[ImageChoice]:
    """Image choices from the judge scores of an official FF result file (threshold rule ``tr``)."""
    by_id = {p.pair_id: p for p in pairs}
    out = []
    for pid in sorted(results):
        pair = by_id[pid]
        for slot in (1, 2):
            im = results[pid]["answer"][f"im{slot}"]
            c = threshold_choice(float(im.get("A", 0) or 0), float(im.get("B", 0) or 0), tr)
            out.append(ImageChoice(pid, slot, pair.gold[slot - 1], c.letter, pair.categories[slot - 1]))
    return out
