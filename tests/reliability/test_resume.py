"""Crash and resume: SIGKILL a `medtrust run` mid-run, `medtrust run --resume` completes it.

Checked at the fault proxy in front of a real llama.cpp server: every sample ends in the final
log exactly once, and no model call that had finished is made again. Re-scoring a finished log
(``inspect score``) makes zero model calls.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from medtrust.benchmarks.cares_llm.benchmark import QUICK_SEED
from medtrust.benchmarks.cares_llm.dataset import filter_records, load_records
from medtrust.benchmarks.cares_llm.summary import summarize_log
from tests.helpers.fault_proxy import FaultProxy, prompt_key
from tests.reliability.conftest import SERVER_MODEL, server_env, upstream

N = 16  # samples of the run; the kill comes after KILL_AFTER finished model calls
KILL_AFTER = 6


def medtrust(*args: str) -> list[str]:
    return [sys.executable, "-m", "medtrust.cli", *args]


def run_args(log_dir: Path, conns: int = 2) -> list[str]:
    return [
        "run", "--benchmark", "cares-llm", "--model", SERVER_MODEL, "--limit", str(N),
        "--max-tokens", "8", "--log-dir", str(log_dir), "--max-connections", str(conns),
        "--display", "none", "-M", "max_retries=0",
        "--no-preflight",  # the proxy counts requests per prompt: only the samples' calls
    ]


@pytest.mark.slow
def test_sigkill_then_resume_loses_nothing_and_repeats_no_finished_call(llama, tmp_path, isolated_inspect):
    log_dir = tmp_path / "logs"
    with FaultProxy(upstream(llama)) as proxy:
        env = server_env(proxy.base_url)
        # one sample at a time; the proxy holds the call after the KILL_AFTER-th, so the kill
        # lands with exactly KILL_AFTER samples finished and one call in flight
        proxy.hold_after = KILL_AFTER
        proc = subprocess.Popen(medtrust(*run_args(log_dir, conns=1)), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        # a wait bound, not a timing: on 2 shared cores one llama.cpp call can take 20 s
        deadline = time.monotonic() + 600
        while proxy.stats.requests <= KILL_AFTER and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert proc.poll() is None, f"run ended before the kill: {proc.stdout.read().decode()[-2000:]}"
        assert proxy.stats.requests > KILL_AFTER, f"only {proxy.stats.requests} calls in 600 s"
        time.sleep(0.3)  # let the finished sample's record reach inspect's sample buffer
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        proxy.hold_after = None
        before = Counter(proxy.stats.completed)
        assert sum(before.values()) == KILL_AFTER and proxy.stats.requests == KILL_AFTER + 1, (proxy.stats, proc.stdout.read().decode()[-3000:])

        crashed = list_eval_logs(str(log_dir), formats=["eval"])
        assert len(crashed) == 1 and read_eval_log(crashed[0].name, header_only=True).status == "started"

        res = subprocess.run(medtrust(*run_args(log_dir), "--resume"), env=env, capture_output=True, text=True, timeout=300)
        assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
        after = proxy.stats.completed

    logs = [read_eval_log(i.name) for i in list_eval_logs(str(log_dir), formats=["eval"])]
    final = [lg for lg in logs if lg.status == "success"]
    assert len(final) == 1
    samples = final[0].samples
    ids = [s.id for s in samples]
    # no sample lost, none duplicated: the N rows `--limit N` plans (the quick run's seeded shuffle), each once
    planned = filter_records(load_records(), shuffle_seed=QUICK_SEED, limit=N)
    assert sorted(ids) == sorted(r.row_id for r in planned)
    assert all("cares_llm_scorer" in (s.scores or {}) for s in samples)
    # every prompt reached the server exactly once over both processes; calls that had finished
    # before the kill were not repeated
    keys = {prompt_key(s.input if isinstance(s.input, str) else s.input[-1].text) for s in samples}
    assert set(after) == keys
    repeated = {k: c for k, c in after.items() if c > 1}
    assert repeated == {}, f"finished calls repeated after resume: {repeated} (finished before kill: {sum(before.values())})"
    assert sum(after.values()) == N
    # the summary printed by --resume is the one computed from the final log
    assert "Summary JSON:" in res.stdout
    summary = summarize_log(final[0].location)
    assert sum(summary.outcome_counts.values()) == N


@pytest.mark.slow
def test_rescoring_a_finished_log_makes_no_model_call(llama, tmp_path, isolated_inspect):
    log_dir = tmp_path / "logs"
    with FaultProxy(upstream(llama)) as proxy:
        env = server_env(proxy.base_url)
        res = subprocess.run(medtrust(*[a if a != str(N) else "4" for a in run_args(log_dir)]), env=env, capture_output=True, text=True, timeout=300)
        assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
        assert proxy.stats.completed_total == 4
        proxy.reset_counts()
        log = list_eval_logs(str(log_dir), formats=["eval"])[0].name
        first_counts = summarize_log(log).outcome_counts
        rescore = subprocess.run(
            # the log names the scorer unqualified ('cares_llm_scorer'), which inspect's registry does
            # not resolve for a package scorer; --scorer gives the registered name
            [sys.executable, "-m", "inspect_ai", "score", log, "--scorer", "medtrust/cares_llm_scorer",
             "--action", "overwrite", "--overwrite", "--log-level", "warning"],
            env=env, capture_output=True, text=True, timeout=300,
        )
        assert rescore.returncode == 0, rescore.stdout[-3000:] + rescore.stderr[-3000:]
        assert proxy.stats.requests == 0
    rescored = read_eval_log(log)
    assert len(rescored.samples) == 4 and all("cares_llm_scorer" in s.scores for s in rescored.samples)
    assert summarize_log(rescored).outcome_counts == first_counts
