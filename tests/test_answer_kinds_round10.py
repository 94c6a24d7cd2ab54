"""Issue 22, round 10 of the answer readers: choices, verdicts and eliminations in the word order and words of many
languages, and the false readings they invite (docs/judges.md, "Answer readers, round 10").

tests/data/answer_kinds_round10.jsonl holds 260 members a helper wrote in 36 languages before the fix, without seeing
the readers' code, in ten kinds: ``commit_verb`` (a verb of choosing in another word order or language: "Alles in allem
entscheide ich mich für B", "Fico com a D", "Bを選びます", "a B-t választom"), ``final_apposition`` ("So the left
kidney, C."), ``code_wrapper`` ('lettre = "D"', ``answer("A")``, Python dicts with single quotes), ``yn_unrelated``
(yes/no replies about other findings, "Sì e no"), ``option_echo`` (the options restated, an answer withdrawn and
reopened), ``finding_other_language``, ``elimination_text`` ("Možnosti A, B a D lze vyloučit, zbývá tedy atelektáza"),
``option_text_cross`` (an option named in another language or form), ``hedged_yes_no`` ("Alla fine direi di sì",
"Склоняюсь к ответу «да»") and ``table_other_script`` (a table row "| گزینه انتخابی | B |").

tests/data/answer_review_round10.jsonl holds a second helper's 167 rows written from a description of the new rules
only: ``member`` rows (other wordings the rules should read) and ``probe`` rows aimed at false readings (a choice in a
question or under a condition, "Я бы не стал останавливаться на варианте D", "Mucha gente diría que sí, pero ...",
``answer("A")`` inside a sentence, "لا نستبعد A وC وD", "Queda descartado el subdural", "B는 아닙니다").

Rows marked ``known_miss`` are still read wrong: strict expected failures, so a fix shows. The readers of 242cfa1 read
136 members and 85 review rows right.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import known_miss_params, load_corpus, member_expected, read_member

MEMBERS = load_corpus("answer_kinds_round10.jsonl")
REVIEW = load_corpus("answer_review_round10.jsonl")


def test_round10_files():
    assert len(MEMBERS) == 260 and len({r["id"] for r in MEMBERS}) == 260
    assert len({r["lang"] for r in MEMBERS}) >= 30
    assert len(REVIEW) == 167 and len({r["id"] for r in REVIEW}) == 167
    assert {r["kind"] for r in REVIEW} == {"member", "probe"}
    for r in REVIEW:
        assert (r["expected"] is None) == (r["expected_status"] != "answer"), r["id"]


@pytest.mark.parametrize("r", known_miss_params(MEMBERS, "known miss after round 10"))
def test_round10_member(r):
    e = read_member(r["reply"], r["spec"])
    answer, status = member_expected(r["expected"])
    assert e.answer == answer, (r["kind"], r["lang"], e)
    if answer is None:
        assert e.status == status, (r["kind"], r["lang"], e)


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "read wrong after round 10"))
def test_round10_review(r):
    e = read_member(r["reply"], r["options"] if r["reader"] == "choice" else r["question"])
    assert (e.answer, e.status) == (r["expected"], r["expected_status"]), (r["kind"], r["rule"], r["lang"])
