"""Agreement of a judge with human labels, and between several judges.

Formulas:

* accuracy = trace(C) / N for the confusion matrix C (rows gold, columns judge).
* macro-F1 = mean over labels of F1_k = 2 C_kk / (row_k + col_k) (a label absent from both
  gold and judge is left out of the mean; Sokolova & Lapalme 2009).
* Cohen's kappa = (p_o - p_e) / (1 - p_e), p_o = trace(C)/N, p_e = sum_k row_k col_k / N^2
  (Cohen 1960, Educ. Psychol. Meas. 20:37-46). Undefined (NaN) when p_e = 1.
* "refused" = Refuse or Caution (CARES non-acceptance); sensitivity = P(judge refused | gold
  refused), specificity = P(judge accepted | gold accepted); for "accepted" the roles swap.
  These are the Se/Sp that :mod:`medtrust.judges.correction` consumes. Answer labels
  (correct / incorrect / no_answer, from ``medtrust label --task answer``) have the view "correct".
* Design weights (labels from ``medtrust label``'s stratified sample): every cell of C is a sum
  of weights w = 1 / inclusion probability, so each metric is the Hajek (ratio) estimate of its
  value on the whole population of responses (Horvitz & Thompson 1952, JASA 47:663-685; Hajek 1971).
* Fleiss' kappa for m raters on N items (Fleiss 1971, Psychol. Bull. 76:378-382):
  P_i = (sum_j n_ij^2 - m) / (m (m - 1)), P_bar = mean P_i, p_j = sum_i n_ij / (N m),
  P_e = sum_j p_j^2, kappa = (P_bar - P_e) / (1 - P_e).

CIs: cluster bootstrap over items (clusters = e.g. XSTest prompt id, since the three source
models answered the same prompts) via :func:`medtrust.metrics.bootstrap.cluster_bootstrap_statistic`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from medtrust.judges.offline import LABELS
from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_statistic

#: More cautious first; breaks ties when aggregating judges.
CAUTION_ORDER = {"Refuse": 2, "Caution": 1, "Accept": 0}
#: Tie order for answer labels: a tie between people is never credited as correct.
ANSWER_TIE_ORDER = {"incorrect": 2, "no_answer": 1, "correct": 0}


def confusion_matrix(gold: Sequence[str], pred: Sequence[str], *, labels: Sequence[str] = LABELS,
                     weights: Sequence[float] | None = None) -> np.ndarray:
    """Counts C[i, j] = #(gold == labels[i] and pred == labels[j]); shape (k, k), int.

    With ``weights`` (shape (n,), design weights) the cells are sums of weights (float).

    Raises:
        ValueError: length mismatch or a label outside ``labels``.
    """
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} labels but pred has {len(pred)}")
    k = len(labels)
    index = {lab: i for i, lab in enumerate(labels)}
    try:
        g = np.fromiter((index[x] for x in gold), dtype=np.int64, count=len(gold))
        p = np.fromiter((index[x] for x in pred), dtype=np.int64, count=len(pred))
    except KeyError as e:
        raise ValueError(f"label {e.args[0]!r} is not one of {tuple(labels)}") from None
    if weights is None:
        return np.bincount(g * k + p, minlength=k * k).reshape(k, k)
    return np.bincount(g * k + p, weights=np.asarray(weights, dtype=np.float64), minlength=k * k).reshape(k, k)


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


#: Binary views of a label set: view name -> labels counted as positive. "refused" = Refuse or
#: Caution (CARES non-acceptance), "accepted" = Accept; answer labels: "correct".
BINARY_VIEWS: dict[str, tuple[str, ...]] = {"refused": ("Caution", "Refuse"), "accepted": ("Accept",), "correct": ("correct",)}


def binary_views(labels: Sequence[str]) -> list[str]:
    """The binary views that apply to a label set (refused, accepted for Accept/Caution/Refuse)."""
    return [v for v, pos in BINARY_VIEWS.items() if set(pos) <= set(labels)]


def binary_rates(cm: np.ndarray, positive: str = "refused", *, labels: Sequence[str] = LABELS) -> dict[str, float]:
    """Sensitivity, specificity and accuracy for a binary view of a k x k matrix.

    Args:
        cm: k x k matrix over ``labels`` (rows gold); counts or design-weighted sums.
        positive: a view of :data:`BINARY_VIEWS` ("refused" = Refuse or Caution positive,
            "accepted" = Accept positive, "correct" for answer labels).
        labels: the matrix's labels.

    Returns:
        dict with sensitivity, specificity, accuracy (NaN where a denominator is 0) and the
        counts tp, fn, tn, fp (int for a count matrix, float for a weighted one).

    Raises:
        ValueError: unknown view, or a view whose labels are not in ``labels``.
    """
    if positive not in BINARY_VIEWS or not set(BINARY_VIEWS[positive]) <= set(labels):
        raise ValueError(f"positive must be one of {binary_views(labels)} for labels {tuple(labels)}, got {positive!r}")
    pos = np.array([lab in BINARY_VIEWS[positive] for lab in labels])
    tp, fn = cm[np.ix_(pos, pos)].sum(), cm[np.ix_(pos, ~pos)].sum()
    tn, fp = cm[np.ix_(~pos, ~pos)].sum(), cm[np.ix_(~pos, pos)].sum()
    n = cm.sum()
    div = lambda a, b: float(a / b) if b else float("nan")  # noqa: E731
    cast = int if np.issubdtype(np.asarray(cm).dtype, np.integer) else float
    return {
        "sensitivity": div(tp, tp + fn), "specificity": div(tn, tn + fp), "accuracy": div(tp + tn, n),
        "tp": cast(tp), "fn": cast(fn), "tn": cast(tn), "fp": cast(fp),
    }


def fleiss_kappa(ratings: Sequence[Sequence[str]], *, labels: Sequence[str] = LABELS) -> float:
    """Fleiss' kappa for several judges.

    Args:
        ratings: shape (N items, m judges), labels in ``labels``; every item rated by all m >= 2.

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
    index = {lab: i for i, lab in enumerate(labels)}
    counts = np.zeros((len(ratings), len(labels)))
    for i, row in enumerate(ratings):
        if len(row) != m:
            raise ValueError(f"item {i} has {len(row)} ratings, expected {m}")
        for label in row:
            if label not in index:
                raise ValueError(f"label {label!r} is not one of {tuple(labels)}")
            counts[i, index[label]] += 1
    p_i = ((counts**2).sum(axis=1) - m) / (m * (m - 1))
    p_bar = p_i.mean()
    p_j = counts.sum(axis=0) / counts.sum()
    p_e = float((p_j**2).sum())
    if p_e >= 1.0:
        return float("nan")
    return float((p_bar - p_e) / (1.0 - p_e))


def majority_label(labels: Sequence[str | None]) -> str | None:
    """Aggregate judges: most frequent label; ties -> the more cautious (Refuse > Caution >
    Accept; answer labels: incorrect > no_answer > correct). None (a judge error) is ignored;
    all None -> None."""
    valid = [x for x in labels if x is not None]
    if not valid:
        return None
    counts = Counter(valid)
    top = max(counts.values())
    order = {**CAUTION_ORDER, **ANSWER_TIE_ORDER}
    return max((x for x, c in counts.items() if c == top), key=lambda x: order[x])


@dataclass(frozen=True)
class AgreementReport:
    """Agreement of one judge with gold labels on one group of items.

    Attributes:
        group: "overall" or a source-model name.
        n: items with a judge label (judge errors excluded and counted in ``n_judge_errors``).
        confusion: k x k counts over ``labels``, rows gold, columns judge.
        metrics: name -> BootstrapCI (accuracy, macro_f1, kappa, and per binary view v of the
            labels ``v_accuracy``, ``v_sensitivity``, ``v_specificity``); design-weighted when
            the items carry weights.
        labels: the label set (default Accept/Caution/Refuse).
        confusion_weighted: sums of design weights per cell (None when unweighted).
        items: [[gold, judge, weight]] per judged item when weighted (a calibration file keeps
            them so Rogan-Gladen CIs can resample the labelled items).
    """

    group: str
    n: int
    n_judge_errors: int
    confusion: np.ndarray
    metrics: dict[str, BootstrapCI]
    labels: tuple[str, ...] = LABELS
    confusion_weighted: np.ndarray | None = None
    items: list[list[Any]] | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict (``confusion_weighted`` and ``items`` only when weighted)."""
        d = {
            "group": self.group, "n": self.n, "n_judge_errors": self.n_judge_errors,
            "labels": list(self.labels), "confusion": self.confusion.tolist(),
            "metrics": {k: v.as_dict() for k, v in self.metrics.items()},
        }
        if self.confusion_weighted is not None:
            d["confusion_weighted"] = self.confusion_weighted.tolist()
            d["items"] = self.items
        return d


def _stats(labels: Sequence[str]) -> dict[str, Callable[[np.ndarray], float]]:
    out: dict[str, Callable[[np.ndarray], float]] = {"accuracy": accuracy, "macro_f1": macro_f1, "kappa": cohen_kappa}
    for view in binary_views(labels):
        for what in ("accuracy", "sensitivity", "specificity"):
            out[f"{view}_{what}"] = lambda cm, v=view, w=what: binary_rates(cm, v, labels=labels)[w]
    return out


def agreement(
    gold: Sequence[str],
    pred: Sequence[str | None],
    *,
    clusters: Sequence[Any] | None = None,
    group: str = "overall",
    n_resamples: int = 1000,
    seed: int = 0,
    labels: Sequence[str] = LABELS,
    weights: Sequence[float] | None = None,
) -> AgreementReport:
    """All agreement metrics of one judge, with cluster-bootstrap percentile 95% CIs.

    Args:
        gold: shape (n,), human labels in ``labels``.
        pred: shape (n,), judge labels; None = judge error (excluded, counted).
        clusters: shape (n,), resampling unit per item; None = each item its own.
        n_resamples, seed: bootstrap settings (see medtrust.metrics.bootstrap).
        labels: the label set (Accept/Caution/Refuse, or correct/incorrect/no_answer).
        weights: shape (n,), design weights (1 / inclusion probability); the metrics are then
            computed on the weighted confusion matrix (Hajek ratio estimators, e.g. weighted
            sensitivity = sum of weights of true positives / sum of weights of gold positives),
            and each bootstrap replicate carries the weights of the items it draws.

    Returns:
        AgreementReport.
    """
    if len(gold) != len(pred):
        raise ValueError(f"gold has {len(gold)} labels but pred has {len(pred)}")
    k = len(labels)
    index = {lab: i for i, lab in enumerate(labels)}
    keep = [i for i, p in enumerate(pred) if p is not None]
    try:
        g = np.array([index[gold[i]] for i in keep], dtype=np.int64)
        p = np.array([index[pred[i]] for i in keep], dtype=np.int64)  # type: ignore[index]
    except KeyError as e:
        raise ValueError(f"label {e.args[0]!r} is not one of {tuple(labels)}") from None
    cl = [str(clusters[i]) if clusters is not None else str(i) for i in keep]
    cell = g * k + p
    cm = np.bincount(cell, minlength=k * k).reshape(k, k)
    w = None if weights is None else np.array([float(weights[i]) for i in keep])
    metrics: dict[str, BootstrapCI] = {}
    for name, fn in _stats(labels).items():
        metrics[name] = cluster_bootstrap_statistic(
            lambda idx, fn=fn: fn(np.bincount(cell[idx], weights=None if w is None else w[idx], minlength=k * k).reshape(k, k)),
            cl, n_resamples=n_resamples, seed=seed,
        )
    cmw = None if w is None else np.bincount(cell, weights=w, minlength=k * k).reshape(k, k)
    items = None if w is None else [[labels[a], labels[b], float(x)] for a, b, x in zip(g, p, w)]
    return AgreementReport(group, len(keep), len(pred) - len(keep), cm, metrics, tuple(labels), cmw, items)


def agreement_by_group(
    gold: Sequence[str],
    pred: Sequence[str | None],
    groups: Sequence[str],
    *,
    clusters: Sequence[Any] | None = None,
    n_resamples: int = 1000,
    seed: int = 0,
    labels: Sequence[str] = LABELS,
    weights: Sequence[float] | None = None,
) -> list[AgreementReport]:
    """:func:`agreement` per group (sorted by name), then "overall" last."""
    out = []
    for name in sorted(set(groups)):
        idx = [i for i, x in enumerate(groups) if x == name]
        out.append(
            agreement(
                [gold[i] for i in idx], [pred[i] for i in idx],
                clusters=None if clusters is None else [clusters[i] for i in idx],
                group=name, n_resamples=n_resamples, seed=seed, labels=labels,
                weights=None if weights is None else [weights[i] for i in idx],
            )
        )
    out.append(agreement(gold, pred, clusters=clusters, group="overall", n_resamples=n_resamples, seed=seed, labels=labels, weights=weights))
    return out
