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


# --- issue 27: xllamacpp engine, parallel slots, seeds, quiet load --------------------------------
def test_model_args_are_checked():
    with pytest.raises(ValueError, match=r"unknown model args for medtrust/embedded: n_gpu_layers \(known: model_path, n_ctx, n_parallel, slots"):
        get_model("medtrust/embedded", memoize=False, n_gpu_layers=2)
    with pytest.raises(ValueError, match="n_parallel and -M slots are the same setting"):
        get_model("medtrust/embedded", memoize=False, n_parallel=2, slots=2)
    with pytest.raises(ValueError, match=r"-M n_parallel=0: must be at least 1"):
        get_model("medtrust/embedded", memoize=False, n_parallel=0)
    with pytest.raises(ValueError, match=r"-M n_ctx='big': a whole number is needed"):
        get_model("medtrust/embedded", memoize=False, n_ctx="big")
    with pytest.raises(ValueError, match="for another file use medtrust/gguf"):
        get_model("medtrust/embedded", memoize=False, model_path="/x.gguf")


class _ChunkLog:
    """Wraps the backend's llama.cpp server and records (request number, chunk) in arrival order."""

    def __init__(self, server):
        self.server, self.order, self.n = server, [], 0

    def handle_chat_completions(self, request, callback=None):
        self.n += 1
        me = self.n

        def record(chunk):
            self.order.append(me)
            return callback(chunk)

        return self.server.handle_chat_completions(request, record)


def test_parallel_slots_decode_requests_together_and_the_event_loop_stays_free():
    model = get_model("medtrust/embedded", memoize=False, slots=2, n_ctx=512)
    backend = model.api.backend
    assert backend.n_parallel == 2 and model.api.max_connections() == 2
    log = _ChunkLog(backend._server)
    backend._server = log
    ticks = []

    async def ticker(stop):
        while not stop.is_set():
            ticks.append(len(log.order))
            await asyncio.sleep(0.01)

    async def main():
        stop = asyncio.Event()
        t = asyncio.create_task(ticker(stop))
        cfg = GenerateConfig(max_tokens=24)
        outs = await asyncio.gather(*(backend.generate([ChatMessageUser(content=q)], cfg) for q in ("Count to twenty.", "Name ten fruits.")))
        stop.set()
        await t
        return outs

    try:
        outs = asyncio.run(main())
    finally:
        backend._server = log.server
        backend.close()
    assert all(o.completion and o.usage.output_tokens > 0 for o in outs)
    # both requests streamed at once: request 2's first token came before request 1's last
    first_of_2, last_of_1 = log.order.index(2), len(log.order) - 1 - log.order[::-1].index(1)
    assert first_of_2 < last_of_1, log.order
    # the loop ran while tokens arrived (generation is on worker threads)
    assert len(set(ticks)) > 3, ticks


def test_a_cancelled_generation_stops_at_its_next_token():
    model = get_model("medtrust/embedded", memoize=False, slots=1, n_ctx=1024)
    backend = model.api.backend
    log = _ChunkLog(backend._server)
    backend._server = log

    async def main():
        task = asyncio.create_task(backend.generate([ChatMessageUser(content="Count from 1 to 500, one number per line.")], GenerateConfig(max_tokens=400)))
        while len(log.order) < 3:
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    backend._server = log.server
    backend.close()  # waits for the worker: returns once the generation has ended
    assert 3 <= len(log.order) < 50, len(log.order)  # far from the 400 tokens asked for


def test_seeds_make_sampled_replies_reproducible(embedded):
    def sampled(seed):
        return _gen(embedded, "Write one short sentence about the heart.", max_tokens=16, temperature=1.0, seed=seed).completion

    a, b, c = sampled(1), sampled(1), sampled(2)
    assert a == b and a != c


def test_first_token_logprob_of_generation_equals_the_scorer(embedded):
    out = _gen(embedded, "Which is an organ? Answer A or B.\nA. liver\nB. chair\nAnswer:", max_tokens=1, logprobs=True, top_logprobs=5)
    top = {t.token: t.logprob for t in out.choices[0].logprobs.content[0].top_logprobs}
    msgs = [ChatMessageUser(content="Which is an organ? Answer A or B.\nA. liver\nB. chair\nAnswer:")]
    scored = asyncio.run(embedded.api.backend.next_token_logprobs(msgs, ["A", "B"]))
    assert scored["A"] == pytest.approx(max(top.get("A", -99), top.get(" A", -99)), abs=1e-3)
    assert scored["B"] == pytest.approx(max(top.get("B", -99), top.get(" B", -99)), abs=1e-3)


QUIET = """
import asyncio, sys
from inspect_ai.model import get_model
m = get_model("medtrust/embedded", memoize=False, n_ctx=256, slots=1{extra})
out = asyncio.run(m.generate("Say hi.", config=__import__("inspect_ai.model", fromlist=["GenerateConfig"]).GenerateConfig(max_tokens=4)))
print("REPLY", bool(out.completion))
"""


@pytest.mark.parametrize("verbose", [False, True])
def test_llama_cpp_log_is_quiet_unless_verbose(verbose):
    import subprocess
    import sys

    code = QUIET.format(extra=", verbose=True" if verbose else "")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and "REPLY True" in res.stdout, res.stderr[-2000:]
    llama_lines = [line for line in res.stderr.splitlines() if "load_model" in line or "llama_model_loader" in line or " srv " in line]
    assert bool(llama_lines) == verbose, res.stderr[-2000:]
