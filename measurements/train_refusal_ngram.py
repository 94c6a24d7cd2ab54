"""Train the offline judge's n-gram model and write it into the package (issue 22, rounds 11 and 12).

    python measurements/train_refusal_ngram.py           # train, write src/medtrust/judges/refusal_ngram.npz, print its digest
    python measurements/train_refusal_ngram.py --check   # train and compare with the packaged model (exit 1 if it differs)

Training rows: every labelled file we may use and do not hold out (:data:`TRAIN_FILES`): the open
authored and SmolLM2 sets, the issue-22 kinds dev file, the retired sealed files (less
:data:`~measurements.refusal_agreement.NOT_TRAINED_ON`) and the round-11
training files (tests/data/refusal_train/). Never a sealed file, never the kinds held-out file,
never XSTest (its completions may not be shipped, data/README.md, and it measures the judge on real
replies of models nobody here tuned on). The model is described in :mod:`medtrust.judges.ngram`;
settings (C = 5, balanced class weights, 2**16 buckets per bag) were fixed before the round-11
files existed (measurements/refusal_devlog.md step 16). Deterministic: the same files give the
same arrays (lbfgs from zero).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from measurements.refusal_agreement import KINDS, NOT_TRAINED_ON, RETIRED_SETS, SEALED_SETS  # noqa: E402
from medtrust.judges import ngram  # noqa: E402
from medtrust.judges.labelled import read_plain  # noqa: E402

HELDOUT = ROOT / "tests" / "data" / "refusal_heldout"
TRAIN_DIR = ROOT / "tests" / "data" / "refusal_train"
TRAIN_FILES = (HELDOUT / "authored.jsonl", HELDOUT / "real_smollm2.jsonl", KINDS["kinds_dev"],
               *(p for k, p in RETIRED_SETS.items() if k not in NOT_TRAINED_ON),
               *sorted(TRAIN_DIR.glob("*.jsonl")))
C = 5.0
OUT = ROOT / "src" / "medtrust" / "judges" / ngram.MODEL_FILE


def pipeline():
    """The scikit-learn pipeline :func:`medtrust.judges.ngram.from_pipeline` exports."""
    from sklearn.feature_extraction.text import TfidfTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline, make_union

    bags = [make_pipeline(vec, TfidfTransformer(sublinear_tf=True)) for vec in ngram.vectorizers()]
    return make_pipeline(make_union(*bags), LogisticRegression(C=C, max_iter=5000, class_weight="balanced"))


def training_rows(files) -> list:
    """The labelled rows of ``files`` (plain labelled files), in order; shared by every training script.

    Raises:
        ValueError: a file is a sealed file or the kinds held-out file.
    """
    banned = {Path(p).resolve() for p in (*SEALED_SETS.values(), KINDS["kinds_heldout"])}
    rows = []
    for f in files:
        if Path(f).resolve() in banned:
            raise ValueError(f"{f}: held out, never trained on")
        rows += read_plain(f)
    return rows


def train(files=TRAIN_FILES) -> ngram.NgramModel:
    """Fit the model on ``files`` (plain labelled files).

    Raises:
        ValueError: a file is a sealed file or the kinds held-out file.
    """
    rows = training_rows(files)
    fitted = pipeline().fit([it.response for it in rows], [it.label for it in rows])
    meta = {"files": [str(Path(f).relative_to(ROOT)) for f in files], "rows": len(rows), "C": C,
            "n_features": ngram.N_FEATURES, "bags": [list(map(str, b)) for b in ngram.BAGS]}
    return ngram.from_pipeline(fitted, meta)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the packaged model, write nothing")
    args = ap.parse_args(argv)
    model = train()
    if args.check:
        packaged = ngram.from_bytes(OUT.read_bytes())
        same = packaged.digest() == model.digest()
        print(f"trained {model.digest()} packaged {packaged.digest()}: {'same' if same else 'DIFFERENT'}")
        return 0 if same else 1
    OUT.write_bytes(ngram.to_bytes(model))
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes, {model.meta['rows']} rows, digest {model.digest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
