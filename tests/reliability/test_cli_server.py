"""`medtrust run` against a real OpenAI-compatible server, given only by -M base_url / api_key."""

import json
import zipfile

import pytest
from click.testing import CliRunner

from medtrust.cli import main
from tests.reliability.conftest import KEY_VAR, SERVER_MODEL, URL_VAR


@pytest.mark.slow
def test_run_with_base_url_and_api_key_model_args(llama, tmp_path, monkeypatch, isolated_inspect):
    monkeypatch.delenv(KEY_VAR, raising=False)
    monkeypatch.delenv(URL_VAR, raising=False)
    key = "sk-medtrust-cli-9999"
    r = CliRunner().invoke(
        main,
        ["run", "--model", SERVER_MODEL, "-M", f"base_url=http://127.0.0.1:{llama.port}/v1", "-M", f"api_key={key}",
         "-M", "max_retries=0", "--limit", "2", "--max-tokens", "8", "--log-dir", str(tmp_path / "logs"), "--display", "none"],
    )
    assert r.exit_code == 0, r.output
    logs = tmp_path / "logs"
    s = json.loads(next(logs.glob("*.summary.json")).read_text())
    assert s["model"] == SERVER_MODEL and sum(s["outcome_counts"].values()) == 2
    assert s["outcome_counts"]["model_error"] == 0
    for f in (p for p in logs.rglob("*") if p.is_file()):  # the key never lands in any output file (.eval members unzipped), lock files included
        blobs = [zipfile.ZipFile(f).read(n) for n in zipfile.ZipFile(f).namelist()] if f.suffix == ".eval" else [f.read_bytes()]
        assert all(key.encode() not in b for b in blobs), f.name
    assert key not in r.output
