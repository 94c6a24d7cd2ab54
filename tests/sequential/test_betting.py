"""The betting test of medtrust.sequential.betting: by hand, incremental = vectorised, the cluster
transform's mean, and the confidence sequence's time-uniform coverage by simulation."""

from __future__ import annotations

import math

import numpy as np
import pytest

from medtrust.sequential.betting import BettingTest, cluster_observations, confidence_sequence, first_crossing, log_wealth


def test_first_bet_by_hand():
    # X_1 = 1 against t = 0.5, alpha = 0.05: lambda_1 = sqrt(2 ln 40 / (1/4 * 1 * ln 2)) = 6.52, capped at
    # c/t = c/(1-t) = 1, so K+ = 1 + 1 * 0.5 = 1.5 and K- = 1 - 1 * 0.5 = 0.5
    t = BettingTest(0.5, 0.05)
    t.update(1.0, 1)
    assert t.log_up == pytest.approx(math.log(1.5)) and t.log_down == pytest.approx(math.log(0.5))
    # second bet: mu_1 = (1/2 + 1)/2 = 0.75, s2_1 = (1/4 + (1 - 0.75)^2)/2 = 0.15625,
    # lambda_2 = sqrt(2 ln 40 / (0.15625 * 2 * ln 3)) = 4.64 -> capped at 1 again; X_2 = 0
    t.update(0.0, 1)
    assert t.log_up == pytest.approx(math.log(1.5 * 0.5)) and t.log_down == pytest.approx(math.log(0.5 * 1.5))


def test_all_ones_against_a_low_threshold_decides_above_at_the_hand_computed_step():
    # t = 0.05 (cap c/t = 10, not reached): lambda_1 = 6.525, K+_1 = 1 + 6.525 * 0.95 = 7.199;
    # mu_1 = 0.75, s2_1 = 0.15625, lambda_2 = sqrt(2 ln 40 / (0.15625 * 2 * ln 3)) = 4.636, K+_2 = 7.199 * 5.404 = 38.9 < 40;
    # mu_2 = 5/6, s2_2 = (1/4 + 1/16 + 1/36) / 3 = 0.11343, lambda_3 = 3.955, K+_3 = 38.9 * 4.757 = 185 >= 40
    test = BettingTest(0.05, 0.05)
    lam = [math.sqrt(2 * math.log(40) / (s2 * i * math.log1p(i))) for i, s2 in ((1, 0.25), (2, 0.15625), (3, (0.25 + 1 / 16 + 1 / 36) / 3))]
    expected = np.cumsum([math.log1p(v * 0.95) for v in lam])
    for k in range(3):
        test.update(1.0, 1)
        assert test.log_up == pytest.approx(expected[k], rel=1e-12)
        assert (test.above_at is not None) == (k == 2)
    assert math.exp(expected[1]) == pytest.approx(38.9, abs=0.05) and test.above_at == (3, 3) and test.below_at is None


@pytest.mark.parametrize("max_size", [1, 5])
def test_incremental_equals_vectorised(max_size):
    rng = np.random.default_rng(7)
    n = 300
    counts = rng.integers(1, max_size + 1, size=n)
    sums = rng.binomial(counts, 0.3).astype(float)
    t = 0.25
    up, down = log_wealth(cluster_observations(sums, counts, t, max_size)[None, :], t, 0.05)
    test = BettingTest(t, 0.05, max_size)
    for k, (s, c) in enumerate(zip(sums, counts)):
        test.update(float(s), int(c))
        assert test.log_up == pytest.approx(up[0, k], abs=1e-9) and test.log_down == pytest.approx(down[0, k], abs=1e-9)


def test_cluster_transform_has_mean_t_exactly_at_the_ratio_t():
    # clusters of size 1 (prob 0.5) or 3 (prob 0.5); members' share 0.4 within each size -> ratio 0.4
    t, big = 0.4, 3
    exp = 0.0
    for k in (1, 3):
        for s in range(k + 1):
            p = math.comb(k, s) * t**s * (1 - t) ** (k - s)
            exp += 0.5 * p * float(cluster_observations(np.array(s), np.array(k), t, big))
    assert exp == pytest.approx(t, abs=1e-12)
    # a cluster sum outside [0, k] or a size above K is refused
    with pytest.raises(ValueError):
        BettingTest(0.4, 0.05, 2).update(3.0, 3)


def test_confidence_sequence_covers_the_mean_at_all_times():
    # time-uniform: the mean must stay inside the sequence at EVERY n, in >= 95% of 2000 runs
    rng = np.random.default_rng(3)
    runs, n, p = 2000, 400, 0.3
    x = rng.binomial(1, p, size=(runs, n)).astype(float)
    up, down = log_wealth(x, p, 0.05)
    ever_out = (first_crossing(up, 0.05) >= 0) | (first_crossing(down, 0.05) >= 0)
    miss = ever_out.mean()
    # Ville's inequality bounds the miss rate by alpha = 5% (observed 4.15%, Monte-Carlo s.e. 0.45%)
    assert miss <= 0.05, miss


def test_interval_is_an_interval_around_the_estimate_and_shrinks():
    rng = np.random.default_rng(1)
    x = rng.binomial(1, 0.3, size=2000).astype(float)
    low1, high1 = confidence_sequence(lambda m: np.broadcast_to(x[:100], (m.shape[0], 100)), alpha=0.05)
    low2, high2 = confidence_sequence(lambda m: np.broadcast_to(x, (m.shape[0], x.size)), alpha=0.05)
    assert low1 < x[:100].mean() < high1 and low2 < x.mean() < high2
    assert high2 - low2 < high1 - low1 < 0.6
    test = BettingTest(0.3, 0.05)
    for v in x[:100]:
        test.update(float(v), 1)
    assert test.interval() == pytest.approx((low1, high1))


def test_largest_cluster_by_hand():
    from medtrust.sequential.betting import largest_cluster

    cluster_of = {"a": 0, "b": 0, "c": 0, "d": 1, "e": 1, "f": 2}
    pool = list(cluster_of)
    assert largest_cluster(pool, cluster_of, lambda s: True) == 3
    assert largest_cluster(pool, cluster_of, lambda s: s in {"a", "d", "e"}) == 2  # cluster 1 has two members, cluster 0 one
    assert largest_cluster(pool[:1], cluster_of, lambda s: True) == 1
    assert largest_cluster(pool, cluster_of, lambda s: False) == 0
