"""Issue 22, round 9 of the answer readers: contrasts, weighing that commits, ordinals and negations in
other languages (docs/judges.md, "Answer readers, round 9").

tests/data/answer_kinds_round9.jsonl holds 237 members a helper wrote in 24 languages before the fix,
without seeing the readers' code: ``contrast`` ("Nicht die Leber, sondern die Milz", "Karaciğer değil,
dalak", "Скорее почка, чем печень", yes/no "Non si tratta di una TC ma di una risonanza magnetica"),
``ordinal`` ("Перший варіант", "Varianta a doua", "Letzteres trifft zu"), ``negated_finding``,
``hedged`` ("Potrebbe sembrare coronale, ma propenderei per sagittale"), ``refusal`` and ``ambiguous``
(replies that must stay non-answers: "Weder ein Pneumothorax noch ein Pleuraerguss", "Kein Pneumothorax,
sondern eine Hautfalte"). Nine ``ambiguous`` rows say the model cannot tell or decide ("impossible de
trancher"): the issue counts that a refusal, so they expect one (their ``note`` says so).

The readers of f5ef3cf read 131 right; these read 217. Rows marked ``known_miss`` are still read wrong:
strict expected failures, so a fix shows.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import known_miss_params, load_corpus, member_expected, read_member

MEMBERS = load_corpus("answer_kinds_round9.jsonl")


def test_round9_members_file():
    assert len(MEMBERS) == 237
    assert len({r["id"] for r in MEMBERS}) == 237
    assert len({r["lang"] for r in MEMBERS}) >= 24
    assert sum(bool(r.get("known_miss")) for r in MEMBERS) == 14  # 15 after round 14


# ===== a newcomer's review: 200 replies aimed at the round-9 rules (members and probes for false readings) =====
#: tests/data/answer_review_round9.jsonl: "member" rows are other wordings and languages of the round's kinds; "probe"
#: rows try to make the new rules read wrong (hedges that never commit, "not only ... but also", hypotheticals, "no
#: doubt", comparatives reversed, yes/no replies with their own yes or no). On the first version 12 rows that f5ef3cf
#: read right read wrong; all are fixed. Rows marked ``known_miss`` are still read wrong (strict xfails); none of
#: them was read right by f5ef3cf (docs/judges.md, "Answer readers, round 9").
REVIEW = load_corpus("answer_review_round9.jsonl")


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "read wrong after round 9"))
def test_round9_review(r):
    e = read_member(r["reply"], r["options"] if r["reader"] == "choice" else r["question"])
    assert (e.answer, e.status) == (r["expected"], r["expected_status"]), r["rule"]


# ===== option text named another way: 120 members a helper wrote without the code =====
#: tests/data/answer_option_text_round9.jsonl: an option named by a synonym, an abbreviation, an eponym, a British
#: spelling or a translation, 72 of them in 22 languages other than English; 25 must stay non-answers (a text that fits
#: two options, two named without a choice). f5ef3cf read 79 right; these read 91 (synonym groups of round 9 in
#: medtrust.scorers.answer_lexicon; an option's text beside CJK or kana, "TBを"). Most of the rest need medical
#: knowledge ("a break in the cortex" for "Fracture") or a term the vocabulary lacks ("Basaliom", "solkeratos"):
#: strict xfails.
OPTION_TEXT = load_corpus("answer_option_text_round9.jsonl")


@pytest.mark.parametrize("r", known_miss_params(MEMBERS + OPTION_TEXT, "known miss"))
def test_round9_member(r):
    """A member of the kinds table or of the option-text table (``how`` says how its option is named)."""
    e = read_member(r["reply"], r["spec"])
    answer, status = member_expected(r["expected"])
    assert e.answer == answer, (r.get("how", r["kind"]), r["lang"], e)
    if answer is None:
        assert e.status == status, (r.get("how", r["kind"]), r["lang"], e)
