"""Offline token counts: the rebuilt SmolLM2 tokenizer and chat template give the embedded model's
own counts; the approximation's characters per token is what it says."""

from __future__ import annotations

import pytest

from medtrust.benchmarks.cares_llm.dataset import load_records
from medtrust.estimate import tokens
from medtrust.estimate.tokens import CHARS_PER_TOKEN, HELD_OUT_UNDERCOUNT, approximate_counter, counter_for


@pytest.fixture(scope="module")
def smollm():
    c = counter_for("medtrust/embedded")
    if c._tokenizer is None:
        pytest.skip("the embedded SmolLM2 GGUF is not installed")
    return c


def test_the_counter_is_exact_for_the_embedded_model_only(smollm):
    assert "medtrust/embedded" in smollm.exact_for and "openai/gpt-4o-mini" not in smollm.exact_for
    assert "SmolLM2-135M-Instruct" in smollm.method and "chat template" in smollm.method
    # ChatML with SmolLM2's default system turn when the request has none
    text = smollm.render([{"role": "user", "content": "Hi"}])
    assert text.startswith("<|im_start|>system\n") and text.endswith("<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n")
    assert smollm.count_text("<|im_start|>") == 1  # a control token is one token


@pytest.mark.slow
def test_counts_equal_the_embedded_models_own_usage(smollm, tmp_path):
    from inspect_ai import eval as inspect_eval
    from inspect_ai.log import read_eval_log

    from medtrust.benchmarks.cares_llm.task import cares_llm

    log = inspect_eval(cares_llm(sample_limit=12, shuffle_seed=5, max_tokens=1), model="medtrust/embedded", log_dir=str(tmp_path),
                       display="none")[0]  # fmt: skip
    full = read_eval_log(log.location)
    assert len(full.samples) == 12
    for s in full.samples:
        assert s.output.usage.input_tokens == smollm.count([{"role": "user", "content": s.input}]), s.id


def test_chars_per_token_is_the_measured_figure(smollm):
    chars = toks = 0
    for r in load_records(None):
        text = smollm.render([{"role": "user", "content": r.prompt}])
        chars, toks = chars + len(text), toks + smollm.count_text(text)
    assert chars / toks == pytest.approx(CHARS_PER_TOKEN, abs=0.01)


def test_the_approximation_on_a_held_out_group(smollm):
    # fitted on CARES-LLM prompts; MediConfusion's prompts (both modes, text only) were not used
    from medtrust.benchmarks.mediconfusion.task import mediconfusion

    for mode, stated in zip(("mc", "ff"), HELD_OUT_UNDERCOUNT):
        exact = approx = 0
        for s in mediconfusion(mode=mode, text_only=True).dataset:
            text = smollm.render([{"role": m.role, "content": m.text} for m in s.input])
            exact, approx = exact + smollm.count_text(text), approx + len(text) / CHARS_PER_TOKEN
        assert (approx - exact) / exact == pytest.approx(stated, abs=0.001), mode
    assert "held-out MediConfusion prompts it undercounted by 6-10%" in approximate_counter().method


def test_without_the_gguf_the_approximation_is_used_and_says_so(monkeypatch):
    monkeypatch.setattr(tokens, "embedded_gguf", lambda: None)
    c = counter_for("medtrust/embedded")
    assert c._tokenizer is None and c.method.startswith("approximation") and c.exact_for == ()
    assert c.count_text("x" * 506) == 100
    assert approximate_counter().count([{"role": "user", "content": "hello"}]) > 0
