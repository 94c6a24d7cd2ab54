"""Round 8 reading kind (issue 22, section 2): an option or a finding named in the reply's own
language by a word that is no cognate of the English one ("Milz" for "Spleen", "积液" for
"effusion", "흉수", "thận", "böbrek"). Members written here, in many languages, before the
multilingual vocabulary (:mod:`medtrust.scorers.medical_terms`) was added; with members that must
stay non-answers (the option negated, two options left open, an alternative).

One table per reader: (reply, options or yes/no question, expected), where expected is a letter,
"yes"/"no", or the status of a non-answer. Figures on blind files are in docs/judges.md ("Answer
readers, round 8").
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import known_miss_params, load_corpus, member_cases, member_expected, read_member

CXR = {"A": "Pleural effusion", "B": "Pneumothorax", "C": "Cardiomegaly", "D": "Pneumonia"}
ORGAN = {"A": "Liver", "B": "Spleen", "C": "Kidney", "D": "Pancreas"}
SITE = {"A": "Scalp", "B": "Ear", "C": "Upper extremity", "D": "Lower extremity"}
MODALITY = {"A": "CT", "B": "MRI", "C": "Ultrasound", "D": "X-ray"}
SIDE = {"A": "Left lung", "B": "Right lung"}
SKIN = {"A": "Melanoma", "B": "Melanocytic nevus", "C": "Seborrheic keratosis", "D": "Basal cell carcinoma"}
FUNDUS = {"A": "Glaucoma", "B": "Diabetic retinopathy", "C": "Macular degeneration", "D": "Retinal detachment"}
ABDOMEN = {"A": "Gallstones", "B": "Kidney stone", "C": "Appendicitis", "D": "Bowel obstruction"}
BONE = {"A": "Fracture", "B": "Dislocation", "C": "Normal"}

CHOICE = [
    # --- German: non-cognate words and compounds ---
    ("Es zeigt sich ein deutlicher Erguss im rechten Pleuraspalt.", CXR, "A"),
    ("Befund: Lungenentzündung im rechten Unterlappen.", CXR, "D"),
    ("Das abgebildete Organ ist die Milz.", ORGAN, "B"),
    ("Es handelt sich um eine Niere mit normaler Rinde.", ORGAN, "C"),
    ("Die Läsion sitzt an der Kopfhaut.", SITE, "A"),
    ("Das ist eine Ultraschallaufnahme des Oberbauchs.", MODALITY, "C"),
    ("Typisches Bild einer Netzhautablösung.", FUNDUS, "D"),
    ("Mehrere Gallensteine in der Gallenblase.", ABDOMEN, "A"),
    ("Das Herz ist deutlich vergrößert.", CXR, "C"),
    # --- Spanish, Portuguese, French, Italian, Dutch, Romanian, Swedish ---
    ("La lesión está en el cuero cabelludo.", SITE, "A"),
    ("Se localiza en la oreja izquierda.", SITE, "B"),
    ("El órgano mostrado es el bazo.", ORGAN, "B"),
    ("Corresponde al hígado, con parénquima homogéneo.", ORGAN, "A"),
    ("Se aprecia un derrame en el hemitórax derecho.", CXR, "A"),
    ("Cálculo en el riñón derecho, con sombra acústica.", ABDOMEN, "B"),
    ("Trata-se do baço.", ORGAN, "B"),
    ("A lesão fica no couro cabeludo.", SITE, "A"),
    ("Imagem típica de cálculos na vesícula biliar.", ABDOMEN, "A"),
    ("Il s'agit de la rate.", ORGAN, "B"),
    ("C'est un rein, on voit bien le sinus.", ORGAN, "C"),
    ("Il s'agit d'une échographie.", MODALITY, "C"),
    ("La lésion se trouve sur le cuir chevelu.", SITE, "A"),
    ("Si tratta della milza.", ORGAN, "B"),
    ("Si vede un versamento nel cavo pleurico destro.", CXR, "A"),
    ("È il fegato.", ORGAN, "A"),
    ("Het afgebeelde orgaan is de milt.", ORGAN, "B"),
    ("Dit is een echo van de nier.", MODALITY, "C"),
    ("Beeld past bij longontsteking.", CXR, "D"),
    ("Organul prezentat este splina.", ORGAN, "B"),
    ("Det är mjälten.", ORGAN, "B"),
    # --- Slavic, Turkish, Greek ---
    ("На снимке селезёнка.", ORGAN, "B"),
    ("Это почка с нормальной корой.", ORGAN, "C"),
    ("Правосторонний плевральный выпот.", CXR, "A"),
    ("Это УЗИ органов брюшной полости.", MODALITY, "C"),
    ("Obraz przedstawia śledzionę.", ORGAN, "B"),
    ("Widoczny wysięk w prawej jamie opłucnej.", CXR, "A"),
    ("Jde o slezinu.", ORGAN, "B"),
    ("Görüntüdeki organ dalaktır.", ORGAN, "B"),
    ("Sağ böbrekte taş izleniyor.", ABDOMEN, "B"),
    ("Πρόκειται για τον σπλήνα.", ORGAN, "B"),
    # --- Chinese, Japanese, Korean, Thai ---
    ("右侧胸腔积液。", CXR, "A"),
    ("图像显示的是脾脏。", ORGAN, "B"),
    ("这是胰腺。", ORGAN, "D"),
    ("胆囊内多发结石。", ABDOMEN, "A"),
    ("考虑阑尾炎。", ABDOMEN, "C"),
    ("眼底表现符合青光眼。", FUNDUS, "A"),
    ("視網膜剝離。", FUNDUS, "D"),
    ("典型的脂溢性角化病。", SKIN, "C"),
    ("脾臓です。", ORGAN, "B"),
    ("膵臓の画像です。", ORGAN, "D"),
    ("緑内障の所見です。", FUNDUS, "A"),
    ("右肺に病変があります。", SIDE, "B"),
    ("비장입니다.", ORGAN, "B"),
    ("이 영상은 흉수 소견입니다.", CXR, "A"),
    ("녹내장으로 보입니다.", FUNDUS, "A"),
    ("นี่คือม้าม", ORGAN, "B"),
    # --- Arabic, Persian, Hebrew, Hindi, Vietnamese, Indonesian ---
    ("العضو الظاهر هو الطحال.", ORGAN, "B"),
    ("تظهر الصورة الكلية اليمنى.", ORGAN, "C"),
    ("این تصویر طحال است.", ORGAN, "B"),
    ("זהו הטחול.", ORGAN, "B"),
    ("यह तिल्ली है।", ORGAN, "B"),
    ("Đây là lá lách.", ORGAN, "B"),
    ("Hình ảnh tràn dịch màng phổi bên phải.", CXR, "A"),
    ("Cơ quan trong ảnh là thận.", ORGAN, "C"),
    ("Organ yang tampak adalah limpa.", ORGAN, "B"),
    ("Tampak batu di ginjal kanan.", ABDOMEN, "B"),
]

CHOICE_NON_ANSWERS = [
    # the option's word negated, two options left open, an alternative: no single answer
    ("Kein Erguss.", CXR, "unparseable"),
    ("Niere oder Milz – schwer zu sagen.", ORGAN, "unparseable"),
    ("Não é o baço.", ORGAN, "unparseable"),
    ("Нет выпота.", CXR, "unparseable"),
    ("未见胸腔积液。", CXR, "unparseable"),
    ("脾脏还是肾脏，难以区分。", ORGAN, "unparseable"),
    ("脾臓ではありません。", ORGAN, "unparseable"),
    ("비장이 아닙니다.", ORGAN, "unparseable"),
    ("Không phải lá lách.", ORGAN, "unparseable"),
    ("Bukan limpa.", ORGAN, "unparseable"),
    ("Dalak değil.", ORGAN, "unparseable"),
    ("ليس الطحال.", ORGAN, "unparseable"),
    # a cannot-tell between two options is a refusal, as in the earlier rounds ("难以判断")
    ("Bazo o riñón; no lo puedo distinguir en esta imagen.", ORGAN, "refusal"),
]

YES_NO = [
    ("Kein Knochenbruch erkennbar.", "Is there a fracture?", "no"),
    ("Deutlicher Pleuraerguss rechts.", "Is there a pleural effusion?", "yes"),
    ("Sin derrame.", "Is there a pleural effusion?", "no"),
    ("Nie stwierdza się złamania.", "Is there a fracture?", "no"),
    ("Перелома нет.", "Is there a fracture?", "no"),
    ("Выпота нет.", "Is there a pleural effusion?", "no"),
    ("骨折は認めません。", "Is there a fracture?", "no"),
    ("胸水を認めます。", "Is there a pleural effusion?", "yes"),
    ("골절은 없습니다.", "Is there a fracture?", "no"),
    ("기흉이 보입니다.", "Is there a pneumothorax?", "yes"),
    ("Không thấy gãy xương.", "Is there a fracture?", "no"),
    ("Có tràn khí màng phổi bên phải.", "Is there a pneumothorax?", "yes"),
    ("Tidak tampak patah tulang.", "Is there a fracture?", "no"),
    ("لا يوجد كسر.", "Is there a fracture?", "no"),
    ("Kırık izlenmedi.", "Is there a fracture?", "no"),
    ("Plevral sıvı yok.", "Is there a pleural effusion?", "no"),
]


#: members the readers still miss, kept as strict expected failures (round 15: "Se aprecia un derrame en el hemitórax
#: derecho" is read now: the effusion named in a clause with no other option)
KNOWN_MISSES: set[str] = set()


@pytest.mark.parametrize("reply,spec,expected", member_cases(CHOICE + CHOICE_NON_ANSWERS + YES_NO, KNOWN_MISSES))
def test_round8_members(reply, spec, expected):
    e = read_member(reply, spec)
    assert (e.answer, e.status) == member_expected(expected)


# ===== a newcomer's review: 200 replies aimed at the round-8 reading (members and probes for false readings) =====
#: tests/data/answer_review_round8.jsonl: "member" rows name an option or a finding in another language; "probe" rows
#: try to make the new reading wrong (English homographs, negations and alternatives in other languages, forms inside
#: unrelated words). Rows marked ``known_miss`` are still read wrong (strict xfails, so a fix shows); none of them was
#: read right by the readers before round 8 (docs/judges.md, "Answer readers, round 8").
REVIEW = load_corpus("answer_review_round8.jsonl")


@pytest.mark.parametrize("r", known_miss_params(REVIEW, "read wrong after round 8"))
def test_round8_review(r):
    e = read_member(r["reply"], r["options"] if r["reader"] == "choice" else r["question"])
    assert (e.answer, e.status) == (r["expected"], r["expected_status"]), r["rule"]
