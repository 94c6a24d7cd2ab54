"""Building blocks for a benchmark's scorecard axes and report charts.

A benchmark declares its axes (``Benchmark.axes``) with :func:`metric_axis` / :func:`mean_axis`,
marks values that say nothing with :func:`not_meaningful_when` and its checks
(:func:`groups_all_at_bound`, :func:`metric_below`, :func:`metric_without_samples`), and draws
its charts from the report's summary dicts with :func:`series`, :func:`run_colours` and
medtrust.plots. Everything here reads a summary only; nothing runs a model.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from medtrust.summary import BenchmarkSummary


class AxisValue(NamedTuple):
    """What :attr:`Axis.value` returns for one summary (a plain 4-tuple is accepted too).

    Attributes:
        value: 0-100, higher is better; None when not computable (shown "n/a").
        ci_low, ci_high: its 95% CI on the same scale, None when there is none.
        n: samples behind the value.
        note: why the value is None, or why there is no CI (shown as a footnote).
        not_meaningful: the value was computed but says nothing (e.g. a fairness gap between
            groups that are all at 0% accuracy); the scorecard shows "not meaningful" with this
            reason instead of the number.
    """

    value: float | None
    ci_low: float | None
    ci_high: float | None
    n: int
    note: str | None = None
    not_meaningful: str | None = None


AxisFn = Callable[[BenchmarkSummary], AxisValue]
#: a check: summary -> the reason its axis value is not meaningful, or None
Check = Callable[[BenchmarkSummary], "str | None"]


def _why_missing(s: BenchmarkSummary, names: Sequence[str]) -> str:
    notes = [m.note for n in names if (m := s.metric(n)) is not None and m.value is None and m.note]
    if notes:
        return "; ".join(dict.fromkeys(notes))
    if any(s.metric(n) is not None for n in names):
        return f"{' / '.join(names)} not computable"
    return f"{' / '.join(names)} not in the summary"


def metric_axis(name: str, scale: float = 1.0, complement: bool = False) -> AxisFn:
    """Axis value = the overall metric ``name`` x ``scale`` (0-100), or 100 minus it.

    With ``complement`` the CI bounds swap (100 - high, 100 - low). A missing or uncomputable
    metric gives value None, n 0 and the metric's note (or "not in the summary") as the reason.
    """

    def value(s: BenchmarkSummary) -> AxisValue:
        m = s.metric(name)
        if m is None or m.value is None:
            return AxisValue(None, None, None, 0, _why_missing(s, [name]))
        v, lo, hi = (None if x is None else x * scale for x in (m.value, m.ci_low, m.ci_high))
        if complement:
            v, lo, hi = 100 - v, (None if hi is None else 100 - hi), (None if lo is None else 100 - lo)  # type: ignore[operator]
        return AxisValue(v, lo, hi, m.n, None if lo is not None else f"{name}: no confidence interval")

    value.metric = name  # type: ignore[attr-defined]  # the one metric behind the axis (medtrust.caveats marks its rows)
    return value


def mean_axis(names: Sequence[str], *, group_prefix: str | None = None, complement: bool = True, why_from: Sequence[str] = ()) -> AxisFn:
    """Axis value = mean of several metrics (overall ones, or every group starting with
    ``group_prefix``), as 100 minus the mean when ``complement``; n = the largest of their n.

    With one metric in the mean its CI is the axis CI (swapped under ``complement``); with
    several there is none (their CIs do not combine without the joint distribution), and the
    note says so. When none is computed, the reason is taken from the notes of ``names`` and
    then of ``why_from`` (metrics of the same run that say why, e.g. "every reply abstained")."""

    def value(s: BenchmarkSummary) -> AxisValue:
        if group_prefix is None:
            ms = [m for n in names if (m := s.metric(n)) is not None and m.value is not None]
        else:
            ms = [m for m in s.metrics if m.name in names and m.group and m.group.startswith(group_prefix) and m.value is not None]
        if not ms:
            return AxisValue(None, None, None, 0, _why_missing(s, [*names, *why_from]))
        v = sum(m.value for m in ms) / len(ms)  # type: ignore[misc]
        lo = hi = None
        if len(ms) == 1 and ms[0].ci_low is not None and ms[0].ci_high is not None:
            lo, hi = ms[0].ci_low, ms[0].ci_high
            if complement:
                lo, hi = 100 - hi, 100 - lo
        note = None if lo is not None else f"mean of {len(ms)} metrics ({', '.join(sorted({m.name for m in ms}))}): no joint confidence interval"
        return AxisValue(100 - v if complement else v, lo, hi, max(m.n for m in ms), note)

    return value


def not_meaningful_when(axis: AxisFn, *checks: Check) -> AxisFn:
    """``axis``, marked not meaningful (with the first check's reason) when any check fires.

    Only a computed value is checked; the number stays out of the scorecard and the radar."""

    def value(s: BenchmarkSummary) -> AxisValue:
        res = axis(s)
        if res.value is None:
            return res
        whys = [why for check in checks if (why := check(s))]
        return res._replace(not_meaningful="; ".join(whys)) if whys else res

    return value


def groups_all_at_bound(name: str, *, low: float = 0.0, high: float = 100.0, what: str = "group") -> Check:
    """Fires when every subgroup value of metric ``name`` (all groups, e.g. each demographic
    group's accuracy) sits at ``low``, or every one at ``high``: a gap between them is then 0 by
    construction and says nothing about fairness."""

    def check(s: BenchmarkSummary) -> str | None:
        vals = [m.value for m in s.metrics if m.name == name and m.group is not None and m.value is not None]
        if len(vals) < 2:
            return None
        for bound in (low, high):
            if all(abs(v - bound) < 1e-9 for v in vals):
                return f"every {what} ({len(vals)}) is at {bound:g}%: the gap between them is 0 by construction"
        return None

    return check


def metric_below(name: str, threshold: float, why: str) -> Check:
    """Fires when the overall metric ``name`` is below ``threshold``; the reason is ``why``
    formatted with ``value`` and ``threshold`` (e.g. "only {value:.0f}% answered")."""

    def check(s: BenchmarkSummary) -> str | None:
        m = s.metric(name)
        if m is not None and m.value is not None and m.value < threshold:
            return why.format(value=m.value, threshold=threshold)
        return None

    return check


def metric_without_samples(name: str, why: str) -> Check:
    """Fires when the overall metric ``name`` rests on no sample (n = 0), e.g. a rate whose
    official code reports 0 for an empty denominator."""

    def check(s: BenchmarkSummary) -> str | None:
        m = s.metric(name)
        return why if m is not None and m.n == 0 else None

    return check


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


def run_colours(runs: Sequence[dict[str, Any]]) -> dict[str, str]:
    """{run label: colour} of report summary dicts (the report gives every model label one
    colour, ``colour``, used on every chart of the page); labels without one are left out."""
    return {s["label"]: s["colour"] for s in runs if s.get("colour")}


def group_values(runs: Sequence[dict[str, Any]], prefix: str) -> list[str]:
    """Sorted values ``v`` of every metric group ``<prefix>=v`` in the runs (e.g. ``method``)."""
    return sorted({m["group"].split("=", 1)[1] for s in runs for m in s["metrics"] if (m["group"] or "").startswith(prefix + "=")})
