"""Issue 22, round 5 of the answer readers: two more files written blind (130 answer and 40 judge
replies each), by helpers who never saw the readers' code or any earlier corpus.

tests/data/answer_corpus_round5.jsonl and judge_reply_corpus_round5.jsonl; ``group`` says how
each file was used (docs/judges.md, "Answer readers, round 5"):

Six files, each scored once when it was still unseen, then read and fixed:

- ``heldout5a``: scored after the heldout4d fixes (unambiguous extractor and judge replies 119/135);
- ``heldout5b``: scored after the heldout5a fixes (122/135);
- ``heldout6a``: scored after the heldout5b fixes (120/135);
- ``heldout6b``: asked to be hard but fair (typos, OCR noise, emoji, mixed scripts); scored after
  the heldout6a fixes (111/135);
- ``heldout7a``: scored after the heldout6b fixes (126/135; commit 2d0181d's readers), then read
  and fixed;
- ``heldout8a``: scored after the heldout7a fixes (125/135) and never read in round 5 (its honest
  figure); read and fixed in round 6 (tests/test_answer_corpus_round6.py holds round 6's files).

Every row of the six files must read right except :data:`KNOWN_MISSES` (strict xfails, so a fix
shows).
"""

from __future__ import annotations

import pytest

from medtrust.benchmarks.mediconfusion.extract import lenient_choice
from tests.helpers.readers import check_blind_files, judge_reading, load_corpus, read_answer

ANSWERS = load_corpus("answer_corpus_round5.jsonl")
JUDGES = load_corpus("judge_reply_corpus_round5.jsonl")

#: rows of the fixed file the readers still read wrong, with why (docs/judges.md lists them as limits)
KNOWN_MISSES = {
    "x5a-none-fit": "'None of the options fits well': read as a refusal by the shared detector, written as unparseable",
    "x6b-amb-none-fit": "'None of the options fits well': read as a refusal by the shared detector, written as unparseable",
    "x6b-neg-ptx-ocr": "OCR noise ('N0 evidence 0f pneumothor ax'): the negation is unreadable and the cognate layer reads a finding",
    "x6b-neg-fast-positive": "'FAST: positive' answers 'free fluid?' only through medical knowledge",
    "x6b-ord-second-typo": "'Teh secnod one': misspelled ordinals are not read",
    "x6b-ord-neither-former": "'Of the remaining two, the former': an ordinal over the options left, not over all options",
}


def _right(r: dict) -> bool:
    e = read_answer(r)
    return e.answer == r["expected"] and (r["expected"] is not None or e.status == r["expected_status"])


FIXED_GROUPS = ("heldout5a", "heldout5b", "heldout6a", "heldout6b", "heldout7a", "heldout8a")
FIXED = [r for r in ANSWERS if r["group"] in FIXED_GROUPS]
FIXED_JUDGES = [r for r in JUDGES if r["group"] in FIXED_GROUPS]


def test_round5_files():
    check_blind_files(ANSWERS, JUDGES, ["heldout5a", "heldout5b", "heldout6a", "heldout6b", "heldout7a", "heldout8a"])


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"], marks=[pytest.mark.xfail(reason=KNOWN_MISSES[r["id"]], strict=True)]
                                            if r["id"] in KNOWN_MISSES else []) for r in FIXED])
def test_round5_cares_vlm_extractor(r):
    assert _right(r), (r["reply"], read_answer(r))


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in FIXED if r["question"] == "choice" and len(r["options"]) == 2])
def test_round5_mediconfusion_lenient(r):
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    assert (c.letter if c.valid else None) == r["expected"], (r["reply"], c)


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in FIXED_JUDGES])
def test_round5_judge_replies(r):
    assert judge_reading(r) == r["expected"], r["reply"]
