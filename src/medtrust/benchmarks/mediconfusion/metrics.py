"""MediConfusion metrics exactly as the official code computes them, plus CIs and the swap variant.

Source: official ``scripts/answering.py`` / ``utils`` score bookkeeping at AIF4S/MediConfusion
@ a3045b03, as described in ../shared/docs/benchmarks/mediconfusion.md sec. 4. Per pair with
choices c1, c2 in {A, B, -}:

- ``set_score`` +1 if both images are right; ``individual_score`` + number right (0-2);
- ``invalid`` + number of ``-``; ``confused`` = 1 iff c1 == c2 != "-";
- ``valids`` = 1 iff both valid; ``valid_pairs`` = 1 iff both valid and c1 != c2.

Per category (official weighting): pair-level counters add 1 for every occurrence of the category
in ``category_1 + category_2`` (a category on both images adds 2); image-level counters
(individual, invalid) add 1 per category of that image.

Totals: set accuracy = set / N_pairs, individual = individual / (2 N), invalid = invalid / (2 N),
confusion = confused / valids, precision = set / valid_pairs. Per-category set, individual and
invalid rates divide by the image-level category counts (Cerebral 79, ...). A rate whose
denominator is 0 is undefined (None; NaN in the inspect log), never 0; the official code writes
confusion 0 when valids = 0, which ``official_metrics(..., zero_when_undefined=True)`` reproduces
(docs/deviations.md).

Epochs: each epoch's two images form their own pair (key ``<pair id>#<epoch>`` from epoch 2 on,
:func:`pair_key`); intervals cluster a pair's epochs (:func:`pair_cluster`).

Intervals: every headline metric is a proportion (of pairs, of images, of valid pairs), reported
with the cluster-adjusted Wilson interval (medtrust.metrics.proportion; docs/statistics.md),
clustered by pair.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import numpy as np
from inspect_ai.scorer import Metric, SampleScore, metric

from medtrust.benchmarks.mediconfusion.dataset import CATEGORIES
from medtrust.metrics.proportion import ProportionCI, proportion_ci

COUNTERS: tuple[str, ...] = ("set_score", "individual_score", "confused", "invalid", "valids", "valid_pairs")
#: Separates the pair id from the epoch in a pair key.
EPOCH_SEP = "#"


def pair_key(pair_id: Any, epoch: int | None = 1) -> str:
    """Key of one pair in one epoch: the pair id in epoch 1, ``<pair id>#<epoch>`` after it (so
    epoch-1 keys stay the official pair ids)."""
    return str(pair_id) if epoch in (None, 1) else f"{pair_id}{EPOCH_SEP}{epoch}"


def pair_cluster(key: str) -> str:
    """The pair id of a :func:`pair_key` (the resampling cluster: a pair's epochs share it)."""
    return str(key).split(EPOCH_SEP, 1)[0]


@dataclass(frozen=True)
class ImageChoice:
    """One image's decided letter.

    Attributes:
        pair_id: pair key, e.g. "10001".
        slot: 1 or 2 (image 1 or image 2 of the pair).
        gold: "A" or "B".
        choice: "A", "B" or "-" (invalid; includes every non-answer, as the official code maps a
            failed call to 0/0).
        categories: that image's categories.
    """

    pair_id: str
    slot: int
    gold: str
    choice: str
    categories: tuple[str, ...]


def _zero() -> dict[str, int]:
    return {c: 0 for c in CATEGORIES} | {"total": 0}


def pair_score(c1: ImageChoice, c2: ImageChoice) -> dict[str, dict[str, int]]:
    """The official per-pair score table: {counter: {category...: n, "total": n}}.

    Same shape as the ``score`` entry of the official ``Results/<model>/<model>_<mode>.json``.

    Raises:
        ValueError: the two images are not slots 1 and 2 of one pair.
    """
    if c1.pair_id != c2.pair_id or (c1.slot, c2.slot) != (1, 2):
        raise ValueError(f"need images 1 and 2 of one pair, got {c1.pair_id}/{c1.slot} and {c2.pair_id}/{c2.slot}")
    out = {k: _zero() for k in COUNTERS}
    both_cats = list(c1.categories) + list(c2.categories)

    def bump(counter: str, cats: Iterable[str]) -> None:
        out[counter]["total"] += 1
        for cat in cats:
            out[counter][cat] += 1

    ok1, ok2 = c1.choice == c1.gold, c2.choice == c2.gold
    if ok1 and ok2:
        bump("set_score", both_cats)
    for img, ok in ((c1, ok1), (c2, ok2)):
        if ok:
            bump("individual_score", img.categories)
        if img.choice not in ("A", "B"):
            bump("invalid", img.categories)
    valid = c1.choice in ("A", "B") and c2.choice in ("A", "B")
    if valid and c1.choice == c2.choice:
        bump("confused", both_cats)
    if valid:
        bump("valids", both_cats)
        if c1.choice != c2.choice:
            bump("valid_pairs", both_cats)
    return out


def group_pairs(choices: Iterable[ImageChoice]) -> list[tuple[ImageChoice, ImageChoice]]:
    """Group image choices into (image 1, image 2) tuples sorted by pair id.

    Raises:
        ValueError: a pair lacks one of its images or has one twice.
    """
    by: dict[str, dict[int, ImageChoice]] = defaultdict(dict)
    for c in choices:
        if c.slot in by[c.pair_id]:
            raise ValueError(f"pair {c.pair_id} has image {c.slot} twice")
        by[c.pair_id][c.slot] = c
    out = []
    for pid in sorted(by):
        if set(by[pid]) != {1, 2}:
            raise ValueError(f"pair {pid} lacks image(s) {sorted({1, 2} - set(by[pid]))}")
        out.append((by[pid][1], by[pid][2]))
    return out


def total_scores(pairs: Sequence[tuple[ImageChoice, ImageChoice]]) -> dict[str, dict[str, int]]:
    """Sum of :func:`pair_score` over pairs (the official ``*_score.json``)."""
    tot = {k: _zero() for k in COUNTERS}
    for c1, c2 in pairs:
        for k, table in pair_score(c1, c2).items():
            for cat, n in table.items():
                tot[k][cat] += n
    return tot


@dataclass
class OfficialMetrics:
    """Headline numbers in percent (None when the denominator is 0: undefined).

    Attributes:
        n_pairs: pairs evaluated (176 for a full run).
        set_accuracy, individual_accuracy, invalid_rate, confusion, precision: percent.
        confusion_all_pairs: confused / n_pairs in percent (README wording; labelled variant).
        counts: the official totals table (see :func:`total_scores`).
        per_category: {category: {set_accuracy, individual_accuracy, invalid_rate, confusion, n_images}}.
    """

    n_pairs: int
    set_accuracy: float | None
    individual_accuracy: float | None
    invalid_rate: float | None
    confusion: float | None
    precision: float | None
    confusion_all_pairs: float | None
    counts: dict[str, dict[str, int]]
    per_category: dict[str, dict[str, float | int | None]] = field(default_factory=dict)


def _pct(num: float, den: float) -> float | None:
    return 100.0 * num / den if den else None


def official_metrics(pairs: Sequence[tuple[ImageChoice, ImageChoice]], *, zero_when_undefined: bool = False) -> OfficialMetrics:
    """Official totals and per-category rates (doc sec. 4).

    Args:
        pairs: (image 1, image 2) choices per pair.
        zero_when_undefined: confusion = 0 when no pair has both answers valid, as the official
            score bookkeeping writes it (to compare with an official score file); default None.
    """
    undefined_confusion = 0.0 if zero_when_undefined else None
    n = len(pairs)
    tot = total_scores(pairs)
    t = {k: v["total"] for k, v in tot.items()}
    denoms: dict[str, int] = {c: 0 for c in CATEGORIES}
    for c1, c2 in pairs:
        for cat in list(c1.categories) + list(c2.categories):
            denoms[cat] += 1
    per_cat: dict[str, dict[str, float | int | None]] = {}
    for cat in CATEGORIES:
        d = denoms[cat]
        per_cat[cat] = {
            "n_images": d,
            "set_accuracy": _pct(tot["set_score"][cat], d),
            "individual_accuracy": _pct(tot["individual_score"][cat], d),
            "invalid_rate": _pct(tot["invalid"][cat], d),
            "confusion": _pct(tot["confused"][cat], tot["valids"][cat]) if tot["valids"][cat] else undefined_confusion,
        }
    return OfficialMetrics(
        n_pairs=n,
        set_accuracy=_pct(t["set_score"], n),
        individual_accuracy=_pct(t["individual_score"], 2 * n),
        invalid_rate=_pct(t["invalid"], 2 * n),
        confusion=_pct(t["confused"], t["valids"]) if t["valids"] else undefined_confusion,
        precision=_pct(t["set_score"], t["valid_pairs"]),
        confusion_all_pairs=_pct(t["confused"], n),
        counts=tot,
        per_category=per_cat,
    )


def pair_arrays(pairs: Sequence[tuple[ImageChoice, ImageChoice]]) -> dict[str, np.ndarray]:
    """Per-pair 0/1 (or 0-2) arrays of the official counters, shape (n_pairs,) each."""
    rows = [{k: v["total"] for k, v in pair_score(c1, c2).items()} for c1, c2 in pairs]
    return {k: np.asarray([r[k] for r in rows], dtype=np.float64) for k in COUNTERS}


def headline_cis(pairs: Sequence[tuple[ImageChoice, ImageChoice]], *, confidence: float = 0.95) -> dict[str, ProportionCI]:
    """Every headline metric as a proportion (fraction, x 100 for percent) with the
    cluster-adjusted Wilson interval, clustered by pair (:func:`pair_cluster` of the pair key).

    - set_accuracy: set-correct pairs / pairs; confusion_all_pairs: confused pairs / pairs;
    - individual_accuracy, invalid_rate: correct (invalid) images / images, the two images of a
      pair in one cluster;
    - confusion: confused / pairs with both answers valid; precision: set-correct / valid
      non-confused pairs (a set-correct pair is always one of them).

    The estimates equal :func:`official_metrics` / 100; an empty denominator gives NaN.
    """
    a = pair_arrays(pairs)
    clusters = [pair_cluster(c1.pair_id) for c1, _ in pairs]
    image_clusters = [c for c in clusters for _ in (1, 2)]
    ok = [float(c.choice == c.gold) for pair in pairs for c in pair]
    bad = [float(c.choice not in ("A", "B")) for pair in pairs for c in pair]
    valid = a["valids"] > 0
    decided = a["valid_pairs"] > 0
    cv = [c for c, v in zip(clusters, valid) if v]
    cd = [c for c, v in zip(clusters, decided) if v]
    kw = dict(confidence=confidence)
    return {
        "set_accuracy": proportion_ci(a["set_score"], clusters, **kw),
        "individual_accuracy": proportion_ci(ok, image_clusters, **kw),
        "invalid_rate": proportion_ci(bad, image_clusters, **kw),
        "confusion": proportion_ci(a["confused"][valid], cv, **kw),
        "precision": proportion_ci(a["set_score"][decided], cd, **kw),
        "confusion_all_pairs": proportion_ci(a["confused"], clusters, **kw),
    }


# --- option swap (circular) -----------------------------------------------------------------


@dataclass
class SwapMetrics:
    """Position-bias numbers from asking every image in both option orders (medtrust addition).

    Attributes:
        n_pairs: pairs with all four answers present.
        set_accuracy_both_orders: % of pairs whose two images are right in both orders.
        a_rate: % of valid answers that are the letter "A", over both orders (gold is A exactly
            half the time in each order, so 50 means no letter preference).
        position_bias: a_rate - 50 (percentage points; > 0 prefers the first option).
        order_consistency: % of images whose chosen option *text* is the same in both orders,
            among images valid in both orders.
        swapped_set_accuracy: official set accuracy of the swapped order alone.
    """

    n_pairs: int
    set_accuracy_both_orders: float | None
    a_rate: float | None
    position_bias: float | None
    order_consistency: float | None
    swapped_set_accuracy: float | None


def swap_metrics(original: Sequence[ImageChoice], swapped: Sequence[ImageChoice]) -> SwapMetrics:
    """Compare original-order and swapped-order choices (swapped letters are in swapped labels).

    Args:
        original: choices with the official option order.
        swapped: choices for the same images with options exchanged; ``gold`` is the swapped gold.
    """
    orig = {(c.pair_id, c.slot): c for c in original}
    swap = {(c.pair_id, c.slot): c for c in swapped}
    flip = {"A": "B", "B": "A", "-": "-"}
    pair_ids = sorted({p for p, _ in orig} & {p for p, _ in swap})
    complete = [p for p in pair_ids if all((p, s) in orig and (p, s) in swap for s in (1, 2))]
    both_orders = sum(
        all(orig[(p, s)].choice == orig[(p, s)].gold and swap[(p, s)].choice == swap[(p, s)].gold for s in (1, 2))
        for p in complete
    )
    letters = [c.choice for c in list(original) + list(swapped) if c.choice in ("A", "B")]
    a_rate = _pct(sum(x == "A" for x in letters), len(letters))
    consistent = valid_both = 0
    for key, o in orig.items():
        s = swap.get(key)
        if s is None or o.choice == "-" or s.choice == "-":
            continue
        valid_both += 1
        consistent += o.choice == flip[s.choice]
    swapped_pairs = [(swap[(p, 1)], swap[(p, 2)]) for p in complete]
    return SwapMetrics(
        n_pairs=len(complete),
        set_accuracy_both_orders=_pct(both_orders, len(complete)),
        a_rate=a_rate,
        position_bias=None if a_rate is None else a_rate - 50.0,
        order_consistency=_pct(consistent, valid_both),
        swapped_set_accuracy=official_metrics(swapped_pairs).set_accuracy if swapped_pairs else None,
    )


# --- inspect metrics (live display; the summary recomputes from the log) ----------------------


def choices_from_scores(scores: Iterable[SampleScore], *, key: str = "choice", swapped: bool = False) -> list[ImageChoice]:
    """ImageChoices from medtrust MediConfusion scores (metadata written by the scorer), one per
    sample-epoch, with ``pair_id`` = :func:`pair_key` (pair id and the score's ``epoch``).

    Non-answers (``choice`` missing) count as ``-``, as the official code counts failures.
    """
    out = []
    for s in scores:
        m = s.score.metadata or {}
        if "pair_id" not in m or bool(m.get("swapped", False)) != swapped:
            continue
        ch = m.get(key) or "-"
        out.append(ImageChoice(pair_key(m["pair_id"], m.get("epoch")), int(m["slot"]), str(m["gold"]), ch if ch in ("A", "B") else "-",
                               tuple(m.get("categories", ()))))
    return out


def complete_pairs(choices: Iterable[ImageChoice]) -> list[tuple[ImageChoice, ImageChoice]]:
    """Pairs (sorted by key) of the choices whose pair key has both images; a ``--limit`` run can
    cut a pair in half, and such a half pair is left out (summary and inspect metrics alike)."""
    choices = list(choices)
    by: dict[str, int] = defaultdict(int)
    for c in choices:
        by[c.pair_id] += 1
    return group_pairs([c for c in choices if by[c.pair_id] == 2])


def _metric_value(name: str) -> Metric:
    def compute(scores: list[SampleScore]) -> float:
        v = getattr(official_metrics(complete_pairs(choices_from_scores(scores))), name)
        return float("nan") if v is None else float(v)

    return compute


@metric(scores="unreduced")
def set_accuracy() -> Metric:
    """Official set accuracy in percent (both images of a pair right) over complete pairs of
    every epoch (summary ``set_accuracy``); NaN without a complete pair."""
    return _metric_value("set_accuracy")


@metric(scores="unreduced")
def individual_accuracy() -> Metric:
    """Official individual accuracy in percent (images right over 2 x pairs; summary ``individual_accuracy``)."""
    return _metric_value("individual_accuracy")


@metric(scores="unreduced")
def confusion() -> Metric:
    """Official confusion in percent: same valid letter on both images, over pairs with both
    valid (summary ``confusion``); NaN (undefined) when no pair has both answers valid."""
    return _metric_value("confusion")


@metric(scores="unreduced")
def invalid_rate() -> Metric:
    """Official invalid rate in percent: images without a decided letter over 2 x pairs (summary ``invalid_rate``)."""
    return _metric_value("invalid_rate")
