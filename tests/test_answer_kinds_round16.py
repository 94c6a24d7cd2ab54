"""Issue 22, round 16 of the answer readers: options dismissed by a hypothetical, positions named after their noun,
letters that close an earlier sentence, negations of the reply's own language, and answers the reply takes back
(docs/judges.md, "Answer readers, round 16").

Round 15's blind files (heldout26a/26b, read as development data only after round 16's blind files were scored on
the readers this round started from) showed the option-text readers taking the option a reply names only to dismiss
it ("A PE would show filling defects, which are absent"), Tigrinya and Lingala negations read as presence, positions
named after their noun ("Sarudzo yechipiri"), and replies that state one answer and then another. Round 16 reads:

- an option named as the subject of a hypothetical or generic statement, or under a condition contrary to the image,
  as dismissed (:func:`medtrust.scorers.extract._hypothetical_mention`; in :func:`~medtrust.scorers.extract._form_named`
  a counterfactual condition dismisses, a plain one still weighs);
- ordinals after the option and answer nouns of more languages, never two ordinals joined by "or";
- a letter that closes an earlier sentence ("Ang tubag kay C. Naay tubig ..."), a gloss after a comma ("B,
  tibèkiloz"), and a choice forced by the question ("If I have to choose one, B");
- negations of more languages (Lingala "te" ending its clause, the Ethiopic circumfix, Hausa "bai ... ba", Nahuatl
  "amo", Ossetian "нӕй") and a whole short reply that negates;
- a yes, or a letter, taken back by a sentence that opens with "but" in the reply's language, and options named with
  their letters side by side under "both";
- the side a yes/no question asks about.

tests/data/answer_kinds_round16.jsonl holds 200 members a helper wrote in 58 languages while the fix was under way,
without the code, in five kinds; a quarter of each kind are traps. Rows marked ``known_miss`` are still read wrong:
strict expected failures, so a fix shows.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import check_member, known_miss_params, load_corpus

MEMBERS = load_corpus("answer_kinds_round16.jsonl")


def test_round_file():
    assert len(MEMBERS) == 200 and len({r["id"] for r in MEMBERS}) == 200
    assert len({r["lang"] for r in MEMBERS}) == 58
    assert {r["kind"] for r in MEMBERS} == {"hypothetical_dismissal", "ordinal_word", "letter_phrase", "local_negation",
                                            "self_contradiction"}


@pytest.mark.parametrize("r", known_miss_params(MEMBERS, "known miss"))
def test_member(r):
    check_member(r)


#: round 16's review: 60 replies a second helper wrote after reading only the rules above (docs/judges.md), each meant to
#: be read wrong by a careless form of one rule (``kind`` "rule1" ... "rule6", ten each; ``why`` says how). The round-15
#: readers (79e8497) read 32, the round-16 readers 47; none that 79e8497 read is read wrong now.
REVIEW = load_corpus("answer_review_round16.jsonl")


def test_review_file():
    assert len(REVIEW) == 60 and {r["kind"] for r in REVIEW} == {f"rule{n}" for n in range(1, 7)}
    assert sum(1 for r in REVIEW if r.get("known_miss")) == 13


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "known miss of the review"))
def test_review(r):
    check_member(r)


CHEST = {"A": "Pulmonary embolism", "B": "Aortic dissection", "C": "Pneumothorax"}
LUNG = {"A": "Pneumonia", "B": "Tuberculosis", "C": "Lung cancer"}
SKIN = {"A": "Melanoma", "B": "Seborrheic keratosis"}
CAVITY = {"A": "Lung abscess", "B": "Tuberculosis"}
FOUR = {"A": "Pneumonia", "B": "Pleural effusion", "C": "Pneumothorax", "D": "Normal"}
THREE = {"A": "Fracture", "B": "Dislocation", "C": "Normal"}


@pytest.mark.parametrize(("reply", "options", "expected"), [
    # an option as the subject of a hypothetical: dismissed; the one named plainly is the answer
    ("Findings favour an aortic dissection. A pulmonary embolism would show intraluminal filling defects, absent here.",
     CHEST, "B"),
    ("Es handelt sich um eine Aortendissektion. Eine Lungenembolie würde Füllungsdefekte zeigen.",
     {"A": "Lungenembolie", "B": "Aortendissektion", "C": "Pneumothorax"}, "B"),
    ("Si tratta di una polmonite. Una tubercolosi mostrerebbe cavitazioni apicali.",
     {"A": "Polmonite", "B": "Tubercolosi"}, "A"),
    ("It is pneumonia. If it were tuberculosis, there would be apical cavities, and there are none.", LUNG, "A"),
    # traps: a would that commits, a generic statement brought back to this image, an aside about another option
    ("This would be consistent with a pulmonary embolism.", CHEST, "A"),
    ("Pulmonary embolism would be my answer.", CHEST, "A"),
    ("Seborrheic keratoses typically look exactly like this.", SKIN, "B"),
    ("This is a lung abscess rather than a tuberculosis cavity (which would be apical).", CAVITY, "A"),
    # a plain condition still weighs both: no answer
    ("If the patient is immunocompromised, tuberculosis; otherwise pneumonia.", LUNG, "unparseable"),
    # a letter closing an earlier sentence, in a language no marker list holds
    ("Kutichiyqa C. Yaku kan.", FOUR, "C"),
    ("Ti sungbat ket B, tuberkulosis.", LUNG, "B"),
    # traps: another letter after it, or the reply weighs again
    ("Ti sungbat ket A. Ngem ti C ti makita.", FOUR, "unparseable"),
    ("Kutichiyqa C. Ichaqa B rikukun.", FOUR, "unparseable"),
    # a choice forced by the question
    ("A and C both fit the picture. If I had to pick one, C.", FOUR, "C"),
    ("B und D sind beide möglich. Wenn ich mich entscheiden muss: D.", FOUR, "D"),
    ("If the patient had fever, C.", FOUR, "unparseable"),
    # ordinals after their noun, in more languages; two ordinals joined by "or" name no answer
    ("Impendulo yesibili ilungile.", THREE, "B"),
    ("Ko e fili hono tolu ʻoku totonu.", THREE, "C"),
    ("Eyano ya nsuka ezali C.", THREE, "C"),
    ("Jawaabta koowaad ama labaad way suurtagal tahay.", THREE, "unparseable"),
    # a stated answer taken back by a sentence opening with "but" in the reply's language
    ("Jibu ni A. Lakini picha inaonyesha wazi B.", LUNG, "unparseable"),
    ("Answer: A. However, B is less likely.", LUNG, "A"),
    # options named with their letters side by side under "both"
    ("Compatible with both pneumonia (A) and tuberculosis (B).", LUNG, "unparseable"),
    ("Most consistent with pneumonia (A). Tuberculosis (B) is less likely.", LUNG, "A"),
])
def test_choice_guard(reply, options, expected):
    check_member({"reply": reply, "spec": options, "expected": expected, "kind": "guard", "lang": ""})


@pytest.mark.parametrize(("reply", "question", "expected"), [
    # negations of the reply's own language
    ("Effusion ezali te.", "Is there a pleural effusion?", "no"),
    ("ስብራት አልተገኘም።", "Is there a fracture?", "no"),
    ("Pneumothorax нӕй.", "Is there a pneumothorax?", "no"),
    ("Wala'y fracture.", "Is there a fracture?", "no"),
    ("Ƙashi bai karye ba.", "Is there a fracture?", "no"),
    # a whole short reply that negates; not one that doubts, or negates one thing and affirms another
    ("Tsy misy vaky ny taolana.", "Is there a fracture?", "no"),
    ("ບໍ່ແນ່ໃຈວ່າມີຫຼືບໍ່", "Is there a fracture?", "unparseable"),
    ("Babu girman zuciya, amma akwai ruwa a huhu.", "Is there a pleural effusion?", "unparseable"),
    # a yes taken back in the next sentence; not a negation about another finding or another side
    ("Ya, ada fraktur. Namun tidak ada fraktur.", "Is there a fracture?", "unparseable"),
    ("Yes, there is a fracture of the radius. However, there is no fracture on the left.", "Is there a fracture?", "yes"),
    ("Yes, pleural effusion. But no pneumothorax.", "Is there a pleural effusion?", "yes"),
    # the side the question asks about
    ("Left: small pleural effusion. Right: no effusion.", "Is there a pleural effusion?", "yes"),
    ("A small effusion on the right. No pleural effusion on the left.", "Is there a left pleural effusion?", "no"),
    ("Links ist eine Rippenfraktur sichtbar, rechts keine Fraktur.", "Gibt es eine Fraktur?", "yes"),
])
def test_yes_no_guard(reply, question, expected):
    check_member({"reply": reply, "spec": question, "expected": expected, "kind": "guard", "lang": ""})
