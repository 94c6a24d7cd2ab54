"""Judge reply parsing corpus and the grader-role path with a scripted judge."""

from __future__ import annotations

import asyncio

import pytest
from inspect_ai.model import get_model

from medtrust.benchmarks.cares_vlm.judge import judge_open_ended, official_parse, parse_judge_score


@pytest.mark.parametrize(
    "reply, score, official",
    [
        ("8", 8.0, 8.0),
        (" 7.5\n", 7.5, 7.5),
        ("Score: 8", 8.0, None),  # official float() fails -> the script drops the sample
        ("**9**", 9.0, None),
        ("8/10", 8.0, None),
        ("Grade - 6 out of 10", 6.0, None),
        ("10", 10.0, 10.0),
        ("7 or 8", None, None),
        ("11", None, 11.0),  # official keeps an out-of-range value
        ("0", None, 0.0),
        ("", None, None),
        ("The reply is helpful.", None, None),
        # the scale or counts in the reason are not grades
        ("Score: 7/10 - it names 2 of the 3 findings", 7.0, None),
        ("7 - it names 2 of the 3 findings", 7.0, None),
        ("Rating: 8 out of 10. The reply covers 4 of 5 points.", 8.0, None),
        ("Score (1-10): 7", 7.0, None),
        ("On a scale of 1 to 10, I give it a 6.", 6.0, None),
        ("I would rate it 8 since it names 2 of 3 findings.", 8.0, None),
        ('{"score": 6, "reason": "misses 1 of 2 findings"}', 6.0, None),
        ('```json\n{"grade": "7/10"}\n```', 7.0, None),
        ("<think>3 findings in the reply, 4 in the reference: 6 or 7?</think>\nScore: 7", 7.0, None),
        ("8.5/10", 8.5, None),
        ("Score: 7. On reflection, score: 8.", None, None),  # two different stated grades
        ("7-8", None, None),  # a range is no grade
        ("Score: 12/10", None, None),  # out of range
    ],
)
def test_parse_corpus(reply, score, official):
    assert parse_judge_score(reply)[0] == score
    assert official_parse(reply) == official


def test_judge_uses_given_grader_and_keeps_raw_text():
    seen = []

    def judge(messages):
        seen.append(messages[-1].text)
        return "Grade: 7"

    grader = get_model("medtrust/scripted", memoize=False, respond=judge)
    res = asyncio.run(judge_open_ended("What is shown?", "Glaucoma.", "Mild glaucoma.", grader=grader))
    assert res.score == 7.0 and res.raw == "Grade: 7" and res.official_score is None
    assert "Glaucoma." in seen[0] and "Mild glaucoma." in seen[0]

    bad = get_model("medtrust/scripted", memoize=False, respond=lambda m: "It is decent.")
    res = asyncio.run(judge_open_ended("q", "a", "r", grader=bad))
    assert res.score is None and res.error == "no number in judge reply" and res.raw == "It is decent."
