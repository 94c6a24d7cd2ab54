"""Issue 22, round 15 of the answer readers: options named in another form of their words, letters with case endings,
findings excluded in the reply's language, positions said twice, and "there is" as a whole reply (docs/judges.md,
"Answer readers, round 15").

Round 14's blind files showed the option-text kind as the weakest (4/10 and 3/10): models name an option by writing it
in their own script ("হাইড্রোনেফ্রোসিস"), by a derived form ("metastatic disease"), by its initials ("DVT") or by a gloss
in brackets, and dismiss the others in words no list held. Round 15 reads:

- an option named in any form of its own words, every other option it names dismissed
  (:func:`medtrust.scorers.extract._form_named`; across scripts by sound keys, :mod:`medtrust.scorers.sound_keys`);
- option letters with a case ending or clitic ("B-ni", "A-ны", "C-ಯನ್ನು"), never an English term's letter ("A-fib");
- a yes/no finding excluded in ~25 more languages, "cannot be excluded" left open;
- a position said twice or "the last" with "correct" in more languages; "there is" / "there is none" as a whole reply.

tests/data/answer_kinds_round15.jsonl holds 240 members a helper wrote in 65 languages while the fix was under way,
without the code, in six kinds (``option_form``, ``excluded_finding``, ``position_last``, ``letter_suffix``,
``local_yes_no``, ``refusal_mixed``); a quarter of each kind are traps. Rows marked ``known_miss`` are still read
wrong: strict expected failures, so a fix shows.
"""

from __future__ import annotations

import pytest

from medtrust.scorers.extract import extract_choice, extract_yes_no
from medtrust.scorers.sound_keys import sound_alike, sound_key
from tests.helpers.readers import check_member, known_miss_params, load_corpus

MEMBERS = load_corpus("answer_kinds_round15.jsonl")


def test_round_file():
    assert len(MEMBERS) == 240 and len({r["id"] for r in MEMBERS}) == 240
    assert len({r["lang"] for r in MEMBERS}) >= 45
    assert {r["kind"] for r in MEMBERS} == {"option_form", "excluded_finding", "position_last", "letter_suffix",
                                            "local_yes_no", "refusal_mixed"}


@pytest.mark.parametrize("r", known_miss_params(MEMBERS, "known miss"))
def test_member(r):
    check_member(r)


# sound keys, by hand: the consonants heard, voicing, f/p and l/r folded, vowels and h/w/v/y dropped
@pytest.mark.parametrize(("word", "key"), [
    ("Hydronephrosis", "trnprs"), ("হাইড্রোনেফ্রোসিস", "trnprs"), ("ハイドロネフローシス", "trnprs"),
    ("Glaucoma", "krkm"), ("ಗ್ಲುಕೋಮಾ", "krkm"), ("گلوکوم", "krkm"),
    ("Pneumonia", "nmn"), ("пневмония", "nmn"), ("நிமோனியா", "nmn"),
    ("Appendicitis", "pntsts"), ("апендицитис", "pntsts"),
    ("Cardiomegaly", "ktmkr"), ("කාඩියෝමෙගලි", "ktmkr"),
])
def test_sound_key(word, key):
    assert sound_key(word) == key


@pytest.mark.parametrize(("a", "b", "same"), [
    ("ರೆಟಿನೋಪತಿಯನ್ನು", "retinopathy", True),     # a case ending: three consonants more
    ("ሜኒንጃይቲስ", "Meningitis", True),
    ("ტუბერკულოზი", "Tuberculosis", True),
    ("pancreas", "pancreatitis", False),         # the inflammation keeps its t
    ("appendix", "appendicitis", False),
    ("সিস্ট", "cyst", False),                    # two consonants name nothing
    ("hepatoma", "hepatitis", False),
])
def test_sound_alike(a, b, same):
    assert sound_alike(sound_key(a), sound_key(b)) is same


KIDNEY = {"A": "Kidney stones", "B": "Hydronephrosis", "C": "Renal cyst"}
EYE = {"A": "Cataract", "B": "Glaucoma", "C": "Diabetic retinopathy"}
FEVER = {"A": "Malaria", "B": "Typhoid fever", "C": "Dengue"}
LEG = {"A": "Ruptured Baker's cyst", "B": "Cellulitis of the calf", "C": "Deep vein thrombosis of the popliteal vein"}
LIVER = {"A": "Hepatocellular carcinoma", "B": "Focal nodular hyperplasia", "C": "Hepatocellular adenoma"}
LUNG = {"A": "Pneumonia", "B": "Tuberculosis", "C": "Lung cancer"}
ABDO = {"A": "Cholelithiasis", "B": "Acute pancreatitis", "C": "Appendicitis"}


@pytest.mark.parametrize(("reply", "options", "expected"), [
    # the option in the reply's script, the others negated (Telugu, Hindi, Tamil: not the rows the fix was read on)
    ("ఇది సిస్ట్ కాదు, రాయి కూడా కాదు. ఇది హైడ్రోనెఫ్రోసిస్.", KIDNEY, "B"),
    ("ग्लूकोमा नहीं है। यह डायबिटिक रेटिनोपैथी है।", EYE, "C"),
    ("இது கேட்டராக்ட் அல்ல; கிளாக்கோமா தான்.", EYE, "B"),
    # a gloss in brackets shares its word's negation; the kept option glossed in English
    ("Si malaria (duumo), si dengue; homa ya matumbo (typhoid).", FEVER, "B"),
    # the head-phrase initials, the others set aside up to their clause's end
    ("DVT. Not a ruptured Baker's cyst (no fluid in the calf), and not cellulitis.", LEG, "C"),
    # "unlikely" after the option, in German; "→" closes the clause of "kein Washout"
    ("Zentrale Narbe, kein Washout → FNH. Ein HCC ist ohne Zirrhose unwahrscheinlich, ein Adenom auch.", LIVER, "B"),
    # a derived English form, the others rejected by "rather than" and "no"
    ("This looks like metastatic disease rather than pneumonia; there is no cavitation to suggest tuberculosis.",
     {"A": "Pneumonia", "B": "Tuberculosis", "C": "Pulmonary metastases"}, "C"),
    # every option negated: none; the last negated in words no list holds: none
    ("Бұл пневмония емес, туберкулез емес, өкпе обыры да емес.", LUNG, None),
    ("Si malaria, si typhoid, wala si dengue.", FEVER, None),
    # two options left open: none
    ("ეს არ არის პნევმონია. შესაძლოა იყოს ტუბერკულოზი ან კიბო.", LUNG, None),
    # none of the options fits: none, whatever is named after it
    ("None of the options fit. The appendix is normal and the pancreas looks unremarkable.", ABDO, None),
    # a reply cut before its answer: none
    ("Not appendicitis, not pancreatitis; the most likely diagnosis is", ABDO, None),
    # a word that is part of another option's word leaves that option open ("aneurysm" / "pseudoaneurysm")
    ("The answer is an aneurysm of the ophthalmic artery.",
     {"A": "Terminating into the ophthalmic artery", "B": "Showing an aggravating pseudoaneurysm"}, None),
    # a generic statement about an option weighs it, it does not name the answer
    ("A venous ulcer is typically over the malleolus. An arterial ulcer is punched out. A neuropathic ulcer sits under "
     "pressure points.", {"A": "Venous ulcer", "B": "Arterial ulcer", "C": "Diabetic neuropathic ulcer"}, None),
])
def test_form_named(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


THREE = {"A": "Pneumonia", "B": "Tuberculosis", "C": "Normal"}


@pytest.mark.parametrize(("reply", "expected"), [
    ("Rentgenda infiltrat bor. B-ni tanlayman.", "B"),
    ("Оң жақта инфильтрат бар. A-ны таңдаймын.", "A"),
    ("ფილტვში კერა ჩანს. B-ს ვირჩევ.", "B"),
    ("ನಾನು C-ಯನ್ನು ಆರಿಸುತ್ತೇನೆ.", "C"),
    ("Cevap: A'yı seçiyorum.", "A"),
    ("Az A-t választom.", "A"),
    ("A-ны да, C-ны да жоққа шығара алмаймын.", None),       # two letters with endings, no choice
    # the letters of English terms are no answer; the option's text is ("Normal study" names C)
    ("Kerley B-lines at both bases; hepatitis B-related cirrhosis is unlikely here. Normal study.", "C"),
    ("Анамнез гепатита B-этиологии, печень не изменена.", None),  # a compound, not an ending
])
def test_letter_suffix(reply, expected):
    assert extract_choice(reply, THREE).answer == expected


@pytest.mark.parametrize(("reply", "question", "expected"), [
    ("Pneumotoraksi përjashtohet. Mushkëritë janë të zgjeruara.", "Is there a pneumothorax?", "no"),
    ("Пнеумоторакс је искључен.", "Is there a pneumothorax?", "no"),
    ("נשלל שבר. העצמות שלמות.", "Is there a fracture?", "no"),
    ("Apendisitis dapat disingkirkan; apendiks tampak normal.", "Is there appendicitis?", "no"),
    ("Apendicitis aguda descartada: apéndice de calibre normal, sin cambios inflamatorios.", "Is there appendicitis?", "no"),
    # cannot be excluded: none
    ("Efuzioni pleural nuk mund të përjashtohet.", "Is there a pleural effusion?", None),
    ("Apendisitis belum dapat disingkirkan.", "Is there appendicitis?", None),
    ("Asiņošanu nevar pilnībā izslēgt.", "Is there a brain hemorrhage?", None),
    # "there is" / "there is none" as the whole reply
    ("Bor.", "Is there a kidney stone?", "yes"),
    ("Var.", "Is there cardiomegaly?", "yes"),
    ("มีครับ", "Is there a pleural effusion?", "yes"),
    ("Wala po.", "Is there a pneumothorax?", "no"),
    ("없어요.", "Is there a mass?", "no"),
    ("კი და არა.", "Is there pneumonia?", None),   # yes and no
])
def test_yes_no_round15(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize(("reply", "options", "expected"), [
    ("দ্বিতীয় (২য়) বিকল্পটি সঠিক।", THREE, "B"),
    ("Η δεύτερη (2η) επιλογή είναι η σωστή.", THREE, "B"),
    ("Из двух вариантов верен последний, то есть второй.", {"A": "Benign", "B": "Malignant"}, "B"),
    ("अंतिम विकल्प सही है।", THREE, "C"),
    ("கடைசி விருப்பமே சரியானது.", THREE, "C"),
])
def test_position_round15(reply, options, expected):
    assert extract_choice(reply, options).answer == expected
