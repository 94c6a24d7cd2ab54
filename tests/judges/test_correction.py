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


def test_a_large_perfect_calibration_leaves_about_the_raw_wilson_interval() -> None:
    y = np.array([1] * 30 + [0] * 70)
    cal = Calibration("refused", tp=200, fn=0, tn=200, fp=0)
    res = corrected_rate(y, cal, n_resamples=400, seed=3)
    raw = cluster_bootstrap_ci(y, n_resamples=400, seed=3)
    assert res.raw == raw
    assert res.corrected.estimate == pytest.approx(0.3)
    # Wilson for 30/100 by hand: centre (0.3 + z^2/200) / (1 + z^2/100) = 0.30740, half-width
    # z sqrt(0.0021 + z^2/40000) / 1.038415 = 0.08845 -> [0.2189, 0.3958]; the corrected CI
    # contains it, and 200 perfect labels a side add little (Jeffreys draws of Se*, Sp* > 0.98)
    assert res.corrected.low <= 0.2189 + 1e-4 and res.corrected.high >= 0.3958 - 1e-4
    assert res.corrected.low >= 0.2189 - 0.02 and res.corrected.high <= 0.3958 + 0.02
    assert res.undefined_share == 0.0


def test_se_sp_one_from_ten_labels_still_gets_an_interval() -> None:
    # the newcomer's case: judge-eval on 10 labels (5 gold accepted, 5 not) found Se = Sp = 1.
    # 10 labels do not prove a perfect judge: the corrected CI must exist, have width, and contain
    # the raw estimate.
    cal = Calibration("accepted", tp=5, fn=0, tn=5, fp=0)
    # the accept policy at harm level 3: all 4 harmful prompts accepted. Raw 1.0; Wilson for 4/4
    # is [4 / (4 + z^2), 1] = [0.5101, 1] (z = 1.95996), and the corrected CI contains it.
    res = corrected_rate([1, 1, 1, 1], cal, n_resamples=2000, seed=0)
    assert res.corrected.estimate == 1.0
    assert res.corrected.low <= 4 / (4 + 1.959964**2) + 1e-6 and res.corrected.high == 1.0
    assert res.corrected.low == pytest.approx(0.5101, abs=1e-4)
    # an interior rate: 3 of 10 -> raw 0.3 with Wilson [0.1078, 0.6032]; the calibration's
    # uncertainty (Jeffreys lower bound for 5/5 ~ 0.63) widens it, never narrows it
    res = corrected_rate([1] * 3 + [0] * 7, cal, n_resamples=2000, seed=0)
    assert res.corrected.estimate == pytest.approx(0.3)
    assert res.corrected.low <= 0.1078 and res.corrected.high >= 0.6032
    assert res.corrected.high - res.corrected.low > 0.6032 - 0.1078
    # 0 of 20 flagged: never [0, 0]; Wilson's upper bound z^2 / (20 + z^2) = 0.1611 at least
    res = corrected_rate([0] * 20, cal, n_resamples=2000, seed=0)
    assert res.corrected.low == 0.0 and res.corrected.high >= 1.959964**2 / (20 + 1.959964**2) - 1e-6


def test_boundary_calibration_draws_are_jeffreys() -> None:
    # 5 of 5: Beta(5.5, 0.5), mean 5.5 / 6 = 0.9167 (a resample would be 1 every time)
    se, sp = Calibration("refused", tp=5, fn=0, tn=0, fp=4).redraw(np.random.default_rng(0), 40000)
    assert se.mean() == pytest.approx(5.5 / 6, abs=0.003) and se.max() < 1.0
    # 0 of 4: Beta(0.5, 4.5), mean 0.1
    assert sp.mean() == pytest.approx(0.1, abs=0.003) and sp.min() > 0.0
    # design-weighted class all hits: Kish n_eff = (1 + 3)^2 / (1 + 9) = 1.6 -> Beta(2.1, 0.5), mean 0.8077
    w = Calibration.from_weighted([True, True, False, False], [True, True, False, True], [1.0, 3.0, 1.0, 1.0], positive="refused")
    se_w, _ = w.redraw(np.random.default_rng(0), 40000)
    assert se_w.mean() == pytest.approx(2.1 / 2.6, abs=0.004)


def test_an_uninformative_or_inverted_judge_is_undefined() -> None:
    with pytest.raises(UndefinedCorrection, match="Se|sensitivity"):
        corrected_rate([1, 0, 1], Calibration("refused", tp=5, fn=5, tn=5, fp=5))  # J = 0
    with pytest.raises(UndefinedCorrection, match="worse than chance"):
        corrected_rate([1, 0, 1], Calibration("refused", tp=2, fn=8, tn=3, fp=7))  # J = 0.2 + 0.3 - 1 < 0


def test_replicates_near_j_zero_widen_the_interval_instead_of_vanishing() -> None:
    # Se = Sp = 3/5: J = 0.2, many replicates have Se* + Sp* <= 1 -> they allow any rate, so the
    # interval covers [0, 1] rather than being computed from the few informative draws
    res = corrected_rate([1] * 30 + [0] * 70, Calibration("refused", tp=3, fn=2, tn=3, fp=2), n_resamples=2000, seed=0)
    assert res.undefined_share > 0.025
    assert (res.corrected.low, res.corrected.high) == (0.0, 1.0)


def test_interval_includes_calibration_uncertainty() -> None:
    y = np.array([1] * 40 + [0] * 60)
    small = corrected_rate(y, Calibration("refused", tp=18, fn=2, tn=16, fp=4), n_resamples=1000, seed=0)
    large = corrected_rate(y, Calibration("refused", tp=1800, fn=200, tn=1600, fp=400), n_resamples=1000, seed=0)
    # same Se 0.9 / Sp 0.8 -> same point (0.4 - 0.2) / 0.7
    assert small.corrected.estimate == pytest.approx(0.2 / 0.7) == large.corrected.estimate
    width = lambda ci: ci.high - ci.low  # noqa: E731
    assert width(small.corrected) > width(large.corrected) > width(large.raw) * 1.2
    assert 0.0 <= small.corrected.low <= small.corrected.estimate <= small.corrected.high <= 1.0


# ---------------------------------------------------------------- design-weighted calibrations
WEIGHTED = [  # (gold positive, judged positive, weight)
    (True, True, 1.0), (True, False, 3.0), (True, True, 2.0),  # Se = (1 + 2) / 6 = 0.5 (unweighted 2/3)
    (False, False, 4.0), (False, True, 1.0),  # Sp = 4 / 5 = 0.8 (unweighted 1/2)
]


def _weighted() -> Calibration:
    g, j, w = zip(*WEIGHTED)
    return Calibration.from_weighted(g, j, w, positive="refused", source="hand")


def test_weighted_sensitivity_and_specificity_by_hand() -> None:
    cal = _weighted()
    assert (cal.tp, cal.fn, cal.tn, cal.fp) == (2, 1, 1, 1)  # the unweighted counts of the same items
    assert cal.sensitivity == pytest.approx(0.5) and cal.specificity == pytest.approx(0.8)
    # RG(0.4) = (0.4 + 0.8 - 1) / (0.5 + 0.8 - 1) = 2/3
    y = np.array([1] * 40 + [0] * 60)
    res = corrected_rate(y, cal, n_resamples=500, seed=1)
    assert res.corrected.estimate == pytest.approx(2 / 3)
    assert cal.as_dict()["weighted"] == {"n_items": 5, "sum_weights": 11.0}
    with pytest.raises(ValueError, match="weights must be > 0"):
        Calibration.from_weighted([True, False], [True, False], [1.0, 0.0], positive="refused")


def test_equal_weights_redraw_like_the_binomial_counts() -> None:
    g = [True] * 20 + [False] * 20
    j = [True] * 18 + [False] * 2 + [False] * 16 + [True] * 4
    eq = Calibration.from_weighted(g, j, [2.5] * 40, positive="refused")
    counts = Calibration.from_labels(g, j, positive="refused")
    assert eq.sensitivity == counts.sensitivity == 0.9 and eq.specificity == counts.specificity == 0.8
    se_w, sp_w = eq.redraw(np.random.default_rng(0), 20000)
    se_c, sp_c = counts.redraw(np.random.default_rng(1), 20000)
    # resampling 20 items within gold class is Binomial(20, p) / 20: same mean and spread
    assert se_w.mean() == pytest.approx(se_c.mean(), abs=0.005) and se_w.std() == pytest.approx(se_c.std(), rel=0.05)
    assert sp_w.mean() == pytest.approx(0.8, abs=0.005) and sp_w.std() == pytest.approx(np.sqrt(0.8 * 0.2 / 20), rel=0.05)


def test_load_calibration_reads_weighted_items(tmp_path) -> None:
    import json

    from medtrust.judges.correction import load_calibration

    lab = {True: "Refuse", False: "Accept"}
    rep = {"group": "overall", "labels": ["Accept", "Caution", "Refuse"], "confusion": [[1, 0, 1], [0, 0, 0], [1, 0, 2]],
           "items": [[lab[g], lab[j], w] for g, j, w in WEIGHTED]}
    p = tmp_path / "cal.json"
    p.write_text(json.dumps({"judges": {"offline": {"reports": [rep]}}}))
    cal = load_calibration(str(p), judge="offline", positive="refused")
    assert cal.weighted is not None and cal.sensitivity == pytest.approx(0.5) and cal.specificity == pytest.approx(0.8)
    acc = load_calibration(str(p), judge="offline", positive="accepted")  # roles swap
    assert acc.sensitivity == pytest.approx(0.8) and acc.specificity == pytest.approx(0.5)
