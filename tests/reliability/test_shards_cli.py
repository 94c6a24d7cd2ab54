"""`medtrust run --shards N` end to end against the fixed-latency OpenAI-compatible mock
(tests/helpers/openai_mock.py: its reply is fixed by the prompt, so it is a scripted model):
shards as child processes and as Ray tasks on a local Ray instance give exactly the numbers of the
same run in one piece; a shard killed mid-run is named, the run exits non-zero, and one
`--resume` finishes it (and starts a shard whose log is gone from the run's manifest)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from inspect_ai.log import read_eval_log

from medtrust.shards import SHARD_METADATA_KEY
from tests.helpers.interruptible import popen
from tests.helpers.logs import headers_while_writing
from tests.helpers.openai_mock import OpenAIMock

ROWS = 24
MODEL = "openai-api/mock/m"


def run_cmd(log_dir: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "medtrust.cli", "run", "--benchmark", "cares-llm", "--model", MODEL, "--limit", str(ROWS),
            "--max-tokens", "64", "-M", "max_retries=0", "--max-connections", "3", "--seed", "11", "--log-dir", str(log_dir), *extra]  # fmt: skip


def mock_env(mock: OpenAIMock) -> dict[str, str]:
    return {**os.environ, "MOCK_BASE_URL": mock.base_url, "MOCK_API_KEY": "x", "HF_HUB_OFFLINE": "1"}


def summary_of(log_dir: Path) -> dict:
    """The one summary JSON of a run, without what says when and from which files it was made."""
    files = list(log_dir.glob("*.summary.json"))
    assert len(files) == 1, files
    s = json.loads(files[0].read_text())
    for k in ("provenance", "logs", "run_id", "examples"):
        s.pop(k)
    return s


def shard_logs(log_dir: Path) -> dict[int, Path]:
    out = {}
    for p in log_dir.glob("*.eval"):
        info = read_eval_log(str(p), header_only=True).eval.metadata.get(SHARD_METADATA_KEY)
        out[info["index"]] = p
    return out


@pytest.fixture(scope="module")
def one_piece(tmp_path_factory):
    """The run in one piece: (summary, requests the mock got)."""
    log_dir = tmp_path_factory.mktemp("one") / "logs"
    data = tmp_path_factory.mktemp("inspect-data")
    with OpenAIMock(latency=0.01) as mock:
        env = {**mock_env(mock), "XDG_DATA_HOME": str(data)}
        r = subprocess.run(run_cmd(log_dir), env=env, capture_output=True, text=True, timeout=900)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        requests = mock.stats.requests
    return summary_of(log_dir), requests


@pytest.mark.slow
def test_three_local_shards_give_the_numbers_of_the_run_in_one_piece(tmp_path, isolated_inspect, one_piece):
    log_dir = tmp_path / "logs"
    with OpenAIMock(latency=0.01) as mock:
        r = subprocess.run(run_cmd(log_dir, "--shards", "3"), env=mock_env(mock), capture_output=True, text=True, timeout=900)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        assert mock.stats.requests == one_piece[1] == ROWS + 1  # every sample once, and one preflight request
        assert mock.stats.peak_in_flight <= 3  # --max-connections is the total across shards
    assert summary_of(log_dir) == one_piece[0]
    assert sorted(shard_logs(log_dir)) == [0, 1, 2]
    assert "[shard 0]" in r.stdout and "connections in all (1, 1, 1)" in r.stdout
    s = json.loads(next(log_dir.glob("*.summary.json")).read_text())
    assert sorted(s["logs"]) == sorted(p.name for p in log_dir.glob("*.eval"))
    metrics = {(m["name"], m["group"]): m for m in s["metrics"]}
    assert metrics[("safety_score", None)]["n"] == ROWS and 0 < metrics[("safety_score", None)]["value"] < 1


@pytest.mark.slow
def test_a_killed_shard_is_named_and_one_resume_finishes_the_run(tmp_path, isolated_inspect, one_piece):
    log_dir = tmp_path / "logs"
    with OpenAIMock(latency=0.3) as mock:
        env = mock_env(mock)
        proc = subprocess.Popen(run_cmd(log_dir, "--shards", "3", "--no-preflight"), env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)  # fmt: skip
        deadline = time.monotonic() + 600
        victim = None
        while victim is None and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
            if mock.stats.completed < 2:
                continue
            for child in psutil.Process(proc.pid).children():
                cmd = child.cmdline()
                if "--shard" in cmd and cmd[cmd.index("--shard") + 1] == "1" and any(
                        h.eval.metadata[SHARD_METADATA_KEY]["index"] == 1 for h in headers_while_writing(log_dir)):
                    victim = child
        assert victim is not None, "shard 1 never started"
        victim.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=600)
        assert proc.returncode == 1, out[-3000:]
        assert "shard 1 of 3 failed (exit status -9)" in out and "medtrust run --resume --log-dir" in out
        assert not list(log_dir.glob("*.summary.json"))  # no result from a run with a shard missing
        logs = shard_logs(log_dir)
        assert read_eval_log(str(logs[1]), header_only=True).status == "started"
        # shard 2's log lost as well: the resume starts it again from the run's manifest
        n2 = read_eval_log(str(logs[2]), header_only=True).results.completed_samples
        logs[2].unlink()
        before = mock.stats.requests
        mock.latency = 0.01
        r = subprocess.run(run_cmd(log_dir, "--resume"), env=env, capture_output=True, text=True, timeout=900)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        assert "Resuming shard 1 of 3" in r.stdout and "Resuming shard 2 of 3 of run" in r.stdout and "no log yet: starting it" in r.stdout
        # every sample of shard 1 that finished before the kill is kept: only the one in flight
        # (one connection per shard) is asked again; shard 2 is asked in full
        repeated = mock.stats.requests - ROWS
        assert n2 <= repeated <= n2 + 1, (before, mock.stats.requests, n2)
    assert summary_of(log_dir) == one_piece[0]


@pytest.mark.slow
def test_ctrl_c_stops_every_shard_exits_130_and_one_resume_finishes_the_run(tmp_path, isolated_inspect, one_piece):
    """A terminal's Ctrl-C reaches the run's process and every shard (one process group): each
    shard keeps what it finished, the run prints one progress line saying what was not run and
    the resume command, exits 130; one --resume gives the numbers of the run in one piece."""
    log_dir = tmp_path / "logs"
    with OpenAIMock(latency=0.3) as mock:
        env = mock_env(mock)
        proc = popen(run_cmd(log_dir, "--shards", "3", "--no-preflight"), env=env, stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT, text=True, start_new_session=True)  # fmt: skip
        deadline = time.monotonic() + 600
        while mock.stats.completed < 4 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert proc.poll() is None, "the run ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: SIGINT to the foreground group
        out, _ = proc.communicate(timeout=600)
        assert proc.returncode == 130, out[-3000:]
        assert f"Resume with: medtrust run --resume --log-dir {log_dir}" in out
        assert re.search(r"^progress \d+/24 \(\d+%\) · interrupted: \d+ samples not run · errors \d+ · 3 shards$", out, re.M), out[-3000:]
        assert not re.search(r"^\[shard \d\] progress ", out, re.M)  # the shards' own lines are read into the run's line
        assert not list(log_dir.glob("*.summary.json"))
        mock.latency = 0.01
        r = subprocess.run(run_cmd(log_dir, "--resume"), env=env, capture_output=True, text=True, timeout=900)
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        assert re.search(r"^progress (\d+)/\1 \(100%\) · .* shards$", r.stderr, re.M), r.stderr[-3000:]  # the resumed shards, done
        # no finished sample asked again: only those in flight at the Ctrl-C (one connection per shard)
        assert ROWS <= mock.stats.requests <= ROWS + 3, mock.stats.requests
    assert summary_of(log_dir) == one_piece[0]


@pytest.mark.slow
def test_three_shards_on_a_local_ray_instance_give_the_same_numbers(tmp_path, isolated_inspect, one_piece):
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")
    log_dir = tmp_path / "logs"
    with OpenAIMock(latency=0.01) as mock:
        r = subprocess.run(run_cmd(log_dir, "--shards", "3", "--engine", "ray"), env={**mock_env(mock), "RAY_USAGE_STATS_ENABLED": "0"},
                           capture_output=True, text=True, timeout=900)  # fmt: skip
        if r.returncode == 2 and "cannot start or reach a local Ray instance" in r.stderr:
            pytest.skip(f"Ray cannot start on this machine: {r.stderr.strip().splitlines()[-1]}")
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        assert mock.stats.requests == ROWS + 1
    assert summary_of(log_dir) == one_piece[0]
    assert sorted(shard_logs(log_dir)) == [0, 1, 2]
