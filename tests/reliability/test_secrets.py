"""Secrets: an API key passed by env or by ``-M api_key=...`` never appears in logs, summaries,
console output or error messages. Every output file is searched (``.eval`` files are zip
archives: every member is searched uncompressed)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers.fault_proxy import FaultProxy
from tests.helpers.files import all_bytes
from tests.reliability.conftest import SERVER_MODEL, server_env, upstream

ENV_KEY = "sk-medtrust-ENVSECRET-7f3a9c21"
ARG_KEY = "sk-medtrust-ARGSECRET-0b8e44d1"


def leaks(blobs: dict[str, bytes], secret: str) -> list[str]:
    return [name for name, b in blobs.items() if secret.encode() in b]


@pytest.mark.slow
@pytest.mark.parametrize("how", ["env", "model_arg"])
def test_api_key_never_written_or_printed(llama, tmp_path, isolated_inspect, how):
    log_dir = tmp_path / "logs"
    # half the answers truncated: error messages and error samples are in the outputs too
    with FaultProxy(upstream(llama), {"truncated": 0.5}, seed=3) as proxy:
        env = server_env(proxy.base_url, key=ENV_KEY if how == "env" else "unused-placeholder")
        args = [sys.executable, "-m", "medtrust.cli", "run", "--model", SERVER_MODEL, "--limit", "4", "--max-tokens", "4",
                "--log-dir", str(log_dir), "--display", "plain", "-M", "max_retries=0"]
        if how == "model_arg":
            args += ["-M", f"api_key={ARG_KEY}"]
        res = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
        assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
        secret = ENV_KEY if how == "env" else ARG_KEY
        # the key really was sent: the proxy saw it in the Authorization header
        assert proxy.stats.auth_headers[f"Bearer {secret}"] >= 4
        assert proxy.stats.faults["truncated"] >= 1
    blobs = all_bytes(log_dir)
    assert any(n.endswith(".summary.json") for n in blobs) and any("!samples/" in n for n in blobs)
    blobs["stdout"], blobs["stderr"] = res.stdout.encode(), res.stderr.encode()
    assert leaks(blobs, secret) == []
    assert leaks(blobs, secret[-12:]) == []  # not even a suffix
    assert leaks(blobs, "Bearer ") == []
