"""GD/PS/MC through the real log-probability backends: the embedded GGUF text model on the
text-only smoke path, and a tiny random LLaVA (tests/helpers/tiny_vlm.py) with stand-in images."""

from __future__ import annotations

import math

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from medtrust.benchmarks.mediconfusion.summary import summarize_log
from medtrust.benchmarks.mediconfusion.task import mediconfusion


def _samples(logs):
    assert logs[0].status == "success", logs[0].error
    return {s.id: s for s in logs[0].samples}


def _check_letters(samples, mode):
    for s in samples.values():
        md = s.scores["mediconfusion_scorer"].metadata
        a, b = md["letter_scores"]["A"], md["letter_scores"]["B"]
        assert a <= 0 and b <= 0 and math.isfinite(a) and math.isfinite(b)
        want = ("A" if a >= b else "B") if mode == "gd" else ("A" if a > b else "B")
        assert s.output.completion == want and md["choice"] == want
        assert md["outcome"] in ("correct", "incorrect")


@pytest.mark.slow
def test_embedded_text_only_gd_ps(tmp_path):
    model = get_model("medtrust/embedded", memoize=False)
    for mode in ("gd", "ps"):
        samples = _samples(inspect_eval(mediconfusion(mode=mode, text_only=True), model=model, log_dir=str(tmp_path), display="none", limit=2))
        _check_letters(samples, mode)
        # text-only: both images of a pair get the same prompt, hence the same scores
        assert samples["10001-im1"].scores["mediconfusion_scorer"].metadata["letter_scores"] == pytest.approx(
            samples["10001-im2"].scores["mediconfusion_scorer"].metadata["letter_scores"]
        )


@pytest.mark.slow
@pytest.mark.vision
def test_tiny_vlm_gd_ps_mc(tmp_path, standin_images):
    pytest.importorskip("torch")
    from tests.helpers.tiny_vlm import tiny_vlm_dir

    model = get_model("medtrust/hf-vision", model_path=str(tiny_vlm_dir("llava")), memoize=False)
    for mode in ("gd", "ps"):
        logs = inspect_eval(mediconfusion(mode=mode, image_roots=str(standin_images)), model=model, log_dir=str(tmp_path), display="none", limit=4)
        samples = _samples(logs)
        _check_letters(samples, mode)
        # the image reaches the model: the two images of a pair get different scores
        s1 = samples["10001-im1"].scores["mediconfusion_scorer"].metadata["letter_scores"]
        s2 = samples["10001-im2"].scores["mediconfusion_scorer"].metadata["letter_scores"]
        assert s1 != s2
        assert summarize_log(logs[0], n_resamples=20).provenance["n_pairs"] == 2
    logs = inspect_eval(mediconfusion(mode="mc", image_roots=str(standin_images)), model=model, log_dir=str(tmp_path), display="none", limit=4)
    s = summarize_log(logs[0], n_resamples=20)
    assert sum(s.outcome_counts.values()) == 4 and s.outcome_counts["model_error"] == 0
