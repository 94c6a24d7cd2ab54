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
- ``heldout13a`` and ``heldout13b``: scored once on the readers shipped in round 6 and left unread then
  (121/134 and 124/136); read and fixed in round 7 (docs/judges.md, "Answer readers, round 7").

Every row of the fixed files must read right except :data:`KNOWN_MISSES` (strict xfails, so a fix
shows).
"""

from __future__ import annotations

import pytest

from medtrust.benchmarks.mediconfusion.extract import lenient_choice
from tests.helpers.readers import check_blind_files, extractor_right, judge_reading, load_corpus, read_answer

ANSWERS = load_corpus("answer_corpus_round6.jsonl")
JUDGES = load_corpus("judge_reply_corpus_round6.jsonl")
GROUPS = ["heldout9a", "heldout9b", "heldout10a", "heldout10b", "heldout11a", "heldout11b", "heldout12a", "heldout12b", "heldout13a",
          "heldout13b"]

#: rows the readers still read wrong, with why (docs/judges.md lists them as limits)
KNOWN_MISSES = {
    "x9a-neg-nevus": "'consistent with a benign melanocytic nevus' answers 'a lesion suspicious for melanoma?' only through medical "
                     "knowledge",
    "x10a-neg-appy-yes": "a dilated, non-compressible appendix with fat stranding answers 'appendicitis?' only through medical knowledge",
    "x12a-gpt4o-uk-pos-dissection": "an intimal flap answers 'aortic dissection?' only through medical knowledge",
    "x12a-gpt4o-ja-ord-remaining": "options excluded by their Japanese names ('気胸は...否定的'), then 'the remaining option': names in "
                                   "another script are not matched to English option texts",
    "x13a-deepseekvl-cs-pos-aaa": "a finding named only in Czech ('aneuryzma břišní aorty') is not matched to the English question",
    "x13b-hedge-trichrome-probs": "a probability per option (C: 0.70 the highest) is not read as a choice",
    "x13b-neg-no-enhancement": "'Is the mass enhancing?' has no finding noun: a predicate question other than enlarged or inflamed",
    "x13b-neg-fr-dvt": "a non-compressible femoral vein thrombus answers 'deep vein thrombosis?' only through medical knowledge",
    "x12b-neg-mediastinum": "'Is the mediastinum widened?' answered by 'Mediastinal contours within normal limits': a predicate on an "
                            "organ ('widened') is read only for enlargement and inflammation",
}


FIXED = [r for r in ANSWERS if r["group"] in GROUPS]
FIXED_JUDGES = [r for r in JUDGES if r["group"] in GROUPS]


def test_round6_files():
    check_blind_files(ANSWERS, JUDGES, GROUPS)


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"], marks=[pytest.mark.xfail(reason=KNOWN_MISSES[r["id"]], strict=True)]
                                            if r["id"] in KNOWN_MISSES else []) for r in FIXED])
def test_round6_cares_vlm_extractor(r):
    assert extractor_right(r), (r["reply"], read_answer(r))


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in FIXED if r["question"] == "choice" and len(r["options"]) == 2])
def test_round6_mediconfusion_lenient(r):
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    assert (c.letter if c.valid else None) == r["expected"], (r["reply"], c)


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"]) for r in FIXED_JUDGES])
def test_round6_judge_replies(r):
    assert judge_reading(r) == r["expected"], r["reply"]
