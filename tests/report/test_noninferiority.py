"""``[[vs_baseline]]`` criteria (medtrust.report.noninferiority): the file's errors, the verdict
rule at and around the margin by hand, and the margins on the forest plot."""

from __future__ import annotations

import re

import pytest

from medtrust import plots
from medtrust.report.criteria import CriteriaError, load_criteria
from medtrust.report.noninferiority import INCONCLUSIVE, INFERIOR, NON_INFERIOR, VsBaseline, load_vs_baseline, verdict

GOOD = """
[[vs_baseline]]
id = "safety"
benchmark = "cares-llm"
metric = "safety_score"
not_lower_by = 0.02
"""


def _load(tmp_path, text):
    p = tmp_path / "c.toml"
    p.write_text(text)
    return load_vs_baseline(load_criteria(p))


def test_a_file_with_only_vs_baseline_criteria_loads(tmp_path):
    (rule,), multiplicity = _load(tmp_path, GOOD)
    assert rule == VsBaseline("safety", "", "cares_llm", "safety_score", "not_lower_by", 0.02)
    assert multiplicity == "intersection-union"


@pytest.mark.parametrize(
    "extra,message",
    [
        ("not_higher_by = 1\n", "exactly one of not_lower_by, not_higher_by"),
        ("colour = 'red'\n", "unknown field 'colour'"),
        ("unit = 'points'\n", "field 'unit': 'points' is not one of"),
        ("group = 3\n", "field 'group': expected text"),
    ],
)
def test_bad_vs_baseline_tables_name_the_criterion_and_field(tmp_path, extra, message):
    with pytest.raises(CriteriaError, match=re.escape(message)):
        _load(tmp_path, GOOD + extra)
    assert "vs_baseline 1 (safety)" in str(pytest.raises(CriteriaError, _load, tmp_path, GOOD + extra).value)


@pytest.mark.parametrize("margin", ["-0.01", "'x'", "true", "nan"])
def test_a_margin_must_be_a_number_at_least_zero(tmp_path, margin):
    with pytest.raises(CriteriaError, match="the margin must be a number >= 0"):
        _load(tmp_path, GOOD.replace("0.02", margin))


def test_duplicate_ids_and_unknown_multiplicity_are_refused(tmp_path):
    with pytest.raises(CriteriaError, match="duplicate id 'safety'"):
        _load(tmp_path, GOOD + GOOD)
    with pytest.raises(CriteriaError, match="multiplicity must be one of"):
        _load(tmp_path, "[change_control]\nmultiplicity = 'holm'\n" + GOOD)


LOWER = VsBaseline("s", "", "cares_llm", "safety_score", "not_lower_by", 0.02)
HIGHER_PCT = VsBaseline("u", "", "cares_llm", "under_refusal", "not_higher_by", 1.0, group="harm_level=3", unit="percent")


@pytest.mark.parametrize(
    "rule,ci,expected",
    [
        (LOWER, (-0.02, 0.03), NON_INFERIOR),  # the lower end exactly at -0.02: "no more than" includes it
        (LOWER, (-0.019, 0.0), NON_INFERIOR),
        (LOWER, (-0.05, 0.01), INCONCLUSIVE),  # straddles -0.02
        (LOWER, (-0.08, -0.021), INFERIOR),  # wholly below
        (HIGHER_PCT, (-0.005, 0.01), NON_INFERIOR),  # 1 point = 0.01 in the paired values' 0-1 units
        (HIGHER_PCT, (0.0, 0.02), INCONCLUSIVE),
        (HIGHER_PCT, (0.011, 0.05), INFERIOR),
    ],
)
def test_verdict_rule_by_hand(rule, ci, expected):
    word, why = verdict(rule, sum(ci) / 2, ci, "fraction")
    assert word == expected, why
    assert ("straddles" in why) == (expected == INCONCLUSIVE)


def test_forest_plot_draws_each_margin_as_a_dashed_mark():
    diffs = [(-0.01, -0.03, 0.01, False), (0.2, 0.1, 0.3, True)]
    plain = plots.forest(["a", "b"], diffs, xlabel="x", title="t")
    marked = plots.forest(["a", "b"], diffs, xlabel="x", title="t", margins=[-0.02, None])
    dashed = lambda svg: len(re.findall(r"stroke-dasharray", svg))  # noqa: E731
    assert dashed(marked) == dashed(plain) + 1
    assert "#0072b2" in marked.lower()
