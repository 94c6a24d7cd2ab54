"""Secrets in every form reach no file and no console (issue 28, kind 2).

A secret is redacted by its *form*, not only when its value is known: URL userinfo (a token as
the user name, ``user:password@``), query parameters and header values of every model argument,
``Bearer``/``Basic`` credentials in any text. End to end, a server that echoes every header and
the query string back (in its error body and as response headers) is given the secret each way
a user can give it; every byte the run wrote (``.eval`` members expanded, summary, report), what
it printed, and what ``inspect log dump`` prints are searched. The guard's own refusal names the
endpoint without its ``user:password@``.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from medtrust import secrets
from medtrust.endpoints import Endpoint
from tests.helpers.fake_openai import FakeOpenAI
from tests.helpers.files import all_bytes

USER_TOKEN = "tokUSERNAMEsecret0a9f3c2b"
PASSWORD = "pwPASSWORDsecret77e1d04c"
QUERY_KEY = "qpAUTHsecret5be29c81d0"
HEADER_KEY = "hdrCUSTOMsecret41a7f9e2"


# ------------------------------------------------------------------ forms, without knowing the value


@pytest.mark.parametrize("text,gone", [
    ("request to https://tok-abcdefghijk@api.example.com/v1 failed", "tok-abcdefghijk"),
    ("proxy http://alice:s3cr3t-pass-word@127.0.0.1:3128", "s3cr3t-pass-word"),
    ("proxy http://alice:s3cr3t-pass-word@127.0.0.1:3128", "alice:"),
    ('{"Authorization": "Bearer abcdefghijklmnop123"}', "abcdefghijklmnop123"),
    ("authorization: Basic dXNlcjpwYXNzd29yZDEyMw==", "dXNlcjpwYXNzd29yZDEyMw=="),
    ("GET /v1/models?auth=zzzzsecretzzzz&x=1", "zzzzsecretzzzz"),
    ("GET https://h.example/v1?api-key=zzzzsecretzzzz", "zzzzsecretzzzz"),
    ("url=https://h.example/v1?sig=zzzzsecretzzzz&token=yyyysecretyyyy", "yyyysecretyyyy"),
    ("ws: wss://u%3Atoken-xyz-123456@h.example/", "token-xyz-123456"),
])  # fmt: skip
def test_redaction_by_form(text, gone):
    out = secrets.redact(text, [])
    assert gone not in out and "[redacted]" in out


def test_forms_leave_ordinary_text_alone():
    for text in ("the patient's email is not given", "see https://example.org/guide?page=2&lang=en", "Bearer of bad news",
                 "ratio 3:4@noon", "mailto:someone@example.org"):
        assert secrets.redact(text, []) == text


# ------------------------------------------------------------------ values of every model argument become known


def test_model_arguments_register_every_secret_form():
    secrets.register_model_args({
        "base_url": f"https://{USER_TOKEN}@api.example.com/v1?auth={QUERY_KEY}",
        "default_headers": {"X-Custom-Auth": HEADER_KEY, "X-Trace": "short"},
        "http_client_args": {"proxy": f"http://bob:{PASSWORD}@127.0.0.1:3128"},
    })
    known = secrets.known_secrets()
    for s in (USER_TOKEN, QUERY_KEY, HEADER_KEY, PASSWORD):
        assert s in known
    # the Basic credential httpx builds from URL userinfo is known in its encoded form too
    text = secrets.redact(f"echo: {__import__('base64').b64encode(f'{USER_TOKEN}:'.encode()).decode()}")
    assert "[redacted]" in text


def test_the_guard_refusal_names_no_userinfo_or_query_value():
    ep = Endpoint("openai/gpt-4o", "model", f"http://alice:{PASSWORD}@198.18.0.1:8000/v1?auth={QUERY_KEY}", "remote", "-M base_url")
    d = ep.describe()
    assert PASSWORD not in d and "alice:" not in d and QUERY_KEY not in d
    assert "198.18.0.1:8000/v1" in d


# ------------------------------------------------------------------ end to end: everything written and printed

CASES = {
    "token as the user name of the base URL": (["-M", "base_url=http://" + USER_TOKEN + "@{hostport}/v1"], USER_TOKEN),
    "user:password in the base URL": (["-M", "base_url=http://alice:" + PASSWORD + "@{hostport}/v1"], PASSWORD),
    "key in a ?auth= query parameter": (["-M", "base_url={url}?auth=" + QUERY_KEY], QUERY_KEY),
    "key in -M default_headers": (["-M", 'default_headers={"X-Custom-Auth": "' + HEADER_KEY + '"}'], HEADER_KEY),
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_secret_of_every_form_is_never_written_or_printed(case, tmp_path):
    args, secret = CASES[case]
    log_dir = tmp_path / "logs"
    with FakeOpenAI(mode="echo", status=401) as server:
        hostport = server.base_url.removeprefix("http://").removesuffix("/v1")
        env = {k: v for k, v in os.environ.items() if not k.endswith(("_BASE_URL", "_API_KEY"))}
        env.update(SVC_API_KEY="placeholder-env", SVC_BASE_URL=server.base_url, XDG_DATA_HOME=str(tmp_path / "xdg"))
        cmd = [sys.executable, "-m", "medtrust.cli", "run", "--model", "openai-api/svc/m", "--limit", "2", "--max-tokens", "4",
               "--log-dir", str(log_dir), "--display", "plain", "-M", "max_retries=0", "--report", "--no-preflight"]  # fmt: skip
        cmd += [a.replace("{url}", server.base_url).replace("{hostport}", hostport) for a in args]
        res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600)
        reached = [r for r in server.requests if secret in (str(r["headers"]) + r["path"]) or
                   __import__("base64").b64encode(f"{secret}".encode()).decode()[:12] in str(r["headers"])]  # fmt: skip
    assert server.requests, res.stderr[-1500:]
    logs = sorted(log_dir.glob("*.eval"))
    assert logs, res.stderr[-1500:]
    dump = subprocess.run(["inspect", "log", "dump", str(logs[0])], env=env, capture_output=True, text=True, timeout=300)
    blobs = all_bytes(tmp_path)
    blobs["stdout"], blobs["stderr"], blobs["inspect log dump"] = res.stdout.encode(), res.stderr.encode(), dump.stdout.encode()
    assert any(n.endswith("report.html") for n in blobs), res.stdout[-1500:]
    assert any("!samples/" in n for n in blobs)
    leaks = [n for n, b in blobs.items() if secret.encode() in b or secret[-10:].encode() in b]
    assert leaks == [], f"{case}: reached the server {len(reached)} times; leaked into {leaks}"


@pytest.mark.slow
def test_refusal_of_a_remote_endpoint_prints_no_password(remote, tmp_path, cares_files_for_secrets):
    data, roots = cares_files_for_secrets
    url = f"http://alice:{PASSWORD}@{remote.ns_ip}:{remote.port}/v1?auth={QUERY_KEY}"
    args = [sys.executable, "-m", "medtrust.cli", "run", "-b", "cares-vlm", "--dimension", "factuality", "--limit", "1",
            "--log-dir", str(tmp_path / "l"), "--display", "none", "--model", "openai/gpt-4o", "-M", f"base_url={url}",
            "--data", f"fairvlmed={data}", "--image-root", f"fairvlmed={roots}"]  # fmt: skip
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_BASE_URL", "_API_KEY"))}
    env.update(OPENAI_API_KEY="sk-not-real-placeholder", XDG_DATA_HOME=str(tmp_path / "xdg"))
    res = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 2 and "refusing to send restricted" in res.stderr, res.stderr[-1500:]
    out = res.stdout + res.stderr
    assert PASSWORD not in out and "alice:" not in out and QUERY_KEY not in out
    assert remote.requests() == []
    assert not any(PASSWORD.encode() in b for b in all_bytes(tmp_path).values())


@pytest.fixture
def cares_files_for_secrets(shared_data, tmp_path):
    import json

    from tests.cares_vlm.conftest import standin_image

    f = shared_data / "cares_vlm" / "Harvard-FairVLMed" / "fundus_factuality.jsonl"
    key = json.loads(f.open().readline())["image"]
    root = tmp_path / "img"
    root.mkdir()
    standin_image("fundus")[0].save(root / key, format="JPEG")
    return str(f), str(root)
