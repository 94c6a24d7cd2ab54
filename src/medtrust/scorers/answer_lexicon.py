"""Words and phrases the answer extractor (:mod:`medtrust.scorers.extract`) reads, by language.

Written for issue 22 from the kinds of reply it lists (hedged but committed answers, option
markers and answer phrases in Chinese, Spanish, German, French, Portuguese, Japanese and Italian,
ordinal and elimination answers, negated findings, option texts in another form); general
phrasing, not taken from any data set. Every entry is a regular-expression fragment without
unbounded repeats of its own (the patterns built from them are checked for linear time by
tests/test_regex_safety.py). Case-insensitive unless noted.
"""

from __future__ import annotations

#: CJK scripts: a letter followed by one of these is still a single letter ("C是正确的", "Bです").
CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af"
#: a word character that continues a Latin letter (so "Bone" is no letter B but "B是" is)
LATIN_WORD = r"[^\W" + CJK + r"]"

#: words naming an option before its letter ("Option C", "选项C", "Alternativa D")
OPTION_WORDS = (
    r"option|choice|letter|answer|opción|opcion|opção|opcao|alternativa|opzione|antwort|wahl|réponse|choix|"
    r"选项|選項|选择|選択肢|答案|答え"
)

#: adverbs of a hedged but committed answer, before the letter ("Probably C, although A ...")
HEDGE_ADVERBS = (
    r"(?:most\s+|more\s+|very\s+)?(?:probably|likely)|presumably|i(?:\s+would|'d)\s+(?:say|guess)|"
    r"(?:my\s+)?(?:best|educated)\s+guess(?:\s+(?:is|would\s+be))?|"
    r"(?:lo\s+)?m[aá]s\s+probable(?:mente)?(?:\s+(?:es|sea))?|probablemente|seguramente|"
    r"(?:am\s+)?wahrscheinlich(?:sten)?|vermutlich|am\s+ehesten|eher|"
    r"probablement|vraisemblablement|plutôt|"
    r"provavelmente|mais\s+provavelmente|"
    r"probabilmente"
)
#: the same in CJK scripts (no word boundary before the letter: "可能是C", "おそらくB")
HEDGE_ADVERBS_CJK = r"(?:很|最|更)?可能是|大概是|应该是|應該是|可能|おそらく|恐らく|たぶん|多分"

#: verbs of choosing before the letter ("I choose B", "Elijo la C", "Ich wähle Option A")
CHOOSE_VERBS = (
    r"choose|chose|choosing|select|selected|selecting|pick|picked|picking|go\s+with|going\s+with|go\s+for|"
    r"opt\s+for|opting\s+for|lean\s+(?:towards?|to)|leaning\s+(?:towards?|to)|favou?r|prefer|settle\s+on|"
    r"elijo|elegiría|elegiria|escojo|escogería|selecciono|me\s+quedo\s+con|"
    r"wähle|nehme|entscheide\s+mich\s+für|tippe\s+auf|"
    r"choisis|choisirais|je\s+prends|opte\s+pour|"
    r"escolho|escolheria|fico\s+com|"
    r"scelgo|sceglierei"
)
#: the same in CJK scripts ("我选择D", "应该选B", "Bを選びます" is read by the verdicts)
CHOOSE_VERBS_CJK = r"我选择|我会选|我選擇|选择|選擇|应该选|應該選|我选|选|選"

#: articles and option words that may stand between a choosing verb and the letter
CHOOSE_FILLERS = (
    r"(?:(?:the|la|el|le|l'|die|den|das)\s*)?(?:a\s+(?=alternativa|op[cç][aã]o|letra))?"
    r"(?:(?:option|choice|answer|letter|opción|opcion|opção|alternativa|opzione|option|choix|选项|選項)\s*)?"
)

#: predicates that state a letter is right, after it ("C is correct", "D fits better", "C是正确的")
VERDICTS = (
    r"(?:is|seems|appears|looks)\s+(?:to\s+be\s+)?(?:the\s+)?(?:most\s+|more\s+)?(?:correct|right|best|likely|appropriate|accurate|answer)"
    r"|is\s+(?:the\s+)?(?:better|best|closest)\s+(?:fit|match|answer|choice|option)"
    r"|(?:fits|matches)\s+(?:best|most|better)|(?:fits|matches)(?=\s*+(?:[.!;]|$))"
    r"|remains(?=\s*+(?:[.!;]|$))|remains\s+the\s+(?:best|only|likeliest|most\s+likely)|is\s+(?:what(?:'s|\s+is)\s+)?left"
    r"|is\s+the\s+(?:only\s+)?one\s+(?:left|remaining)"
    r"|ist\s+(?:die\s+)?(?:richtig|korrekt|zutreffend|richtige\s+antwort)"
    r"|est\s+(?:la\s+)?(?:correcte|correct|bonne(?:\s+réponse)?|juste)"
    r"|es\s+(?:la\s+)?(?:correcta|correcto|respuesta\s+correcta)"
    r"|é\s+(?:a\s+)?(?:correta|correto|resposta\s+correta)"
    r"|è\s+(?:la\s+)?(?:corretta|corretto|risposta\s+corretta)"
)
#: the same after a CJK letter (no space): "C是正确的", "Aが正しい"
CJK_VERDICTS = r"是正确的|是正確的|是对的|是對的|正确|正確|是正确答案|是正確答案|が正しい|が正解|は正しい|が適切"

#: eliminations after a letter: "A is ruled out" names a wrong option, it states no answer
ELIMINATIONS = (
    r"(?:is|are|can\s+be|has\s+been|was)\s+(?:ruled\s+out|excluded|eliminated|unlikely|less\s+likely|wrong|incorrect|not\s+\w+)"
    r"|se\s+descarta|queda\s+descartad[oa]|est\s+exclue?|ist\s+ausgeschlossen|é\s+descartad[oa]|"
    r"can\s+be\s+(?:ruled\s+out|excluded)"
)
#: an elimination verb before a list of letters: "We can exclude A, B and C"; "Se descarta la A"
ELIMINATE_BEFORE = (
    r"(?:rule\s+out|ruled\s+out|exclude|excluded|eliminate|eliminated|discard|se\s+descarta(?:n)?|descartamos|"
    r"ausschließen|schließe\s+\w+\s+aus|exclure|exclut|on\s+exclut|descartar|descarto|排除|除外)"
)

#: cues of a conclusion followed by the letter ("so B", "therefore it must be D", "así que es la B")
CONCLUSIONS = (
    r"so|therefore|thus|hence|which\s+leaves|leaving|that\s+leaves|"
    r"así\s+que|por\s+lo\s+tanto|entonces|luego|"
    r"daher|somit|deshalb|folglich|"
    r"donc|alors|par\s+conséquent|"
    r"então|portanto|logo|"
    r"quindi|dunque"
)
CONCLUSIONS_CJK = r"所以|因此|故|だから|したがって|よって"
#: what may stand between a conclusion cue and the letter
CONCLUSION_FILLERS = (
    r"(?:it\s+(?:must|has\s+to|should|would)\s+be|it\s+is|it's|the\s+answer\s+is|the\s+answer\s+must\s+be|"
    r"must\s+be|es\s+la|es\s+el|es|sería\s+la|ist\s+es|muss\s+es|c'est|ce\s+sera|é\s+a|é|è|是|应该是|は)?"
)

#: ordinal words by position (index 0 = first option); "last" is handled apart
ORDINALS = (
    ("first|1st|primera|primer|primero|erste|ersten|première|premier|primeira|primeiro|prima|primo|第一|一番目|1番目|一つ目",),
    ("second|2nd|segunda|segundo|zweite|zweiten|deuxième|seconde|second|seconda|secondo|第二|二番目|2番目|二つ目",),
    ("third|3rd|tercera|tercer|tercero|dritte|dritten|troisième|terceira|terceiro|terza|terzo|第三|三番目|3番目|三つ目",),
    ("fourth|4th|cuarta|cuarto|vierte|vierten|quatrième|quarta|quarto|第四|四番目|4番目|四つ目",),
    ("fifth|5th|quinta|quinto|fünfte|fünften|cinquième|第五|五番目|5番目",),
)
LAST_WORDS = r"last|última|último|letzte|letzten|dernière|dernier|ultima|ultimo|最后|最後|最后一个"
#: nouns after an ordinal ("the second option", "第二个选项")
ORDINAL_NOUNS = r"option|choice|one|opción|opcion|opção|alternativa|opzione|wahl|choix|个选项|個選項|选项|選項|个|項|の選択肢|選択肢"
#: "option number three", "choice no. 2"
NUMBER_WORDS = {"one": 0, "two": 1, "three": 2, "four": 3, "five": 4, "1": 0, "2": 1, "3": 2, "4": 3, "5": 4}

#: negated findings for yes/no questions ("No evidence of effusion", "kein Anhalt für", "未见")
NEGATIVE_FINDINGS = (
    r"no\s+(?:\w+\s+)?(?:evidence|sign|signs|indication|suggestion)\s+of|negative\s+for|without\s+(?:\w+\s+)?(?:evidence|signs?)\s+of|"
    r"free\s+of|(?:is|are)\s+(?:absent|not\s+(?:seen|visible|present|identified|detected|noted|demonstrated|evident))|"
    r"(?:is|are|was|were)\s+ruled\s+out|(?:^|(?<=[.;:\n]))[^\w\n]{0,8}(?:absent|unremarkable)\b|no\s+(?:acute|definite|obvious|significant|visible|apparent)\b|"
    r"sin\s+(?:evidencia|signos?|datos|hallazgos)\s+de|no\s+se\s+(?:observa|observan|aprecia|aprecian|identifica|ven?)|no\s+hay|"
    r"ausencia\s+de|negativo\s+para|"
    r"kein(?:e|en)?\s+(?:anhalt|hinweis(?:e)?|zeichen|nachweis)\s+(?:für|auf)|(?:es\s+)?(?:liegt|liegen|zeigt\s+sich)\s+kein|"
    r"nicht\s+nachweisbar|kein(?:e|en)?\s+\w+\s+(?:nachweisbar|sichtbar|erkennbar)|"
    r"pas\s+de|aucun(?:e)?\s|absence\s+d|sans\s+(?:signe|évidence|preuve)|négati(?:f|ve)\s+pour|"
    r"sem\s+(?:evidência|evidencia|sinais?)\s+de|não\s+(?:há|se\s+observa|se\s+observam|foi\s+observad[oa])|ausência\s+de|"
    r"未见|未見|没有|沒有|无明显|無明顯|未发现|未發現|不存在|阴性|陰性|"
    r"認められない|認められません|認めません|認めない|ありません|見られない|見られません|なし"
)
#: findings stated as present ("Positive for fracture", "A small effusion is present", "hay derrame")
POSITIVE_FINDINGS = (
    r"positive\s+for|(?:is|are)\s+(?:present|seen|visible|noted|identified|evident|demonstrated)|"
    r"there\s+(?:is|are)\s+(?:a|an|some|evidence|small|large|mild|moderate|severe)\b|evidence\s+of|"
    r"hay\s|se\s+observa|presencia\s+de|positivo\s+para|"
    r"liegt\s+\w+\s+vor|(?:ist|sind)\s+(?:nachweisbar|sichtbar)|"
    r"il\s+y\s+a|présence\s+d|positi(?:f|ve)\s+pour|"
    r"\bhá\s|presença\s+de|"
    r"存在|可见|可見|见到|有|あります|認める|認められる|見られる"
)
#: a negation that turns a positive finding around ("There is no evidence of")
FINDING_NEGATORS = r"no|not|without|kein\w{0,3}|nicht|sin|pas|aucun\w{0,2}|sem|não|没|沒|未|无|無"

#: whole-option synonyms and abbreviations (lower case): an option text -> other names for it
PHRASE_SYNONYMS = {
    "upper extremity": ("arm", "arms", "upper limb", "upper limbs"),
    "lower extremity": ("leg", "legs", "lower limb", "lower limbs"),
    "nevus": ("mole", "moles", "naevus", "naevi"),
    "basal cell carcinoma": ("bcc",),
    "squamous cell carcinoma": ("scc",),
    "melanocytic nevi": ("moles",),
}
#: word synonyms inside option texts
WORD_SYNONYMS = {"extremity": ("limb",), "extremities": ("limbs",)}
#: British / American spellings: (pattern, replacement) pairs applied both ways
SPELLINGS = (("haem", "hem"), ("naev", "nev"), ("oedem", "edem"), ("oesoph", "esoph"), ("tumour", "tumor"),
             ("aemia", "emia"), ("paed", "ped"), ("foet", "fet"))
