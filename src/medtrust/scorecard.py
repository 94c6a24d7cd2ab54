"""Building blocks for a benchmark's scorecard axes and report charts.

A benchmark declares its axes (``Benchmark.axes``) with :func:`metric_axis` / :func:`mean_axis`
and draws its charts from the report's summary dicts with :func:`series` and medtrust.plots.
Everything here reads a summary only; nothing runs a model.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from medtrust.summary import BenchmarkSummary

AxisValue = tuple[float | None, float | None, float | None, int]


def metric_axis(name: str, scale: float = 1.0, complement: bool = False) -> Callable[[BenchmarkSummary], AxisValue]:
    """Axis value = the overall metric ``name`` x ``scale`` (0-100), or 100 minus it.

    With ``complement`` the CI bounds swap (100 - high, 100 - low). A missing or uncomputable
    metric gives (None, None, None, 0).
    """

    def value(s: BenchmarkSummary) -> AxisValue:
        m = s.metric(name)
        if m is None or m.value is None:
            return None, None, None, 0
        v, lo, hi = (None if x is None else x * scale for x in (m.value, m.ci_low, m.ci_high))
        if complement:
            v, lo, hi = 100 - v, (None if hi is None else 100 - hi), (None if lo is None else 100 - lo)  # type: ignore[operator]
        return v, lo, hi, m.n

    return value


def mean_axis(names: Sequence[str], *, group_prefix: str | None = None, complement: bool = True) -> Callable[[BenchmarkSummary], AxisValue]:
    """Axis value = mean of several metrics (overall ones, or every group starting with
    ``group_prefix``), as 100 minus the mean when ``complement``; no CI (the metrics' CIs do
    not combine into one without their joint distribution); n = the largest of their n."""

    def value(s: BenchmarkSummary) -> AxisValue:
        if group_prefix is None:
            ms = [m for n in names if (m := s.metric(n)) is not None and m.value is not None]
        else:
            ms = [m for m in s.metrics if m.name in names and m.group and m.group.startswith(group_prefix) and m.value is not None]
        if not ms:
            return None, None, None, 0
        v = sum(m.value for m in ms) / len(ms)  # type: ignore[misc]
        return (100 - v if complement else v), None, None, max(m.n for m in ms)

    return value


def series(runs: Sequence[dict[str, Any]], name: str, groups: Sequence[str | None], scale: float = 1.0) -> dict[str, list[tuple[Any, Any, Any]]]:
    """{run label: [(value, ci_low, ci_high) per group]} of metric ``name`` from report summary
    dicts (``label`` and ``metrics`` keys); (None, None, None) where a group has no metric."""
    out = {}
    for s in runs:
        vals = []
        for g in groups:
            m = next((m for m in s["metrics"] if m["name"] == name and m["group"] == g), None)
            vals.append((None, None, None) if m is None else tuple(None if x is None else x * scale for x in (m["value"], m["ci_low"], m["ci_high"])))
        out[s["label"]] = vals
    return out


def group_values(runs: Sequence[dict[str, Any]], prefix: str) -> list[str]:
    """Sorted values ``v`` of every metric group ``<prefix>=v`` in the runs (e.g. ``method``)."""
    return sorted({m["group"].split("=", 1)[1] for s in runs for m in s["metrics"] if (m["group"] or "").startswith(prefix + "=")})
