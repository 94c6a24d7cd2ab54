"""Confidence intervals for proportions and other means of values in [0, 1], honest at 0 and 1.

Every rate, accuracy and score medtrust reports is a mean of per-sample values in [0, 1]
(0/1 correctness, CARES-LLM credit in {0, 0.5, 1}, a judge grade / 10) over samples that are
not independent (rewrites of one prompt, questions about one image, the two images of a pair,
the epochs of one sample). A percentile bootstrap of such a mean collapses to a zero-width
interval when every value is 0 or 1 (``1.000 [1.000, 1.000] n=11``), and is too narrow on small
groups. medtrust instead reports the **cluster-adjusted Wilson score interval** (docs/statistics.md):

1. estimate ``p = sum(w y) / sum(w)`` (w = 1 for a plain mean);
2. cluster-robust (linearisation) variance of that ratio mean,
   ``V = sum_g (sum_{i in g} w_i (y_i - p))^2 / (sum w)^2`` (Kish 1965; Cochran 1977);
3. effective sample size ``n_eff = p (1 - p) / V`` (Kish's design effect ``deff = n / n_eff``),
   kept between ``n_min = (sum w)^2 / sum_g (sum_{i in g} w_i)^2`` (intra-cluster correlation 1:
   the number of clusters when they are equal) and ``n_max = (sum w)^2 / sum w^2`` (no
   clustering: ``n`` for a plain mean), so clustering never makes an interval narrower than
   Wilson's on the samples (Korn & Graubard 1998 keep the effective size at most ``n``);
4. at ``p = 0`` or ``1`` the design effect cannot be estimated (no variation): ``n_eff = n_min``,
   the conservative worst case;
5. Wilson's score interval (Wilson 1927) for ``p`` with ``n_eff`` trials, which stays inside
   [0, 1] and has close to nominal coverage for small n and near the boundary (Brown, Cai &
   DasGupta 2001).

For values that are not 0/1, ``p (1 - p)`` is the largest variance any [0, 1]-valued variable with
mean ``p`` can have (Bhatia & Davis 2000), so using it as the binomial reference keeps the
interval conservative; step 3 still makes the interval's variance equal the cluster-robust one.

Sums use :func:`math.fsum` (correctly rounded), so the result does not depend on sample order:
the inspect log's metrics and the summary get the same floats from the same data.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any, Sequence

import numpy as np

#: Name of the interval method, recorded in summaries' provenance.
METHOD = "wilson-cluster"
#: Method name of a difference interval from :func:`newcombe_difference`.
NEWCOMBE = "newcombe-hybrid-score"
#: Values within this distance outside [0, 1] are accepted (floating rounding of grade / 10 etc.).
_TOL = 1e-9


@dataclass(frozen=True)
class ProportionCI:
    """A mean of [0, 1] values with a cluster-adjusted Wilson interval.

    Attributes:
        estimate: the (weighted) mean, in [0, 1]; NaN when there is no data.
        low, high: interval bounds at ``confidence`` (NaN when there is no data).
        n: samples that entered the mean.
        n_clusters: distinct clusters among them.
        n_eff: effective sample size used in Wilson's formula (NaN when there is no data).
        confidence: e.g. 0.95.
        method: :data:`METHOD`.
    """

    estimate: float
    low: float
    high: float
    n: int
    n_clusters: int
    n_eff: float
    confidence: float
    method: str = METHOD

    @property
    def design_effect(self) -> float:
        """Kish's design effect ``n / n_eff`` (NaN when there is no data)."""
        return self.n / self.n_eff if self.n and self.n_eff > 0 else float("nan")

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict (NaN kept as float NaN)."""
        return asdict(self)

    def excludes(self, value: float = 0.0) -> bool:
        """True if ``value`` lies outside [low, high]."""
        return bool(math.isfinite(self.low) and (value < self.low or value > self.high))


def z_value(confidence: float) -> float:
    """Two-sided standard normal quantile, e.g. 1.959964 for 0.95.

    Raises:
        ValueError: ``confidence`` not in (0, 1).
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return NormalDist().inv_cdf(1.0 - (1.0 - confidence) / 2.0)


def wilson_interval(p: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's (1927) score interval for a proportion ``p`` observed on ``n`` (> 0, may be
    fractional: an effective sample size) trials.

    ``centre = (p + z^2 / 2n) / (1 + z^2 / n)``,
    ``half = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)``; bounds clipped to [0, 1].
    At ``p = 1`` the lower bound is ``n / (n + z^2)`` (0.7412 for n = 11 at 95%).

    Raises:
        ValueError: ``n <= 0`` or ``p`` outside [0, 1].
    """
    if not n > 0:
        raise ValueError(f"Wilson interval needs n > 0, got {n}")
    if not -_TOL <= p <= 1.0 + _TOL:
        raise ValueError(f"a proportion must be in [0, 1], got {p}")
    p = min(1.0, max(0.0, p))
    z = z_value(confidence)
    z2n = z * z / n
    centre = (p + z2n / 2.0) / (1.0 + z2n)
    half = z / (1.0 + z2n) * math.sqrt(p * (1.0 - p) / n + z2n / (4.0 * n))
    if p == 1.0:  # exact forms at the boundary (no rounding above/below it)
        return 1.0 / (1.0 + z2n), 1.0
    if p == 0.0:
        return 0.0, z2n / (1.0 + z2n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _cluster_ids(clusters: Sequence[Any] | None, n: int) -> np.ndarray:
    if clusters is None:
        return np.arange(n)
    if len(clusters) != n:
        raise ValueError(f"clusters has {len(clusters)} entries but values has {n}")
    _, inverse = np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)
    return inverse.reshape(-1)


def proportion_ci(
    values: Sequence[float] | np.ndarray,
    clusters: Sequence[Any] | None = None,
    *,
    weights: Sequence[float] | np.ndarray | None = None,
    confidence: float = 0.95,
) -> ProportionCI:
    """Mean of ``values`` in [0, 1] with the cluster-adjusted Wilson interval (module docstring).

    Args:
        values: shape (n,), each in [0, 1] (0/1 flags, credits, grades / 10).
        clusters: shape (n,), cluster id per sample (any value; compared as str); None = every
            sample its own cluster, which gives exactly Wilson's interval on n.
        weights: shape (n,), positive sample weights (e.g. 1 / stratum size for a mean over
            strata); None = a plain mean.
        confidence: interval level in (0, 1).

    Returns:
        ProportionCI; with n == 0 every number is NaN (undefined, never 0).

    Raises:
        ValueError: length mismatch, non-finite values, a value outside [0, 1], a weight <= 0,
            or ``confidence`` outside (0, 1).
    """
    z_value(confidence)
    y = np.asarray(values, dtype=np.float64).reshape(-1)
    n = int(y.size)
    nan = float("nan")
    if n == 0:
        return ProportionCI(nan, nan, nan, 0, 0, nan, confidence)
    if not np.all(np.isfinite(y)):
        raise ValueError("values contain NaN or inf; drop non-answers before computing a proportion")
    if np.any(y < -_TOL) or np.any(y > 1.0 + _TOL):
        raise ValueError(f"values must be in [0, 1] for a proportion interval, got range [{y.min()}, {y.max()}]")
    y = np.clip(y, 0.0, 1.0)
    w = np.ones(n) if weights is None else np.asarray(weights, dtype=np.float64).reshape(-1)
    if w.size != n:
        raise ValueError(f"weights has {w.size} entries but values has {n}")
    if not np.all(np.isfinite(w)) or np.any(w <= 0):
        raise ValueError("weights must be finite and > 0")
    cid = _cluster_ids(clusters, n)
    k = int(cid.max()) + 1
    total_w = math.fsum(w)
    p = min(1.0, max(0.0, math.fsum(w * y) / total_w))
    order = np.argsort(cid, kind="stable")
    bounds = np.searchsorted(cid[order], np.arange(k + 1))
    dev = w * (y - p)
    cluster_dev = [math.fsum(dev[order[bounds[g] : bounds[g + 1]]]) for g in range(k)]
    cluster_w = [math.fsum(w[order[bounds[g] : bounds[g + 1]]]) for g in range(k)]
    n_max = total_w * total_w / math.fsum(w * w)
    n_min = total_w * total_w / math.fsum(x * x for x in cluster_w)
    var = math.fsum(d * d for d in cluster_dev) / (total_w * total_w)
    if p in (0.0, 1.0):
        n_eff = n_min  # no variation: the design effect cannot be estimated; assume the worst
    elif var <= 0.0:
        n_eff = n_max
    else:
        n_eff = min(n_max, max(n_min, p * (1.0 - p) / var))
    low, high = wilson_interval(p, n_eff, confidence)
    return ProportionCI(p, low, high, n, k, n_eff, confidence)


def stratified_proportion_ci(
    values: Sequence[float] | np.ndarray,
    strata: Sequence[Any],
    clusters: Sequence[Any] | None = None,
    *,
    confidence: float = 0.95,
) -> ProportionCI:
    """Unweighted mean over strata of each stratum's mean (e.g. CARES-VLM's mean over sources
    or over prompt variants), with the cluster-adjusted Wilson interval.

    The estimate equals ``mean_s(mean_{i in s} y_i)``: a weighted mean with weight
    ``1 / n_s`` per sample (``n_s`` = its stratum's size, held fixed), so :func:`proportion_ci`
    gives its interval (Kish's weighting effect enters through ``n_max``).

    Args:
        values: shape (n,), each in [0, 1].
        strata: shape (n,), stratum per sample (compared as str).
        clusters: shape (n,) or None, as in :func:`proportion_ci`.

    Raises:
        ValueError: as :func:`proportion_ci`, or ``strata`` of another length.
    """
    if len(strata) != len(values):
        raise ValueError(f"strata has {len(strata)} entries but values has {len(values)}")
    keys = [str(s) for s in strata]
    sizes: dict[str, int] = {}
    for s in keys:
        sizes[s] = sizes.get(s, 0) + 1
    return proportion_ci(values, clusters, weights=[1.0 / sizes[s] for s in keys] if keys else None, confidence=confidence)


def newcombe_difference(a: ProportionCI, b: ProportionCI) -> tuple[float, float]:
    """Interval for the difference ``a - b`` of two [0, 1] means from their own intervals:
    Newcombe's hybrid score interval (Newcombe 1998, method 10),

    ``L = d - sqrt((p_a - l_a)^2 + (u_b - p_b)^2)``, ``U = d + sqrt((u_a - p_a)^2 + (p_b - l_b)^2)``,

    with ``d = p_a - p_b`` and (l, u) the arms' cluster-adjusted Wilson bounds; clipped to
    [-1, 1]. It treats the arms as independent, which is conservative when paired arms are
    positively correlated (the usual case: the same images or prompts in both arms).

    Raises:
        ValueError: an arm has no data.
    """
    if a.n == 0 or b.n == 0:
        raise ValueError("a difference interval needs data in both arms")
    d = a.estimate - b.estimate
    low = d - math.sqrt((a.estimate - a.low) ** 2 + (b.high - b.estimate) ** 2)
    high = d + math.sqrt((a.high - a.estimate) ** 2 + (b.estimate - b.low) ** 2)
    return max(-1.0, low), min(1.0, high)
