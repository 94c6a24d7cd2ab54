"""Which items people label: a stratified sample with recorded inclusion probabilities.

Design (documented in docs/labelling.md):

0. **Models.** Items of several models never share a stratum: each model draws its own share of
   n (split evenly, at most its items), stratified within the model as below, so every model has
   its own design-weighted estimate: a calibration belongs to the model whose responses were
   labelled (medtrust.judges.scope). ``medtrust label --model`` draws from one model only.
1. **Strata.** Every item gets the key (judges disagree?, verdict, benchmark strata...), e.g.
   CARES-LLM (disagree, verdict, harm level). If that gives more than ``n / 2`` non-empty strata,
   the key is coarsened in a fixed order (drop the benchmark strata, then the disagreement flag)
   so that at least half of the labels are placed by priority, not by the one-per-stratum floor.
2. **Allocation** (Neyman 1934, J. R. Stat. Soc. 97:558-625; Cochran 1977, *Sampling
   Techniques* sec. 5.5): n_h proportional to N_h S_h, with S_h = sqrt(q_h (1 - q_h)) and q_h the
   anticipated share of items in stratum h where a person would disagree with the run's judge.
   q_h = 0.5 (the largest S_h) where the automatic judges disagree; otherwise the judge's error
   rate for that verdict: 1 - predictive value measured by an earlier calibration
   (``--calibration``, a ``medtrust judge-eval --json-out`` file) when given, else
   :data:`DEFAULT_PRIOR_ERROR`; clipped to [:data:`MIN_PRIOR_ERROR`, 0.5]. So strata whose
   judge verdicts are least certain, and hence whose corrected rates are least certain, get
   more labels. Every non-empty stratum gets at least one label and at most all its items
   (bounds enforced by the usual iterative reallocation; integers by largest remainder).
3. **Selection** within a stratum: systematic sampling with a random start over the items sorted
   by their implicit stratum (prompt style, variant, category) and id, so every style is spread
   over the sample; each item's inclusion probability is exactly pi = n_h / N_h.
4. **Weights** for estimates: w = 1 / pi = N_h / n_h (Horvitz & Thompson 1952, JASA
   47:663-685); the labels reader adjusts them for items left unlabelled within a stratum.

The presentation order is shuffled (seeded), so a labeller never sees one stratum in a block.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from medtrust.bounded import read_text_bounded
from medtrust.label.items import ItemSet
from medtrust.labelling import TASK_LABELS, LabelItem

#: Anticipated judge error rate without a calibration: about the offline judge's 3-way error on
#: XSTest (0.10, docs/judges.md), rounded up because a medical model's replies differ from XSTest's.
DEFAULT_PRIOR_ERROR = 0.15
#: Floor of q_h, so that no stratum's priority is zero even after a perfect earlier calibration.
MIN_PRIOR_ERROR = 0.02
#: Anticipated disagreement share where the automatic judges already disagree.
DISAGREE_PRIOR = 0.5
DESIGN_VERSION = 1


@dataclass
class Stratum:
    """One stratum of the design: key, population size N, sample size n, anticipated error q."""

    key: dict[str, Any]
    N: int
    n: int
    q: float

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "N": self.N, "n": self.n, "q": round(self.q, 6)}


@dataclass
class Design:
    """A drawn sample and everything needed to weight estimates made from its labels.

    Attributes:
        task: ``judge`` | ``answer``.
        seed: random seed of the systematic starts and the presentation order.
        n_requested: the ``--n`` asked for; ``n`` = items drawn (smaller when the population is).
        stratify_by: key fields actually used (after coarsening).
        strata: the strata (N_h, n_h, q_h).
        items: drawn items in presentation order, each a LabelItem dict plus ``stratum`` (index
            into strata), ``inclusion_probability`` and ``weight`` (= 1 / pi).
        prior: {verdict: q} used for strata without judge disagreement, and its source.
        population: {size, left_out: {reason: count}, logs: [{file, sha256, ...}], image_roots}.
    """

    task: str
    seed: int
    n_requested: int
    stratify_by: list[str]
    strata: list[Stratum]
    items: list[dict[str, Any]]
    prior: dict[str, Any]
    population: dict[str, Any]
    labels: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.items)

    def as_record(self) -> dict[str, Any]:
        """The labels file's first line (record type ``design``)."""
        return {
            "record": "design", "format": "medtrust-labels", "version": DESIGN_VERSION, "task": self.task,
            "labels": list(self.labels or TASK_LABELS[self.task]), "seed": self.seed, "n_requested": self.n_requested,
            "n": self.n, "stratify_by": self.stratify_by, "allocation": "neyman: n_h ~ N_h sqrt(q_h (1 - q_h)), 1 <= n_h <= N_h",
            "selection": "systematic within stratum, sorted by implicit stratum then id; pi = n_h / N_h",
            "prior": self.prior, "population": self.population, "strata": [s.as_dict() for s in self.strata],
            "items": self.items,
        }  # fmt: skip


def _key(item: LabelItem, fields: Sequence[str]) -> tuple[Any, ...]:
    full = {"disagree": item.disagree, "verdict": item.verdict, "benchmark": item.benchmark, **item.strata}
    return tuple(full[f] for f in fields)


def stratify_levels(items: Sequence[LabelItem]) -> list[list[str]]:
    """Key fields from finest to coarsest: (disagree, verdict, benchmark, strata...), then
    (disagree, verdict), then (verdict). ``benchmark`` is kept only when items mix benchmarks."""
    extra = sorted({k for it in items for k in it.strata})
    bench = ["benchmark"] if len({it.benchmark for it in items}) > 1 else []
    levels = [["disagree", "verdict", *bench, *extra], ["disagree", "verdict"], ["verdict"]]
    out: list[list[str]] = []
    for lv in levels:
        if lv not in out:
            out.append(lv)
    return out


def _even_shares(n: int, sizes: Sequence[int]) -> list[int]:
    """n split as evenly as possible over groups of the given sizes, none above its size (round
    robin in order, so the first groups get the remainder)."""
    shares = [0] * len(sizes)
    left = min(n, sum(sizes))
    while left > 0:
        for i, size in enumerate(sizes):
            if left > 0 and shares[i] < size:
                shares[i] += 1
                left -= 1
    return shares


def _stratify(items: Sequence[LabelItem], n: int) -> tuple[list[str], dict[tuple[Any, ...], list[LabelItem]]]:
    """The finest key of :func:`stratify_levels` with at most ``max(1, n // 2)`` non-empty strata
    (else the coarsest): (fields, {key: items})."""
    chosen = None
    for fields in stratify_levels(items):
        groups: dict[tuple[Any, ...], list[LabelItem]] = defaultdict(list)
        for it in items:
            groups[_key(it, fields)].append(it)
        chosen = (fields, groups)
        if len(groups) <= max(1, n // 2):
            break
    assert chosen is not None
    return chosen


def prior_errors(calibration: str | None, judge: str, labels: Sequence[str]) -> dict[str, Any]:
    """Anticipated error rate of ``judge`` per verdict: {"q": {verdict: q}, "source": str}.

    From a ``medtrust judge-eval --json-out`` file: 1 - (diagonal / column sum) of the judge's
    overall confusion matrix (rows people, columns judge; the weighted matrix when the file has
    one), i.e. the share of that verdict people disagreed with. A verdict the file never saw, or
    no file, gets :data:`DEFAULT_PRIOR_ERROR`. Values are clipped to [MIN_PRIOR_ERROR, 0.5].

    Raises:
        DataError: the file is unreadable or lacks the judge.
    """
    from medtrust.data.records import DataError

    q = {lab: DEFAULT_PRIOR_ERROR for lab in labels}
    if calibration is None:
        return {"q": q, "source": f"default {DEFAULT_PRIOR_ERROR}"}
    try:
        payload = json.loads(read_text_bounded(calibration, what="calibration file"))
    except (OSError, ValueError) as e:  # ValueError: not JSON, not UTF-8, or over the size limit
        raise DataError(calibration, f"cannot read judge-eval JSON: {e}") from None
    judges = payload.get("judges", {})
    if judge not in judges:
        raise DataError(calibration, f"judge {judge!r} not in file (has {sorted(judges)})", field="judges")
    rep = next((r for r in judges[judge]["reports"] if r["group"] == "overall"), None)
    if rep is None:
        raise DataError(calibration, "no 'overall' report", field="reports")
    cm = np.asarray(rep.get("confusion_weighted") or rep["confusion"], dtype=float)
    file_labels = rep.get("labels") or list(labels)
    for j, lab in enumerate(file_labels):
        col = cm[:, j].sum()
        if lab in q and col > 0:
            q[lab] = float(min(0.5, max(MIN_PRIOR_ERROR, 1.0 - cm[j, j] / col)))
    return {"q": q, "source": f"{Path(calibration).name}:{judge} (1 - predictive value per verdict)"}


def allocate(sizes: Sequence[int], priorities: Sequence[float], n: int) -> list[int]:
    """Integer sample sizes n_h with sum n (or sum N_h when n >= it), 1 <= n_h <= N_h, and n_h
    proportional to ``priorities`` where the bounds allow.

    Args:
        sizes: N_h >= 1 per stratum.
        priorities: a_h >= 0 per stratum (all zero -> proportional to N_h).
        n: total sample size >= number of strata.

    Raises:
        ValueError: n smaller than the number of strata, or an empty stratum.
    """
    N = np.asarray(sizes, dtype=float)
    a = np.asarray(priorities, dtype=float)
    H = len(N)
    if (N < 1).any():
        raise ValueError("every stratum needs at least one item")
    if n >= N.sum():
        return [int(x) for x in N]
    if n < H:
        raise ValueError(f"sample size {n} is smaller than the number of strata {H}")
    if a.sum() <= 0:
        a = N.copy()
    fixed = np.full(H, np.nan)  # strata pinned at a bound
    while True:
        free = np.isnan(fixed)
        if not free.any():
            y = fixed
            break
        left = n - np.nansum(fixed)
        weight = a if a[free].sum() > 0 else N
        y = np.where(free, left * weight / weight[free].sum(), fixed)
        over = free & (y > N)
        under = free & (y < 1)
        # pin the strata over their size first (their excess goes to the others), then those under one
        if over.any():
            fixed[over] = N[over]
        elif under.any():
            fixed[under] = 1.0
        else:
            break
    base = np.floor(y + 1e-9).astype(int)
    rest = n - base.sum()
    order = np.argsort(-(y - base), kind="stable")
    for h in order:
        if rest <= 0:
            break
        if base[h] < N[h]:
            base[h] += 1
            rest -= 1
    return [int(x) for x in base]


def systematic(n_items: int, n: int, rng: np.random.Generator) -> list[int]:
    """Positions of a systematic sample of n out of n_items (fractional interval k = N/n, random
    start in [0, k)); every position has inclusion probability exactly n / N."""
    if n >= n_items:
        return list(range(n_items))
    k = n_items / n
    start = rng.uniform(0.0, k)
    return sorted({min(n_items - 1, int(math.floor(start + j * k))) for j in range(n)})


def draw(items_set: ItemSet, n: int, *, seed: int = 0, calibration: str | None = None) -> Design:
    """Draw the stratified sample of ``n`` items (see the module docstring).

    Args:
        items_set: from :func:`medtrust.label.items.read_items`.
        n: labels wanted (>= 1); the whole population when it is smaller.
        seed: numpy seed.
        calibration: optional judge-eval JSON of an earlier round (per-verdict error rates).

    Raises:
        ValueError: n < 1.
    """
    if n < 1:
        raise ValueError(f"--n must be at least 1, got {n}")
    items = items_set.items
    labels = list(TASK_LABELS[items_set.task])
    judge = Counter(it.primary_judge for it in items).most_common(1)[0][0]
    prior = prior_errors(calibration, judge, labels)
    q_of = prior["q"]
    models = sorted({it.model for it in items})
    # several models: each draws its own share (n split evenly), stratified within the model, so
    # every model gets its own design-weighted estimate (a calibration belongs to one model)
    shares = _even_shares(n, [sum(it.model == m for it in items) for m in models]) if len(models) > 1 else [n]
    groups_of = [(models[i] if len(models) > 1 else None, [it for it in items if len(models) == 1 or it.model == models[i]], shares[i])
                 for i in range(len(shares))]  # fmt: skip
    strata: list[Stratum] = []
    members_of: list[list[LabelItem]] = []
    alloc: list[int] = []
    used_fields: list[str] = []
    for model, mine, n_m in groups_of:
        fields, groups = _stratify(mine, max(1, n_m))
        used_fields += [f for f in fields if f not in used_fields]
        keys = sorted(groups, key=lambda k: tuple(str(x) for x in k))
        first = len(strata)
        for k in keys:
            members = groups[k]
            # share-weighted anticipated error (a coarse stratum can mix disagreement and agreement items)
            q = float(np.mean([DISAGREE_PRIOR if it.disagree else q_of.get(it.verdict, DEFAULT_PRIOR_ERROR) for it in members]))
            strata.append(Stratum(({"model": model} if model is not None else {}) | dict(zip(fields, k)), len(members), 0, q))
            members_of.append(members)
        sizes = [st.N for st in strata[first:]]
        prio = [st.N * math.sqrt(st.q * (1.0 - st.q)) for st in strata[first:]]
        # at least one label per stratum: n is raised to the number of strata (at most 3 after coarsening)
        alloc += allocate(sizes, prio, max(min(max(1, n_m), sum(sizes)), len(sizes)))
    fields = (["model"] if len(models) > 1 else []) + used_fields
    rng = np.random.default_rng(seed)
    drawn: list[dict[str, Any]] = []
    for h, (s, members, n_h) in enumerate(zip(strata, members_of, alloc)):
        s.n = n_h
        members = sorted(members, key=lambda it: (it.order, it.id))
        for pos in systematic(len(members), n_h, rng):
            d = members[pos].as_dict()
            d.update(stratum=h, inclusion_probability=n_h / s.N, weight=s.N / n_h)
            drawn.append(d)
    order = rng.permutation(len(drawn))
    drawn = [drawn[i] for i in order]
    population = {
        "size": len(items), "left_out": items_set.left_out, "logs": items_set.logs, "image_roots": items_set.image_roots,
        "disagreements": sum(it.disagree for it in items), "primary_judge": judge, "models": models,
    }  # fmt: skip
    return Design(items_set.task, seed, n, list(fields), strata, drawn, prior, population, labels)

