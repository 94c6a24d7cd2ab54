"""Coverage of the paired intervals by simulation (medtrust.metrics.paired; docs/comparison.md).

A statistical method is proven by its error rate, not by one example: each function here draws
many data sets from a known truth, computes the interval medtrust reports on each, and returns
the share of intervals that contain the truth (the coverage, nominally 0.95). The draws are
numpy-vectorised (thousands of tables at once), so tests/metrics/test_paired.py runs them in
seconds and measurements/paired_coverage.py prints the full table.

Designs:

- **independent pairs**: ``n`` pairs, each a draw of the 2 x 2 cell probabilities
  ``(p11, p10, p01, p00)`` (A right and B right, A right only, B right only, both wrong);
  truth ``p10 - p01``;
- **clustered pairs**: ``g`` clusters of ``m`` pairs; each cluster draws its own cell
  probabilities from a Dirichlet distribution with mean ``p`` and concentration ``kappa`` (small
  kappa = strongly alike items within a cluster, like rewrites of one prompt); the pairs of a
  cluster are then independent given its probabilities; truth ``p10 - p01`` (the Dirichlet mean);
- **bounded scores**: the same with A's and B's values on a grid (CARES-LLM credit 0, 0.5, 1),
  ``cells`` a 3 x 3 matrix of joint probabilities; truth ``sum p_ij (v_i - v_j)``; these go
  through :func:`medtrust.metrics.paired.paired_difference` one data set at a time (the
  bootstrap resamples inside), so use fewer repetitions.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from medtrust.metrics.paired import effective_pairs, paired_difference, tango_interval


def _check_cells(p: Sequence[float]) -> np.ndarray:
    q = np.asarray(p, dtype=np.float64)
    if q.shape != (4,) or np.any(q < 0) or abs(q.sum() - 1.0) > 1e-9:
        raise ValueError("cells must be 4 probabilities (p11, p10, p01, p00) summing to 1")
    return q


def independent_coverage(cells: Sequence[float], n: int, *, reps: int = 20000, confidence: float = 0.95, seed: int = 0) -> float:
    """Coverage of Tango's interval on ``reps`` tables of ``n`` independent pairs.

    Raises:
        ValueError: ``cells`` not 4 probabilities summing to 1, or n < 1.
    """
    p = _check_cells(cells)
    if n < 1:
        raise ValueError("n must be >= 1")
    t = np.random.default_rng(seed).multinomial(n, p, size=reps)
    low, high = tango_interval(t[:, 1], t[:, 2], n, confidence)
    truth = p[1] - p[2]
    return float(np.mean((low <= truth) & (truth <= high)))


def clustered_coverage(cells: Sequence[float], clusters: int, size: int, kappa: float, *, reps: int = 4000, confidence: float = 0.95,
                       seed: int = 0, adjust: bool = True) -> float:  # fmt: skip
    """Coverage of the clustered interval (Tango on Rao-Scott effective counts) on ``reps`` data
    sets of ``clusters`` clusters of ``size`` pairs (module docstring); ``adjust=False`` gives
    the coverage of plain Tango on the same data (what ignoring the clusters would claim).

    Raises:
        ValueError: bad ``cells``, fewer than 2 clusters, size < 1 or kappa <= 0.
    """
    p = _check_cells(cells)
    if clusters < 2 or size < 1 or kappa <= 0:
        raise ValueError("need clusters >= 2, size >= 1 and kappa > 0")
    rng = np.random.default_rng(seed)
    alpha = np.maximum(kappa * p, 1e-9)
    probs = rng.dirichlet(alpha, size=(reps, clusters))
    counts = rng.multinomial(size, probs)  # (reps, clusters, 4)
    b_g, c_g = counts[..., 1], counts[..., 2]
    b, c = b_g.sum(axis=1), c_g.sum(axis=1)
    n = clusters * size
    if adjust:
        n_eff = effective_pairs(b_g - c_g, np.full(b_g.shape, size), b + c)
        low, high = tango_interval(b * n_eff / n, c * n_eff / n, n_eff, confidence)
    else:
        low, high = tango_interval(b, c, n, confidence)
    truth = p[1] - p[2]
    return float(np.mean((low <= truth) & (truth <= high)))


def bounded_coverage(cells: Sequence[Sequence[float]], values: Sequence[float], clusters: int, size: int, kappa: float | None, *,
                     reps: int = 400, n_resamples: int = 1000, confidence: float = 0.95, seed: int = 0) -> float:  # fmt: skip
    """Coverage of the paired cluster bootstrap (the interval medtrust reports for non-binary
    values) on ``reps`` data sets: ``cells[i][j]`` = P(A scores values[i], B scores values[j]);
    ``kappa`` None = independent pairs (each its own cluster), else a Dirichlet per cluster.

    Raises:
        ValueError: ``cells`` not a k x k probability matrix for the k ``values``.
    """
    v = np.asarray(values, dtype=np.float64)
    p = np.asarray(cells, dtype=np.float64)
    k = v.size
    if p.shape != (k, k) or np.any(p < 0) or abs(p.sum() - 1.0) > 1e-9:
        raise ValueError("cells must be a k x k matrix of probabilities summing to 1, k = len(values)")
    flat = p.reshape(-1)
    va, vb = np.repeat(v, k), np.tile(v, k)
    truth = float(flat @ (va - vb))
    rng = np.random.default_rng(seed)
    cid = np.repeat(np.arange(clusters), size)
    hits = 0
    for r in range(reps):
        probs = np.tile(flat, (clusters, 1)) if kappa is None else rng.dirichlet(np.maximum(kappa * flat, 1e-9), size=clusters)
        cell = np.concatenate([rng.choice(flat.size, size=size, p=pr / pr.sum()) for pr in probs])
        ci = paired_difference(va[cell], vb[cell], None if kappa is None else cid, binary=False, n_resamples=n_resamples,
                               confidence=confidence, seed=seed + r)  # fmt: skip
        hits += ci.low <= truth <= ci.high
    return hits / reps
