"""Two runs of one benchmark compared item by item: paired differences, discordant items, flips.

The one paired-difference path of medtrust (the report's comparisons, a frozen baseline against a
candidate, the ``vs_baseline`` criteria): :func:`compare_runs` aligns the two runs' summaries on
the sample key ``"<id>#<epoch>"`` and, for every metric the benchmark pairs
(``Benchmark.pairing``; without one, ``per_sample`` per comparison group), gives the mean
difference A - B with its paired interval (:func:`medtrust.metrics.paired.paired_difference`:
Tango's score interval for 0/1 values, clustered by Rao-Scott; the paired cluster bootstrap
otherwise; clusters from ``per_sample_cluster``), the discordant counts, and the items whose
verdict changed ("flips", per stratum, with the benchmark's watched moves such as CARES-LLM's
Refuse -> Accept per harm level). Nothing is dropped silently: items only one run has, and items
of a metric that only one run answered, are counted and listed. Names no benchmark.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Callable

from medtrust.benchmarks.interface import PairedItem, PairedMetric
from medtrust.benchmarks.registry import find_benchmark
from medtrust.metrics.paired import paired_difference
from medtrust.summary import BenchmarkSummary

#: A difference is called significant only with at least this many clusters (two identical pairs prove nothing).
MIN_CLUSTERS = 10
#: Keys listed in the JSON per list (items only one run has, flipped items); all are counted.
MAX_LISTED = 500
_UNITS = {"fraction": 1.0, "percent": 100.0}


def paired_items(s: BenchmarkSummary) -> dict[str, PairedItem]:
    """{sample key: PairedItem} of every sample-epoch a summary records (a value, a label or both)."""
    keys = sorted(set(s.per_sample) | set(s.per_sample_label))
    return {k: PairedItem(k, s.per_sample.get(k), s.per_sample_label.get(k), s.per_sample_stratum.get(k), s.per_sample_group.get(k, "all"))
            for k in keys}  # fmt: skip


def _direction(s: BenchmarkSummary, group: str) -> bool | None:
    d = s.per_sample_higher_is_better or {}
    return d.get(group, d.get("all"))


def _group_value(group: str) -> Callable[[PairedItem], float | None]:
    return lambda it: it.value if it.group == group else None


def paired_metrics(a: BenchmarkSummary, b: BenchmarkSummary) -> list[PairedMetric]:
    """The metrics the two runs are compared on: the benchmark's ``pairing.metrics``, else
    ``per_sample`` per comparison group (``per_sample_group``; direction from
    ``per_sample_higher_is_better`` when both runs agree on it)."""
    found = find_benchmark(a.benchmark)
    if found is not None and found.pairing is not None and found.pairing.metrics:
        return list(found.pairing.metrics)
    groups = sorted({a.per_sample_group.get(k, "all") for k in a.per_sample} | {b.per_sample_group.get(k, "all") for k in b.per_sample})
    out = []
    for g in groups:
        hib = _direction(a, g)
        out.append(PairedMetric("per_sample", _group_value(g), group=None if g == "all" else g,
                                higher_is_better=hib if hib == _direction(b, g) else None))  # fmt: skip
    return out


def _fin(x: float) -> float | None:
    return float(x) if math.isfinite(x) else None


def compare_metric(m: PairedMetric, a: BenchmarkSummary, b: BenchmarkSummary, shared: list[str], items_a: dict[str, PairedItem],
                   items_b: dict[str, PairedItem], *, confidence: float = 0.95, n_resamples: int = 2000, seed: int = 0) -> dict[str, Any]:  # fmt: skip
    """One metric's paired row on the shared items (:func:`compare_runs` documents the keys)."""
    va: list[float] = []
    vb: list[float] = []
    keys: list[str] = []
    only_a = only_b = 0
    for k in shared:
        x, y = m.value(items_a[k]), m.value(items_b[k])
        if x is None and y is None:
            continue
        if y is None:
            only_a += 1
        elif x is None:
            only_b += 1
        else:
            va.append(float(x))
            vb.append(float(y))
            keys.append(k)
    clusters = [a.per_sample_cluster.get(k) or b.per_sample_cluster.get(k) or k for k in keys]
    pd = paired_difference(va, vb, clusters, binary=m.binary, confidence=confidence, n_resamples=n_resamples, seed=seed)
    hib = m.higher_is_better
    significant = pd.excludes(0.0) and pd.n_clusters >= MIN_CLUSTERS
    diff = _fin(pd.estimate)
    return {
        "metric": m.name, "group": m.group or "all", "unit": m.unit, "scale": _UNITS.get(m.unit, 1.0),
        "n": pd.n, "n_clusters": pd.n_clusters, "mean_a": sum(va) / len(va) if va else None, "mean_b": sum(vb) / len(vb) if vb else None,
        "diff": diff, "ci_low": _fin(pd.low), "ci_high": _fin(pd.high), "confidence": confidence, "method": pd.method,
        "binary": pd.binary, "a_higher": pd.a_higher, "b_higher": pd.b_higher, "discordant": pd.discordant, "n_eff": _fin(pd.n_eff),
        "answered_only_a": only_a, "answered_only_b": only_b,
        "significant": significant, "too_few": pd.n_clusters < MIN_CLUSTERS, "higher_is_better": hib,
        "better": None if not significant or hib is None or diff is None else ("a" if (diff > 0) == hib else "b"),
    }  # fmt: skip


def _verdict_of(it: PairedItem) -> str:
    """What an item's flip is read on: its label, else its value."""
    if it.label is not None:
        return it.label
    return "no value" if it.value is None else f"{it.value:g}"


def flips(a: BenchmarkSummary, b: BenchmarkSummary, shared: list[str], items_a: dict[str, PairedItem],
          items_b: dict[str, PairedItem]) -> dict[str, Any]:  # fmt: skip
    """Items whose verdict differs between the runs (label, else value), read as moves from B to A.

    Returns:
        {"n", "read_on": "label" | "value", "transitions": [{stratum, from, to, count, move}] (sorted),
        "moves": [{from, to, total}] (every move that happened, watched ones first; ``move`` indexes
        it), "strata": the strata with a flip,
        "watch": [{from, to, total, by_stratum: {stratum: count}}] for the benchmark's
        ``pairing.watch`` (every stratum of the shared items listed, zeros included),
        "items": [{key, stratum, from, to, move, value_a, value_b, cluster}] (first :data:`MAX_LISTED`)}.
    """
    moved = []
    for k in shared:
        fa, fb = _verdict_of(items_a[k]), _verdict_of(items_b[k])
        if fa != fb:
            moved.append({"key": k, "stratum": items_a[k].stratum or items_b[k].stratum or "all", "from": fb, "to": fa,
                          "value_a": items_a[k].value, "value_b": items_b[k].value,
                          "cluster": a.per_sample_cluster.get(k) or b.per_sample_cluster.get(k) or k})  # fmt: skip
    counts = Counter((f["stratum"], f["from"], f["to"]) for f in moved)
    strata = sorted({items_a[k].stratum or items_b[k].stratum or "all" for k in shared})
    found = find_benchmark(a.benchmark)
    watch = []
    for frm, to in (found.pairing.watch if found is not None and found.pairing is not None else ()):
        by = {s: counts.get((s, frm, to), 0) for s in strata}
        watch.append({"from": frm, "to": to, "total": sum(by.values()), "by_stratum": by})
    # every move that happened, the watched ones first: the page filters flips by move and by stratum
    seen = {(f["from"], f["to"]) for f in moved}
    watched = [(w["from"], w["to"]) for w in watch if (w["from"], w["to"]) in seen]
    moves = watched + sorted(seen - set(watched))
    index = {m: i for i, m in enumerate(moves)}
    for f in moved:
        f["move"] = index[(f["from"], f["to"])]
    return {
        "n": len(moved), "read_on": "label" if (a.per_sample_label and b.per_sample_label) else "value",
        "transitions": [{"stratum": s, "from": f, "to": t, "count": c, "move": index[(f, t)]} for (s, f, t), c in sorted(counts.items())],
        "moves": [{"from": f, "to": t, "total": sum(c for (_, f2, t2), c in counts.items() if (f2, t2) == (f, t))} for f, t in moves],
        "strata": sorted({f["stratum"] for f in moved}), "watch": watch, "items": moved[:MAX_LISTED],
    }  # fmt: skip


def compare_runs(a: BenchmarkSummary, b: BenchmarkSummary, *, confidence: float = 0.95, n_resamples: int = 2000,
                 seed: int = 0) -> dict[str, Any]:  # fmt: skip
    """Run A against run B of one benchmark, item by item on the sample keys both have.

    Args:
        a, b: summaries of the same benchmark (A = the candidate, B = the reference).
        confidence: level of every paired interval (a Bonferroni-adjusted level is passed here).
        n_resamples, seed: the paired bootstrap's (non-binary metrics).

    Returns:
        {"items": {"shared", "only_a", "only_b", "only_a_keys", "only_b_keys"}: the samples each
        run has; "rows": one per paired metric: {metric, group ("all" when none), unit, scale
        (x 100 for percent metrics: diff and CI are in 0-1 units), n (pairs), n_clusters, mean_a,
        mean_b, diff = mean(A - B), ci_low, ci_high, confidence, method (``tango-score``,
        ``tango-score-rao-scott``, ``percentile``, ``newcombe-hybrid-score``), binary, a_higher,
        b_higher, discordant, n_eff, answered_only_a / answered_only_b (items of the metric that
        only one run answered: counted, not paired), significant (CI excludes 0 with at least
        :data:`MIN_CLUSTERS` clusters), too_few, higher_is_better, better ("a" | "b" | None)};
        "flips": :func:`flips`}.

    Raises:
        ValueError: the summaries are of different benchmarks.
    """
    if a.benchmark != b.benchmark:
        raise ValueError(f"cannot pair a {a.benchmark} run with a {b.benchmark} run")
    items_a, items_b = paired_items(a), paired_items(b)
    shared = sorted(set(items_a) & set(items_b))
    only_a, only_b = sorted(set(items_a) - set(items_b)), sorted(set(items_b) - set(items_a))
    rows = [compare_metric(m, a, b, shared, items_a, items_b, confidence=confidence, n_resamples=n_resamples, seed=seed)
            for m in paired_metrics(a, b)]  # fmt: skip
    return {
        "items": {"shared": len(shared), "only_a": len(only_a), "only_b": len(only_b),
                  "only_a_keys": only_a[:MAX_LISTED], "only_b_keys": only_b[:MAX_LISTED]},
        "rows": [r for r in rows if r["n"] or r["answered_only_a"] or r["answered_only_b"]],
        "flips": flips(a, b, shared, items_a, items_b),
    }  # fmt: skip
