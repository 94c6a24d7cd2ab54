"""Scale-out: several models in one `medtrust run` (one inspect eval, one run id, one --resume),
against two OpenAI-compatible mock endpoints (tests/helpers/openai_mock.py), and LLM judges
asked at once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from inspect_ai.log import list_eval_logs, read_eval_log

from medtrust.benchmarks.cares_llm.dataset import load_records
from medtrust.benchmarks.cares_llm.metrics import safety_credit
from medtrust.cli import main
from medtrust.judges.offline import classify_response
from medtrust.options import RunOptions
from medtrust.runner import eval_args
from tests.helpers.openai_mock import OpenAIMock, reply_for
from tests.helpers.logs import headers_while_writing

MODEL_A, MODEL_B = "openai-api/mocka/m", "openai-api/mockb/m"


def mock_env(a: OpenAIMock, b: OpenAIMock) -> dict[str, str]:
    """Environment pointing the ``mocka`` / ``mockb`` services of ``openai-api`` at the two mocks."""
    return {"MOCKA_BASE_URL": a.base_url, "MOCKA_API_KEY": "x", "MOCKB_BASE_URL": b.base_url, "MOCKB_API_KEY": "x"}


def expected_credits(n: int) -> dict[str, float]:
    """Credit of each of the ``n`` packaged rows `--limit n` runs (the quick run's seeded shuffle)
    when the model answers with the mock's reply and the offline judge labels it: computed from
    the rows, independently of the run."""
    from medtrust.benchmarks.cares_llm.dataset import filter_records
    from medtrust.benchmarks.cares_llm.benchmark import QUICK_SEED

    out = {}
    for r in filter_records(load_records(), shuffle_seed=QUICK_SEED, limit=n):
        reply, _ = reply_for([{"role": "user", "content": r.prompt}], 16, "Accept")
        out[r.row_id] = safety_credit(r.harmful_level, classify_response(r.prompt, reply).label)
    return out


def test_eval_args_are_the_speed_settings_and_valid_for_eval_and_eval_retry():
    import inspect as pyinspect

    from inspect_ai import eval as inspect_eval
    from inspect_ai import eval_retry
    from inspect_ai.model import GenerateConfig

    judged = RunOptions(log_dir="logs", max_connections=50, judge_models=["openai-api/j/judge"])
    args = eval_args(judged)
    assert {k: args[k] for k in ("score_display", "log_realtime", "max_samples", "max_connections", "log_header_only")} == {
        "score_display": False, "log_realtime": True, "max_samples": 100, "max_connections": 50, "log_header_only": True}
    # without LLM judges (or without a connection limit) max_samples stays inspect's default (= max_connections)
    assert "max_samples" not in eval_args(RunOptions(max_connections=50))
    assert "max_samples" not in eval_args(RunOptions(judge_models=["openai-api/j/judge"]))
    retry = eval_args(judged, retry=True)
    assert "log_header_only" not in retry and retry["max_samples"] == 100
    generate_config = set(GenerateConfig.model_fields)  # max_connections, max_retries, timeout go as **kwargs
    assert set(args) <= set(pyinspect.signature(inspect_eval).parameters) | generate_config
    assert set(retry) <= set(pyinspect.signature(eval_retry).parameters) | generate_config


def test_failure_causes_are_looked_up_only_when_the_counts_show_a_dominant_non_answer():
    from medtrust.runner import _may_have_dominant_failure
    from medtrust.summary import BenchmarkSummary

    def summary(counts: dict[str, int], logs: list[str]) -> BenchmarkSummary:
        return BenchmarkSummary(benchmark="cares_llm", model="m", task="cares_llm", metrics=[], outcome_counts=counts,
                                dimensions_run=["safety"], logs=logs)

    assert not _may_have_dominant_failure(summary({"correct": 6, "incorrect": 2, "judge_error": 3}, ["a.eval"]))  # 3 of 11
    assert _may_have_dominant_failure(summary({"correct": 3, "judge_error": 3}, ["a.eval"]))  # half
    assert _may_have_dominant_failure(summary({"correct": 9, "model_error": 1}, ["a.eval", "b.eval"]))  # one log may hold them all


def test_two_policy_models_run_as_one_eval(tmp_path):
    r = CliRunner().invoke(main, ["run", "-m", "medtrust/policy/refuse", "-m", "medtrust/policy/accept", "--full",
                                  "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 0, r.output
    headers = [read_eval_log(i.name, header_only=True) for i in list_eval_logs(str(tmp_path), formats=["eval"])]
    assert sorted(h.eval.model for h in headers) == ["medtrust/policy/accept", "medtrust/policy/refuse"]
    assert len({h.eval.run_id for h in headers}) == 1  # one inspect eval
    scores = {}
    for f in tmp_path.glob("*.summary.json"):
        s = json.loads(f.read_text())
        scores[s["model"]] = next(m for m in s["metrics"] if m["name"] == "safety_score" and m["group"] is None)
    # refuse earns credit on every harmful row (189 of the 239 packaged rows), accept on the 50 harmless ones
    assert scores["medtrust/policy/refuse"]["value"] == pytest.approx(189 / 239, abs=1e-12)
    assert scores["medtrust/policy/accept"]["value"] == pytest.approx(50 / 239, abs=1e-12)


def test_two_endpoints_each_get_only_their_model_requests(tmp_path, isolated_inspect, monkeypatch):
    n = 6
    with OpenAIMock(latency=0.01) as a, OpenAIMock(latency=0.01) as b:
        for k, v in mock_env(a, b).items():
            monkeypatch.setenv(k, v)
        r = CliRunner().invoke(main, ["run", "-m", MODEL_A, "-m", MODEL_B, "--limit", str(n), "--max-tokens", "16",
                                      "-M", "max_retries=0", "--max-connections", "4", "--log-dir", str(tmp_path), "--display", "none",
                                      "--no-preflight"])  # the mocks count the samples' requests only
        assert r.exit_code == 0, r.output
        assert (a.stats.requests, b.stats.requests) == (n, n)
        assert a.stats.models == ["m"] and b.stats.models == ["m"]
    want = expected_credits(n)
    for model in (MODEL_A, MODEL_B):
        log = next(read_eval_log(i.name) for i in list_eval_logs(str(tmp_path), formats=["eval"])
                   if read_eval_log(i.name, header_only=True).eval.model == model)
        got = {s.id: s.scores["cares_llm_scorer"].metadata["credit"] for s in log.samples}
        assert got == want


def test_several_llm_judges_are_asked_at_once(tmp_path, isolated_inspect, monkeypatch):
    # one sample, one connection for the evaluated model: the two judges can only overlap at the
    # judge endpoint if the scorer sends both calls before awaiting either
    with OpenAIMock(latency=0.01) as target, OpenAIMock(latency=0.5, judge_verdict="Refuse") as judges:
        monkeypatch.setenv("MOCKA_BASE_URL", target.base_url)
        monkeypatch.setenv("MOCKA_API_KEY", "x")
        for j in ("J1", "J2"):
            monkeypatch.setenv(f"MOCK{j}_BASE_URL", judges.base_url)
            monkeypatch.setenv(f"MOCK{j}_API_KEY", "x")
        r = CliRunner().invoke(main, ["run", "-m", MODEL_A, "--judge-model", "openai-api/mockj1/judge", "--judge-model",
                                      "openai-api/mockj2/judge", "--limit", "1", "--max-tokens", "16", "-M", "max_retries=0",
                                      "--max-connections", "1", "--log-dir", str(tmp_path), "--display", "none"])
        assert r.exit_code == 0, r.output
        assert (judges.stats.judge_requests, judges.stats.peak_in_flight) == (2, 2)
    log = read_eval_log(list_eval_logs(str(tmp_path), formats=["eval"])[0].name)
    meta = log.samples[0].scores["cares_llm_scorer"].metadata
    assert meta["judge"] == ["openai-api/mockj1/judge", "openai-api/mockj2/judge"]  # order kept
    assert meta["judge_labels"] == ["Refuse", "Refuse"] and meta["label"] == "Refuse"


@pytest.mark.slow
def test_sigkill_of_a_two_model_run_then_one_resume_finishes_both(tmp_path, isolated_inspect):
    n = 6
    log_dir = tmp_path / "logs"
    args = [sys.executable, "-m", "medtrust.cli", "run", "-m", MODEL_A, "-m", MODEL_B, "--limit", str(n), "--max-tokens", "16",
            "-M", "max_retries=0", "--max-connections", "2", "--log-dir", str(log_dir), "--display", "none",
            "--no-preflight"]  # the mocks count the samples' requests only
    # B answers only after 600 s: A finishes, B is still in flight when the run is killed
    with OpenAIMock(latency=0.01) as a, OpenAIMock(latency=600) as b:
        env = {**os.environ, **mock_env(a, b), "HF_HUB_OFFLINE": "1"}
        proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 180
        while not (a.stats.completed == n and b.stats.requests >= 1) and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.05)
        assert proc.poll() is None, f"run ended before the kill: {proc.stdout.read().decode()[-2000:]}"

        def a_log_done() -> bool:
            # (polled while the run writes its logs: one caught mid-rewrite is not finished yet)
            return any(h.eval.model == MODEL_A and h.status == "success" for h in headers_while_writing(log_dir))

        while not a_log_done() and time.monotonic() < deadline:
            time.sleep(0.1)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        assert b.stats.completed == 0
        b.latency = 0.01
        res = subprocess.run([*args, "--resume"], env=env, capture_output=True, text=True, timeout=300)
        assert res.returncode == 0, res.stdout[-3000:] + res.stderr[-3000:]
        assert a.stats.requests == n  # A's finished run was not repeated
        assert b.stats.completed == n
    heads = [read_eval_log(i.name, header_only=True) for i in list_eval_logs(str(log_dir), formats=["eval"])]
    finished = {h.eval.model: h for h in heads if h.status == "success"}
    assert set(finished) == {MODEL_A, MODEL_B}
    want = expected_credits(n)
    for h in finished.values():
        log = read_eval_log(h.location)
        assert {s.id: s.scores["cares_llm_scorer"].metadata["credit"] for s in log.samples} == want
    assert "Summary JSON:" in res.stdout and MODEL_B.replace("/", "_") in res.stdout
