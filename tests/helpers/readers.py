"""The readings the blind-corpus tests compare (tests/test_answer_corpus_round4.py and _round5.py):
one row of an answer or judge-reply corpus read as the shipped readers read it."""

from __future__ import annotations

from medtrust.benchmarks.cares_vlm.judge import parse_judge_score
from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, parse_judge_lenient
from medtrust.scorers.extract import Extraction, extract_choice, extract_yes_no


def read_answer(r: dict) -> Extraction:
    """The CARES-VLM default extractor's reading of an answer row (its question passed for yes/no)."""
    if r["question"] == "yes_no":
        return extract_yes_no(r["reply"], stop_reason=r["stop_reason"], question=r.get("q"))
    return extract_choice(r["reply"], r["options"], stop_reason=r["stop_reason"])


def mediconfusion_scores(reply: str) -> list[float] | None:
    """[score A, score B] as the lenient judge reader gives them, or None for a judge error."""
    try:
        a, b, _ = parse_judge_lenient(reply)
    except JudgeParseError:
        return None
    return [a, b]


def judge_reading(r: dict):
    """A judge-reply row's reading: MediConfusion [A, B] scores or a CARES-VLM grade (None: no grade)."""
    if r["judge"] == "mediconfusion":
        return mediconfusion_scores(r["reply"])
    return parse_judge_score(r["reply"])[0]


def load_corpus(name: str) -> list[dict]:
    """The rows of a JSONL corpus in tests/data (a blind answer or judge-reply file)."""
    import json
    from pathlib import Path

    path = Path(__file__).parent.parent / "data" / name
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


KINDS = {"hedged", "language", "wrapper", "ordinal", "negated_finding", "option_text", "refusal", "ambiguous"}


def check_blind_files(answers: list[dict], judges: list[dict], groups: list[str]) -> None:
    """Each blind file (group): 130 answer and 40 judge replies, every kind, ten languages or more;
    ids unique across all; ``expected`` is None exactly when the status is not an answer."""
    assert sorted({r["group"] for r in answers}) == sorted(groups)
    for group in groups:
        rows = [r for r in answers if r["group"] == group]
        assert len(rows) == 130, group
        assert {r["kind"] for r in rows} == KINDS, group
        assert len({r["lang"] for r in rows if r["kind"] == "language"}) >= 10, group
        assert len([r for r in judges if r["group"] == group]) == 40, group
    ids = [r["id"] for r in answers + judges]
    assert len(ids) == len(set(ids))
    for r in answers:
        assert (r["expected"] is None) == (r["expected_status"] != "answer"), r["id"]
