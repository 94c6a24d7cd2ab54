"""Train the offline judge's hidden-state probe and write it into the package (issue 22, round 16).

    python measurements/train_refusal_hidden.py            # about 20 min on 2 cores: features of every row, fit, write
    python measurements/train_refusal_hidden.py --check    # train and compare with the packaged model (exit 1 if it differs)
    python measurements/train_refusal_hidden.py --features-cache /tmp/hidden_train.npz   # reuse computed features

Training rows: the n-gram model's training files (measurements/train_refusal_ngram.py
``TRAIN_FILES``: the open authored and SmolLM2 sets, the kinds dev file, the retired sealed files (less ``NOT_TRAINED_ON``),
tests/data/refusal_train/*.jsonl) and the round-15 files (tests/data/refusal_train/round15_holdout/:
read and scored by round 15, development files since). Never a sealed file, the kinds held-out file
or XSTest (the same refusal as the n-gram script). Settings (layer 18, 64 prompt + 224 reply tokens,
C = 0.05, balanced class weights) were chosen on development files, leave one file out, before the
round-16 files existed (measurements/refusal_devlog.md step 21). The model is described in
:mod:`medtrust.judges.hidden`. ``--check`` compares classes exactly and arrays within 1e-4
(float32 sums over a forward pass differ in the last bits between machines).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from measurements.train_refusal_ngram import TRAIN_DIR, training_rows  # noqa: E402
from measurements.train_refusal_ngram import TRAIN_FILES as NGRAM_FILES  # noqa: E402
from medtrust.judges import hidden  # noqa: E402

TRAIN_FILES = (*NGRAM_FILES, *sorted((TRAIN_DIR / "round15_holdout").glob("*.jsonl")))
C = 0.05
OUT = ROOT / "src" / "medtrust" / "judges" / hidden.MODEL_FILE
TOLERANCE = 1e-4


def rows(files=TRAIN_FILES):
    """Labelled rows of ``files`` (the n-gram script's reader: a sealed file or the kinds held-out
    file raises ValueError)."""
    return training_rows(files)


def features(items, cache: Path | None = None) -> np.ndarray:
    """Hidden-state features of ``items`` (``(n, 576)``), read from / written to ``cache`` when given."""
    ids = np.array([it.id for it in items])
    if cache and cache.exists():
        with np.load(cache, allow_pickle=False) as z:
            if list(z["ids"]) == list(ids):
                return z["x"]
    r = hidden.reader()
    x = np.stack([r.features(it.prompt, it.response) for it in items])
    if cache:
        np.savez(cache, ids=ids, x=x)
    return x


def train(files=TRAIN_FILES, cache: Path | None = None) -> hidden.HiddenModel:
    """Fit the probe on ``files``. Its ``meta["train_correct"]`` holds, per file, how many of the
    file's rows the fitted probe alone labels right (the suite recomputes one file's count through
    the real reader: a check that the packaged arrays, the reader and the data still belong together)."""
    per_file = [(f, rows([f])) for f in files]
    items = [it for _, its in per_file for it in its]
    x = features(items, cache)
    meta = {"files": [str(Path(f).relative_to(ROOT)) for f in files], "rows": len(items), "C": C,
            "layer": hidden.LAYER, "prompt_tokens": hidden.PROMPT_TOKENS, "reply_tokens": hidden.REPLY_TOKENS}
    model = hidden.fit(x, [it.label for it in items], C=C, meta=meta)
    pred = np.array(model.classes)[model.predict_proba(x).argmax(axis=1)]
    correct, start = {}, 0
    for f, its in per_file:
        correct[str(Path(f).relative_to(ROOT))] = int(sum(p == it.label for p, it in zip(pred[start:start + len(its)], its)))
        start += len(its)
    model.meta["train_correct"] = correct
    return model


def same(a: hidden.HiddenModel, b: hidden.HiddenModel, tol: float = TOLERANCE) -> bool:
    """Classes equal and every array within ``tol`` (absolute)."""
    return a.classes == b.classes and all(np.allclose(getattr(a, k), getattr(b, k), atol=tol, rtol=0)
                                          for k in ("mean", "scale", "coef", "intercept"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the packaged model, write nothing")
    ap.add_argument("--features-cache", type=Path, help="npz of computed features to reuse (ids must match)")
    args = ap.parse_args(argv)
    model = train(cache=args.features_cache)
    if args.check:
        ok = same(hidden.from_bytes(OUT.read_bytes()), model)
        print(f"trained {model.digest()} packaged {hidden.from_bytes(OUT.read_bytes()).digest()}: {'same' if ok else 'DIFFERENT'}")
        return 0 if ok else 1
    OUT.write_bytes(hidden.to_bytes(model))
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes, {model.meta['rows']} rows, digest {model.digest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
