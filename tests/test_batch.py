"""`--batch`: requests of the evaluated model and of the judges go through the provider's batch API
(the OpenAI-compatible batch endpoints of the fixed-latency mock), and every submitted batch id is
recorded in the log folder."""

from __future__ import annotations

import json

from click.testing import CliRunner
from inspect_ai.model import BatchConfig

from medtrust.batch import BATCH_FILE, CRASH_WARNING, batch_roles, record_batch
from medtrust.cli import main
from medtrust.runner import RunOptions, run_benchmark
from tests.helpers.openai_mock import OpenAIMock

GPT = "openai/gpt-4o-mini"


def run(tmp_path, monkeypatch, mock, batch, n=4):
    monkeypatch.setenv("OPENAI_BASE_URL", mock.base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    opts = RunOptions(benchmark="cares_llm", model=[GPT], judge_models=[GPT], limit=n, max_tokens=16, log_dir=str(tmp_path),
                      preflight=False, display="none", batch=batch)  # fmt: skip
    return run_benchmark(opts)


def test_model_and_judge_requests_go_through_the_batch_api(tmp_path, monkeypatch, capsys):
    n = 4
    with OpenAIMock(latency=0.01, judge_verdict="Refuse") as mock:
        summaries = run(tmp_path, monkeypatch, mock, BatchConfig(size=n, send_delay=0.2, tick=0.2), n)
        stats = mock.stats
    # every request came through a batch: n model calls, then n judge calls (inspect does not pass the
    # eval's batch option to role models; medtrust builds the judges with it)
    assert stats.requests == stats.batch_requests == 2 * n and stats.judge_requests == n
    assert len(stats.batches) >= 2
    recorded = [json.loads(line) for line in (tmp_path / BATCH_FILE).read_text().splitlines()]
    assert [r["batch_id"] for r in recorded] == stats.batches and sum(r["requests"] for r in recorded) == 2 * n
    out = capsys.readouterr().out
    assert "Submitted batches live only in this process" in out and f"batch {stats.batches[0]} submitted" in out
    s = summaries[0]
    assert s.outcome_counts["correct"] + s.outcome_counts["incorrect"] == n and s.judge == GPT


def test_without_batch_nothing_goes_through_it(tmp_path, monkeypatch):
    with OpenAIMock(latency=0.01) as mock:
        run(tmp_path, monkeypatch, mock, None, 2)
        assert mock.stats.requests == 4 and mock.stats.batch_requests == 0 and mock.stats.batches == []
    assert not (tmp_path / BATCH_FILE).exists()


def test_batch_ids_are_read_from_inspects_messages(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "x")
    f = tmp_path / BATCH_FILE
    assert record_batch(f, "Created batch batch_abc123 with 17 requests")["batch_id"] == "batch_abc123"
    assert record_batch(f, "Batch batch_abc123 completed") is None
    assert record_batch(f, "Current batches: 1, requests (pending/completed/failed): 0/17/0") is None
    assert [json.loads(x)["requests"] for x in f.read_text().splitlines()] == [17]
    # judges given by name are rebuilt with the batch option; none without it
    roles = batch_roles({"grader": [GPT, GPT]}, True)
    assert [m.config.batch for m in roles["grader"]] == [True, True]
    assert batch_roles({"grader": GPT}, None) == {"grader": GPT}


def test_the_cli_flag_reaches_the_run_and_the_estimate_says_batch(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    r = CliRunner().invoke(main, ["run", "-m", GPT, "--limit", "3", "--batch", "--estimate", "--log-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    est = json.loads((tmp_path / "medtrust-estimate.json").read_text())
    assert est["batch"] is True and est["wall_seconds"] is None and "up to 24 h" in r.output
    assert "paid again" in CRASH_WARNING
