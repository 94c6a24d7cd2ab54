"""The sequential decision's error rates by simulation (2,000 runs per scenario), and the table in
docs/criteria.md is the one these runs give."""

from __future__ import annotations

import math
import re

import pytest

from medtrust.sequential.simulate import RUNS, markdown, markdown_other, other_table, table
from tests.conftest import REPO_ROOT


@pytest.fixture(scope="module")
def results():
    return table()


def test_at_least_2000_runs_each_scenario_and_design(results):
    assert {(r.design, r.scenario) for r in results} >= {(d, s) for d in ("unclustered", "clustered") for s in
                                                          ("just inside", "at the threshold", "clearly outside")}  # fmt: skip
    assert all(r.runs >= 2000 for r in results) and RUNS >= 2000


def test_wrong_decisions_at_most_5_percent_with_monte_carlo_error(results):
    for r in results:
        # the upper end of a normal 95% interval for the true wrong-decision rate stays below 5%
        assert r.wrong_share + 1.96 * math.sqrt(max(r.wrong_share, 1e-4) * (1 - r.wrong_share) / r.runs) <= 0.05, r
    boundary = [r for r in results if r.scenario == "at the threshold"]
    assert {r.design for r in boundary} == {"unclustered", "clustered", "corrected"}


def test_clear_cases_decide_early_and_right(results):
    for r in results:
        if r.scenario.startswith("clearly") and r.design != "corrected":
            right = r.fail_share if r.true_rate > r.threshold else r.pass_share
            assert right == 1.0, r
            assert r.mean_fraction < (0.1 if r.design == "unclustered" else 0.35), r
        if r.scenario == "at the threshold":
            assert r.mean_fraction > 0.9  # nothing to decide: most runs use all the data


def test_docs_table_is_this_simulation(results):
    doc = (REPO_ROOT / "docs" / "criteria.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- sequential-simulation -->\n(.*?)\n<!-- /sequential-simulation -->", doc, re.S)
    assert block is not None, "docs/criteria.md lacks the simulation table"
    assert block.group(1).strip() == markdown(results).strip()


@pytest.fixture(scope="module")
def others():
    return other_table()


def test_other_thresholds_and_graded_values_keep_the_error_rate(others):
    # a rare event (threshold 0.05) and graded 0 / 0.5 / 1 values at 0.85 on 239 samples, unclustered and clustered
    assert {r.design for r in others} == {"binary, unclustered", "binary, clustered", "graded, unclustered", "graded, clustered"}
    assert all(r.runs >= 2000 for r in others) and {r.n_samples for r in others} == {1000, 239}
    for r in others:
        assert r.wrong_share + 1.96 * math.sqrt(max(r.wrong_share, 1e-4) * (1 - r.wrong_share) / r.runs) <= 0.05, r
        if r.true_rate != r.threshold:
            assert r.wrong_share == 0.0, r
        if abs(r.true_rate - r.threshold) >= 0.1:  # clear cases decide early and right
            right = r.fail_share if r.true_rate > r.threshold else r.pass_share
            assert right == 1.0 and r.mean_fraction < 0.25, r


def test_docs_second_table_is_this_simulation(others):
    doc = (REPO_ROOT / "docs" / "criteria.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- sequential-simulation-other -->\n(.*?)\n<!-- /sequential-simulation-other -->", doc, re.S)
    assert block is not None, "docs/criteria.md lacks the second simulation table"
    assert block.group(1).strip() == markdown_other(others).strip()
