"""A server that echoes the API key in its error body: the key reaches no file, no console, no report.

The fake server answers every request with an error whose body repeats the credentials it
received (the ``Authorization: Bearer`` header, Azure's ``api-key`` header, the query string).
Each key form is given the ways a user gives it (environment variable, ``-M api_key=...``, a
``?api-key=`` in the base URL) and each error status (401, 400, 500). Checked: every member of
the ``.eval`` log (read through inspect, so compressed members are searched too), inspect's
sample buffer, the summary JSON, stdout, stderr, and the HTML report.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.helpers.fake_openai import FakeOpenAI
from tests.helpers.files import all_bytes

KEY = "sk-medtrust-ECHOSECRET-5c1e9a77b2"
URLKEY = "qp-medtrust-URLSECRET-19d0c3e4"


CASES = {
    "Bearer, key from environment, 401": ("openai-api/svc/m", {"SVC_API_KEY": KEY}, [], 401, KEY),
    "Bearer, key from -M api_key, 401": ("openai-api/svc/m", {"SVC_API_KEY": "placeholder-env"}, ["-M", f"api_key={KEY}"], 401, KEY),
    "Bearer, key from environment, 500, inspect eval": ("openai-api/svc/m", {"SVC_API_KEY": KEY}, ["inspect"], 500, KEY),
    "Bearer, key from -M api_key, 400": ("openai-api/svc/m", {"SVC_API_KEY": "placeholder-env"}, ["-M", f"api_key={KEY}"], 400, KEY),
    "api-key header (Azure OpenAI), 401": ("openai/azure/gpt-4o", {"AZUREAI_OPENAI_API_KEY": KEY}, [], 401, KEY),
    "key in the base URL query, 401": ("openai-api/svc/m", {"SVC_API_KEY": "placeholder-env"}, ["-M", "base_url={url}?api-key=" + URLKEY], 401, URLKEY),
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_echoed_key_is_never_written_or_printed(case, tmp_path):
    model, env_extra, args, status, secret = CASES[case]
    log_dir, xdg = tmp_path / "logs", tmp_path / "xdg"
    with FakeOpenAI(mode="echo", status=status) as server:
        env = {k: v for k, v in os.environ.items() if not k.endswith(("_BASE_URL", "_API_KEY"))}
        env.update(env_extra, XDG_DATA_HOME=str(xdg), SVC_BASE_URL=server.base_url, AZUREAI_OPENAI_BASE_URL=server.base_url.removesuffix("/v1"))
        if args == ["inspect"]:  # inspect's own CLI (retries off: a 500 is retried by default)
            cmd = ["inspect", "eval", "medtrust/cares_llm", "--model", model, "--limit", "2", "--max-tokens", "4",
                   "--log-dir", str(log_dir), "--display", "plain", "--max-retries", "0", "-M", "max_retries=0"]  # fmt: skip
        else:
            cmd = [sys.executable, "-m", "medtrust.cli", "run", "--model", model, "--limit", "2", "--max-tokens", "4",
                   "--log-dir", str(log_dir), "--display", "plain", "-M", "max_retries=0", "--report", "--no-preflight"]  # fmt: skip
            cmd += [a.replace("{url}", server.base_url) for a in args]
        res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        if args == ["inspect"]:
            report = subprocess.run([sys.executable, "-m", "medtrust.cli", "report", str(log_dir), "--out", str(log_dir / "report.html")],
                                    env=env, capture_output=True, text=True, timeout=300)  # fmt: skip
            res = subprocess.CompletedProcess(cmd, res.returncode, res.stdout + report.stdout, res.stderr + report.stderr)
        echoed = [r for r in server.requests if secret in (str(r["headers"]) + r["path"])]
    assert echoed, f"{case}: the key never reached the server, so nothing was tested ({res.stderr[-800:]})"
    blobs = all_bytes(tmp_path)
    blobs["stdout"], blobs["stderr"] = res.stdout.encode(), res.stderr.encode()
    assert any("!samples/" in n for n in blobs), res.stderr[-1500:]
    assert args == ["inspect"] or any(n.endswith(".summary.json") for n in blobs)
    assert any(n.endswith("report.html") for n in blobs), res.stdout[-1500:]
    # the error reached the log, redacted
    assert any(b"[redacted]" in b for n, b in blobs.items() if "!samples/" in n)
    leaks = [n for n, b in blobs.items() if secret.encode() in b or secret[-10:].encode() in b]
    assert leaks == []


@pytest.mark.slow
def test_echoed_key_in_the_preflight_error_is_redacted(tmp_path):
    """With the preflight on, the bad key stops the run at once: the message names the model, not the key."""
    with FakeOpenAI(mode="echo", status=401) as server:
        env = {k: v for k, v in os.environ.items() if not k.endswith(("_BASE_URL", "_API_KEY"))}
        env.update(SVC_API_KEY=KEY, SVC_BASE_URL=server.base_url, XDG_DATA_HOME=str(tmp_path / "xdg"))
        res = subprocess.run([sys.executable, "-m", "medtrust.cli", "run", "--model", "openai-api/svc/m", "--limit", "2",
                              "--log-dir", str(tmp_path / "logs"), "--display", "plain"], env=env, capture_output=True, text=True, timeout=600)  # fmt: skip
        headers = {k.lower(): v for k, v in server.requests[0]["headers"].items()}  # HTTP header names are case-insensitive
        assert len(server.requests) == 1 and KEY in headers["authorization"]
    assert res.returncode == 2
    assert "model openai-api/svc/m is not usable" in res.stderr and "[redacted]" in res.stderr, res.stderr[-1500:]
    assert KEY not in res.stdout + res.stderr and KEY[-10:] not in res.stdout + res.stderr
    assert not any(KEY.encode() in b for b in all_bytes(tmp_path).values())
