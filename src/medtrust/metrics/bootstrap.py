"""Cluster (block) bootstrap confidence intervals.

Why clustered: CARES-LLM rewrites of one base prompt, CARES-VLM questions about one image
and MediConfusion's two images of a pair are not independent; resampling single samples
would give intervals that are too narrow. We resample whole clusters with replacement
(Davison & Hinkley 1997, sec. 3.8; the percentile interval of Efron & Tibshirani 1993,
ch. 13).

medtrust reports means and proportions with the cluster-adjusted Wilson interval
(medtrust.metrics.proportion); the bootstrap here serves differences, gaps and other
statistics. A percentile interval collapses to a point when every replicate is equal (both
arms all-correct, say): for a difference of two [0, 1] means :func:`boundary_fixed` then
gives Newcombe's hybrid score interval from the arms' Wilson intervals (docs/statistics.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, Callable, Sequence

import numpy as np

from medtrust.metrics.proportion import NEWCOMBE, ProportionCI, newcombe_difference, proportion_ci

#: Resamples drawn per chunk; bounds memory at chunk x n_clusters indices.
_CHUNK = 256
#: Above this many distinct (cluster sum, size) types, draw cluster indices instead of type counts.
_MAX_TYPES = 2000


@dataclass(frozen=True)
class BootstrapCI:
    """A point estimate with a percentile bootstrap interval.

    Attributes:
        estimate: the statistic on the full data (NaN when there is no data).
        low, high: interval bounds at ``confidence`` (NaN when undefined).
        n: number of samples that entered the statistic.
        n_clusters: number of resampling units.
        n_resamples: bootstrap replicates drawn.
        confidence: e.g. 0.95.
        method: ``percentile`` or, after :func:`boundary_fixed`, ``newcombe-hybrid-score``.
    """

    estimate: float
    low: float
    high: float
    n: int
    n_clusters: int
    n_resamples: int
    confidence: float
    method: str = "percentile"

    @property
    def collapsed(self) -> bool:
        """True when the interval is a single point (every replicate gave the same value)."""
        return bool(np.isfinite(self.low) and self.low == self.high)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict (NaN kept as float NaN; callers serialise with allow_nan or map to None)."""
        return asdict(self)

    def excludes(self, value: float = 0.0) -> bool:
        """True if ``value`` lies outside [low, high] (e.g. a gap distinguishable from zero)."""
        return bool(np.isfinite(self.low) and (value < self.low or value > self.high))


def _cluster_index(clusters: Sequence[Any] | None, n: int) -> np.ndarray:
    if clusters is None:
        return np.arange(n)
    if len(clusters) != n:
        raise ValueError(f"clusters has {len(clusters)} entries but values has {n}")
    _, inverse = np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)
    return inverse


def _percentile(stats: np.ndarray, confidence: float) -> tuple[float, float]:
    stats = stats[np.isfinite(stats)]
    if stats.size == 0:
        return float("nan"), float("nan")
    alpha = (1.0 - confidence) / 2.0
    lo, hi = np.quantile(stats, [alpha, 1.0 - alpha])
    return float(lo), float(hi)


def cluster_bootstrap_ci(
    values: Sequence[float] | np.ndarray,
    clusters: Sequence[Any] | None = None,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> BootstrapCI:
    """Mean of ``values`` with a cluster-bootstrap percentile CI.

    Each replicate draws ``n_clusters`` clusters with replacement and takes the mean of all
    samples in the drawn clusters (a ratio of sums, so unequal cluster sizes are handled).

    Args:
        values: shape (n,), per-sample values (e.g. 0/1 correctness, Safety Score credit).
        clusters: shape (n,), cluster id per sample (any hashable); None = every sample its own.
        n_resamples: number of bootstrap replicates (>= 1).
        confidence: interval level in (0, 1).
        seed: seed of numpy's PCG64 generator; same inputs + seed -> same interval.

    Returns:
        BootstrapCI; with n == 0 all numbers are NaN.

    Raises:
        ValueError: on length mismatch, non-finite values, or bad ``confidence``/``n_resamples``.
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be >= 1, got {n_resamples}")
    y = np.asarray(values, dtype=np.float64)
    n = y.size
    if n == 0:
        nan = float("nan")
        return BootstrapCI(nan, nan, nan, 0, 0, n_resamples, confidence)
    if not np.all(np.isfinite(y)):
        raise ValueError("values contain NaN or inf; drop non-answers before computing a mean")
    stats, n_clusters = resampled_means(y, clusters, n_resamples=n_resamples, rng=np.random.default_rng(seed))
    lo, hi = _percentile(stats, confidence)
    return BootstrapCI(float(y.mean()), lo, hi, n, n_clusters, n_resamples, confidence)


def resampled_means(
    values: np.ndarray, clusters: Sequence[Any] | None, *, n_resamples: int, rng: np.random.Generator
) -> tuple[np.ndarray, int]:
    """Bootstrap replicates of the mean under cluster resampling.

    Args:
        values: shape (n,), finite floats (n >= 1).
        clusters: shape (n,) cluster ids, or None (every sample its own cluster).
        n_resamples: replicates to draw.
        rng: numpy Generator; the caller owns it so further draws can follow (e.g. a
            calibration sample in medtrust.judges.correction).

    Returns:
        (replicate means of shape (n_resamples,), number of clusters).
    """
    y = np.asarray(values, dtype=np.float64)
    cid = _cluster_index(clusters, y.size)
    n_clusters = int(cid.max()) + 1
    sums = np.bincount(cid, weights=y, minlength=n_clusters)
    counts = np.bincount(cid, minlength=n_clusters).astype(np.float64)
    # A replicate depends only on how often each distinct (cluster sum, cluster size) type is
    # drawn, and those counts are Multinomial(n_clusters, type frequencies): exact, and fast when
    # values are discrete (0/1 correctness, {0, 0.5, 1} credit) so there are few types.
    types, type_counts = np.unique(np.stack([sums, counts], axis=1), axis=0, return_counts=True)
    stats = np.empty(n_resamples)
    if len(types) <= _MAX_TYPES:
        pvals = type_counts / n_clusters
        for start in range(0, n_resamples, _CHUNK * 16):
            k = min(_CHUNK * 16, n_resamples - start)
            draws = rng.multinomial(n_clusters, pvals, size=k).astype(np.float64)
            stats[start : start + k] = (draws @ types[:, 0]) / (draws @ types[:, 1])
        return stats, n_clusters
    for start in range(0, n_resamples, _CHUNK):
        k = min(_CHUNK, n_resamples - start)
        idx = rng.integers(0, n_clusters, size=(k, n_clusters), dtype=np.int32)
        stats[start : start + k] = np.take(sums, idx).sum(axis=1) / np.take(counts, idx).sum(axis=1)
    return stats, n_clusters


def cluster_bootstrap_statistic(
    statistic: Callable[[np.ndarray], float],
    clusters: Sequence[Any],
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> BootstrapCI:
    """Any statistic with a cluster-bootstrap percentile CI.

    Use for statistics that are not a plain mean (e.g. a fairness gap max - min over groups).

    Args:
        statistic: called with an int array of sample indices (a resample may repeat
            indices); returns a float (NaN allowed: such replicates are dropped).
        clusters: shape (n,), cluster id per sample.
        n_resamples, confidence, seed: as in :func:`cluster_bootstrap_ci`.

    Returns:
        BootstrapCI whose estimate is ``statistic(arange(n))``.
    """
    n = len(clusters)
    nan = float("nan")
    if n == 0:
        return BootstrapCI(nan, nan, nan, 0, 0, n_resamples, confidence)
    cid = _cluster_index(clusters, n)
    n_clusters = int(cid.max()) + 1
    order = np.argsort(cid, kind="stable")
    bounds = np.searchsorted(cid[order], np.arange(n_clusters + 1))
    members = [order[bounds[c] : bounds[c + 1]] for c in range(n_clusters)]
    rng = np.random.default_rng(seed)
    stats = np.empty(n_resamples)
    for r in range(n_resamples):
        drawn = rng.integers(0, n_clusters, size=n_clusters)
        stats[r] = statistic(np.concatenate([members[c] for c in drawn]))
    lo, hi = _percentile(stats, confidence)
    return BootstrapCI(float(statistic(np.arange(n))), lo, hi, n, n_clusters, n_resamples, confidence)


def boundary_fixed(ci: BootstrapCI, arm_a: ProportionCI, arm_b: ProportionCI) -> BootstrapCI:
    """``ci`` of a difference a - b of two [0, 1] means, unless it collapsed to a point: then
    the same estimate with Newcombe's hybrid score interval from the arms' intervals
    (medtrust.metrics.proportion.newcombe_difference; ``method="newcombe-hybrid-score"``).

    Args:
        ci: bootstrap interval of the difference (same units as the arms: fractions).
        arm_a, arm_b: each arm's estimate with its cluster-adjusted Wilson interval.
    """
    if not ci.collapsed or arm_a.n == 0 or arm_b.n == 0:
        return ci
    low, high = newcombe_difference(arm_a, arm_b)
    return replace(ci, low=low, high=high, method=NEWCOMBE)


def paired_bootstrap_diff(
    values_a: Sequence[float] | np.ndarray,
    values_b: Sequence[float] | np.ndarray,
    clusters: Sequence[Any] | None = None,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> BootstrapCI:
    """Mean paired difference mean(a - b) on shared samples, with a cluster-bootstrap CI.

    When the percentile interval collapses to a point (no sample differs, or every one differs
    the same way) and all values are in [0, 1], the interval is Newcombe's hybrid score
    interval from each arm's clustered Wilson interval (:func:`boundary_fixed`).

    Args:
        values_a, values_b: shape (n,), aligned values of two systems on the same samples.
        clusters: shape (n,) cluster ids, or None.

    Raises:
        ValueError: if the two arrays differ in length.
    """
    a = np.asarray(values_a, dtype=np.float64)
    b = np.asarray(values_b, dtype=np.float64)
    if a.shape != b.shape:
        raise ValueError(f"paired values differ in length: {a.size} vs {b.size}")
    ci = cluster_bootstrap_ci(a - b, clusters, n_resamples=n_resamples, confidence=confidence, seed=seed)
    if ci.collapsed and a.size and np.all((a >= 0) & (a <= 1) & (b >= 0) & (b <= 1)):
        ci = boundary_fixed(ci, proportion_ci(a, clusters, confidence=confidence), proportion_ci(b, clusters, confidence=confidence))
    return ci
