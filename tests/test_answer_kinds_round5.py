"""Round 5 reading kinds (issue 22, sections 2-3): each kind the held-out file heldout4d showed the
readers missing, with members written here in other wordings, languages and shapes before the fix.

Every case is (reply, question or options, expected); a wrong letter where a non-answer is due, or
the reverse, fails. The figures on blind files are in docs/judges.md ("Answer readers, round 5").
"""

from __future__ import annotations

import pytest

from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, parse_judge_lenient
from medtrust.scorers.extract import extract_choice, extract_yes_no

SKIN = {"A": "Melanoma", "B": "Melanocytic nevus", "C": "Basal cell carcinoma", "D": "Seborrheic keratosis", "E": "Dermatofibroma"}
WRIST = {"A": "Scaphoid", "B": "Distal radius", "C": "Ulnar styloid", "D": "Lunate"}
ORGANS = {"A": "Liver", "B": "Spleen", "C": "Pancreas", "D": "Left kidney"}
TISSUE = {"A": "Colon", "B": "Lung", "C": "Liver", "D": "Lymph node"}
SEQ = {"A": "T1-weighted", "B": "T2-weighted", "C": "FLAIR", "D": "DWI"}
BIRADS = {"A": "BI-RADS 1", "B": "BI-RADS 2", "C": "BI-RADS 3", "D": "BI-RADS 4", "E": "BI-RADS 5"}
TWO = {"A": "Spiculated mass", "B": "Circumscribed mass"}
NODE = {"A": "Reactive lymphoid hyperplasia", "B": "Diffuse large B-cell lymphoma"}
SHAPE = {"A": "Oval", "B": "Round", "C": "Irregular"}

# --- yes/no words of more languages, where an answer stands (reply start) ---
YES_NO_WORDS = [
    ("Ano, je patrná příčná zlomenina diafýzy tibie.", "yes"),
    ("Ne, výpotek není přítomen.", "no"),
    ("Áno, zlomenina je prítomná.", "yes"),
    ("Kyllä, vapaata nestettä on Morisonin taskussa.", "yes"),
    ("Ei. Vatsaontelossa ei todeta vapaata nestettä.", "no"),
    ("Jah, on näha murdu.", "yes"),
    ("Igen, a bal oldalon folyadékgyülem látható.", "yes"),
    ("Nem, nincs folyadék.", "no"),
    ("Nu, nu există revărsat pleural.", "no"),
    ("Da, vidljiv je prijelom.", "yes"),
    ("Ne. Nema izljeva.", "no"),
    ("Не, няма излив.", "no"),
    ("Taip, matomas lūžis.", "yes"),
    ("Jā, ir redzams lūzums.", "yes"),
    ("Nē, šķidrums nav redzams.", "no"),
    ("Nei, det er ingen væske.", "no"),
    ("بله، شکستگی دیده می‌شود.", "yes"),
    ("خیر، افیوژن وجود ندارد.", "no"),
    ("ใช่ พบภาวะน้ำในช่องเยื่อหุ้มปอด", "yes"),
    ("ไม่ใช่ ไม่พบกระดูกหัก", "no"),
    ("Oo, may bali sa buto.", "yes"),
    ("Hindi, walang likido.", "no"),
    ("ہاں، فریکچر نظر آتا ہے۔", "yes"),
    ("نہیں، کوئی فریکچر نہیں ہے۔", "no"),
    ("有，右侧少量胸腔积液。", "yes"),
    ("没有。双肺未见明显异常。", "no"),
]


@pytest.mark.parametrize("reply,expected", YES_NO_WORDS)
def test_yes_no_words_of_more_languages(reply, expected):
    assert extract_yes_no(reply, question="Is there a fracture?").answer == expected


# a short word of another language is no answer inside a sentence or before a word it belongs to
@pytest.mark.parametrize("reply", ["Ne peux pas dire.", "Hindi ko masabi mula sa larawang ito.", "没有办法判断。", "Ei voi sanoa."])
def test_short_yes_no_words_need_an_answer_position(reply):
    assert extract_yes_no(reply, question="Is there a fracture?").answer is None


# --- key-value wrappers: the key that answers, not any other key ---
WRAPPED_YES_NO = [
    ("```yaml\nfinding: pericardial_effusion\npresent: yes\nsize: moderate\ntamponade_signs: no\n```", "Is there a pericardial effusion?", "yes"),
    ("fracture_present: false\nlocation: n/a", "Is there a fracture?", "no"),
    ("pneumothorax: yes\npleural_effusion: no", "Is there a pneumothorax?", "yes"),
    ("pneumothorax: yes\npleural_effusion: no", "Is there a pleural effusion?", "no"),
    ("- detected: true\n- confidence: high", "Is there a nodule?", "yes"),
    ("present = false\nnote = \"lungs clear\"", "Is there consolidation?", "no"),
    ("[ANSWER]No[/ANSWER]", "Are calcifications present?", "no"),
    ("[answer]yes[/answer]\n[reason]A thin pleural line is seen.[/reason]", "Is there a pneumothorax?", "yes"),
    ("[FINAL]No[/FINAL]", "Is there a fracture?", "no"),
    ('{"antwort": "ja", "begründung": "Frakturlinie sichtbar"}', "Is there a fracture?", "yes"),
]


@pytest.mark.parametrize("reply,question,expected", WRAPPED_YES_NO)
def test_key_value_and_bbcode_yes_no(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


WRAPPED_CHOICE = [
    ('[{"question_id": 1, "selected": "A"}]', TWO, "A"),
    ('[{"id": 7, "chosen": "b"}]', TWO, "B"),
    ("[answer]C[/answer]", SKIN, "C"),
    ("[b]Answer:[/b] D", SKIN, "D"),
    ("answer: E\nconfidence: 0.7", SKIN, "E"),
    ("```toml\nchoice = \"B\"\n```", SKIN, "B"),
]


@pytest.mark.parametrize("reply,options,expected", WRAPPED_CHOICE)
def test_wrapped_choice(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


# --- ordinals with nouns and after a dash, in several languages; a rejected ordinal is no answer ---
ORDINALS = [
    ("Die Raumforderung zeigt strahlenförmige Ausläufer. Damit trifft die erste Antwortmöglichkeit zu.", TWO, "A"),
    ("Die zweite Antwortoption ist richtig.", TWO, "B"),
    ("Первый вариант неверен: архитектура стёрта. Правильный — второй.", NODE, "B"),
    ("Верный ответ — первый вариант.", NODE, "A"),
    ("Второй вариант неверен. Правильный — первый.", NODE, "A"),
    ("The first option is wrong; the second is right.", NODE, "B"),
    ("A primeira alternativa está errada; a correta é a segunda.", NODE, "B"),
    ("La terza opzione è quella giusta.", SHAPE, "C"),
    ("Prawidłowa jest druga odpowiedź.", SHAPE, "B"),
    ("De eerste optie klopt.", SHAPE, "A"),
]


@pytest.mark.parametrize("reply,options,expected", ORDINALS)
def test_ordinals_in_more_shapes(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


# --- what is left after an elimination, named by its text (also a cognate in the reply's language) ---
REMAINING = [
    ("Par élimination : ce n'est pas un mélanome, ni un nævus, ni un carcinome basocellulaire, ni un dermatofibrome. "
     "Il reste donc la kératose séborrhéique, ce que confirment les pseudo-kystes.", SKIN, "D"),
    ("Eliminando as alternativas: o escafoide está íntegro e o semilunar normal. Sobra apenas a estiloide ulnar, "
     "onde se vê um pequeno fragmento.", WRIST, "C"),
    ("The scaphoid and lunate are intact and the radius is fine. That leaves the ulnar styloid.", WRIST, "C"),
    ("No radial or scaphoid fracture. Only the ulnar styloid remains as the site of the fracture.", WRIST, "C"),
    ("Descartadas las demás, queda la queratosis seborreica.", SKIN, "D"),
    ("Nach Ausschluss der anderen bleibt nur die seborrhoische Keratose.", SKIN, "D"),
    ("By exclusion, dermatofibroma.", SKIN, "E"),
    ("Остаётся только меланома.", SKIN, "A"),
]


@pytest.mark.parametrize("reply,options,expected", REMAINING)
def test_the_option_left(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


# --- a per-option list that calls exactly one option likely ---
PER_OPTION = [
    ("Going through each option:\n- A — unlikely; there is a finding.\n- B — most likely; an oil cyst with eggshell calcification.\n"
     "- C — unlikely.\n- D — unlikely; nothing suspicious.\n- E — unlikely.", BIRADS, "B"),
    ("A: no\nB: no\nC: yes — ill-defined margins\n", SHAPE, "C"),
    ("- Oval: unlikely\n- Round: unlikely\n- Irregular: best fit, spiculated margins", SHAPE, "C"),
]
PER_OPTION_UNDECIDED = [
    "A — possible.\nB — possible.\nC — unlikely.",
    "- A: likely\n- B: likely\n- C: unlikely",
]


@pytest.mark.parametrize("reply,options,expected", PER_OPTION)
def test_per_option_list_with_one_likely(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply", PER_OPTION_UNDECIDED)
def test_per_option_list_with_two_likely_is_no_answer(reply):
    assert extract_choice(reply, SHAPE).answer is None


# --- a finding named with what it lacks: the lack is not the finding's ---
FINDINGS = [
    ("Small circumferential pericardial effusion, without echocardiographic signs of tamponade.", "Is there a pericardial effusion?", "yes"),
    ("Moderate right pleural effusion without mediastinal shift.", "Is there a pleural effusion?", "yes"),
    ("Displaced fracture of the distal radius, no dislocation.", "Is there a fracture?", "yes"),
    ("Right apical pneumothorax with no evidence of tension.", "Is there a pneumothorax?", "yes"),
    ("No effusion; a small pneumothorax without mediastinal shift.", "Is there a pleural effusion?", "no"),
    ("No effusion; a small pneumothorax without mediastinal shift.", "Is there a pneumothorax?", "yes"),
    ("Grouped fine pleomorphic microcalcifications in the upper outer quadrant, spanning 8 mm.", "Are calcifications present?", "yes"),
    ("Multiple pulmonary micronodules in both upper lobes.", "Are there nodules?", "yes"),
    ("No microcalcifications.", "Are calcifications present?", "no"),
]


@pytest.mark.parametrize("reply,question,expected", FINDINGS)
def test_finding_scope(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


# --- an option named by another form: adjective, acronym, category number, synonym, negated others ---
OPTION_FORMS = [
    ("The hypodense lesion is centered in the pancreatic tail; the other organs appear unremarkable.", ORGANS, "C"),
    ("Hepatic parenchyma: plates of hepatocytes radiating from a central vein.", TISSUE, "C"),
    ("A splenic infarct.", ORGANS, "B"),
    ("Renal cell carcinoma arising from the upper pole.", ORGANS, "D"),
    ("Pulmonary parenchyma with alveoli lined by pneumocytes.", TISSUE, "B"),
    ("This is a PLAX view.", {"A": "Parasternal long-axis view", "B": "Apical four-chamber view"}, "A"),
    ("Looks like a BCC to me.", SKIN, "C"),
    ("Diffusion-weighted imaging: the acute infarct is bright from restricted diffusion.", SEQ, "D"),
    ("Fluid-attenuated inversion recovery, given the dark CSF and bright lesions.", SEQ, "C"),
    ("I would assign it category 3, probably benign, with short-interval follow-up.", BIRADS, "C"),
    ("BI-RADS category 4: suspicious, biopsy advised.", BIRADS, "D"),
    ("The central white patch and dimple sign are characteristic of a benign fibrous histiocytoma.", SKIN, "E"),
    ("The mass is round, with circumscribed margins; it is neither oval nor irregular.", SHAPE, "B"),
    ("Irregular; not oval, not round.", SHAPE, "C"),
]


@pytest.mark.parametrize("reply,options,expected", OPTION_FORMS)
def test_option_named_by_another_form(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


# words that look like these forms but name nothing
@pytest.mark.parametrize("reply,options", [
    ("CT would be needed to tell.", SKIN),
    ("Category 3 or 4, I cannot decide.", BIRADS),
    ("Neither hepatic nor splenic: the lesion is in the pancreas or the kidney.", ORGANS),
])
def test_look_alike_forms_are_no_answer(reply, options):
    assert extract_choice(reply, options).answer is None


# --- a reply that ends undecided is no answer, whatever it named before ---
UNDECIDED = [
    ("Melanoma (A) and nevus (B) are both plausible. Seborrheic keratosis (D) cannot be excluded either. "
     "Without histology it is not possible to choose between these options.", SKIN),
    ("D fits the milia-like cysts, but A is also possible; I cannot decide between them.", SKIN),
    ("Ich kann keine medizinischen Bilder befunden und daher weder A noch B auswählen.", TWO),
    ("Je ne peux pas choisir entre A et B sur cette image.", TWO),
]


@pytest.mark.parametrize("reply,options", UNDECIDED)
def test_undecided_reply_is_no_answer(reply, options):
    assert extract_choice(reply, options).answer is None


# --- MediConfusion judge replies ---
JUDGE = [
    ("A — 6/10 (partially correct: names the wrong bone)\nB — 9/10 (matches bone and displacement)", (6, 9)),
    ("La respuesta coincide mejor con la opción B (puntuación: 8,5). Con la opción A la coincidencia es baja (puntuación: 2).", (2, 8.5)),
    ("Scores: A 0, B 10.\nRationale: the response states there is no effusion.", (0, 10)),
    ("score_a: 7\nscore_b: 7.5\nnotes: both mention thickening.", (7, 7.5)),
    ("scoreA=5 scoreB=2", (5, 2)),
    ("Candidate A (score 4): misses the location. Candidate B (score 9): matches.", (4, 9)),
    ("Kandidat A: 7 Punkte, Kandidat B: 2 Punkte.", (7, 2)),
    ("A -> 3 / 10; B -> 8 / 10", (3, 8)),
]


@pytest.mark.parametrize("reply,expected", JUDGE)
def test_mediconfusion_judge_shapes(reply, expected):
    a, b, _ = parse_judge_lenient(reply)
    assert (a, b) == expected


@pytest.mark.parametrize("reply", ["A — 6/10. B was not scored because the reply was cut.", "Score for A: 7 (of 10)", "[ERROR] rate limited at 12:30"])
def test_mediconfusion_judge_without_a_pair(reply):
    with pytest.raises(JudgeParseError):
        parse_judge_lenient(reply)


# --- members written after the first fixes, before the blind files were scored ---
CHEST = {"A": "Pneumonia", "B": "Pulmonary edema", "C": "Pneumothorax", "D": "Atelectasis"}
MORE_CHOICES = [
    ('{"tool": "answer", "arguments": "{\\"choice\\": \\"A\\"}"}', CHEST, "A"),          # a tool call's arguments as a string
    ('{"name": "submit", "arguments": {"answer": "D"}}', CHEST, "D"),
    ("الإجابة: د", CHEST, "D"),                                                         # Arabic option letters
    ("الإجابة الصحيحة هي ب.", CHEST, "B"),
    ("Resposta correta: letra A.", CHEST, "A"),
    ("I first thought A, but looking again at the pleural line, it is C.", CHEST, "C"),  # a first thought gone back on
    ("Initially B... no wait, the lung edge is visible — C.", CHEST, "C"),
    ("Atelectatic changes at the left base.", CHEST, "D"),                               # adjective forms
    ("Pneumonic consolidation in the right lower lobe.", CHEST, "A"),
    ("Edematous lungs with Kerley B lines.", CHEST, "B"),
    ("Pneumothoraces can look like this; here it is one.", CHEST, "C"),
    ("La respuesta es neumotórax.", CHEST, "C"),                                          # cognates in other languages
    ("È uno pneumotorace.", CHEST, "C"),
    ("Es handelt sich um eine Atelektase.", CHEST, "D"),
    ("No es una neumonía; es un neumotórax.", CHEST, "C"),
    ("Grade II.", {"A": "Grade I", "B": "Grade II", "C": "Grade III"}, "B"),             # numbered scales, roman or not
    ("Kellgren-Lawrence grade 3 with osteophytes.", {"A": "KL grade 1", "B": "KL grade 2", "C": "KL grade 3", "D": "KL grade 4"}, "C"),
]
MORE_NON_ANSWERS = [
    ("Podría ser neumonía o atelectasia.", CHEST),
    ("Il ne s'agit pas d'une atélectasie.", CHEST),
    ("Neumonía, menos probable atelectasia.", CHEST),
    ("Pneumonia e atelectasia sono entrambe possibili.", CHEST),
    ("Both pneumonia and atelectasis are possible.", CHEST),
    ("I'd rule out ultrasound.", {"A": "CT", "B": "MRI", "C": "Ultrasound", "D": "X-ray"}),
    ("Grade II or III, hard to say.", {"A": "Grade I", "B": "Grade II", "C": "Grade III"}),
    ("The PE protocol was not used.", CHEST),  # a two-letter acronym names nothing
]


MORE_YES_NO = [
    ("Sin neumotórax.", "no"), ("Assenza di pneumotorace.", "no"), ("Presenza di pneumotorace apicale destro.", "yes"),
    ("Neumotórax derecho a tensión.", "yes"), ("Pneumothorax ruled out.", "no"), ("Pneumothorax excluded.", "no"),
    ("气胸：无", "no"), ("pneumothorax: present", "yes"), ("Pneumothorax: none", "no"),
    ("Die Pleura ist glatt; ein Pneumothorax kann weder bestätigt noch ausgeschlossen werden.", None),
]


@pytest.mark.parametrize("reply,expected", MORE_YES_NO)
def test_more_yes_no_members(reply, expected):
    assert extract_yes_no(reply, question="Is there a pneumothorax?").answer == expected


@pytest.mark.parametrize("reply,question,expected", [
    ("Normal-caliber appendix containing air; no periappendiceal inflammation.", "Is there appendicitis?", None),  # organ is no -itis
    ("Cardiomediastinal silhouette is within normal limits.", "Does this chest X-ray show cardiomegaly?", "no"),
])
def test_a_cognate_is_not_a_related_word(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


SPELLED = [
    ("A: eight, B: three", (8, 3)),
    ("Candidate A scores seven out of ten and candidate B two out of ten.", (7, 2)),
    ("Score(A)=6, Score(B)=3", (6, 3)),
    ("A 得分：7；B 得分：2", (7, 2)),
    ("For candidate A I'd say 3, for candidate B 8.", (3, 8)),
]


@pytest.mark.parametrize("reply,expected", SPELLED)
def test_more_mediconfusion_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


@pytest.mark.parametrize("reply,expected", [
    ("I'd give it a seven.", 7), ("Grade: seven out of ten", 7), ("Note : sept sur dix", 7),
    ("The answer names one finding.", None), ("Reason: one finding missing", None),
])
def test_spelled_grades(reply, expected):
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score

    assert parse_judge_score(reply)[0] == expected


# --- members of the kinds heldout5a showed, written before its fixes were checked on it ---
X5_CHOICES = [
    ("Leaning benign (A), but a second review would be prudent.", {"A": "Benign", "B": "Malignant"}, "A"),
    ("Tilting towards malignant (B), pending immunostains.", {"A": "Benign", "B": "Malignant"}, "B"),
    ("A.\n\nActually, wait - the patient's left is on the viewer's right. Correcting myself: B.", {"A": "Left", "B": "Right"}, "B"),
    ("B. Scratch that: A.", {"A": "Left", "B": "Right"}, "A"),
    ("I'll commit to **B** with moderate confidence (~60%).", SHAPE, "B"),
    ("Sticking with C.", SHAPE, "C"),
    ("Several polyps are seen scattered through the sigmoid.", {"A": "Single polyp", "B": "Multiple polyps", "C": "No polyps"}, "B"),
    ("A solitary polyp in the rectum.", {"A": "Single polyp", "B": "Multiple polyps", "C": "No polyps"}, "A"),
    ("The metastases are lytic - punched-out lucencies without any sclerotic rim.",
     {"A": "Osteoblastic lesions", "B": "Osteolytic lesions", "C": "Mixed lesions"}, "B"),
    ("The lesion is completely echo-free with posterior enhancement.", {"A": "Hypoechoic", "B": "Hyperechoic", "C": "Anechoic"}, "C"),
    ("Neither of the first two. Among the remaining two, the umbrella cells point to the final one.",
     {"A": "Stratified squamous", "B": "Simple columnar", "C": "Simple cuboidal", "D": "Transitional"}, "D"),
]
X5_NON_ANSWERS = [
    ("The answer is A. No wait, it's C because of the central scar. Hmm, it might be A after all. I'm torn between the two.", SHAPE),
    ("B, or maybe C... hard to say between the two.", SHAPE),
    ("Let's analyze each option carefully.\n\nA. Oval - the mass is longer than wide, and the image shows", SHAPE),
    ("My final choice would need a second view.", SHAPE),  # "final choice" is no ordinal
]


X5A_YES_NO = [
    ("Costophrenic angles are sharp bilaterally.", "Is there a pleural effusion?", "no"),
    ("Blunted costophrenic angle on the left.", "Is there a pleural effusion?", None),  # a sign of one, not read as its absence
    ("Hepatomegaly present - liver span 19 cm.", "Is the liver enlarged?", "yes"),
    ("Splenomegaly is not seen.", "Is the spleen enlarged?", "no"),
    ("Heart size normal.", "Is the heart enlarged?", "no"),
    ("Scattered dot-blot hemorrhages - findings of nonproliferative diabetic retinopathy.",
     "Is there evidence of diabetic retinopathy?", "yes"),
    ("The bowel loops demonstrate normal wall thickness without fat stranding.", "Is there bowel wall thickening?", "no"),
    ("Cortices intact; no lucent line.", "Is there a fracture?", "no"),
    ("To answer whether there is an aortic dissection, we look for an intimal flap. In this image, the ascending aorta",
     "Is there an aortic dissection?", None),
]


@pytest.mark.parametrize("reply,status", [
    ("Could you tell me the patient's age and symptom duration? That would help me decide.", "unparseable"),
    ("Is this a dermoscopic or a clinical photograph?", "unparseable"),
    ("I can't tell whether A or B applies from this image.", "refusal"),  # a decline stays a refusal
])
def test_question_back_is_no_refusal(reply, status):
    e = extract_choice(reply, {"A": "Benign", "B": "Malignant"})
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,expected", [
    ("I would give description A a score of seven and description B a score of five.", (7, 5)),
    ("描述A得分：6分；描述B得分：2分。", (6, 2)),
    ("(score_A, score_B) = (2, 8)", (2, 8)),
])
def test_heldout5a_judge_kinds(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


@pytest.mark.parametrize("reply,expected", [
    ("On the 1-10 scale (1 = completely wrong, 10 = perfect), this answer deserves a 5.", 5),
    ('Rate the response on a scale of 1 to 10, following this format: "[[rating]]", for example: "Rating: [[5]]".', None),
    ("Use the format [[N]], e.g. [[7]].", None),
])
def test_heldout5a_grade_kinds(reply, expected):
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score

    assert parse_judge_score(reply)[0] == expected


# --- members of the kinds heldout5b showed, written before its fixes were checked on it ---
X5B_CHOICES = [
    ("So grade 3 rather than 4 -> B, although a reasonable reader might call it C.", {"A": "Grade 1", "B": "Grade 3", "C": "Grade 4"}, "B"),
    ("Probably C, although A can't be ruled out.", SHAPE, "C"),
    ("Though C is tempting, I'd go with B.", SHAPE, "B"),
    ("So I'm fairly - though not fully - confident: B) Round.", SHAPE, "B"),
    ("C'est la deuxième proposition : le sac passe au-dessus du ligament.", {"A": "Umbilical hernia", "B": "Inguinal hernia", "C": "Femoral hernia"}, "B"),
    ("D'après l'image, la réponse est A.", SHAPE, "A"),
    ('<div class="answer"><p>The correct answer is <b>A</b>.</p></div>', SHAPE, "A"),
    ("<p>Answer: <strong>C</strong></p>", SHAPE, "C"),
    ("这是矢状位图像。", {"A": "Axial", "B": "Coronal", "C": "Sagittal"}, "C"),
    ("冠状位。", {"A": "Axial", "B": "Coronal", "C": "Sagittal"}, "B"),
    ("**Shingles.**", {"A": "Herpes zoster", "B": "Impetigo", "C": "Contact dermatitis", "D": "Scabies"}, "A"),
    ("Classic hives.", {"A": "Urticaria", "B": "Psoriasis", "C": "Scabies"}, "A"),
    ("Process of elimination:\n- A ✗ no cavitation\n- B ✗ no nodules\n- D ✗ no pleural mass\n- E ✗ no honeycombing\n\n"
     "What's left fits.", {"A": "TB", "B": "Sarcoidosis", "C": "PLCH", "D": "Mesothelioma", "E": "UIP"}, "C"),
]
X5B_NON_ANSWERS = [
    ("A is the answer if the patient is febrile; if there is crepitus, then it's B.", SHAPE),
    ("B when the margins are smooth, otherwise C.", SHAPE),
    ("- A ✗ no\n- B ✗ no\n\nI cannot tell between the rest.", SKIN),  # two options left: no elimination to one
]


X5B_YES_NO = [
    ("No.\n\nActually, scratch that - the left angle is blunted.\n\nYes, there is a small left pleural effusion.", "Is there a pleural effusion?", "yes"),
    ("Yes. Wait - that was the old film. No, the effusion has resolved.", "Is there a pleural effusion?", "no"),
    ("A 2.4 cm solid enhancing lesion arises from the lower pole of the left kidney, suspicious for renal cell carcinoma.",
     "Is there a mass in the left kidney?", "yes"),
    ("No focal lesion in either kidney.", "Is there a mass in the left kidney?", "no"),
    ("Compressible appendix, 4 mm, no fat stranding. Findings are not suggestive of appendicitis.", "Is the appendix inflamed?", "no"),
    ("Distended gallbladder with wall thickening and pericholecystic fluid: acute cholecystitis.", "Is the gallbladder inflamed?", "yes"),
    ("| Finding | Present? |\n|---|---|\n| Pleural line | ✔ |\n| **Pneumothorax** | **Yes** |", "Is there a pneumothorax?", "yes"),
    ("| Finding | Present? |\n|---|---|\n| Effusion | No |\n| Pneumothorax | No |", "Is there a pneumothorax?", "no"),
    ("The effusion, if any, is small.", "Is there a pleural effusion?", None),
    ("Looking at the CT scan, the liver parenchyma shows", "Is there a liver lesion?", None),
]


@pytest.mark.parametrize("reply,expected", [
    ('{"evaluation": {"A": {"score": 2, "reason": "wrong"}, "B": {"score": 8, "reason": "fits"}}}', (2, 8)),
    ("A gets a 6, and B also gets a 6.", (6, 6)),
    ("説明Aとの一致度：8/10\n説明Bとの一致度：5/10", (8, 5)),
    ("描述A的相似度：3；描述B的相似度：9", (3, 9)),
])
def test_heldout5b_judge_kinds(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


# --- members of the kinds heldout6a showed, written before its fixes were checked on it ---
CARDIO = {"A": "Hypertrophic cardiomyopathy", "B": "Dilated cardiomyopathy", "C": "Restrictive cardiomyopathy", "D": "Normal heart"}
X6A_CHOICES = [
    ("* **Option A (Crohn's disease):** skip lesions would support this.\n* **Option B (Ulcerative colitis):** continuous involvement.\n"
     "* **Option C (Infectious colitis):** hard to exclude.\n\nThe continuous pattern is most suggestive of **ulcerative colitis (B)**.",
     {"A": "Crohn's disease", "B": "Ulcerative colitis", "C": "Infectious colitis"}, "B"),
    ("I was going to say C, but ... no. I'll stay with C after all.", SHAPE, "C"),
    ("Doğru cevap B şıkkıdır.", SHAPE, "B"),
    ("C seçeneği doğrudur.", SHAPE, "C"),
    ("DCM.", CARDIO, "B"),
    ("Findings of HCM with asymmetric septal hypertrophy.", CARDIO, "A"),
    ("Dawson fingers - typical of MS.", {"A": "Ischemic stroke", "B": "Brain tumor", "C": "Multiple sclerosis"}, "C"),
    ("Drusen + geographic atrophy -> AMD", {"A": "Cataract", "B": "Glaucoma", "C": "Age-related macular degeneration"}, "C"),
    ("Non-caseating granulomas, suggestive of sarcoid.", {"A": "Tuberculosis", "B": "Sarcoidosis", "C": "Lymphoma"}, "B"),
    ("Boot-shaped heart with decreased pulmonary vascularity - tetralogy.",
     {"A": "Left ventricular hypertrophy", "B": "Atrial septal defect", "C": "Tetralogy of Fallot"}, "C"),
    ("Podemos excluir A, C e D; resta a alternativa B.", {"A": "Melanoma", "B": "Blue nevus", "C": "Dermatofibroma", "D": "Pyogenic granuloma"}, "B"),
]
X6A_NON_ANSWERS = [
    ("ALL OPTIONS LOOK SIMILAR TO ME.", CARDIO),  # capitals that spell an acronym are no naming here
    ("The ms-long echo train blurs the edges.", {"A": "Ischemic stroke", "B": "Brain tumor", "C": "Multiple sclerosis"}),
]


X6A_YES_NO = [
    ("Optic disc margins are sharp with a normal cup; no disc swelling.", "Does the fundus show papilledema?", "no"),
    ("Se descarta fractura de escafoides.", "Is there a fracture of the scaphoid?", "no"),
    ("Se observa fractura del escafoides.", "Is there a fracture of the scaphoid?", "yes"),
    ("Increased echogenicity with beam attenuation, consistent with hepatic steatosis.", "Is the liver normal?", "no"),
    ("The liver is normal in size and echotexture.", "Is the liver normal?", "yes"),
    ("1. Chambers: normal.\n2. Pericardial space: looking at the posterior aspect, there is", "Is there a pericardial effusion?", None),
]


def test_heldout6a_judge_kinds():
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score

    assert parse_judge_lenient("A matches almost perfectly.\n\nTherefore: 8 out of 10 for A, 5 out of 10 for B.")[:2] == (8, 5)
    assert parse_judge_score("Mixed bag: organ right, type wrong. I'd give this a five.")[0] == 5
    assert parse_judge_score("| Criterion | Score |\n|---|---|\n| Accuracy | 7 |\n| Completeness | 5 |\n| **Overall** | **6** |")[0] == 6
    assert parse_judge_score("| Criterion | Score |\n|---|---|\n| Accuracy | 7 |\n| Completeness | 5 |")[0] is None  # no overall: no grade


# --- members of the kinds heldout6b showed, written before its fixes were checked on it ---
THYROID = {"A": "Colloid nodule", "B": "Follicular adenoma", "C": "Simple cyst", "D": "Papillary thyroid carcinoma"}
X6B_CHOICES = [
    ("honestly torn betwen B and D here... if i'm forced to pick -> D, maybe 60/40.", THYROID, "D"),
    ("Between B and C, most likely B.", THYROID, "B"),
    ("Initial impression: D - arterial hyperenhancement.\n\nBut the fill-in is centripetal. So, not D. A.", THYROID, "A"),
    ("정답: ②", THYROID, "B"),
    ("Answer: 3.", THYROID, "C"),
    ("پاسخ صحیح گزینه ۳ است: کیست ساده.", THYROID, "C"),
    ("Ledspringan är minskad. Svar: alternativ C.", THYROID, "C"),
    ("Aunque un nevo azul (C) también puede verse azulado, me inclino por la opción D.", THYROID, "D"),
    ("Findings are consistent with an acute intraparenchymal bleed.", {"A": "Ischemic stroke", "B": "Hemorrhagic stroke", "C": "Brain tumor"}, "B"),
    ("looks tubercular to me", {"A": "Tuberculosis", "B": "Sarcoidosis"}, "A"),
    ("The LA.", {"A": "Left ventricle", "B": "Right ventricle", "C": "Left atrium", "D": "Right atrium"}, "C"),
    ("No fat, so A is out. No calcification, which excludes B. By elimination, the remaining option.",
     {"A": "Lipoma", "B": "Calcified granuloma", "C": "Adenocarcinoma"}, "C"),
    ("La première : lésion symétrique.", {"A": "Benign nevus", "B": "Melanoma", "C": "Seborrheic keratosis"}, "A"),
    ("[quote]Bamboo spine.[/quote]\n[b]Answer:[/b] [color=green][size=150]A[/size][/color]", THYROID, "A"),
]
X6B_NON_ANSWERS = [
    ("Answer: 7 lesions were counted.", THYROID),  # a number that is no option's
    ("Between B and D I cannot decide.", THYROID),
]


X6B_YES_NO = [
    ("Minimally, if at all... The cortical lines are in continuity. OK - I'll say no.", "Is the fracture displaced?", "no"),
    ("Heart size within normal limits (CTR 0.45).", "Does the patient have cardiomegaly?", "no"),
    ("Ningún signo de hemorragia intracraneal.", "Is there any sign of hemorrhage?", "no"),
    ("Cup-to-disc ratio ~0.3, rim intact; optic disc appears healthy.", "Are there signs of glaucoma in this fundus image?", "no"),
    ("Ich kann leider keine medizinischen Bilder auswerten.", "Is there a fracture?", None),
]


def test_heldout6b_judge_kinds():
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score

    assert parse_judge_lenient('{"scores": {"A": {"value": 9, "reason": "x"}, "B": {"value": 1, "reason": "y"}}}')[:2] == (9, 1)
    assert parse_judge_lenient("[A] 7.5 | [B] 2.5\n\nRationale: it names 2 of the 3 findings in A.")[:2] == (7.5, 2.5)
    assert parse_judge_score("It names 2 lesions of 15 mm and 8 mm; 1 of 2 key points. Final verdict: 4.")[0] == 4


# --- members of the kinds heldout7a showed (read after it was scored once as the held-out file) ---
RING = {"A": "Glioblastoma", "B": "Brain abscess", "C": "Metastasis", "D": "Lymphoma", "E": "Tumefactive demyelination"}
X7A_CHOICES = [
    ("Option A is tempting because of the thick rim, and E can't be fully ruled out, yet the restricted diffusion is overall "
     "most consistent with option B.", RING, "B"),
    ("C is possible, but the smooth thin rim makes option B the best fit.", RING, "B"),
    ("Réponse : E.\n\nHmm non, je corrige : le diagnostic le plus probable est la pneumocystose. Réponse finale : C.", RING, "C"),
    ("Respuesta: A. Corrijo: respuesta correcta: D.", RING, "D"),
    ("Not A (no anterior ST elevation), not B (no inferior changes), not D. By elimination it must be the remaining option.",
     {"A": "Anterior MI", "B": "Inferior MI", "C": "Pericarditis", "D": "Early repolarization"}, "C"),
    ("Benignity is favored: smooth circumscribed margins.", {"A": "Benign", "B": "Malignant"}, "A"),
    ("Features raise concern for malignancy.", {"A": "Benign", "B": "Malignant"}, "B"),
]
X7A_NON_ANSWERS = [
    ("The answer is A. Actually, on reflection, it might be B. Both are plausible here.", RING),
    ("Option A is tempting, and E can't be ruled out.", RING),
]
X7A_YES_NO = [
    ("Hard to say definitively without histology, but the features are reassuring. Probably not.", "Is the lesion malignant?", "no"),
    ("Probably not, but a biopsy would settle it.", "Is the lesion malignant?", "no"),
    ("IMPRESSION:\n1. Clear lungs. No focal consolidation, effusion or pneumothorax.", "Are there signs of pneumonia?", "no"),
    ("No cardiomegaly.", "Is the heart size normal?", "yes"),
    ('{"pneumothorax_present": false, "other_findings": "none"}', "Is there a pneumothorax?", "no"),
    ('{"pneumothorax": true}', "Is there a pneumothorax?", "yes"),
]


@pytest.mark.parametrize("reply,expected", [("[4, 8]\n\nReasoning: 'smooth borders' matches B.", (4, 8)), ("[7.5, 2]", (7.5, 2))])
def test_heldout7a_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


def test_a_list_with_more_numbers_is_no_leading_pair():
    with pytest.raises(JudgeParseError):
        parse_judge_lenient("[4, 8] and later 9")


# every member above, by reader: one test each
ROUND5_CHOICES = MORE_CHOICES + X5_CHOICES + X5B_CHOICES + X6A_CHOICES + X6B_CHOICES + X7A_CHOICES
ROUND5_NON_ANSWERS = MORE_NON_ANSWERS + X5_NON_ANSWERS + X5B_NON_ANSWERS + X6A_NON_ANSWERS + X6B_NON_ANSWERS + X7A_NON_ANSWERS
ROUND5_YES_NO = X5A_YES_NO + X5B_YES_NO + X6A_YES_NO + X6B_YES_NO + X7A_YES_NO


@pytest.mark.parametrize("reply,options,expected", ROUND5_CHOICES)
def test_round5_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options", ROUND5_NON_ANSWERS)
def test_round5_non_answer_members(reply, options):
    assert extract_choice(reply, options).answer is None


@pytest.mark.parametrize("reply,question,expected", ROUND5_YES_NO)
def test_round5_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected
