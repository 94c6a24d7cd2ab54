"""Anytime-valid tests of a bounded mean against a threshold: the hedged betting capital process.

The method is the betting confidence sequence of Waudby-Smith & Ramdas (2024), "Estimating means
of bounded random variables by betting", J. R. Stat. Soc. B 86(1):1-27 (sec. 4, the *hedged
capital process* with the *predictable plug-in* bet sizes, their eqs. (26)-(27)). For
observations X_1, X_2, ... in [0, 1] with conditional mean m, a bettor who stakes a share
lambda_i of their wealth on "X_i > m" (and a second one on "X_i < m") has the wealth

    K+_n(m) = prod_{i<=n} (1 + lambda+_i (X_i - m)),    K-_n(m) = prod_{i<=n} (1 - lambda-_i (X_i - m)).

Each is a non-negative martingale when the mean is m (a supermartingale for K+ when the mean is
at most m, for K- when it is at least m), so by Ville's inequality P(sup_n K+_n >= 2/alpha) <=
alpha/2 whatever rule decides when to look or stop. The confidence sequence is {m : K+_n(m) <
2/alpha and K-_n(m) < 2/alpha} (the hedged process max(K+/2, K-/2) < 1/alpha), valid at every n
at once (time-uniform coverage 1 - alpha).

Bet sizes (predictable: from X_1..X_{i-1} only):

    mu_i = (1/2 + sum_{j<=i} X_j) / (i + 1),      s2_i = (1/4 + sum_{j<=i} (X_j - mu_j)^2) / (i + 1),
    lambda_i = sqrt(2 log(2/alpha) / (s2_{i-1} i log(1 + i))),
    lambda+_i = min(lambda_i, c/m),    lambda-_i = min(lambda_i, c/(1 - m)),   c = 1/2,

so every factor stays at least 1 - c > 0.

**Decisions against a threshold t.** Evidence that the mean is above t is K+_n(t) >= 2/alpha;
below t is K-_n(t) >= 2/alpha. Under any mean <= t the first happens with probability at most
alpha/2 at any time, and symmetrically, so a decision taken the first time either wealth crosses
2/alpha is wrong with probability at most alpha/2 on each side: 2.5% for the 95% level the
fixed-sample check uses (report/criteria.py), whatever the stopping rule.

**Clusters** (variants of one base prompt). The unit of sampling is the cluster: cluster i gives
the sum S_i of its members' values (each in [0, 1]) and their number k_i <= K (K the largest
cluster size, known before the run). The target is the ratio theta = E[S] / E[k], the share
over all members (what the fixed-sample summary estimates). The test of theta against t uses

    X_i(t) = (S_i - t k_i) / K + t   in [0, 1],

whose mean is t exactly when theta = t (E[S - t k] = 0), above t when theta > t and below when
theta < t. Clusters are independent draws, so the martingale argument holds for any
within-cluster correlation; with K = 1 this is the plain test on X_i. A cluster with k_i = 0
(no member in the criterion's population, or only non-answers) carries no information and is
skipped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

#: the bet cap c (WSR 2024 suggest 1/2 or 3/4); every wealth factor stays >= 1 - c
BET_CAP = 0.5
ABOVE, BELOW = "above", "below"


def largest_cluster(pool: Sequence[str], cluster_of: dict[str, int], belongs: Callable[[str], bool]) -> int:
    """The most members one cluster has among the samples of ``pool`` that ``belongs`` (0 when
    none does): the bound on a cluster's count that the betting test needs (:class:`BettingTest`
    ``max_size``), known before the run.

    Args:
        pool: sample ids; cluster_of: sample id -> cluster index; belongs: sample id -> member of
            the metric's population.
    """
    members: dict[int, int] = {}
    for sid in pool:
        if belongs(sid):
            members[cluster_of[sid]] = members.get(cluster_of[sid], 0) + 1
    return max(members.values(), default=0)


def cluster_observations(sums: np.ndarray, counts: np.ndarray, threshold: float | np.ndarray, max_size: int) -> np.ndarray:
    """X(t) = (S - t k) / K + t for clusters with sums S and member counts k (module docstring).

    Args:
        sums, counts: arrays of the same shape; 0 <= S <= k <= max_size.
        threshold: t in [0, 1] (a scalar, or an array broadcasting against the others).
        max_size: K >= 1, the largest possible cluster size.

    Returns:
        values in [0, 1], of the broadcast shape.
    """
    t = np.asarray(threshold, dtype=float)
    return np.clip((np.asarray(sums, float) - t * np.asarray(counts, float)) / max_size + t, 0.0, 1.0)


def bet_sizes(x: np.ndarray, alpha: float) -> np.ndarray:
    """The predictable plug-in bet sizes lambda_i (before the caps) for sequences along the last axis.

    Args:
        x: observations in [0, 1], shape (..., n).
        alpha: the two-sided error level (0 < alpha < 1).

    Returns:
        lambda of shape (..., n); lambda_i depends on x_1..x_{i-1} only.
    """
    n = x.shape[-1]
    i = np.arange(1, n + 1, dtype=float)
    mu = (0.5 + np.cumsum(x, axis=-1)) / (i + 1)
    sq = np.cumsum((x - mu) ** 2, axis=-1)
    prev = np.concatenate([np.zeros(x.shape[:-1] + (1,)), sq[..., :-1]], axis=-1)
    s2_prev = (0.25 + prev) / i  # s2_{i-1} = (1/4 + sum_{j<i} ...) / i
    return np.sqrt(2.0 * math.log(2.0 / alpha) / (s2_prev * i * np.log1p(i)))


def log_wealth(x: np.ndarray, threshold: float | np.ndarray, alpha: float, cap: float = BET_CAP) -> tuple[np.ndarray, np.ndarray]:
    """log K+_n(t) and log K-_n(t) for every prefix n (module docstring).

    Args:
        x: observations in [0, 1], shape (..., n).
        threshold: t in [0, 1], a scalar or an array broadcasting against x[..., :1].
        alpha: two-sided level.
        cap: c in (0, 1).

    Returns:
        (log_up, log_down), each of shape (..., n), cumulative along the last axis.
    """
    t = np.asarray(threshold, dtype=float)
    lam = bet_sizes(x, alpha)
    with np.errstate(divide="ignore"):
        lam_up = np.minimum(lam, cap / t)
        lam_down = np.minimum(lam, cap / (1.0 - t))
    d = x - t
    return np.cumsum(np.log1p(lam_up * d), axis=-1), np.cumsum(np.log1p(-lam_down * d), axis=-1)


def first_crossing(log_k: np.ndarray, alpha: float) -> np.ndarray:
    """Index (0-based, along the last axis) where log K first reaches log(2/alpha); -1 if never."""
    hit = log_k >= math.log(2.0 / alpha)
    return np.where(hit.any(axis=-1), hit.argmax(axis=-1), -1)


def confidence_sequence(x_at: "callable", n_grid: int = 1001, alpha: float = 0.05, cap: float = BET_CAP) -> tuple[float, float]:
    """The confidence set at the last observation, {m : K+(m) < 2/alpha and K-(m) < 2/alpha}, as
    its hull [low, high] on a grid of m in [0, 1] (step 1/(n_grid - 1)).

    Args:
        x_at: m (array of shape (g, 1)) -> observations X(m) of shape (g, n) (for clusters,
            :func:`cluster_observations` at each m; plain observations ignore m).
        n_grid: grid points.
        alpha, cap: as in :func:`log_wealth`.

    Returns:
        (low, high); (nan, nan) when there is no observation.
    """
    grid = np.linspace(0.0, 1.0, n_grid)
    keep = np.zeros(n_grid, dtype=bool)
    bound = math.log(2.0 / alpha)
    for start in range(0, n_grid, 128):  # chunks bound the memory for long sequences
        m = grid[start : start + 128, None]
        x = x_at(m)
        if x.shape[-1] == 0:
            return float("nan"), float("nan")
        up, down = log_wealth(x, m, alpha, cap)
        keep[start : start + 128] = (up[:, -1] < bound) & (down[:, -1] < bound)
    if not keep.any():  # every m excluded (possible for tiny alpha); the closest point to the data
        return float("nan"), float("nan")
    inside = grid[keep]
    return float(inside[0]), float(inside[-1])


@dataclass
class BettingTest:
    """The same test, updated one cluster at a time (what a running evaluation uses).

    Attributes:
        threshold: t in [0, 1].
        alpha: two-sided level; each side errs with probability <= alpha / 2.
        max_size: K, the largest cluster size (1 = no clustering).
        n: clusters observed (those with k > 0); samples: their members.
        log_up, log_down: log K+ and log K- at t.
        above_at, below_at: (clusters, samples) when log K+ (evidence above t) or log K-
            (evidence below t) first reached log(2/alpha), else None.
    """

    threshold: float
    alpha: float = 0.05
    max_size: int = 1
    cap: float = BET_CAP
    n: int = 0
    samples: int = 0
    log_up: float = 0.0
    log_down: float = 0.0
    above_at: tuple[int, int] | None = None
    below_at: tuple[int, int] | None = None
    sums: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    _sum_x: float = 0.0
    _sum_sq: float = 0.0

    def update(self, total: float, count: int) -> None:
        """Add one cluster (sum of its values, number of its members); a cluster without members
        (count 0) carries no information and is skipped.

        Raises:
            ValueError: count above max_size, or a sum outside [0, count].
        """
        if count == 0:
            return
        if count > self.max_size or not -1e-9 <= total <= count + 1e-9:
            raise ValueError(f"cluster of {count} members with sum {total}: outside [0, {count}] or above the largest size {self.max_size}")
        t = self.threshold
        x = float(cluster_observations(np.array(total), np.array(count), t, self.max_size))
        i = self.n + 1
        s2_prev = (0.25 + self._sum_sq) / i
        lam = math.sqrt(2.0 * math.log(2.0 / self.alpha) / (s2_prev * i * math.log1p(i)))
        lam_up = min(lam, self.cap / t) if t > 0 else lam
        lam_down = min(lam, self.cap / (1.0 - t)) if t < 1 else lam
        self.log_up += math.log1p(lam_up * (x - t))
        self.log_down += math.log1p(-lam_down * (x - t))
        self.n, self.samples = i, self.samples + count
        self._sum_x += x
        self._sum_sq += (x - (0.5 + self._sum_x) / (i + 1)) ** 2
        self.sums.append(float(total))
        self.counts.append(int(count))
        bound = math.log(2.0 / self.alpha)
        if self.above_at is None and self.log_up >= bound:
            self.above_at = (self.n, self.samples)
        if self.below_at is None and self.log_down >= bound:
            self.below_at = (self.n, self.samples)

    @property
    def estimate(self) -> float | None:
        """The observed share sum S / sum k (None before any cluster)."""
        k = sum(self.counts)
        return sum(self.sums) / k if k else None

    def interval(self, n_grid: int = 1001) -> tuple[float | None, float | None]:
        """The (1 - alpha) confidence sequence's hull now (:func:`confidence_sequence`)."""
        if not self.counts:
            return None, None
        s, k = np.array(self.sums), np.array(self.counts)
        low, high = confidence_sequence(lambda m: cluster_observations(s[None, :], k[None, :], m, self.max_size), n_grid, self.alpha, self.cap)
        return (None if math.isnan(low) else low), (None if math.isnan(high) else high)
