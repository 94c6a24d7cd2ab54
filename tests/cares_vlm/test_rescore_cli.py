"""`medtrust rescore` on a CARES-VLM log in a fresh process: the scorer is found by its
registered name (inspect records it unqualified) and gives the same per-sample values."""

from __future__ import annotations

import subprocess
import sys

import pytest
from inspect_ai.log import read_eval_log


def _run(args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "medtrust.cli", *args], env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow
def test_medtrust_rescore_reads_cares_vlm_logs_in_a_fresh_process(tmp_path, shared_data):
    ham = shared_data / "cares_vlm" / "HAM10000"
    res = _run(["run", "-b", "cares-vlm", "--model", "medtrust/policy/random-option", "--dimension", "factuality", "--limit", "3",
                "--data", f"ham10000={ham / 'HAM10000_factuality.jsonl'}", "--image-root", f"ham10000={ham / 'images'}",
                "--log-dir", str(tmp_path), "--display", "none"])  # fmt: skip
    assert res.returncode == 0, res.stderr[-2000:]
    (log,) = [p for p in tmp_path.glob("*.eval")]
    res = _run(["rescore", str(log)])
    assert res.returncode == 0, res.stderr[-2000:]
    assert "Rescored log:" in res.stdout and "factuality_acc" in res.stdout
    new = read_eval_log(str(log.with_name(log.stem + "-rescored.eval")))
    old = read_eval_log(str(log))
    assert [s.scores["cares_vlm_scorer"].value for s in new.samples] == [s.scores["cares_vlm_scorer"].value for s in old.samples]
