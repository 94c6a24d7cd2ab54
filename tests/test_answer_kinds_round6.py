"""Round 6 reading kinds (issue 22, sections 2-3): each kind the blind file heldout8a showed the
readers missing, with members written here in other wordings, languages and shapes before the fix.

Every case is (reply, question or options, expected); a wrong letter where a non-answer is due, or
the reverse, fails. The figures on blind files are in docs/judges.md ("Answer readers, round 6").
"""

from __future__ import annotations

import pytest

from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, parse_judge_lenient
from medtrust.scorers.extract import extract_choice, extract_yes_no

THYROID = {"A": "Colloid nodule", "B": "Follicular adenoma", "C": "Papillary carcinoma", "D": "Medullary carcinoma"}
WILMS = {"A": "Wilms tumor", "B": "Neuroblastoma"}
RENAL = {"A": "Wilms tumor", "B": "Neuroblastoma", "C": "Hepatoblastoma", "D": "Renal cell carcinoma"}
EYE = {"A": "Normal", "B": "Glaucoma", "C": "Papilledema", "D": "Optic atrophy"}
LUNG = {"A": "Adenocarcinoma", "B": "Squamous cell carcinoma", "C": "Small cell carcinoma", "D": "Large cell carcinoma"}
SKIN3 = {"A": "Basal cell carcinoma", "B": "Squamous cell carcinoma", "C": "Melanoma"}
LIVER = {"A": "Hepatocellular carcinoma", "B": "Hemangioma", "C": "Focal nodular hyperplasia"}
GLIOMA = {"A": "Diffuse astrocytoma", "B": "Oligodendroglioma", "C": "Glioblastoma"}
GALL = {"A": "Gallbladder polyp", "B": "Cholelithiasis", "C": "Adenomyomatosis", "D": "Gallbladder carcinoma"}

# --- a committed answer, then another option named only as a mimic ("B can mimic ...") ---
MIMIC = [
    ("Most consistent with option C (nuclear grooves, pseudoinclusions), but clinical correlation is recommended as B can mimic "
     "some of these features on frozen section.", THYROID, "C"),
    ("Best fit: option A; note that C may mimic this pattern.", THYROID, "A"),
    ("Most consistent with C; correlate clinically since D can mimic it.", THYROID, "C"),
    ("Favour D. A can look similar on a single view, so correlate clinically.", THYROID, "D"),
    ("Findings most in keeping with B, although D can occasionally look identical.", THYROID, "B"),
    ("Am ehesten Option C; B kann jedoch ähnlich aussehen.", THYROID, "C"),
    ("Lo más compatible es la opción A, aunque B puede simular estos hallazgos.", THYROID, "A"),
    ("Most likely option B. Keep in mind that A may present similarly.", THYROID, "B"),
    ("I'd go with option D here; C could resemble it on a small biopsy.", THYROID, "D"),
    ("Option A fits best. B might mimic it when the capsule is not sampled.", THYROID, "A"),
]

# --- "Between A and B - B": the pair posed, then the one chosen ---
PAIR_THEN_ANSWER = [
    ("Between A and B — B. The mass crosses the midline, encases the aorta and has coarse calcifications.", WILMS, "B"),
    ("Between A and B: B.", WILMS, "B"),
    ("Of A and B, B.", WILMS, "B"),
    ("A or B? B, given the calcifications.", WILMS, "B"),
    ("Zwischen A und B — B.", WILMS, "B"),
    ("Entre A y B: A.", WILMS, "A"),
    ("Choosing between A and B - A, because it respects the midline.", WILMS, "A"),
    ("Entre A et B : B, à cause des calcifications.", WILMS, "B"),
    ("Tra A e B — A.", WILMS, "A"),
    ("Between B and D — D, the renal origin is clear.", RENAL, "D"),
]
PAIR_NOT_ANSWERED = [
    ("Between A and B, A is ruled out by the calcifications; I can't say more.", RENAL),  # an elimination with four options
    ("Between A and B — I can't decide from this image.", WILMS),
    ("A or B? Hard to say without contrast.", WILMS),
]

# --- a yes/no given as a belief: "I don't think so", "I believe so" ---
BELIEF = [
    ("I don't think so. The cortex looks intact throughout, though a non-displaced fracture cannot be completely excluded on a "
     "single view.", "no"),
    ("I don't think so.", "no"),
    ("I do not think so; the cortical outline is smooth.", "no"),
    ("Not that I can see.", "no"),
    ("Not as far as I can tell - the trabeculae are continuous.", "no"),
    ("I doubt it. The cortex is smooth.", "no"),
    ("I wouldn't say so.", "no"),
    ("Je ne pense pas. La corticale est intacte.", "no"),
    ("Je ne crois pas.", "no"),
    ("Ich glaube nicht. Die Kortikalis ist intakt.", "no"),
    ("Eher nicht.", "no"),
    ("No lo creo.", "no"),
    ("Acho que não.", "no"),
    ("Non credo, la corticale è integra.", "no"),
    ("Ik denk het niet.", "no"),
    ("Не думаю.", "no"),
    ("I don't think so, although an occult fracture can't be ruled out.", "no"),
    ("I would say so — there's a subtle lucency at the scaphoid waist.", "yes"),
    ("I believe so, though a CT would confirm.", "yes"),
    ("I'd say so.", "yes"),
    ("Ich glaube schon.", "yes"),
    ("Je pense que oui, il y a un trait de fracture.", "yes"),
    ("Credo di sì.", "yes"),
    ("Ik denk het wel.", "yes"),
]

# --- CJK option words and bare letters right after CJK text ---
CJK_LETTERS = [
    ("画像所見（視神経乳頭の境界不鮮明・腫脹）から、最も考えられるのは選択肢Cです。", EYE, "C"),
    ("最も考えられるのは選択肢Bです。", EYE, "B"),
    ("正解は選択肢Aと考えます。", EYE, "A"),
    ("最可能的是选项C。", EYE, "C"),
    ("答案是选项D。", EYE, "D"),
    ("最も考えられる診断はC（乳頭浮腫）です。", EYE, "C"),
    ("診断はBです。", EYE, "B"),
    ("我认为是选项B，视杯扩大。", EYE, "B"),
    ("가장 가능성이 높은 진단은 선택지 D입니다.", EYE, "D"),
]

# --- an acronym two options share by their initials: the field's usage decides ---
ACRONYMS = [
    ("SCC — note the keratin pearls and intercellular bridges.", LUNG, "B"),
    ("SCC.", LUNG, "B"),
    ("Looks like SCC to me (keratinisation).", LUNG, "B"),
    ("Favour SCLC: nuclear moulding, salt-and-pepper chromatin.", LUNG, "C"),
    ("LCC, undifferentiated sheets.", LUNG, "D"),
    ("BCC (pearly border, arborising vessels).", SKIN3, "A"),
    ("This is an SCC.", SKIN3, "B"),
    ("HCC: arterial enhancement with washout.", LIVER, "A"),
    ("FNH with central scar.", LIVER, "C"),
]

# --- a bare ordinal after an elided article ("L'ultima.") ---
ORDINALS = [
    ("L'ultima.", GLIOMA, "C"),
    ("L’ultima.", GLIOMA, "C"),
    ("L'ultimo.", GLIOMA, "C"),
    ("La última.", GLIOMA, "C"),
    ("La dernière.", GLIOMA, "C"),
    ("L'avant-dernière.", GLIOMA, "B"),
    ("Die letzte.", GLIOMA, "C"),
    ("La prima.", GLIOMA, "A"),
]

# --- the one option left, named only as "the remaining option" ---
REMAINING = [
    ("Ruling out A (shadowing present), B (no mobility, it's wall-based), and D (no mass or invasion), we're left with the "
     "remaining option.", GALL, "C"),
    ("Having excluded A, C and D, the remaining choice is my answer.", GALL, "B"),
    ("Descartadas A, B y D, queda la opción restante.", GALL, "C"),
    ("A, B und D scheiden aus, bleibt die übrige Option.", GALL, "C"),
    ("We can exclude A (no polyp stalk), C (no comet-tail artefact), and D (no wall invasion); the remaining one is the answer.", GALL, "B"),
    ("Excluding B, C, and D leaves the other option.", GALL, "A"),
    ("A, B and D don't fit, so the remaining one it is.", GALL, "C"),
]

# --- stated answers, then a bare alternative or an undecided close: no single answer ---
FLIP_FLOP = [
    ("Answer: A\n\nActually, on reflection the answer is C. Hmm, no, A fits better. Or C.", RENAL),
    ("The answer is B. Or maybe D.", RENAL),
    ("A. Or C.", RENAL),
    ("Answer: B... or possibly A, hard to say.", RENAL),
    ("I'd go with C. Or D. Not sure.", RENAL),
    ("Antwort: A. Oder C.", RENAL),
    ("Réponse : B. Ou peut-être D.", RENAL),
]
NOT_FLIP_FLOP = [
    ("The answer is B. Or, put differently, neuroblastoma.", RENAL, "B"),
    ("Answer: C. Or in words: hepatoblastoma.", RENAL, "C"),
    ("The answer is C. Option A is less likely.", RENAL, "C"),
    ("Answer: D. Or rather, D is the only one that arises from the kidney itself.", RENAL, "D"),
]
YES_NO_FLIP = [
    ("Yes. No. It's unclear.", "Is there pneumonia?"),
    ("Yes... no... I can't tell.", "Is there pneumonia?"),
    ("Yes - or no, hard to say.", "Is there pneumonia?"),
    ("Ja. Nein. Unklar.", "Is there pneumonia?"),
    ("No. Yes? Honestly it's unclear.", "Is there pneumonia?"),
    ("Sí. No. No está claro.", "Is there pneumonia?"),
]
YES_NO_NOT_FLIP = [
    ("Yes. There is a right lower lobe consolidation.", "Is there pneumonia?", "yes"),
    ("No. It's unclear why the radiologist suspected it; the lungs are clear.", "Is there pneumonia?", "no"),
    ("No. The lungs are clear; no, there is no consolidation.", "Is there pneumonia?", "no"),
]

# --- "Is the heart size normal?" answered by a finding of enlargement ---
ORGAN_SIZE = [
    ("Cardiomegaly noted.", "Is the heart size normal?", "no"),
    ("There is cardiomegaly.", "Is the heart size normal?", "no"),
    ("Mild cardiomegaly.", "Is the heart size normal?", "no"),
    ("Enlarged cardiac silhouette.", "Is the heart size normal?", "no"),
    ("Kardiomegalie.", "Is the heart size normal?", "no"),
    ("Cardiomegalia presente.", "Is the heart size normal?", "no"),
    ("Heart size within normal limits.", "Is the heart size normal?", "yes"),
    ("No cardiomegaly.", "Is the heart size normal?", "yes"),
    ("Hepatomegaly noted.", "Is the liver size normal?", "no"),
    ("Splenomegaly is seen.", "Is the spleen normal in size?", "no"),
    ("No splenomegaly; the spleen measures 10 cm.", "Is the spleen normal in size?", "yes"),
]

# --- MediConfusion judge replies ---
JUDGE = [
    ("Description A deserves a seven, while description B merits a three.", (7, 3)),
    ("A merits an eight and B warrants a two.", (8, 2)),
    ("(A) 3.5 — (B) 7.5", (3.5, 7.5)),
    ("(A) 6 | (B) 2", (6, 2)),
    ("[A] 4 [B] 9", (4, 9)),
    ("(B) 7 — (A) 1", (1, 7)),
]


# ===== kinds of heldout9a (read after its one blind scoring), members written before each fix =====
SIDE = {"A": "Left", "B": "Right"}
NODULE = {"A": "Benign", "B": "Malignant"}
HISTO = {"A": "Squamous cell carcinoma", "B": "Adenocarcinoma", "C": "Small cell carcinoma", "D": "Large cell carcinoma"}
ABDOMEN = {"A": "Hepatomegaly", "B": "Splenomegaly", "C": "Ascites", "D": "Normal abdomen"}
INFLAM = {"A": "Acute inflammation", "B": "Chronic inflammation", "C": "Granulomatous inflammation", "D": "Necrosis"}
ADRENAL = {"A": "Adrenal carcinoma", "B": "Adrenal adenoma", "C": "Pheochromocytoma", "D": "Metastasis"}
BONE = {"A": "Osteomyelitis", "B": "Osteosarcoma", "C": "Non-ossifying fibroma", "D": "Ewing sarcoma"}
XRAY = {"A": "Fracture", "B": "Dislocation", "C": "Osteolytic lesion", "D": "No abnormality"}
FRACTURE = {"A": "Transverse", "B": "Oblique", "C": "Spiral"}

X9A_CHOICES = [
    # a hedge ending in a question mark ("Right side, I think?") asks nothing back: the answer stated after it counts
    ("Right side, I think? The image orientation isn't labelled, so I'm assuming standard radiological convention. On that "
     "assumption the abnormality is on the patient's right: B.", SIDE, "B"),
    ("Left, maybe? Without a marker I'm assuming the usual orientation; on that basis: A.", SIDE, "A"),
    ("Benign, I guess? Smooth margins and central calcification, so my answer is A.", NODULE, "A"),
    # an option's text followed by "of": "adenocarcinoma of the lung" names it ("of" is Dutch "or" only between options)
    ("Glandular structures with intracytoplasmic mucin, no keratin pearls — this is an adenocarcinoma of the lung.", HISTO, "B"),
    ("Squamous cell carcinoma of the bronchus, given the keratin pearls.", HISTO, "A"),
    ("Small cell carcinoma of the lung: nuclear moulding and scant cytoplasm.", HISTO, "C"),
    # an organ called enlarged names its -megaly
    ("Enlarged spleen (~18 cm craniocaudal) with a normal-sized liver and no free fluid.", ABDOMEN, "B"),
    ("The liver is enlarged, spanning 21 cm; the spleen is normal.", ABDOMEN, "A"),
    ("Splenic enlargement without ascites.", ABDOMEN, "B"),
    # a condition's adjective named by its noun: "granulomas" names "Granulomatous inflammation"
    ("Well-formed, non-caseating granulomas composed of epithelioid histiocytes with Langhans-type giant cells.", INFLAM, "C"),
    ("Sheets of neutrophils with fibrin: acute.", INFLAM, "A"),
    # eliminated by text, then "the remaining one"
    ("It's small, homogeneous and <10 HU. That's not carcinoma, not a pheochromocytoma and not a metastasis, so it must be the "
     "remaining one.", ADRENAL, "B"),
    ("Not a metastasis, not an adenoma, not a carcinoma: the remaining option.", ADRENAL, "C"),
    ("No es un carcinoma, ni un feocromocitoma, ni una metástasis; queda la opción restante.", ADRENAL, "B"),
    # an elimination verb in the conditional, and a bare ordinal before a copula
    ("Escluderei la prima e la seconda: non ci sono reazione periostale né distruzione corticale. Tra le rimanenti, la terza è "
     "la più coerente.", BONE, "C"),
    ("Descartaría la primera y la segunda. Entre las restantes, la tercera es la más probable.", BONE, "C"),
    ("I'd exclude the first and the second; of the other two, the third is the best fit.", BONE, "C"),
    ("Ich würde die erste ausschließen; die zweite ist am wahrscheinlichsten.", BONE, "B"),
]
X9A_NON_ANSWERS = [
    # refusals that name an option's words while declining
    ("I can see a rounded opacity of about 2 cm, but I'm not qualified to say whether it represents a malignancy, and I'd rather "
     "not choose between the options. Please have it reviewed by a pulmonologist.", NODULE, "refusal"),
    ("I'd rather not pick one of these; benign and malignant nodules can look the same.", NODULE, "refusal"),
    ("I am not qualified to determine whether this is malignant.", NODULE, "refusal"),
    # a black or empty image
    ("Das Bild ist leider vollständig schwarz – ich kann darauf nichts erkennen und daher keine Beurteilung abgeben.", XRAY, "refusal"),
    ("L'image est entièrement noire, je ne peux rien distinguer.", XRAY, "refusal"),
    ("La imagen está completamente negra; no puedo ver nada.", XRAY, "refusal"),
    ("The image appears completely black, so I can't see anything to evaluate.", XRAY, "refusal"),
    ("L'immagine è completamente nera: non riesco a vedere nulla.", XRAY, "refusal"),
    # an answer, then undecided between it and another
    ("**Answer: B**\n\nHmm, wait — the line seems to wrap around the shaft, which would make it spiral. But on this projection "
     "it could just as well be oblique. B or C, I really can't tell from one view.", FRACTURE, "unparseable"),
    ("Answer: A. Though honestly A or B, it's hard to say.", FRACTURE, "unparseable"),
    ("C. Then again, B or C - I'm not sure.", FRACTURE, "unparseable"),
]
X9A_NOT_UNDECIDED = [
    ("Answer: B. The exact mechanism I can't tell from one view, but it is oblique.", FRACTURE, "B"),
    ("Answer: C. A is unlikely; I can't say how old the fracture is.", FRACTURE, "C"),
]
X9A_YES_NO = [
    # a whole study called negative or normal answers "any abnormality?"
    ("Ventricles and sulci are age-appropriate. Gray-white differentiation is preserved. No hemorrhage, mass effect, or extra-axial "
     "collection.\n\nIMPRESSION: Negative non-contrast head CT.", "Are there any abnormalities in the brain?", "no"),
    ("Impression: normal study.", "Are there any abnormalities in the brain?", "no"),
    ("IMPRESSION: Negative MRI of the lumbar spine.", "Is there any abnormality?", "no"),
    # "Is X clear?" is a question about normality
    ("No focal opacity, nodule, or effusion is identified in either lung.", "Is the lung field clear?", "yes"),
    ("There is a dense consolidation in the right lower lobe.", "Is the lung field clear?", "no"),
    ("Yes, the lungs are clear.", "Are the lungs clear?", "yes"),
    # normal anatomy described by its signs
    ("Optic disc with sharp margins, C/D ratio 0.3. Macula and vessels within normal limits; no hemorrhages, exudates, or "
     "neovascularization.", "Is the retina normal?", "yes"),
    ("Disc margins sharp. Macula within normal limits.", "Is the fundus normal?", "yes"),
    # a generic abnormality question answered by a finding
    ("Complete tear of the anterior cruciate ligament with bone bruising of the lateral femoral condyle and posterolateral tibial "
     "plateau.", "Is there an abnormality in the knee?", "yes"),
    ("Displaced fracture of the distal radius.", "Is there any abnormality?", "yes"),
    ("A 3 cm mass in the right upper lobe.", "Are there any abnormalities?", "yes"),
    ("Small left pleural effusion.", "Is there an abnormality in the chest?", "yes"),
    ("No fracture, dislocation or effusion.", "Is there an abnormality in the knee?", "no"),
]
X9A_YES_NO_NON_ANSWERS = [
    ("The image quality is too poor (heavily compressed, low resolution, and out of focus) for me to assess whether diabetic "
     "retinopathy is present. I cannot answer this question from this image.", "Is there diabetic retinopathy?", "refusal"),
    ("I cannot answer this question from the image provided.", "Is there a fracture?", "refusal"),
    ("The image quality is insufficient to evaluate for a fracture.", "Is there a fracture?", "refusal"),
    ("Yes. Actually, no — on second thought, I'm not sure. The blunting could go either way.", "Is there a pleural effusion?",
     "unparseable"),
    ("No. Well, maybe yes - it could go either way.", "Is there a pleural effusion?", "unparseable"),
    ("The answer is yes if you count the small subsegmental opacity at the left base, and no if you only consider lobar "
     "consolidation.", "Is there consolidation?", "unparseable"),
    ("Yes if the opacity is counted; otherwise no.", "Is there consolidation?", "unparseable"),
    ("左侧肋膈角稍钝，可能是少量胸腔积液，也可能只是胸膜增厚，两种情况都有可能。", "Is there a pleural effusion?", "unparseable"),
    ("Could be a small effusion or just pleural thickening; both are equally possible.", "Is there a pleural effusion?", "unparseable"),
]
X9A_JUDGE = [
    ("I'd give description A a seven and description B a two, since the answer never mentions the nodules described in B.", (7, 2)),
    ("I would give A a nine and B a one.", (9, 1)),
    ("Match with A ≈ 2.5; match with B ≈ 8.5. The answer's emphasis on the target sign decides.", (2.5, 8.5)),
    ("A ~ 6, B ~ 3", (6, 3)),
]


@pytest.mark.parametrize("reply,options,expected", X9A_CHOICES + X9A_NOT_UNDECIDED)
def test_heldout9a_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options,status", X9A_NON_ANSWERS)
def test_heldout9a_non_answer_members(reply, options, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,question,expected", X9A_YES_NO)
def test_heldout9a_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,question,status", X9A_YES_NO_NON_ANSWERS)
def test_heldout9a_yes_no_non_answers(reply, question, status):
    e = extract_yes_no(reply, question=question)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,expected", X9A_JUDGE)
def test_heldout9a_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


# ===== kinds of heldout9b (read after its one blind scoring), members written before each fix =====
THYROID_NODULE = {"A": "Benign", "B": "Malignant"}
ORGAN5 = {"A": "Thyroid", "B": "Kidney", "C": "Liver", "D": "Lung", "E": "Parathyroid"}
LIVER4 = {"A": "Hepatocellular carcinoma", "B": "Focal nodular hyperplasia", "C": "Metastasis", "D": "Hemangioma"}
KNEE = {"A": "Normal knee", "B": "Osteoarthritis", "C": "Rheumatoid arthritis"}
ECG = {"A": "Myocardial infarction", "B": "Pericarditis", "C": "Left bundle branch block"}
MAMMO = {"A": "Normal", "B": "Benign", "C": "Malignant"}
LEG = {"A": "Cellulitis", "B": "Abscess", "C": "Necrotizing fasciitis", "D": "Lymphedema", "E": "Deep vein thrombosis"}
CXR = {"A": "Normal", "B": "Pneumonia", "C": "Pneumothorax", "D": "Pleural effusion"}
LUNG_CA = {"A": "Small cell carcinoma", "B": "Squamous cell carcinoma", "C": "Adenocarcinoma"}

X9B_CHOICES = [
    # a hedge, "but", then a bare letter
    ("Hard to say for certain from a single transverse image, but B.", THYROID_NODULE, "B"),
    ("Difficult to be sure; however, A.", THYROID_NODULE, "A"),
    ("I can't be certain, but (B).", THYROID_NODULE, "B"),
    ("Schwer zu sagen, aber B.", THYROID_NODULE, "B"),
    ("Difícil de decir, pero A.", THYROID_NODULE, "A"),
    # a letter named as the second thought or runner-up
    ("Colloid-filled follicles — this is most consistent with thyroid (A). Parathyroid (E) was my second thought because of a few "
     "small cells at the edge, but the colloid really tips it toward A.", ORGAN5, "A"),
    ("Thyroid (A). Parathyroid (E) would be my second choice.", ORGAN5, "A"),
    ("I'd say C; B is a close second.", ORGAN5, "C"),
    ("Answer: D. Runner-up: A.", ORGAN5, "D"),
    # a labelled line of alternatives after the answer
    ("Most consistent with: Option D (hemangioma).\nAlternative consideration: focal nodular hyperplasia (Option B), though FNH "
     "usually enhances homogeneously.", LIVER4, "D"),
    ("Most likely: D\nDifferential: B, C", LIVER4, "D"),
    ("**Diagnosis:** hemangioma (D)\n**Less likely:** metastasis (C)", LIVER4, "D"),
    # Thai answer phrases and a footnote star after the letter
    ("คำตอบคือข้อ B* — ข้อเข่าเสื่อม เห็นช่องข้อด้านในแคบลง", KNEE, "B"),
    ("คำตอบ: C", KNEE, "C"),
    ("ตัวเลือก B ถูกต้อง", KNEE, "B"),
    ("The answer is C*\n\n*based on the erosions.", KNEE, "C"),
    # an option named by a clinical synonym
    ("Findings are consistent with an acute anterior STEMI: ST elevation in V1–V4 with reciprocal depression.", ECG, "A"),
    ("NSTEMI pattern with diffuse ST depression.", ECG, "A"),
    ("It looks cancerous — irregular shape, spiculated margins and architectural distortion.", MAMMO, "C"),
    ("Looks non-cancerous: oval, circumscribed, no distortion.", MAMMO, "B"),
    ("A malignancy is the main concern here.", MAMMO, "C"),
    ("Non-small cell morphology with gland formation: adenocarcinoma.", LUNG_CA, "C"),
    # an option by its number after "#"
    ("Honestly #4 — non-pitting, woody induration with peau d'orange skin.", LEG, "D"),
    ("Going with #2.", LEG, "B"),
    ("#5, given the calf swelling and the positive compression test.", LEG, "E"),
]
X9B_NON_ANSWERS = [
    ("For the first image the answer is A; for the second image it is C.", CXR, "unparseable"),
    ("Left image: B. Right image: D.", CXR, "unparseable"),
    ("In the upper panel it's C, in the lower panel A.", CXR, "unparseable"),
]
X9B_YES_NO = [
    # a negative list before "are seen" states every finding absent
    ("The fundus is within normal limits: no microaneurysms, dot-blot hemorrhages or hard exudates are seen, and the macula appears "
     "healthy.", "Is there evidence of diabetic retinopathy?", "no"),
    ("No filling defects, wall thickening or collections are identified.", "Is there a pulmonary embolism?", "no"),
    # "Is X involved by Y?" asks about Y
    ("Lymph node with metastatic adenocarcinoma (largest focus 6 mm) and extranodal extension.",
     "Is the lymph node involved by metastatic carcinoma?", "yes"),
    ("Reactive lymph node; no metastatic carcinoma identified.", "Is the lymph node involved by metastatic carcinoma?", "no"),
    ("The bone marrow is infiltrated by lymphoma.", "Is the marrow affected by lymphoma?", "yes"),
    # a finding named by a synonym in another language
    ("Foie de taille normale, d'échostructure homogène, sans lésion focale décelable.", "Is there a mass in the liver?", "no"),
    ("Hígado sin lesiones focales.", "Is there a mass in the liver?", "no"),
    ("Leber ohne fokale Läsion.", "Is there a mass in the liver?", "no"),
]
X9B_YES_NO_NON_ANSWERS = [
    # a stated yes/no contradicted by the reply's own statement of the finding
    ("Answer: Yes\n\nThe pulmonary arteries opacify normally down to the subsegmental level with no filling defects; there is no "
     "evidence of pulmonary embolism.", "Is there a pulmonary embolism?", "unparseable"),
    ("No.\n\nThere is a large right pneumothorax with mediastinal shift.", "Is there a pneumothorax?", "unparseable"),
]
X9B_YES_NO_KEPT = [
    ("Yes. There is a small right pleural effusion; no pneumothorax.", "Is there a pleural effusion?", "yes"),
    ("No. The costophrenic angles are sharp and there is no pleural effusion.", "Is there a pleural effusion?", "no"),
    ("Yes — a pneumothorax, without signs of tension.", "Is there a pneumothorax?", "yes"),
    ("No, I don't think so. It looks more like pseudopapilledema.", "Does this fundus photograph show papilledema?", "no"),
]


@pytest.mark.parametrize("reply,options,expected", X9B_CHOICES)
def test_heldout9b_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options,status", X9B_NON_ANSWERS)
def test_heldout9b_non_answer_members(reply, options, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,question,expected", X9B_YES_NO + X9B_YES_NO_KEPT)
def test_heldout9b_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,question,status", X9B_YES_NO_NON_ANSWERS)
def test_heldout9b_yes_no_non_answers(reply, question, status):
    e = extract_yes_no(reply, question=question)
    assert (e.answer, e.status) == (None, status)


# ===== kinds of heldout10a (read after its one blind scoring), members written before each fix =====
MODALITY = {"A": "CT", "B": "MRI", "C": "X-ray", "D": "Ultrasound"}
STAIN = {"A": "Hematoxylin and eosin", "B": "Periodic acid-Schiff", "C": "Masson trichrome", "D": "Immunohistochemistry"}
COUNT = {"A": "One", "B": "Two", "C": "Three", "D": "Four"}
COUNT_DIGITS = {"A": "1", "B": "2", "C": "3", "D": "4"}
HEPATIC = {"A": "Cyst", "B": "Hemangioma", "C": "Hepatocellular carcinoma", "D": "Metastasis"}
LOBE = {"A": "Right upper lobe", "B": "Right middle lobe", "C": "Left upper lobe", "D": "Right lower lobe"}

X10A_CHOICES = [
    # Cyrillic letters that have no Latin look-alike, by their place in the alphabet: Б is the second
    ("Ответ: Б (МРТ). На изображении высокая контрастность мягких тканей.", MODALITY, "B"),
    ("Правильный ответ — Б.", MODALITY, "B"),
    ("Відповідь: Б", MODALITY, "B"),
    ("Ответ: Г (УЗИ).", MODALITY, "D"),
    # a stain or technique by its abbreviation
    ("It's an H&E stain — pink cytoplasm and blue-purple nuclei, no special staining pattern.", STAIN, "A"),
    ("PAS-positive material in the basement membranes.", STAIN, "B"),
    ("This is IHC (brown DAB chromogen).", STAIN, "D"),
    # a count in digits for an option in words, and the reverse
    ("There are 3 ring-enhancing lesions.", COUNT, "C"),
    ("I count 2 nodules.", COUNT, "B"),
    ("Three lesions are visible.", COUNT_DIGITS, "C"),
    ("There are four.", COUNT_DIGITS, "D"),
]
X10A_NON_ANSWERS = [
    # a decline that names a letter only to say what choosing would mean
    ("I must decline. Selecting option C or any other would amount to a medical diagnosis, which I'm not qualified to give.",
     HEPATIC, "refusal"),
    ("I have to decline: picking B would be a diagnosis.", HEPATIC, "refusal"),
    ("I decline to choose; choosing D or any other option would be a medical judgement.", HEPATIC, "refusal"),
    # two options stated, then undecided between them: several answers, not a refusal
    ("It's B or D — I can't decide between middle and lower lobe without a lateral view.", LOBE, "unparseable"),
    ("Either A or C; I can't tell which from this view.", LOBE, "unparseable"),
]
X10A_STILL_REFUSALS = [
    ("I can't tell whether A or B applies from this image.", LOBE, "refusal"),
    ("I can't decide between B and D without a lateral view.", LOBE, "refusal"),
]
X10A_YES_NO = [
    # "non-" on the finding's own word denies it; on another word it does not
    ("Non-obstructive bowel gas pattern.", "Is there bowel obstruction?", "no"),
    ("Nonobstructive bowel gas pattern.", "Is there a bowel obstruction?", "no"),
    ("Non-displaced fracture of the distal radius.", "Is there a fracture?", "yes"),
    ("Non-enhancing cyst; no mass.", "Is there a mass?", "no"),
]
X10A_YES_NO_NON_ANSWERS = [
    ("Hard to say. It could be yes, it could be no — the costophrenic angles are partly cut off in this image.",
     "Is there a pleural effusion?", "unparseable"),
    ("Maybe yes, maybe no; the angle is cut off.", "Is there a pleural effusion?", "unparseable"),
]
X10A_JUDGE = [
    ("Description B matches poorly (2/10) since it describes a left-sided lesion. Description A matches well (9/10): same location.",
     (9, 2)),
    ("Option A fits well (8 out of 10); option B barely (1 out of 10).", (8, 1)),
    ("(7, 3)", (7, 3)),
    ("(6.5, 2)\nThe answer mentions the cavity.", (6.5, 2)),
]


@pytest.mark.parametrize("reply,options,expected", X10A_CHOICES)
def test_heldout10a_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options,status", X10A_NON_ANSWERS + X10A_STILL_REFUSALS)
def test_heldout10a_non_answer_members(reply, options, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,question,expected", X10A_YES_NO)
def test_heldout10a_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,question,status", X10A_YES_NO_NON_ANSWERS)
def test_heldout10a_yes_no_non_answers(reply, question, status):
    e = extract_yes_no(reply, question=question)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,expected", X10A_JUDGE)
def test_heldout10a_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


# ===== kinds of heldout10b (read after its one blind scoring), members written before each fix =====
LUNG5 = {"A": "Adenocarcinoma", "B": "Squamous cell carcinoma", "C": "Small cell carcinoma", "D": "Large cell carcinoma",
         "E": "Carcinoid tumor"}
OA = {"A": "None", "B": "Mild", "C": "Severe"}
SUBTYPE = {"A": "Squamous cell carcinoma", "B": "Adenocarcinoma", "C": "Small cell carcinoma", "D": "Large cell carcinoma"}
BLEED = {"A": "急性硬膜下血腫", "B": "急性硬膜外血腫", "C": "くも膜下出血", "D": "脳挫傷"}
ARROW = {"A": "Caudate lobe", "B": "Pancreatic head", "C": "Duodenum", "D": "Gallbladder"}
MAIN = {"A": "Pleural effusion", "B": "Pneumothorax", "C": "Consolidation", "D": "Normal"}

X10B_CHOICES = [
    # a labelled answer with a bracketed note
    ("Observations:\n- Sheets of small cells, scant cytoplasm\n\nCarcinoid tumor (E) shares the chromatin pattern, but the mitotic "
     "rate argues against it. Without Ki-67 I can't be 100% sure.\n\nFinal: C (moderate confidence)", LUNG5, "C"),
    ("Answer: B (low confidence)", LUNG5, "B"),
    ("Final answer: D (confidence 70%)", LUNG5, "D"),
    ("Antwort: A (ziemlich sicher)", LUNG5, "A"),
    # an answer, then "but I'm not sure"
    ("I think it is B, but I am not sure.", OA, "B"),
    ("Probably C, but I'm not certain.", OA, "C"),
    ("It's A — though I could be wrong.", OA, "A"),
    ("My guess is B; not 100% sure.", OA, "B"),
    # a clipped name of an option
    ("adeno (gland formation + intracytoplasmic mucin vacuoles, no keratinization)", SUBTYPE, "B"),
    ("Adeno ca.", SUBTYPE, "B"),
    ("Squamous — keratin pearls everywhere.", SUBTYPE, "A"),
    # an option's number after a CJK marker, before CJK text
    ("凸レンズ状の高吸収域で、頭蓋骨骨折を伴います。正解は②です。", BLEED, "B"),
    ("答案是③。", BLEED, "C"),
    ("정답은 ②번입니다.", BLEED, "B"),
    # a letter with its own option's text in brackets
    ("Answer: A (Pleural effusion)", MAIN, "A"),
    ("Answer: B (pneumothorax)", MAIN, "B"),
]
X10B_NON_ANSWERS = [
    ("No image was provided. [Unable to answer]", ARROW, "refusal"),
    ("[Unable to answer]", ARROW, "refusal"),
    ("No image attached, so I am unable to respond.", ARROW, "refusal"),
    # a letter whose bracketed text is another option's: no single answer
    ("Answer: B (Pleural effusion)", MAIN, "unparseable"),
    ("The answer is C (pneumothorax).", MAIN, "unparseable"),
]
X10B_YES_NO = [
    ("I think yes, but I'm not sure.", "Is there a pleural effusion?", "yes"),
    ("No, I don't think so, but I'm not certain.", "Is there a pleural effusion?", "no"),
    # "Is X abnormal?" asks about any abnormality
    ("The liver appears unremarkable.", "Is the liver abnormal?", "no"),
    ("There is a large left pleural effusion.", "Is this chest X-ray abnormal?", "yes"),
    ("Normal study.", "Is the brain MRI abnormal?", "no"),
    # a finding with another age or kind than the question's
    ("Acute fracture ruled out. There is an old, healed fracture deformity of the fifth metacarpal neck with remodeling.",
     "Is there an acute fracture?", "no"),
    ("Old healed rib fracture; no acute fracture.", "Is there an acute fracture?", "no"),
    ("Chronic subdural hematoma; no acute hemorrhage.", "Is there acute hemorrhage?", "no"),
    ("Acute fracture of the distal radius.", "Is there an acute fracture?", "yes"),
    # "I don't see X"
    ("The optic disc margins are sharp, there's no disc elevation and no peripapillary hemorrhages. So I don't see papilledema here.",
     "Does this patient have papilledema?", "no"),
    ("I do not see a fracture here.", "Is there a fracture?", "no"),
    ("We do not identify any effusion.", "Is there a pleural effusion?", "no"),
    ("The image doesn't show a pneumothorax.", "Is there a pneumothorax?", "no"),
    # "not subtle" affirms
    ("The septum pellucidum is displaced roughly 8 mm to the left — the midline shift is not subtle here.", "Is there a midline shift?",
     "yes"),
    ("The effusion is not small: it fills half the hemithorax.", "Is there a pleural effusion?", "yes"),
]
X10B_JUDGE = [
    ("Having compared the answer with both descriptions, A receives a score of seven and B receives a score of four.", (7, 4)),
    ("A receives a score of 6 and B a score of 2.", (6, 2)),
]


@pytest.mark.parametrize("reply,options,expected", X10B_CHOICES)
def test_heldout10b_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options,status", X10B_NON_ANSWERS)
def test_heldout10b_non_answer_members(reply, options, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,question,expected", X10B_YES_NO)
def test_heldout10b_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,expected", X10B_JUDGE)
def test_heldout10b_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


# ===== kinds of heldout11a and heldout11b (read after their one blind scoring), members written before each fix =====
DUCT = {"A": "Common bile duct", "B": "Pancreatic duct", "C": "Portal vein", "D": "Hepatic artery"}
HEAD = {"A": "Subdural hematoma", "B": "Epidural hematoma", "C": "Subarachnoid hemorrhage", "D": "Normal"}
US = {"A": "Acute cholecystitis", "B": "Cholelithiasis", "C": "Gallbladder polyp", "D": "Adenomyomatosis"}
ILD = {"A": "Usual interstitial pneumonia (UIP)", "B": "Nonspecific interstitial pneumonia (NSIP)", "C": "Hypersensitivity pneumonitis"}
CHEST3 = {"A": "Pleural effusion", "B": "Pneumothorax", "C": "Normal chest"}
DWI = {"A": "Hemorrhagic stroke", "B": "Ischemic stroke", "C": "Brain tumor", "D": "Normal brain"}
RENAL_US = {"A": "Kidney stone", "B": "Renal cyst", "C": "Renal cell carcinoma", "D": "Angiomyolipoma"}
PIGMENT = {"A": "Benign nevus", "B": "Melanoma"}
ARTHRITIS = {"A": "Osteoarthritis", "B": "Rheumatoid arthritis", "C": "Septic arthritis"}
CAVITY = {"A": "Lung abscess", "B": "Aspergilloma", "C": "Cavitating squamous cell carcinoma", "D": "Pneumatocele"}

X11_CHOICES = [
    ("None of A, C or D fit — the tubular structure runs through the pancreatic head. The remaining choice is correct.", DUCT, "B"),
    ("Neither A nor B nor C fits, so the remaining one.", DUCT, "D"),
    ("prob B? shadowing echogenic focus that moves w/ position. maybe C tho if it doesnt move.. going B", US, "B"),
    ("hmm A or D... going D", US, "D"),
    ("I can't be entirely confident from one slice, but the pattern is most consistent with usual interstitial pneumonia. Among the "
     "options, that's **A**.\n\nNSIP (B) tends to spare the subpleural region, and I don't see the mosaic attenuation of HP (C).", ILD, "A"),
    ("Answer: C. B typically shows ground glass, A usually honeycombing.", ILD, "C"),
    ("Ответ: А — правосторонний плевральный выпот.", CHEST3, "A"),
    ("Ответ: В — пневмоторакс.", CHEST3, "B"),
    ("Acute infarct in the left MCA territory (restricted diffusion with low ADC).", DWI, "B"),
    ("Intraparenchymal hemorrhage in the left basal ganglia.", DWI, "A"),
    ("Nephrolithiasis: echogenic focus with posterior acoustic shadowing and twinkling artifact.", RENAL_US, "A"),
    ("A renal calculus in the lower pole.", RENAL_US, "A"),
    ("Malignant melanocytic lesion: asymmetric, irregular notched borders, three colours.", PIGMENT, "B"),
    ("最初の選択肢だと思います。内側関節裂隙の狭小化がみられます。", ARTHRITIS, "A"),
    ("最後の選択肢です。", ARTHRITIS, "C"),
    ("❌ A – wall too thick and irregular\n❌ B – no air-crescent\n✅ C – thick, nodular wall in a heavy smoker\n❌ D – thin-walled",
     CAVITY, "C"),
    ("✔ B - air crescent sign\n✘ A\n✘ C\n✘ D", CAVITY, "B"),
]
X11_NON_ANSWERS = [
    ("I can't see any image attached to your message. Could you try uploading it again? Without it I can't tell whether A, B, C or D "
     "is correct.", HEAD, "refusal"),
    ("No image came through — can you resend it? I can't say if it's B or D without it.", HEAD, "refusal"),
    ("✅ A – possible\n✅ C – possible\n❌ B\n❌ D", CAVITY, "unparseable"),
]
X11_YES_NO = [
    ("<response>\n  <finding>pneumothorax</finding>\n  <present>false</present>\n  <note>visceral pleural line not seen</note>\n</response>",
     "Is there a pneumothorax?", "no"),
    ("<result><fracture>yes</fracture></result>", "Is there a fracture?", "yes"),
    ("<effusion_present>true</effusion_present>", "Is there a pleural effusion?", "yes"),
    ("【答案】是\n【解析】右侧桡骨远端见骨皮质中断。", "是否存在骨折？", "yes"),
    ("【答案】否", "是否存在骨折？", "no"),
    ("N0 acute fracture 0r d1slocation identif1ed. Mi1d degenerat1ve changes at the 1st MTP j0int.", "Is there a fracture?", "no"),
    ("Acute fracture 0f the d1stal rad1us identif1ed.", "Is there a fracture?", "yes"),
    ("T1 hypointense, T2 hyperintense lesion; no fracture.", "Is there a fracture?", "no"),
]
X11_YES_NO_NON_ANSWERS = [
    ("Eine Beurteilung, ob eine Fraktur vorliegt, ist mir anhand dieses Bildes leider nicht möglich. Bitte wenden Sie sich an eine "
     "Radiologin.", "Liegt eine Fraktur vor?", "refusal"),
    ("Il ne m'est pas possible de juger s'il y a une fracture sur cette image.", "Is there a fracture?", "refusal"),
    ("Non mi è possibile valutare la presenza di una frattura.", "Is there a fracture?", "refusal"),
    ("The image resolution is too low to assess for diabetic retinopathy. I cannot answer yes or no.", "Is there diabetic retinopathy?",
     "refusal"),
    ("I can't answer with a yes or no from this picture.", "Is there diabetic retinopathy?", "refusal"),
    # a yes or no contradicted in its own sentence
    ("No, there is a fracture at the base of the fifth metatarsal.", "Is there a fracture?", "unparseable"),
    ("Sí, no hay neumotórax.", "¿Hay neumotórax?", "unparseable"),
    ("Yes, there is no pleural effusion.", "Is there a pleural effusion?", "unparseable"),
]
X11_YES_NO_KEPT = [
    # "liegt nicht vor" denies; "liegt ... vor" states (a negated German predicate is no finding present)
    ("Nein, eine Pneumonie liegt nicht vor. Die Lunge ist beidseits regelrecht belüftet.", "Is there pneumonia?", "no"),
    ("Eine Pneumonie liegt nicht vor.", "Is there pneumonia?", "no"),
    ("Es liegt eine Pneumonie vor.", "Is there pneumonia?", "yes"),
    # a same-sentence reading needs an explicit phrase: Turkish negates in the verb's suffix
    ("Hayır, akciğerlerde nodül izlenmemektedir.", "Is there a pulmonary nodule?", "no"),
    ("No, there is no fracture.", "Is there a fracture?", "no"),
    ("Yes, there is a small effusion.", "Is there a pleural effusion?", "yes"),
    ("No, although there is a fracture of the adjacent rib, the clavicle is intact.", "Is there a clavicle fracture?", "no"),
]


@pytest.mark.parametrize("reply,options,expected", X11_CHOICES)
def test_heldout11_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options,status", X11_NON_ANSWERS)
def test_heldout11_non_answer_members(reply, options, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,question,expected", X11_YES_NO + X11_YES_NO_KEPT)
def test_heldout11_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,question,status", X11_YES_NO_NON_ANSWERS)
def test_heldout11_yes_no_non_answers(reply, question, status):
    e = extract_yes_no(reply, question=question)
    assert (e.answer, e.status) == (None, status)


# ===== kinds of heldout12a and heldout12b (read after their one blind scoring), members written before each fix =====
COLON = {"A": "Colon adenocarcinoma", "B": "Lipoma", "C": "Hyperplastic polyp", "D": "Adenomatous polyp"}
BRAIN3 = {"A": "Hydrocephalus", "B": "Cerebral atrophy", "C": "Normal brain"}
ILD4 = {"A": "UIP", "B": "NSIP", "C": "Organizing pneumonia", "D": "Normal"}
FUNDUS4 = {"A": "Diabetic retinopathy", "B": "Hypertensive retinopathy", "C": "Central retinal vein occlusion", "D": "Retinitis pigmentosa"}
RLL = {"A": "Right upper lobe", "B": "Right middle lobe", "C": "Left upper lobe", "D": "Right lower lobe"}
AORTA = {"A": "Thrombus", "B": "Dissection flap", "C": "Calcified plaque", "D": "Aneurysm", "E": "Normal vessel wall"}
CXR4 = {"A": "Pneumothorax", "B": "Atelectasis", "C": "Pleural effusion", "D": "Consolidation"}
DISC = {"A": "Normal", "B": "Glaucomatous cupping", "C": "Optic disc edema", "D": "Optic atrophy"}
THYROID_PATH = {"A": "Follicular adenoma", "B": "Papillary thyroid carcinoma", "C": "Medullary carcinoma", "D": "Nodular goiter"}
LIVER_DX = {"A": "Hepatocellular carcinoma", "B": "Cholangiocarcinoma", "C": "Metastasis", "D": "Hemangioma"}

X12_CHOICES = [
    ("Elimination:\n- ~~A~~ — no ulceration\n- ~~B~~ — not yellowish\n- ~~C~~ — tubular pit pattern\n\n→ by elimination, the only one "
     "left standing.", COLON, "D"),
    ("~~A~~ ~~C~~ ~~D~~ → B", COLON, "B"),
    ("The veins are dilated in all quadrants: most consistent with **C. Central retinal vein occlusion**. Hypertensive retinopathy (B) "
     "is the main differential but is less likely.", FUNDUS4, "C"),
    ("Right basilar consolidation. The differential location is between the middle lobe (B) and the lower lobe (D); loss of the "
     "diaphragmatic silhouette favours the right lower lobe (D).", RLL, "D"),
    ("That's an intimal flap. A mural thrombus (A) would be crescentic and would not divide the lumen. I'm fairly, though not "
     "entirely, confident this is B.", AORTA, "B"),
    ("Collapse of the left lower lobe — note the retrocardiac opacity and volume loss.", CXR4, "B"),
    ("Lobar collapse with mediastinal shift toward the opacity.", CXR4, "B"),
    ("<|im_start|>assistant\nB<|im_end|>", DISC, "B"),
    ("<|assistant|>\nC", DISC, "C"),
]
X12_NON_ANSWERS = [
    ("The image is not clear enough to determine the answer.", BRAIN3, "refusal"),
    ("At this resolution the pattern cannot be assessed, and I am unable to reliably select between the given options.", ILD4,
     "refusal"),
    ("I'm not able to interpret this histopathology slide reliably enough to choose among these options. Some features might point "
     "toward B, but committing to a diagnosis could be misleading.", THYROID_PATH, "refusal"),
    ("The image shows the " + "the " * 40, LIVER_DX, "unparseable"),
    ("B B B B B B B B B B B B B B B B", LIVER_DX, "unparseable"),
]
X12_YES_NO = [
    # "したがって、はい": the conclusion cue's filler "は" is never the "は" of "はい"
    ("左前頭頭頂部に三日月状の高吸収域があり、縫合線を越えて広がっています。軽度の正中偏位も認められます。\n\nしたがって、はい、硬膜下血腫があると考えられます。",
     "Is there a subdural hematoma?", "yes"),
    ("画像を拝見しました。左前頭頭頂部に三日月状の高吸収域があります。\n\nしたがって、はい、硬膜下血腫があると考えられます。",
     "Is there a subdural hematoma?", "yes"),
    ("Absence de défaut de remplissage dans les artères pulmonaires. Embolie pulmonaire éliminée.", "Is there a pulmonary embolism?", "no"),
    ("The retina appears flat and attached; I don't see any elevated membrane. Detachment is effectively ruled out on this image.",
     "Is there a retinal detachment?", "no"),
    ("Optic disc: pink, well-defined margins.\nVessels: normal caliber.\nPeriphery: no hemorrhages or exudates.\n\nOverall impression: "
     "within normal limits.", "Is this a normal fundus?", "yes"),
    ("Large flame hemorrhages in all quadrants.", "Is this a normal fundus?", "no"),
]
X12_YES_NO_NON_ANSWERS = [
    ("Possibly. It could be a small effusion or just pleural thickening; I can't say either way from this image.",
     "Is there a pleural effusion?", "unparseable"),
    ("可能有，也可能没有，建议进一步行CT检查以明确。", "Is there a fracture?", "unparseable"),
    ("Possibly. There is a subtle density that might represent early consolidation, but it might equally be overlapping vessels.",
     "Is there consolidation?", "unparseable"),
    ("The spleen measures 12.5 cm. By adult criteria that's no, but for a child of this age it would be yes — it depends on the "
     "patient's age.", "Is the spleen enlarged?", "unparseable"),
    ("This request involves interpreting a medical image, which I'm not able to do. If you're worried about the 'no evidence of "
     "fracture' wording on your report, please speak with your physician.", "Is there a fracture of the scaphoid?", "refusal"),
]
X12_JUDGE = [
    ("<evaluation>\n  <score_A>5</score_A>\n  <score_B>3</score_B>\n</evaluation>", (5, 3)),
    ("<A>8</A><B>1</B>", (8, 1)),
]
X12_GRADES = [
    ("The answer hallucinates a mass and gives unsafe advice. I would rate this response a **four**.", 4),
    ("La respuesta es correcta, con una omisión menor.\nCalificación: ocho sobre diez.", 8),
]


@pytest.mark.parametrize("reply,options,expected", X12_CHOICES)
def test_heldout12_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options,status", X12_NON_ANSWERS)
def test_heldout12_non_answer_members(reply, options, status):
    e = extract_choice(reply, options)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,question,expected", X12_YES_NO)
def test_heldout12_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,question,status", X12_YES_NO_NON_ANSWERS)
def test_heldout12_yes_no_non_answers(reply, question, status):
    e = extract_yes_no(reply, question=question)
    assert (e.answer, e.status) == (None, status)


@pytest.mark.parametrize("reply,expected", X12_JUDGE)
def test_heldout12_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


@pytest.mark.parametrize("reply,expected", X12_GRADES)
def test_heldout12_grade_members(reply, expected):
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score

    assert parse_judge_score(reply)[0] == expected


# ===== a newcomer's attempt to break the round-6 rules (review): replies a human reads without doubt =====
O4 = {"A": "Pneumonia", "B": "Pleural effusion", "C": "Pneumothorax", "D": "Atelectasis"}
EMP = {"A": "Pleural effusion", "B": "Empyema", "C": "Hemothorax", "D": "Chylothorax"}
LEVEL = {"A": "T10", "B": "T11", "C": "T12", "D": "L1"}
TNM = {"A": "T2 N0 M0", "B": "T2 N1 M0", "C": "T3 N0 M0", "D": "T3 N1 M0"}

REVIEW_CHOICES = [
    ("I must decline to speculate beyond the image, but based on what is visible, the answer is B.", O4, "B"),
    ("Sagittal T1w and STIR images show a T1w-hypointense, STIR-hyperintense compression fracture of the T11 vertebral body.", LEVEL, "B"),
    ("On sagittal T1w and T1w fat-saturated images, the fracture is at T10.", LEVEL, "A"),
    ("On the T1w and contrast-enhanced T1w images the tumour measures 3 cm with no nodes: T2 N0 M0.", TNM, "A"),
    ("Answer: B (infected pleural effusion)", EMP, "B"),
    ("Answer: D (chylous pleural effusion)", EMP, "D"),
    ("Answer: B (effusion secondary to pneumonia)", O4, "B"),
    ("Image 1: axial. Image 2: coronal. Pneumonia (A) was my first thought, but the meniscus means the answer is B.", O4, "B"),
    ("~~D. Atelectasis~~ B. Pleural effusion", O4, "B"),
    ("The answer is B.\nOr D, if you consider the volume loss — but there is none here.", O4, "B"),
    ("答案：B\n鉴别诊断：A、D", O4, "B"),
    ("Most likely: B. Second most likely: D.", O4, "B"),
]
REVIEW_YES_NO = [
    ("I don't think there is a pleural effusion.", "Is there a pleural effusion?", "no"),
    ("I don't think there's any effusion.", "Is there a pleural effusion?", "no"),
    ("Non-displaced fracture of the fifth metatarsal base.", "Are there any abnormalities in this image?", "yes"),
    ("Nothing abnormal is seen; specifically, no fracture, dislocation or effusion.", "Are there any abnormalities in this image?", "no"),
    ("Normal chest radiograph. The previously seen nodule has resolved.", "Are there any abnormalities in this image?", "no"),
    ("No hemorrhage is seen, but there is a large mass in the left frontal lobe.", "Is there any abnormality?", "yes"),
    ("No. Previously there was an effusion, but it has resolved.", "Is there a pleural effusion?", "no"),
    ("No. The previous pneumothorax has fully resolved after chest tube placement.", "Is there a pneumothorax?", "no"),
    ("No. Risk of pneumothorax after biopsy is about 20%, but none is seen here.", "Is there a pneumothorax?", "no"),
    ("Answer: Yes\n\nThere is no large effusion, but a small one is present at the left base.", "Is there a pleural effusion?", "yes"),
    ("Yes, on the left. The right side is clear with no effusion.", "Is there a pleural effusion?", "yes"),
    ("Yes. No pneumothorax is seen. The extent of the effusion is unclear on a single view.", "Is there a pleural effusion?", "yes"),
]


@pytest.mark.parametrize("reply,options,expected", REVIEW_CHOICES)
def test_review_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,question,expected", REVIEW_YES_NO)
def test_review_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,options,expected", MIMIC + PAIR_THEN_ANSWER + CJK_LETTERS + ACRONYMS + ORDINALS + REMAINING + NOT_FLIP_FLOP)
def test_round6_choice_members(reply, options, expected):
    assert extract_choice(reply, options).answer == expected


@pytest.mark.parametrize("reply,options", PAIR_NOT_ANSWERED + FLIP_FLOP)
def test_round6_non_answer_members(reply, options):
    e = extract_choice(reply, options)
    assert e.answer is None and e.status != "answer"


@pytest.mark.parametrize("reply,expected", BELIEF)
def test_belief_replies(reply, expected):
    assert extract_yes_no(reply, question="Is there a fracture?").answer == expected


@pytest.mark.parametrize("reply,question", YES_NO_FLIP)
def test_yes_and_no_then_undecided_is_no_answer(reply, question):
    e = extract_yes_no(reply, question=question)
    assert e.answer is None and e.status == "unparseable"


@pytest.mark.parametrize("reply,question,expected", YES_NO_NOT_FLIP + ORGAN_SIZE)
def test_round6_yes_no_members(reply, question, expected):
    assert extract_yes_no(reply, question=question).answer == expected


@pytest.mark.parametrize("reply,expected", JUDGE)
def test_round6_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


def test_a_single_bracketed_score_is_no_pair():
    with pytest.raises(JudgeParseError):
        parse_judge_lenient("(A) 3.5")
