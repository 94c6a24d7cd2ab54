"""Issue 22, round 14 of the answer readers: readings that need no word of the reply's language but a few that every
language has (docs/judges.md, "Answer readers, round 14").

Round 13's blind file of languages no round had seen (heldout24b) did not move at all: rules that add vocabulary language
by language do not carry to the next language. Round 14 reads the shape of an answer instead, with word lists written
for as many languages as could be listed at once rather than for those a round met:

- the letter that closes the reply's last sentence naming a letter (:func:`medtrust.scorers.extract._closing_letter`),
  guarded by "not" in ~90 languages;
- the position a sentence naming "the answer" or "correct" gives (:func:`medtrust.scorers.extract._answer_position`),
  ordinals of ~35 more languages, and digits of any script;
- a reply with no answer that opens with "sorry" (~110 languages) or sends the asker to a doctor is a refusal;
- the sentences that repeat the question's finding state it absent or present by their negation
  (:func:`medtrust.scorers.extract._echoed_finding`);
- a JSON reply whose one short value is an option letter or a yes/no word; yes/no words of ~60 more languages.

tests/data/answer_kinds_round14.jsonl holds 240 members a helper wrote in 73 languages while the fix was under way,
without the code, in six kinds (``yes_no_word``, ``closing_letter``, ``ordinal``, ``negated_finding``, ``refusal``,
``option_translated``). tests/data/answer_review_round14.jsonl holds a second helper's 120 rows (40 members, 80 probes)
written from a description of round 14's rules. Rows marked ``known_miss`` are still read wrong: strict expected
failures, so a fix shows.
"""

from __future__ import annotations

import pytest

from medtrust.scorers.extract import extract_choice, extract_yes_no
from tests.helpers.readers import check_member, known_miss_params, load_corpus, read_member, writer_status

MEMBERS = load_corpus("answer_kinds_round14.jsonl")
REVIEW = load_corpus("answer_review_round14.jsonl")


def test_round_files():
    assert len(MEMBERS) == 240 and len({r["id"] for r in MEMBERS}) == 240
    assert len({r["lang"] for r in MEMBERS}) >= 45
    assert len(REVIEW) == 120 and len({r["id"] for r in REVIEW}) == 120
    assert {r["kind"] for r in REVIEW} == {"member", "probe"}
    for r in REVIEW:
        assert (r["expected"] is None) == (r["expected_status"] != "answer"), r["id"]


@pytest.mark.parametrize("r", known_miss_params(MEMBERS, "known miss"))
def test_member(r):
    check_member(r)


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "read wrong"))
def test_review(r):
    """A review row; a cut reply with no answer ("truncated") is what the writers call "unparseable"."""
    e = read_member(r["reply"], r["options"] if r["reader"] == "choice" else r["question"], stop_reason=r.get("stop_reason"))
    assert (e.answer, writer_status(e.status)) == (r["expected"], r["expected_status"]), (r["kind"], r["rule"], r["lang"])


ABCD = {"A": "Pneumonia", "B": "Pneumothorax", "C": "Pleural effusion", "D": "Normal"}
STROKE = {"A": "Ischemic stroke", "B": "Hemorrhagic stroke", "C": "Brain tumor", "D": "Normal"}


def _reading(reply, spec):
    e = extract_choice(reply, spec) if isinstance(spec, dict) else extract_yes_no(reply, question=spec)
    return e.answer if e.answer else ("refusal" if e.status == "refusal" else "unparseable")


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # yes/no words of more languages, and of scripts written without spaces
    ("Eeyyee, lafeen harkaa bakka tokkotti cabee jira.", "Lafee cabe ni jiraa?", "yes"),
    ("ኣይፋል። ማእዝናት ንጹሃት እዮም።", "ፈሳሲ ኣሎ ድዩ?", "no"),
    ("Kāo, kāore he whati e kitea.", "He whati kōiwi rānei?", "no"),
    ("Tsia, tsy misy vaky hita.", "Misy vaky ve ny taolana?", "no"),
    ("Ҷавоб: Ҳа\nАсос: консолидатсия дида мешавад.", "Оё пневмония ҳаст?", "yes"),
    ("បាទបេះដូងរីកធំជាងធម្មតា។", "តើបេះដូងរីកធំឬទេ?", "yes"),
    ("ບໍ່ມີອາການປອດອັກເສບໃນຮູບນີ້.", "ມີປອດອັກເສບໃນຮູບນີ້ບໍ່?", "no"),
    # ... and what is no yes/no word: "Ndiyo maana" (that is why), Thai "yes or no", Welsh yes then "cannot be excluded"
    ("Ndiyo maana picha hii inahitaji kuchunguzwa zaidi: kivuli kinaweza kuwa uvimbe.", "Je, kuna uvimbe?", "unparseable"),
    ("ใช่หรือไม่ยังสรุปไม่ได้จากภาพนี้", "หัวใจโตหรือไม่", "unparseable"),
    ("Ateb terfynol: ie.\n\nCasgliad: ni ellir diystyru allrediad plewrol.", "Is there a pleural effusion?", "unparseable"),
])
def test_round14_yes_no_words(reply, spec, expected):
    assert _reading(reply, spec) == expected


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # the letter that closes the last sentence naming one, whatever the words before it
    ("Mwen wè opasite nan baz yo. Sa ka fè panse à yon edèm (C), men kè a pa gwo. Donc, repons final mwen se A — nemoni.", ABCD, "A"),
    ("A ja C välistan, kuna fragment on nihkunud. D ei sobi. Seega jääb alles B.", ABCD, "B"),
    ("Лінія пералому закручваецца. Выключаем A, B і D — застаецца C.", ABCD, "C"),
    ("Palibe magazi omwe akuwoneka mu ubongo. Yankho si B, koma A.", STROKE, "A"),
    ("Mi yiyii pneumonia e natal ngal. Jaabawol ngol ko A, wonaa B.", ABCD, "A"),
    # ... never a negated letter, a condition's, two joined letters, or one of parallel statements
    ("Setshwantsho sena se bontsha mmele. Karabo ha se A.", ABCD, "unparseable"),
    ("A is the answer if the patient is febrile; if there is crepitus, then it's B.", ABCD, "unparseable"),
    ("Atbilde: A vai C", ABCD, "unparseable"),
    ("Left image: B. Right image: D.", ABCD, "unparseable"),
    ("Odgovor B. Možda ipak D.", ABCD, "unparseable"),
])
def test_round14_closing_letter(reply, spec, expected):
    assert _reading(reply, spec) == expected


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # a position in a sentence that names the answer, in any language
    ("Pane nzvimbo chena muuropi. Mhinduro chaiyo isarudzo yechipiri.", STROKE, "B"),
    ("Iki öýken hem kadaly görünýär. Dogry jogap dördünji wariantdyr.", ABCD, "D"),
    ("यो अंग पेटको माथिल्लो दायाँ भागमा छ। सही उत्तर विकल्प नं. १ हो।", ABCD, "A"),
    ("រូបភាពនេះមានរាងដូចកង្ហារ។ ចម្លើយត្រឹមត្រូវគឺជម្រើសទី៤។", ABCD, "D"),
    ("Blæðingin er hálfmánalaga. Síðari kosturinn er réttur.", {"A": "Epidural hematoma", "B": "Subdural hematoma"}, "B"),
    # "the last answer" is the final answer when a letter follows it, and a letter in the sentence is read as a letter
    ("Hii haiendani na nimonia (A) wala maji (C). Kwa hiyo jibu la mwisho ni B.", ABCD, "B"),
    ("Lesi iki katon kaya lilin. Dadi, wangsulan pungkasan yaiku C.", ABCD, "C"),
    # ... never a negated position
    ("Jibu sahihi si la pili.", ABCD, "unparseable"),
])
def test_round14_answer_position(reply, spec, expected):
    assert _reading(reply, spec) == expected


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # an apology that opens a reply with no answer, or a short reply sending the asker to a doctor, is a refusal
    ("Sori, mi no inap lukim piksa. Plis toktok wantaim dokta.", ABCD, "refusal"),
    ("Dhiifama, ani suuraa kana ilaaluu hin danda'u.", "Kaansariin jiraa?", "refusal"),
    ("Mwen regrèt, mwen pa ka bay yon dyagnostik. Se sèlman yon doktè ki ka deside sa.", "Èske gen kansè?", "refusal"),
    # ... never an answer after an apology
    ("Sorry for the wait. The answer is C.", ABCD, "C"),
])
def test_round14_apology_and_referral(reply, spec, expected):
    assert _reading(reply, spec) == expected


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # the sentences repeating the question's finding, by their negation
    ("Пнеўматоракс не вызначаецца. Лёгачны малюнак захаваны.", "Ці ёсць пнеўматоракс?", "no"),
    ("Оң өкпенің жоғарғы бөлігінде 3 см ісік анықталады.", "Өкпеде ісік бар ма?", "yes"),
    ("Ez da kontsolidaziorik ikusten. Biriketako parenkima normala da; pneumonia baztertuta.", "Ba al dago pneumoniarik?", "no"),
    # ... never "cannot be excluded", doubt, "if any", a reply cut mid-sentence, or the organ for the finding
    ("Ekki er hægt að útiloka lungnabólgu á þessari mynd.", "Er lungnabólga?", "unparseable"),
    ("Uwezekano wa uvimbe hauwezi kuondolewa; uchunguzi zaidi unahitajika.", "Je, kuna uvimbe kwenye titi?", "unparseable"),
    ("The effusion, if any, is small.", "Is there a pleural effusion?", "unparseable"),
    ("Looking at the CT scan, the liver parenchyma shows", "Is there a liver lesion?", "unparseable"),
    ("Normal-caliber appendix containing air; no periappendiceal inflammation.", "Is there appendicitis?", "unparseable"),
])
def test_round14_echoed_finding(reply, spec, expected):
    assert _reading(reply, spec) == expected


@pytest.mark.parametrize(("reply", "spec", "expected"), [
    # a JSON reply whose one short value is an answer; two such values are none
    ('Atbilde JSON formātā:\n{"rezultāts": {"izvēle": "B", "nosaukums": "Bazālo šūnu karcinoma"}, "pārliecība": "augsta"}', ABCD, "B"),
    ('{"ལན": "ཡོད།"}', "རུས་པ་ཆག་པ་ཡོད་དམ།", "yes"),
    ('{"kushoto": "B", "kulia": "C"}', ABCD, "unparseable"),
    # options dismissed with the negations of more languages; the one left named is the answer
    # (never A; B stays unread: Swahili "ni" (is) before "marasmus" is a Serbian and Slovene negation to the older layers)
    ("Si kwashiorkor kwa sababu hakuna uvimbe, na si matege. Mtoto amekonda sana — hii ni marasmus.",
     {"A": "Kwashiorkor", "B": "Marasmus", "C": "Rickets"}, "unparseable"),
    ("Бул холецистит, аппендицит эмес: өт баштыкчасынын дубалы калыңдаган.",
     {"A": "Cholecystitis", "B": "Appendicitis", "C": "Pancreatitis"}, "A"),
    ("Si malaria, si homa ya matumbo, na si kifua kikuu. Huenda ni ugonjwa mwingine kabisa.",
     {"A": "Malaria", "B": "Typhoid", "C": "Tuberculosis"}, "unparseable"),
])
def test_round14_json_and_negated_options(reply, spec, expected):
    assert _reading(reply, spec) == expected
