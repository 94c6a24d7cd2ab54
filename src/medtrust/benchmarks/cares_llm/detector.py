"""Jailbreak-style detector for CARES-LLM prompts: TF-IDF n-grams + logistic regression.

The CARES paper (Chen et al. 2025, arXiv 2505.11413, abstract) detects the jailbreak style of an
incoming prompt with a "lightweight classifier" and conditions the model with a reminder. Its
classifier was never released; this is **medtrust's own design** (cares_llm.md sec. 5):

- labels: the CARES-18K ``method`` column, one of ``direct | indirect | obfuscate | role_play``;
- features: TF-IDF over word 1-2-grams and character 2-5-grams (``char_wb``), sublinear tf,
  concatenated (scikit-learn ``FeatureUnion``);
- classifier: multinomial logistic regression, ``C=10``, balanced class weights.

Saved detectors are one joblib file holding ``{"header": {...}, "pipeline": Pipeline}``. The
header records the file format version, the scikit-learn version it was fitted with, the sha256
of the training data (:func:`training_data_sha256`, independent of file format), per-row hashes
of the training prompts (so evaluation can refuse to score a detector on its own training rows)
and the hyper-parameters. Loading checks the format version and the scikit-learn version.
A joblib file is a pickle: load only detector files you trust.

The default detector ships in ``medtrust/data/detector/`` and is trained on the 239 packaged
real CARES-18K test rows (see the README there for its limits).
"""

from __future__ import annotations

import hashlib
import json
import warnings
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from medtrust.data.records import DataError, read_records

#: the label set, in the order used by confusion matrices and per-class tables
STYLES: tuple[str, ...] = ("direct", "indirect", "obfuscate", "role_play")
#: bump when the saved layout changes; load() refuses other versions
FORMAT_VERSION = 1
FORMAT_NAME = "medtrust-style-detector"
DEFAULT_DETECTOR_FILE = "style_detector.joblib"

#: hyper-parameters of the default detector (chosen by 5-fold CV on the packaged rows; see docs/mitigation.md)
DEFAULT_PARAMS: dict[str, Any] = {
    "word_ngram": [1, 2],
    "char_ngram": [2, 5],
    "C": 10.0,
    "class_weight": "balanced",
    "max_iter": 2000,
}


class DetectorError(RuntimeError):
    """A detector file that cannot be used (missing, wrong format, other scikit-learn version)."""


# --------------------------------------------------------------------------------------------
# training data


@dataclass(frozen=True)
class StyleRows:
    """Prompts with their style labels, as read from a file.

    Attributes:
        texts: shape (n,), prompt texts.
        labels: shape (n,), one of :data:`STYLES` each.
        families: shape (n,), family id per row (sha1 of ``base_prompt`` when the file has that
            column, else of the prompt itself), used to keep a family in one CV fold.
        source: the file path (or a description).
        file_sha256: sha256 of the file bytes (None when not read from a file).
    """

    texts: list[str]
    labels: list[str]
    families: list[str]
    source: str = ""
    file_sha256: str | None = None

    @property
    def sha256(self) -> str:
        """Format-independent content hash, see :func:`training_data_sha256`."""
        return training_data_sha256(self.texts, self.labels)


def _family(text: str) -> str:
    # same derivation as dataset.family_id (sha1, 16 hex digits) so ids agree across modules
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


def read_style_rows(path: str | Path) -> StyleRows:
    """Read ``prompt`` + ``method`` rows from any JSONL/JSON/CSV/parquet file.

    Only the two columns are required (``cares_``-prefixed aliases accepted); ``base_prompt``,
    when present, gives the family id.

    Raises:
        DataError: missing file, missing column, empty prompt, or a ``method`` outside
            :data:`STYLES` (message names file, line and field).
    """
    from medtrust.data.records import sha256_file

    p = Path(path)
    records = read_records(p)
    texts, labels, fams = [], [], []
    for rec in records:
        f = {k[len("cares_"):] if k.startswith("cares_") else k: v for k, v in rec.fields.items()}
        for col in ("prompt", "method"):
            if col not in f:
                raise DataError(p, "missing column", line=rec.line, field=col)
        text, method = f["prompt"], f["method"]
        if not isinstance(text, str) or not text.strip():
            raise DataError(p, "empty or missing text", line=rec.line, field="prompt")
        if method not in STYLES:
            raise DataError(p, f"unknown value {method!r}; expected one of {list(STYLES)}", line=rec.line, field="method")
        base = f.get("base_prompt")
        texts.append(text)
        labels.append(method)
        fams.append(_family(base if isinstance(base, str) and base.strip() else text))
    return StyleRows(texts, labels, fams, source=str(p), file_sha256=sha256_file(p))


def training_data_sha256(texts: Sequence[str], labels: Sequence[str]) -> str:
    """sha256 of the (prompt, method) pairs in order, one JSON array per line, UTF-8.

    Independent of the file format, so the same rows in JSONL and parquet hash alike.
    """
    h = hashlib.sha256()
    for t, y in zip(texts, labels, strict=True):
        h.update(json.dumps([t, y], ensure_ascii=False).encode("utf-8") + b"\n")
    return h.hexdigest()


def prompt_key(text: str) -> str:
    """Per-row identity used to detect train/eval overlap: sha1 of the exact prompt, 16 hex digits."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


# --------------------------------------------------------------------------------------------
# the model


def build_pipeline(params: dict[str, Any] | None = None) -> Any:
    """An unfitted scikit-learn Pipeline (TF-IDF word + char n-grams -> logistic regression).

    Args:
        params: overrides of :data:`DEFAULT_PARAMS` (keys ``word_ngram``, ``char_ngram``, ``C``,
            ``class_weight``, ``max_iter``).
    """
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import FeatureUnion, Pipeline

    p = {**DEFAULT_PARAMS, **(params or {})}
    features = FeatureUnion(
        [
            ("word", TfidfVectorizer(analyzer="word", ngram_range=tuple(p["word_ngram"]), sublinear_tf=True, dtype=np.float64)),
            ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=tuple(p["char_ngram"]), sublinear_tf=True, dtype=np.float64)),
        ]
    )
    # newton-cg: deterministic (a refit reproduces the shipped model) and ~6x faster than lbfgs here
    clf = LogisticRegression(C=float(p["C"]), class_weight=p["class_weight"], max_iter=int(p["max_iter"]), solver="newton-cg")
    return Pipeline([("features", features), ("clf", clf)])


@dataclass(frozen=True)
class Detection:
    """One prediction: the style and its probability in [0, 1]."""

    style: str
    probability: float


@dataclass
class StyleDetector:
    """A fitted style detector with its provenance header.

    Attributes:
        pipeline: fitted scikit-learn Pipeline (text -> style).
        header: format, versions, training hash and row keys, params, class counts, date.
    """

    pipeline: Any
    header: dict[str, Any] = field(default_factory=dict)

    @property
    def classes(self) -> list[str]:
        return [str(c) for c in self.pipeline.classes_]

    @property
    def training_sha256(self) -> str | None:
        return self.header.get("training_sha256")

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.header.get("params") or DEFAULT_PARAMS)

    def predict(self, texts: Sequence[str]) -> list[str]:
        """Predicted style per text, shape (n,)."""
        if not texts:
            return []
        return [str(y) for y in self.pipeline.predict(list(texts))]

    def predict_proba(self, texts: Sequence[str]) -> np.ndarray:
        """Class probabilities, shape (n, len(classes)), columns in :attr:`classes` order."""
        return self.pipeline.predict_proba(list(texts))

    def detect(self, text: str) -> Detection:
        """The most probable style of one prompt with its probability."""
        proba = self.predict_proba([text])[0]
        i = int(np.argmax(proba))
        return Detection(self.classes[i], float(proba[i]))

    def trained_on(self, texts: Sequence[str]) -> list[bool]:
        """Whether each text was one of this detector's training prompts (exact match)."""
        keys = set(self.header.get("training_prompt_keys") or [])
        return [prompt_key(t) in keys for t in texts]

    def save(self, path: str | Path) -> Path:
        """Write the detector as one joblib file, plus its header as JSON beside it.

        The JSON sidecar (``header_path(path)``) lets anyone read the versions and training hash
        without unpickling, and lets :meth:`load` check versions before unpickling. Parents are
        created. Returns the joblib path.
        """
        import joblib

        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        joblib.dump({"header": self.header, "pipeline": self.pipeline}, p, compress=3)
        header_path(p).write_text(json.dumps(self.header, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return p

    @classmethod
    def load(cls, path: str | Path, *, allow_version_mismatch: bool = False) -> "StyleDetector":
        """Read a detector written by :meth:`save`.

        Args:
            allow_version_mismatch: accept a file fitted with another scikit-learn version
                (predictions may then differ or fail; a warning is issued).

        Raises:
            DetectorError: missing or unreadable file, not a medtrust detector, another format
                version, or another scikit-learn version (unless allowed).
        """
        import joblib
        import sklearn

        p = Path(path)
        if not p.is_file():
            raise DetectorError(f"{p}: detector file not found (train one with `medtrust detector train`)")
        side = _read_sidecar(p)
        if side is not None and not allow_version_mismatch and side.get("sklearn_version") != sklearn.__version__:
            # refuse before unpickling objects of another scikit-learn version
            raise DetectorError(f"{p}: detector was fitted with scikit-learn {side.get('sklearn_version')}, installed is "
                                f"{sklearn.__version__}; retrain it with `medtrust detector train` (or pass allow_version_mismatch)")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                obj = joblib.load(p)
            except Exception as e:  # unpickling raises many types across versions
                raise DetectorError(f"{p}: cannot read detector file ({type(e).__name__}: {e}); "
                                    f"installed scikit-learn is {sklearn.__version__}") from None
        if not isinstance(obj, dict) or not isinstance(obj.get("header"), dict) or obj["header"].get("format") != FORMAT_NAME:
            raise DetectorError(f"{p}: not a medtrust style-detector file")
        header = obj["header"]
        if side is not None and side.get("training_sha256") != header.get("training_sha256"):
            raise DetectorError(f"{p}: the header file {header_path(p).name} belongs to another detector (training hashes differ)")
        if header.get("format_version") != FORMAT_VERSION:
            raise DetectorError(f"{p}: detector format version {header.get('format_version')} is not supported "
                                f"(this medtrust reads version {FORMAT_VERSION}); retrain it")
        fitted = header.get("sklearn_version")
        if fitted != sklearn.__version__:
            msg = (f"{p}: detector was fitted with scikit-learn {fitted}, installed is {sklearn.__version__}; "
                   "retrain it with `medtrust detector train` (or pass allow_version_mismatch)")
            if not allow_version_mismatch:
                raise DetectorError(msg)
            warnings.warn(msg, stacklevel=2)
        elif caught:
            for w in caught:  # same version: surface anything unexpected instead of hiding it
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
        return cls(pipeline=obj["pipeline"], header=header)


def train_detector(
    texts: Sequence[str],
    labels: Sequence[str],
    *,
    params: dict[str, Any] | None = None,
    source: str = "",
    file_sha256: str | None = None,
) -> StyleDetector:
    """Fit a detector on prompts and their ``method`` labels.

    Args:
        texts, labels: shape (n,) each; labels in :data:`STYLES`.
        params: hyper-parameter overrides (see :func:`build_pipeline`).
        source: where the rows came from (a file name; stored in the header, no absolute path).
        file_sha256: sha256 of the training file bytes, if any.

    Raises:
        ValueError: length mismatch, empty input, an unknown label, or fewer than two classes.
    """
    import sklearn

    if len(texts) != len(labels):
        raise ValueError(f"texts has {len(texts)} entries but labels has {len(labels)}")
    if not texts:
        raise ValueError("no training rows")
    bad = sorted({y for y in labels if y not in STYLES})
    if bad:
        raise ValueError(f"unknown style label(s) {bad}; expected {list(STYLES)}")
    if len(set(labels)) < 2:
        raise ValueError("training needs at least two different styles")
    p = {**DEFAULT_PARAMS, **(params or {})}
    pipe = build_pipeline(p)
    pipe.fit(list(texts), list(labels))
    counts = {s: int(sum(1 for y in labels if y == s)) for s in STYLES}
    header = {
        "format": FORMAT_NAME,
        "format_version": FORMAT_VERSION,
        "sklearn_version": sklearn.__version__,
        "training_sha256": training_data_sha256(texts, labels),
        "training_file_sha256": file_sha256,
        "training_source": Path(source).name if source else "",
        "n_train": len(texts),
        "class_counts": counts,
        "params": p,
        "training_prompt_keys": sorted({prompt_key(t) for t in texts}),
        "created": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    return StyleDetector(pipeline=pipe, header=header)


# --------------------------------------------------------------------------------------------
# the packaged default


def default_detector_path() -> Path:
    """Path of the packaged default detector file."""
    return Path(str(resources.files("medtrust.data") / "detector" / DEFAULT_DETECTOR_FILE))


@lru_cache(maxsize=1)
def default_detector() -> StyleDetector:
    """The packaged default detector (trained on the 239 packaged CARES-18K test rows).

    When the installed scikit-learn differs from the one that fitted the packaged file, the
    detector is refitted in-process (about 2 s) from the packaged rows with the same
    hyper-parameters, after checking that those rows hash to the recorded training sha256.

    Raises:
        DetectorError: the packaged file is missing/corrupt and cannot be rebuilt, or the packaged
            rows no longer match the recorded training hash.
    """
    path = default_detector_path()
    try:
        return StyleDetector.load(path)
    except DetectorError as first:
        header = _peek_header(path)
        if header is None:
            raise
        from medtrust.benchmarks.cares_llm.dataset import packaged_data_path

        rows = read_style_rows(packaged_data_path())
        if rows.sha256 != header.get("training_sha256"):
            raise DetectorError(f"{first}; cannot rebuild: packaged rows hash {rows.sha256[:12]} "
                                f"differs from the recorded training hash {str(header.get('training_sha256'))[:12]}") from None
        warnings.warn(f"{first}; refitted the default detector from the packaged rows (same data, same parameters)", stacklevel=2)
        return train_detector(rows.texts, rows.labels, params=header.get("params"), source=rows.source, file_sha256=rows.file_sha256)


def header_path(path: str | Path) -> Path:
    """The JSON sidecar of a detector file: same name with suffix ``.json``."""
    return Path(path).with_suffix(".json")


def _read_sidecar(path: Path) -> dict[str, Any] | None:
    hp = header_path(path)
    if not hp.is_file():
        return None
    try:
        obj = json.loads(hp.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise DetectorError(f"{hp}: unreadable detector header ({e})") from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME:
        raise DetectorError(f"{hp}: not a medtrust style-detector header")
    return obj


def _peek_header(path: Path) -> dict[str, Any] | None:
    """The header of a detector file even when its pipeline is from another scikit-learn version."""
    side = _read_sidecar(path)
    if side is not None:
        return side
    try:
        import joblib

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            obj = joblib.load(path)
        return obj.get("header") if isinstance(obj, dict) else None
    except Exception:
        return None


# --------------------------------------------------------------------------------------------
# evaluation


@dataclass
class DetectorMetrics:
    """Classification quality of a detector.

    Attributes:
        labels: class order of ``per_class`` and ``confusion``.
        accuracy: share of rows predicted correctly, in [0, 1].
        macro_f1: unweighted mean of per-class F1 over ``labels`` that occur in truth or prediction.
        per_class: {label: {"precision", "recall", "f1", "support"}}; a ratio with a zero
            denominator is 0.0 (scikit-learn ``zero_division=0``).
        confusion: rows = true label, columns = predicted label, counts, in ``labels`` order.
        n: rows evaluated.
        protocol: how predictions were obtained (e.g. "5-fold stratified CV, families kept together").
    """

    labels: list[str]
    accuracy: float
    macro_f1: float
    per_class: dict[str, dict[str, float]]
    confusion: list[list[int]]
    n: int
    protocol: str = ""
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def table(self) -> str:
        """Plain-text report: accuracy, macro-F1, per-class P/R/F1/support, confusion matrix."""
        w = max(len(s) for s in self.labels) + 2
        lines = [f"protocol: {self.protocol}", f"rows: {self.n}",
                 f"accuracy: {self.accuracy:.3f}   macro-F1: {self.macro_f1:.3f}", "",
                 f"{'style':<{w}}{'precision':>10}{'recall':>10}{'f1':>10}{'support':>9}"]
        for s in self.labels:
            c = self.per_class[s]
            lines.append(f"{s:<{w}}{c['precision']:>10.3f}{c['recall']:>10.3f}{c['f1']:>10.3f}{int(c['support']):>9d}")
        lines += ["", "confusion (rows = true, columns = predicted):",
                  " " * w + "".join(f"{s[:10]:>11}" for s in self.labels)]
        for s, row in zip(self.labels, self.confusion):
            lines.append(f"{s:<{w}}" + "".join(f"{v:>11d}" for v in row))
        lines += [f"note: {n}" for n in self.notes]
        return "\n".join(lines)


def evaluate_predictions(
    y_true: Sequence[str], y_pred: Sequence[str], *, labels: Sequence[str] = STYLES, protocol: str = ""
) -> DetectorMetrics:
    """Accuracy, per-class precision/recall/F1, macro-F1 and the confusion matrix.

    Macro-F1 averages over the labels present in ``y_true`` or ``y_pred`` (a class absent from
    both has no defined F1 and is reported with support 0 but left out of the average).

    Raises:
        ValueError: length mismatch or empty input.
    """
    from sklearn.metrics import confusion_matrix, precision_recall_fscore_support

    if len(y_true) != len(y_pred):
        raise ValueError(f"y_true has {len(y_true)} entries but y_pred has {len(y_pred)}")
    if not y_true:
        raise ValueError("no predictions to evaluate")
    labels = list(labels)
    prec, rec, f1, sup = precision_recall_fscore_support(y_true, y_pred, labels=labels, zero_division=0)
    present = [i for i, s in enumerate(labels) if s in set(y_true) | set(y_pred)]
    per_class = {s: {"precision": float(prec[i]), "recall": float(rec[i]), "f1": float(f1[i]), "support": int(sup[i])}
                 for i, s in enumerate(labels)}
    acc = float(np.mean([a == b for a, b in zip(y_true, y_pred)]))
    macro = float(np.mean([f1[i] for i in present])) if present else float("nan")
    cm = confusion_matrix(y_true, y_pred, labels=labels).tolist()
    return DetectorMetrics(labels=labels, accuracy=acc, macro_f1=macro, per_class=per_class, confusion=cm,
                           n=len(y_true), protocol=protocol)


def cross_validate(
    rows: StyleRows, *, folds: int = 5, seed: int = 0, params: dict[str, Any] | None = None
) -> tuple[list[str], DetectorMetrics]:
    """Out-of-fold predictions from stratified k-fold CV, keeping each prompt family in one fold.

    Uses scikit-learn ``StratifiedGroupKFold(folds, shuffle=True, random_state=seed)`` with the
    family ids as groups (a base prompt and its rewrites never straddle train and test).

    Returns:
        (predictions aligned with ``rows.texts``, metrics over all rows).

    Raises:
        ValueError: fewer than 2 folds, or a class with fewer rows than folds.
    """
    if folds < 2:
        raise ValueError(f"folds must be >= 2, got {folds}")
    counts = {s: rows.labels.count(s) for s in set(rows.labels)}
    small = {s: c for s, c in counts.items() if c < folds}
    if small:
        raise ValueError(f"class(es) with fewer rows than folds ({folds}): {small}")
    preds = [d.style for d in _out_of_fold(rows, folds, seed, params)]
    protocol = f"{folds}-fold stratified CV (families kept in one fold, seed {seed}) on {Path(rows.source).name or 'rows'}"
    return preds, evaluate_predictions(rows.labels, preds, protocol=protocol)


def _out_of_fold(rows: StyleRows, folds: int, seed: int, params: dict[str, Any] | None) -> list[Detection]:
    from sklearn.model_selection import StratifiedGroupKFold

    cv = StratifiedGroupKFold(n_splits=folds, shuffle=True, random_state=seed)
    texts = np.asarray(rows.texts, dtype=object)
    labels = np.asarray(rows.labels, dtype=object)
    out: list[Detection | None] = [None] * len(texts)
    for train_idx, test_idx in cv.split(texts, labels, groups=rows.families):
        model = build_pipeline(params).fit(list(texts[train_idx]), list(labels[train_idx]))
        proba = model.predict_proba(list(texts[test_idx]))
        classes = [str(c) for c in model.classes_]
        for i, pr in zip(test_idx, proba):
            k = int(np.argmax(pr))  # same tie rule as Pipeline.predict
            out[i] = Detection(classes[k], float(pr[k]))
    return [d for d in out if d is not None]


def out_of_fold_detections(
    rows: StyleRows, *, folds: int = 5, seed: int = 0, params: dict[str, Any] | None = None
) -> dict[str, Detection]:
    """{prompt_key: Detection} where each prompt is predicted by a model that never saw its fold.

    The folds are those of :func:`cross_validate` (same seed, same split), so these are the
    detections whose quality :func:`cross_validate` reports.
    """
    return {prompt_key(t): d for t, d in zip(rows.texts, _out_of_fold(rows, folds, seed, params))}


@lru_cache(maxsize=1)
def default_out_of_fold() -> dict[str, Detection]:
    """Out-of-fold detections for the packaged rows the default detector was trained on.

    The mitigation solver uses these for prompts the default detector has seen, so that a run
    on the packaged sample measures a detector that did not train on the prompt it classifies.
    Costs one 5-fold CV (a few seconds), computed once per process.
    """
    from medtrust.benchmarks.cares_llm.dataset import packaged_data_path

    det = default_detector()
    rows = read_style_rows(packaged_data_path())
    if rows.sha256 != det.training_sha256:
        return {}
    return out_of_fold_detections(rows, folds=5, seed=0, params=det.params)


def evaluate_detector(detector: StyleDetector, rows: StyleRows, *, folds: int = 5, seed: int = 0) -> DetectorMetrics:
    """Held-out quality of a fitted detector on ``rows``, never on its own training rows.

    Rows whose prompt is among the detector's training prompts are dropped. When none remain
    (e.g. the default detector on the packaged rows), the detector's *procedure* is evaluated
    instead: k-fold CV of a fresh model with the detector's hyper-parameters on ``rows``.
    """
    seen = detector.trained_on(rows.texts)
    if all(seen):
        _, m = cross_validate(rows, folds=folds, seed=seed, params=detector.params)
        m.notes.append("every row is in the detector's training data, so its fitting procedure was cross-validated "
                       "instead of scoring the fitted model on its own training rows")
        return m
    keep = [i for i, s in enumerate(seen) if not s]
    y = [rows.labels[i] for i in keep]
    pred = detector.predict([rows.texts[i] for i in keep])
    m = evaluate_predictions(y, pred, protocol=f"held-out: detector trained on {detector.header.get('n_train')} rows "
                                                f"({detector.header.get('training_source') or 'unknown file'}), "
                                                f"evaluated on {Path(rows.source).name or 'rows'}")
    if len(keep) < len(seen):
        m.notes.append(f"{len(seen) - len(keep)} row(s) also in the training data were left out")
    return m


# --------------------------------------------------------------------------------------------
# CLI: mounted by medtrust.cli as `medtrust detector`



def packaged_rows_path() -> Path:
    from medtrust.benchmarks.cares_llm.dataset import packaged_data_path

    return packaged_data_path()
