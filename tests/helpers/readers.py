"""The readings the blind-corpus tests compare (tests/test_answer_corpus_round4.py and _round5.py):
one row of an answer or judge-reply corpus read as the shipped readers read it."""

from __future__ import annotations

import pytest

from medtrust.benchmarks.cares_vlm.judge import parse_judge_score
from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, lenient_choice, parse_judge_lenient
from medtrust.scorers.extract import Extraction, extract_choice, extract_yes_no


def read_answer(r: dict) -> Extraction:
    """The CARES-VLM default extractor's reading of an answer row (its question passed for yes/no)."""
    if r["question"] == "yes_no":
        return extract_yes_no(r["reply"], stop_reason=r["stop_reason"], question=r.get("q"))
    return extract_choice(r["reply"], r["options"], stop_reason=r["stop_reason"])


def extractor_right(r: dict) -> bool:
    """Whether the default extractor reads an answer row right: its answer, or for a non-answer row
    no answer with the expected status (``truncated`` counts as ``unparseable``)."""
    e = read_answer(r)
    return e.answer == r["expected"] and (r["expected"] is not None or writer_status(e.status) == r["expected_status"])


def writer_status(status: str) -> str:
    """A reader's non-answer status as the blind files' writers name it: a cut reply with no answer ("truncated") is
    one of the replies they call "unparseable" (they had only "unparseable" and "refusal")."""
    return "unparseable" if status == "truncated" else status


def lenient_right(r: dict) -> bool:
    """Whether MediConfusion's lenient parser reads a two-option row right (a refusal kept apart from
    other non-answers); True for other rows, which it never reads."""
    if r["question"] != "choice" or len(r["options"]) != 2:
        return True
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    reason_ok = r["expected"] is not None or (c.reason == "refusal") == (r["expected_status"] == "refusal")
    return (c.letter if c.valid else None) == r["expected"] and reason_ok


def floor_counts(answers: list[dict], judges: list[dict], group: str) -> tuple[int, int, int]:
    """(unambiguous answer rows read right by both readers, judge replies with a value read right,
    non-answer rows read right) for one blind file: the counts its floor test keeps."""
    rows = [r for r in answers if r["group"] == group]
    ok = [(r, extractor_right(r) and lenient_right(r)) for r in rows]
    graded = [r for r in judges if r["group"] == group and r["expected"] is not None]
    return (sum(v for r, v in ok if r["expected"] is not None), sum(judge_reading(r) == r["expected"] for r in graded),
            sum(v for r, v in ok if r["expected"] is None))


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


def read_member(reply: str, spec, stop_reason: str | None = None):
    """A kinds-table member's reading: ``spec`` is a choice question's options (a dict) or a yes/no question."""
    if isinstance(spec, dict):
        return extract_choice(reply, spec, stop_reason=stop_reason)
    return extract_yes_no(reply, question=spec, stop_reason=stop_reason)


def member_expected(expected: str) -> tuple[str | None, str]:
    """(answer, status) a kinds-table member expects: a letter or "yes"/"no" is an answer; "refusal" and
    "unparseable" are that status with no answer."""
    return (None, expected) if expected in ("refusal", "unparseable") else (expected, "answer")


def check_member(r: dict, *, cut_is_unparseable: bool = True) -> None:
    """Assert a kinds-table member's reading: its answer, and for a non-answer its status. ``cut_is_unparseable``: a cut
    reply with no answer ("truncated") counts as the writers' "unparseable" (rounds 14 and 15; rounds 10-13 ask the exact
    status)."""
    e = read_member(r["reply"], r["spec"])
    answer, status = member_expected(r["expected"])
    assert e.answer == answer, (r["kind"], r["lang"], e)
    if answer is None:
        allowed = (status, "truncated") if cut_is_unparseable and status == "unparseable" else (status,)
        assert e.status in allowed, (r["kind"], r["lang"], e)


def member_cases(rows: list[tuple], known_misses) -> list:
    """pytest parameters of a kinds table: (reply, spec, expected) rows, those whose reply is in ``known_misses`` as
    strict expected failures (so a fix shows)."""
    return [pytest.param(*row, marks=pytest.mark.xfail(strict=True, reason="known miss")) if row[0] in known_misses else row
            for row in rows]


def known_miss_params(rows: list[dict], reason: str) -> list:
    """pytest parameters of corpus rows (dicts with an ``id``), those marked ``known_miss`` as strict expected
    failures (so a fix shows)."""
    return [pytest.param(r, id=r["id"], marks=[pytest.mark.xfail(strict=True, reason=reason)] if r.get("known_miss") else [])
            for r in rows]
