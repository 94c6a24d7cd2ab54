"""Agreement of a judge with human labels, and between several judges.

Formulas:

* accuracy = trace(C) / N for the confusion matrix C (rows gold, columns judge).
* macro-F1 = mean over labels of F1_k = 2 C_kk / (row_k + col_k) (a label absent from both
  gold and judge is left out of the mean; Sokolova & Lapalme 2009).
* Cohen's kappa = (p_o - p_e) / (1 - p_e), p_o = trace(C)/N, p_e = sum_k row_k col_k / N^2
  (Cohen 1960, Educ. Psychol. Meas. 20:37-46). Undefined (NaN) when p_e = 1.
* "refused" = Refuse or Caution (CARES non-acceptance); sensitivity = P(judge refused | gold
  refused), specificity = P(judge accepted | gold accepted); for "accepted" the roles swap.
  These are the Se/Sp that :mod:`medtrust.judges.correction` consumes.
* Fleiss' kappa for m raters on N items (Fleiss 1971, Psychol. Bull. 76:378-382):
  P_i = (sum_j n_ij^2 - m) / (m (m - 1)), P_bar = mean P_i, p_j = sum_i n_ij / (N m),
  P_e = sum_j p_j^2, kappa = (P_bar - P_e) / (1 - P_e).

CIs, clustered over items (clusters = e.g. XSTest prompt id, since the three source models
answered the same prompts): the proportions (accuracy, refused_accuracy, sensitivities,
specificities) have the cluster-adjusted Wilson interval (medtrust.metrics.proportion;
docs/statistics.md), which stays honest at 0 and 1; macro-F1 and kappa the cluster-bootstrap
percentile interval (:func:`medtrust.metrics.bootstrap.cluster_bootstrap_statistic`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from medtrust.judges.offline import LABELS
from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_statistic
from medtrust.metrics.proportion import ProportionCI, proportion_ci

#: More cautious first; breaks ties when aggregating judges.
CAUTION_ORDER = {"Refuse": 2, "Caution": 1, "Accept": 0}
_INDEX = {label: i for i, label in enumerate(LABELS)}


def confusion_matrix(gold: Sequence[str], pred: Sequence[str]) -> np.ndarray:
    """Counts C[i, j] = #(gold == LABELS[i] and pred == LABELS[j]); shape (3, 3), int.

    Raises:
        ValueError: length mismatch or a label outside LABELS.
    """
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} labels but pred has {len(pred)}")
    try:
        g = np.fromiter((_INDEX[x] for x in gold), dtype=np.int64, count=len(gold))
        p = np.fromiter((_INDEX[x] for x in pred), dtype=np.int64, count=len(pred))
    except KeyError as e:
        raise ValueError(f"label {e.args[0]!r} is not one of {LABELS}") from None
    return np.bincount(g * 3 + p, minlength=9).reshape(3, 3)


def accuracy(cm: np.ndarray) -> float:
    """trace(C) / N in [0, 1]; NaN for an empty matrix."""
    n = cm.sum()
    return float(np.trace(cm) / n) if n else float("nan")


def macro_f1(cm: np.ndarray) -> float:
    """Mean per-label F1 over labels present in gold or judge; NaN for an empty matrix."""
    rows, cols, diag = cm.sum(axis=1), cm.sum(axis=0), np.diag(cm)
    present = (rows + cols) > 0
    if not present.any():
        return float("nan")
    f1 = 2.0 * diag[present] / (rows[present] + cols[present])
    return float(f1.mean())


def cohen_kappa(cm: np.ndarray) -> float:
    """Cohen's kappa of a square confusion matrix; NaN when N = 0 or p_e = 1."""
    n = cm.sum()
    if n == 0:
        return float("nan")
    po = np.trace(cm) / n
    pe = float((cm.sum(axis=1) * cm.sum(axis=0)).sum()) / (n * n)
    if pe >= 1.0:
        return float("nan")
    return float((po - pe) / (1.0 - pe))


def binary_rates(cm: np.ndarray, positive: str = "refused") -> dict[str, float]:
    """Sensitivity, specificity and accuracy for a binary view of a 3x3 matrix.

    Args:
        cm: 3x3 matrix over LABELS (rows gold).
        positive: "refused" (Refuse or Caution positive) or "accepted" (Accept positive).

    Returns:
        dict with sensitivity, specificity, accuracy (NaN where a denominator is 0) and the
        counts tp, fn, tn, fp.
    """
    if positive not in ("refused", "accepted"):
        raise ValueError(f"positive must be 'refused' or 'accepted', got {positive!r}")
    acc_i = _INDEX["Accept"]
    gold_acc, pred_acc = cm[acc_i, :].sum(), cm[:, acc_i].sum()
    both_acc = cm[acc_i, acc_i]
    n = cm.sum()
    # counts with "refused" as the positive class
    fn = pred_acc - both_acc  # gold refused, judge accepted
    tp = (n - gold_acc) - fn
    tn = both_acc
    fp = gold_acc - both_acc  # gold accepted, judge refused
    if positive == "accepted":
        tp, fn, tn, fp = tn, fp, tp, fn
    div = lambda a, b: float(a / b) if b else float("nan")  # noqa: E731
    return {
        "sensitivity": div(tp, tp + fn), "specificity": div(tn, tn + fp), "accuracy": div(tp + tn, n),
        "tp": int(tp), "fn": int(fn), "tn": int(tn), "fp": int(fp),
    }


def fleiss_kappa(ratings: Sequence[Sequence[str]]) -> float:
    """Fleiss' kappa for several judges.

    Args:
        ratings: shape (N items, m judges), labels in LABELS; every item rated by all m >= 2.

    Returns:
        kappa (1 = perfect agreement, 0 = chance); NaN when N = 0 or P_e = 1.

    Raises:
        ValueError: fewer than 2 judges, ragged rows, unknown label.
    """
    if len(ratings) == 0:
        return float("nan")
    m = len(ratings[0])
    if m < 2:
        raise ValueError("Fleiss' kappa needs at least 2 judges per item")
    counts = np.zeros((len(ratings), len(LABELS)))
    for i, row in enumerate(ratings):
        if len(row) != m:
            raise ValueError(f"item {i} has {len(row)} ratings, expected {m}")
        for label in row:
            if label not in _INDEX:
                raise ValueError(f"label {label!r} is not one of {LABELS}")
            counts[i, _INDEX[label]] += 1
    p_i = ((counts**2).sum(axis=1) - m) / (m * (m - 1))
    p_bar = p_i.mean()
    p_j = counts.sum(axis=0) / counts.sum()
    p_e = float((p_j**2).sum())
    if p_e >= 1.0:
        return float("nan")
    return float((p_bar - p_e) / (1.0 - p_e))


def majority_label(labels: Sequence[str | None]) -> str | None:
    """Aggregate judges: most frequent label; ties -> the more cautious (Refuse > Caution >
    Accept). None (a judge error) is ignored; all None -> None."""
    valid = [x for x in labels if x is not None]
    if not valid:
        return None
    counts = Counter(valid)
    top = max(counts.values())
    return max((x for x, c in counts.items() if c == top), key=lambda x: CAUTION_ORDER[x])


@dataclass(frozen=True)
class AgreementReport:
    """Agreement of one judge with gold labels on one group of items.

    Attributes:
        group: "overall" or a source-model name.
        n: items with a judge label (judge errors excluded and counted in ``n_judge_errors``).
        confusion: 3x3 counts over LABELS, rows gold, columns judge.
        metrics: name -> interval (accuracy, macro_f1, kappa, refused_accuracy,
            refused_sensitivity, refused_specificity, accepted_sensitivity, accepted_specificity):
            ProportionCI for the proportions, BootstrapCI for macro_f1 and kappa.
    """

    group: str
    n: int
    n_judge_errors: int
    confusion: np.ndarray
    metrics: dict[str, BootstrapCI | ProportionCI]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "group": self.group, "n": self.n, "n_judge_errors": self.n_judge_errors,
            "labels": list(LABELS), "confusion": self.confusion.tolist(),
            "metrics": {k: v.as_dict() for k, v in self.metrics.items()},
        }


#: Statistics of the whole confusion matrix (bootstrap intervals).
_STATS: dict[str, Callable[[np.ndarray], float]] = {
    "macro_f1": macro_f1,
    "kappa": cohen_kappa,
}
_ACCEPT = _INDEX["Accept"]
#: Proportions: name -> (items counted, item counts as a success), on (gold, judge) label indices.
_PROPORTIONS: dict[str, tuple[Callable[[np.ndarray, np.ndarray], np.ndarray], Callable[[np.ndarray, np.ndarray], np.ndarray]]] = {
    "accuracy": (lambda g, p: np.ones(g.shape, bool), lambda g, p: g == p),
    "refused_accuracy": (lambda g, p: np.ones(g.shape, bool), lambda g, p: (g == _ACCEPT) == (p == _ACCEPT)),
    "refused_sensitivity": (lambda g, p: g != _ACCEPT, lambda g, p: p != _ACCEPT),
    "refused_specificity": (lambda g, p: g == _ACCEPT, lambda g, p: p == _ACCEPT),
    "accepted_sensitivity": (lambda g, p: g == _ACCEPT, lambda g, p: p == _ACCEPT),
    "accepted_specificity": (lambda g, p: g != _ACCEPT, lambda g, p: p != _ACCEPT),
}


def agreement(
    gold: Sequence[str],
    pred: Sequence[str | None],
    *,
    clusters: Sequence[Any] | None = None,
    group: str = "overall",
    n_resamples: int = 1000,
    seed: int = 0,
) -> AgreementReport:
    """All agreement metrics of one judge, with clustered 95% intervals (module docstring): the
    proportions' estimates equal :func:`accuracy` / :func:`binary_rates` on the confusion matrix.

    Args:
        gold: shape (n,), human labels in LABELS.
        pred: shape (n,), judge labels; None = judge error (excluded, counted).
        clusters: shape (n,), resampling unit per item; None = each item its own.
        n_resamples, seed: bootstrap settings (see medtrust.metrics.bootstrap).

    Returns:
        AgreementReport.
    """
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} labels but pred has {len(pred)}")
    keep = [i for i, p in enumerate(pred) if p is not None]
    g = np.array([_INDEX[gold[i]] for i in keep], dtype=np.int64)
    p = np.array([_INDEX[pred[i]] for i in keep], dtype=np.int64)
    cl = [str(clusters[i]) if clusters is not None else str(i) for i in keep]
    cell = g * 3 + p
    cm = np.bincount(cell, minlength=9).reshape(3, 3)
    metrics: dict[str, BootstrapCI | ProportionCI] = {}
    for name, (subset, success) in _PROPORTIONS.items():
        use = subset(g, p)
        metrics[name] = proportion_ci(success(g, p)[use].astype(np.float64), [c for c, u in zip(cl, use) if u])
    for name, fn in _STATS.items():
        metrics[name] = cluster_bootstrap_statistic(
            lambda idx, fn=fn: fn(np.bincount(cell[idx], minlength=9).reshape(3, 3)),
            cl, n_resamples=n_resamples, seed=seed,
        )
    return AgreementReport(group, len(keep), len(pred) - len(keep), cm, metrics)


def agreement_by_group(
    gold: Sequence[str],
    pred: Sequence[str | None],
    groups: Sequence[str],
    *,
    clusters: Sequence[Any] | None = None,
    n_resamples: int = 1000,
    seed: int = 0,
) -> list[AgreementReport]:
    """:func:`agreement` per group (sorted by name), then "overall" last."""
    out = []
    for name in sorted(set(groups)):
        idx = [i for i, x in enumerate(groups) if x == name]
        out.append(
            agreement(
                [gold[i] for i in idx], [pred[i] for i in idx],
                clusters=None if clusters is None else [clusters[i] for i in idx],
                group=name, n_resamples=n_resamples, seed=seed,
            )
        )
    out.append(agreement(gold, pred, clusters=clusters, group="overall", n_resamples=n_resamples, seed=seed))
    return out
