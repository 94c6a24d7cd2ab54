"""What a judge calibration belongs to: the model whose responses were labelled, and the judge version.

A judge's error depends on what it judges: the offline rules miss a different share of one
model's refusals than of another's. So a calibration (a ``medtrust judge-eval --json-out`` file)
is applied only to the (model, judge version) pair it was measured on (docs/judges.md,
"A calibration belongs to a model"):

* the file records ``label_models``: the models whose responses were labelled (a `medtrust label`
  file: the drawn items' models; XSTest: its three source models; another labelled file: its
  ``source_model`` column). Several models in one file each have their own estimate (judge-eval
  reports every source model as its own group, design-weighted within the model's strata);
* each judge's ``version``.

:func:`fit` decides for one run: the estimate to use (the model's own group, or ``overall`` when
the labels came from that model alone), or a refusal naming what does not match. With
``force`` (``--force-calibration``) a mismatch is applied anyway, from the pooled ``overall``
estimate, and the warning goes into the summary's notes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: bytes of a calibration file read at most (a judge-eval JSON of a few thousand items is < 5 MiB)
MAX_CALIBRATION_BYTES = 64 * 1024 * 1024


class CalibrationFile(str):
    """A calibration file path (a ``str``, so every reader of a path takes it) that also says
    which estimate of the file to use: ``group`` = a source model's own group, or ``overall``
    (:func:`medtrust.judges.correction.load_calibration` reads it)."""

    group: str

    def __new__(cls, path: str, group: str = "overall") -> "CalibrationFile":
        obj = super().__new__(cls, path)
        obj.group = group
        return obj


@dataclass
class CalibrationScope:
    """What one calibration file was measured on.

    Attributes:
        file: its file name.
        benchmarks: benchmarks whose responses were labelled (a `medtrust label` file), None = not tied to one.
        label_models: models whose responses were labelled; None when the file does not record them
            (written before medtrust recorded it).
        judge_versions: {judge name: version} of every judge measured.
        error: why the file could not be read ("" when it could).
    """

    file: str
    benchmarks: list[str] | None = None
    label_models: list[str] | None = None
    judge_versions: dict[str, str] = field(default_factory=dict)
    error: str = ""


def read_scope(path: str) -> CalibrationScope:
    """The :class:`CalibrationScope` of a judge-eval JSON file (never raises: an unreadable file
    gets ``error``, and the benchmark's own reader names the problem when it is used)."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_CALIBRATION_BYTES:
            return CalibrationScope(p.name, error=f"larger than {MAX_CALIBRATION_BYTES // (1024 * 1024)} MiB")
        payload = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return CalibrationScope(p.name, error=f"not readable: {type(e).__name__}")
    if not isinstance(payload, dict):
        return CalibrationScope(p.name, error="not a judge-eval JSON object")
    lf = payload.get("label_file") or {}
    models = payload.get("label_models")
    versions = {str(k): str((v or {}).get("version") or "") for k, v in (payload.get("judges") or {}).items() if isinstance(v, dict)}
    return CalibrationScope(p.name, benchmarks=lf.get("benchmarks") if isinstance(lf, dict) else None,
                            label_models=[str(m) for m in models] if isinstance(models, list) else None, judge_versions=versions)  # fmt: skip


def fit(scope: CalibrationScope, model: str, run_versions: dict[str, str], *, force: bool = False) -> tuple[str | None, str | None, list[str]]:
    """(the estimate to use, a refusal, warnings) of a calibration for one model's run.

    Args:
        scope: the calibration's :class:`CalibrationScope`.
        model: the evaluated model of the run (inspect name).
        run_versions: {judge name: version} of the judges the run recorded (empty = unknown).
        force: ``--force-calibration``: apply a mismatching calibration, with warnings.

    Returns:
        (group, None, warnings) when it applies: ``group`` is the model's own estimate when the
        labels came from several models, else ``overall``; (None, refusal, []) when it does not.
    """
    models = scope.label_models
    warnings: list[str] = []
    hint = " (a calibration belongs to the model whose responses were labelled: label its own responses with `medtrust label`; " \
           "--force-calibration applies it anyway, with a warning)"  # fmt: skip
    if models is None:
        mismatch = f"{scope.file} does not record which model's responses were labelled"
    elif model not in models:
        mismatch = f"{scope.file}: labels came from {', '.join(models) or 'no recorded model'}, not {model}"
    else:
        mismatch = ""
    group = "overall"
    if mismatch:
        if not force:
            return None, mismatch + hint, []
        warnings.append(f"judge calibration applied with --force-calibration although {mismatch.replace(scope.file + ': ', '')}: "
                        f"the judge's error on {model}'s responses was not measured; the corrected rates use the pooled estimate")  # fmt: skip
    elif models and len(models) > 1:
        group = model
    stale = [f"{j} {run_versions[j]!r} in the run, {v!r} in {scope.file}" for j, v in scope.judge_versions.items()
             if v and run_versions.get(j) and not same_version(run_versions[j], v)]  # fmt: skip
    if stale:
        what = "judge version differs: " + "; ".join(stale)
        if not force:
            return None, f"{scope.file}: {what} (a calibration measures one judge version; --force-calibration applies it anyway)", []
        warnings.append(f"judge calibration applied with --force-calibration although the {what}")
    return group, None, warnings


def same_version(a: str, b: str) -> bool:
    """Two records of one judge version: equal, or one is the other with a ``<judge id>@`` prefix
    (a run records ``medtrust-offline-rules@offline-rules-4+...``, a judge run by judge-eval the bare version)."""
    return a == b or a.endswith("@" + b) or b.endswith("@" + a)


def labels_from(scope: CalibrationScope, group: str) -> list[str] | None:
    """The models whose labels made the estimate ``group`` of a file: [model] for a model's own
    group, else every labelled model (None when the file does not record them)."""
    if group != "overall":
        return [group]
    return list(scope.label_models) if scope.label_models is not None else None


def provenance(scope: CalibrationScope, group: str, forced: bool) -> dict[str, Any]:
    """Summary provenance keys of an applied calibration: whose labels, which estimate, forced or not."""
    return {"judge_calibration_labels_from": labels_from(scope, group), "judge_calibration_estimate": group,
            "judge_calibration_forced": forced}  # fmt: skip
