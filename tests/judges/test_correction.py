"""Rogan-Gladen correction: known Se/Sp by hand, clipping, the undefined case, and CIs that
combine evaluation and calibration uncertainty."""

from __future__ import annotations

import numpy as np
import pytest

from medtrust.judges.correction import Calibration, UndefinedCorrection, corrected_rate, rogan_gladen
from medtrust.metrics.bootstrap import cluster_bootstrap_ci


def test_rogan_gladen_known_values_and_clipping() -> None:
    # (0.3 + 0.8 - 1) / (0.9 + 0.8 - 1) = 0.1 / 0.7
    assert rogan_gladen(0.3, 0.9, 0.8) == pytest.approx(1 / 7)
    # perfect judge: corrected = observed
    assert rogan_gladen(0.42, 1.0, 1.0) == pytest.approx(0.42)
    # below the false-positive floor: (0.1 - 0.2) / 0.7 < 0 -> clipped to 0
    assert rogan_gladen(0.1, 0.9, 0.8) == 0.0
    assert rogan_gladen(0.1, 0.9, 0.8, clip=False) == pytest.approx(-1 / 7)
    # above Se: (0.95 - 0.2) / 0.7 > 1 -> clipped to 1
    assert rogan_gladen(0.95, 0.9, 0.8) == 1.0
    assert rogan_gladen(0.95, 0.9, 0.8, clip=False) == pytest.approx(0.75 / 0.7)


def test_rogan_gladen_undefined_when_se_plus_sp_is_one() -> None:
    with pytest.raises(UndefinedCorrection, match="sensitivity 0.6 \\+ specificity 0.4 = 1"):
        rogan_gladen(0.5, 0.6, 0.4)
    with pytest.raises(ValueError, match="observed"):
        rogan_gladen(1.2, 0.9, 0.9)


def test_calibration_counts() -> None:
    cal = Calibration.from_labels([True, True, True, False, False], [True, True, False, False, True], positive="refused")
    assert (cal.tp, cal.fn, cal.tn, cal.fp) == (2, 1, 1, 1)
    assert cal.sensitivity == pytest.approx(2 / 3) and cal.specificity == pytest.approx(0.5)
    with pytest.raises(ValueError):
        Calibration("refused", 0, 0, 3, 1)


def test_perfect_calibration_leaves_rate_and_interval_unchanged() -> None:
    y = np.array([1] * 30 + [0] * 70)
    cal = Calibration("refused", tp=200, fn=0, tn=200, fp=0)
    res = corrected_rate(y, cal, n_resamples=400, seed=3)
    raw = cluster_bootstrap_ci(y, n_resamples=400, seed=3)
    assert res.raw == raw
    assert res.corrected.estimate == pytest.approx(0.3)
    assert (res.corrected.low, res.corrected.high) == pytest.approx((raw.low, raw.high))
    assert res.undefined_share == 0.0


def test_interval_includes_calibration_uncertainty() -> None:
    y = np.array([1] * 40 + [0] * 60)
    small = corrected_rate(y, Calibration("refused", tp=18, fn=2, tn=16, fp=4), n_resamples=1000, seed=0)
    large = corrected_rate(y, Calibration("refused", tp=1800, fn=200, tn=1600, fp=400), n_resamples=1000, seed=0)
    # same Se 0.9 / Sp 0.8 -> same point (0.4 - 0.2) / 0.7
    assert small.corrected.estimate == pytest.approx(0.2 / 0.7) == large.corrected.estimate
    width = lambda ci: ci.high - ci.low  # noqa: E731
    assert width(small.corrected) > width(large.corrected) > width(large.raw) * 1.2
    assert 0.0 <= small.corrected.low <= small.corrected.estimate <= small.corrected.high <= 1.0


def test_corrected_rate_undefined_point_raises() -> None:
    with pytest.raises(UndefinedCorrection):
        corrected_rate([1, 0, 1], Calibration("refused", tp=5, fn=5, tn=5, fp=5))
