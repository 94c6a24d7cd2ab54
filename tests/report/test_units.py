"""One unit per metric for people (issue 27): shares in percent in the terminal, the scorecard
page, the charts and criteria files; old criteria files keep their meaning by a stated rule."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from medtrust.benchmarks.cares_llm.summary import format_table as llm_table
from medtrust.report.criteria import PASS, FAIL, CriteriaError, check, legacy_fraction, load_criteria
from medtrust.report.data import report_data
from medtrust.report.html import render_html
from medtrust.evidence_class import Evidence
from medtrust.summary import BenchmarkSummary, MetricResult

#: a full run on the benchmark's full split: evidence by the trust case's default rule (docs/criteria.md)
FULL = Evidence(run="full", data="full_split").as_dict()
from medtrust.units import format_people, is_share, people_unit, to_people


def _llm(metrics, model="m") -> BenchmarkSummary:
    return BenchmarkSummary(evidence=FULL, benchmark="cares_llm", model=model, task="cares_llm", metrics=metrics, dimensions_run=["safety"])


def _crit(tmp_path, body: str):
    p = tmp_path / "c.toml"
    p.write_text("[[criterion]]\nid = 'c'\nbenchmark = 'cares_llm'\n" + body, encoding="utf-8")
    return load_criteria(p)


def test_people_units_by_hand() -> None:
    assert people_unit("safety_score", "fraction", ("safety_score",)) == "percent"
    assert people_unit("under_refusal_corrected", "fraction", ("under_refusal",)) == "percent"
    assert people_unit("factuality_acc", "percent") == "percent" and people_unit("reminder_rate", "fraction") == "percent"
    assert people_unit("refuse_count", "count") == "count" and people_unit("factuality_judge_score", "score_1_10") == "score_1_10"
    assert not is_share("safety_score") and is_share("set_accuracy")
    assert to_people(0.25, "safety_score", "fraction", ("safety_score",)) == 25.0
    assert to_people(25.0, "set_accuracy", "percent") == 25.0
    assert format_people(0.2125, "safety_score", "fraction", ("safety_score",)) == "21.2%"
    assert format_people(None, "x_rate", "fraction") == "n/a" and format_people(12.0, "accept_count", "count") == "12"


@pytest.mark.parametrize("body,threshold", [
    ("metric = 'safety_score'\nat_least = 85\n", 0.85),  # the new form: percent, the unit people see
    ("metric = 'safety_score'\nat_least = 0.85\n", 0.85),  # the old form: strictly between 0 and 1 = a fraction
    ("metric = 'safety_score'\nat_least = 0.85\nunit = 'fraction'\n", 0.85),
    ("metric = 'safety_score'\nat_least = 85\nunit = 'percent'\n", 0.85),
    ("metric = 'under_refusal'\nat_most = 1\nunit = 'percent'\n", 0.01),
    ("metric = 'under_refusal'\nat_most = 1\nunit = 'fraction'\n", 1.0),
    ("metric = 'under_refusal'\nat_most = 1.5\n", 0.015),
    ("metric = 'under_refusal'\nat_most = 0\n", 0.0),
    ("metric = 'over_refusal'\nat_most = 20\n", 0.20),
])  # fmt: skip
def test_criteria_thresholds_read_in_percent_with_the_old_form_kept(tmp_path, body, threshold) -> None:
    crit = _crit(tmp_path, body)
    m = crit.criteria[0].metric
    s = _llm([MetricResult(m, 0.5, 0.4, 0.6, n=100)])
    (r,) = check(crit, [s])["results"]
    assert r["threshold"] == pytest.approx(threshold) and r["unit"] == "fraction"


@pytest.mark.parametrize("benchmark_name,metric,op", [
    ("cares_llm", "safety_score", "at_least"),  # a declared share (no share suffix)
    ("cares_llm", "under_refusal", "at_most"),
    ("cares-vlm", "factuality_acc", "at_least"),  # a share by its suffix
    ("mediconfusion", "set_accuracy", "at_least"),
    ("cares_llm", "safety_score", "above"),
])  # fmt: skip
def test_a_share_threshold_of_exactly_1_without_unit_is_refused_as_ambiguous(tmp_path, benchmark_name, metric, op) -> None:
    # 1% by the percent rule, 100% in a file written in fractions: a board's bar must never be guessed
    p = tmp_path / "c.toml"
    p.write_text(f"[[criterion]]\nid = 'c'\nbenchmark = '{benchmark_name}'\nmetric = '{metric}'\n{op} = 1\n", encoding="utf-8")
    with pytest.raises(CriteriaError, match=rf"c\.toml: criterion 1 \(c\): field '{op}': 1 is ambiguous for the share '{metric}'"):
        load_criteria(p)
    p.write_text(f"[[criterion]]\nid = 'c'\nbenchmark = '{benchmark_name}'\nmetric = '{metric}'\n{op} = 1.0\nunit = 'fraction'\n", encoding="utf-8")
    assert load_criteria(p).criteria[0].threshold == 1.0


@pytest.mark.parametrize("op,value,unit,shown", [
    ("at_least", "850", None, "850 is outside 0-100"),
    ("at_least", "-5", None, "-5 is outside 0-100"),
    ("at_most", "100.5", "percent", "100.5 is outside 0-100"),
    ("at_least", "1.5", "fraction", "1.5 is outside 0-1 for the share 'safety_score' (a fraction)"),
    ("below", "-0.1", "fraction", "-0.1 is outside 0-1"),
])  # fmt: skip
def test_a_share_threshold_outside_its_range_is_refused(tmp_path, op, value, unit, shown) -> None:
    body = f"metric = 'safety_score'\n{op} = {value}\n" + (f"unit = '{unit}'\n" if unit else "")
    with pytest.raises(CriteriaError, match=rf"criterion 1 \(c\): field '{op}': {re.escape(shown)}"):
        _crit(tmp_path, body)


def test_legacy_rule() -> None:
    assert legacy_fraction(0.85) and legacy_fraction(0.05) and not legacy_fraction(0) and not legacy_fraction(1) and not legacy_fraction(85)


def test_percent_and_fraction_forms_give_the_same_verdicts(tmp_path) -> None:
    s = _llm([MetricResult("safety_score", 0.9, 0.86, 0.94, n=200)])
    new = check(_crit(tmp_path, "metric = 'safety_score'\nat_least = 85\n"), [s])["results"][0]
    old = check(_crit(tmp_path, "metric = 'safety_score'\nat_least = 0.85\n"), [s])["results"][0]
    assert new["verdict"] == old["verdict"] == PASS
    s = _llm([MetricResult("safety_score", 0.5, 0.4, 0.6, n=200)])
    assert check(_crit(tmp_path, "metric = 'safety_score'\nat_least = 85\n"), [s])["results"][0]["verdict"] == FAIL


def test_terminal_page_and_chart_say_the_same_number(tmp_path) -> None:
    s = _llm([MetricResult("safety_score", 0.25, 0.17, 0.33, n=40),
              MetricResult("over_refusal", 0.5, 0.3, 0.7, n=10),
              MetricResult("safety_score", 0.25, 0.17, 0.33, n=40, group="harm_level=0"),
              MetricResult("accept_count", 30.0, n=40, unit="count", dimension="safety", higher_is_better=None)])
    for m in s.metrics:
        m.dimension = "safety"
    console = Console(width=200, record=True)
    console.print(llm_table(s))
    term = console.export_text()
    assert "25.0%" in term and "[17.0%, 33.0%]" in term and "0.250" not in term and " 30 " in term
    crit = _crit(tmp_path, "metric = 'safety_score'\nat_least = 85\n")
    html = render_html(report_data([s], criteria=crit))
    assert "≥ 85.0%" in html and ">25.0%<" in html and "[17.0%, 33.0%]" in html
    assert "0.250" not in html and "0.850" not in html
    assert "Safety Score %" in html and "x 100" not in html  # the chart's axis says percent
