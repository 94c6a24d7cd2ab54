"""Issue 22, round 6 of the answer readers: more files written blind (130 answer and 40 judge
replies each) by helpers who never saw the readers' code or any corpus.

tests/data/answer_corpus_round6.jsonl and judge_reply_corpus_round6.jsonl; ``group`` says which
file a row came from and how it was used (docs/judges.md, "Answer readers, round 6"). Each file was
scored once while it was still unseen, on the readers of its time, then read and fixed:

- ``heldout9a``: scored after heldout8a's fixes (unambiguous extractor and judge replies 122/135);
- ``heldout9b``: scored after heldout9a's fixes (125/135);
- ``heldout10a``: scored after heldout9b's fixes (128/135);
- ``heldout10b``: scored after heldout10a's fixes (126/135);
- ``heldout11a``: scored after heldout10b's fixes (132/135);
- ``heldout11b``: asked to be hard but fair (messy markdown, OCR noise, emoji, mixed scripts); scored on
  the same readers as heldout11a (128/137);
- ``heldout12a`` and ``heldout12b``: scored after heldout11a's and heldout11b's fixes (commit befa2e7;
  129/135 and 125/135), then read and fixed;
- ``heldout13a`` and ``heldout13b``: scored once on the shipped readers and never read or fixed
  against: the honest figures (121/134 and 124/136); :func:`test_round6_unread_floor` keeps the
  readers from falling below them.

Every row of the fixed files must read right except :data:`KNOWN_MISSES` (strict xfails, so a fix
shows).
"""

from __future__ import annotations

import pytest

from medtrust.benchmarks.mediconfusion.extract import lenient_choice
from tests.helpers.readers import check_blind_files, judge_reading, load_corpus, read_answer

ANSWERS = load_corpus("answer_corpus_round6.jsonl")
JUDGES = load_corpus("judge_reply_corpus_round6.jsonl")
GROUPS = ["heldout9a", "heldout9b", "heldout10a", "heldout10b", "heldout11a", "heldout11b", "heldout12a", "heldout12b"]

#: rows the readers still read wrong, with why (docs/judges.md lists them as limits)
KNOWN_MISSES = {
    "x9a-neg-nevus": "'consistent with a benign melanocytic nevus' answers 'a lesion suspicious for melanoma?' only through medical "
                     "knowledge",
    "x10a-neg-appy-yes": "a dilated, non-compressible appendix with fat stranding answers 'appendicitis?' only through medical knowledge",
    "x12a-gpt4o-uk-pos-dissection": "an intimal flap answers 'aortic dissection?' only through medical knowledge",
    "x12a-gpt4o-ja-ord-remaining": "options excluded by their Japanese names ('気胸は...否定的'), then 'the remaining option': names in "
                                   "another script are not matched to English option texts",
    "x12b-neg-mediastinum": "'Is the mediastinum widened?' answered by 'Mediastinal contours within normal limits': a predicate on an "
                            "organ ('widened') is read only for enlargement and inflammation",
}


def _right(r: dict) -> bool:
    e = read_answer(r)
    return e.answer == r["expected"] and (r["expected"] is not None or e.status == r["expected_status"])


FIXED = [r for r in ANSWERS if r["group"] in GROUPS]
FIXED_JUDGES = [r for r in JUDGES if r["group"] in GROUPS]


UNREAD = ["heldout13a", "heldout13b"]
#: unambiguous rows read right (extractor with the MediConfusion lenient parser on two-option rows,
#: judge replies) and non-answers read right, as measured once on the shipped readers
UNREAD_FLOOR = {"heldout13a": (92, 29, 20), "heldout13b": (94, 30, 22)}


def test_round6_files():
    check_blind_files(ANSWERS, JUDGES, GROUPS + UNREAD)


@pytest.mark.parametrize("group", UNREAD)
def test_round6_unread_floor(group):
    """The last two blind files, scored once on the shipped readers and never read: the readers may
    not fall below what they read then (docs/judges.md, "Answer readers, round 6"; f51db87's readers
    read 91, 28, 18 and 93, 28, 19)."""
    rows = [r for r in ANSWERS if r["group"] == group]
    answers_right = [(r, _right(r) and _lenient_right(r)) for r in rows]
    extractor, judge, non_answers = UNREAD_FLOOR[group]
    assert sum(ok for r, ok in answers_right if r["expected"] is not None) >= extractor
    assert sum(ok for r, ok in answers_right if r["expected"] is None) >= non_answers
    judges = [r for r in JUDGES if r["group"] == group and r["expected"] is not None]
    assert sum(judge_reading(r) == r["expected"] for r in judges) >= judge


def _lenient_right(r: dict) -> bool:
    if r["question"] != "choice" or len(r["options"]) != 2:
        return True
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    reason_ok = r["expected"] is not None or (c.reason == "refusal") == (r["expected_status"] == "refusal")
    return (c.letter if c.valid else None) == r["expected"] and reason_ok


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"], marks=[pytest.mark.xfail(reason=KNOWN_MISSES[r["id"]], strict=True)]
                                            if r["id"] in KNOWN_MISSES else []) for r in FIXED])
def test_round6_cares_vlm_extractor(r):
    assert _right(r), (r["reply"], read_answer(r))


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in FIXED if r["question"] == "choice" and len(r["options"]) == 2])
def test_round6_mediconfusion_lenient(r):
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    assert (c.letter if c.valid else None) == r["expected"], (r["reply"], c)


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in FIXED_JUDGES])
def test_round6_judge_replies(r):
    assert judge_reading(r) == r["expected"], r["reply"]
