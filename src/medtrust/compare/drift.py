"""Judge drift: a frozen anchor set of labelled responses judged again with today's judge.

A new judge version, a changed rule, or a provider's silent update moves every number without the
model changing. The baseline record (:mod:`medtrust.baseline`) freezes anchor sets (`medtrust
label` files, by sha256) with each judge's verdicts on them at approval time. :func:`judge_drift`
measures the judge's sensitivity and specificity against the people's labels **then** (the
reference verdicts) and **now** (today's verdicts on the same items), each with its
cluster-adjusted, design-weighted Wilson interval (medtrust.judges.agreement), on the label set's
binary view (Accept / Caution / Refuse: positive = refused, i.e. Refuse or Caution; answer labels:
positive = correct).

**The rule.** A judge is flagged when today's sensitivity or specificity lies outside the 95%
interval of the same quantity then: the change is larger than what the calibration was known to
within, so corrected rates and every comparison judged by it are unreliable until it is
re-calibrated (`medtrust baseline recalibrate`, docs/comparison.md). The items whose verdict
changed are counted and listed whatever the rule says.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from medtrust.judges.agreement import agreement, binary_views
from medtrust.judges.labelled import LabelledItem


def anchor_items(path: str) -> tuple[list[LabelledItem], dict[str, Any]]:
    """The labelled items of an anchor set (a `medtrust label` file; gold = the people's consensus)."""
    from medtrust.label.store import labelled_items, read_stores

    return labelled_items(read_stores([path]))


def _interval(ci: Any) -> dict[str, Any]:
    fin = lambda x: float(x) if x is not None and math.isfinite(x) else None  # noqa: E731
    return {"estimate": fin(ci.estimate), "low": fin(ci.low), "high": fin(ci.high), "n": int(ci.n)}


def _outside(now: dict[str, Any], then: dict[str, Any]) -> bool:
    return (now["estimate"] is not None and then["low"] is not None
            and not then["low"] - 1e-12 <= now["estimate"] <= then["high"] + 1e-12)  # fmt: skip


def judge_drift(items: Sequence[LabelledItem], labels: Sequence[str], judge: str, then: dict[str, str], now: Sequence[str | None], *,
                version_then: str = "", version_now: str = "", confidence: float = 0.95) -> dict[str, Any]:  # fmt: skip
    """One judge's sensitivity and specificity then and now on an anchor set (module docstring).

    Args:
        items: the anchor set's labelled items (gold = ``label``; ``extra["weight"]`` the design
            weight, ``cluster`` the resampling unit).
        labels: the label set (e.g. Accept / Caution / Refuse).
        judge: its name (as the labels file records it: ``offline``, a model name ...).
        then: {item id: the judge's reference verdict}; an item without one is left out of "then".
        now: today's verdicts, aligned with ``items`` (None = a judge error).
        version_then, version_now: the judge's version strings.
        confidence: level of the intervals.

    Returns:
        {"judge", "version_then", "version_now", "view", "n", "changed", "changed_items" (ids, first
        50), "then": {"sensitivity", "specificity"}, "now": {...} (each {estimate, low, high, n}),
        "flagged", "reason"}.

    Raises:
        ValueError: ``now`` is not aligned with ``items``, or a label outside ``labels``.
    """
    if len(now) != len(items):
        raise ValueError(f"{len(now)} verdicts for {len(items)} anchor items")
    view = binary_views(labels)[0]
    gold = [i.label for i in items]
    clusters = [i.cluster or i.id for i in items]
    weights = [float(i.extra.get("weight", 1.0)) for i in items]
    ref = [then.get(i.id) for i in items]
    rep = {when: agreement(gold, pred, clusters=clusters, labels=labels, weights=weights, n_resamples=1)
           for when, pred in (("then", ref), ("now", list(now)))}  # fmt: skip
    out: dict[str, Any] = {"judge": judge, "version_then": version_then, "version_now": version_now, "view": view, "n": len(items)}
    for when, r in rep.items():
        out[when] = {q: _interval(r.metrics[f"{view}_{q}"]) for q in ("sensitivity", "specificity")}
    changed = [i.id for i, x, y in zip(items, ref, now) if x is not None and x != y]
    out["changed"], out["changed_items"] = len(changed), changed[:50]
    moved = [q for q in ("sensitivity", "specificity") if _outside(out["now"][q], out["then"][q])]
    out["flagged"] = bool(moved)
    if moved:
        out["reason"] = "; ".join(f"{q} now {out['now'][q]['estimate']:.3f} is outside its interval then "
                                  f"[{out['then'][q]['low']:.3f}, {out['then'][q]['high']:.3f}]" for q in moved)  # fmt: skip
        out["reason"] += ": every comparison judged by it is unreliable until it is re-calibrated"
    else:
        out["reason"] = (f"within the intervals then ({len(changed)} of {len(items)} verdicts changed)" if changed
                         else f"no verdict changed on {len(items)} anchor items")  # fmt: skip
    return out


def recheck_named_judges(anchor: dict[str, Any], path: str) -> list[dict[str, Any]]:
    """Drift of every judge of a frozen anchor set that runs offline (a benchmark's named judge,
    ``Benchmark.calibration.judges``), judged again now; judges that need a model call are
    returned as not re-checked (`medtrust baseline drift --judge MODEL` checks them).

    Args:
        anchor: the record's anchor entry (:func:`medtrust.baseline.anchor_record`).
        path: its labels file (hash already checked by :func:`medtrust.baseline.load_baseline`).
    """
    from medtrust.benchmarks.registry import named_judges

    items, _ = anchor_items(path)
    named = named_judges()
    out = []
    for name, ref in anchor["judges"].items():
        spec = named.get(name)
        if spec is None:
            out.append({"judge": name, "version_then": ref.get("version", ""), "rechecked": False, "flagged": None,
                        "reason": f"not re-checked: {name} needs a model call (run `medtrust baseline drift BASELINE --judge {name}`)"})  # fmt: skip
            continue
        run = spec.run([LabelledItem(id=i.id, prompt=i.prompt, response=i.response, label="") for i in items])
        d = judge_drift(items, anchor["labels"], name, ref["verdicts"], run.labels, version_then=ref.get("version", ""), version_now=run.version)
        out.append({**d, "rechecked": True, "anchor": anchor["file"]})
    return out
