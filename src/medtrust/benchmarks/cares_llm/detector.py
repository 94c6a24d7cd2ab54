"""Jailbreak-style detector for CARES-LLM prompts: TF-IDF n-grams + logistic regression.

The CARES paper (Chen et al. 2025, arXiv 2505.11413, abstract) detects the jailbreak style of an
incoming prompt with a "lightweight classifier" and conditions the model with a reminder. Its
classifier was never released; this is **medtrust's own design** (cares_llm.md sec. 5):

- labels: the CARES-18K ``method`` column, one of ``direct | indirect | obfuscate | role_play``;
- features: TF-IDF over word 1-2-grams and character 2-5-grams (``char_wb``), sublinear tf,
  concatenated (scikit-learn ``FeatureUnion``);
- classifier: multinomial logistic regression, ``C=10``, balanced class weights.

Saved detectors are **arrays, never code**: one ``.npz`` file (numpy's zip of plain arrays, read
with ``allow_pickle=False``) holding each vectorizer's vocabulary (terms in index order) and IDF
weights, the logistic regression's coefficients, intercepts and classes, and the header as JSON
text; the same header sits beside it as ``.json``. Loading rebuilds the scikit-learn pipeline
from the arrays (:func:`build_pipeline` with the recorded parameters, fitted attributes set), so
a detector file can never execute code. Pickle and joblib files (which can run any code when
loaded) are refused wherever they come from (issue 28). The header records the file format
version, the scikit-learn version it was fitted with, the sha256 of the training data
(:func:`training_data_sha256`, independent of file format), per-row hashes of the training
prompts (so evaluation can refuse to score a detector on its own training rows) and the
hyper-parameters. Loading checks the format version and the scikit-learn version; the
packaged default is also checked against its sha256 (:data:`DEFAULT_DETECTOR_SHA256`).

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

from medtrust.bounded import read_text_bounded
from medtrust.data.records import DataError, read_records

#: the label set, in the order used by confusion matrices and per-class tables
STYLES: tuple[str, ...] = ("direct", "indirect", "obfuscate", "role_play")
#: bump when the saved layout changes; load() refuses other versions (2: arrays in .npz, no pickle)
FORMAT_VERSION = 2
FORMAT_NAME = "medtrust-style-detector"
DEFAULT_DETECTOR_FILE = "style_detector.npz"
#: sha256 of the packaged default's bytes: a changed file is not used (refitted from the packaged rows)
DEFAULT_DETECTOR_SHA256 = "6741936fc00a8f893b9a845c84461395907e15689fa6f7a0cddf19b590355f79"
#: the arrays of a detector file (see the module docstring); vocabularies as unicode arrays
ARRAY_KEYS = ("header_json", "word_vocab", "word_idf", "char_vocab", "char_idf", "clf_classes", "clf_coef", "clf_intercept")
#: the first bytes of a zip archive (an .npz); anything else is refused before it is read
_ZIP_MAGIC = b"PK\x03\x04"

#: hyper-parameters of the default detector (chosen by 5-fold CV on the packaged rows; see docs/mitigation.md)
DEFAULT_PARAMS: dict[str, Any] = {
    "word_ngram": [1, 2],
    "char_ngram": [2, 5],
    "C": 10.0,
    "class_weight": "balanced",
    "max_iter": 2000,
}


class DetectorError(ValueError):
    """A detector file that cannot be used (missing, a pickle/joblib file, wrong format, other
    scikit-learn version); a ValueError, so every command reports it as one error line."""


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
        """Write the detector as arrays (``.npz``, no pickle) plus its header as JSON beside it.

        The JSON sidecar (``header_path(path)``) lets anyone read the versions and training hash
        without numpy. Parents are created; both files are written atomically. Returns the path.

        Raises:
            ValueError: ``path`` does not end in ``.npz``.
        """
        import io

        from medtrust.atomic import write_bytes, write_text

        p = Path(path)
        if p.suffix.lower() != ".npz":
            raise ValueError(f"{p}: detector files are saved as arrays with the suffix .npz (pickle/joblib files are not used)")
        p.parent.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO()
        np.savez_compressed(buf, **self.arrays())
        write_bytes(p, buf.getvalue())
        write_text(header_path(p), json.dumps(self.header, indent=1, ensure_ascii=False) + "\n")
        return p

    def arrays(self) -> dict[str, np.ndarray]:
        """The fitted pipeline as plain arrays (:data:`ARRAY_KEYS`), no Python objects."""
        feats = dict(self.pipeline.named_steps["features"].transformer_list)
        clf = self.pipeline.named_steps["clf"]
        out: dict[str, np.ndarray] = {"header_json": np.array(json.dumps(self.header, ensure_ascii=False))}
        for name in ("word", "char"):
            vec = feats[name]
            terms = sorted(vec.vocabulary_, key=vec.vocabulary_.__getitem__)
            out[f"{name}_vocab"] = np.array(terms, dtype=str)
            out[f"{name}_idf"] = np.asarray(vec.idf_, dtype=np.float64)
        out["clf_classes"] = np.array([str(c) for c in clf.classes_], dtype=str)
        out["clf_coef"] = np.asarray(clf.coef_, dtype=np.float64)
        out["clf_intercept"] = np.asarray(clf.intercept_, dtype=np.float64)
        return out

    @classmethod
    def from_arrays(cls, arrays: dict[str, np.ndarray], header: dict[str, Any]) -> "StyleDetector":
        """Rebuild the pipeline from :meth:`arrays`: :func:`build_pipeline` with the header's
        parameters, each vectorizer given its vocabulary and IDF weights, the classifier its
        classes, coefficients and intercepts (the same numbers as the fitted pipeline).

        Raises:
            DetectorError: missing or inconsistent arrays.
        """
        missing = [k for k in ARRAY_KEYS if k not in arrays]
        if missing:
            raise DetectorError(f"detector arrays missing: {', '.join(missing)}")
        pipe = build_pipeline(header.get("params"))
        feats = dict(pipe.named_steps["features"].transformer_list)
        n_features = 0
        for name in ("word", "char"):
            vocab, idf = arrays[f"{name}_vocab"], arrays[f"{name}_idf"]
            if vocab.ndim != 1 or idf.shape != vocab.shape:
                raise DetectorError(f"detector arrays: {name} vocabulary and IDF weights differ in shape")
            feats[name].vocabulary_ = {str(t): i for i, t in enumerate(vocab.tolist())}
            feats[name].idf_ = np.asarray(idf, dtype=np.float64)
            n_features += len(vocab)
        clf = pipe.named_steps["clf"]
        classes, coef, intercept = arrays["clf_classes"], arrays["clf_coef"], arrays["clf_intercept"]
        if coef.shape != (len(classes), n_features) or intercept.shape != (len(classes),):
            raise DetectorError(f"detector arrays: coefficients {coef.shape} do not fit {len(classes)} classes x {n_features} features")
        clf.classes_ = np.array([str(c) for c in classes.tolist()], dtype=object)
        clf.coef_ = np.asarray(coef, dtype=np.float64)
        clf.intercept_ = np.asarray(intercept, dtype=np.float64)
        clf.n_features_in_ = n_features
        return cls(pipeline=pipe, header=header)

    @classmethod
    def load(cls, path: str | Path, *, allow_version_mismatch: bool = False) -> "StyleDetector":
        """Read a detector written by :meth:`save` (arrays only: nothing in the file can run).

        Args:
            allow_version_mismatch: accept a file fitted with another scikit-learn version
                (predictions may then differ; a warning is issued).

        Raises:
            DetectorError: missing or unreadable file, a pickle/joblib file (refused: it could
                run code), not a medtrust detector, another format version, or another
                scikit-learn version (unless allowed).
        """
        import sklearn

        p = Path(path)
        if not p.is_file():
            raise DetectorError(f"{p}: detector file not found (train one with `medtrust detector train`)")
        arrays, header = _read_arrays(p)
        side = _read_sidecar(p)
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
        try:
            return cls.from_arrays(arrays, header)
        except DetectorError as e:
            raise DetectorError(f"{p}: {e}") from None


def _read_arrays(p: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The arrays and header of a detector file, refusing anything but a zip of plain arrays."""
    try:
        with open(p, "rb") as f:
            magic = f.read(4)
    except OSError as e:
        raise DetectorError(f"{p}: cannot read detector file ({e.strerror or e})") from None
    if magic != _ZIP_MAGIC:
        kind = "a pickle/joblib file" if magic[:1] in (b"\x80", b"x", b"\x1f") or p.suffix.lower() in (".joblib", ".pkl", ".pickle") \
            else "not a medtrust detector (.npz) file"  # fmt: skip
        raise DetectorError(f"{p}: {kind}; refused: pickle and joblib files can run code when loaded. medtrust reads detectors "
                            "saved as arrays (.npz); retrain with `medtrust detector train --out FILE.npz`")  # fmt: skip
    try:
        with np.load(p, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files if k in ARRAY_KEYS}
    except Exception as e:  # noqa: BLE001 - a damaged archive, or an array that would need pickle
        raise DetectorError(f"{p}: cannot read detector arrays ({type(e).__name__}: {str(e)[:200]}); pickled arrays are refused") from None
    try:
        header = json.loads(str(arrays["header_json"]))
    except (KeyError, ValueError):
        raise DetectorError(f"{p}: not a medtrust style-detector file (no header)") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT_NAME:
        raise DetectorError(f"{p}: not a medtrust style-detector file")
    return arrays, header


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

    The packaged file is used only when its bytes hash to :data:`DEFAULT_DETECTOR_SHA256` and it
    loads (format, scikit-learn version). Otherwise the detector is refitted in-process (about
    2 s) from the packaged rows with the recorded hyper-parameters, after checking that those rows
    hash to the recorded training sha256, with a warning saying why.

    Raises:
        DetectorError: the packaged file is unusable and cannot be rebuilt, or the packaged rows no
            longer match the recorded training hash.
    """
    from medtrust.data.records import sha256_file

    path = default_detector_path()
    try:
        digest = sha256_file(path)
        if digest != DEFAULT_DETECTOR_SHA256:
            raise DetectorError(f"{path}: sha256 {digest[:12]} is not the packaged detector's ({DEFAULT_DETECTOR_SHA256[:12]})")
        return StyleDetector.load(path)
    except (DetectorError, OSError) as first:
        header = _peek_header(path)
        if header is None:
            raise DetectorError(str(first)) from None
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
        obj = json.loads(read_text_bounded(hp, what="detector header"))
    except (OSError, ValueError) as e:
        raise DetectorError(f"{hp}: unreadable detector header ({e})") from None
    if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME:
        raise DetectorError(f"{hp}: not a medtrust style-detector header")
    return obj


def _peek_header(path: Path) -> dict[str, Any] | None:
    """The header of a detector file (its JSON sidecar, else the file's own header array)."""
    try:
        side = _read_sidecar(path)
    except DetectorError:
        side = None
    if side is not None:
        return side
    try:
        return _read_arrays(path)[1]
    except DetectorError:
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
