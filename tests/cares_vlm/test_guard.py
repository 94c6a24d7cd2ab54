"""Restricted-data guard: restricted sources never go to a non-local endpoint without the flag."""

from __future__ import annotations

import json

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

import medtrust._registry  # noqa: F401  (registers the medtrust provider)
from medtrust.benchmarks.cares_vlm import guard


def test_loopback_detection():
    assert guard.is_loopback_url("http://127.0.0.1:8000/v1")
    assert guard.is_loopback_url("http://127.8.9.10/v1")
    assert guard.is_loopback_url("http://localhost:11434")
    assert guard.is_loopback_url("http://[::1]:8080/v1")
    assert not guard.is_loopback_url("https://api.openai.com/v1")
    assert not guard.is_loopback_url("http://10.0.0.5:8000/v1")  # LAN is not this machine
    assert not guard.is_loopback_url("http://localhost.evil.com/v1")
    assert not guard.is_loopback_url(None) and not guard.is_loopback_url("")


def test_model_locality(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key-not-used")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert guard.is_local_model(get_model("medtrust/policy/refuse"))
    assert guard.is_local_model("medtrust/scripted")
    assert not guard.is_local_model(get_model("openai/gpt-4o"))
    assert not guard.is_local_model("openai/gpt-4o")
    assert guard.is_local_model(get_model("openai/gpt-4o", base_url="http://127.0.0.1:8000/v1"))
    assert not guard.is_local_model(get_model("openai/gpt-4o", base_url="https://example.org/v1"))
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:9000/v1")
    assert guard.is_local_model("openai/gpt-4o")
    assert guard.is_local_model("ollama/llava")  # default endpoint is localhost


def test_check_models_refuses_remote_for_restricted_only(monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(guard.RestrictedDataError) as e:
        guard.check_models(["ham10000", "ol3i"], ["medtrust/scripted", "openai/gpt-4o"])
    msg = str(e.value)
    assert "ol3i" in msg and "--allow-remote-restricted" in msg and "data-use agreement" in msg
    with pytest.raises(guard.RestrictedDataError, match="mimic_cxr.*PhysioNet"):
        guard.check_models(["mimic_cxr"], ["anthropic/claude-3-5-sonnet-latest"])
    guard.check_models(["ham10000", "iu_xray"], ["openai/gpt-4o"])  # unrestricted: fine
    guard.check_models(["ol3i"], ["openai/gpt-4o"], allow_remote_restricted=True)
    guard.check_models(["ol3i"], ["medtrust/policy/refuse", "hf/some-local-model"])


def test_solver_refuses_remote_endpoint_and_sends_nothing(cares_files, standin_root, tmp_path, monkeypatch):
    """OL3I (restricted) through a model whose endpoint is not loopback: every sample errors with the
    guard's message and the endpoint is never contacted (no server exists there)."""
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    monkeypatch.setenv("OPENAI_API_KEY", "test-key-not-used")
    keys = [json.loads(ln)["image"] for ln in open(cares_files["ol3i"]).readlines()[:2]]
    root = standin_root("ol3i", keys)
    t = cares_vlm(dimension="factuality", data={"ol3i": cares_files["ol3i"]}, image_roots={"ol3i": str(root)}, limit_per_source=2)
    model = get_model("openai/gpt-4o", base_url="http://192.0.2.1:9/v1")  # TEST-NET-1: never routed
    (log,) = inspect_eval(t, model=model, log_dir=str(tmp_path), display="none", fail_on_error=False, max_retries=0)
    assert len(log.samples) == 2
    for s in log.samples:
        assert s.error is not None and "refusing to send restricted CARES-VLM data (ol3i)" in s.error.message
        assert not any(m.role == "assistant" for m in s.messages)
