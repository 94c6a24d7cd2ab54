"""The shared answer-format corpus, run by every answer extractor.

tests/data/answer_corpus.jsonl holds 209 replies in the formats real models write (letters,
Yes/No, option text, refusals, reasoning blocks, "answer:" markers in several languages,
markdown, LaTeX, JSON, several letters, truncated replies, articles/pronouns, letters inside
words), each with its right reading written by hand before the extractors were changed:

- ``expected`` / ``expected_status``: the right reading (a letter, "yes"/"no", or None with the
  reason ``unparseable`` | ``refusal`` | ``truncated``). The improved extractors must give it:
  CARES-VLM's default (:mod:`medtrust.scorers.extract`) and MediConfusion's lenient parser
  (two-option questions).
- ``official_cares`` / ``official_mediconfusion``: what the official rules read
  (CARES ``eval_yesno.py`` / ``eval_multichoice.py``; MediConfusion's MC letter detector).
  The faithful modes must reproduce the official behaviour **even where it is wrong**
  (e.g. "NO." is "yes" for eval_yesno.py, "(B)" is no letter for MediConfusion). These values
  were recorded from the faithful implementations before the change (they are checked against
  GPT-4o's real replies in tests/mediconfusion/test_peer_replay.py); a sample is re-derived by
  hand in :func:`test_official_readings_by_hand`.

answer_corpus_holdout.jsonl (42 replies, other wordings and languages) was written at the same
time and not looked at while the extractor was fixed; it is run here as a regression set.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medtrust.benchmarks.cares_vlm.extract import official_choice_index, official_yes_no
from medtrust.benchmarks.mediconfusion.extract import lenient_choice, official_choice
from medtrust.scorers.extract import extract_choice, extract_yes_no

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    rows = [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]
    return rows


MAIN = _load("answer_corpus.jsonl")
HOLDOUT = _load("answer_corpus_holdout.jsonl")
TWO_OPTION = [r for r in MAIN + HOLDOUT if "official_mediconfusion" in r]
#: issue 22: replies written the way models and bug reports show them, before the readers were fixed
ROUND3 = _load("answer_corpus_round3.jsonl")
ROUND3_HELDOUT = _load("answer_corpus_round3_heldout.jsonl")
ROUND3_TWO = [r for r in ROUND3 if "official_mediconfusion" in r]


def _improved(r: dict):
    if r["question"] == "yes_no":
        return extract_yes_no(r["reply"], stop_reason=r["stop_reason"])
    return extract_choice(r["reply"], r["options"], stop_reason=r["stop_reason"])


def test_round3_shape():
    """Every kind of issue 22 (sec. 2) has members, in at least four languages for the
    language kind; about a third of the cases are held out."""
    kinds = {}
    for r in ROUND3:
        kinds.setdefault(r["kind"], set()).add(r["lang"])
    assert set(kinds) == {"hedged", "language", "wrapper", "ordinal", "negated_finding", "refusal_letters", "option_text"}
    assert len(kinds["language"] - {"en"}) >= 6 and len(kinds["hedged"] - {"en"}) >= 3
    assert len(kinds["ordinal"] - {"en"}) >= 3 and len(kinds["wrapper"] - {"en"}) >= 3
    assert len(kinds["refusal_letters"] - {"en"}) >= 3
    assert 0.25 <= len(ROUND3_HELDOUT) / (len(ROUND3) + len(ROUND3_HELDOUT)) <= 0.4
    ids = [r["id"] for r in MAIN + HOLDOUT + ROUND3 + ROUND3_HELDOUT]
    assert len(ids) == len(set(ids))
    for r in ROUND3 + ROUND3_HELDOUT:
        assert (r["expected"] is None) == (r["expected_status"] != "answer"), r["id"]


@pytest.mark.parametrize("r", ROUND3, ids=lambda r: r["id"])
def test_round3_improved_extractor(r):
    """Issue 22 sec. 2 (dev group): the default extractor gives the right reading and reason."""
    e = _improved(r)
    assert (e.answer, e.status if e.answer is None else "answer") == (r["expected"], r["expected_status"]), (r["reply"], e)


@pytest.mark.parametrize("r", ROUND3_TWO, ids=lambda r: r["id"])
def test_round3_mediconfusion_lenient_parser(r):
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    assert (c.letter if c.valid else None) == r["expected"], (r["reply"], c)
    if r["expected_status"] == "refusal":
        assert c.reason == "refusal"


def test_round3_heldout_accuracy():
    """The held-out group (not looked at while the readers were fixed): at least 90 % right with
    the CARES-VLM default extractor (measured 2026-12: see docs/judges.md)."""
    right = 0
    for r in ROUND3_HELDOUT:
        e = _improved(r)
        right += e.answer == r["expected"] and (r["expected"] is not None or e.status == r["expected_status"])
    assert right / len(ROUND3_HELDOUT) >= 0.90, right


@pytest.mark.parametrize(
    "reply, options, want, status",
    [
        # issue 22 sec. 2, one example of each kind as the issue gives it
        ("Probably C, although A can't be ruled out", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "C", "answer"),
        ("It's A or D; D fits better", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "D", "answer"),
        ("Between B and C, most likely B", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "B", "answer"),
        ("(c), though (a) is possible", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "C", "answer"),
        ("C是正确的", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "C", "answer"),
        ("<answer>D</answer>", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "D", "answer"),
        ('{"respuesta": "C"}', "A:scalp, B:ear, C:upper extremity, D:lower extremity", "C", "answer"),
        ("My choice is (b)", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "B", "answer"),
        ("the first option", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "A", "answer"),
        ("the latter", "A:Subdural hematoma, B:Epidural hematoma", "B", "answer"),
        ("A is ruled out, so B", "A:Subdural hematoma, B:Epidural hematoma", "B", "answer"),
        ("I can't tell whether A or B applies from this image", "A:Subdural hematoma, B:Epidural hematoma", None, "refusal"),
        ("These look like nevi; not melanoma.", "A:melanoma, B:basal cell carcinoma, C:benign keratosis, D:nevus", "D", "answer"),
        ("It's A or D", "A:scalp, B:ear, C:upper extremity, D:lower extremity", None, "unparseable"),
    ],
)
def test_issue22_examples(reply, options, want, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (want, status), e


@pytest.mark.parametrize(
    "reply, want",
    [("No evidence of effusion", "no"), ("Negative for fracture", "no"), ("Answer (yes/no): yes", "yes"),
     ("Sin evidencia de derrame", "no"), ("Kein Anhalt für eine Fraktur", "no"), ("未见积液", "no"),
     ("Positive for fracture", "yes"), ("Yes/No: No", "no")],
)
def test_issue22_yes_no_examples(reply, want):
    assert extract_yes_no(reply).answer == want


def test_corpus_shape():
    assert len(MAIN) >= 150 and len(HOLDOUT) >= 40
    assert len({r["id"] for r in MAIN + HOLDOUT}) == len(MAIN) + len(HOLDOUT)
    kinds = {r["expected_status"] for r in MAIN}
    assert kinds == {"answer", "unparseable", "refusal", "truncated"}
    for r in MAIN + HOLDOUT:
        assert (r["expected"] is None) == (r["expected_status"] != "answer"), r["id"]


@pytest.mark.parametrize("r", MAIN + HOLDOUT, ids=lambda r: r["id"])
def test_improved_extractor(r):
    """CARES-VLM's default extractor gives the right reading, and says why when there is none."""
    e = _improved(r)
    assert e.answer == r["expected"], (r["reply"], e)
    if r["expected_status"] in ("refusal", "truncated"):
        assert e.status == r["expected_status"], (r["reply"], e)
    elif r["expected_status"] == "unparseable":
        assert e.status == "unparseable", (r["reply"], e)


@pytest.mark.parametrize("r", TWO_OPTION, ids=lambda r: r["id"])
def test_mediconfusion_lenient_parser(r):
    """MediConfusion's lenient parser gives the same right reading on two-option questions."""
    c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
    assert (c.letter if c.valid else None) == r["expected"], (r["reply"], c)
    if r["expected_status"] in ("refusal", "truncated"):
        assert c.reason == r["expected_status"]


@pytest.mark.parametrize("r", MAIN + HOLDOUT + ROUND3 + ROUND3_HELDOUT, ids=lambda r: r["id"])
def test_cares_official_mode_reproduces_official_rules(r):
    """Faithful mode: eval_yesno.py / eval_multichoice.py readings, wrong ones included (round-3
    readings recorded before issue 22's changes, so the faithful mode is shown unchanged)."""
    if r["question"] == "yes_no":
        assert official_yes_no(r["reply"]) == r["official_cares"]
    else:
        i = official_choice_index(list(r["options"].values()), r["reply"])
        assert (None if i is None else list(r["options"])[i]) == r["official_cares"]


@pytest.mark.parametrize("r", TWO_OPTION + [r for r in ROUND3 + ROUND3_HELDOUT if "official_mediconfusion" in r],
                         ids=lambda r: r["id"])
def test_mediconfusion_official_mode_reproduces_official_detector(r):
    """Faithful mode: the official MC letter detector, wrong readings included."""
    c = official_choice(r["reply"])
    assert (c.letter if c.valid else None) == r["official_mediconfusion"]


def test_official_readings_by_hand():
    """A sample of the recorded official readings, re-derived by hand from the official rules."""
    by_id = {r["id"]: r for r in MAIN}
    # eval_yesno.py: first sentence, tokens split on " ", "no" only for exact No/no/not
    assert by_id["yn-no-caps"]["official_cares"] == "yes"  # "NO" is not a listed token
    assert by_id["yn-notice"]["official_cares"] == "yes"  # no No/no/not token at all
    assert by_id["yn-refusal-not-possible-no"]["official_cares"] == "no"  # token "not"
    assert by_id["lang-fr-no"]["official_cares"] == "yes"  # "non" is not a listed token
    # eval_multichoice.py: a bare capital "C" shares no character with any lower-case option -> None
    assert by_id["letter-plain"]["official_cares"] is None
    assert by_id["text-bare-scalp"]["official_cares"] == "A"  # ratio 1.0
    # Yes/No options: ratio("Yes", reply) = 2*2/44 ("e", "s") beats ratio("No", reply) = 2*1/44 ("o")
    assert by_id["refusal-yn2-diagnosis"]["official_cares"] == "A"
    # MediConfusion detector: "A" token of the article counts; "(B)" and "B," are not spellings it knows
    assert by_id["article-mc2-bilateral"]["official_mediconfusion"] == "A"
    assert by_id["mc2-paren-b"]["official_mediconfusion"] is None
    assert by_id["mc2-b-comma"]["official_mediconfusion"] is None
    assert by_id["multi-mc2-a-and-b"]["official_mediconfusion"] is None  # both letters -> 0/0


@pytest.mark.parametrize(
    "reply, options, stop_reason, want",
    [
        # one reply of each hard kind (bold, boxed, option text, full-width letter, a letter named
        # again in the reasoning, several letters, a cut reply, a refusal), with their right readings
        ("**C**", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "stop", "C"),
        ("Final answer: \\boxed{A}", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "stop", "A"),
        ("(D) nevus", "A:melanoma, B:basal cell carcinoma, C:benign keratosis, D:nevus", "stop", "D"),
        ("\uff22", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "stop", "B"),
        ("The answer is C. Option B is less likely here because the border is regular.",
         "A:scalp, B:ear, C:upper extremity, D:lower extremity", "stop", "C"),
        ("B. The most likely answer is a subdural bleed.", "A:Subdural hematoma, B:Epidural hematoma", "stop", "B"),
        ("A and C", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "stop", None),
        ("The answer is B, D", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "stop", None),
        ("The answer is C. The lesion has an irregular", "A:scalp, B:ear, C:upper extremity, D:lower extremity", "max_tokens", "C"),
        ("I cannot give a diagnosis from this image", "A:Yes, B:No", "stop", None),
    ],
)
def test_hard_replies_are_read_right(reply, options, stop_reason, want):
    assert extract_choice(reply, options, stop_reason=stop_reason).answer == want


def test_hard_replies_get_the_right_status():
    ham = "A:scalp, B:ear, C:upper extremity, D:lower extremity"
    assert extract_choice("Let's look at the border. The lesion shows", ham, stop_reason="max_tokens").status == "truncated"
    # the same text, complete, is simply unparseable
    assert extract_choice("Let's look at the border. The lesion shows", ham, stop_reason="stop").status == "unparseable"
    assert extract_choice("I cannot give a diagnosis from this image", "A:Yes, B:No").status == "refusal"
    assert extract_choice("A and C", ham).layer == "multiple"
    # MediConfusion lenient parser: the word "a" after "answer is" is not option A
    assert lenient_choice("B. The most likely answer is a subdural bleed.", "Subdural hematoma", "Epidural hematoma").letter == "B"
