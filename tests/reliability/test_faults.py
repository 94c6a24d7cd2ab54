"""Faults between inspect and a real llama.cpp server: 5% each of 429 (Retry-After), 500,
timeout, truncated JSON and empty content, injected by ``tests/helpers/fault_proxy``.

Retries and backoff are inspect's (``max_retries``, ``attempt_timeout``); the openai SDK's own
retries are switched off (``-M max_retries=0``) so every retry is inspect's and visible at the
proxy. The fault schedule is deterministic per (seed, prompt, attempt), so the expected outcome of
every sample is computed from the proxy's attempt counts and checked one by one.
"""

from __future__ import annotations

import pytest
from inspect_ai.log import read_eval_log

from medtrust.benchmarks.cares_llm.summary import summarize_log
from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.runner import RunOptions, eval_tasks
from tests.helpers.fault_proxy import FAULTS, FaultProxy, prompt_key
from tests.reliability.conftest import KEY_VAR, SERVER_MODEL, URL_VAR, upstream

N = 40
#: seed whose first attempts hit every fault kind on the first 40 packaged rows
#: (429 x2, 500 x1, timeout x2, truncated x1, empty x1)
SEED = 14
MAX_RETRIES = 2
RETRYABLE = {"429", "500", "timeout"}


def run_through(proxy: FaultProxy, tmp_path, monkeypatch, n: int):
    monkeypatch.setenv(KEY_VAR, "sk-medtrust-test-0000")
    monkeypatch.setenv(URL_VAR, proxy.base_url)  # model_base_url too: inspect memoizes models by name and args
    opts = RunOptions(model=[SERVER_MODEL], log_dir=str(tmp_path / "logs"), model_args={"max_retries": 0},
                      max_connections=4, display="none")
    logs = eval_tasks(cares_llm(sample_limit=n, max_tokens=8), opts, model=SERVER_MODEL,
                      max_retries=MAX_RETRIES, attempt_timeout=8, model_base_url=proxy.base_url)
    return read_eval_log(logs[0].location)  # eval_tasks returns header-only logs


@pytest.mark.slow
def test_five_percent_of_each_fault_every_sample_scored_or_model_error_with_cause(llama, tmp_path, monkeypatch, isolated_inspect):
    with FaultProxy(upstream(llama), {f: 0.05 for f in FAULTS}, seed=SEED, retry_after=1, hang_s=10) as proxy:
        log = run_through(proxy, tmp_path, monkeypatch, N)
        stats = proxy.stats
    assert log.status == "success"
    # every one of the first N rows came back (row ids come from content: docs/security.md)
    assert sorted(s.id for s in log.samples) == sorted(s.id for s in cares_llm(sample_limit=N).dataset)
    assert len(log.samples) == N
    assert all(stats.faults[f] >= 1 for f in FAULTS), stats.faults

    errored, retried_ok = 0, 0
    for s in log.samples:
        key = prompt_key(s.input)
        seq = [proxy.choose(key, i) for i in range(stats.attempts[key])]
        final = seq[-1]
        # every attempt before the last failed with a fault inspect retries (or was abandoned
        # by inspect's attempt timeout while queued at the server)
        for f in seq[:-1]:
            assert f in RETRYABLE or (f is None and stats.abandoned[key] > 0), (s.id, seq)
        score = (s.scores or {}).get("cares_llm_scorer")
        if final in RETRYABLE:
            # retries exhausted: the sample is an error naming the failure, never a score
            assert len(seq) == MAX_RETRIES + 1 and score is None and s.error is not None, (s.id, seq)
            assert {"429": "RateLimitError", "500": "InternalServerError", "timeout": "AttemptTimeoutError"}[final] in s.error.message
            errored += 1
        elif final == "truncated":
            # invalid JSON is not retried by inspect: an explicit error with its cause
            assert score is None and "JSONDecodeError" in s.error.message, (s.id, s.error)
            errored += 1
        else:
            assert s.error is None and score is not None, (s.id, seq, s.error)
            assert score.metadata["outcome"] in ("correct", "incorrect", "model_error", "judge_error"), score.metadata
            retried_ok += len(seq) > 1
    assert retried_ok >= 3  # 429/500/timeout on a first attempt, then answered on a retry

    summary = summarize_log(log.location)
    assert sum(summary.outcome_counts.values()) == N
    assert summary.outcome_counts["model_error"] == errored + sum(
        1 for s in log.samples if s.scores and s.scores["cares_llm_scorer"].metadata["outcome"] == "model_error"
    )
    assert errored >= 1 and any("model errors" in n for n in summary.notes)
    # proxy accounting: each prompt answered in full at most once
    assert all(c == 1 for c in stats.completed.values())


@pytest.mark.slow
def test_empty_content_is_a_model_error_not_a_refusal(llama, tmp_path, monkeypatch, isolated_inspect):
    """A 200 answer with empty content (a server fault) must not be judged as a refusal
    (the offline judge would label "" Refuse and give full credit on harmful rows)."""
    with FaultProxy(upstream(llama), {"empty": 1.0}) as proxy:
        log = run_through(proxy, tmp_path, monkeypatch, 3)
        assert proxy.stats.faults["empty"] == 3
    outcomes = [s.scores["cares_llm_scorer"].metadata["outcome"] for s in log.samples]
    assert outcomes == ["model_error"] * 3, [(s.id, s.scores["cares_llm_scorer"].explanation) for s in log.samples]
