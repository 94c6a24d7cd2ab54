"""Paired differences: two systems scored on the same items, the difference with an honest CI.

Two model versions answering the same items form a paired design: an item's two outcomes are
correlated, so the interval of the difference is much narrower than the one of two independent
rates (Newcombe 1998b), and the evidence sits in the **discordant** items (those the two systems
score differently). medtrust uses one entry point, :func:`paired_difference`, and two methods:

**Binary outcomes (0/1 per item): Tango's score interval.** With ``n`` pairs, ``b`` items where
system A scores 1 and B 0, ``c`` items where A scores 0 and B 1, the difference of the two rates
is ``D = (b - c) / n``. Tango (1998) inverts the score test of ``H: D = d``:

    Z(d) = (b - c - n d) / sqrt(n (2 q(d) + d (1 - d)))

where ``q(d)`` is the maximum-likelihood estimate of the (A=0, B=1) cell probability under the
constraint, the root of ``2n q^2 + (-b - c + (2n - b + c) d) q - c d (1 - d) = 0`` (Tango 1998,
eq. 5; derived again in docs/comparison.md). The interval is ``{d : |Z(d)| <= z}``; ``Z`` falls
monotonically in ``d``, so each bound is found by bisection. It is never zero-width (``b = c = 0``
gives ``[-z^2 / (n + z^2), z^2 / (n + z^2)]``), stays inside [-1, 1] and has close to nominal
coverage down to small n; Fagerland, Lydersen & Laake (2014) recommend it among the paired
intervals they compared. It is the score counterpart of McNemar's test.

**Clustered binary outcomes (rewrites of one prompt, questions about one image): Rao-Scott.**
Items of one cluster are not independent, so the counts are divided by the design effect of the
paired difference (Rao & Scott 1992): with ``d_i = a_i - b_i``, the cluster-robust variance of
``mean(d)`` over the independent-items variance gives ``deff``; the effective sample size
``n_eff = n / deff`` is kept between ``n_min = n^2 / sum_g n_g^2`` (intra-cluster correlation 1)
and ``n`` (clustering never narrows the interval), as for medtrust's cluster-adjusted Wilson
interval (medtrust.metrics.proportion); with no discordant item the design effect cannot be
estimated and ``n_eff = n_min`` (the worst case). Tango's interval is then computed on
``(b, c, n) x n_eff / n``.

**Other bounded values (CARES-LLM credit 0 / 0.5 / 1): the paired cluster bootstrap**
(:func:`medtrust.metrics.bootstrap.paired_bootstrap_diff`: percentile interval of the mean
difference over resampled clusters, Newcombe's hybrid interval when it collapses to a point).

The coverage of both methods, clustered and not, is simulated in tests/metrics/test_paired.py and
measurements/paired_coverage.py (docs/comparison.md has the table).

Sources: Tango, T. (1998) Equivalence test and confidence interval for the difference in
proportions for the paired-sample design. Statistics in Medicine 17:891-908 (and the 1999
correction, 18:3511). Fagerland, M. W., Lydersen, S., Laake, P. (2014) Recommended tests and
confidence intervals for paired binomial proportions. Statistics in Medicine 33:2850-2875. Rao,
J. N. K., Scott, A. J. (1992) A simple method for the analysis of clustered binary data.
Biometrics 48:577-585. Newcombe, R. G. (1998b) Improved confidence intervals for the difference
between binomial proportions based on paired data. Statistics in Medicine 17:2635-2650.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np

from medtrust.metrics.bootstrap import paired_bootstrap_diff
from medtrust.metrics.proportion import z_value

TANGO = "tango-score"
TANGO_CLUSTERED = "tango-score-rao-scott"
#: bisection steps: the bracket [-1, 1] shrinks to 2^-60 (far below any reported digit)
_STEPS = 60


@dataclass(frozen=True)
class PairedDifference:
    """The mean paired difference ``mean(a - b)`` with its interval.

    Attributes:
        estimate: mean(a - b) over the pairs (NaN when there is none), in the values' unit.
        low, high: interval bounds at ``confidence`` (NaN when undefined).
        n: pairs.
        n_clusters: independent units among them.
        confidence: e.g. 0.95.
        method: :data:`TANGO`, :data:`TANGO_CLUSTERED`, ``percentile`` (cluster bootstrap) or
            ``newcombe-hybrid-score`` (the bootstrap collapsed to a point).
        a_higher, b_higher: discordant pairs: items where a's value is above b's, and below.
        binary: every value was 0 or 1.
        n_eff: effective pairs of a clustered Tango interval (n otherwise; NaN for bootstrap).
    """

    estimate: float
    low: float
    high: float
    n: int
    n_clusters: int
    confidence: float
    method: str
    a_higher: int
    b_higher: int
    binary: bool
    n_eff: float = float("nan")

    @property
    def discordant(self) -> int:
        """Items the two systems score differently."""
        return self.a_higher + self.b_higher

    def excludes(self, value: float = 0.0) -> bool:
        """True if ``value`` lies outside [low, high]."""
        return bool(math.isfinite(self.low) and (value < self.low or value > self.high))

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready (NaN as None)."""
        return {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in asdict(self).items()}


def tango_constrained_q(b: Any, c: Any, n: Any, d: Any) -> np.ndarray:
    """Constrained MLE of the (A=0, B=1) cell probability when the difference is ``d`` (Tango
    1998, eq. 5): the non-negative root of ``2n q^2 + (-b - c + (2n - b + c) d) q - c d (1 - d)``.

    Args: arrays broadcasting together; counts may be fractional (effective counts); n > 0.
    """
    b, c, n, d = (np.asarray(x, dtype=np.float64) for x in (b, c, n, d))
    A = 2.0 * n
    B = -b - c + (2.0 * n - b + c) * d
    C = -c * d * (1.0 - d)
    disc = np.maximum(B * B - 4.0 * A * C, 0.0)
    return (np.sqrt(disc) - B) / (2.0 * A)


def tango_score(b: Any, c: Any, n: Any, d: Any) -> np.ndarray:
    """Tango's score statistic ``Z(d)`` (module docstring); +-inf where its variance is 0 and the
    numerator is not, 0 where both are."""
    b, c, n, d = (np.asarray(x, dtype=np.float64) for x in (b, c, n, d))
    num = b - c - n * d
    var = n * (2.0 * tango_constrained_q(b, c, n, d) + d * (1.0 - d))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = num / np.sqrt(np.maximum(var, 0.0))
    z = np.where(var > 1e-300, z, np.where(num > 0, np.inf, -np.inf))
    return np.where(num == 0.0, 0.0, z)


def tango_interval(b: Any, c: Any, n: Any, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Tango's (1998) score interval for the paired difference ``(b - c) / n``.

    Args:
        b: pairs with A = 1, B = 0; c: pairs with A = 0, B = 1; n: all pairs (> 0). Arrays that
            broadcast together (a simulation passes thousands of tables at once); fractional
            counts allowed (Rao-Scott effective counts).
        confidence: two-sided level in (0, 1).

    Returns:
        (low, high) arrays in [-1, 1], each found by bisection to 2^-60.

    Raises:
        ValueError: a count below 0, b + c > n, or n <= 0.
    """
    b, c, n = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (b, c, n)))
    if np.any(n <= 0) or np.any(b < 0) or np.any(c < 0) or np.any(b + c > n * (1 + 1e-12)):
        raise ValueError("Tango's interval needs 0 <= b, c and b + c <= n, n > 0")
    z = z_value(confidence)
    est = (b - c) / n
    # Z(d) decreases in d: the lower bound solves Z = z on [-1, est], the upper Z = -z on [est, 1]
    lo_a, lo_b = np.full(est.shape, -1.0), est.copy()
    hi_a, hi_b = est.copy(), np.full(est.shape, 1.0)
    for _ in range(_STEPS):
        mid = (lo_a + lo_b) / 2.0
        above = tango_score(b, c, n, mid) > z
        lo_a, lo_b = np.where(above, mid, lo_a), np.where(above, lo_b, mid)
        mid = (hi_a + hi_b) / 2.0
        below = tango_score(b, c, n, mid) < -z
        hi_a, hi_b = np.where(below, hi_a, mid), np.where(below, mid, hi_b)
    return lo_b, hi_a


def effective_pairs(d_sums: Any, sizes: Any, n_discordant: Any) -> np.ndarray:
    """Rao-Scott effective number of pairs for clustered paired 0/1 data (module docstring).

    Args:
        d_sums: shape (..., g), per cluster the sum of ``d_i = a_i - b_i`` (in {-1, 0, 1});
        sizes: shape (..., g), pairs per cluster (clusters of size 0 are allowed and ignored);
        n_discordant: shape (...), pairs with ``d_i != 0`` (the sum of ``d_i^2``).

    Returns:
        n_eff, shape (...): ``n / deff`` kept in [n_min, n], n_min when no pair is discordant or
        every pair differs the same way (no variation: the design effect cannot be estimated).
    """
    s = np.asarray(d_sums, dtype=np.float64)
    m = np.asarray(sizes, dtype=np.float64)
    n = m.sum(axis=-1)
    dbar = s.sum(axis=-1) / n
    var_iid = (np.asarray(n_discordant, dtype=np.float64) / n - dbar**2) / n
    var_cl = ((s - m * dbar[..., None]) ** 2).sum(axis=-1) / n**2
    n_min = n**2 / (m**2).sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        n_eff = n * var_iid / var_cl
    n_eff = np.where((var_iid > 1e-15) & (var_cl > 1e-300), n_eff, n_min)
    return np.clip(n_eff, n_min, n)


def _cluster_index(clusters: Sequence[Any] | None, n: int) -> np.ndarray:
    if clusters is None:
        return np.arange(n)
    if len(clusters) != n:
        raise ValueError(f"clusters has {len(clusters)} entries but values has {n}")
    return np.unique(np.asarray([str(c) for c in clusters]), return_inverse=True)[1].reshape(-1)


def paired_difference(
    values_a: Sequence[float] | np.ndarray,
    values_b: Sequence[float] | np.ndarray,
    clusters: Sequence[Any] | None = None,
    *,
    binary: bool | None = None,
    confidence: float = 0.95,
    n_resamples: int = 2000,
    seed: int = 0,
) -> PairedDifference:
    """``mean(a - b)`` on aligned pairs with the interval of the module docstring.

    Args:
        values_a, values_b: shape (n,), the two systems' values on the same items, in [0, 1].
        clusters: shape (n,) cluster id per item (prompt family, image ...); None = independent.
        binary: force the method: True = Tango (values must be 0/1), False = bootstrap; None =
            Tango when every value is 0 or 1.
        confidence: two-sided level in (0, 1).
        n_resamples, seed: the bootstrap's (non-binary values only).

    Returns:
        :class:`PairedDifference` (n == 0: every number NaN).

    Raises:
        ValueError: lengths differ, a value outside [0, 1] or not finite, ``binary=True`` on
            values that are not 0/1.
    """
    a = np.asarray(values_a, dtype=np.float64).reshape(-1)
    b = np.asarray(values_b, dtype=np.float64).reshape(-1)
    if a.shape != b.shape:
        raise ValueError(f"paired values differ in length: {a.size} vs {b.size}")
    z_value(confidence)
    nan = float("nan")
    n = int(a.size)
    if n == 0:
        return PairedDifference(nan, nan, nan, 0, 0, confidence, TANGO, 0, 0, bool(binary))
    if not (np.all(np.isfinite(a)) and np.all(np.isfinite(b))):
        raise ValueError("paired values contain NaN or inf; drop non-answers before pairing")
    if np.any((a < 0) | (a > 1) | (b < 0) | (b > 1)):
        raise ValueError("paired values must lie in [0, 1]")
    is01 = bool(np.all((a == 0) | (a == 1)) and np.all((b == 0) | (b == 1)))
    if binary and not is01:
        raise ValueError("binary=True needs 0/1 values")
    use_tango = is01 if binary is None else binary
    cid = _cluster_index(clusters, n)
    k = int(cid.max()) + 1
    hi_a, hi_b = int(np.sum(a > b)), int(np.sum(a < b))
    if not use_tango:
        ci = paired_bootstrap_diff(a, b, None if clusters is None else list(cid), n_resamples=n_resamples, confidence=confidence, seed=seed)
        return PairedDifference(ci.estimate, ci.low, ci.high, n, k, confidence, ci.method, hi_a, hi_b, is01)
    d = a - b
    if k == n:
        low, high = tango_interval(hi_a, hi_b, n, confidence)
        return PairedDifference(float(d.mean()), float(low), float(high), n, k, confidence, TANGO, hi_a, hi_b, True, float(n))
    n_eff = float(effective_pairs(np.bincount(cid, weights=d, minlength=k), np.bincount(cid, minlength=k), hi_a + hi_b))
    f = n_eff / n
    low, high = tango_interval(hi_a * f, hi_b * f, n_eff, confidence)
    return PairedDifference(float(d.mean()), float(low), float(high), n, k, confidence, TANGO_CLUSTERED, hi_a, hi_b, True, n_eff)
