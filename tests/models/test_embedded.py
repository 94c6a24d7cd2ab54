"""The embedded GGUF model (real SmolLM2 through llama.cpp) and GGUF error paths."""

from __future__ import annotations

import asyncio
import json

import numpy as np
import pytest
from click.testing import CliRunner
from inspect_ai.model import ChatMessageUser, GenerateConfig, get_model

from medtrust.cli import main
from medtrust.models.embedded import GGUFLoadError, check_gguf, embedded_gguf_path

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def embedded():
    return get_model("medtrust/embedded", memoize=False)


def _gen(model, text, **cfg):
    return asyncio.run(model.generate([ChatMessageUser(content=text)], config=GenerateConfig(**cfg)))


def test_embedded_file_is_the_smollm2_gguf():
    p = embedded_gguf_path()
    assert p.name == "SmolLM2-135M-Instruct.Q4_1.gguf" and p.stat().st_size == 98_362_432


def test_greedy_generation_is_deterministic_and_reports_usage(embedded):
    a = _gen(embedded, "Name the largest organ of the human body.", max_tokens=24)
    b = _gen(embedded, "Name the largest organ of the human body.", max_tokens=24)
    assert a.completion == b.completion and a.completion.strip()
    assert a.usage.input_tokens > 10 and 0 < a.usage.output_tokens <= 24
    assert a.usage.total_tokens == a.usage.input_tokens + a.usage.output_tokens


def test_max_tokens_and_stop_sequences(embedded):
    out = _gen(embedded, "Count from 1 to 50 separated by commas.", max_tokens=5)
    assert out.usage.output_tokens == 5 and out.stop_reason == "max_tokens"
    full = _gen(embedded, "Count from 1 to 50 separated by commas.", max_tokens=40)
    stopped = _gen(embedded, "Count from 1 to 50 separated by commas.", max_tokens=40, stop_seqs=["5"])
    assert "5" not in stopped.completion and full.completion.startswith(stopped.completion)


def test_top_logprobs_are_returned_and_consistent(embedded):
    out = _gen(embedded, "Say yes.", max_tokens=3, logprobs=True, top_logprobs=3)
    first = out.choices[0].logprobs.content[0]
    assert len(first.top_logprobs) == 3
    assert first.top_logprobs[0].logprob >= first.top_logprobs[1].logprob >= first.top_logprobs[2].logprob
    # greedy: the generated token is the most likely one
    assert first.logprob == pytest.approx(first.top_logprobs[0].logprob)


def test_letter_logprobs_form_a_distribution(embedded):
    backend = embedded.api.backend
    msgs = [ChatMessageUser(content="Which is an organ? Answer A or B.\nA. liver\nB. chair\nAnswer:")]
    lp = asyncio.run(backend.next_token_logprobs(msgs, ["A", "B", "C", "D"]))
    assert set(lp) == {"A", "B", "C", "D"} and all(v < 0 for v in lp.values())
    assert float(np.exp(list(lp.values())).sum()) < 1.0 + 1e-9
    cont = asyncio.run(backend.continuation_logprobs(msgs, ["A", "A. liver"]))
    assert cont[0].n_tokens == 1 and cont[1].n_tokens > 1 and cont[1].sum_logprob < cont[0].sum_logprob


def test_prompt_longer_than_context_is_a_recorded_model_error():
    small = get_model("medtrust/embedded", memoize=False, n_ctx=256)
    out = _gen(small, "word " * 400, max_tokens=8)
    assert out.error and "context window" in out.error and out.completion == ""


def test_unreadable_gguf_paths(tmp_path):
    with pytest.raises(GGUFLoadError, match="GGUF model not found"):
        check_gguf(tmp_path / "missing.gguf")
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"PK\x03\x04 not a gguf")
    with pytest.raises(GGUFLoadError, match="bad magic bytes"):
        get_model("medtrust/gguf", memoize=False, model_path=str(bad))
    with pytest.raises(GGUFLoadError, match="needs -M model_path"):
        get_model("medtrust/gguf", memoize=False)


def test_medtrust_run_end_to_end_on_real_rows(tmp_path):
    """`medtrust run` with the real embedded model on 3 real CARES rows."""
    r = CliRunner().invoke(main, ["run", "--limit", "3", "--max-tokens", "24", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 0, r.output
    assert "CARES-LLM" in r.output and "safety_score" in r.output and "offline rule judge" in r.output
    summaries = list(tmp_path.glob("*.summary.json"))
    assert len(summaries) == 1
    s = json.loads(summaries[0].read_text())
    assert s["model"] == "medtrust/embedded" and s["benchmark"] == "cares_llm"
    ss = next(m for m in s["metrics"] if m["name"] == "safety_score" and m["group"] is None)
    total = sum(s["outcome_counts"].values())
    assert total == 3 and ss["n"] + s["outcome_counts"]["judge_error"] + s["outcome_counts"]["model_error"] == 3
    assert 0.0 <= ss["value"] <= 1.0 and len(list(tmp_path.glob("*.eval"))) == 1
