"""Paired differences (medtrust.metrics.paired): hand-computed tables, a published interval, and
the coverage of every interval medtrust reports, by simulation (medtrust.metrics.paired_coverage;
measurements/paired_coverage.py prints the full table)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from medtrust.metrics.paired import (
    TANGO,
    TANGO_CLUSTERED,
    effective_pairs,
    paired_difference,
    tango_interval,
    tango_score,
)
from medtrust.metrics.paired_coverage import bounded_coverage, clustered_coverage, independent_coverage

Z95 = 1.959963984540054


def _pairs(b: int, c: int, both: int, neither: int) -> tuple[list[int], list[int]]:
    """Item-level 0/1 values of a 2 x 2 paired table: b items A=1,B=0; c items A=0,B=1."""
    a = [1] * b + [0] * c + [1] * both + [0] * neither
    bb = [0] * b + [1] * c + [1] * both + [0] * neither
    return a, bb


# ------------------------------------------------------------------ hand-computed tables
def test_published_tango_interval_cavo_2012():
    # Fagerland, Lydersen & Laake (2014 / "Statistical Analysis of Contingency Tables", ch. 8):
    # complete response before / after consolidation, table [[59, 6], [16, 80]], n = 161:
    # estimate -0.0621, Tango 95% CI -0.1240 to -0.0054
    a, b = _pairs(6, 16, 59, 80)
    pd = paired_difference(a, b)
    assert (pd.n, pd.a_higher, pd.b_higher, pd.discordant, pd.method) == (161, 6, 16, 22, TANGO)
    assert pd.estimate == pytest.approx(-10 / 161)
    assert (round(pd.low, 4), round(pd.high, 4)) == (-0.1240, -0.0054)
    # the bounds are where the score statistic crosses -+z (the definition of the interval)
    assert float(tango_score(6, 16, 161, pd.low)) == pytest.approx(Z95, abs=1e-6)
    assert float(tango_score(6, 16, 161, pd.high)) == pytest.approx(-Z95, abs=1e-6)


@pytest.mark.parametrize("n", [10, 50, 239])
def test_no_discordant_pair_gives_the_closed_form_interval(n):
    # b = c = 0: q(d) = 0 for d > 0, so Z(d) = -sqrt(n d / (1 - d)) and the bound is z^2 / (n + z^2)
    low, high = tango_interval(0, 0, n)
    w = Z95**2 / (n + Z95**2)
    assert (float(low), float(high)) == pytest.approx((-w, w), abs=1e-12)
    pd = paired_difference([1] * n, [1] * n)
    assert pd.estimate == 0.0 and pd.discordant == 0 and (pd.low, pd.high) == pytest.approx((-w, w), abs=1e-12)


def test_all_pairs_discordant_one_way_reaches_the_end_of_the_range():
    low, high = tango_interval(0, 20, 20)
    assert float(low) == pytest.approx(-1.0, abs=1e-12) and -1.0 < float(high) < 0.0
    # mirror image
    low2, high2 = tango_interval(20, 0, 20)
    assert (float(low2), float(high2)) == pytest.approx((-float(high), 1.0), abs=1e-12)


def test_paired_interval_is_narrower_than_two_independent_rates():
    # 100 items, 60 right by both, 10 only by A, 5 only by B: rates 0.70 vs 0.65
    a, b = _pairs(10, 5, 60, 25)
    pd = paired_difference(a, b)
    se_unpaired = math.sqrt(0.7 * 0.3 / 100 + 0.65 * 0.35 / 100)
    assert pd.estimate == pytest.approx(0.05)
    assert pd.high - pd.low < 2 * Z95 * se_unpaired * 0.75


def test_rao_scott_effective_pairs_by_hand():
    # 4 clusters of 2 pairs; d = a - b per pair: (1, 1), (1, 0), (0, 0), (-1, 0)
    a = [1, 1, 1, 0, 0, 0, 0, 0]
    b = [0, 0, 0, 0, 0, 0, 1, 0]
    clusters = ["g1", "g1", "g2", "g2", "g3", "g3", "g4", "g4"]
    # n = 8, dbar = 2/8; var_iid = (4/8 - 1/16) / 8 = 0.0546875; cluster sums 2, 1, 0, -1:
    # var_cl = (1.5^2 + 0.5^2 + 0.5^2 + 1.5^2) / 64 = 5/64; n_eff = 8 * 0.0546875 / (5/64) = 5.6
    assert float(effective_pairs([2, 1, 0, -1], [2, 2, 2, 2], 4)) == pytest.approx(5.6)
    pd = paired_difference(a, b, clusters)
    assert pd.method == TANGO_CLUSTERED and pd.n_clusters == 4 and pd.n_eff == pytest.approx(5.6)
    assert (pd.a_higher, pd.b_higher, pd.estimate) == (3, 1, 0.25)
    low, high = tango_interval(3 * 0.7, 1 * 0.7, 5.6)
    assert (pd.low, pd.high) == pytest.approx((float(low), float(high)))
    # clustering never narrows the interval
    plain = paired_difference(a, b)
    assert pd.low <= plain.low and pd.high >= plain.high


def test_rao_scott_bounds_n_min_and_n():
    # every pair discordant the same way: no variation, the worst case n_min = n^2 / sum n_g^2
    sizes = [3, 1, 2]
    assert float(effective_pairs([3, 1, 2], sizes, 6)) == pytest.approx(36 / 14)
    # no discordant pair: n_min as well
    assert float(effective_pairs([0, 0, 0], sizes, 0)) == pytest.approx(36 / 14)
    # independent clusters of one pair each: n_eff = n
    d = [1, -1, 0, 1, 0, 0, 1, -1]
    assert float(effective_pairs(d, [1] * 8, 5)) == pytest.approx(8.0)


def test_non_binary_values_use_the_paired_cluster_bootstrap():
    a = [1.0, 0.5, 0.5, 0.0, 1.0, 1.0, 0.5, 0.0, 1.0, 0.5] * 3
    b = [0.5, 0.5, 0.0, 0.0, 1.0, 0.5, 0.5, 0.0, 0.5, 0.5] * 3
    pd = paired_difference(a, b, seed=3)
    assert not pd.binary and pd.method == "percentile"
    assert pd.estimate == pytest.approx(np.mean(np.subtract(a, b)))
    assert (pd.a_higher, pd.b_higher) == (12, 0) and pd.low <= pd.estimate <= pd.high
    # binary=False forces the bootstrap on 0/1 values too; binary=True refuses non-0/1 values
    assert paired_difference([1, 0] * 10, [0, 0] * 10, binary=False).method in ("percentile", "newcombe-hybrid-score")
    with pytest.raises(ValueError, match="0/1"):
        paired_difference(a, b, binary=True)


@pytest.mark.parametrize(
    "a,b,kw,message",
    [
        ([1, 0], [1], {}, "differ in length"),
        ([1, 2], [1, 0], {}, r"\[0, 1\]"),
        ([1, float("nan")], [1, 0], {}, "NaN"),
        ([1, 0], [1, 0], {"clusters": ["x"]}, "clusters has 1"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(a, b, kw, message):
    with pytest.raises(ValueError, match=message):
        paired_difference(a, b, **kw)
    with pytest.raises(ValueError, match="b \\+ c <= n"):
        tango_interval(5, 6, 10)


def test_empty_pairing_is_nan_not_zero():
    pd = paired_difference([], [])
    assert pd.n == 0 and math.isnan(pd.estimate) and math.isnan(pd.low) and not pd.excludes(0.0)
    assert pd.as_dict()["estimate"] is None


# ------------------------------------------------------------------ coverage by simulation
TABLES = [(0.60, 0.10, 0.05, 0.25), (0.80, 0.02, 0.02, 0.16), (0.50, 0.20, 0.20, 0.10), (0.90, 0.00, 0.05, 0.05)]


@pytest.mark.parametrize("cells", TABLES)
@pytest.mark.parametrize("n", [30, 100, 400])
def test_tango_coverage_on_independent_pairs(cells, n):
    # 4000 tables: the Monte-Carlo standard error of a coverage near 0.95 is 0.0035
    cov = independent_coverage(cells, n, reps=4000, seed=n)
    assert cov >= 0.935, cov  # never much below nominal, even at n = 30 with rare discordance
    if n == 400:
        assert abs(cov - 0.95) < 0.015, cov  # and close to nominal once n is large


@pytest.mark.parametrize("clusters,size", [(20, 5), (60, 4)])
@pytest.mark.parametrize("kappa", [1.0, 5.0])
def test_rao_scott_coverage_on_clustered_pairs_where_plain_tango_fails(clusters, size, kappa):
    cells = TABLES[0]
    adjusted = clustered_coverage(cells, clusters, size, kappa, reps=1500, seed=7)
    plain = clustered_coverage(cells, clusters, size, kappa, reps=1500, seed=7, adjust=False)
    assert adjusted >= 0.925, adjusted
    # the simulation can tell a wrong interval: ignoring the clusters under-covers
    assert plain < 0.90 and plain < adjusted - 0.05, (plain, adjusted)


def test_cluster_bootstrap_coverage_on_bounded_credit():
    cells = [[0.30, 0.05, 0.05], [0.05, 0.20, 0.05], [0.02, 0.08, 0.20]]  # CARES-LLM credit 0 / 0.5 / 1
    independent = bounded_coverage(cells, [0.0, 0.5, 1.0], 200, 1, None, reps=200, n_resamples=500, seed=1)
    clustered = bounded_coverage(cells, [0.0, 0.5, 1.0], 60, 4, 2.0, reps=200, n_resamples=500, seed=2)
    # 200 data sets: standard error 0.015; percentile bootstraps run slightly below nominal
    assert independent >= 0.91, independent
    assert clustered >= 0.89, clustered


def test_simulators_refuse_bad_designs():
    with pytest.raises(ValueError, match="4 probabilities"):
        independent_coverage((0.5, 0.5, 0.1, 0.0), 10)
    with pytest.raises(ValueError, match="clusters >= 2"):
        clustered_coverage(TABLES[0], 1, 5, 1.0)
    with pytest.raises(ValueError, match="k x k"):
        bounded_coverage([[1.0]], [0.0, 1.0], 10, 1, None)
