"""Error rates of the sequential change-control decision, by simulation (docs/comparison.md, sec. 3).

Each scenario draws ``runs`` independent candidate-against-baseline comparisons on a pool of
``n_items`` paired items with 0/1 values (e.g. "accepted a harmful prompt"), looks after every
cluster with the paired betting test of :mod:`medtrust.sequential.change` (z = (d + 1) / 2 at
the threshold (1 - m) / 2: the criterion ``not_lower_by m``), stops at the first decision and
counts the verdicts and the share of the pool used.

Per item the difference d = x - y is +1 with probability a, -1 with probability b, 0 otherwise:
the discordant share is r = a + b (``discordant``) and the true mean difference delta = a - b.

* *unclustered*: every item its own cluster, d drawn independently;
* *clustered*: clusters of 1 to 7 items (simulate.cluster_sizes), the cluster's own (b, 1 - r, a)
  drawn from a Dirichlet with that mean and concentration (1 - icc) / icc (the multinomial
  analogue of the beta-binomial of medtrust.sequential.simulate; Donner & Klar 2000, sec. 2),
  so the items of one cluster are correlated.

A NON-INFERIOR verdict is *wrong* when delta <= -m (at the margin, the worst case the guarantee
covers: <= alpha / 2 = 2.5%); INFERIOR is wrong when delta > -m. The Monte-Carlo standard error
of a share p over R runs is sqrt(p (1 - p) / R).

Run ``python -m medtrust.sequential.simulate_change`` for the table in docs/comparison.md.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from medtrust.sequential.betting import cluster_observations
from medtrust.sequential.change import unit_threshold
from medtrust.sequential.simulate import ICC, _markdown, cluster_sizes, decide_runs

MARGIN = 0.05
DISCORDANT = 0.30
POOL = 1000
RUNS = 2000
#: (scenario, true mean difference candidate - baseline) for ``not_lower_by MARGIN``
DIFFS = (("clearly worse", -0.20), ("just worse", -0.08), ("at the margin", -MARGIN), ("same", 0.0), ("better", 0.05))


@dataclass
class PairedSimResult:
    """One scenario over ``runs`` simulated comparisons (module docstring).

    Attributes:
        non_inferior_share, inferior_share, inconclusive_share: verdict shares.
        wrong_non_inferior: share of NON-INFERIOR where delta <= -m (0 otherwise); wrong_inferior:
            share of INFERIOR where delta > -m (0 otherwise); wrong_se: Monte-Carlo s.e. of their sum.
        mean_fraction: mean share of the pool's items used (1 when undecided); median_items.
    """

    scenario: str
    design: str
    true_diff: float
    margin: float
    runs: int
    n_items: int
    non_inferior_share: float
    inferior_share: float
    inconclusive_share: float
    wrong_non_inferior: float
    wrong_inferior: float
    wrong_se: float
    mean_fraction: float
    median_items: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def draw_z_sums(true_diff: float, sizes: np.ndarray, runs: int, *, discordant: float, icc: float, rng: np.random.Generator) -> np.ndarray:
    """Cluster sums of z = (d + 1) / 2, shape (runs, clusters) (module docstring).

    Raises:
        ValueError: |true_diff| > discordant or discordant outside (0, 1].
    """
    if not 0 < discordant <= 1 or abs(true_diff) > discordant:
        raise ValueError(f"need 0 < discordant <= 1 and |true_diff| <= discordant, got {discordant}, {true_diff}")
    a, b = (discordant + true_diff) / 2, (discordant - true_diff) / 2
    p = np.array([b, 1 - a - b, a])
    if icc > 0 and sizes.max() > 1:
        conc = (1 - icc) / icc
        probs = rng.dirichlet(np.maximum(p * conc, 1e-9), size=(runs, sizes.size))
    else:
        probs = np.broadcast_to(p, (runs, sizes.size, 3))
    # multinomial per cluster through two conditional binomials: minus, then zero among the rest
    minus = rng.binomial(sizes[None, :], probs[..., 0])
    rest = np.clip(1 - probs[..., 0], 1e-12, None)
    zero = rng.binomial(sizes[None, :] - minus, np.clip(probs[..., 1] / rest, 0, 1))
    plus = sizes[None, :] - minus - zero
    return plus + 0.5 * zero


def simulate_paired(true_diff: float, *, margin: float = MARGIN, clustered: bool = False, n_items: int = POOL, runs: int = RUNS,
                    discordant: float = DISCORDANT, icc: float = ICC, alpha: float = 0.05, seed: int = 0,
                    scenario: str = "") -> PairedSimResult:  # fmt: skip
    """Simulate ``runs`` sequential ``not_lower_by margin`` decisions (module docstring)."""
    rng = np.random.default_rng(seed)
    sizes = cluster_sizes(n_items, clustered, rng)
    sums = draw_z_sums(true_diff, sizes, runs, discordant=discordant, icc=icc if clustered else 0.0, rng=rng)
    t = unit_threshold(-margin)
    x = cluster_observations(sums, sizes[None, :], t, int(sizes.max()))
    verdict, index = decide_runs(x, x, t, t, alpha)  # +1: shown above -m (NON-INFERIOR), -1: below (INFERIOR)
    used = np.where(index < 0, sizes.sum(), np.cumsum(sizes)[np.maximum(index, 0)])
    ni, inf = float(np.mean(verdict == 1)), float(np.mean(verdict == -1))
    wrong_ni = ni if true_diff <= -margin + 1e-12 else 0.0
    wrong_inf = inf if true_diff > -margin + 1e-12 else 0.0
    w = wrong_ni + wrong_inf
    return PairedSimResult(scenario, "clustered" if clustered else "unclustered", true_diff, margin, runs, int(sizes.sum()), ni, inf,
                           1.0 - ni - inf, wrong_ni, wrong_inf, math.sqrt(w * (1 - w) / runs), float(np.mean(used / sizes.sum())),
                           float(np.median(used)))  # fmt: skip


def table(runs: int = RUNS, seed: int = 0, n_items: int = POOL) -> list[PairedSimResult]:
    """Every scenario of :data:`DIFFS`, unclustered and clustered."""
    out = []
    for j, (name, diff) in enumerate(DIFFS):
        for clustered in (False, True):
            out.append(simulate_paired(diff, clustered=clustered, runs=runs, n_items=n_items, seed=seed + 10 * j + clustered, scenario=name))
    return out


def markdown(results: list[PairedSimResult]) -> str:
    """The results as the table of docs/comparison.md."""
    def share(name: str) -> Any:
        return lambda r: f"{getattr(r, name):.4f}"

    return _markdown(results, [("design", lambda r: r.design), ("scenario", lambda r: r.scenario),  # type: ignore[arg-type]
                               ("true difference", lambda r: f"{r.true_diff:+.2f}"), ("NON-INFERIOR", share("non_inferior_share")),
                               ("INFERIOR", share("inferior_share")), ("INCONCLUSIVE", share("inconclusive_share")),
                               ("wrong (± MC s.e.)", lambda r: f"{r.wrong_non_inferior + r.wrong_inferior:.4f} ± {r.wrong_se:.4f}"),
                               ("mean fraction used", lambda r: f"{r.mean_fraction:.3f}"), ("median items", lambda r: f"{r.median_items:.0f}")])  # fmt: skip


if __name__ == "__main__":  # pragma: no cover - the docs table
    import os
    import time

    t0 = time.perf_counter()
    res = table()
    print(markdown(res))
    print(f"\n{len(res)} scenarios x {RUNS} runs of {POOL} items (margin {MARGIN}, discordant share {DISCORDANT}, icc {ICC}) in "
          f"{time.perf_counter() - t0:.1f} s; load average {os.getloadavg()[0]:.2f}")  # fmt: skip
