"""`medtrust data fetch cares-vlm` against a local server on 127.0.0.1 serving the real files."""

from __future__ import annotations

import functools
import hashlib
import http.server
import shutil
import socket
import subprocess
import threading

import pytest
from click.testing import CliRunner

from medtrust.benchmarks.cares_vlm import fetch


@pytest.fixture()
def served(tmp_path, cares_dir):
    """A 127.0.0.1 HTTP server whose root mirrors the official data/ folder (4 real files)."""
    root = tmp_path / "srv"
    for rel in ("IU-Xray/iuxray_factuality.jsonl", "HAM10000/HAM10000_factuality.jsonl",
                "OL3I/OL3I_factuality.jsonl", "Harvard-FairVLMed/fundus_factuality.jsonl"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(cares_dir / rel, root / rel)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None  # type: ignore[method-assign]
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=httpd.serve_forever, daemon=True)
    t.start()
    yield root, f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_git_blob_id_matches_git(cares_dir):
    data = (cares_dir / "OL3I/OL3I_factuality.jsonl").read_bytes()
    assert fetch.git_blob_id(data) == fetch.BLOB_IDS["ol3i"]
    assert fetch.git_blob_id(b"") == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"  # git's empty blob
    if shutil.which("git"):
        out = subprocess.run(["git", "hash-object", str(cares_dir / "HAM10000/HAM10000_factuality.jsonl")],
                             capture_output=True, text=True, check=True).stdout.strip()
        assert out == fetch.BLOB_IDS["ham10000"]


def test_fetch_downloads_and_verifies(served, tmp_path, cares_dir):
    _, url = served
    dest = tmp_path / "cache"
    res = CliRunner().invoke(fetch.fetch_command, ["--source", "HAM10000", "--source", "ol3i", "--dest", str(dest), "--base-url", url])
    assert res.exit_code == 0, res.output
    assert "ham10000: downloaded" in res.output and "ol3i: downloaded" in res.output
    got = (dest / "HAM10000/HAM10000_factuality.jsonl").read_bytes()
    assert hashlib.sha256(got).hexdigest() == "e039075fa3f1418d09734c338a0cef0e3ff0741db3e6d84b299a1e527aebe61e"
    again = CliRunner().invoke(fetch.fetch_command, ["--source", "ol3i", "--dest", str(dest), "--base-url", url])
    assert again.exit_code == 0 and "ol3i: present" in again.output


def test_fetch_rejects_a_changed_file_and_writes_nothing(served, tmp_path):
    root, url = served
    p = root / "IU-Xray/iuxray_factuality.jsonl"
    p.write_bytes(p.read_bytes()[:-10])  # truncated
    dest = tmp_path / "cache"
    with pytest.raises(fetch.FetchError, match="does not match the official 97c893e9"):
        fetch.fetch_source("iu_xray", dest, base_url=url)
    assert not (dest / "IU-Xray/iuxray_factuality.jsonl").exists()
    # a file the server lacks: HTTP 404, reported per source, exit code 1
    res = CliRunner().invoke(fetch.fetch_command, ["--source", "pmc-oa", "--dest", str(dest), "--base-url", url])
    assert res.exit_code == 1 and "HTTP 404" in res.output


def test_fetch_offline_says_network_is_needed(tmp_path):
    # a closed port on 127.0.0.1 behaves like no network: connection refused
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    res = CliRunner().invoke(fetch.fetch_command, ["--dest", str(tmp_path), "--base-url", f"http://127.0.0.1:{port}", "--timeout", "5"])
    assert res.exit_code == 1
    assert "needs network access" in res.output and "--data mimic_cxr=PATH" in res.output
    assert res.output.count("FAILED") == 1  # stops after the first offline failure
