"""The labelling server never writes its access token to the request log (issue 27), and the
"done" screen names the real labels file."""

from __future__ import annotations

import html
import logging
import urllib.error
import urllib.request

import pytest

from medtrust.label.server import LabelServer, create_app, redact_token
from medtrust.label.store import LabelStore

from .test_store import design

TOKEN = "Ab-c_9xYZ0123456789abcdefghijkl"


def _get(url: str, headers: dict[str, str] | None = None) -> int:
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_request_log_never_shows_the_token(tmp_path, caplog) -> None:
    store = LabelStore.create(tmp_path / "labels run 1.jsonl", design())
    srv = LabelServer(store, labeller="alice", token=TOKEN).start()
    base = f"http://127.0.0.1:{srv.port}"
    encoded = "".join(f"%{b:02X}" for b in TOKEN.encode())
    try:
        with caplog.at_level(logging.INFO, logger="werkzeug"):
            assert _get(f"{base}/?token={TOKEN}") == 200  # the URL the CLI prints
            assert _get(f"{base}/api/state?labeller=bob&token={TOKEN}") == 200  # token after another parameter
            assert _get(f"{base}/api/state?token={encoded}") == 200  # every character percent-encoded
            assert _get(f"{base}/api/state?%74oken={TOKEN[:5]}%{TOKEN[5].encode().hex()}{TOKEN[6:]}") == 200  # mixed
            assert _get(f"{base}/api/state", {"X-Medtrust-Token": TOKEN}) == 200  # header form
            assert _get(f"{base}/api/state?token={TOKEN[:-1]}") == 403  # a near miss is not logged either
            assert _get(f"{base}/nowhere/{TOKEN}?token={TOKEN}") in (403, 404)  # token in the path itself
    finally:
        srv.stop()
    lines = [r.getMessage() for r in caplog.records if r.name == "werkzeug"]
    assert len(lines) >= 7, lines
    log = "\n".join(lines)
    for secret in (TOKEN, TOKEN[:-1], encoded, encoded.lower(), TOKEN[6:]):
        assert secret not in log
    assert "GET /api/state?[query not logged]" in log and '" 403 ' in log and "/nowhere/[redacted]" in log


@pytest.mark.parametrize("text,expected", [
    (f"a {TOKEN} b", "a [redacted] b"),
    ("x " + "".join(f"%{b:02x}" for b in TOKEN.encode()), "x [redacted]"),
    ("no secret here", "no secret here"),
])  # fmt: skip
def test_redact_token(text, expected) -> None:
    assert redact_token(text, TOKEN) == expected


def test_done_screen_names_the_labels_file(tmp_path) -> None:
    path = tmp_path / "labels run 1.jsonl"
    store = LabelStore.create(path, design())
    page = html.unescape(create_app(store, TOKEN, labeller="alice").test_client().get(f"/?token={TOKEN}").get_data(as_text=True))
    assert "--labels FILE" not in page
    quoted = f"'{path}'"  # shell-quoted: the name has spaces
    assert f"medtrust judge-eval --labels {quoted} --json-out cal.json" in page
