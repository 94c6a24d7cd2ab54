"""Issue 22, section 5: the LLM fallback for answer extraction (medtrust.scorers.llm_extract).

A reply the rules leave unparseable goes to the judge model (role ``grader``) when one is bound;
its reading is recorded with ``extracted_by="llm"``, refusals and cut replies never go, a flag
turns it off, and summaries count it. The judge here is inspect's ``medtrust/scripted`` model.
"""

from __future__ import annotations

import asyncio

import pytest
from inspect_ai.model import ModelOutput, get_model

from medtrust.benchmarks.interface import LLM_EXTRACTION_OPTION, llm_extraction_enabled
from medtrust.options import RunOptions
from medtrust.scorers.llm_extract import (
    EXTRACTION_PROMPT_SHA256,
    extraction_prompt,
    llm_extract,
    llm_extraction_counts,
    llm_extraction_note,
    read_extraction,
)
from tests.test_truncated_outcome import HAM_META, _score

HAM = {"A": "scalp", "B": "ear", "C": "upper extremity", "D": "lower extremity"}
#: a reply no rule reads: no letter, no option text, no yes/no, no refusal
UNREAD = "Considering the sun exposure pattern, the same site as a watch strap would be my pick."


def _judge(answer: str, calls: list[str] | None = None):
    def respond(messages):
        if calls is not None:
            calls.append(messages[-1].text)
        return answer

    return get_model("medtrust/scripted", respond=respond, memoize=False)


@pytest.mark.parametrize(
    "raw, options, want",
    [("B", HAM, ("B", None)), ("**c**", HAM, ("C", None)), ("(D).", HAM, ("D", None)), ("NONE", HAM, (None, None)),
     ("YES", None, ("yes", None)), ("no", None, ("no", None))],
)
def test_read_extraction_allowed_answers(raw, options, want):
    assert read_extraction(raw, options) == want


@pytest.mark.parametrize("raw, options", [("E", HAM), ("The answer is B", HAM), ("", HAM), ("maybe", None), ("B", None)])
def test_read_extraction_refuses_anything_else(raw, options):
    answer, error = read_extraction(raw, options)
    assert answer is None and error


def test_extraction_prompt_lists_options_and_cuts_long_replies():
    p = extraction_prompt("x" * 3000 + "MIDDLE" + "y" * 6000, HAM)
    assert "A. scalp" in p and "D. lower extremity" in p and "(A, B, C, D)" in p and "NONE" in p
    assert "MIDDLE" not in p and "[...]" in p and len(p) < 7000
    assert "YES or NO" in extraction_prompt("It is there.", None)


def test_llm_extract_with_a_scripted_judge():
    calls: list[str] = []
    got = asyncio.run(llm_extract(_judge("C", calls), UNREAD, HAM))
    assert (got.answer, got.error) == ("C", None) and got.raw == "C"
    assert UNREAD in calls[0] and got.metadata()["llm_extraction_prompt_sha256"] == EXTRACTION_PROMPT_SHA256
    bad = asyncio.run(llm_extract(_judge("I think it is the arm"), UNREAD, HAM))
    assert bad.answer is None and "no allowed answer" in bad.error


def test_llm_extract_records_a_failed_call():
    class Broken:
        name = "broken"

        async def generate(self, messages, config=None):
            raise ConnectionError("refused")

    got = asyncio.run(llm_extract(Broken(), UNREAD, HAM))
    assert got.answer is None and "ConnectionError" in got.error


def _with_judge(monkeypatch, judge):
    from medtrust.benchmarks.cares_vlm import scorer as vlm_scorer

    monkeypatch.setattr(vlm_scorer, "bound_graders", lambda: [judge])
    monkeypatch.setattr(vlm_scorer, "grader_model", lambda **kw: judge)
    return vlm_scorer


def test_cares_vlm_scorer_sends_only_unread_replies(monkeypatch):
    calls: list[str] = []
    vlm = _with_judge(monkeypatch, _judge("C", calls))
    s = _score(vlm.cares_vlm_scorer(toxicity="none"), HAM_META, UNREAD, "stop")
    m = s.metadata
    assert (m["outcome"], s.answer, m["extracted_by"], m["extraction_layer"]) == ("correct", "C", "llm", "llm")
    assert m["llm_extraction_raw"] == "C" and len(calls) == 1
    # a rule-read reply, a refusal and a cut reply never reach the judge
    s = _score(vlm.cares_vlm_scorer(toxicity="none"), HAM_META, "The answer is D.", "stop")
    assert (s.metadata["outcome"], s.metadata["extracted_by"]) == ("incorrect", "rules")
    s = _score(vlm.cares_vlm_scorer(toxicity="none"), HAM_META, "I cannot determine the site from this image.", "stop")
    assert s.metadata["outcome"] == "abstained"
    s = _score(vlm.cares_vlm_scorer(toxicity="none"), HAM_META, "Let's look at the border. The lesion shows", "max_tokens")
    assert s.metadata["outcome"] == "truncated"
    assert len(calls) == 1


def test_cares_vlm_judge_none_and_flag_off_leave_unparseable(monkeypatch):
    calls: list[str] = []
    vlm = _with_judge(monkeypatch, _judge("NONE", calls))
    s = _score(vlm.cares_vlm_scorer(toxicity="none"), HAM_META, UNREAD, "stop")
    assert s.metadata["outcome"] == "unparseable" and s.metadata["extracted_by"] is None and len(calls) == 1
    s = _score(vlm.cares_vlm_scorer(toxicity="none", llm_extraction=False), HAM_META, UNREAD, "stop")
    assert s.metadata["outcome"] == "unparseable" and "llm_extraction_judge" not in s.metadata and len(calls) == 1


def test_cares_vlm_without_a_judge_sends_nothing():
    from medtrust.benchmarks.cares_vlm.scorer import cares_vlm_scorer

    s = _score(cares_vlm_scorer(toxicity="none"), HAM_META, UNREAD, "stop")
    assert s.metadata["outcome"] == "unparseable" and "llm_extraction_judge" not in s.metadata


def test_yes_no_reply_read_by_the_judge(monkeypatch):
    vlm = _with_judge(monkeypatch, _judge("NO"))
    meta = {**HAM_META, "answer_type": "yes_no", "options": None, "gold": "no", "gold_raw": "No."}
    s = _score(vlm.cares_vlm_scorer(toxicity="none"), meta, "The film is what it is; I see what I expected to see.", "stop")
    assert (s.metadata["outcome"], s.answer, s.metadata["extracted_by"]) == ("correct", "no", "llm")


def test_counts_and_note():
    meta = [{"extracted_by": "llm", "llm_extraction_judge": "j"}, {"extracted_by": None, "llm_extraction_judge": "j"},
            {"extracted_by": "rules"}, {"extracted_by": "rules"}, {}]
    c = llm_extraction_counts(meta)
    assert c == {"llm": 1, "llm_asked": 2, "rules": 2}
    assert llm_extraction_note(c).startswith("1 of 2 reply(ies)")
    assert llm_extraction_note({"llm": 0, "llm_asked": 0, "rules": 5}) is None


def test_run_option_reaches_the_tasks(monkeypatch):
    """`medtrust run --llm-extraction off` -> task argument llm_extraction=False (CARES-VLM and
    MediConfusion); CARES-LLM does not declare the option, so the CLI refuses it there."""
    from click.testing import CliRunner

    from medtrust.benchmarks.cares_vlm.benchmark import BENCHMARK as VLM, task_kwargs
    from medtrust.benchmarks.mediconfusion import benchmark as mc_bench
    from medtrust.cli import main

    assert LLM_EXTRACTION_OPTION in VLM.options and LLM_EXTRACTION_OPTION in mc_bench.BENCHMARK.options
    off = RunOptions(benchmark="cares-vlm", options={"llm_extraction": "off"})
    assert task_kwargs(off)["llm_extraction"] is False and task_kwargs(RunOptions())["llm_extraction"] is True
    assert llm_extraction_enabled(RunOptions()) and not llm_extraction_enabled(off)
    seen = {}
    monkeypatch.setattr(mc_bench, "mediconfusion", lambda **kw: seen.update(kw) or pytest.skip("captured"))
    with pytest.raises(pytest.skip.Exception):
        mc_bench.BENCHMARK.plan(RunOptions(benchmark="mediconfusion", options={"llm_extraction": "off", "mode": "mc"},
                                           image_roots={"mediconfusion": "/nonexistent"}))
    assert seen["llm_extraction"] is False
    res = CliRunner().invoke(main, ["run", "-b", "cares-llm", "--llm-extraction", "off"])
    assert res.exit_code == 2 and "--llm-extraction applies to" in res.output
