"""Issue 22, rounds 10 to 13 of the answer readers: choices, verdicts and eliminations in the word order and words of
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

Round 13 (docs/judges.md, "Answer readers, round 13"): tests/data/answer_kinds_round13.jsonl holds 240 members a helper
wrote in 42 languages while the fix was under way, without the code, in eight kinds: ``closing_yes_no`` ("... با این حال،
فکر می‌کنم پاسخ بله است.", "મારો જવાબ છે: ના"), ``letter_after_answer_word`` ("Impendulo ngu-D", "ש-C היא התשובה"),
``negated_finding`` ("Кардиомегалия исключена", "PE ruled out"), ``refusal`` ("As an AI, I can't diagnose ..."),
``option_synonym`` ("— this is COPD"), ``letter_vs_text`` ("**Answer: A** ... so this lesion is malignant"),
``no_settled_answer`` ("Може би да, може би не") and ``ordinal`` ("Второто.", "That leaves the second and third options
... the latter"). tests/data/answer_review_round13.jsonl holds a second helper's 120 rows (40 members, 80 probes) written
from a description of round 13's rules. The readers of round 12 (b9ff069) read 154 members and 63 review rows right.

Rows marked ``known_miss`` are still read wrong: strict expected failures, so a fix shows. The readers of 242cfa1 read
136 members and 85 review rows of round 10 right; the round-10 readers (b755408) read 73 members and 43 review rows of
round 11 right.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import check_member, known_miss_params, load_corpus, member_expected, read_member, writer_status

#: round: (members file, its rows, review file, its rows)
FILES = {10: ("answer_kinds_round10.jsonl", 260, "answer_review_round10.jsonl", 167),
         11: ("answer_kinds_round11.jsonl", 220, "answer_review_round11.jsonl", 122),
         12: ("answer_kinds_round12.jsonl", 240, "answer_review_round12.jsonl", 120),
         13: ("answer_kinds_round13.jsonl", 240, "answer_review_round13.jsonl", 120)}
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
    check_member(r, cut_is_unparseable=False)


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "read wrong"))
def test_review(r):
    """A review row; a cut reply with no answer ("truncated") is what the writers call "unparseable"."""
    e = read_member(r["reply"], r["options"] if r["reader"] == "choice" else r["question"], stop_reason=r.get("stop_reason"))
    assert (e.answer, writer_status(e.status)) == (r["expected"], r["expected_status"]), (r["kind"], r["rule"], r["lang"])


HU = {"A": "Tüdőgyulladás", "B": "Légmell", "C": "Tüdőödéma"}
ABCD = {"A": "Pneumonia", "B": "Pulmonary edema", "C": "Pleural effusion", "D": "Pneumothorax"}


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # the round-12 review's own probes: Basque "ez da" negates, Hungarian "ez" (this) does not
    ("Ez légmell, a tüdő összeesett.", HU, "B"),
    ("Ez da pneumonia, ezta tuberkulosia ere.", {"A": "Pneumonia", "B": "Tuberkulosia", "C": "Minbizia"}, "unparseable"),
    # answer lines: the same answer twice stands; a revision word between two answers lets the later stand
    ("Answer: B\n\nThe fluid layers dependently.\n\nAnswer: B", ABCD, "B"),
    ("**Answer: D**\n\nEdit - I misread the image, the line is a skin fold.\n\nAnswer: C", ABCD, "C"),
    ("**Answer: D**\n\nThe costophrenic angle is blunted.\n\nAnswer: C", ABCD, "unparseable"),
    # one JSON answer key, another key that is no answer ("answer_confidence")
    ('{"answer": "yes", "answer_confidence": "high"}', "Is there a fracture?", "yes"),
    ('{"answer": "yes", "final_answer": "no"}', "Is there a fracture?", "unparseable"),
    # a question's place is no part of its finding
    ("Diaphragmatic contours are smooth; free subdiaphragmatic air is not seen.", "Is there free air under the diaphragm?", "no"),
    # a range of options names none; a bare letter after the answer word, then another option, states none
    ("Odgovor B. Možda ipak D.", ABCD, "unparseable"),
    ("Mislim, da je odgovor A.", ABCD, "A"),
])
def test_round12_guards(reply, spec, expected):
    """Hand-written cases of round 12's rules and of the false readings its own review found (docs/judges.md)."""
    _check_guard(reply, spec, expected)


def _check_guard(reply, spec, expected):
    """A hand-written guard: the reading of ``reply`` is ``expected`` (a letter, "yes"/"no", or a non-answer status)."""
    e = read_member(reply, spec)
    answer, status = member_expected(expected)
    assert (e.answer, e.status if answer is None else "answer") == (answer, status), e


def test_round12_judge_placeholder_and_pairs():
    """"Score: [score]/10" is a template's placeholder (no grade 10); "[[6, 5]]" and "A <words>: <score>" are pairs."""
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score
    from medtrust.benchmarks.mediconfusion.extract import parse_judge_lenient

    assert parse_judge_score("Score: [score]/10")[0] is None
    assert parse_judge_score("Score: 8/10")[0] == 8.0
    assert parse_judge_lenient("[[6, 5]]")[:2] == (6.0, 5.0)
    assert parse_judge_lenient("वर्णन A साठी गुण: ७ | वर्णन B साठी गुण: ३")[:2] == (7.0, 3.0)
    assert parse_judge_lenient("A deskribapena: 6.5 puntu; B deskribapena: 3 puntu")[:2] == (6.5, 3.0)


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # a decline is a refusal only where no answer is read; a decline before an answer leaves the answer
    ("As an AI, I can't diagnose fractures. Please have the radiograph reviewed by a radiologist.", "Is there a fracture?", "refusal"),
    ("正式な診断はできませんが、画像所見からはAが最も考えられます。", ABCD, "A"),
    ("Assigning a category must be made by a qualified radiologist who can review prior studies.",
     {"A": "BI-RADS 1", "B": "BI-RADS 2", "C": "BI-RADS 3"}, "refusal"),
    # excluded after the finding is "no"; not excluded or not certainly shown is no answer
    ("Кардиомегалия исключена.", "Есть ли кардиомегалия?", "no"),
    ("Кардиомегалия не исключена.", "Есть ли кардиомегалия?", "unparseable"),
    ("Pneumothorax nicht ausgeschlossen.", "Is there a pneumothorax?", "unparseable"),
    ("Pneumonija se ne može isključiti.", "Ima li znakova pneumonije?", "unparseable"),
    ("Eine Fraktur ist nicht sicher nachweisbar.", "Ist eine Fraktur nachweisbar?", "unparseable"),
    ("Murtumaa ei voida sulkea pois.", "Onko kuvassa murtuma?", "unparseable"),
    ("Impression: PE ruled out.", "Is there a pulmonary embolism?", "no"),
    # "PE" beside a spelled-out "pleural effusion" is the embolism's initials, no word for the effusion
    ("Pulmonary embolism (PE) ruled out on the CTA. There is, however, a small left pleural effusion.",
     "Is there a pleural effusion?", "yes"),
    # "both sides" is anatomy, no balanced overview (a refusal before round 13)
    ("პნევმოთორაქსი არ აღინიშნება. ფილტვის სურათი შენარჩუნებულია ორივე მხარეს.", "არის თუ არა პნევმოთორაქსი?", "no"),
    # an answer noun and a yes/no word that ends the sentence; "maybe yes, maybe no" is none
    ("Трудно е да се каже. Все пак отговорът ми е: да, има пневмоторакс.", "Има ли пневмоторакс?", "yes"),
    ("Answer: yes. On reflection, final answer: no", "Is there a fracture?", "no"),
    ("Може би да, може би не – образът е с ниско качество.", "Има ли пневмоторакс?", "unparseable"),
    # letters after answer words and verdicts of more languages; a verdict on "A or C", or called wrong, is none
    ("Kukhona uketshezi. Impendulo ngu-D.", ABCD, "D"),
    ("C adalah jawaban yang salah; jawaban yang benar adalah A.", ABCD, "A"),
    ("A या C सही उत्तर है, पक्का नहीं कह सकता।", ABCD, "unparseable"),
    ("I can narrow it down to C or D, and D is the better fit.", ABCD, "D"),
    # ordinals: a bare one opening the reply, a pair named by ordinals then "the latter"; "D is clearly wrong" chooses none
    ("Второто. Коморите се значително проширени.", {"A": "Нормален наод", "B": "Хидроцефалус"}, "B"),
    ("D is clearly wrong, and A is unlikely. That leaves the second and third options. I'd go with the latter.", ABCD, "C"),
    ("D is clearly wrong.", ABCD, "unparseable"),
    # a stated letter that the prose contradicts is none; a letter with its option's words overrides a leaning
    ("**Answer: A** The mass has spiculated margins, so this lesion is malignant.", {"A": "Benign", "B": "Malignant"}, "unparseable"),
    ("Answer: A\n\nThe blunted costophrenic angle with a meniscus sign is classic for a pleural effusion.", ABCD, "unparseable"),
    ("Answer: C. The consolidation is typical of a pleural effusion mimic but this is pleural effusion.", ABCD, "C"),
    ("I was leaning towards B.\n\nSo I'll revise my initial impression: **A — Referable**.",
     {"A": "Referable diabetic retinopathy", "B": "Non-referable"}, "A"),
    ("I was leaning towards B.\n\nimpression: **A — Non-referable**", {"A": "Referable diabetic retinopathy", "B": "Non-referable"},
     "unparseable"),
    # an option stated after "this is"; a place after "the lesion is" states none
    ("Hyperinflated lungs and flat diaphragms — this is COPD. ILD would show reticulation.",
     {"A": "Chronic obstructive pulmonary disease", "B": "Interstitial lung disease", "C": "Congestive heart failure"}, "A"),
    ("The lesion is on the upper extremity and the lower extremity",
     {"A": "scalp", "B": "ear", "C": "upper extremity", "D": "lower extremity"}, "unparseable"),
])
def test_round13_guards(reply, spec, expected):
    """Hand-written cases of round 13's rules and of the false readings its review found (docs/judges.md)."""
    _check_guard(reply, spec, expected)
