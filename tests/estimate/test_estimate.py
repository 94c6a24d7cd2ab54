"""`medtrust run --estimate` / `--max-cost`: requests, tokens, cost and time with no model called;
and on two benchmarks the estimate against what a real run then used (inspect's logged usage)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner
from inspect_ai.log import list_eval_logs, read_eval_log

from medtrust.benchmarks.cares_llm.benchmark import QUICK_SEED
from medtrust.benchmarks.cares_llm.dataset import load_records
from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.cli import main
from medtrust.estimate.run import DEFAULT_CONNECTIONS, DEFAULT_LATENCY
from medtrust.estimate.tokens import counter_for
from tests.helpers.openai_mock import OpenAIMock

GPT = "openai/gpt-4o-mini"


def estimate_json(folder):
    return json.loads((folder / "medtrust-estimate.json").read_text())


def test_estimate_calls_no_model(tmp_path, monkeypatch):
    with OpenAIMock(latency=0.01) as mock:
        monkeypatch.setenv("OPENAI_BASE_URL", mock.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "x")
        r = CliRunner().invoke(main, ["run", "-m", GPT, "--judge-model", GPT, "--limit", "5", "--estimate", "--log-dir", str(tmp_path)])
        assert r.exit_code == 0, r.output
        assert mock.stats.requests == 0 and mock.stats.batches == []
    assert not list(tmp_path.glob("*.eval"))
    est = estimate_json(tmp_path)
    # the mock is this machine: no API price
    assert all(role["price"]["local"] for role in est["roles"]) and est["cost"] == [0.0, 0.0]


def test_requests_tokens_cost_and_time_by_hand(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    n, max_tokens = 10, 64
    r = CliRunner().invoke(main, ["run", "-m", GPT, "--judge-model", GPT, "--limit", str(n), "--max-tokens", str(max_tokens), "--estimate",
                                  "--latency", "1.5", "--max-connections", "4", "--log-dir", str(tmp_path)])  # fmt: skip
    assert r.exit_code == 0, r.output
    est = estimate_json(tmp_path)
    model, judge = (next(x for x in est["roles"] if x["role"] == role) for role in ("model", "grader"))
    # one judge request per sample, up to two when the verdict is cut at max_tokens 4 and retried at 8
    assert (model["requests"], judge["requests_range"], est["samples"]) == (n, [n, 2 * n], n)
    # the model's prompts are the first n rows of --limit's seeded order, unchanged (one user turn); counted with SmolLM2 as an approximation
    counter = counter_for(GPT)
    rows = cares_llm(shuffle_seed=QUICK_SEED, sample_limit=n).dataset
    assert len(rows) == n and len({s.input for s in rows} & {rec.prompt for rec in load_records(None)}) == n
    want = sum(counter.count([{"role": "user", "content": s.input}]) for s in rows)
    assert model["input_tokens"] == [want, want] and not model["token_count_exact"]
    assert model["output_tokens"] == [0, n * max_tokens]
    # the judge reads each reply: from none to max_tokens of it, in every request (retries included at the top)
    judge_prompts = judge["input_tokens"][0]
    assert judge["input_tokens"][1] == 2 * judge_prompts + 2 * n * max_tokens and judge["output_tokens"] == [0, n * 4 + n * 8]
    # cost: input at 0.15, output at 0.60 USD per million; batch half
    lo = (model["input_tokens"][0] + judge["input_tokens"][0]) * 0.15e-6
    hi = (model["input_tokens"][1] + judge["input_tokens"][1]) * 0.15e-6 + (n * max_tokens + n * 12) * 0.60e-6
    assert est["cost"] == pytest.approx([lo, hi]) and est["batch_cost"] == pytest.approx([lo / 2, hi / 2])
    # wall time: ceil(10 / 4) rounds x 3 requests per sample (the model, the judge and its retry, at the top) x 1.5 s
    assert est["wall_seconds"] == pytest.approx(math.ceil(n / 4) * 3 * 1.5) and (est["latency"], est["connections"]) == (1.5, 4)
    assert "Estimate JSON" in r.output and "an approximation for this model" in r.output


def test_max_cost_stops_the_run_before_it_starts(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    r = CliRunner().invoke(main, ["run", "-m", GPT, "--limit", "10", "--max-cost", "0.00001", "--log-dir", str(tmp_path)])
    assert r.exit_code == 2 and "is over --max-cost 1e-05 USD; nothing was run" in r.output
    assert not list(tmp_path.glob("*.eval")) and (tmp_path / "medtrust-estimate.json").exists()
    r = CliRunner().invoke(main, ["run", "-m", "together/some-model", "--limit", "3", "--max-cost", "5", "--log-dir", str(tmp_path)])
    assert r.exit_code == 2 and "cannot check, unknown price for together/some-model" in r.output
    r = CliRunner().invoke(main, ["run", "-m", "together/some-model", "--limit", "3", "--estimate", "--log-dir", str(tmp_path)])
    assert r.exit_code == 0 and "unknown price for together/some-model" in r.output and estimate_json(tmp_path)["cost"] is None


def test_sequential_estimate_gives_the_expected_and_the_worst_case(tmp_path):
    r = CliRunner().invoke(main, ["run", "--criteria", "example", "--sequential", "-m", "medtrust/policy/accept", "--estimate", "--log-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    s = estimate_json(tmp_path)["sequential"]
    assert s["worst_fraction"] == 1.0 and 0 < s["expected_fail_fraction"] < s["expected_pass_fraction"] <= 1.0
    assert estimate_json(tmp_path)["samples"] == len(load_records(None))  # the whole data is the pool
    assert f"{DEFAULT_CONNECTIONS} concurrent samples and {DEFAULT_LATENCY:g} s per request" in r.output


def _usage(log_dir):
    """(requests, input tokens, output tokens) of the evaluated model, from the log's samples."""
    heads = list_eval_logs(str(log_dir), formats=["eval"])
    log = read_eval_log(heads[0].name)
    calls = [e for s in log.samples for e in s.events if e.event == "model"]
    usage = log.stats.model_usage["medtrust/embedded"]
    return len(calls), usage.input_tokens, usage.output_tokens


@pytest.mark.slow
@pytest.mark.parametrize("bench", ["cares-llm", "mediconfusion"])
def test_estimate_within_5_percent_of_a_real_run(bench, tmp_path, tmp_path_factory):
    args = ["-b", bench, "--limit", "4", "--max-tokens", "8", "--log-dir", str(tmp_path)]
    if bench == "mediconfusion":
        from medtrust.benchmarks.mediconfusion.dataset import load_pairs
        from tests.mediconfusion.conftest import write_standins

        # the embedded model takes no image input: only the image-blind pass may run it (issue 23)
        args += ["--image-root", str(write_standins(tmp_path_factory.mktemp("mc"), load_pairs())), "--image-blind"]
    r = CliRunner().invoke(main, ["run", *args, "--estimate"])
    assert r.exit_code == 0, r.output
    est = estimate_json(tmp_path)["roles"][0]
    r = CliRunner().invoke(main, ["run", *args, "--no-preflight"])
    assert r.exit_code == 0, r.output
    requests, tin, tout = _usage(tmp_path)
    assert est["requests"] == requests
    assert abs(est["input_tokens"][0] - tin) <= 0.05 * tin  # (the embedded model's own tokenizer: exact, see test_tokens.py)
    assert est["output_tokens"][0] <= tout <= est["output_tokens"][1]


def test_in_process_model_runs_at_its_slots_and_its_token_rate(tmp_path):
    # medtrust/embedded: at most its llama.cpp slots at once (default 4, -M slots), each request
    # its max_tokens at LOCAL_SLOT_TOKENS_PER_S; the offline judge sends no request
    from medtrust.estimate.run import LOCAL_SLOT_TOKENS_PER_S
    from medtrust.models.embedded import DEFAULT_SLOTS

    n, max_tokens = 10, 32
    args = ["run", "-m", "medtrust/embedded", "--limit", str(n), "--max-tokens", str(max_tokens), "--estimate", "--log-dir", str(tmp_path)]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    est = estimate_json(tmp_path)
    assert est["concurrency"] == {"medtrust/embedded": DEFAULT_SLOTS} == {"medtrust/embedded": 4}
    assert est["wall_seconds"] == pytest.approx(math.ceil(n / 4) * max_tokens / LOCAL_SLOT_TOKENS_PER_S)
    assert "(the in-process model's slots)" in r.output and est["roles"][0]["price"]["local"]
    r = CliRunner().invoke(main, args + ["-M", "slots=2", "--max-connections", "8"])  # the slots bound the connections
    assert r.exit_code == 0, r.output
    est = estimate_json(tmp_path)
    assert est["concurrency"] == {"medtrust/embedded": 2}
    assert est["wall_seconds"] == pytest.approx(math.ceil(n / 2) * max_tokens / LOCAL_SLOT_TOKENS_PER_S)
    r = CliRunner().invoke(main, args + ["--latency", "3"])  # a stated latency wins
    assert estimate_json(tmp_path)["wall_seconds"] == pytest.approx(math.ceil(n / 4) * 3)


def test_a_model_in_two_roles_gets_its_tokenizer_and_price_lines_once(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    r = CliRunner().invoke(main, ["run", "-m", GPT, "--judge-model", GPT, "--limit", "3", "--estimate", "--log-dir", str(tmp_path)])
    assert r.exit_code == 0, r.output
    est = estimate_json(tmp_path)
    assert sorted(x["role"] for x in est["roles"]) == ["grader", "model"] and {x["model"] for x in est["roles"]} == {GPT}
    lines = [ln.strip() for ln in r.output.splitlines()]
    assert sum(ln.startswith(f"tokens of {GPT}:") for ln in lines) == 1, r.output
    # two different models: one line each
    r = CliRunner().invoke(main, ["run", "-m", GPT, "--judge-model", "openai/gpt-4o", "--limit", "3", "--estimate", "--log-dir", str(tmp_path / "b")])
    assert r.exit_code == 0, r.output
    assert sum(ln.strip().startswith("tokens of ") for ln in r.output.splitlines()) == 2, r.output
