"""Issue 22, rounds 10 to 12 of the answer readers: choices, verdicts and eliminations in the word order and words of
many languages, and the false readings they invite (docs/judges.md, "Answer readers, round 10" and "round 11").

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

Round 11 (docs/judges.md, "Answer readers, round 11"): tests/data/answer_kinds_round11.jsonl holds 220 members a helper
wrote in 45 languages, most of them rare in benchmarks, without the code: ``yes_no_word`` (Այո, አዎ, ဟုတ်ကဲ့, Bẹ́ẹ̀ni, ទេ,
არა ...), ``ordinal`` ("სწორი პასუხია მესამე ვარიანტი", "Õige vastus on esimene."), ``negated_finding`` ("Ilmarintaa ei
todeta"), ``elimination`` ("B i C otpadaju ... Preostaje D"), ``per_option_table`` ("A – neteisinga / D – teisinga"),
``answer_phrase`` ("Mana atbilde ir D", "ang sagot ko ay B") and ``must_stay_none`` ("Muita murtumia ei todeta" after a
described fracture is yes; "Igen? Nem vagyok benne biztos"). tests/data/answer_review_round11.jsonl holds a second
helper's 122 rows (40 members, 82 probes) written from a description of round 11's rules, some with ``stop_reason``
"length" (a cut reply).

Round 12 (docs/judges.md, "Answer readers, round 12"): tests/data/answer_kinds_round12.jsonl holds 240 members a helper
wrote in 50 languages before the fix, without the code, in eight kinds: ``both_said`` ("Já og nei.", "כן ולא", "是，也不是";
lines opening with a yes and a no), ``letter_or`` ("Answer: B ਜਾਂ D", "Odgovor: B ili D"), ``negation_after``
("Pneimotorakss nav konstatēts", "ስብራት አልታየም"), ``negated_option`` ("Ez da pneumonia, ezta tuberkulosia ere"),
``answer_at_end`` ("माझे अंतिम उत्तर A आहे", "Nire erantzuna A da."; "答えがBだとしたら" is none), ``wrapper_local`` ({"jibu":
"ndiyo"}, two answer keys that disagree, template tokens), ``ordinal_more`` ("2番目です", "3-й вариант", "potonji") and
``final_conflict`` (two answer lines or a prose answer and a JSON field that disagree; "Answer: yes ... Impression: cannot
be excluded"). tests/data/answer_review_round12.jsonl holds a second helper's 120 rows (40 members, 80 probes) written
from a description of round 12's rules. The readers of round 11 (3442542) read 140 members and 73 review rows right.

Rows marked ``known_miss`` are still read wrong: strict expected failures, so a fix shows. The readers of 242cfa1 read
136 members and 85 review rows of round 10 right; the round-10 readers (b755408) read 73 members and 43 review rows of
round 11 right.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import known_miss_params, load_corpus, member_expected, read_member, writer_status

#: round: (members file, its rows, review file, its rows)
FILES = {10: ("answer_kinds_round10.jsonl", 260, "answer_review_round10.jsonl", 167),
         11: ("answer_kinds_round11.jsonl", 220, "answer_review_round11.jsonl", 122),
         12: ("answer_kinds_round12.jsonl", 240, "answer_review_round12.jsonl", 120)}
MEMBERS = [r for members, _, _, _ in FILES.values() for r in load_corpus(members)]
REVIEW = [r for _, _, review, _ in FILES.values() for r in load_corpus(review)]


@pytest.mark.parametrize("n", list(FILES))
def test_round_files(n):
    members_file, n_members, review_file, n_review = FILES[n]
    members, review = load_corpus(members_file), load_corpus(review_file)
    assert len(members) == n_members and len({r["id"] for r in members}) == n_members
    assert len({r["lang"] for r in members}) >= 30
    assert len(review) == n_review and len({r["id"] for r in review}) == n_review
    assert {r["kind"] for r in review} == {"member", "probe"}
    for r in review:
        assert (r["expected"] is None) == (r["expected_status"] != "answer"), r["id"]


@pytest.mark.parametrize("r", known_miss_params(MEMBERS, "known miss"))
def test_member(r):
    e = read_member(r["reply"], r["spec"])
    answer, status = member_expected(r["expected"])
    assert e.answer == answer, (r["kind"], r["lang"], e)
    if answer is None:
        assert e.status == status, (r["kind"], r["lang"], e)


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "read wrong"))
def test_review(r):
    """A review row; a cut reply with no answer ("truncated") is what the writers call "unparseable"."""
    e = read_member(r["reply"], r["options"] if r["reader"] == "choice" else r["question"], stop_reason=r.get("stop_reason"))
    assert (e.answer, writer_status(e.status)) == (r["expected"], r["expected_status"]), (r["kind"], r["rule"], r["lang"])
