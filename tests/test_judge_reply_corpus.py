"""Issue 22, section 3: judge replies in the shapes judges really write.

tests/data/judge_reply_corpus_round3.jsonl (dev) and ..._heldout.jsonl were written before the
readers were changed, each with its right reading by hand: a MediConfusion score pair [A, B] or a
CARES-VLM grade, or null when the reply holds none (a judge error: a date, a service's error
text, one score only, a score out of range). ``official`` is what the official parser reads
(MediConfusion: the two-line ``A: n`` / ``B: n`` parser, null where it raises; CARES-VLM:
``float(reply)``), recorded from the faithful implementations.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medtrust.benchmarks.cares_vlm.judge import official_parse, parse_judge_score
from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, parse_judge_lenient, parse_judge_official

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


DEV = _load("judge_reply_corpus_round3.jsonl")
HELDOUT = _load("judge_reply_corpus_round3_heldout.jsonl")


def _read(r: dict):
    """The reading the scorers make: MediConfusion official parser, then the tolerant one."""
    if r["judge"] == "mediconfusion":
        try:
            return list(parse_judge_official(r["reply"])[:2])
        except JudgeParseError:
            try:
                return list(parse_judge_lenient(r["reply"])[:2])
            except JudgeParseError:
                return None
    return parse_judge_score(r["reply"])[0]


def test_corpus_shape():
    kinds = {(r["judge"], r["kind"]) for r in DEV}
    assert {("mediconfusion", k) for k in ("one_line", "labelled", "json", "error")} <= kinds
    assert {("cares_vlm", k) for k in ("rubric_echo", "brackets", "stated", "error")} <= kinds
    assert len(HELDOUT) >= 15


@pytest.mark.parametrize("r", DEV, ids=lambda r: r["id"])
def test_dev_replies_read_right(r):
    assert _read(r) == r["expected"], r["reply"]


def test_heldout_accuracy():
    """Held-out replies (not looked at while fixing): at least 90 % read right."""
    right = sum(_read(r) == r["expected"] for r in HELDOUT)
    assert right / len(HELDOUT) >= 0.9, right


@pytest.mark.parametrize("r", DEV + HELDOUT, ids=lambda r: r["id"])
def test_official_parsers_unchanged(r):
    if r["judge"] == "mediconfusion":
        try:
            got = list(parse_judge_official(r["reply"])[:2])
        except JudgeParseError:
            got = None
        assert got == r["official"]
    else:
        assert official_parse(r["reply"]) == r["official"]


@pytest.mark.parametrize(
    "reply, want",
    [
        ("A = 7, B = 2", (7.0, 2.0)),
        ("Candidate B: 4\nCandidate A: 9", (9.0, 4.0)),
        ("Similarity to A: 8\nSimilarity to B: 3", (8.0, 3.0)),
        ('{"A": 7, "B": 2, "reason": "line one\nline two"}', (7.0, 2.0)),
    ],
)
def test_issue22_mediconfusion_examples(reply, want):
    assert parse_judge_lenient(reply)[:2] == want


def test_issue22_cares_vlm_examples():
    assert parse_judge_score("[[3]] means... Final: [[7]]") == (7.0, None)
    score, why = parse_judge_score("[ERROR] timeout after 9 s")
    assert score is None and "error text" in why
    assert parse_judge_score("2024-05-01")[0] is None
    assert parse_judge_score("Reviewed 2024-05-01. Grade: 6")[0] == 6.0  # the date is no competing grade
    assert parse_judge_score("[[1]] = wrong, [[10]] = perfect")[0] is None  # only the rubric
    assert parse_judge_score("[[7]] [[8]]")[0] is None  # two grades
