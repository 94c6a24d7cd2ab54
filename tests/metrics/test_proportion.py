"""The cluster-adjusted Wilson interval (medtrust.metrics.proportion) against values computed by
hand, and MetricTable's handling of undefined metrics and collapsed bootstrap intervals."""

from __future__ import annotations

import math
import random

import pytest

from medtrust.metrics.bootstrap import BootstrapCI
from medtrust.metrics.grouped import DEGENERATE, MetricTable
from medtrust.metrics.proportion import proportion_ci, stratified_proportion_ci, wilson_interval, z_value

Z95 = 1.959963984540054


def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson (1927), written out: (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)."""
    c, h = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / (1 + z * z / n), (c + h) / (1 + z * z / n)


def test_z_values():
    assert z_value(0.95) == pytest.approx(Z95, abs=1e-12)
    assert z_value(0.90) == pytest.approx(1.6448536269514722, abs=1e-12)
    with pytest.raises(ValueError):
        z_value(1.0)


def test_eleven_of_eleven_is_not_a_zero_width_interval():
    """``harm_level=0  1.000 [1.000, 1.000]  n=11`` -> at p = 1 Wilson's lower bound is
    n / (n + z^2) = 11 / (11 + 3.841459) = 0.741167."""
    ci = proportion_ci([1.0] * 11)
    assert ci.estimate == 1.0 and ci.high == 1.0 and ci.n_eff == 11
    assert ci.low == pytest.approx(11 / (11 + Z95**2), abs=1e-12)
    assert round(ci.low, 4) == 0.7412
    zero = proportion_ci([0.0] * 11)
    assert (zero.low, zero.high) == (0.0, pytest.approx(Z95**2 / (11 + Z95**2), abs=1e-12))  # 0.258833
    assert zero.high == pytest.approx(0.258833, abs=1e-6)


def test_small_and_large_counts_match_wilson():
    for k, n in ((1, 1), (3, 7), (10, 11), (30, 176), (189, 352)):
        ci = proportion_ci([1.0] * k + [0.0] * (n - k))
        assert (ci.low, ci.high) == pytest.approx(wilson(k / n, n), abs=1e-12), (k, n)
    # 90% level
    ci = proportion_ci([1.0] * 3 + [0.0] * 7, confidence=0.9)
    assert (ci.low, ci.high) == pytest.approx(wilson(0.3, 10, 1.6448536269514722), abs=1e-12)
    assert wilson_interval(0.3, 10) == pytest.approx(wilson(0.3, 10), abs=1e-15)


def test_boundary_with_clusters_uses_the_worst_case_design_effect():
    """11 of 11 in three prompt families of 4, 4 and 3: no variation, so the intra-cluster
    correlation cannot be estimated and is taken as 1: n_eff = n^2 / sum m_g^2 = 121 / 41."""
    ci = proportion_ci([1.0] * 11, ["a"] * 4 + ["b"] * 4 + ["c"] * 3)
    n_eff = 121 / 41
    assert ci.n_eff == pytest.approx(n_eff, abs=1e-12) and ci.n_clusters == 3
    assert ci.low == pytest.approx(n_eff / (n_eff + Z95**2), abs=1e-12)  # 0.434470
    assert ci.low == pytest.approx(0.434470, abs=1e-6) and ci.design_effect == pytest.approx(41 / 11)


def test_known_design_effects_in_the_interior():
    # 10 pairs, each pair all-1 (4 pairs) or all-0 (6 pairs): intra-cluster correlation 1,
    # Kish deff = 1 + (m - 1) rho = 2 -> n_eff = 10. Cluster deviations 2 - 2p = 1.2 (x4),
    # -0.8 (x6); V = (4 * 1.44 + 6 * 0.64) / 20^2 = 0.024 = 2 * p(1-p) / n
    y = [1.0, 1.0] * 4 + [0.0, 0.0] * 6
    c = [i // 2 for i in range(20)]
    ci = proportion_ci(y, c)
    assert ci.estimate == pytest.approx(0.4) and ci.n_eff == pytest.approx(10.0, abs=1e-12) and ci.design_effect == pytest.approx(2.0)
    assert (ci.low, ci.high) == pytest.approx(wilson(0.4, 10), abs=1e-12)
    # every pair (1, 0): no between-pair spread; the design effect is floored at 1 (n_eff = 20)
    ci = proportion_ci([1.0, 0.0] * 10, c)
    assert ci.n_eff == 20 and (ci.low, ci.high) == pytest.approx(wilson(0.5, 20), abs=1e-12)
    # 3 pairs (1,1), 3 pairs (0,0), 4 pairs (1,0): p = 0.5, deviations +-1 on six pairs:
    # V = 6 / 400 = 0.015, p(1-p)/n = 0.0125 -> deff 1.2, n_eff = 50/3
    y = [1.0, 1.0] * 3 + [0.0, 0.0] * 3 + [1.0, 0.0] * 4
    ci = proportion_ci(y, c)
    assert ci.design_effect == pytest.approx(1.2) and (ci.low, ci.high) == pytest.approx(wilson(0.5, 50 / 3), abs=1e-12)


def test_bounded_non_binary_means():
    """Safety Score credits {0, 0.5, 1}: four 0.5 credits have no spread, yet the interval is
    Wilson's at p = 0.5 with n = 4 (p(1-p) bounds any [0, 1] variable's variance), not a point."""
    ci = proportion_ci([0.5] * 4)
    assert (ci.low, ci.high) == pytest.approx(wilson(0.5, 4), abs=1e-12)
    assert ci.high - ci.low > 0.6
    # credits 1, 0.5, 0, 1 (singletons): V = sum (y - p)^2 / n^2 = 0.6875 / 16; p(1-p)/V = 5.45 -> capped at n = 4
    ci = proportion_ci([1.0, 0.5, 0.0, 1.0])
    assert ci.n_eff == 4 and (ci.low, ci.high) == pytest.approx(wilson(0.625, 4), abs=1e-12)


def test_stratified_mean_over_sources():
    """Source A 3 of 3, source B 0 of 1: the unweighted mean over sources is 0.5. Weights 1/3 and
    1: n_max = (sum w)^2 / sum w^2 = 4 / (4/3) = 3; V = (3 (1/6)^2 + (1/2)^2) / 2^2 = 1/12,
    p(1-p)/V = 3 -> n_eff = 3."""
    ci = stratified_proportion_ci([1.0, 1.0, 1.0, 0.0], ["A", "A", "A", "B"])
    assert ci.estimate == 0.5 and ci.n_eff == pytest.approx(3.0, abs=1e-12)
    assert (ci.low, ci.high) == pytest.approx(wilson(0.5, 3), abs=1e-12)


def test_undefined_order_free_and_bad_input():
    empty = proportion_ci([])
    assert empty.n == 0 and all(math.isnan(x) for x in (empty.estimate, empty.low, empty.high))
    rng = random.Random(0)
    y = [rng.choice([0.0, 0.5, 1.0]) for _ in range(200)]
    c = [rng.randrange(40) for _ in range(200)]
    a = proportion_ci(y, c)
    order = list(range(200))
    rng.shuffle(order)
    b = proportion_ci([y[i] for i in order], [c[i] for i in order])
    assert (a.estimate, a.low, a.high, a.n_eff) == (b.estimate, b.low, b.high, b.n_eff)  # same floats
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        proportion_ci([0.5, 7.0])
    with pytest.raises(ValueError, match="NaN"):
        proportion_ci([float("nan")])
    with pytest.raises(ValueError, match="clusters"):
        proportion_ci([1.0, 0.0], ["a"])


def test_metric_table_undefined_and_degenerate():
    t = MetricTable(unit="percent", scale=100.0)
    m = t.mean("acc", [], [], dimension="x", why_empty="every reply unparseable")
    mr = t.metrics[-1]
    assert math.isnan(m.estimate) and mr.value is None and mr.ci_low is None
    assert mr.note == "not computable: every reply unparseable"
    t.mean("acc", [1.0] * 11, None, dimension="x", group="g=1")
    assert t.metrics[-1].value == 100.0 and t.metrics[-1].ci_low == pytest.approx(100 * 11 / (11 + Z95**2))
    # a bootstrapped difference whose replicates were all 0 claims no certainty
    t.add("drop", BootstrapCI(0.0, 0.0, 0.0, 12, 6, 200, 0.95), dimension="x", note="a - b")
    d = t.metrics[-1]
    assert d.value == 0.0 and d.ci_low is None and d.ci_high is None and d.note == f"a - b; {DEGENERATE}"
    p = t.point("confusion", None, 0, dimension="x", why_empty="no pair with both answers valid")
    assert p.value is None and p.note == "not computable: no pair with both answers valid"
