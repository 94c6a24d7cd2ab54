"""Code that runs from files (issue 28, kind 4): a detector file can never execute code.

The style detector ships, saves and loads as arrays (``.npz``, read with ``allow_pickle=False``)
and JSON. A pickle or joblib file is refused on every route: ``medtrust detector eval
--detector``, ``-T mitigation_detector=`` (``inspect eval`` and ``medtrust run``), the Python API,
and even next to a valid JSON header. Each malicious file here would create a marker file when
unpickled; the marker must never appear.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from medtrust.benchmarks.cares_llm import detector as detmod
from medtrust.benchmarks.cares_llm.detector import DetectorError, StyleDetector, read_style_rows, train_detector


class _Payload:
    """Unpickling this runs ``os.system`` (the attack: any pickle can do the same)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _malicious(path: Path, marker: Path, *, sidecar: bool = False) -> Path:
    import joblib

    joblib.dump({"header": {"format": "medtrust-style-detector"}, "pipeline": _Payload(marker)}, path)
    if sidecar:  # a valid header copied from the packaged detector
        shutil.copy(detmod.header_path(detmod.default_detector_path()), detmod.header_path(path))
    return path


@pytest.fixture(scope="module")
def real_rows(shared_data):
    return read_style_rows(shared_data / "cares_llm" / "cares18k_test_sample.jsonl")


@pytest.mark.parametrize("name,sidecar", [("evil.joblib", False), ("evil.joblib", True), ("evil.pkl", True), ("evil.npz", True)])
def test_python_api_refuses_pickle_and_runs_nothing(tmp_path, name, sidecar):
    marker = tmp_path / "pwned"
    path = _malicious(tmp_path / name, marker, sidecar=sidecar)
    with pytest.raises(DetectorError, match="pickle|not a medtrust|cannot"):
        StyleDetector.load(path)
    from medtrust.benchmarks.cares_llm.mitigation import mitigation_solver

    with pytest.raises(Exception):
        mitigation_solver("detector", detector=str(path))
    assert not marker.exists()


def test_detector_eval_cli_refuses_pickle_even_with_a_valid_sidecar(tmp_path):
    marker = tmp_path / "pwned"
    path = _malicious(tmp_path / "det.joblib", marker, sidecar=True)
    res = subprocess.run([sys.executable, "-m", "medtrust.cli", "detector", "eval", "--detector", str(path)],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert res.returncode != 0 and "Traceback" not in res.stderr, res.stderr[-2000:]
    assert "pickle" in res.stderr
    assert not marker.exists()


@pytest.mark.slow
@pytest.mark.parametrize("route", ["inspect eval", "medtrust run"])
def test_mitigation_detector_task_argument_refuses_pickle(tmp_path, route):
    marker = tmp_path / "pwned"
    path = _malicious(tmp_path / "det.joblib", marker, sidecar=True)
    if route == "inspect eval":
        cmd = ["inspect", "eval", "medtrust/cares_llm", "--model", "medtrust/policy/refuse", "--limit", "1", "-T", "mitigation=detector",
               "-T", f"mitigation_detector={path}", "--log-dir", str(tmp_path / "l"), "--display", "none"]  # fmt: skip
    else:
        cmd = [sys.executable, "-m", "medtrust.cli", "run", "--model", "medtrust/policy/refuse", "--limit", "1", "--mitigation", "detector",
               "-T", f"mitigation_detector={path}", "--log-dir", str(tmp_path / "l"), "--display", "none", "--no-preflight"]  # fmt: skip
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert res.returncode != 0, res.stdout[-1500:] + res.stderr[-1500:]
    assert "pickle" in res.stdout + res.stderr
    assert not marker.exists()


def test_packaged_detector_loads_without_any_unpickling(monkeypatch, real_rows):
    def refuse(*a, **k):
        raise AssertionError("unpickling attempted")

    import joblib

    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(joblib, "load", refuse)
    detmod.default_detector.cache_clear()
    try:
        det = detmod.default_detector()
    finally:
        detmod.default_detector.cache_clear()
    path = detmod.default_detector_path()
    assert path.suffix == ".npz" and not list(path.parent.glob("*.joblib")) and not list(path.parent.glob("*.pkl"))
    assert det.training_sha256 == real_rows.sha256
    # the shipped arrays give the pipeline's own answers: refit on the same rows, same numbers
    refit = train_detector(real_rows.texts, real_rows.labels, params=det.params)
    np.testing.assert_allclose(det.predict_proba(real_rows.texts), refit.predict_proba(real_rows.texts), rtol=0, atol=1e-9)


def test_save_load_round_trip_is_exact_and_pickle_free(tmp_path, real_rows):
    det = train_detector(real_rows.texts[:120], real_rows.labels[:120])
    path = det.save(tmp_path / "d" / "det.npz")
    assert path.suffix == ".npz"
    with np.load(path, allow_pickle=False) as z:  # every member is a plain array
        assert all(z[k].dtype != object for k in z.files)
    back = StyleDetector.load(path)
    assert back.classes == det.classes
    np.testing.assert_array_equal(back.predict_proba(real_rows.texts), det.predict_proba(real_rows.texts))


def test_a_tampered_packaged_file_is_not_used(tmp_path, monkeypatch, real_rows):
    """The package's own file is checked against its recorded sha256: a changed file is refitted
    from the packaged rows (or refused), never trusted."""
    src = detmod.default_detector_path()
    fake_dir = tmp_path / "pkg"
    fake_dir.mkdir()
    dst = fake_dir / src.name
    with np.load(src, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["clf_intercept"] = arrays["clf_intercept"] + 5.0  # a biased copy
    np.savez(dst, **arrays)
    shutil.copy(detmod.header_path(src), detmod.header_path(dst))
    monkeypatch.setattr(detmod, "default_detector_path", lambda: dst)
    detmod.default_detector.cache_clear()
    try:
        with pytest.warns(UserWarning, match="sha256"):
            det = detmod.default_detector()
    finally:
        detmod.default_detector.cache_clear()
    refit = train_detector(real_rows.texts, real_rows.labels, params=det.params)
    np.testing.assert_allclose(det.predict_proba(real_rows.texts[:20]), refit.predict_proba(real_rows.texts[:20]), atol=1e-9)


def test_packaged_header_names_the_arrays_file(real_rows):
    side = json.loads(detmod.header_path(detmod.default_detector_path()).read_text())
    assert side["format_version"] == detmod.FORMAT_VERSION >= 2
    assert side["training_sha256"] == real_rows.sha256
