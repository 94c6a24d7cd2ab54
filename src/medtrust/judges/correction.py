"""Rogan-Gladen correction of a judged rate for the judge's known error.

A judge that flags "positive" (e.g. refused, or accepted) with sensitivity Se and specificity
Sp turns a true rate pi into an expected observed rate p = Se pi + (1 - Sp)(1 - pi). Solving
for pi gives the Rogan-Gladen estimator (Rogan & Gladen 1978, Am. J. Epidemiol. 107:71-76):

    pi_hat = (p + Sp - 1) / (Se + Sp - 1),   clipped to [0, 1].

:func:`rogan_gladen` is undefined when Se + Sp = 1 (the judge is no better than chance): it
raises :class:`UndefinedCorrection` instead of dividing by zero; with Se + Sp < 1 the formula is
returned as is. A *reported* corrected rate (:func:`corrected_rate`) needs Youden's
J = Se + Sp - 1 > 0: a judge measured worse than chance (inverted labels, or a calibration of the
wrong class) raises :class:`UndefinedCorrection`, so the summary names why and the raw rate stays.

CIs combine both sources of uncertainty (as in Lang & Reiczigel 2014, Prev. Vet. Med. 113:13-22,
who bootstrap the two samples jointly): each replicate resamples the evaluation sample by
cluster and independently draws Se*, Sp* from the calibration counts (binomial, i.e. a
non-parametric bootstrap of the calibration items), then applies the clipped correction.

Boundary fixes, so the interval never claims a certainty the labels cannot give:

* a calibration rate at 0 or 1 (10 of 10 gold positives flagged does not prove Se = 1) cannot
  vary under resampling; its replicates are drawn from the Jeffreys posterior
  Beta(x + 1/2, n - x + 1/2) instead (Brown, Cai & DasGupta 2001, Stat. Sci. 16:101-133, the
  Jeffreys interval), n the labelled items of that gold class (Kish's effective size
  (sum w)^2 / sum w^2 for design-weighted items);
* an evaluation rate at 0 or 1 likewise: replicates from Beta(x + 1/2, n_eff - x + 1/2) with the
  cluster-adjusted effective size n_eff of :func:`medtrust.metrics.proportion.proportion_ci`
  (the number of clusters for design-weighted flags outside [0, 1]);
* replicates with Se* + Sp* <= 1 carry no information about the rate (it could be anything in
  [0, 1]): they count as 0 for the lower percentile and as 1 for the upper one, never dropped;
  their share is reported (``undefined_share``);
* the interval always contains the raw rate's own cluster-adjusted Wilson interval mapped
  through the point correction, [RG(p_low), RG(p_high)] (RG is increasing in p when J > 0), so
  it is never narrower than the evaluation sample alone allows: with Se = Sp = 1 it contains the
  raw Wilson interval exactly (flags in [0, 1] only; design-weighted flags outside it have no
  Wilson interval and rely on the bootstrap with the fixes above).

Design-weighted calibrations (labels from ``medtrust label``'s stratified sample, where items
were drawn with unequal inclusion probabilities pi_i) keep the labelled items with their
weights w_i = 1 / pi_i. Se and Sp are then Hajek estimates, Se = sum_{gold+, judged+} w /
sum_{gold+} w (Horvitz & Thompson 1952; Hajek 1971), and each replicate redraws the calibration
items with replacement within gold class (gold-positive items among themselves, gold-negative
among themselves) and recomputes the weighted Se*, Sp*. With equal weights this is exactly the
binomial redraw above (the boundary fix applies to both).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Sequence

import numpy as np

from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_ci, resampled_means


class UndefinedCorrection(ValueError):
    """Se + Sp <= 1: the judge carries no information (or is inverted), so no rate can be recovered."""


def jeffreys_draws(rng: np.random.Generator, rate: float, n: float, size: int) -> np.ndarray:
    """Draws of shape (size,) from the Jeffreys posterior Beta(x + 1/2, n - x + 1/2), x = rate n,
    of a binomial share observed as ``rate`` in ``n`` (> 0, possibly fractional: an effective
    size) trials; used where a resample of a share at 0 or 1 cannot vary (module docstring)."""
    x = rate * n
    return rng.beta(x + 0.5, n - x + 0.5, size=size)


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
        weighted: optional design-weighted items as a tuple of (gold positive, judged positive,
            weight > 0); when given, Se / Sp are weighted and the counts above are the unweighted
            counts of the same items.
    """

    positive: str
    tp: int
    fn: int
    tn: int
    fp: int
    source: str = ""
    weighted: tuple[tuple[bool, bool, float], ...] | None = None

    def __post_init__(self) -> None:
        if min(self.tp, self.fn, self.tn, self.fp) < 0:
            raise ValueError("calibration counts must be >= 0")
        if self.tp + self.fn == 0 or self.tn + self.fp == 0:
            raise ValueError("calibration needs at least one gold-positive and one gold-negative item")
        if self.weighted is not None and any(not (w > 0) for _, _, w in self.weighted):
            raise ValueError("design weights must be > 0")

    def _weighted_rate(self, gold: bool) -> float:
        assert self.weighted is not None
        num = sum(w for g, j, w in self.weighted if g == gold and j == gold)
        den = sum(w for g, _, w in self.weighted if g == gold)
        return num / den

    @property
    def sensitivity(self) -> float:
        """tp / (tp + fn); weighted: sum of w over true positives / sum of w over gold positives."""
        return self._weighted_rate(True) if self.weighted is not None else self.tp / (self.tp + self.fn)

    @property
    def specificity(self) -> float:
        """tn / (tn + fp); weighted: sum of w over true negatives / sum of w over gold negatives."""
        return self._weighted_rate(False) if self.weighted is not None else self.tn / (self.tn + self.fp)

    @classmethod
    def from_weighted(cls, gold_positive: Sequence[bool], judged_positive: Sequence[bool], weights: Sequence[float], *,
                      positive: str, source: str = "") -> "Calibration":  # fmt: skip
        """Design-weighted calibration from aligned gold / judge booleans and weights (shape (n,))."""
        if not len(gold_positive) == len(judged_positive) == len(weights):
            raise ValueError("gold, judged and weights differ in length")
        base = cls.from_labels(gold_positive, judged_positive, positive=positive, source=source)
        items = tuple((bool(g), bool(j), float(w)) for g, j, w in zip(gold_positive, judged_positive, weights))
        return cls(positive, base.tp, base.fn, base.tn, base.fp, source, items)

    def redraw(self, rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
        """Bootstrap replicates (Se*, Sp*), each of shape (size,): binomial draws of the counts, or
        for a weighted calibration a resample of the items within gold class (module docstring).
        A gold class whose rate is 0 or 1 gets Jeffreys Beta(x + 1/2, n - x + 1/2) draws instead
        (n its item count, or Kish's effective size for weighted items), since a resample of
        it cannot vary."""
        out = []
        for gold in (True, False):
            if self.weighted is None:
                n = self.tp + self.fn if gold else self.tn + self.fp
                hits = self.tp if gold else self.tn
                if 0 < hits < n:
                    out.append(rng.binomial(n, hits / n, size=size) / n)
                else:
                    out.append(jeffreys_draws(rng, hits / n, n, size))
                continue
            hit = np.array([float(j == gold) for g, j, _ in self.weighted if g == gold])
            w = np.array([w for g, _, w in self.weighted if g == gold])
            if hit.min() == hit.max():
                n_eff = w.sum() ** 2 / (w * w).sum()
                out.append(jeffreys_draws(rng, float(hit[0]), n_eff, size))
                continue
            idx = rng.integers(0, len(w), size=(size, len(w)))
            out.append((w[idx] * hit[idx]).sum(axis=1) / w[idx].sum(axis=1))
        return out[0], out[1]

    @classmethod
    def from_labels(cls, gold_positive: Sequence[bool], judged_positive: Sequence[bool], *, positive: str, source: str = "") -> "Calibration":
        """Counts from aligned gold and judge booleans (shape (n,))."""
        if len(gold_positive) != len(judged_positive):
            raise ValueError("gold and judged labels differ in length")
        g = np.asarray(gold_positive, dtype=bool)
        j = np.asarray(judged_positive, dtype=bool)
        return cls(positive, int((g & j).sum()), int((g & ~j).sum()), int((~g & ~j).sum()), int((~g & j).sum()), source)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict including Se and Sp (weighted items summarised by their count)."""
        d = {**asdict(self), "sensitivity": self.sensitivity, "specificity": self.specificity}
        d["weighted"] = None if self.weighted is None else {"n_items": len(self.weighted), "sum_weights": sum(w for _, _, w in self.weighted)}
        return d


@dataclass(frozen=True)
class CorrectedRate:
    """A raw judged rate and its Rogan-Gladen correction, each with a 95% CI.

    Attributes:
        raw: BootstrapCI of the judged rate (evaluation-sample uncertainty only).
        corrected: point estimate rogan_gladen(raw, Se, Sp) with a percentile CI over the joint
            bootstrap of evaluation and calibration samples, boundary-fixed (module docstring).
        undefined_share: share of replicates with Se* + Sp* <= 1 (counted as 0 for the lower
            and 1 for the upper bound).
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
        UndefinedCorrection: the calibration's point Se + Sp <= 1 (Youden's J <= 0).
    """
    from medtrust.metrics.proportion import proportion_ci

    y = np.asarray(judged_positive, dtype=np.float64)
    raw = cluster_bootstrap_ci(y, clusters, n_resamples=n_resamples, confidence=confidence, seed=seed)
    nan = float("nan")
    if y.size == 0:
        return CorrectedRate(raw, BootstrapCI(nan, nan, nan, 0, 0, n_resamples, confidence), nan, calibration)
    se, sp = calibration.sensitivity, calibration.specificity
    point = rogan_gladen(raw.estimate, se, sp)  # raises at J = 0
    if se + sp - 1.0 <= 1e-12:
        raise UndefinedCorrection(
            f"Rogan-Gladen correction undefined: sensitivity {se:.3f} + specificity {sp:.3f} < 1 "
            "(the judge is worse than chance on the calibration set: inverted labels or the wrong positive class?)"
        )
    # design-weighted flags (a mean over strata, CARES-VLM) can exceed 1: no Wilson interval then
    wilson = proportion_ci(y, clusters, confidence=confidence) if y.min() >= 0.0 and y.max() <= 1.0 else None

    # Evaluation replicates: the same cluster resampling as cluster_bootstrap_ci; at 0 or 1 it
    # cannot vary, so Jeffreys draws on the cluster-adjusted effective size instead.
    rng = np.random.default_rng(seed)
    p_star, k = resampled_means(y, clusters, n_resamples=n_resamples, rng=rng)
    if raw.estimate in (0.0, 1.0):
        p_star = jeffreys_draws(rng, raw.estimate, wilson.n_eff if wilson is not None else k, n_resamples)
    # Calibration replicates: resampling the calibration items (binomial draws of the counts;
    # weighted items resampled within gold class; Jeffreys draws for a class at 0 or 1).
    se_star, sp_star = calibration.redraw(rng, n_resamples)
    denom = se_star + sp_star - 1.0
    ok = denom > 1e-12
    pi = np.zeros(n_resamples)
    pi[ok] = np.clip((p_star[ok] + sp_star[ok] - 1.0) / denom[ok], 0.0, 1.0)
    alpha = (1.0 - confidence) / 2.0
    # an undefined replicate allows any rate: 0 for the lower bound, 1 for the upper
    lo = float(np.quantile(np.where(ok, pi, 0.0), alpha))
    hi = float(np.quantile(np.where(ok, pi, 1.0), 1.0 - alpha))
    # never narrower than the evaluation sample's own Wilson interval, corrected at the point Se/Sp
    if wilson is not None:
        lo = min(lo, rogan_gladen(wilson.low, se, sp))
        hi = max(hi, rogan_gladen(wilson.high, se, sp))
    corrected = BootstrapCI(point, lo, hi, int(y.size), k, n_resamples, confidence)
    return CorrectedRate(raw, corrected, float(1.0 - ok.mean()), calibration)


def load_calibration(path: str, *, judge: str = "offline", positive: str = "refused", group: str | None = None) -> Calibration:
    """Calibration from a ``medtrust judge-eval --json-out`` file.

    Args:
        path: the JSON file (a :class:`medtrust.judges.scope.CalibrationFile` names the estimate to use).
        judge: judge name in the file ("offline", a model name, or "majority").
        positive: "refused" (Refuse or Caution) or "accepted".
        group: "overall" or a source-model name (default: the CalibrationFile's group, else "overall").

    A report written from design-weighted labels (``medtrust label`` files) holds its labelled
    items with their weights (``items``); the calibration is then weighted
    (:meth:`Calibration.from_weighted`).

    Raises:
        DataError: file unreadable, or judge / group not in it.
    """
    from medtrust.data.records import DataError, load_json
    from medtrust.judges.agreement import BINARY_VIEWS, binary_rates
    from medtrust.judges.offline import LABELS

    group = group or getattr(path, "group", None) or "overall"
    payload = load_json(path)
    if not isinstance(payload, dict):
        raise DataError(path, "expected a judge-eval JSON object")
    judges = payload.get("judges", {})
    if judge not in judges:
        raise DataError(path, f"judge {judge!r} not in file (has {sorted(judges)})", field="judges")
    reports = {r["group"]: r for r in judges[judge]["reports"]}
    if group not in reports:
        raise DataError(path, f"group {group!r} not in file (has {sorted(reports)})", field="group")
    rep = reports[group]
    labels = rep.get("labels") or list(LABELS)
    source = f"{path}:{judge}:{group}"
    try:
        if rep.get("items"):
            pos = set(BINARY_VIEWS[positive])
            items = rep["items"]
            return Calibration.from_weighted([g in pos for g, _, _ in items], [j in pos for _, j, _ in items],
                                             [float(w) for _, _, w in items], positive=positive, source=source)  # fmt: skip
        r = binary_rates(np.asarray(rep["confusion"]), positive, labels=labels)
        return Calibration(positive, r["tp"], r["fn"], r["tn"], r["fp"], source=source)
    except (KeyError, ValueError, TypeError) as e:
        raise DataError(path, f"judge {judge!r}, group {group!r}: cannot build a {positive!r} calibration: {e}", field="reports") from None
