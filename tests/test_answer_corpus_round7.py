"""Issue 22, round 7 of the answer readers: blind files (130 answer and 40 judge replies each) written
by helpers who never saw the readers' code or any corpus, each with a style emphasis.

tests/data/answer_corpus_round7.jsonl and judge_reply_corpus_round7.jsonl; ``group`` names the file.
Each file was scored once while unseen (docs/judges.md, "Answer readers, round 7"):

- ``heldout14a`` (reasoning models) and ``heldout14b`` (multilingual deployments): scored after
  heldout13a's and heldout13b's fixes (127/135 and 122/135), then read and fixed;
- ``heldout15a`` (small and fine-tuned open models) and ``heldout15b`` ("hard but fair"): scored after
  heldout13's fixes (126/135 and 120/135) and again after heldout14's (the same counts), then read
  and fixed;
- ``heldout16a`` (general chat assistants), ``heldout16b`` (medical-specialist models, CJK replies),
  ``heldout17a`` (API and agent output: tool calls, schemas, malformed JSON) and ``heldout17b``
  (mostly non-English): scored once on the readers after heldout15's fixes (133/137, 124/135,
  122/135, 107/135); heldout17b, the weakest, was then read and fixed; the other three were never
  read: :func:`test_round7_unread_floor` keeps the readers from falling below them;
- ``heldout18a`` and ``heldout18b`` (mostly non-English, the held-out group for heldout17b's
  multilingual fixes): scored once on the shipped readers (114/137 and 112/135) and never read.

Every row of a read file must read right except :data:`KNOWN_MISSES` (strict xfails, so a fix shows).
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import check_blind_files, extractor_right, floor_counts, judge_reading, lenient_right, load_corpus, read_answer

ANSWERS = load_corpus("answer_corpus_round7.jsonl")
JUDGES = load_corpus("judge_reply_corpus_round7.jsonl")
READ = ["heldout14a", "heldout14b", "heldout15a", "heldout15b", "heldout17b"]
#: (unambiguous answer rows right, judge replies right, non-answers right), measured once on the readers
#: of their time; the readers this round started from (f8fac48) read 100, 32, 21 / 92, 30, 20 / 93, 27, 21 / 79, 25, 22
UNREAD_FLOOR = {"heldout16a": (101, 32, 22), "heldout16b": (94, 30, 20), "heldout17a": (95, 27, 21),
                # mostly non-English, written after heldout17b was read, scored once on the shipped readers (f8fac48: 79, 30, 24
                # and 86, 24, 20)
                "heldout18a": (84, 30, 25), "heldout18b": (88, 24, 20)}

#: rows the readers still read wrong, with why (docs/judges.md lists them as limits)
KNOWN_MISSES = {
    "x14b-neg-ja-dr": "microaneurysms and dot haemorrhages answer 'diabetic retinopathy?' only through medical knowledge",
    "x14b-neg-fr-sigmoid": "'Épaississement pariétal' is not matched to 'bowel wall thickening' (French wording of the finding)",
    "x14b-opt-crohns": "'— Crohn's.' after a description naming ulcers: the description's words block the bare option name",
    "x15a-nf-sbo": "dilated small-bowel loops with a transition point answer 'small bowel obstruction?' only through medical knowledge",
    "x15a-nf-sdh-ich": "an extra-axial crescentic hyperdense collection answers 'intracranial hemorrhage?' only through medical "
                       "knowledge",
    "x15b-neg-dvt-noncompressible": "a non-compressible vein with intraluminal material answers 'deep vein thrombosis?' only through "
                                    "medical knowledge",
    "x15b-neg-oct-cystoid": "intraretinal cystoid spaces answer 'macular edema?' only through medical knowledge",
    "x15b-neg-hpylori-bacilli": "curved rod-shaped bacilli on Giemsa answer 'Helicobacter pylori present?' only through medical "
                                "knowledge",
    "x17b-nf-en-mediastinum": "'Is the mediastinum widened?' answered by 'Mediastinal contour unremarkable': a predicate on an organ "
                              "('widened') is read only for enlargement and inflammation",
    "x17b-ot-zh-pdr": "'增殖期病变' names '增殖性糖尿病视网膜病变' only by part of its text, which another option's '非增殖性' also holds",
    "x17b-ot-ko-meningioma": "'수막종' names '뇌수막종' only by part of its text (CJK and Hangul partial names are not read)",
    "x17b-or-pt-exclusao": "the remaining option after eliminations by Portuguese option text, one of them by a normal finding "
                           "('os cornetos têm tamanho normal')",
    "x17b-or-vi-conlai": "the remaining option after eliminations by Vietnamese option text ('nên loại polyp')",
}

READ_ROWS = [r for r in ANSWERS if r["group"] in READ]


def test_round7_files():
    check_blind_files(ANSWERS, JUDGES, READ + list(UNREAD_FLOOR))


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"], marks=[pytest.mark.xfail(reason=KNOWN_MISSES[r["id"]], strict=True)]
                                            if r["id"] in KNOWN_MISSES else []) for r in READ_ROWS])
def test_round7_answer_rows(r):
    """The default extractor and, on two-option rows, MediConfusion's lenient parser."""
    assert extractor_right(r) and lenient_right(r), (r["reply"], read_answer(r))


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in JUDGES if r["group"] in READ])
def test_round7_judge_replies(r):
    assert judge_reading(r) == r["expected"], r["reply"]


@pytest.mark.parametrize("group", list(UNREAD_FLOOR))
def test_round7_unread_floor(group):
    """Files never read: the readers may not fall below what they read when first scored."""
    got = floor_counts(ANSWERS, JUDGES, group)
    assert all(g >= f for g, f in zip(got, UNREAD_FLOOR[group])), (got, UNREAD_FLOOR[group])
