"""The xllamacpp GGUF backend against the former llama-cpp-python backend on the same GGUF.

``tests/data/gguf_logprobs/llama_cpp_python.json`` holds MediConfusion GD letter log-probabilities
and PS option log-likelihoods (text-only, embedded SmolLM2) computed by the llama-cpp-python
backend that medtrust used until the move to xllamacpp (``generate_reference.py`` beside it).
The new backend must pick the same letter on every sample and give the same numbers to within
llama.cpp's float noise: measured on all 40 reference samples, the largest difference was
1.8e-4 nats (GD) and 1.5e-4 (PS mean log-likelihood), at 4 parallel slots.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from medtrust.benchmarks.mediconfusion.task import mediconfusion

pytestmark = pytest.mark.slow

REFERENCE = json.loads((Path(__file__).parents[1] / "data" / "gguf_logprobs" / "llama_cpp_python.json").read_text())
#: text-only, both images of a pair get the same prompt: one image per pair, 6 pairs (PS picks A
#: on 4 of them in the reference, B on 2; GD picks B everywhere, the margins differ)
SAMPLE_IDS = [f"100{i:02d}-im1" for i in (1, 3, 5, 17, 18, 20)]
#: float noise between two llama.cpp builds on the same whole-sequence pass (measured <= 1.8e-4)
TOLERANCE = 1e-3


@pytest.fixture(scope="module")
def embedded():
    return get_model("medtrust/embedded", memoize=False)  # default slots: scores must not depend on them


@pytest.mark.parametrize("mode", ["gd", "ps"])
def test_same_letters_and_logprobs_as_llama_cpp_python(embedded, mode, tmp_path):
    log = inspect_eval(mediconfusion(mode=mode, text_only=True), model=embedded, log_dir=str(tmp_path), display="none", sample_id=SAMPLE_IDS)[0]
    assert log.status == "success", log.error
    got = {s.id: s.scores["mediconfusion_scorer"].metadata["letter_scores"] for s in log.samples}
    assert sorted(got) == sorted(SAMPLE_IDS)
    ref = REFERENCE["letter_scores"][mode]
    for sid, scores in got.items():
        want = ref[sid]
        assert scores["A"] == pytest.approx(want["A"], abs=TOLERANCE), sid
        assert scores["B"] == pytest.approx(want["B"], abs=TOLERANCE), sid
        # the chosen letter follows from the scores (GD ties to A, PS ties to B)
        pick = ("A" if scores["A"] >= scores["B"] else "B") if mode == "gd" else ("A" if scores["A"] > scores["B"] else "B")
        pick_ref = ("A" if want["A"] >= want["B"] else "B") if mode == "gd" else ("A" if want["A"] > want["B"] else "B")
        assert pick == pick_ref, sid
