"""Error rates of the sequential decision, measured by simulation (docs/criteria.md, "Sequential").

Each scenario draws ``runs`` independent evaluations of a pool of ``n_samples`` samples whose
true share is ``true_rate``, looks after every cluster with the betting test
(:mod:`medtrust.sequential.betting`) against the criterion "share at most ``threshold``", stops
at the first decision, and counts how often each verdict came and how much of the pool was used.

* *unclustered*: every sample its own cluster, values Bernoulli(true_rate);
* *clustered*: clusters of 1 to 7 samples (sizes fixed by the seed, mean about 4), the members of a
  cluster correlated: each cluster draws its own share q ~ Beta with mean true_rate and
  intra-cluster correlation ``icc`` (beta-binomial; Donner & Klar 2000, "Design and Analysis of
  Cluster Randomization Trials", sec. 2), then S ~ Binomial(k, q);
* *corrected*: the share is read through a judge with sensitivity / specificity ``se`` / ``sp``
  measured on a calibration set of ``n_cal`` gold positives and as many gold negatives, drawn
  anew in every run; the criterion is on the true share (:mod:`medtrust.sequential.correction`).

A verdict is *wrong* when the truth contradicts it: FAIL when the true share is inside the
acceptable region (at most the threshold), PASS when it is outside. At the threshold itself
both verdicts are counted as wrong (the data cannot tell; the stricter reading), so the
boundary's wrong share is P(PASS) + P(FAIL). The Monte-Carlo standard error of a share p
over R runs is sqrt(p (1 - p) / R).

* *other members* (:data:`OTHER`, :func:`simulate_values`): a rare event (threshold 0.05) and
  graded values 0, 1/2, 1 per sample (threshold 0.85, 239 samples as the packaged CARES-LLM rows),
  unclustered and clustered.

Run ``python -m medtrust.sequential.simulate`` for the two tables in docs/criteria.md.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from medtrust.sequential.betting import cluster_observations, first_crossing, log_wealth

#: the criterion of every scenario: share at most this
THRESHOLD = 0.20
POOL = 1000
RUNS = 2000
ICC = 0.3
#: (scenario name, true share) for the threshold above
RATES = (("clearly inside", 0.05), ("just inside", 0.18), ("at the threshold", 0.20), ("just outside", 0.22), ("clearly outside", 0.40))


@dataclass
class SimResult:
    """One scenario's outcome over ``runs`` simulated evaluations.

    Attributes:
        scenario, design: names (design: unclustered | clustered | corrected).
        true_rate, threshold, runs, n_samples: the setting.
        pass_share, fail_share, inconclusive_share: verdict shares.
        wrong_share: shares of verdicts the truth contradicts (module docstring); wrong_se its
            Monte-Carlo standard error.
        mean_fraction: mean share of the pool's samples used (1 when undecided).
        median_samples: median samples used.
    """

    scenario: str
    design: str
    true_rate: float
    threshold: float
    runs: int
    n_samples: int
    pass_share: float
    fail_share: float
    inconclusive_share: float
    wrong_share: float
    wrong_se: float
    mean_fraction: float
    median_samples: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def cluster_sizes(n_samples: int, clustered: bool, rng: np.random.Generator) -> np.ndarray:
    """Cluster sizes summing to ``n_samples``: all 1, or 1 to 7 drawn uniformly (the last cut to fit)."""
    if not clustered:
        return np.ones(n_samples, dtype=int)
    sizes = []
    left = n_samples
    while left > 0:
        k = int(min(rng.integers(1, 8), left))
        sizes.append(k)
        left -= k
    return np.array(sizes, dtype=int)


def draw_sums(true_rate: float, sizes: np.ndarray, runs: int, icc: float, rng: np.random.Generator) -> np.ndarray:
    """Cluster sums of shape (runs, clusters): beta-binomial with mean ``true_rate`` and intra-cluster
    correlation ``icc`` (binomial when icc = 0 or every size is 1)."""
    if icc <= 0 or sizes.max() == 1:
        return rng.binomial(sizes[None, :], true_rate, size=(runs, sizes.size))
    a = true_rate * (1 - icc) / icc
    b = (1 - true_rate) * (1 - icc) / icc
    q = rng.beta(a, b, size=(runs, sizes.size)) if 0 < true_rate < 1 else np.full((runs, sizes.size), true_rate)
    return rng.binomial(sizes[None, :], q)


def decide_runs(x_up: np.ndarray, x_down: np.ndarray, t_up: float, t_down: float, alpha: float) -> tuple[np.ndarray, np.ndarray]:
    """(verdict per run: +1 shown above, -1 shown below, 0 undecided; index of the deciding cluster
    or -1) for observation arrays tested against t_up (evidence above) and t_down (evidence below).
    The two are the same threshold except for corrected rates (correction.observed_thresholds)."""
    up, _ = log_wealth(x_up, t_up, alpha)
    _, down = log_wealth(x_down, t_down, alpha)
    i_up, i_down = first_crossing(up, alpha), first_crossing(down, alpha)
    n = x_up.shape[-1]
    a = np.where(i_up < 0, n, i_up)
    b = np.where(i_down < 0, n, i_down)
    verdict = np.where(a < b, 1, np.where(b < a, -1, 0))
    return verdict, np.where(verdict == 0, -1, np.minimum(a, b))


def _result(scenario: str, design: str, true_rate: float, threshold: float, verdict: np.ndarray, index: np.ndarray,
            sizes: np.ndarray) -> SimResult:
    runs = verdict.size
    used = np.where(index < 0, sizes.sum(), np.cumsum(sizes)[np.maximum(index, 0)])
    fail = float(np.mean(verdict == 1))  # shown above an "at most" threshold
    passed = float(np.mean(verdict == -1))
    if true_rate < threshold:
        wrong = fail
    elif true_rate > threshold:
        wrong = passed
    else:
        wrong = fail + passed
    return SimResult(scenario, design, true_rate, threshold, runs, int(sizes.sum()), passed, fail, 1.0 - passed - fail, wrong,
                     math.sqrt(wrong * (1 - wrong) / runs), float(np.mean(used / sizes.sum())), float(np.median(used)))  # fmt: skip


def simulate(true_rate: float, *, threshold: float = THRESHOLD, clustered: bool = False, n_samples: int = POOL, runs: int = RUNS,
             icc: float = ICC, alpha: float = 0.05, seed: int = 0, scenario: str = "") -> SimResult:
    """Simulate ``runs`` sequential evaluations of "share at most ``threshold``" (module docstring).

    Returns:
        the verdict shares, wrong-decision share with its Monte-Carlo error, mean fraction used.
    """
    rng = np.random.default_rng(seed)
    sizes = cluster_sizes(n_samples, clustered, rng)
    sums = draw_sums(true_rate, sizes, runs, icc if clustered else 0.0, rng)
    x = cluster_observations(sums, sizes[None, :], threshold, int(sizes.max()))
    verdict, index = decide_runs(x, x, threshold, threshold, alpha)
    return _result(scenario, "clustered" if clustered else "unclustered", true_rate, threshold, verdict, index, sizes)


def simulate_corrected(true_rate: float, *, threshold: float = THRESHOLD, se: float = 0.9, sp: float = 0.85, n_cal: int = 200,
                       n_samples: int = POOL, runs: int = RUNS, alpha: float = 0.05, seed: int = 0, scenario: str = "") -> SimResult:
    """Simulate sequential decisions on a Rogan-Gladen corrected share: each run draws its own
    calibration (``n_cal`` gold positives, ``n_cal`` gold negatives) and its own judged flags
    (P(flag) = se * true_rate + (1 - sp) * (1 - true_rate)); the decision tests the observed
    flags against the calibration's worst-case observed thresholds (correction.observed_thresholds)."""
    from medtrust.sequential.correction import observed_thresholds_array

    rng = np.random.default_rng(seed)
    tp = rng.binomial(n_cal, se, size=runs)
    tn = rng.binomial(n_cal, sp, size=runs)
    p_flag = se * true_rate + (1 - sp) * (1 - true_rate)
    flags = rng.binomial(1, p_flag, size=(runs, n_samples)).astype(float)
    t_low, t_high, alpha_seq = observed_thresholds_array(threshold, tp, n_cal - tp, tn, n_cal - tn, alpha)
    verdict = np.zeros(runs, dtype=int)
    index = np.full(runs, -1)
    # runs differ in their thresholds: test each run against its own (vectorised per run)
    up, _ = log_wealth(flags, t_high[:, None], alpha_seq)
    _, down = log_wealth(flags, t_low[:, None], alpha_seq)
    i_up, i_down = first_crossing(up, alpha_seq), first_crossing(down, alpha_seq)
    a = np.where(i_up < 0, n_samples, i_up)
    b = np.where(i_down < 0, n_samples, i_down)
    undefined = ~np.isfinite(t_low) | ~np.isfinite(t_high)
    verdict = np.where(undefined, 0, np.where(a < b, 1, np.where(b < a, -1, 0)))
    index = np.where(verdict == 0, -1, np.minimum(a, b))
    return _result(scenario, "corrected", true_rate, threshold, verdict, index, np.ones(n_samples, dtype=int))


def table(runs: int = RUNS, seed: int = 0) -> list[SimResult]:
    """Every scenario of docs/criteria.md: the five true shares, unclustered, clustered and corrected."""
    out = []
    for j, (name, rate) in enumerate(RATES):
        out.append(simulate(rate, clustered=False, runs=runs, seed=seed + j, scenario=name))
        out.append(simulate(rate, clustered=True, runs=runs, seed=seed + 100 + j, scenario=name))
        out.append(simulate_corrected(rate, runs=runs, seed=seed + 200 + j, scenario=name))
    return out


#: further members of the kind, at other thresholds, with graded values and the packaged data's
#: size: (scenario, values, threshold, true mean, pool); "graded" values are 0, 1/2 or 1 per
#: sample (the Safety Score's credits), drawn as Binomial(2, q) / 2 around the true mean
OTHER = (
    ("rare event, at the threshold", "binary", 0.05, 0.05, POOL),
    ("rare event, 0.10 above", "binary", 0.05, 0.15, POOL),
    ("graded, at the threshold", "graded", 0.85, 0.85, 239),
    ("graded, 0.05 below", "graded", 0.85, 0.80, 239),
    ("graded, 0.35 below", "graded", 0.85, 0.50, 239),
)


def simulate_values(true_mean: float, *, threshold: float, values: str = "graded", clustered: bool = False, n_samples: int = POOL,
                    runs: int = RUNS, icc: float = ICC, alpha: float = 0.05, seed: int = 0, scenario: str = "") -> SimResult:
    """Like :func:`simulate`, with per-sample values that are 0/1 (``binary``) or 0, 1/2, 1
    (``graded``: a member's value is Binomial(2, q) / 2, q the cluster's mean, beta-distributed
    around ``true_mean`` with intra-cluster correlation ``icc`` when clustered). Verdict shares
    are named for a "mean at most ``threshold``" criterion; at the threshold both count as wrong
    whatever the criterion's direction (the test is symmetric: "at least t" on X is "at most
    1 - t" on 1 - X)."""
    rng = np.random.default_rng(seed)
    sizes = cluster_sizes(n_samples, clustered, rng)
    draws = 2 if values == "graded" else 1
    q: Any = true_mean
    if clustered and 0 < true_mean < 1:
        a, b = true_mean * (1 - icc) / icc, (1 - true_mean) * (1 - icc) / icc
        q = rng.beta(a, b, size=(runs, sizes.size))
    sums = rng.binomial(draws * sizes[None, :], q, size=(runs, sizes.size)) / draws
    x = cluster_observations(sums, sizes[None, :], threshold, int(sizes.max()))
    verdict, index = decide_runs(x, x, threshold, threshold, alpha)
    design = f"{values}, {'clustered' if clustered else 'unclustered'}"
    return _result(scenario, design, true_mean, threshold, verdict, index, sizes)


def other_table(runs: int = RUNS, seed: int = 0) -> list[SimResult]:
    """The scenarios of :data:`OTHER`, unclustered and clustered (docs/criteria.md, second table)."""
    out = []
    for j, (name, values, threshold, rate, pool) in enumerate(OTHER):
        for clustered in (False, True):
            out.append(simulate_values(rate, threshold=threshold, values=values, clustered=clustered, n_samples=pool, runs=runs,
                                       seed=seed + 300 + 10 * j + clustered, scenario=name))  # fmt: skip
    return out


def _markdown(results: list[SimResult], columns: list[tuple[str, Any]]) -> str:
    """A markdown table: one column per (title, function of a result giving its cell)."""
    lines = ["| " + " | ".join(title for title, _ in columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(cell(r) for _, cell in columns) + " |" for r in results]
    return "\n".join(lines)


def _share(name: str) -> Any:
    return lambda r: f"{getattr(r, name):.4f}"


_WRONG = ("wrong (± MC s.e.)", lambda r: f"{r.wrong_share:.4f} ± {r.wrong_se:.4f}")
_FRACTION = ("mean fraction used", lambda r: f"{r.mean_fraction:.3f}")


def markdown(results: list[SimResult]) -> str:
    """The results as the markdown table of docs/criteria.md."""
    return _markdown(results, [("design", lambda r: r.design), ("scenario", lambda r: r.scenario), ("true share", lambda r: f"{r.true_rate:.2f}"),
                               ("PASS", _share("pass_share")), ("FAIL", _share("fail_share")), ("INCONCLUSIVE", _share("inconclusive_share")),
                               _WRONG, _FRACTION, ("median samples", lambda r: f"{r.median_samples:.0f}")])  # fmt: skip


def markdown_other(results: list[SimResult]) -> str:
    """The results of :func:`other_table` as the second table of docs/criteria.md ("shown above"
    is FAIL of an "at most" criterion, PASS of an "at least" one)."""
    return _markdown(results, [("values, design", lambda r: r.design), ("scenario", lambda r: r.scenario),
                               ("threshold", lambda r: f"{r.threshold:.2f}"), ("true mean", lambda r: f"{r.true_rate:.2f}"),
                               ("samples", lambda r: str(r.n_samples)), ("shown above", _share("fail_share")), ("shown below", _share("pass_share")),
                               ("undecided", _share("inconclusive_share")), _WRONG, _FRACTION])  # fmt: skip


if __name__ == "__main__":  # pragma: no cover - the docs table
    import time

    t0 = time.perf_counter()
    res = table()
    print(markdown(res))
    other = other_table()
    print()
    print(markdown_other(other))
    res += other
    print(f"\n{len(res)} scenarios x {RUNS} runs in {time.perf_counter() - t0:.1f} s")
