"""Issue 22, round 17 of the answer readers: informal and romanized writing (docs/judges.md, "Answer readers, round 17").

Round 16's blind files (heldout27a/27b, read as development data only after round 17's blind files, heldout28a/28b,
were scored on the readers this round started from) showed the readers' largest gap in informal writing: languages
written in the Latin alphabet instead of their own script ("fracture nahi hai", "mafeesh edema", "meiyou guzhe"),
code-switched replies that put the option letter among words no lexicon holds ("amar mone hoy C, ..."), texting
("final: b"), romanized ordinals ("doosra wala option") and judges that write as people chat ("A ko 6 dunga, B ko 4",
"seven outta ten"). Round 17 reads:

- romanized yes and no words at a reply's start, and romanized negations of a finding before or after it
  (:data:`medtrust.scorers.answer_lexicon.ROMANIZED_NEGATIONS`), with their doubt words ("shayad", "yimkin");
- the one option letter a short reply names, its negated letters set aside
  (:func:`medtrust.scorers.extract._short_reply_letter`), and a lower-case letter closing the reply after a pointer;
- romanized ordinals, apologies and referrals;
- MediConfusion judge pairs after a scores label and a candidate letter with one number after it in its clause;
  CARES-VLM grades with "outta", "10 mein se 8", "ka mid ah", "allan o".

tests/data/answer_kinds_round17.jsonl holds 200 members a helper wrote in 39 languages and varieties while the fix was
under way, without the code, in 24 kinds; about a quarter are traps. Rows marked ``known_miss`` are still read wrong:
strict expected failures, so a fix shows. The readers this round started from (9efbf9c) read 117 of them.
"""

from __future__ import annotations

import pytest

from medtrust.scorers.extract import extract_choice, extract_yes_no
from tests.helpers.readers import check_member, judge_reading, known_miss_params, load_corpus

MEMBERS = load_corpus("answer_kinds_round17.jsonl")


def test_round_file():
    assert len(MEMBERS) == 200 and len({r["id"] for r in MEMBERS}) == 200
    assert len({r["lang"] for r in MEMBERS}) == 39 and len({r["kind"] for r in MEMBERS}) == 24
    assert sum(1 for r in MEMBERS if r.get("known_miss")) == KNOWN_MISSES


#: members still read wrong (strict xfails); the readers this round started from missed 83
KNOWN_MISSES = 36


@pytest.mark.parametrize("r", known_miss_params(MEMBERS, "known miss"))
def test_member(r):
    check_member(r)


#: round 17's review: 50 replies a second helper wrote after reading only the rules above (docs/judges.md), each aimed at a
#: careless form of one rule (``kind`` "rule1" ... "rule7"; ``why`` says how; 8 are judge replies). The readers this round
#: started from read 16, the round-17 readers 29; none that the start read is read wrong now.
REVIEW = load_corpus("answer_review_round17.jsonl")


def test_review_file():
    assert len(REVIEW) == 50 and {r["kind"] for r in REVIEW} == {f"rule{n}" for n in range(1, 8)}
    assert sum(1 for r in REVIEW if r.get("known_miss")) == 21


def _review_reading_right(r: dict) -> bool:
    if "judge" in r:
        got = judge_reading(r)
        return (list(got) if isinstance(got, tuple) else got) == r["expected"]
    check_member(r)
    return True


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "known miss of the review"))
def test_review(r):
    assert _review_reading_right(r)


#: hand-written guards of each rule, traps included (a second option letter, an article, a name before the letter, a
#: listed option, a condition, a table, a scale or a count that is no score); the readers this round started from read
#: 18 of these 51 right
@pytest.mark.parametrize(("reply", "options", "expected"), [
    ('bhai mujhe toh B lag raha hai, right side pura lung collapse dikh raha', {'A': 'Pneumonia', 'B': 'Pneumothorax', 'C': 'Pleural effusion'}, 'B'),
    ("otvet B, tam yavno zhidkost'", {'A': 'Normal', 'B': 'Effusion', 'C': 'Pneumonia'}, 'B'),
    ('jawabannya D deh', {'A': 'Normal', 'B': 'Pneumonia', 'C': 'TB', 'D': 'Effusion'}, 'D'),
    ('mera khayal hai C hai, dil bada lag raha', {'A': 'Normal', 'B': 'Pneumonia', 'C': 'Cardiomegaly'}, 'C'),
    ('la2 mish A, akeed B', {'A': 'Ischemic stroke', 'B': 'Hemorrhage', 'C': 'Normal'}, 'B'),
    ('bu shi A, yinggai shi C', {'A': 'Fracture', 'B': 'Normal', 'C': 'Arthritis'}, 'C'),
    ('A nahi, B hai', {'A': 'Pneumonia', 'B': 'Effusion', 'C': 'Normal'}, 'B'),
    ('ya toh A ya C, dono possible lag rahe', {'A': 'Appendicitis', 'B': 'Cholecystitis', 'C': 'Pancreatitis'}, None),
    ('ili A ili B, ne uveren', {'A': 'Pneumonia', 'B': 'Effusion', 'C': 'Pneumothorax'}, None),
    ('A PE would show filling defects here', {'A': 'Pneumonia', 'B': 'Pulmonary embolism', 'C': 'Normal'}, None),
    ('Kerley B lines everywhere, looks wet', {'A': 'Pneumonia', 'B': 'Normal', 'C': 'Pulmonary edema'}, None),
    ('hepatitis C history, nodular outline', {'A': 'Normal', 'B': 'Steatosis', 'C': 'Cirrhosis'}, None),
    ('lets go option by option.\n\nA. Sarcoidosis — bilateral hilar nodes, and the image shows', {'A': 'Sarcoidosis', 'B': 'Silicosis', 'C': 'TB'}, None),
    ('agar fever hai to B, warna C', {'A': 'Normal', 'B': 'Pneumonia', 'C': 'Atelectasis'}, None),
    ('shayad B, pakka nahi pata', {'A': 'Normal', 'B': 'Pneumonia', 'C': 'Atelectasis'}, 'B'),
    ('Svar: A eller C', {'A': 'Sarkoidos', 'B': 'Tuberkulos', 'C': 'Lymfom'}, None),
    ('pt came via A&E, looks like a bleed', {'A': 'Hemorrhage', 'B': 'Infarct', 'C': 'Normal', 'E': 'Tumour'}, None),
    ('at first i thought C but nah, going w B. final: b', {'A': 'Pneumothorax', 'B': 'Pleural effusion', 'C': 'Consolidation'}, 'B'),
    ('thats blood not tumour. its b', {'A': 'Ischemic stroke', 'B': 'Hemorrhagic stroke', 'C': 'Brain tumor'}, 'B'),
    ('def not c', {'A': 'Normal', 'B': 'Pneumonia', 'C': 'Effusion'}, None),
    ('Doosra wala option sahi hai, right side mein fluid', {'A': 'Pneumothorax', 'B': 'Pleural effusion', 'C': 'Normal'}, 'B'),
    ('vtoroj variant, otek legkih', {'A': 'Pneumonia', 'B': 'Pulmonary edema', 'C': 'Pneumothorax'}, 'B'),
    ('jeongdap-eun se beonjjae geo-yo', {'A': 'Pneumonia', 'B': 'Tuberculosis', 'C': 'Lung cancer', 'D': 'Normal'}, 'C'),
    ('aakhri wala, dislocation hai', {'A': 'Normal', 'B': 'Fracture', 'C': 'Dislocation'}, 'C'),
    ('sumimasen, gazou dake de wa handan dekimasen', {'A': 'Benign', 'B': 'Malignant'}, 'refusal'),
    ('bu hao yisi, wo bu neng gen ju tupian zhenduan', {'A': 'Benign', 'B': 'Malignant', 'C': 'Normal'}, 'refusal'),
    ('gomen, kore wa kotaerarenai, isha ni kiite ne', {'A': 'Normal', 'B': 'Pneumonia', 'C': 'Effusion'}, 'refusal'),
])
def test_choice_guard(reply, options, expected):
    e = extract_choice(reply, options)
    assert ("refusal" if e.status == "refusal" else e.answer) == expected, e


@pytest.mark.parametrize(("reply", "question", "expected"), [
    ('nahi, haddi bilkul theek hai, koi toot nahi dikh rahi', 'Kya isme fracture hai?', 'no'),
    ('Diaphragm ke neeche koi free air nahi dikh raha, sab normal hai.', 'Is there free air under the diaphragm?', 'no'),
    ('mafeesh edema, el lungs clear w mafeesh kerley lines', 'Is there pulmonary edema?', 'no'),
    ('meiyou guzhe', 'Is there a fracture?', 'no'),
    ('Khong co nha, goc suon hoanh hai ben van sac net.', 'Co tran dich mang phoi khong?', 'no'),
    ('illa, fracture onnum illa', 'Is the forearm fractured?', 'no'),
    ('aniyo, pyeryeom eopseoyo', 'Is there pneumonia?', 'no'),
    ('iie, kikyou wa nai desu', 'Is there a pneumothorax?', 'no'),
    ('haan, fracture hai, distal radius', 'Is there a fracture?', 'yes'),
    ('aywa, fi kasr', 'Is there a fracture?', 'yes'),
    ('Shayad hai, shayad nahi.', 'Is there a hemorrhage?', None),
    ('Konkrement od 6 mm u lijevom bubregu. Drugih konkremenata nema.', 'Is there a kidney stone?', 'yes'),
])
def test_yes_no_guard(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize(("judge", "reply", "expected"), [
    ('mediconfusion', 'Scores: (4, 6)', [4, 6]),
    ('mediconfusion', 'The answer mentions 2 lesions, which fits B better.\nFinal: (2, 9)', [2, 9]),
    ('mediconfusion', 'A ko 6 dunga, B ko 4, dono thode match karte hai', [6, 4]),
    ('mediconfusion', 'A 👉 9️⃣ , B 👉 2️⃣', [9, 2]),
    ('mediconfusion', 'pa la A le doy un 3 y pa la B un 8 la vdd', [3, 8]),
    ('mediconfusion', 'Beschreibung A passt gut (8 von 10), Beschreibung B kaum (2 von 10).', [8, 2]),
    ('mediconfusion', "A has 2 lesions, B has 3 lesions; I can't score this", None),
    ('mediconfusion', 'A ko 6 dunga', None),
    ('cares_vlm', 'Grade: seven outta ten tbh', 7),
    ('cares_vlm', 'Main isko 10 mein se 8 dunga, bas thoda detail kam hai', 8),
    ('cares_vlm', 'Jawaabtan waxaan siinayaa 6 ka mid ah 10.', 6),
    ('cares_vlm', 'Sgôr: 2 allan o 10', 2),
])
def test_judge_guard(judge, reply, expected):
    got = judge_reading({"judge": judge, "reply": reply})
    assert (list(got) if isinstance(got, tuple) else got) == expected
