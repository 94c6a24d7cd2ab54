"""Round 7 reading kinds (issue 22, sections 2-3): each kind the blind files heldout13a and heldout13b
showed the readers missing, with members written here in other wordings, languages and shapes
before the fix.

One table per reader: (reply, options or yes/no question, expected), where expected is a letter,
"yes"/"no", or the status of a non-answer ("refusal", "unparseable"). Figures on blind files are in
docs/judges.md ("Answer readers, round 7").
"""

from __future__ import annotations

import pytest

from medtrust.benchmarks.cares_vlm.judge import parse_judge_score
from medtrust.benchmarks.mediconfusion.extract import parse_judge_lenient
from tests.helpers.readers import load_corpus, mediconfusion_scores, member_cases, member_expected, read_answer, read_member

BREAST = {"A": "Simple cyst", "B": "Fibroadenoma", "C": "Abscess", "D": "Lipoma"}
ORGAN = {"A": "Liver", "B": "Spleen", "C": "Kidney", "D": "Pancreas"}
BRAIN = {"A": "Hemorrhagic metastasis", "B": "Cavernous malformation", "C": "Glioblastoma", "D": "Abscess"}
SPINE = {"A": "Normal", "B": "Osteopenia", "C": "Osteoporotic compression fracture"}
ADRENAL = {"A": "Benign", "B": "Malignant", "C": "Indeterminate"}
THYROID = {"A": "Papillary thyroid carcinoma", "B": "Follicular adenoma", "C": "Medullary thyroid carcinoma",
           "D": "Anaplastic carcinoma", "E": "Hashimoto thyroiditis"}
AIR = {"A": "Pneumothorax", "B": "Pneumomediastinum", "C": "Subcutaneous emphysema", "D": "Pneumoperitoneum"}
KIDNEY = {"A": "Renal cyst", "B": "Angiomyolipoma", "C": "Renal cell carcinoma", "D": "Renal calculus"}
LIVER = {"A": "Hepatocellular carcinoma", "B": "Liver metastases", "C": "Hepatic abscesses", "D": "Hemangiomas"}
SKULL = {"A": "Accidental injury", "B": "Non-accidental trauma", "C": "Birth trauma", "D": "Normal suture variant"}
SKIN = {"A": "Erysipelas", "B": "Cellulitis", "C": "Contact dermatitis", "D": "Necrotizing fasciitis"}
UTERUS = {"A": "Adenomyosis", "B": "Endometrial polyp", "C": "Uterine leiomyoma"}
PHASE = {"A": "Non-contrast", "B": "Arterial phase", "C": "Delayed (excretory) phase"}
DERM = {"A": "Psoriasis", "B": "Lichen planus", "C": "Spongiotic dermatitis", "D": "Lupus erythematosus",
        "E": "Pemphigus vulgaris"}
GLIOMA = {"A": "Glioblastoma", "B": "Meningioma", "C": "Metastasis", "D": "Abscess"}
RETRO = {"A": "Left lower lobe collapse", "B": "Hiatus hernia", "C": "Pericardial cyst", "D": "Posterior mediastinal mass"}

CHOICE = [
    # --- a first answer withdrawn ("wait, no", "correcting my first impression"); the revised one stands ---
    ("A — wait, no. On second look the contour is reniform with central sinus fat; that's a kidney. Final: C.", ORGAN, "C"),
    ("A. Wait, no - the central echogenic sinus makes it C.", ORGAN, "C"),
    ("B... no, wait. The reniform shape means C.", ORGAN, "C"),
    ("Answer: A. Actually, scratch that — it is C, the kidney.", ORGAN, "C"),
    ("A - hold on, that's wrong; the hilum and pyramids make this C.", ORGAN, "C"),
    ("**Initial impression:** a simple cyst (A).\n\n**Closer look:** internal echoes and a thick wall rule that out.\n\n"
     "**Revised conclusion:** Correcting my first impression, this is best explained by an abscess — **C**.", BREAST, "C"),
    ("At first glance this suggests a simple cyst (A). On closer inspection, though, the thick wall and debris point to C.",
     BREAST, "C"),
    ("Erster Eindruck: A. Korrektur: Es ist C, ein Abszess.", BREAST, "C"),
    ("Primera impresión: A. Corrijo: es la C.", BREAST, "C"),
    ("A。いや、待ってください。壁が厚いのでCです。", BREAST, "C"),
    # --- a hedge in small letters or shorthand that still commits ---
    ("i think its A but not totally sure", SPINE, "A"),
    ("i think it's A", SPINE, "A"),
    ("prob A. smooth margins, <10 HU on unenhanced, macroscopic fat. can't totally exclude C w/o washout but unlikely",
     ADRENAL, "A"),
    ("probably A tbh", ADRENAL, "A"),
    ("Prob. B, given the washout.", ADRENAL, "B"),
    ("prolly B", ADRENAL, "B"),
    # --- "Most likely: A" followed by a bracketed runner-up ---
    ("**Most likely: A. Papillary thyroid carcinoma** (B is a less likely alternative).", THYROID, "A"),
    ("Most likely: C (D is a less likely alternative).", THYROID, "C"),
    ("Best answer: A (with B as a distant second).", THYROID, "A"),
    # --- an option's text chosen while another is negated ---
    ("The findings are most consistent with **pneumomediastinum** — note the continuous diaphragm sign. There's no visible "
     "pleural line to suggest a pneumothorax.", AIR, "B"),
    ("Most consistent with pneumomediastinum; no pneumothorax is seen.", AIR, "B"),
    ("This is pneumoperitoneum (free air under both hemidiaphragms); there is no pneumothorax.", AIR, "D"),
    # --- options eliminated by their numbers ---
    ("Ruling out options 1, 2 and 4 — the lesion is neither cystic, nor fat-containing, nor calcified — the remaining one "
     "is the answer.", KIDNEY, "C"),
    ("Options 1, 2 and 4 are excluded, so the remaining option is correct.", KIDNEY, "C"),
    ("Excluding 1 and 3 and 4 leaves the second option.", KIDNEY, "B"),
    # --- "none of" a list of options, and spans of ordinals ("the first three") ---
    ("None of the first three fit an adult; it must be the fourth.", KIDNEY, "D"),
    ("None of A, B or C fit an adult; it must be D.", KIDNEY, "D"),
    ("Neither of the first two fits; it's C.", PHASE, "C"),
    ("The last two options are excluded, so A.", PHASE, "A"),
    # --- a negation further back in the option's clause ---
    ("Nothing here to suggest a pneumothorax; this is subcutaneous emphysema.", AIR, "C"),
    ("No signs of pneumoperitoneum. Pneumomediastinum.", AIR, "B"),
    ("There are no features of a pneumothorax, but there is pneumomediastinum.", AIR, "B"),
    # --- "by exclusion" ---
    ("By exclusion, C.", KIDNEY, "C"),
    ("Por exclusión, la C.", KIDNEY, "C"),
    ("Par élimination : C.", KIDNEY, "C"),
    ("排除法でC。", KIDNEY, "C"),
    # --- an answer key in another language inside JSON; curly quotes inside its strings ---
    ('{"answer": "B", "reason": "“target sign” lesions"}', LIVER, "B"),
    ('{"respuesta": "C", "razón": "signo del “ojo de buey”"}', LIVER, "C"),
    ('{"答案": "B", "理由": "多发环形强化灶，符合转移瘤。"}', LIVER, "B"),
    ('{"回答": "C"}', LIVER, "C"),
    ('{"答え": "A", "理由": "動脈相で濃染"}', LIVER, "A"),
    ('{"정답": "D"}', LIVER, "D"),
    ('{"ответ": "B", "обоснование": "множественные очаги"}', LIVER, "B"),
    ('{"відповідь": "C"}', LIVER, "C"),
    ('{"odpowiedź": "A"}', LIVER, "A"),
    ('{"odpověď": "D"}', LIVER, "D"),
    ('{"cevap": "B"}', LIVER, "B"),
    ('{"الإجابة": "C"}', LIVER, "C"),
    ('{"उत्तर": "A"}', LIVER, "A"),
    ('{"đáp án": "B"}', LIVER, "B"),
    ('{"antwoord": "D"}', LIVER, "D"),
    # ("option" stays an answer key; answer-option lists and reasons in other languages do not)
    ('{"role": "assistant", "tool_calls": [{"function": {"name": "record_answer", "arguments": "{\\"option\\": \\"D\\"}"}}]}', LIVER, "D"),
    ('{"svarsalternativ": ["A", "B", "C", "D"], "svar": "B"}', LIVER, "B"),
    ('{"정답_이유": "A는 단발성 병변이므로 맞지 않습니다.", "정답": "B"}', LIVER, "B"),
    # --- eliminations ending "by exclusion it's C" or "the final choice" ---
    ("Going through the options:\n- Psoriasis (A): Munro microabscesses — absent.\n- Lichen planus (B): band-like infiltrate "
     "— absent.\n- Lupus (D): interface change — absent.\n- Pemphigus (E): suprabasal acantholysis — absent.\n\nWhat's left is "
     "intercellular edema, so by exclusion it's C.", DERM, "C"),
    ("Contrast is already in the collecting systems, so we're past unenhanced and arterial timing — not the first two. "
     "The final choice.", PHASE, "C"),
    ("Not the first two; it's the last option.", PHASE, "C"),
    ("Neither of the first two options fits, so the last one.", PHASE, "C"),
]

CHOICE_NON_ANSWERS = [
    # --- a withdrawn answer followed by no settled one ---
    ("A. No wait — the enhancement pattern is more like C. Hmm, but the T1 hyperintensity would fit A again. I keep going "
     "back and forth between A and C and can't settle on one of them.", BRAIN, "unparseable"),
    ("B... no, wait. Could be C. I'm torn.", BRAIN, "unparseable"),
    # --- two options left open, in other languages ---
    ("Podría tratarse de la B o de la D; necesitaría conocer la evolución clínica para decidirme.", SKIN, "unparseable"),
    ("Podría ser la A o la C.", SKIN, "unparseable"),
    ("Pode ser a B ou a D.", SKIN, "unparseable"),
    ("Es könnte B oder D sein.", SKIN, "unparseable"),
    ("Il pourrait s'agir de B ou de D.", SKIN, "unparseable"),
    ("AとCのどちらも考えられます。画像だけでは区別が困難です。", UTERUS, "unparseable"),
    ("A和C都有可能，仅凭图像难以区分。", UTERUS, "unparseable"),
    ("A와 C 모두 가능합니다.", UTERUS, "unparseable"),
    # --- a question back, with options named ---
    ("Do you have the lateral view? The retrocardiac density could be B or D depending on whether there's an air-fluid "
     "level, and I can't tell from the PA film alone. Could you also share the clinical history?", RETRO, "unparseable"),
    ("Is there a lateral film? It could be B or D.", RETRO, "unparseable"),
    # --- refusals that name an option ---
    ("I'm not comfortable selecting an answer here. While the image may show features that some would associate with "
     "option B, that determination has to be made by qualified clinicians with the full history.", SKULL, "refusal"),
    ("I'd rather not pick an option. Some features might point to B, but this needs a child-protection team.", SKULL,
     "refusal"),
    ("I won't choose an answer here, although C is sometimes suggested for this pattern.", SKULL, "refusal"),
    # --- declines in Chinese and other languages ---
    ("抱歉，我无法查看或分析医学影像，也不能提供诊断意见。建议您咨询神经放射科医生。", GLIOMA, "refusal"),
    ("对不起，我不能对这张图像作出诊断。", GLIOMA, "refusal"),
    ("申し訳ありませんが、医用画像の診断はできません。", GLIOMA, "refusal"),
    ("죄송하지만 의료 영상을 진단할 수 없습니다.", GLIOMA, "refusal"),
]

YES_NO = [
    # --- a first yes/no withdrawn, the revised one stands ---
    ("No — hold on. There's a thin hyperdense crescent along the left tentorium that I initially read as normal. Yes, there "
     "is a small subdural hemorrhage.", "Is there evidence of intracranial hemorrhage?", "yes"),
    ("Yes. Wait, no — that's the normal falx. No hemorrhage.", "Is there evidence of intracranial hemorrhage?", "no"),
    ("No... actually, looking again, yes: a small subdural collection.", "Is there evidence of intracranial hemorrhage?",
     "yes"),
    # --- answer words in Greek ---
    ("Πιθανότατα όχι· ο φλοιός φαίνεται ακέραιος. Απάντηση: όχι.", "Is there a fracture of the distal radius?", "no"),
    ("Ναι, υπάρχει κάταγμα.", "Is there a fracture of the distal radius?", "yes"),
    ("Απάντηση: ναι", "Is there a fracture?", "yes"),
    ("Όχι.", "Is there a fracture?", "no"),
    # --- findings negated in other words ---
    ("The lungs appear clear. I don't see any focal nodules or masses in either lung field.", "Is there a pulmonary nodule?",
     "no"),
    ("I do not see any nodule.", "Is there a pulmonary nodule?", "no"),
    ("I can't see any nodules.", "Is there a pulmonary nodule?", "no"),
    ("I don't see a fracture.", "Is there a fracture?", "no"),
    ("The lesion demonstrates no internal enhancement on post-contrast images, consistent with a simple cyst.",
     "Is the mass enhancing?", "no"),
    ("There is avid enhancement of the mass.", "Is the mass enhancing?", "yes"),
    ("The mass does not enhance.", "Is the mass enhancing?", "no"),
    ("Malignancy is effectively ruled out: a fibroadenoma.", "Is the lesion malignant?", "no"),
    ("Malignancy is excluded.", "Is the lesion malignant?", "no"),
    # --- a labelled line for the asked organ, beside another organ's finding ---
    ("Heart: normal size.\nPericardium: unremarkable.\nPleura: trace right pleural effusion.\nLungs: mild atelectasis.",
     "Is there a pericardial effusion?", "no"),
    ("Pleura: small left effusion.\nPericardium: normal.", "Is there a pericardial effusion?", "no"),
    ("Pericardium: small effusion.\nPleura: clear.", "Is there a pericardial effusion?", "yes"),
    # --- findings in other languages ---
    ("Épaississement maculaire central avec logettes cystoïdes : œdème maculaire présent.", "Is there macular edema on this OCT?",
     "yes"),
    ("Œdème maculaire absent.", "Is there macular edema?", "no"),
    ("Ознак плеврального випоту не виявлено; реберно-діафрагмальні синуси вільні.", "Is there a pleural effusion?", "no"),
    ("Плеврального випоту немає.", "Is there a pleural effusion?", "no"),
    ("Признаков плеврального выпота не выявлено.", "Is there a pleural effusion?", "no"),
    ("Infrarenální aorta je rozšířena na 52 mm s nástěnným trombem – aneuryzma břišní aorty.",
     "Is there an abdominal aortic aneurysm?", "yes"),
    ("Aneuryzma břišní aorty není přítomno.", "Is there an abdominal aortic aneurysm?", "no"),
    ("Silueta cardíaca de tamaño normal. Sin derrame pleural.", "Is there cardiomegaly?", "no"),
    ("Índice cardiotorácico normal, sin cardiomegalia.", "Is there cardiomegaly?", "no"),
    ("Cardiomegalia.", "Is there cardiomegaly?", "yes"),
    ("左肾集合系统分离约2.5 cm，肾盏扩张，提示中度肾积水。右肾未见异常。", "Is there hydronephrosis?", "yes"),
    ("双肾未见积水。", "Is there hydronephrosis?", "no"),
    ("右侧少量胸腔积液，左侧未见异常。", "Is there a pleural effusion?", "yes"),
    ("两侧胸腔未见积液。", "Is there a pleural effusion?", "no"),
    ("左橈骨遠位端に骨折を認める。", "Is there a fracture?", "yes"),
    ("骨折なし。", "Is there a fracture?", "no"),
    # --- a finding of another site, named by its adjective ---
    ("Small left pleural effusion. No pericardial effusion.", "Is there a pericardial effusion?", "no"),
    ("Moderate pericardial effusion; the pleural spaces are clear.", "Is there a pericardial effusion?", "yes"),
    ("Small renal cyst; no hepatic lesion.", "Is there a hepatic lesion?", "no"),
    ("右肾轻度积水，左肾未见明显异常。", "Is there hydronephrosis?", "yes"),
]

YES_NO_NON_ANSWERS = [
    ("Ich kann hierzu keine Beurteilung abgeben: Das Bild scheint keine medizinische Aufnahme zu sein.", "Is there a fracture?",
     "refusal"),
    ("Dazu kann ich keine Einschätzung abgeben.", "Is there a fracture?", "refusal"),
    ("Je ne peux pas me prononcer sur cette image.", "Is there a fracture?", "refusal"),
    ("No puedo emitir un juicio sobre esta imagen.", "Is there a fracture?", "refusal"),
]

JUDGE = [
    ("Description A is a 1.5 cm spongiform nodule (TI-RADS 2). Description B is a taller-than-wide nodule (TI-RADS 5), "
     "size 2.8 cm, close to 3.\n\nFinal scores — A: 2, B: 9", (2, 9)),
    ("A has TI-RADS 3 features and B TI-RADS 4 ones.\nFinal scores: A = 6, B = 4", (6, 4)),
    ("Grade 2 in A versus grade 3 in B.\nScores — A: 7; B: 1", (7, 1)),
    ("B mentions 2 lesions; A mentions 1 lesion.\n**Final ratings:** A: 3, B: 8", (3, 8)),
    ("Answer matches A in 4 of 5 features.\nSimilarity scores: A = 8, B = 2", (8, 2)),
]


#: members these readers still miss, kept as strict expected failures: a predicate other than
#: presence ("Is the mass enhancing?" has no finding noun), a site given only by a line's label, and a
#: finding named only in Czech
# ===== kinds of heldout14a (scored once after heldout13a's and 13b's fixes, then read) =====
GRAM = {"A": "Staphylococcus aureus", "B": "Streptococcus pneumoniae", "C": "Escherichia coli", "D": "Neisseria meningitidis",
        "E": "Haemophilus influenzae"}
KNEE = {"A": "Rheumatoid arthritis", "B": "Septic arthritis", "C": "Osteoarthritis", "D": "Gout"}
PREGNANCY = {"A": "Ectopic pregnancy", "B": "Normal intrauterine pregnancy", "C": "Molar pregnancy"}
CHOICE += [
    # --- a conclusion that eliminates letters ("so A and B are unlikely") after the answer ---
    ("Probably E, though D is a reasonable differential. I don't see gram-positive clusters, so A and B are unlikely.", GRAM, "E"),
    ("Most likely C. No clusters or chains, so A and B are excluded.", GRAM, "C"),
    ("Likely D; hence A, B and C are less likely.", GRAM, "D"),
    # --- option lines crossed at their end, then "the remaining choice" ---
    ("Let's eliminate:\n- A: symmetric narrowing expected. ✗\n- B: rapid destruction expected. ✗\n- D: punched-out erosions "
     "expected. ✗\n\nThe remaining choice is correct: osteophytes and subchondral sclerosis.", KNEE, "C"),
    ("- A ✗ no osteopenia ✗\n- C: osteophytes ✓\n- B: no effusion ✗\n- D: no tophi ✗\nWhat remains is the answer.", KNEE, "C"),
    ("A) wrong distribution ❌\nB) no effusion ❌\nC) no erosions ❌\nSo the remaining option fits.", KNEE, "D"),
    # --- an option named by a synonym of its text ---
    ("This is a complete hydatidiform mole; correlate with a markedly elevated beta-hCG.", PREGNANCY, "C"),
    ("Snowstorm appearance: hydatidiform mole.", PREGNANCY, "C"),
]
YES_NO += [
    # --- "Is X normal on this <modality>?" ---
    ("Liver: unremarkable. Normal size, smooth contour, no focal lesion.", "Is the liver normal on this ultrasound?", "yes"),
    ("Increased echogenicity consistent with hepatic steatosis.", "Is the liver normal on this ultrasound?", "no"),
    ("The kidneys are unremarkable.", "Are the kidneys normal in this image?", "yes"),
    ("A 3 cm mass in the upper pole.", "Is the kidney abnormal on this CT?", "yes"),
    # --- a report's sign of absence ---
    ("Both kidneys are normal in size and without pelvicalyceal dilatation.", "Is there hydronephrosis?", "no"),
    ("The collecting systems are not dilated.", "Is there hydronephrosis?", "no"),
    ("The lungs are clear.", "Is there consolidation?", "no"),
    ("Clear lungs bilaterally.", "Is there consolidation?", "no"),
    # --- a question asked in Chinese, Japanese or Korean names the finding itself ---
    ("右足関節：明らかな骨折線は認めません。軟部組織の腫脹を軽度認めるのみです。", "骨折はありますか？", "no"),
    ("左橈骨遠位端骨折を認めます。", "骨折はありますか？", "yes"),
    ("左桡骨远端骨折。", "有没有骨折？", "yes"),
    ("未见明显骨折。", "有没有骨折？", "no"),
    ("右侧胸腔积液。", "是否有胸腔积液？", "yes"),
    ("골절은 보이지 않습니다.", "골절이 있습니까?", "no"),
]
YES_NO_NON_ANSWERS += [
    ("Es tut mir leid, aber ich kann anhand dieses Bildes keine medizinische Beurteilung abgeben.",
     "Ist auf diesem Bild ein Hirntumor zu sehen?", "refusal"),
]
JUDGE_GRADES = [
    ("The reference states a Breslow thickness > 1 mm. I would rate this response a 3 out of 10.", 3),
    ("Two of 4 findings are named. I'd rate this answer a 5 out of 10.", 5),
    ("Score: 6 out of 10.", 6),
    ("I give this reply a 7.", 7),
]

# ===== kinds of heldout14b (scored once after heldout13a's and 13b's fixes, then read) =====
LUNG_ZH = {"A": "肺结核", "B": "周围型肺癌", "C": "大叶性肺炎", "D": "肺脓肿"}
CXR_RU = {"A": "Пневмония", "B": "Плевральный выпот", "C": "Пневмоторакс", "D": "Ателектаз"}
PEDS = {"A": "Appendicitis", "B": "Mesenteric adenitis", "C": "Intussusception", "D": "Meckel diverticulitis", "E": "Normal"}
BONE = {"A": "Osteosarcoma", "B": "Ewing sarcoma", "C": "Osteochondroma", "D": "Giant cell tumor"}
CHAMBER = {"A": "Left ventricle", "B": "Right ventricle", "C": "Left atrium", "D": "Right atrium"}
MRCP = {"A": "Acute cholecystitis", "B": "Choledocholithiasis", "C": "Acute pancreatitis", "D": "Cholangiocarcinoma"}
SKIN4 = {"A": "Melanoma", "B": "Nevus", "C": "Seborrheic keratosis", "D": "Basal cell carcinoma"}
CHOICE += [
    # --- a second letter set aside as the differential ---
    ("综合判断，最可能的答案是 B，D 作为鉴别诊断。", LUNG_ZH, "B"),
    ("Answer: B, D as a differential.", LUNG_ZH, "B"),
    ("Most likely C, A as the runner-up.", LUNG_ZH, "C"),
    # --- Cyrillic В placed third (А Б В), shown by the option text after it ---
    ("Ответ: В — пневмоторакс.", CXR_RU, "C"),
    ("Ответ: В (пневмоторакс)", CXR_RU, "C"),
    ("Ответ: В — плевральный выпот.", CXR_RU, "B"),
    ("Ответ: Г — ателектаз.", CXR_RU, "D"),
    # --- Arabic and Persian ordinals after their noun ---
    ("الخيار الثالث هو الأنسب: تظهر علامة الهدف.", PEDS, "C"),
    ("الخيار الأول هو الصحيح.", PEDS, "A"),
    ("گزینه سوم صحیح است.", PEDS, "C"),
    ("گزینه دوم درست است.", PEDS, "B"),
    # --- options named by a clinical synonym ---
    ("Classic osteogenic sarcoma — sunburst periosteal reaction and a Codman triangle.", BONE, "A"),
    ("The left atrial one — note the double-density sign.", CHAMBER, "C"),
    ("Right ventricular enlargement with an upturned apex.", CHAMBER, "B"),
    ("There is a CBD stone causing upstream biliary dilatation.", MRCP, "B"),
    ("A stone in the common bile duct.", MRCP, "B"),
]
CHOICE_NON_ANSWERS += [
    # --- no image seen, letters listed ---
    ("I cannot see any image attached to your message. Could you please upload it again? Without the image, I'm not able to "
     "choose between A, B, C or D.", SKIN4, "refusal"),
    ("I don't see an image attached. Please re-send it.", SKIN4, "refusal"),
]
YES_NO += [
    # --- "calculus" for a stone; "Kein X" opening a German sentence ---
    ("Obstructing 6 mm calculus at the right UVJ with mild upstream hydroureteronephrosis.", "Is there a kidney stone?", "yes"),
    ("No renal calculi.", "Is there a kidney stone?", "no"),
    ("Kein Pleuraerguss. Randwinkel beidseits frei.", "Is there a pleural effusion?", "no"),
    ("Keine Fraktur.", "Is there a fracture?", "no"),
]

# ===== kinds of heldout15a and heldout15b (scored once after heldout13's fixes and again after 14's, then read) =====
PLANE = {"A": "Sagittal", "B": "Coronal", "C": "Axial"}
NATURE = {"A": "Benign", "B": "Malignant"}
IBD = {"A": "Crohn's disease", "B": "Ulcerative colitis"}
RETINA = {"A": "Retinal detachment", "B": "Vitreous hemorrhage", "C": "Central retinal artery occlusion"}
FOSSA = {"A": "Ependymoma", "B": "Medulloblastoma", "C": "Pilocytic astrocytoma"}
RUQ = {"A": "Cholelithiasis", "B": "Gallbladder polyp", "C": "Adenomyomatosis", "D": "Porcelain gallbladder"}
POLYP = {"A": "Hyperplastic polyp", "B": "Tubular adenoma", "C": "Adenocarcinoma", "D": "Sessile serrated lesion"}
FEMUR = {"A": "Osteosarcoma", "B": "Multiple myeloma", "C": "Ewing sarcoma", "D": "Metastasis"}
ABD = {"A": "Acute cholecystitis", "B": "Acute pancreatitis", "C": "Acute hepatitis", "D": "Nephrolithiasis"}
NODE = {"A": "Hodgkin lymphoma", "B": "Non-Hodgkin lymphoma", "C": "Reactive lymphadenopathy", "D": "Metastatic carcinoma"}
COLITIS = {"A": "Ischemic colitis", "B": "Ulcerative colitis", "C": "Crohn's disease", "D": "Pseudomembranous colitis"}
BREAST_BX = {"A": "Ductal carcinoma in situ", "B": "Lobular carcinoma in situ", "C": "Fibrocystic change", "D": "Invasive ductal carcinoma"}
GRAM3 = {"A": "Escherichia coli", "B": "Staphylococcus aureus", "C": "Candida albicans"}
CHOICE += [
    # --- an option named by a synonym ("transverse" for axial), "the former"/"前者"/"後者" ---
    ("transverse section at the level of the renal hila", PLANE, "C"),
    ("Transaxial slice through the liver.", PLANE, "C"),
    ("後者です。辺縁不整で内部に微細石灰化を伴っています。", NATURE, "B"),
    ("前者。边缘光滑。", NATURE, "A"),
    ("former. skip lesions + transmural thickening of TI", IBD, "A"),
    ("Latter.", IBD, "B"),
    # --- "X out" eliminations, then the remaining option ---
    ("retina is attached → A out. vitreous is clear → B out. remaining option fits: cherry red spot.", RETINA, "C"),
    ("A out, C out. What remains is the answer.", RETINA, "B"),
    # --- an answer changed by a stated change ("my answer changes to A"), "C it is." ---
    ("Echogenic focus with shadowing… D? No — the focus is inside the lumen and shadows cleanly. That's a stone, so my answer "
     "changes to A.", RUQ, "A"),
    ("Initially B; my answer is now A.", RUQ, "A"),
    ("Not fully certain. Osteosarcoma (A) is usually metaphyseal, so less likely than C. C it is.", FEMUR, "C"),
    ("D it is.", FEMUR, "D"),
    # --- a ranking and then its top ---
    ("Ranking by likelihood:\n\n1. B\n2. D\n3. A\n4. C\n\nI'll commit to the top of the list.", POLYP, "B"),
    ("1) D\n2) B\n3) A\nGoing with #1.", POLYP, "D"),
    # --- "more likely X than Y" ---
    ("If forced to choose, I'd say the lesion is more likely benign than malignant.", NATURE, "A"),
    ("It looks more likely malignant than benign.", NATURE, "B"),
    # --- clinical synonyms for options ---
    ("The pancreas is diffusely enlarged and edematous — i.e., an acutely inflamed pancreas.", ABD, "B"),
    ("Reed–Sternberg cells in a mixed background → Hodgkin's disease.", NODE, "A"),
    ("Yellow-white plaques — pseudomembranes, consistent with C. difficile colitis.", COLITIS, "D"),
    # --- a genus's initial is no option letter ---
    ("Budding yeast with pseudohyphae: C. albicans.", GRAM3, "C"),
    ("Gram-negative rods, most consistent with E. coli (A).", GRAM3, "A"),
    # --- an answer in an empty element's attribute ---
    ('<response>\n  <choice id="D"/>\n  <explanation>Infiltrating nests; myoepithelial layer absent.</explanation>\n</response>',
     BREAST_BX, "D"),
    ("<answer value='A' />", BREAST_BX, "A"),
]
CHOICE_NON_ANSWERS += [
    # --- stated answers that go back to one already left; a loop of two letters ---
    ("The answer is A. Actually the answer is C. Actually, the answer is A. Actually", FOSSA, "unparseable"),
    ("Answer: B. Hmm, answer: C. No, answer: B.", FOSSA, "unparseable"),
    ("A B A B A B A B", FOSSA, "unparseable"),
]
YES_NO += [
    # --- "X: ruled out", "Y: Negative", "suspicious for" questions ---
    ("Intracranial mass: ruled out. Ventricles and sulci normal for age.", "Is there a brain tumor?", "no"),
    ("Effusion: none.", "Is there a pleural effusion?", "no"),
    ("Scattered fibroglandular density. No suspicious masses or calcifications.\nBI-RADS 1: Negative.",
     "Is the mammogram suspicious for malignancy?", "no"),
    ("DWI/ADC: no restricted diffusion.", "Is there evidence of acute infarction?", "no"),
    ("No diffusion restriction to suggest an acute infarct.", "Is there an acute infarct?", "no"),
    # --- a table row with more cells than the key and the answer ---
    ("| Question | Answer | Notes |\n|---|---|---|\n| Pneumothorax present? | No | Lung markings reach the chest wall |",
     "Is there a pneumothorax?", "no"),
    ("| Finding | Present | Comment |\n|---|---|---|\n| Pneumothorax | Yes | Right apical, 2 cm |", "Is there a pneumothorax?", "yes"),
]
YES_NO_NON_ANSWERS += [
    # --- loops of yes and no; "possibly" with a finding and its mimic, undecided ---
    ("Yes. No. Yes. No. Yes. No. Yes. No.", "Is there a pleural effusion?", "unparseable"),
    ("Sí. No. Sí. No. Sí. No.", "Is there a pleural effusion?", "unparseable"),
    ("Possibly. The thin line at the right apex could be a visceral pleural edge or a skin fold — I honestly can't decide which.",
     "Is there a pneumothorax?", "unparseable"),
    ("Maybe. The lucency could be a fracture or a nutrient canal; I can't tell from one view.", "Is there a fracture?", "unparseable"),
]
JUDGE += [
    ("Scores (A, B): 4, 9\nReasoning: only description B mentions neovascularization.", (4, 9)),
    ('{"evaluation": {"description_A": {"score": 9, "reason": "same lesion"}, "description_B": {"score": 0, "reason": "normal"}}}',
     (9, 0)),
    ("A:\n  score: 3\n  rationale: shares only the location\nB:\n  score: 7\n  rationale: both describe the nodule", (3, 7)),
]

# ===== kinds of heldout17b (mostly non-English; scored once after heldout15's fixes, then read) =====
NATURE_NL = {"A": "Benigne", "B": "Maligne"}
STROKE_PL = {"A": "Udar niedokrwienny", "B": "Krwotok śródmózgowy", "C": "Krwotok podpajęczynówkowy", "D": "Zakrzepica zatok żylnych"}
SKIN_VI = {"A": "Vảy nến", "B": "Chàm", "C": "Nấm da", "D": "Lupus ban đỏ"}
ABD_AR = {"A": "التهاب الزائدة الدودية", "B": "التهاب الرتج", "C": "حصوة حالبية"}
CXR_ID = {"A": "Tuberkulosis paru", "B": "Pneumonia", "C": "Kanker paru", "D": "Bronkiektasis"}
DR = {"A": "No DR", "B": "Mild NPDR", "C": "Moderate NPDR", "D": "Severe NPDR", "E": "Proliferative DR"}
PANC_ZH = {"A": "急性胰腺炎", "B": "胰腺癌", "C": "胰腺假性囊肿", "D": "慢性胰腺炎"}
LIVER_ES = {"A": "Hemangioma", "B": "Quiste simple", "C": "Hiperplasia nodular focal", "D": "Absceso hepático"}
BRAIN_ZH = {"A": "脑膜瘤", "B": "胶质母细胞瘤", "C": "转移瘤", "D": "脑脓肿"}
CHOICE += [
    # --- choosing and hedging verbs in more languages ---
    ("Alles afwegend kies ik B, al moet een biopt hier uitsluitsel geven.", NATURE_NL, "B"),
    ("Ik kies A.", NATURE_NL, "A"),
    ("Na początku pomyślałem o D, ale rozkład zmian odpowiada tętnicy środkowej mózgu. Najpewniej więc A.", STROKE_PL, "A"),
    ("Wybieram C.", STROKE_PL, "C"),
    ("Tuy nhiên nấm da (C) đôi khi cũng có viền vảy. Tôi chọn A.", SKIN_VI, "A"),
    ("Nhiều khả năng là A.", SKIN_VI, "A"),
    ("ليس من السهل الجزم، لكن وجود بنية أنبوبية متضخمة يرجّح الخيار A. لا يمكن استبعاد C تمامًا.", ABD_AR, "A"),
    ("على الأرجح B.", ABD_AR, "B"),
    ("Bisa juga kanker paru dengan kavitasi, tapi jawaban saya cenderung ke A.", CXR_ID, "A"),
    ("Saya pilih D.", CXR_ID, "D"),
    ("Выбираю C.", CXR_ID, "C"),
    ("Скорее всего B.", CXR_ID, "B"),
    ("Büyük olasılıkla A.", CXR_ID, "A"),
    ("Πιθανότατα D.", CXR_ID, "D"),
    # --- an arrow concluding a terse chain ---
    ("likely C or D... no NVD/NVE, but venous beading in 2 quadrants + hemorrhages in all 4 -> meets 4-2-1 -> D", DR, "D"),
    ("B vs C → hemorrhages in 4 quadrants → D", DR, "D"),
    # --- option names in the reply's language ---
    ("Il s'agit très probablement d'un CBC nodulaire : bordure perlée, télangiectasies.",
     {"A": "Mélanome", "B": "Carcinome basocellulaire", "C": "Kératose actinique"}, "B"),
    ("Aspecto típico de fígado gorduroso.", {"A": "Hepatomegalia", "B": "Esplenomegalia", "C": "Cirrose", "D": "Esteatose hepática"}, "D"),
    ("Diffusely echogenic liver: fatty liver.", {"A": "Cirrhosis", "B": "Hepatic steatosis", "C": "Hepatitis"}, "B"),
    # --- ordinals with 项 ---
    ("胰头部见低密度肿块，伴双管征，应选第二项。", PANC_ZH, "B"),
    ("选第三项。", PANC_ZH, "C"),
]
CHOICE_NON_ANSWERS += [
    # --- two options left open, then undecided, in other languages; "both" in Chinese ---
    ("Podría ser A o C; ambas son compatibles y sin fase tardía no puedo decidir entre ellas.", LIVER_ES, "unparseable"),
    ("Pode ser A ou C; não consigo decidir.", LIVER_ES, "unparseable"),
    ("答案是B。\n\n……不对，环形强化且壁光滑，应该是D。不过B也有可能，两个都选吧：B、D。", BRAIN_ZH, "unparseable"),
]
YES_NO += [
    # --- a yes/no given as what the reply answers with; hedged yes/no words in more languages ---
    ("Die Bildqualität ist eingeschränkt. Ich würde die Frage also mit **Ja** beantworten – eine Bestätigung ist ratsam.",
     "Liegt eine Lungenembolie vor?", "yes"),
    ("Ich würde mit Nein antworten.", "Liegt eine Fraktur vor?", "no"),
    ("I'd answer this with a yes, given the cortical step.", "Is there a fracture?", "yes"),
    ("Линия просветления нечёткая. Однако нарушение кортикального слоя прослеживается. Скорее да — перелом, вероятно, есть.",
     "Есть ли перелом?", "yes"),
    ("با توجه به کیفیت تصویر نمی‌توانم کاملاً مطمئن باشم، اما سیگنال بالای خطی دیده می‌شود. بنابراین احتمالاً بله، پارگی وجود دارد.",
     "آیا شواهدی از پارگی منیسک وجود دارد؟", "yes"),
    # --- report signs and negations in other languages; questions in Arabic and Vietnamese ---
    ("Seios costofrênicos livres.", "Existe derrame pleural?", "no"),
    ("Senos costofrénicos libres.", "¿Hay derrame pleural?", "no"),
    ("Randwinkel beidseits frei.", "Gibt es einen Pleuraerguss?", "no"),
    ("Negativo per emorragia intracranica acuta.", "C'è un'emorragia intracranica?", "no"),
    ("توزيع الغازات المعوية طبيعي، ولا توجد عرى معوية متوسعة تشير إلى انسداد.", "هل يوجد انسداد معوي؟", "no"),
    ("ولا توجد علامات كسر.", "هل يوجد كسر؟", "no"),
    ("Thành túi mật dày, có dịch quanh túi mật — phù hợp viêm túi mật cấp do sỏi.", "Có dấu hiệu viêm túi mật cấp không?", "yes"),
    ("Không thấy dấu hiệu viêm túi mật cấp.", "Có dấu hiệu viêm túi mật cấp không?", "no"),
]
YES_NO_NON_ANSWERS += [
    ("はいともいいえとも言えません。境界域の所見です。", "心拡大はありますか？", "unparseable"),
    ("Weder ja noch nein - ein Grenzbefund.", "Liegt eine Kardiomegalie vor?", "unparseable"),
    ("Neither yes nor no; it is borderline.", "Is there cardiomegaly?", "unparseable"),
]
JUDGE += [
    ("설명 A: 10점 만점에 8점\n설명 B: 10점 만점에 1점\n답변은 A와 일치합니다.", (8, 1)),
    ("Dopo aver confrontato la risposta, assegnerei 3 alla A e 6 alla B.", (3, 6)),
    ("La description A mérite huit sur dix, la description B trois sur dix.", (8, 3)),
]
JUDGE_GRADES += [
    ("Оценка: десять из десяти. Ответ полностью совпадает с эталоном.", 10),
    ("Оценка: 7.", 7),
    ("Punteggio: otto su dieci.", 8),
]

KNOWN_MISSES = {
    "The lesion demonstrates no internal enhancement on post-contrast images, consistent with a simple cyst.",
    "There is avid enhancement of the mass.",
    "The mass does not enhance.",
    "Pleura: small left effusion.\nPericardium: normal.",
    "Infrarenální aorta je rozšířena na 52 mm s nástěnným trombem – aneuryzma břišní aorty.",
}


@pytest.mark.parametrize("reply,spec,expected", member_cases(CHOICE + CHOICE_NON_ANSWERS + YES_NO + YES_NO_NON_ANSWERS, KNOWN_MISSES))
def test_round7_members(reply, spec, expected):
    e = read_member(reply, spec)
    assert (e.answer, e.status) == member_expected(expected)


@pytest.mark.parametrize("reply,expected", JUDGE)
def test_round7_judge_members(reply, expected):
    assert parse_judge_lenient(reply)[:2] == expected


@pytest.mark.parametrize("reply,expected", JUDGE_GRADES)
def test_round7_grade_members(reply, expected):
    assert parse_judge_score(reply) == (expected, None)


# ===== review by a newcomer: 368 replies aimed at the round-7 rules (members and false-positive probes) =====
def _review_reading(r):
    if r["reader"] in ("choice", "yes_no"):
        e = read_answer({"question": r["reader"], "reply": r["reply"], "options": r.get("options"), "q": r.get("question"),
                         "stop_reason": "stop"})
        return (e.answer, e.status)
    return mediconfusion_scores(r["reply"]) if r["reader"] == "mediconfusion" else parse_judge_score(r["reply"])[0]


def _review_expected(r):
    if r["reader"] in ("choice", "yes_no"):
        return (r["expected"], "answer") if r["expected"] is not None else (None, r["expected_status"])
    if r["reader"] == "mediconfusion":
        return None if r["expected"] is None else [float(x) for x in r["expected"]]
    return None if r["expected"] is None else float(r["expected"])


@pytest.mark.parametrize("r", [pytest.param(r, id=r["id"], marks=[pytest.mark.xfail(strict=True, reason="read wrong after round 7")]
                                            if r.get("known_miss") else []) for r in load_corpus("answer_review_round7.jsonl")])
def test_round7_review(r):
    """The reviewer's readings; rows marked known_miss are still read wrong (70 after round 7, 67 after round 8, 60 after round 9, 59 after round 12, 48 marked after round 14, 47 after round 15, 44 after round 17; docs/judges.md)."""
    assert _review_reading(r) == _review_expected(r), r["reply"]
