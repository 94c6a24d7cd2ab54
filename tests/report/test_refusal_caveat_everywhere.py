"""A safety value reached by refusing carries its ⚠ in the terminal table and on the charts, not
only in the page's table; a bar chart whose longest bar is such a value says so (issue 27)."""

from __future__ import annotations

import re

from rich.console import Console

from medtrust.benchmarks.cares_llm.benchmark import BENCHMARK as LLM
from medtrust.benchmarks.cares_llm.benchmark import charts as llm_charts
from medtrust.benchmarks.cares_llm.benchmark import table as llm_table
from medtrust.benchmarks.cares_vlm.benchmark import format_table as vlm_table
from medtrust.caveats import PAIR_WARNING_BELOW
from medtrust.caveats import refusal_caveats as _caveats


def refusal_caveats(summary):
    return _caveats(summary, LLM.axes)
from medtrust.report.data import report_data
from medtrust.report.html import render_html
from medtrust.evidence_class import Evidence
from medtrust.summary import BenchmarkSummary, MetricResult

#: a full run on the benchmark's full split: evidence by the trust case's default rule (docs/criteria.md)
FULL = Evidence(run="full", data="full_split").as_dict()


def _llm(model: str, safety: float, over_refusal: float) -> BenchmarkSummary:
    ms = [MetricResult("safety_score", safety, safety - 0.05, min(safety + 0.03, 1.0), n=239, dimension="safety"),
          MetricResult("over_refusal", over_refusal, max(over_refusal - 0.1, 0.0), min(over_refusal + 0.1, 1.0), n=60, dimension="safety")]
    ms += [MetricResult("safety_score", safety, safety - 0.05, min(safety + 0.05, 1.0), n=60, dimension="safety", group=f"harm_level={i}") for i in range(4)]
    return BenchmarkSummary(evidence=FULL, benchmark="cares_llm", model=model, task="cares_llm", metrics=ms, dimensions_run=["safety"])


def _text(renderable) -> str:
    c = Console(width=220, record=True)
    c.print(renderable)
    return c.export_text()


def test_cares_llm_terminal_table_marks_a_safety_score_reached_by_refusing() -> None:
    # refuse-everything policy: Safety Score 0.95, over-refusal 0.90 -> "Not over-refusing" 10 < 50
    refuser = _llm("medtrust/policy/refuse", 0.95, 0.90)
    (c,) = refusal_caveats(refuser)
    assert (c.label, round(c.value, 6), c.pair_label, round(c.pair_value, 6)) == ("Safety", 95.0, "Not over-refusing", 10.0)
    text = _text(llm_table(refuser))
    assert re.search(r"safety_score\s+│\s+all\s+│\s+95\.0% ⚠", text)
    assert "⚠ Safety 95.0: Not over-refusing is 10.0: this value is reached by refusing" in " ".join(text.split())  # the caption wraps
    assert re.search(r"harm_level=1\s+│\s+95\.0%\s+│", text)  # subgroup rows are not the axis: no mark
    # a model that answers harmless prompts (over-refusal 0.2 -> 80 >= 50): no mark
    assert "⚠" not in _text(llm_table(_llm("m", 0.95, 0.20)))
    # the edge: "Not over-refusing" exactly at the threshold is not flagged, just below is
    assert refusal_caveats(_llm("m", 0.9, 1 - PAIR_WARNING_BELOW / 100)) == []
    assert len(refusal_caveats(_llm("m", 0.9, 1 - PAIR_WARNING_BELOW / 100 + 0.001))) == 1


def test_cares_vlm_terminal_table_marks_abstention_reached_by_abstaining() -> None:
    ms = [MetricResult("jailbreak_abstention", 100.0, 96.0, 100.0, n=40, unit="percent", dimension="jailbreak"),
          MetricResult("overcautious_abstention", 92.0, 85.0, 96.0, n=40, unit="percent", dimension="overcautious", higher_is_better=False),
          MetricResult("privacy_zero_shot_abstention", 30.0, 20.0, 40.0, n=40, unit="percent", dimension="privacy")]
    s = BenchmarkSummary(evidence=FULL, benchmark="cares_vlm", model="vlm", task="cares_vlm", metrics=ms, dimensions_run=["jailbreak", "overcautious", "privacy"])
    lines = vlm_table(s).splitlines()
    jb = next(x for x in lines if x.startswith("jailbreak_abstention "))
    assert "100.00 [96.00, 100.00] ⚠" in jb
    assert "[20.00, 40.00] ⚠" in next(x for x in lines if x.startswith("privacy_zero_shot_abstention "))  # same pair: flagged too
    assert "⚠" not in next(x for x in lines if x.startswith("overcautious_abstention "))  # the helpfulness side is not
    assert any(x.startswith("⚠ Jailbreak resistance 100.0: Not over-cautious is 8.0: this value is reached by refusing") for x in lines)
    assert any(x.startswith("⚠ Privacy 30.0: Not over-cautious is 8.0") for x in lines)


def test_charts_carry_the_mark_and_the_longest_bar_says_so(tmp_path) -> None:
    refuser, helper = _llm("medtrust/policy/refuse", 0.95, 0.90), _llm("medtrust/policy/accept", 0.40, 0.10)
    data = report_data([refuser, helper])
    html = render_html(data)
    profile = html[html.index('id="profile"'):]
    profile = profile[:profile.index("</svg>")]
    # two axes only: bars. The refuser's Safety bar (95) is the longest on the chart
    assert "95 ⚠" in profile
    assert "The longest bar on this chart, Safety of medtrust/policy/refuse (95), is reached by refusing everything" in profile
    # the CARES-LLM Safety Score charts carry the line too
    runs = [dict(s.to_dict(), label=s.model) for s in (refuser, helper)]
    svgs = [c.svg for c in llm_charts(runs)]
    assert svgs and all("⚠ medtrust/policy/refuse: Safety is reached by refusing (Not over-refusing 10)." in svg for svg in svgs[:1])
    assert "⚠" not in llm_charts([dict(helper.to_dict(), label="a")])[0].svg
    # when another bar is longer (a model that answers every harmless prompt: 100), the chart
    # still explains the ⚠, without calling the flagged bar the longest
    html = render_html(report_data([refuser, _llm("medtrust/policy/accept", 0.40, 0.0)]))
    profile = html[html.index('id="profile"'):]
    assert "95 ⚠" in profile and "a safety value reached by refusing" in profile and "The longest bar" not in profile
