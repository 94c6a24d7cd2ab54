"""Sequential decisions on a Rogan-Gladen corrected share (a judge with measured error).

A judge that flags the positive class with sensitivity Se and specificity Sp turns a true share
theta into an expected observed share p = Se theta + (1 - Sp)(1 - theta) (Rogan & Gladen 1978,
Am. J. Epidemiol. 107:71-76; medtrust.judges.correction). With Youden's J = Se + Sp - 1 > 0, p
increases with theta, so "theta above tau" is "p above g(Se, Sp) = Se tau + (1 - Sp)(1 - tau)".

Se and Sp are themselves estimates from the calibration labels. Their uncertainty enters as a
box: two-sided Clopper-Pearson intervals (Clopper & Pearson 1934, Biometrika 26:404-413), each
at level 1 - alpha_cal / 2, hold together with probability >= 1 - alpha_cal (Bonferroni). Over
the box, g lies in

    [t_low, t_high] = [Se_low tau + (1 - Sp_high)(1 - tau),  Se_high tau + (1 - Sp_low)(1 - tau)],

and the sequential test (medtrust.sequential.betting) claims "theta above tau" only when the
observed flags are shown above t_high, "below" only when shown below t_low, at level
alpha_seq = alpha - alpha_cal. A wrong claim needs the box to miss (<= alpha_cal) or the test to
err (<= alpha_seq / 2), so each side errs with probability <= alpha_seq / 2 + alpha_cal <= alpha.
medtrust uses alpha_cal = alpha / 5 (0.01 of 0.05). A box that reaches J <= 0 (the judge may be
no better than chance) allows no corrected decision.

Design-weighted calibrations (labels from `medtrust label`'s stratified sample) use the weighted
Se, Sp with Kish's effective sizes (sum w)^2 / sum w^2 in place of the counts (an approximation,
as in medtrust.judges.correction).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from scipy.stats import beta

#: share of alpha spent on the calibration box
CALIBRATION_SHARE = 0.2


def clopper_pearson(x: np.ndarray | float, n: np.ndarray | float, level: float) -> tuple[np.ndarray, np.ndarray]:
    """Two-sided Clopper-Pearson interval of a binomial share x / n at confidence ``level``
    (x may be fractional: an effective count). Returns (low, high), arrays like x."""
    x, n = np.asarray(x, float), np.asarray(n, float)
    a = 1.0 - level
    with np.errstate(invalid="ignore"):
        low = np.where(x <= 0, 0.0, beta.ppf(a / 2, np.maximum(x, 1e-12), n - x + 1))
        high = np.where(x >= n, 1.0, beta.ppf(1 - a / 2, x + 1, np.maximum(n - x, 1e-12)))
    return low, high


def observed_thresholds_array(tau: float, tp: Any, fn: Any, tn: Any, fp: Any, alpha: float) -> tuple[np.ndarray, np.ndarray, float]:
    """(t_low, t_high, alpha_seq) for the corrected threshold tau (module docstring), vectorised
    over calibrations given as count arrays; t_low = t_high = NaN where the box reaches J <= 0."""
    alpha_cal = alpha * CALIBRATION_SHARE
    tp, fn, tn, fp = (np.asarray(v, float) for v in (tp, fn, tn, fp))
    se_lo, se_hi = clopper_pearson(tp, tp + fn, 1 - alpha_cal / 2)
    sp_lo, sp_hi = clopper_pearson(tn, tn + fp, 1 - alpha_cal / 2)
    ok = se_lo + sp_lo > 1.0
    t_low = np.where(ok, se_lo * tau + (1 - sp_hi) * (1 - tau), np.nan)
    t_high = np.where(ok, se_hi * tau + (1 - sp_lo) * (1 - tau), np.nan)
    return t_low, t_high, alpha - alpha_cal


@dataclass(frozen=True)
class CorrectedThresholds:
    """The observed-share thresholds that stand for a corrected threshold (module docstring).

    Attributes:
        tau: the threshold on the true (corrected) share, a fraction.
        t_low, t_high: evidence below t_low means "true share below tau", above t_high "above";
            None when the calibration cannot support a decision (``why``).
        alpha_seq: the level of the sequential test.
        sensitivity, specificity: point estimates; se_box, sp_box: their intervals.
        source: the calibration (file name, judge key).
    """

    tau: float
    t_low: float | None
    t_high: float | None
    alpha_seq: float
    sensitivity: float
    specificity: float
    se_box: tuple[float, float]
    sp_box: tuple[float, float]
    positive: str
    source: str = ""
    why: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def corrected_thresholds(tau: float, calibration: Any, alpha: float) -> CorrectedThresholds:
    """The thresholds for one criterion from a :class:`medtrust.judges.correction.Calibration`.

    Args:
        tau: threshold on the true share (a fraction in [0, 1]).
        calibration: tp, fn, tn, fp (and optional design weights), the positive class.
        alpha: the criterion's two-sided level.
    """
    if calibration.weighted is not None:
        pos = [w for g, _, w in calibration.weighted if g]
        neg = [w for g, _, w in calibration.weighted if not g]
        n_pos = sum(pos) ** 2 / sum(w * w for w in pos)
        n_neg = sum(neg) ** 2 / sum(w * w for w in neg)
        tp, fn = calibration.sensitivity * n_pos, (1 - calibration.sensitivity) * n_pos
        tn, fp = calibration.specificity * n_neg, (1 - calibration.specificity) * n_neg
    else:
        tp, fn, tn, fp = calibration.tp, calibration.fn, calibration.tn, calibration.fp
    alpha_cal = alpha * CALIBRATION_SHARE
    se_box = tuple(float(v) for v in clopper_pearson(tp, tp + fn, 1 - alpha_cal / 2))
    sp_box = tuple(float(v) for v in clopper_pearson(tn, tn + fp, 1 - alpha_cal / 2))
    t_low, t_high, alpha_seq = observed_thresholds_array(tau, tp, fn, tn, fp, alpha)
    why = None
    if not np.isfinite(t_low):
        why = (f"the calibration's intervals (Se {se_box[0]:.3f}-{se_box[1]:.3f}, Sp {sp_box[0]:.3f}-{sp_box[1]:.3f}) allow a judge no "
               "better than chance (Se + Sp <= 1), so no corrected decision is possible")
    return CorrectedThresholds(tau, None if why else float(t_low), None if why else float(t_high), alpha_seq, calibration.sensitivity,
                               calibration.specificity, se_box, sp_box, calibration.positive, calibration.source, why)  # type: ignore[arg-type]
