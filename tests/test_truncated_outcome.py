"""A reply cut by the token limit before it states an answer is its own
non-answer outcome, ``truncated``, in CARES-VLM and MediConfusion (MC); one that stated its answer
before the cut keeps it."""

from __future__ import annotations

import asyncio

import pytest
from inspect_ai.model import ChatMessageAssistant, ChatMessageUser, ModelName, ModelOutput
from inspect_ai.scorer import NOANSWER, Target
from inspect_ai.solver import TaskState

from medtrust.benchmarks.cares_vlm.scorer import cares_vlm_scorer
from medtrust.benchmarks.mediconfusion.scorer import mediconfusion_scorer
from medtrust.outcomes import ERRORS, Outcome, non_answer_score, outcome_counts

HAM_META = {
    "scoring": "accuracy", "dimension": "factuality", "variant": "plain", "source": "ham10000",
    "answer_type": "multiple_choice", "options": ["scalp", "ear", "upper extremity", "lower extremity"],
    "gold": "C", "gold_raw": "C:upper extremity",
}
MC_META = {
    "pair_id": "10001", "slot": 1, "gold": "B", "categories": ["Vascular"],
    "option_a": "Terminating into the ophthalmic artery", "option_b": "Showing an aggravating pseudoaneurysm",
}


def _state(meta: dict, reply: str, stop_reason: str) -> TaskState:
    out = ModelOutput.from_content("medtrust/scripted", reply, stop_reason=stop_reason)
    return TaskState(
        model=ModelName("medtrust/scripted"), sample_id="s1", epoch=1, input="Where is the lesion?",
        messages=[ChatMessageUser(content="Where is the lesion?"), ChatMessageAssistant(content=reply)],
        output=out, metadata=meta,
    )


def _score(scorer, meta, reply, stop_reason):
    return asyncio.run(scorer(_state(meta, reply, stop_reason), Target("x")))


@pytest.mark.parametrize(
    "reply, stop_reason, outcome, value",
    [
        ("Let's look at the border. The lesion shows", "max_tokens", "truncated", NOANSWER),
        ("<think>The lesion is on the arm, so the answer should be C, but", "max_tokens", "truncated", NOANSWER),
        ("Let's look at the border. The lesion shows", "stop", "unparseable", NOANSWER),  # complete reply
        ("The answer is C. The lesion has an irregular", "max_tokens", "correct", 1.0),  # answer before the cut
        ("Answer: D. The border", "max_tokens", "incorrect", 0.0),
    ],
)
def test_cares_vlm_truncated(reply, stop_reason, outcome, value):
    s = _score(cares_vlm_scorer(toxicity="none"), HAM_META, reply, stop_reason)
    assert s.metadata["outcome"] == outcome and s.value == value


@pytest.mark.parametrize(
    "reply, stop_reason, outcome, choice",
    [
        ("Looking at the image, the vessel", "max_tokens", "truncated", "-"),
        ("B. The aneurysm sac is", "max_tokens", "correct", "B"),
        ("Looking at the image, the vessel", "stop", "unparseable", "-"),
        ("I'm unable to view or interpret images.", "stop", "abstained", "-"),
    ],
)
def test_mediconfusion_mc_truncated(reply, stop_reason, outcome, choice):
    for parser in ("official", "lenient"):
        s = _score(mediconfusion_scorer(mode="mc", parser=parser), MC_META, reply, stop_reason)
        assert s.metadata["outcome"] == outcome and s.metadata["choice"] == choice, parser


def test_mediconfusion_official_parser_stays_faithful_on_cut_replies():
    # the official detector reads the token "A" ("B," is not a spelling it knows): faithful, scored;
    # the lenient parser sees no stated answer in the cut reply
    reply = "Considering options A and B, the"
    off = _score(mediconfusion_scorer(mode="mc", parser="official"), MC_META, reply, "max_tokens")
    assert (off.metadata["choice"], off.metadata["outcome"], off.metadata["choice_lenient"]) == ("A", "incorrect", "-")
    assert off.metadata["reason_lenient"] == "truncated"
    len_ = _score(mediconfusion_scorer(mode="mc", parser="lenient"), MC_META, reply, "max_tokens")
    assert (len_.metadata["choice"], len_.metadata["outcome"]) == ("-", "truncated")


def test_truncated_is_counted_apart():
    assert Outcome.TRUNCATED in ERRORS
    scores = [non_answer_score(Outcome.TRUNCATED, "cut"), non_answer_score(Outcome.UNPARSEABLE, "x")]
    counts = outcome_counts(scores)
    assert counts["truncated"] == 1 and counts["unparseable"] == 1 and len(counts) == 9
