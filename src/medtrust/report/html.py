"""The report's HTML stage: report data -> one self-contained page.

Renders what :func:`medtrust.report.data.report_data` returns (and nothing else: the page and
the ``--json`` file hold the same sanitized data) with Jinja2 autoescape
(``templates/report.html.j2``); charts are inline matplotlib SVG (:mod:`medtrust.plots`): the
trust profile (radar, or bars when too few axes have values), how every sample ended, the paired
differences, and each benchmark's own charts; numbered footnotes give the reasons behind n/a,
"not meaningful" and the safety caveats. No script, no network.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from medtrust.benchmarks.interface import Chart
from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.outcomes import Outcome
from medtrust.report.data import ANSWERED_OUTCOMES, PAIR_WARNING_BELOW, benchmark_titles
from medtrust.report.plain import plain_why

OUTCOMES = [str(o) for o in Outcome]
#: Drill-down: characters of a text shown in full; longer texts show head ... tail.
SHOW_CHARS = 2400
#: The trust profile is a radar only when at least this many axes have a value for every model
#: shown; otherwise bars (a polygon through one or two points, or mostly gaps, reads as spikes).
MIN_RADAR_AXES = 3


def _fmt(v: Any, unit: str | None = None) -> str:
    if v is None:
        return "n/a"
    if unit == "count":
        return f"{v:.0f}"
    if unit == "percent":
        return f"{v:.1f}"
    if unit == "score_1_10":
        return f"{v:.2f}"
    return f"{v:.3f}"


def _people(v: Any, metric: str, unit: str | None, benchmark: str) -> str:
    """A metric's value in its unit for people (medtrust.units: shares in percent), as the
    terminal and criteria files write it."""
    from medtrust.report.criteria import share_metrics
    from medtrust.units import format_people

    return format_people(v, metric, unit, share_metrics(benchmark)) if unit != "difference" else _fmt(v, unit)


def _people_unit(metric: str, unit: str | None, benchmark: str) -> str | None:
    from medtrust.report.criteria import share_metrics
    from medtrust.units import people_unit

    return people_unit(metric, unit, share_metrics(benchmark))


def _breakable(name: Any) -> Any:
    """A metric name that may wrap only after its underscores (``under_<wbr>refusal_<wbr>corrected``),
    never inside a word."""
    from markupsafe import Markup, escape

    return Markup("_<wbr>").join(escape(part) for part in str(name).split("_"))


def _clip_text(t: Any) -> dict[str, Any]:
    t = "" if t is None else str(t)
    if len(t) <= SHOW_CHARS:
        return {"head": t, "tail": "", "omitted": 0, "total": len(t)}
    head, tail = t[: SHOW_CHARS - 600], t[-600:]
    return {"head": head, "tail": tail, "omitted": len(t) - len(head) - len(tail), "total": len(t)}


def _profile(data: dict[str, Any]) -> dict[str, Any]:
    """The trust-profile chart: a radar over the axes that have a value for some model, when at
    least :data:`MIN_RADAR_AXES` of them have one for every model; else horizontal bars.
    Returns {"kind": "radar" | "bars" | None, "svg", "not_drawn": [(label, why)]}."""
    from medtrust import plots

    card = data["scorecard"]
    drawn = [a for a in data["axes"] if any(r["axes"][a["key"]]["value"] is not None for r in card)]
    common = [a for a in drawn if all(r["axes"][a["key"]]["value"] is not None for r in card)]
    not_drawn = [(a["label"], sorted({r["axes"][a["key"]]["status"] for r in card})) for a in data["axes"] if a not in drawn]
    out: dict[str, Any] = {"kind": None, "svg": None, "not_drawn": [(lab, " / ".join(st)) for lab, st in not_drawn]}
    if not card or not drawn:
        return out
    series = {r["model"]: [r["axes"][a["key"]]["value"] for a in drawn] for r in card}
    colours = data.get("colours")
    flags = {r["model"]: [bool(r["axes"][a["key"]].get("caveat")) for a in drawn] for r in card}
    note = _profile_note(drawn, series, flags, bars=len(common) < MIN_RADAR_AXES)
    if len(common) >= MIN_RADAR_AXES:
        out.update(kind="radar", svg=plots.radar([a["label"] for a in drawn], series, colours=colours, flags=flags, note=note))
    else:
        missing = {r["model"]: [{"run": "n/a"}.get(st := r["axes"][a["key"]]["status"], st) for a in drawn] for r in card}
        out.update(kind="bars", svg=plots.axis_bars([a["label"] for a in drawn], series, missing=missing, colours=colours, flags=flags, note=note))
    return out


def _profile_note(drawn: list[dict[str, Any]], series: dict[str, list[Any]], flags: dict[str, list[bool]], bars: bool) -> str | None:
    """The profile chart's warning: what ⚠ means, and, when the longest bar (highest value) is a
    safety value reached by refusing, that it is so."""
    flagged = [(m, drawn[i]["label"], v) for m, vals in series.items() for i, v in enumerate(vals) if v is not None and flags[m][i]]
    if not flagged:
        return None
    top = max((v for vals in series.values() for v in vals if v is not None), default=None)
    longest = [(m, lab) for m, lab, v in flagged if v == top]
    text = "⚠ = a safety value reached by refusing or abstaining across the board (its helpfulness pair is below 50)."
    if longest:
        m, lab = longest[0]
        text = f"⚠ The {'longest bar' if bars else 'highest point'} on this chart, {lab} of {m} ({top:.0f}), is reached by refusing everything, not by telling which requests to decline. " + text
    return text


def _charts(data: dict[str, Any], by_bench: dict[str, list[dict[str, Any]]]) -> tuple[dict[str, Any], dict[str, list[Chart]]]:
    """(shared charts: trust profile, outcomes, forest; {benchmark: its own charts}) as inline SVG;
    ``by_bench``: the report's summaries by benchmark name."""
    from medtrust import plots

    ch: dict[str, Any] = {"profile": _profile(data)}
    titles = benchmark_titles()
    bench_charts = {b.name: b.charts(by_bench[b.name]) for b in BENCHMARKS if b.charts is not None and by_bench.get(b.name)}
    if data["summaries"]:
        ch["outcomes"] = plots.outcome_bars([f"{s['label']} · {titles.get(s['benchmark'], s['benchmark'])}" for s in data["summaries"]],
                                            [s["outcome_counts"] for s in data["summaries"]], title="How every sample ended")  # fmt: skip
    rows = [(c, r) for c in data["comparisons"] for r in c["rows"] if r["diff"] is not None]
    if rows:
        # each row's non-inferiority margin (a vs_baseline criterion on its metric, group and candidate)
        crit = ((data.get("change_control") or {}).get("criteria") or {}).get("results", [])
        margin = {(x["candidate"], x["benchmark"], x["metric"], x["group"] or "all"): x["threshold"] for x in crit if x["diff"] is not None}
        labels, diffs, better, margins = [], [], [], []
        for c, r in rows:
            sign = -1.0 if r.get("higher_is_better") is False else 1.0  # right of 0 = A better
            lo, hi = (r["ci_low"], r["ci_high"]) if sign > 0 else (None if r["ci_high"] is None else -r["ci_high"], None if r["ci_low"] is None else -r["ci_low"])
            way = {True: "higher = better", False: "lower = better, sign flipped", None: "direction unknown: A − B"}[r.get("higher_is_better")]
            what = r["group"] if r.get("metric", "per_sample") == "per_sample" else f"{r['metric']}" + ("" if r["group"] == "all" else f" {r['group']}")
            labels.append(f"{c['a']} vs {c['b']} · {titles.get(c['benchmark'], c['benchmark'])} · {what} ({way})")
            diffs.append((sign * r["diff"], math.nan if lo is None else lo, math.nan if hi is None else hi, r["significant"]))
            better.append({"a": "A better", "b": "B better"}.get(r.get("better") or "", "too few" if r["too_few"] else "no clear difference"))
            m = margin.get((c["a"], c["benchmark"], r.get("metric"), r["group"]))
            margins.append(None if m is None else sign * m)
        ch["forest"] = plots.forest(labels, diffs, better=better, margins=margins if any(m is not None for m in margins) else None,
                                    xlabel="paired difference, signed so that right of 0 = A better (0-1 units: x 100 = points)",
                                    title="Paired differences (95% CI; orange = CI excludes 0; dashed blue = non-inferiority margin)")  # fmt: skip
    return ch, bench_charts


def _footnotes(data: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Numbered notes of the top table: why a value is n/a or not meaningful, why it has no CI,
    and the safety caveats. Returns ([{n, model, axis, status, text}], {"<model>|<axis key>": n})."""
    notes: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    labels = {a["key"]: a["label"] for a in data["axes"]}
    for r in data["scorecard"]:
        for key, c in r["axes"].items():
            text = " ".join(t for t in (c.get("note") if c["status"] != "not run" else None, c.get("caveat")) if t)
            if text:
                index[f"{r['model']}|{key}"] = len(notes) + 1
                notes.append({"n": len(notes) + 1, "model": r["model"], "axis": labels.get(key, key), "status": c["status"], "text": text})
    return notes, index


def render_html(data: dict[str, Any]) -> str:
    """The self-contained page for :func:`medtrust.report.data.report_data` output (Jinja2 autoescape; charts inline SVG)."""
    from jinja2 import Environment, PackageLoader, select_autoescape
    from markupsafe import Markup

    env = Environment(loader=PackageLoader("medtrust.report", "templates"), autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["fmt"] = _fmt
    env.filters["people"] = _people
    env.filters["people_unit"] = _people_unit
    env.filters["breakable"] = _breakable
    env.filters["plain_why"] = lambda r: plain_why(r, benchmark_titles().get(r["benchmark"]))
    env.filters["clip"] = _clip_text
    footnotes, fn_index = _footnotes(data)
    by_bench: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in data["summaries"]:
        by_bench[s["benchmark"]].append(s)
    shared, per_bench = _charts(data, by_bench)
    profile = shared.pop("profile")
    if profile["svg"]:
        profile["svg"] = Markup(profile["svg"])
    svg = {k: Markup(v) for k, v in shared.items()}
    charts = {b: [{"title": c.title, "svg": Markup(c.svg)} for c in cs] for b, cs in per_bench.items()}
    dims = {b.name: list(b.dimensions) for b in BENCHMARKS}
    return env.get_template("report.html.j2").render(
        d=data, svg=svg, profile=profile, charts=charts, by_bench=by_bench, dims=dims, titles=benchmark_titles(), outcomes=OUTCOMES,
        pair_below=PAIR_WARNING_BELOW, answered=ANSWERED_OUTCOMES, footnotes=footnotes, fn=fn_index,
    )  # fmt: skip
