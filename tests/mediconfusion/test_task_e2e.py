"""End to end through inspect: all four modes with scripted models, summaries from the log.

Images are generated stand-ins (see conftest); scripted models recognise an image by its bytes.
"""

from __future__ import annotations

import base64
import json
import math
import random
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessageAssistant,
    ContentImage,
    GenerateConfig,
    Logprob,
    Logprobs,
    ModelOutput,
    TopLogprob,
    get_model,
)

import medtrust.models.provider as provider
from medtrust.benchmarks.mediconfusion.summary import summarize_log
from medtrust.benchmarks.mediconfusion.task import mediconfusion
from medtrust.models.capabilities import ContinuationScore
from medtrust.models.policy import ScriptedBackend
from medtrust.runner import RunOptions, run_benchmark


def _model(name: str, **kw):
    # memoize=False: inspect caches models by name, which would reuse another test's script
    return get_model(name, memoize=False, **kw)


def _image_key(messages) -> str:
    for m in reversed(messages):
        if m.role == "user" and not isinstance(m.content, str):
            for c in m.content:
                if isinstance(c, ContentImage):
                    return c.image.split(",", 1)[-1]
    return ""


@pytest.fixture(scope="module")
def oracle(pairs, standin_images):
    """{(image base64, option A text): gold letter} for every image and option order."""
    table = {}
    for p in pairs:
        for slot in (1, 2):
            b64 = base64.b64encode((standin_images / f"{p.locals[slot - 1]}.jpg").read_bytes()).decode()
            g = p.gold[slot - 1]
            table[(b64, p.question, p.option_a)] = g
            table[(b64, p.question, p.option_b)] = {"A": "B", "B": "A"}[g]  # swapped order
    return table


def _lookup(oracle, messages) -> str:
    lines = messages[-1].text.split("\n")
    q = next(ln for ln in lines if ln.startswith("Question: "))[len("Question: ") :]
    opt_a = next(ln for ln in lines if ln.startswith("A: "))[len("A: ") :]
    return oracle[(_image_key(messages), q, opt_a)]


def _opts(tmp_path: Path, model: str, root: Path | None, mode: str | None = None, **kw) -> RunOptions:
    return RunOptions(
        benchmark="mediconfusion", model=[model], image_roots={"mediconfusion": str(root)} if root else {},
        log_dir=str(tmp_path / "logs"), display="none", options={"mode": mode}, **kw,
    )  # fmt: skip


def _headline(s):
    return tuple(s.metric(n).value for n in ("set_accuracy", "individual_accuracy", "confusion", "invalid_rate"))


def test_always_a_scripted(tmp_path, standin_images, pairs):
    model = _model("medtrust/scripted", respond=lambda m: "A")
    logs = inspect_eval(
        mediconfusion(mode="mc", image_roots=str(standin_images)), model=model, log_dir=str(tmp_path), display="none", limit=41
    )
    summ = summarize_log(read_eval_log(logs[0].location), n_resamples=200)
    assert _headline(summ) == (0.0, 50.0, 100.0, 0.0)  # exact on any set of complete pairs
    assert summ.provenance["n_pairs"] == 20  # the 41st sample is half a pair and is left out
    extra_a = pairs[20].gold[0] == "A"  # sample 41 = image 1 of pair 10021
    assert summ.outcome_counts["correct"] == 20 + extra_a and summ.outcome_counts["incorrect"] == 21 - extra_a
    assert summ.metric("set_accuracy", "category=Cerebral").value == 0.0
    assert summ.provenance["counts"]["confused"] == 20
    # inspect's own live metrics agree
    live = logs[0].results.scores[0].metrics
    assert live["set_accuracy"].value == 0.0 and live["confusion"].value == 100.0


def test_policy_random_option_cli_is_blind(tmp_path, standin_images):
    """medtrust/policy/random-option picks by prompt text only, so both images of a pair get the
    same letter: a blind model is confused on every pair (exactly 0 / 50 / 100)."""
    opts = _opts(tmp_path, "medtrust/policy/random-option", standin_images, mode="mc")
    summ = run_benchmark(opts)[0]
    assert _headline(summ) == (0.0, 50.0, 100.0, 0.0)
    written = list((tmp_path / "logs").glob("*.summary.json"))
    assert len(written) == 1 and json.loads(written[0].read_text())["benchmark"] == "mediconfusion"


def test_perfect_and_coin_flip_scripted(tmp_path, standin_images, oracle):
    perfect = _model("medtrust/scripted", respond=lambda m: _lookup(oracle, m))
    logs = inspect_eval(mediconfusion(mode="mc", image_roots=str(standin_images)), model=perfect, log_dir=str(tmp_path), display="none")
    s = summarize_log(logs[0], n_resamples=100)
    assert _headline(s) == (100.0, 100.0, 0.0, 0.0) and s.metric("precision").value == 100.0
    assert s.metric("set_accuracy", "category=Nuclear Medicine").n == 14
    logs = inspect_eval(
        mediconfusion(mode="mc", image_roots=str(standin_images), swap=True), model=perfect, log_dir=str(tmp_path), display="none", limit=40
    )
    s = summarize_log(logs[0], n_resamples=100)
    assert s.metric("set_accuracy_both_orders", "swap").value == 100.0 and s.metric("set_accuracy_both_orders", "swap").n == 10
    assert s.metric("position_bias", "swap").value == 0.0
    rng = random.Random(7)
    coin = _model("medtrust/scripted", respond=lambda m: rng.choice(["A", "B"]))
    logs = inspect_eval(mediconfusion(mode="mc", image_roots=str(standin_images)), model=coin, log_dir=str(tmp_path), display="none")
    s = summarize_log(logs[0], n_resamples=100)
    assert 12.0 < s.metric("set_accuracy").value < 38.0  # 25 +- 4 sd (binomial, 176 pairs)
    assert 40.0 < s.metric("individual_accuracy").value < 60.0


def test_mc_traps_and_errors(tmp_path, standin_images, pairs):
    # pair 10001 im1 gold A: article reply; im2 gold B: "Answer: (B)"; 10002 both: "A and B" / lowercase
    replies = iter(["A bilateral finding", "Answer: (B)", "A and B", "b", "I'm unable to view images."])

    def respond(m):
        return next(replies, "B.")

    model = _model("medtrust/scripted", respond=respond)
    logs = inspect_eval(
        mediconfusion(mode="mc", image_roots=str(standin_images)), model=model, log_dir=str(tmp_path), display="none", limit=6, max_connections=1
    )
    log = read_eval_log(logs[0].location)
    by = {s.id: s.scores["mediconfusion_scorer"] for s in log.samples}
    assert by["10001-im1"].metadata["choice_official"] == "A" and by["10001-im1"].metadata["choice_lenient"] == "-"
    assert by["10001-im2"].metadata["choice_official"] == "-" and by["10001-im2"].metadata["choice_lenient"] == "B"
    assert by["10002-im1"].metadata["reason"] == "both_letters" and by["10002-im1"].metadata["outcome"] == "unparseable"
    assert by["10002-im2"].metadata["choice_official"] == "-" and by["10002-im2"].metadata["choice_lenient"] == "B"
    assert by["10003-im1"].metadata["outcome"] == "abstained"
    s = summarize_log(log, n_resamples=50)
    assert s.provenance["n_pairs"] == 3
    assert s.metric("invalid_rate").value == pytest.approx(100 * 4 / 6)
    assert s.metric("invalid_rate", "parser=lenient").value == pytest.approx(100 * 3 / 6)


def test_missing_images_and_model_errors(tmp_path, standin_images, pairs):
    partial = tmp_path / "partial"
    partial.mkdir()
    (partial / f"{pairs[0].locals[0]}.jpg").write_bytes((standin_images / f"{pairs[0].locals[0]}.jpg").read_bytes())
    model = _model("medtrust/scripted", responses={})  # every prompt unknown -> ModelOutput.error
    logs = inspect_eval(mediconfusion(mode="mc", image_roots=str(partial)), model=model, log_dir=str(tmp_path), display="none", limit=4)
    s = summarize_log(logs[0], n_resamples=20)
    present = sum(loc == pairs[0].locals[0] for p in pairs[:2] for loc in p.locals)  # the image recurs across pairs
    assert present >= 1
    assert s.outcome_counts["model_error"] == present and s.outcome_counts["input_error"] == 4 - present
    assert s.metric("invalid_rate").value == 100.0  # official metrics count non-answers as invalid
    with pytest.raises(ValueError, match="--image-root"):
        mediconfusion(mode="mc")
    with pytest.raises(ValueError, match="no MediConfusion image found"):
        mediconfusion(mode="mc", image_roots=str(tmp_path / "empty"))


# --- FF ---------------------------------------------------------------------------------------


def test_ff_judge_threshold_and_judge_errors(tmp_path, standin_images, pairs):
    answer = _model("medtrust/scripted", respond=lambda m: "It shows a vascular abnormality.")
    judge_replies = {
        pairs[0].question: ["A: 8\nB: 5\nnearer A", "A: 7\nB: 5\ntoo close"],
        pairs[1].question: ["Scores: high and low", "**A: 2**\n**B: 9**\ncloser to B"],
    }
    calls: dict[str, int] = {}

    def judge(m):
        q = next(k for k in judge_replies if f"Question: {k}\n" in m[-1].text)
        i = calls.get(q, 0)
        calls[q] = i + 1
        return judge_replies[q][i]

    grader = _model("medtrust/scripted", respond=judge)
    logs = inspect_eval(
        mediconfusion(mode="ff", image_roots=str(standin_images)), model=answer, model_roles={"grader": grader},
        log_dir=str(tmp_path), display="none", limit=4, max_connections=1,
    )  # fmt: skip
    log = read_eval_log(logs[0].location)
    assert log.status == "success"
    md = {s.id: s.scores["mediconfusion_scorer"].metadata for s in log.samples}
    assert md["10001-im1"]["choice"] == "A" and md["10001-im1"]["outcome"] == "correct"  # 8 vs 5
    assert md["10001-im2"]["choice"] == "-" and md["10001-im2"]["reason"] == "below_threshold"  # 7 vs 5
    assert md["10002-im1"]["outcome"] == "judge_error"  # malformed: counted, not a crash
    assert md["10002-im2"]["choice"] == "B" and md["10002-im2"]["judge_parse"] == "lenient"
    s = summarize_log(log, n_resamples=20)
    assert s.outcome_counts["judge_error"] == 1 and s.outcome_counts["unparseable"] == 1
    # the FF cli path refuses to start without a judge
    with pytest.raises(ValueError, match="judge"):
        run_benchmark(_opts(tmp_path, "medtrust/policy/refuse", standin_images, mode="ff"))


# --- GD / PS with scripted LogprobScorer backends ------------------------------------------------


class ScriptedLogprobBackend(ScriptedBackend):
    """Scripted LogprobScorer: letter log-probs and option-text scores from Python callables."""

    def __init__(self, next_token=None, continuation=None, **kw):
        super().__init__(respond=lambda m: "A")
        self._next, self._cont = next_token, continuation

    async def next_token_logprobs(self, messages, candidates):
        return self._next(messages, candidates)

    async def continuation_logprobs(self, messages, continuations):
        return self._cont(messages, continuations)


def create_lp_backend(model_name, config, **kw):
    return ScriptedLogprobBackend(**kw)


class TopLogprobBackend(ScriptedBackend):
    """An OpenAI-like backend without LogprobScorer that returns top_logprobs from generate()."""

    def __init__(self, tops, **kw):
        super().__init__(respond=lambda m: "A")
        self.tops = tops
        self.configs: list[GenerateConfig] = []

    async def generate(self, messages, config):
        self.configs.append(config)
        top = self.tops
        lp = Logprobs(content=[Logprob(token=top[0][0], logprob=top[0][1], top_logprobs=[TopLogprob(token=t, logprob=v) for t, v in top])])
        return ModelOutput(model="top", choices=[ChatCompletionChoice(message=ChatMessageAssistant(content=top[0][0]), logprobs=lp)])


def create_top_backend(model_name, config, **kw):
    return TopLogprobBackend(**kw)


@pytest.fixture
def lp_backends(monkeypatch):
    monkeypatch.setitem(provider.BACKENDS, "lptest", f"{__name__}:create_lp_backend")
    monkeypatch.setitem(provider.BACKENDS, "toptest", f"{__name__}:create_top_backend")


def test_gd_ps_scripted_logprob_backend(tmp_path, standin_images, oracle, pairs, lp_backends):
    def gd_perfect(messages, cands):
        g = _lookup(oracle, messages)
        return {"A": -0.1 if g == "A" else -2.5, "B": -0.1 if g == "B" else -2.5}

    m = _model("medtrust/lptest", next_token=gd_perfect)
    logs = inspect_eval(mediconfusion(mode="gd", image_roots=str(standin_images)), model=m, log_dir=str(tmp_path), display="none", limit=40)
    s = summarize_log(logs[0], n_resamples=50)
    assert _headline(s) == (100.0, 100.0, 0.0, 0.0)
    # ties: GD argmax takes A (always A -> 0/50/100); PS ties go to B (always B -> 0/50/100)
    tie = _model("medtrust/lptest", next_token=lambda m, c: {"A": -1.0, "B": -1.0})
    logs = inspect_eval(mediconfusion(mode="gd", image_roots=str(standin_images)), model=tie, log_dir=str(tmp_path), display="none", limit=20)
    assert {smp.output.completion for smp in read_eval_log(logs[0].location).samples} == {"A"}
    seen: list[list[str]] = []

    def ps_tie(messages, conts):
        seen.append(conts)
        assert "A: " not in messages[-1].text  # options hidden in PS
        return [ContinuationScore(-6.0, 3), ContinuationScore(-4.0, 2)]  # means -2.0 and -2.0

    ps = _model("medtrust/lptest", continuation=ps_tie)
    logs = inspect_eval(mediconfusion(mode="ps", image_roots=str(standin_images)), model=ps, log_dir=str(tmp_path), display="none", limit=40)
    s = summarize_log(logs[0], n_resamples=50)
    assert _headline(s) == (0.0, 50.0, 100.0, 0.0)
    assert {smp.output.completion for smp in read_eval_log(logs[0].location).samples} == {"B"}
    assert len(seen) == 40 and all(tuple(c) in {(p.option_a, p.option_b) for p in pairs} for c in seen)  # option texts, A then B
    # PS length normalisation: longer option with lower sum but higher mean wins
    ps2 = _model("medtrust/lptest", continuation=lambda m, c: [ContinuationScore(-6.0, 4), ContinuationScore(-4.0, 2)])
    logs = inspect_eval(mediconfusion(mode="ps", image_roots=str(standin_images)), model=ps2, log_dir=str(tmp_path), display="none", limit=2)
    assert {smp.output.completion for smp in read_eval_log(logs[0].location).samples} == {"A"}  # -1.5 > -2.0


def test_gd_from_top_logprobs(tmp_path, standin_images, lp_backends):
    m = _model("medtrust/toptest", tops=[(" B", -0.2), ("A", -1.9), ("The", -3.0)])
    logs = inspect_eval(mediconfusion(mode="gd", image_roots=str(standin_images)), model=m, log_dir=str(tmp_path), display="none", limit=4)
    log = read_eval_log(logs[0].location)
    md = log.samples[0].scores["mediconfusion_scorer"].metadata
    assert md["letter_scores"] == {"A": -1.9, "B": -0.2} and md["choice"] == "B"
    cfg = m.api.backend.configs[0]
    assert cfg.logprobs is True and cfg.top_logprobs == 20 and cfg.max_tokens == 1
    none = _model("medtrust/toptest", tops=[("The", -0.1)])
    logs = inspect_eval(mediconfusion(mode="gd", image_roots=str(standin_images)), model=none, log_dir=str(tmp_path), display="none", limit=2)
    s = summarize_log(logs[0], n_resamples=20)
    assert s.outcome_counts["unparseable"] == 2 and not math.isnan(s.metric("invalid_rate").value)


def test_modes_refused_before_run(tmp_path, standin_images):
    for mode in ("gd", "ps"):
        with pytest.raises(ValueError, match=f"mode '{mode}'"):
            run_benchmark(_opts(tmp_path, "medtrust/policy/accept", standin_images, mode=mode))
    assert not (tmp_path / "logs").exists()  # nothing ran
    with pytest.raises(ValueError, match="unknown MediConfusion mode"):
        run_benchmark(_opts(tmp_path, "medtrust/policy/accept", standin_images, mode="xx"))
