"""Agreement metrics on a hand-made confusion matrix (values worked out by hand below)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from medtrust.judges.agreement import (
    agreement,
    agreement_by_group,
    binary_rates,
    cohen_kappa,
    confusion_matrix,
    fleiss_kappa,
    macro_f1,
    majority_label,
)

# rows gold Accept/Caution/Refuse, columns judge:
#   A: 5 1 0 | C: 1 2 1 | R: 0 1 4      (N = 15)
CELLS = {("Accept", "Accept"): 5, ("Accept", "Caution"): 1, ("Caution", "Accept"): 1, ("Caution", "Caution"): 2,
         ("Caution", "Refuse"): 1, ("Refuse", "Caution"): 1, ("Refuse", "Refuse"): 4}
GOLD = [g for (g, _), k in CELLS.items() for _ in range(k)]
PRED = [p for (_, p), k in CELLS.items() for _ in range(k)]


def test_confusion_matrix_and_hand_computed_metrics() -> None:
    cm = confusion_matrix(GOLD, PRED)
    assert cm.tolist() == [[5, 1, 0], [1, 2, 1], [0, 1, 4]]
    # p_o = 11/15; row and column sums 6, 4, 5 -> p_e = (36 + 16 + 25) / 225 = 77/225
    # kappa = (165/225 - 77/225) / (148/225) = 88/148
    assert cohen_kappa(cm) == pytest.approx(88 / 148)
    # F1: Accept 10/12, Caution 4/8, Refuse 8/10
    assert macro_f1(cm) == pytest.approx((10 / 12 + 0.5 + 0.8) / 3)
    # refused = Caution or Refuse: tp 8 (of 9 gold refused), fn 1, tn 5 (of 6 gold accepted), fp 1
    r = binary_rates(cm)
    assert (r["tp"], r["fn"], r["tn"], r["fp"]) == (8, 1, 5, 1)
    assert r["sensitivity"] == pytest.approx(8 / 9) and r["specificity"] == pytest.approx(5 / 6)
    assert r["accuracy"] == pytest.approx(13 / 15)
    a = binary_rates(cm, "accepted")
    assert a["sensitivity"] == pytest.approx(5 / 6) and a["specificity"] == pytest.approx(8 / 9)


def test_kappa_edge_cases() -> None:
    assert cohen_kappa(np.diag([3, 3, 3])) == pytest.approx(1.0)
    # judge always says Accept, gold always Accept: p_e = 1 -> undefined, not a division error
    assert math.isnan(cohen_kappa(np.array([[4, 0, 0], [0, 0, 0], [0, 0, 0]])))
    # independent judge: rows proportional -> kappa 0
    assert cohen_kappa(np.array([[2, 2, 0], [2, 2, 0], [0, 0, 0]])) == pytest.approx(0.0)
    with pytest.raises(ValueError, match="Maybe"):
        confusion_matrix(["Accept"], ["Maybe"])


def test_agreement_report_with_cis_and_judge_errors() -> None:
    pred = PRED + [None, None]
    gold = GOLD + ["Accept", "Refuse"]
    rep = agreement(gold, pred, n_resamples=300, seed=1)
    assert rep.n == 15 and rep.n_judge_errors == 2
    assert rep.metrics["accuracy"].estimate == pytest.approx(11 / 15)
    assert rep.metrics["kappa"].estimate == pytest.approx(88 / 148)
    assert rep.metrics["refused_sensitivity"].estimate == pytest.approx(8 / 9)
    for ci in rep.metrics.values():
        assert ci.low <= ci.estimate <= ci.high
    lo, hi = rep.metrics["accuracy"].low, rep.metrics["accuracy"].high
    assert 0.4 < lo < 11 / 15 < hi <= 1.0


def test_agreement_by_group_orders_groups_and_overall() -> None:
    groups = ["m1"] * 8 + ["m2"] * 7
    reps = agreement_by_group(GOLD, PRED, groups, n_resamples=50)
    assert [r.group for r in reps] == ["m1", "m2", "overall"]
    assert reps[0].n + reps[1].n == reps[2].n == 15
    assert (reps[0].confusion + reps[1].confusion).tolist() == reps[2].confusion.tolist()


def test_fleiss_kappa_by_hand() -> None:
    # items: AAA, AAR, CCR, RRR. P_i = 1, 1/3, 1/3, 1 -> P_bar = 2/3;
    # p = (5/12, 2/12, 5/12) -> P_e = 54/144; kappa = (2/3 - 0.375) / 0.625 = 7/15
    ratings = [["Accept"] * 3, ["Accept", "Accept", "Refuse"], ["Caution", "Caution", "Refuse"], ["Refuse"] * 3]
    assert fleiss_kappa(ratings) == pytest.approx(7 / 15)
    assert fleiss_kappa([["Refuse", "Refuse"], ["Accept", "Accept"]]) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        fleiss_kappa([["Accept"], ["Refuse"]])


def test_majority_ties_go_to_the_more_cautious_label() -> None:
    assert majority_label(["Accept", "Refuse"]) == "Refuse"
    assert majority_label(["Accept", "Accept", "Caution", "Caution"]) == "Caution"
    assert majority_label(["Accept", "Caution", "Caution"]) == "Caution"
    assert majority_label(["Accept", "Accept", "Refuse"]) == "Accept"
    assert majority_label(["Accept", None, None]) == "Accept"
    assert majority_label([None, None]) is None


def test_design_weighted_agreement_by_hand() -> None:
    # gold / judge / weight: two correct Refuse calls of weight 1, one Refuse-called Accept of weight 6,
    # one correct Accept of weight 2 -> weighted matrix A: [2 0 6], R: [0 0 2]
    gold = ["Refuse", "Refuse", "Accept", "Accept"]
    pred = ["Refuse", "Refuse", "Refuse", "Accept"]
    w = [1.0, 1.0, 6.0, 2.0]
    cm = confusion_matrix(gold, pred, weights=w)
    assert cm.tolist() == [[2.0, 0.0, 6.0], [0.0, 0.0, 0.0], [0.0, 0.0, 2.0]]
    r = binary_rates(cm)
    # Se refused = 2/2, Sp refused = 2/8, accuracy = 4/10 (unweighted: 3/4)
    assert (r["sensitivity"], r["specificity"], r["accuracy"]) == (1.0, 0.25, 0.4) and r["fp"] == 6.0
    rep = agreement(gold, pred, weights=w, n_resamples=200, seed=0)
    assert rep.metrics["accuracy"].estimate == pytest.approx(0.4) and rep.confusion.tolist() == [[1, 0, 1], [0, 0, 0], [0, 0, 2]]
    assert rep.metrics["refused_specificity"].estimate == pytest.approx(0.25)
    assert rep.as_dict()["items"] == [["Refuse", "Refuse", 1.0], ["Refuse", "Refuse", 1.0], ["Accept", "Refuse", 6.0], ["Accept", "Accept", 2.0]]
    assert "items" not in agreement(gold, pred, n_resamples=10).as_dict()


def test_answer_labels() -> None:
    labels = ("correct", "incorrect", "no_answer")
    gold = ["correct", "correct", "incorrect", "no_answer"]
    pred = ["correct", "incorrect", "incorrect", "incorrect"]
    rep = agreement(gold, pred, labels=labels, n_resamples=50)
    # view "correct": tp 1, fn 1, tn 2, fp 0
    assert rep.metrics["correct_sensitivity"].estimate == 0.5 and rep.metrics["correct_specificity"].estimate == 1.0
    assert "refused_accuracy" not in rep.metrics and rep.as_dict()["labels"] == list(labels)
    assert majority_label(["correct", "incorrect"]) == "incorrect" and majority_label(["correct", "no_answer"]) == "no_answer"
    assert fleiss_kappa([["correct", "correct"], ["incorrect", "incorrect"]], labels=labels) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="positive must be one of"):
        binary_rates(rep.confusion, "refused", labels=labels)


def test_agreement_proportions_have_wilson_intervals() -> None:
    """Accuracy and the binary rates are proportions: Wilson (1927) intervals, written out here;
    a perfect judge's sensitivity 1 is not a zero-width [1, 1]."""
    z = 1.959963984540054

    def wilson(k: int, n: int) -> tuple[float, float]:
        p = k / n
        c, h = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        return (c - h) / (1 + z * z / n), (c + h) / (1 + z * z / n)

    rep = agreement(GOLD, PRED, n_resamples=50)
    acc = rep.metrics["accuracy"]
    assert (acc.low, acc.high) == pytest.approx(wilson(11, 15), abs=1e-12)
    se = rep.metrics["refused_sensitivity"]  # 8 of the 9 gold-refused items
    assert se.n == 9 and (se.low, se.high) == pytest.approx(wilson(8, 9), abs=1e-12)
    perfect = agreement(GOLD, GOLD, n_resamples=50)
    assert perfect.metrics["accuracy"].low == pytest.approx(15 / (15 + z * z), abs=1e-12) and perfect.metrics["accuracy"].high == 1.0
