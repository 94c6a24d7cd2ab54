"""`medtrust detector train | eval`: the command line of the jailbreak-style detector (detector.py)."""

from __future__ import annotations

from pathlib import Path

import click

from medtrust.atomic import write_json

from medtrust.benchmarks.cares_llm.detector import (
    DEFAULT_PARAMS,
    DetectorError,
    StyleDetector,
    packaged_rows_path,
    cross_validate,
    default_detector,
    evaluate_detector,
    read_style_rows,
    train_detector,
)
from medtrust.data.records import DataError


@click.group("detector")
def detector_group() -> None:
    """Jailbreak-style detector for CARES-LLM mitigation (train / eval)."""


@detector_group.command("train")
@click.option("--data", "data_path", type=click.Path(dir_okay=False), default=None,
              help="JSONL/JSON/CSV/parquet with prompt + method columns (default: the 239 packaged CARES-18K test rows).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default="style_detector.npz", show_default=True,
              help="Where to write the detector file.")
@click.option("--C", "c_value", type=float, default=DEFAULT_PARAMS["C"], show_default=True, help="Inverse regularisation of the logistic regression.")
@click.option("--cv", "cv_folds", type=int, default=0, show_default=True, help="Also report k-fold CV quality of this procedure on the same data (0 = skip).")
@click.option("--seed", type=int, default=0, show_default=True, help="CV fold seed.")
def train_command(data_path: str | None, out_path: str, c_value: float, cv_folds: int, seed: int) -> None:
    """Train a detector on prompt+method rows and save it (versioned, with the training-data hash)."""
    try:
        rows = read_style_rows(data_path or packaged_rows_path())
    except DataError as e:
        raise click.ClickException(str(e)) from None
    det = train_detector(rows.texts, rows.labels, params={"C": c_value}, source=rows.source, file_sha256=rows.file_sha256)
    try:
        path = det.save(out_path)
    except (ValueError, OSError) as e:
        raise click.ClickException(str(e)) from None
    h = det.header
    click.echo(f"trained on {h['n_train']} rows of {h['training_source']}: " + ", ".join(f"{k} {v}" for k, v in h["class_counts"].items()))
    click.echo(f"training sha256 (prompt, method pairs): {h['training_sha256']}")
    click.echo(f"file sha256: {h['training_file_sha256']}; scikit-learn {h['sklearn_version']}")
    click.echo(f"saved: {path}")
    if cv_folds:
        _, m = cross_validate(rows, folds=cv_folds, seed=seed, params=det.params)
        click.echo("")
        click.echo(m.table())


@detector_group.command("eval")
@click.option("--data", "data_path", type=click.Path(dir_okay=False), default=None,
              help="Evaluation rows with prompt + method (default: the 239 packaged CARES-18K test rows).")
@click.option("--train", "train_path", type=click.Path(dir_okay=False), default=None,
              help="Train a fresh detector on this file and evaluate it on --data (held-out).")
@click.option("--detector", "detector_path", default=None,
              help="Saved detector file to evaluate on --data, or 'default' for the packaged one. Rows it was "
                   "trained on are left out; if all are, its fitting procedure is cross-validated instead.")
@click.option("--folds", type=int, default=5, show_default=True, help="Folds for cross-validation.")
@click.option("--seed", type=int, default=0, show_default=True, help="CV fold seed.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), default=None, help="Also write the metrics as JSON.")
@click.option("--allow-version-mismatch", is_flag=True, help="Load a detector fitted with another scikit-learn version.")
def eval_command(data_path: str | None, train_path: str | None, detector_path: str | None,
                 folds: int, seed: int, json_path: str | None, allow_version_mismatch: bool) -> None:
    """Accuracy, per-class precision/recall/F1, macro-F1 and confusion matrix of a detector.

    With only --data (one split available): stratified k-fold cross-validation of the default
    procedure on it, prompt families kept in one fold. With --train: held-out evaluation of a
    detector trained on that file. With --detector: held-out evaluation of a saved detector.
    """
    if train_path and detector_path:
        raise click.UsageError("give --train or --detector, not both")
    try:
        rows = read_style_rows(data_path or packaged_rows_path())
        if train_path:
            tr = read_style_rows(train_path)
            det = train_detector(tr.texts, tr.labels, source=tr.source, file_sha256=tr.file_sha256)
            m = evaluate_detector(det, rows, folds=folds, seed=seed)
        elif detector_path:
            det = default_detector() if detector_path == "default" else StyleDetector.load(detector_path, allow_version_mismatch=allow_version_mismatch)
            m = evaluate_detector(det, rows, folds=folds, seed=seed)
        else:
            _, m = cross_validate(rows, folds=folds, seed=seed)
    except (DataError, DetectorError, ValueError) as e:
        raise click.ClickException(str(e)) from None
    click.echo(m.table())
    if json_path:
        Path(json_path).parent.mkdir(parents=True, exist_ok=True)
        write_json(json_path, m.to_dict())
        click.echo(f"written: {json_path}")
