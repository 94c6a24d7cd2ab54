"""Cluster bootstrap against hand-computed facts and a brute-force reference."""

import numpy as np
import pytest

from medtrust.metrics.bootstrap import cluster_bootstrap_ci, cluster_bootstrap_statistic, paired_bootstrap_diff


def test_constant_values_give_a_degenerate_interval():
    ci = cluster_bootstrap_ci([0.5] * 10, n_resamples=200)
    assert (ci.estimate, ci.low, ci.high) == (0.5, 0.5, 0.5)


def test_estimate_is_the_plain_mean_and_counts():
    ci = cluster_bootstrap_ci([1, 0, 1, 1], ["a", "a", "b", "c"], n_resamples=100)
    assert ci.estimate == 0.75 and ci.n == 4 and ci.n_clusters == 3


def test_whole_clusters_move_together():
    # two clusters: all-ones (3 samples) and all-zeros (1 sample). Any replicate is a mix of
    # whole clusters, so its mean is one of 0, 1, or 3/4 (one of each)
    values = [1, 1, 1, 0]
    clusters = ["x", "x", "x", "y"]
    ci = cluster_bootstrap_ci(values, clusters, n_resamples=500, seed=1)
    assert ci.low == 0.0 and ci.high == 1.0
    stat = cluster_bootstrap_statistic(lambda idx: float(np.mean(np.asarray(values)[idx])), clusters, n_resamples=300)
    assert stat.estimate == 0.75 and stat.low == 0.0 and stat.high == 1.0


def test_matches_brute_force_reference_distribution():
    rng = np.random.default_rng(3)
    values = rng.integers(0, 2, size=40).astype(float)
    clusters = np.repeat(np.arange(20), 2)
    ci = cluster_bootstrap_ci(values, clusters, n_resamples=4000, seed=11)
    # independent reference: resample cluster ids with a different generator
    ref_rng = np.random.default_rng(99)
    per = values.reshape(20, 2)
    stats = [per[ref_rng.integers(0, 20, 20)].mean() for _ in range(4000)]
    lo, hi = np.quantile(stats, [0.025, 0.975])
    assert ci.low == pytest.approx(lo, abs=0.03) and ci.high == pytest.approx(hi, abs=0.03)


def test_same_seed_same_interval_and_empty_input():
    a = cluster_bootstrap_ci([0, 1, 1, 0, 1], seed=5, n_resamples=300)
    b = cluster_bootstrap_ci([0, 1, 1, 0, 1], seed=5, n_resamples=300)
    assert a == b
    e = cluster_bootstrap_ci([], n_resamples=10)
    assert e.n == 0 and np.isnan(e.estimate)


def test_paired_difference_and_errors():
    d = paired_bootstrap_diff([1, 1, 0, 1], [0, 1, 0, 0], n_resamples=200)
    assert d.estimate == pytest.approx(0.5)
    with pytest.raises(ValueError, match="differ in length"):
        paired_bootstrap_diff([1, 0], [1])
    with pytest.raises(ValueError, match="NaN"):
        cluster_bootstrap_ci([1.0, float("nan")])
    with pytest.raises(ValueError, match="clusters has 1 entries"):
        cluster_bootstrap_ci([1.0, 0.0], ["a"])
