"""Fixtures for reliability tests: one real llama.cpp server per session (127.0.0.1, free port)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest

from tests.helpers.llama_server import LlamaServer, start_llama_server

#: inspect model name of the server: provider ``openai-api``, service ``llamacpp``, model alias
SERVER_MODEL = "openai-api/llamacpp/smollm2"
#: environment variables the ``openai-api/llamacpp/...`` provider reads
KEY_VAR, URL_VAR = "LLAMACPP_API_KEY", "LLAMACPP_BASE_URL"


@pytest.fixture(scope="session")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    """The embedded SmolLM2 GGUF behind ``python -m llama_cpp.server``; stopped by PID at the end."""
    server = start_llama_server(tmp_path_factory.mktemp("llama"), n_ctx=2048)
    try:
        yield server
    finally:
        server.stop()


def upstream(server: LlamaServer) -> str:
    """Server root URL without ``/v1`` (what the fault proxy forwards to)."""
    return f"http://127.0.0.1:{server.port}"


def server_env(base_url: str, key: str = "sk-medtrust-test-0000") -> dict[str, str]:
    """A copy of os.environ pointing the ``llamacpp`` service at ``base_url`` with a fake key."""
    env = dict(os.environ)
    env[KEY_VAR] = key
    env[URL_VAR] = base_url
    env["HF_HUB_OFFLINE"] = "1"
    return env


@pytest.fixture
def isolated_inspect(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point inspect's data dir (sample buffer, cache) at a temp folder for this test."""
    data = tmp_path / "inspect-data"
    data.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("XDG_CACHE_HOME", str(data / "cache"))
    return data
