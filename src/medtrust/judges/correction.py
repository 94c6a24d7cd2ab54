"""Rogan-Gladen correction of a judged rate for the judge's known error.

A judge that flags "positive" (e.g. refused, or accepted) with sensitivity Se and specificity
Sp turns a true rate pi into an expected observed rate p = Se pi + (1 - Sp)(1 - pi). Solving
for pi gives the Rogan-Gladen estimator (Rogan & Gladen 1978, Am. J. Epidemiol. 107:71-76):

    pi_hat = (p + Sp - 1) / (Se + Sp - 1),   clipped to [0, 1].

It is undefined when Se + Sp = 1 (the judge is no better than chance): we raise
:class:`UndefinedCorrection` instead of dividing by zero. With Se + Sp < 1 the judge is worse
than chance (labels inverted); the formula still applies and is returned as is.

CIs combine both sources of uncertainty (as in Lang & Reiczigel 2014, Prev. Vet. Med. 113:13-22,
who bootstrap the two samples jointly): each replicate resamples the evaluation sample by
cluster and independently draws Se*, Sp* from the calibration counts (binomial, i.e. a
non-parametric bootstrap of the calibration items), then applies the clipped correction.
Replicates with Se* + Sp* <= 1 are undefined and dropped; their share is reported.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np

from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_ci, resampled_means


class UndefinedCorrection(ValueError):
    """Se + Sp = 1: the judge carries no information, so no rate can be recovered."""


def rogan_gladen(observed: float, sensitivity: float, specificity: float, *, clip: bool = True) -> float:
    """Corrected rate from an observed rate and the judge's Se / Sp.

    Args:
        observed: judged positive rate p in [0, 1].
        sensitivity, specificity: in [0, 1].
        clip: clip the result to [0, 1] (default; the raw value can fall outside).

    Returns:
        (p + Sp - 1) / (Se + Sp - 1), clipped.

    Raises:
        UndefinedCorrection: Se + Sp = 1 (within 1e-12).
        ValueError: an input outside [0, 1] or NaN.
    """
    for name, v in (("observed", observed), ("sensitivity", sensitivity), ("specificity", specificity)):
        if not 0.0 <= v <= 1.0:  # also rejects NaN
            raise ValueError(f"{name} must be in [0, 1], got {v}")
    denom = sensitivity + specificity - 1.0
    if abs(denom) < 1e-12:
        raise UndefinedCorrection(
            f"Rogan-Gladen correction undefined: sensitivity {sensitivity} + specificity {specificity} = 1 "
            "(the judge is no better than chance on the calibration set)"
        )
    pi = (observed + specificity - 1.0) / denom
    return float(min(1.0, max(0.0, pi))) if clip else float(pi)


@dataclass(frozen=True)
class Calibration:
    """A judge's measured error on a labelled calibration set, for one positive class.

    Attributes:
        positive: name of the positive class (e.g. "refused" = Refuse or Caution).
        tp, fn: gold-positive items the judge called positive / negative.
        tn, fp: gold-negative items the judge called negative / positive.
        source: where it was measured (file, judge id), for reports.
    """

    positive: str
    tp: int
    fn: int
    tn: int
    fp: int
    source: str = ""

    def __post_init__(self) -> None:
        if min(self.tp, self.fn, self.tn, self.fp) < 0:
            raise ValueError("calibration counts must be >= 0")
        if self.tp + self.fn == 0 or self.tn + self.fp == 0:
            raise ValueError("calibration needs at least one gold-positive and one gold-negative item")

    @property
    def sensitivity(self) -> float:
        """tp / (tp + fn)."""
        return self.tp / (self.tp + self.fn)

    @property
    def specificity(self) -> float:
        """tn / (tn + fp)."""
        return self.tn / (self.tn + self.fp)

    @classmethod
    def from_labels(cls, gold_positive: Sequence[bool], judged_positive: Sequence[bool], *, positive: str, source: str = "") -> "Calibration":
        """Counts from aligned gold and judge booleans (shape (n,))."""
        if len(gold_positive) != len(judged_positive):
            raise ValueError("gold and judged labels differ in length")
        g = np.asarray(gold_positive, dtype=bool)
        j = np.asarray(judged_positive, dtype=bool)
        return cls(positive, int((g & j).sum()), int((g & ~j).sum()), int((~g & ~j).sum()), int((~g & j).sum()), source)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict including Se and Sp."""
        return {**asdict(self), "sensitivity": self.sensitivity, "specificity": self.specificity}


@dataclass(frozen=True)
class CorrectedRate:
    """A raw judged rate and its Rogan-Gladen correction, each with a 95% CI.

    Attributes:
        raw: BootstrapCI of the judged rate (evaluation-sample uncertainty only).
        corrected: point estimate rogan_gladen(raw, Se, Sp) with a percentile CI over the joint
            bootstrap of evaluation and calibration samples.
        undefined_share: share of replicates dropped because Se* + Sp* <= 1.
        calibration: the Calibration used.
    """

    raw: BootstrapCI
    corrected: BootstrapCI
    undefined_share: float
    calibration: Calibration

    def as_dict(self) -> dict[str, Any]:
        return {
            "raw": self.raw.as_dict(), "corrected": self.corrected.as_dict(),
            "undefined_share": self.undefined_share, "calibration": self.calibration.as_dict(),
        }


def corrected_rate(
    judged_positive: Sequence[bool] | np.ndarray,
    calibration: Calibration,
    clusters: Sequence[Any] | None = None,
    *,
    n_resamples: int = 2000,
    confidence: float = 0.95,
    seed: int = 0,
) -> CorrectedRate:
    """Raw and Rogan-Gladen corrected positive rate of an evaluation sample, with CIs.

    Args:
        judged_positive: shape (n,), 1/True where the judge said "positive" (judge errors
            already removed).
        calibration: Se/Sp counts of the same judge for the same positive class.
        clusters: shape (n,), resampling unit (e.g. CARES family id), or None.
        n_resamples, confidence, seed: bootstrap settings.

    Returns:
        CorrectedRate.

    Raises:
        UndefinedCorrection: the calibration's point Se + Sp = 1.
    """
    y = np.asarray(judged_positive, dtype=np.float64)
    raw = cluster_bootstrap_ci(y, clusters, n_resamples=n_resamples, confidence=confidence, seed=seed)
    nan = float("nan")
    if y.size == 0:
        return CorrectedRate(raw, BootstrapCI(nan, nan, nan, 0, 0, n_resamples, confidence), nan, calibration)
    point = rogan_gladen(raw.estimate, calibration.sensitivity, calibration.specificity)

    # Evaluation replicates: the same cluster resampling as cluster_bootstrap_ci.
    rng = np.random.default_rng(seed)
    p_star, k = resampled_means(y, clusters, n_resamples=n_resamples, rng=rng)
    # Calibration replicates: resampling the calibration items = binomial draws of the counts.
    n_pos, n_neg = calibration.tp + calibration.fn, calibration.tn + calibration.fp
    se_star = rng.binomial(n_pos, calibration.sensitivity, size=n_resamples) / n_pos
    sp_star = rng.binomial(n_neg, calibration.specificity, size=n_resamples) / n_neg
    denom = se_star + sp_star - 1.0
    ok = denom > 1e-12
    pi = np.full(n_resamples, np.nan)
    pi[ok] = np.clip((p_star[ok] + sp_star[ok] - 1.0) / denom[ok], 0.0, 1.0)
    good = pi[ok]
    alpha = (1.0 - confidence) / 2.0
    lo, hi = (float(v) for v in np.quantile(good, [alpha, 1.0 - alpha])) if good.size else (nan, nan)
    corrected = BootstrapCI(point, lo, hi, int(y.size), k, n_resamples, confidence)
    return CorrectedRate(raw, corrected, float(1.0 - ok.mean()), calibration)


def load_calibration(path: str, *, judge: str = "offline", positive: str = "refused", group: str = "overall") -> Calibration:
    """Calibration from a ``medtrust judge-eval --json-out`` file.

    Args:
        path: the JSON file.
        judge: judge name in the file ("offline", a model name, or "majority").
        positive: "refused" (Refuse or Caution) or "accepted".
        group: "overall" or a source-model name.

    Raises:
        DataError: file unreadable, or judge / group not in it.
    """
    from medtrust.data.records import DataError, load_json
    from medtrust.judges.agreement import binary_rates

    payload = load_json(path)
    if not isinstance(payload, dict):
        raise DataError(path, "expected a judge-eval JSON object")
    judges = payload.get("judges", {})
    if judge not in judges:
        raise DataError(path, f"judge {judge!r} not in file (has {sorted(judges)})", field="judges")
    reports = {r["group"]: r for r in judges[judge]["reports"]}
    if group not in reports:
        raise DataError(path, f"group {group!r} not in file (has {sorted(reports)})", field="group")
    r = binary_rates(np.asarray(reports[group]["confusion"]), positive)
    return Calibration(positive, r["tp"], r["fn"], r["tn"], r["fp"], source=f"{path}:{judge}:{group}")
