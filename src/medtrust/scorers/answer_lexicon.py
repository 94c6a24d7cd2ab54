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
    r"option|choice|letter|answer|opción|opcion|opção|opcao|alternativa|opzione|antwort|wahl|réponse|choix|letra|lettre|buchstabe|lettera|"
    r"vaihtoehto|vaihtoehdon|možnosť|valkostur|aukera|variantas|variants|opsyon|"
    r"alternativ|گزینه|"
    r"optie|keuze|вариант|варіант|seçenek|opcja|opsi|pilihan|phương\s+án|lựa\s+chọn|đáp\s+án|επιλογή|विकल्प|الخيار|"
    r"选项|選項|选择|選択肢|答案|答え|선택지|보기|ตัวเลือก|ข้อ"
)

#: adverbs of a hedged but committed answer, before the letter ("Probably C, although A ...")
HEDGE_ADVERBS = (
    r"(?:most\s+|more\s+|very\s+)?(?:probably|likely)|presumably|i(?:\s+would|'d)\s+(?:say|guess)|"
    r"(?:my\s+)?(?:best|educated)\s+guess(?:\s+(?:is|would\s+be))?|"
    r"(?:lo\s+)?m[aá]s\s+probable(?:mente)?(?:\s+(?:es|sea))?|probablemente|seguramente|"
    r"(?:am\s+)?wahrscheinlich(?:sten)?|vermutlich|am\s+ehesten|eher|"
    r"probablement|vraisemblablement|plutôt|"
    r"provavelmente|mais\s+provavelmente|"
    r"probabilmente|waarschijnlijk|вероятно|скорее\s+всего|muhtemelen|prawdopodobnie|kemungkinan\s+besar|có\s+lẽ|"
    r"i(?:\s+would|'d)\s+(?:answer|pick|choose|go\s+with)|my\s+(?:hunch|bet|pick|instinct)\s+(?:is|would\s+be)|"
    # round 10: "I'd say" in other languages before a letter ("Anzi no, direi la A")
    r"direi|(?:yo\s+)?diría|(?:je\s+)?dirais|(?:eu\s+)?diria|ich\s+würde\s+sagen|würde\s+ich\s+sagen|ik\s+zou\s+zeggen|"
    r"powiedział(?:bym|abym)|сказал(?:а)?\s+бы|"
    r"i\s+suspect(?:\s+(?:this|it)\s+is)?|on\s+balance(?:\s+(?:it's|it\s+is|this\s+is))?|(?:i'm\s+|i\s+am\s+)?leaning(?:\s+towards?)?|"
    r"i(?:'ll|\s+will)\s+(?:say|answer|go\s+with)|"
    # more languages: Polish, Dutch, Czech, Russian, Ukrainian, Turkish, Greek, Indonesian, Vietnamese, Arabic, Persian, Hindi
    r"najpewniej(?:\s+więc)?|najprawdopodobniej|vermoedelijk|pravděpodobně|nejspíše|nejspíš|вероятнее\s+всего|скорее|"
    r"найімовірніше|ймовірно|скоріше|büyük\s+olasılıkla|πιθανότατα|πιθανώς|cenderung(?:\s+ke)?|"
    r"jawaban\s+saya\s+cenderung\s+ke|nhiều\s+khả\s+năng|khả\s+năng\s+cao|يرجّح|يرجح|على\s+الأرجح|الأرجح|غالبا|غالبًا|"
    r"احتمالاً|احتمالا|به\s+احتمال\s+زیاد|संभवतः|शायद|सबसे\s+संभावित"
)
#: the same in CJK scripts (no word boundary before the letter: "可能是C", "おそらくB")
HEDGE_ADVERBS_CJK = r"(?:很|最|更)?可能是|大概是|应该是|應該是|可能|おそらく|恐らく|たぶん|多分|아마도|아마"

#: verbs of choosing before the letter ("I choose B", "Elijo la C", "Ich wähle Option A")
CHOOSE_VERBS = (
    # round 10: the verb before its subject ("Alles in allem entscheide ich mich für B", "dus ga ik voor A") and verbs of
    # keeping or settling ("Je retiens donc la réponse B", "Me decanto por la D", "Stawiam na C", "Останавливаюсь на B")
    r"entscheide\s+ich\s+mich\s+für|entscheiden\s+wir\s+uns\s+für|wähle\s+ich|nehme\s+ich|tippe\s+ich\s+auf|bleibe\s+ich\s+bei|"
    # round 11: split verbs ("würde mich aber für C entscheiden") and "my answer is" in more languages
    r"(?:würde|werde)\s+(?:ich\s+)?mich\s+(?:(?:aber|eher|doch|dann|also|letztlich|wohl)\s+)?für|ang\s+sagot\s+(?:ko\s+)?ay|"
    r"jibu\s+langu\s+ni|jawapan\s+saya\s+(?:ialah|adalah)|vastaukseni\s+on|mano\s+atsakymas\s+yra|minu\s+vastus\s+on|"
    r"moj\s+odgovor\s+je|моят\s+отговор\s+е|(?:svaret\s+mitt\s+er|mitt\s+svar\s+(?:er|är)|mit\s+svar\s+er)|a\s+válaszom|"
    r"răspunsul\s+meu\s+este|javobim|cavabım|"
    r"ich\s+bleibe\s+bei|ich\s+gehe\s+mit|je\s+reste\s+sur|je\s+maintiens|me\s+quedo\s+con|resto\s+su|rimango\s+su|mantengo|"
    r"blijf\s+(?:ik\s+)?bij|остаюсь\s+при|zostaję\s+przy|richtig\s+ist|korrekt\s+ist|la\s+bonne\s+(?:réponse\s+)?est|"
    r"je\s+retiens|retiens|je\s+retiendrais|retiendrais|je\s+garde|je\s+choisirais|je\s+vais\s+choisir|j'opte\s+pour|"
    r"me\s+decanto\s+por|opto\s+por|opto\s+pela|opto\s+pelo|vou\s+com|"
    r"opto\s+per|vado\s+con|"
    r"ik\s+ga\s+voor|ga\s+ik\s+voor|ik\s+houd\s+het\s+op|houd\s+ik\s+het\s+op|ik\s+kies\s+voor|kies\s+ik\s+voor|"
    r"stawiam\s+na|wybieram\s+więc|decyduję\s+się\s+na|останавливаюсь\s+на|остановлюсь\s+на|зупиняюся\s+на|"
    r"vybírám\s+si|volím\s+si|rozhoduji\s+se\s+pro|väljer\s+jag|jag\s+väljer|jeg\s+vælger|vælger\s+jeg|jeg\s+velger|velger\s+jeg|"
    r"valitsen|valitsisin|választom|aleg|optez\s+pentru|odabirem|biram|izbiram|tercih\s+ederim|saya\s+memilih|"
    r"går\s+jeg\s+for|jeg\s+går\s+for|går\s+jag\s+på|jag\s+går\s+på|jeg\s+går\s+med|odlučujem\s+se\s+za|rozhodujem\s+sa\s+pre|"
    r"избирам|избрах|обирам|вибираю|opto\s+(?:dunque|quindi|allora|infine)\s+per|tercihim|seçimim|διαλέγω|אני\s+בוחרת?|"
    r"choose|chose|choosing|select|selected|selecting|pick|picked|picking|go\s+with|going\s+with|go\s+for|"
    r"going(?!\s+(?:to|on|through|back|forward|over|with)\b)|"
    r"opt\s+for|opting\s+for|leans?\s+(?:towards?|to)|leaning\s+(?:towards?|to)|favou?rs?|favou?ring|prefers?|settle\s+on|"
    r"commit\s+to|committing\s+to|stick\s+with|sticking\s+with|land\s+on|stay\s+with|staying\s+with|remain\s+with|"
    r"me\s+inclino\s+por|inclino-me\s+para|je\s+penche\s+pour|propendo\s+per|"
    r"points?\s+(?:more\s+|most\s+|clearly\s+|strongly\s+)?(?:towards?|to)|pointing\s+(?:more\s+)?(?:towards?|to)|"
    r"elijo|elegiría|elegiria|escojo|escogería|selecciono|me\s+quedo\s+con|"
    r"wähle|nehme|entscheide\s+mich\s+für|tippe\s+auf|"
    r"choisis|choisirais|je\s+prends|opte\s+pour|"
    r"escolho|escolheria|fico\s+com|"
    r"scelgo|sceglierei|"
    # more languages: "kies ik B", "wybieram B", "Tôi chọn A", "saya pilih C", "выбираю B", "seçiyorum", "volím", "επιλέγω"
    r"kies(?:\s+ik)?|ik\s+kies|wybieram|wybrałbym|wybrałabym|tôi\s+chọn|chọn|saya\s+pilih|saya\s+memilih|pilih|"
    r"выбираю|выбрал\s+бы|обираю|вибираю|seçiyorum|seçerim|volím|vybírám|επιλέγω|أختار|اخترت|נבחר|בוחר|בוחרת|चुनता\s+हूँ|चुनती\s+हूँ"
)
#: the same in CJK scripts ("我选择D", "应该选B", "Bを選びます" is read by the verdicts)
CHOOSE_VERBS_CJK = r"我选择|我会选|我選擇|选择|選擇|应该选|應該選|我选|选|選"

#: articles and option words that may stand between a choosing verb and the letter
CHOOSE_FILLERS = (
    r"(?:(?:the|la|el|le|l'|die|den|das|il|lo|τη|την|το|τον|ב-?|ל-?)\s*)?(?:a\s+(?=alternativa|op[cç][aã]o|letra|proposta))?"
    r"(?:(?:a|o)\s+(?=[A-E](?![^\W\d_])))?"
    r"(?:(?:option|choice|answer|letter|opción|opcion|opção|alternativa|opzione|option|choix|选项|選項|"
    r"réponse|respuesta|resposta|risposta|antwort|antwoord|odpowiedź|odpowiedzi|ответ|варианте|вариант|варіанті|варіант|"
    r"variante|varianta|možnost|alternativet|svaret|svar|vastaus|vaihtoehto|opțiunea|răspunsul|seçenek|cevap|jawaban|opsi|"
    r"đáp\s+án|phương\s+án|proposition|propuesta|proposta|vaihtoehdon|vastausvaihtoehdon|možnost|možnosť|επιλογή|απάντηση|"
    r"odgovor|odgovora|atbildi|atsakymą|"
    r"אפשרות|תשובה|विकल्प|گزینه)\s*)?"
)
#: adverbs that may stand between a choosing verb and its object ("Je retiens donc la réponse B", "Scelgo quindi la C")
CHOOSE_ADVERBS = (
    r"(?:(?:donc|finalement|également|quindi|dunque|infine|alla\s+fine|pues|entonces|finalmente|então|portanto|dus|toch|"
    r"also|daher|letztlich|schließlich|więc|zatem|ostatecznie|итак|поэтому|в\s+итоге|тож|тому|therefore|thus|then|finally|"
    r"ultimately|definitely|eventually|då|derfor|siis|tedy|nakonec|proto|bu\s+yüzden|yine|jadi|akhirnya|vì\s+vậy)[\s,]++)?"
)

#: predicates that state a letter is right, after it ("C is correct", "D fits better", "C是正确的")
VERDICTS = (
    r"(?:is|seems|appears|looks)\s+(?:to\s+be\s+)?(?:the\s+)?(?:most\s+|more\s+)?(?:correct|right|best|likely|appropriate|accurate|answer|"
    r"reasonable|plausible|probable|consistent|fitting|suitable|compatible|likeliest)"
    r"|is\s+my\s+(?:final\s+)?(?:answer|choice|pick|selection)"
    r"|is\s+(?:the\s+)?(?:better|best|closest)\s+(?:fit|match|answer|choice|option)"
    r"|(?:fits|matches)\s+(?:best|most|better)|(?:fits|matches)(?=\s*+(?:[.!;]|$))"
    r"|it\s+is(?=\s*+(?:[.!;]|$))|remains(?=\s*+(?:[.!;]|$))|remains\s+the\s+(?:best|only|likeliest|most\s+likely)|is\s+(?:what(?:'s|\s+is)\s+)?left"
    r"|is\s+the\s+(?:only\s+)?one\s+(?:left|remaining)"
    r"|ist\s+(?:die\s+)?(?:richtig|korrekt|zutreffend|richtige\s+antwort)"
    r"|est\s+(?:la\s+)?(?:correcte|correct|bonne(?:\s+réponse)?|juste)"
    r"|es\s+(?:la\s+)?(?:correcta|correcto|respuesta\s+correcta)"
    r"|é\s+(?:a\s+)?(?:correta|correto|resposta\s+correta)"
    r"|è\s+(?:la\s+)?(?:corretta|corretto|risposta\s+corretta)|è\s+quell[ao]\s+giust[ao]|è\s+giust[ao]"
    r"|trifft\s+zu|klopt(?!\s+niet)|is\s+juist|está\s+corret[ao]|jest\s+(?:prawidłow|poprawn)\w{1,2}"
    r"|şıkkı\w{0,4}|seçeneği\w{0,4}|doğru(?:dur)?"
    r"|(?:является\s+)?(?:верн|правильн)(?:ый|ая|ое|ым)"
    # round 13: "ש-C היא התשובה", "C ndilo jibu", "C adalah jawaban yang benar", "C ang tamang sagot", "C सही उत्तर है",
    # "C είναι η σωστή απάντηση", "C este răspunsul corect", "C là đáp án đúng", "C is het juiste antwoord"
    r"|(?:היא|הוא)\s+(?:התשובה|הנכונה|הנכון)|(?:هي|هو)\s+(?:الإجابة|الجواب)|(?:پاسخ|جواب)\s+(?:صحیح|درست)\s+است|"
    r"(?:ndilo|ndio|ni)\s+jibu|ni\s+sahihi|adalah\s+jawaban(?:nya)?|ialah\s+jawapan|ang\s+(?:tamang\s+)?sagot|"
    r"(?:ita\s+ce|shine)\s+amsa|bụ\s+azịza|ni\s+ìdáhùn|ni\s+idahun|yimpendulo|iyimpendulo|"
    r"सही\s+(?:उत्तर|जवाब)\s+है|सही\s+है|είναι\s+(?:η\s+)?(?:σωστή|σωστό|απάντηση)|este\s+(?:răspunsul\s+)?corect\w{0,2}|"
    r"là\s+(?:đáp\s+án|câu\s+trả\s+lời)(?:\s+đúng)?|is\s+het\s+(?:juiste\s+)?antwoord|är\s+(?:rätt|korrekt)(?:\s+svar)?|"
    r"er\s+(?:rigtig|riktig|korrekt)(?:t)?(?:\s+svar)?|on\s+oikea(?:\s+vastaus)?|je\s+(?:správn|točn|taèn|ispravn)\w{1,3}|"
    r"е\s+(?:правилн|верн|точн)\w{1,3}|є\s+правильн\w{1,3}|to\s+(?:prawidłowa|poprawna)\s+odpowiedź|a\s+helyes(?:\s+válasz)?"
)
#: the same after a CJK letter (no space): "C是正确的", "Aが正しい"
CJK_VERDICTS = r"是正确的|是正確的|是对的|是對的|正确|正確|是正确答案|是正確答案|が正しい|が正解|は正しい|が適切"
# round 12: Korean ("D가 정답입니다", "B가 맞습니다") and Japanese "が答え"
CJK_VERDICTS += r"|(?:가|이|는|은)\s*+(?:정답|맞습니다|맞아요|맞다|옳습니다|옳다)|が答え"

#: "and" / "or" between option letters ("B or D", "B ਜਾਂ D", "B ili D", "B eller D"), in the languages the readers know; one
#: list for the letter lists, the multiple-answer slots and the clause starts of :mod:`medtrust.scorers.extract` (round 12)
LETTER_CONJUNCTIONS = frozenset((
    "or and nor oder und ou et o y e en a i и і или och og ja és și ve và dan lub oraz או و और या "
    # or
    "albo lub eller vagy au yoki arba või veya hoặc atau ή أو یا يا ਜਾਂ বা অথবা किंवा அல்லது లేదా ಅಥವಾ അല്ലെങ്കിൽ ଅଥବା અથવા "
    "ან կամ ወይም tabi noma okanye cyangwa ឬ эсвэл немесе ose или sau alebo ali nebo vai eða edo neu nó jew tai ó либо ili "
    "atau of ya "
    # and
    "na ir un dhe at va və eta та а ও आणि ਅਤੇ மற்றும் మరియు და և እና และ ແລະ និង සහ ба мен жана kaj και ug"
).split())

#: eliminations after a letter: "A is ruled out" names a wrong option, it states no answer
ELIMINATIONS = (
    r"(?:is|are|can\s+be|has\s+been|was)\s+(?:(?:clearly|obviously|definitely|certainly|simply|plainly|surely|also)\s+)?"  # round 13: "D is clearly wrong"
    r"(?:ruled\s+out|excluded|eliminated|unlikely|less\s+likely|wrong|incorrect|not\s+\w+)"
    r"|(?:would|should|could|does|do|did|is|are|was|can|will)(?:n't|\s+not)(?=\s|$)|lacks?\s|fails?\s+to\s"
    r"|(?:would|will|must)\s+be\s+(?:wrong|incorrect|unlikely|less\s+likely|excluded)|(?:is|are)\s+out\b|out(?=\s*+[.;,!]|\s*+$)"
    r"|se\s+descarta|queda\s+descartad[oa]|est\s+exclue?|ist\s+ausgeschlossen|aus(?:zu)?schlie(?:ß|ss)en|(?:scheiden|scheidet|fallen|fällt)\s+(?:\w+\s+)?(?:aus|weg)(?![^\W\d_])|é\s+descartad[oa]|aus(?=\s*+(?:[.,;]|$))|"
    r"(?:não|no)\s+se\s+aplica|no\s+aplica|ne\s+s'applique\s+pas|trifft\s+nicht\s+zu|passt\s+nicht|non\s+si\s+applica|"
    r"(?:does\s+not|doesn't)\s+(?:apply|fit)|は否定的|は除外|は考えにくい|可以排除|被排除|不太可能|"
    r"can\s+be\s+(?:ruled\s+out|excluded)|"
    r"неверн\w{0,3}|неправильн\w{0,3}|не\s+подходит|(?:está|é)\s+(?:errad[ao]|incorret[ao])|es\s+incorrect[ao]|está\s+mal|"
    r"est\s+(?:faux|fausse|incorrecte?)|ist\s+falsch|è\s+(?:sbagliat[ao]|errat[ao])|is\s+onjuist|klopt\s+niet|"
    r"jest\s+(?:błędn|nieprawidłow)\w{1,2}|"
    # round 12: "is wrong / is not right" after a letter (or an ordinal read as one) in many more languages
    # ("Síðasti valkosturinn er rangur", "दूसरा विकल्प गलत है", "Երկրորդ տարբերակը սխալ է", "האפשרות האחרונה אינה נכונה")
    r"(?:er|är)\s+(?:rangur|röng|rangt|fel|felaktig|forkert|feil|ikke\s+korrekt|inte\s+korrekt)|ग़?लत\s+है|सही\s+नहीं\s+है|चुकीचा\s+आहे|"
    r"चूक\s+आहे|गलत\s+हो|सही\s+होइन|ভুল|সঠিক\s+নয়|ਗਲਤ\s+ਹੈ|ખોટો\s+છે|ખોટું\s+છે|தவறு|சரியல்ல|తప్పు|ತಪ್ಪು|തെറ്റാണ്|වැරදි|"
    r"սխալ\s+է|ճիշտ\s+չէ|არასწორია|მცდარია|ስህተት\s+ነው|ትክክል\s+አይደለም|(?:je|nije)\s+(?:pogrešan|pogrešna|netočan|netočna|netačan|"
    r"netačna|točan|točna|tačan|tačna)|није\s+тачн\w|је\s+погрешн\w|(?:je|ni)\s+(?:napačen|napačna|pravilen|pravilna)|"
    r"(?:je|nie\s+je)\s+(?:nesprávn|správn)\w|je\s+(?:špatně|chybn\w)|není\s+správn\w|(?:este|nu\s+este)\s+(?:greșit|incorect|corect)\w{0,2}|"
    r"(?:është|nuk\s+është)\s+(?:e|i)\s+(?:gabuar|saktë)|είναι\s+λάθος|δεν\s+είναι\s+σωστ\w|אינה\s+נכונה|אינו\s+נכון|שגויה|שגוי|"
    r"לא\s+נכונה|לא\s+נכון|غلط\s+است|نادرست\s+است|درست\s+نیست|خاطئة?|غير\s+صحيحة?|غلط\s+ہے|درست\s+نہیں|yanlış(?:tır|dır)?|"
    r"doğru\s+değil|səhvdir|yanlışdır|düzgün\s+deyil|noto'g'ri|қате|дұрыс\s+емес|туура\s+эмес|буруу|зөв\s+биш|"
    r"neteising\w{1,2}|klaiding\w{1,2}|(?:ir\s+)?nepareiz\w{1,2}|ir\s+kļūdain\w{1,2}|on\s+vale|ei\s+ole\s+õige|on\s+väärä|"
    r"ei\s+ole\s+oikea|helytelen|nem\s+helyes|(?:si|sio|ni)\s+(?:sahihi|makosa)|(?:adalah\s+)?salah|tidak\s+(?:betul|benar)|"
    r"(?:ay\s+)?mali|hindi\s+tama|ba\s+daidai\s+ba|kuskure\s+ne|kò\s+tọ̀nà|ezighi\s+ezi|akulungile|ayilungile|ayichanekanga|"
    r"waa\s+khalad|ma\s+saxna|ntabwo\s+ari\s+byo|မှား\S{0,4}|ខុស|មិនត្រឹមត្រូវ|ຜິດ|ບໍ່ຖືກຕ້ອງ|ผิด|ไม่ถูกต้อง|okerra\s+da|"
    r"ez\s+da\s+zuzena|(?:é|és)\s+(?:incorrect[aoe]|errònia)|non\s+é\s+correct[ao]|no\s+és\s+correct[ae]|yn\s+anghywir|mícheart|"
    r"ħażin|mhux\s+korrett|is\s+verkeerd|is\s+nie\s+korrek\s+nie|(?:là\s+)?sai(?![^\W\d_])|không\s+đúng|"
    # round 12: Korean, Japanese and Chinese "does not apply (either)", "is not it", "is wrong" after a letter
    # ("E도 해당되지 않습니다", "Bは該当しません", "A也不对")
    r"(?:도|는|은|가|이)\s*+(?:해당(?:되|하)지\s*+않|아닙니다|아니다|아님|맞지\s*+않|틀렸|틀린|적절하지\s*+않|가능성이\s*+낮)|"
    r"(?:は|も)\s*+(?:該当しない|該当しません|当てはまらない|当てはまりません|違います|違う|誤り|不正解|考えにくい)|"
    r"也?(?:不是|不对|不對|错误|錯誤|不符合|不正确|不正確)|"
    # round 10: eliminations after a letter in more languages ("Možnosti A, B a D lze vyloučit", "B fällt weg", "D ebenfalls raus",
    # "B, C en D vallen af", "B, C, D는 배제됩니다", "(C utesluten)", "A, B और D को हटाया जा सकता है", "A, B, dan D dapat disingkirkan")
    r"lze\s+vyloučit|(?:je|jsou|byl[ay]?)\s+vyloučen\w{0,2}|sa\s+dá\s+vylúčiť|(?:fällt|fallen)\s+weg|(?:ebenfalls\s+|auch\s+)?raus(?=\s*+[.,;]|\s*+$)|"
    r"(?:valt|vallen)\s+af|(?:는|은)?\s*+배제(?!되지|할\s*수\s*없|하지|\s*안)(?:됩니다|됨|할\s*수\s*있습니다)?|utesluten?|uteslutna|udelukket|utelukket|"
    r"(?:को\s+)?हटाया\s+जा\s+सकता\s+है|(?:dapat\s+|bisa\s+)?(?:disingkirkan|dikesampingkan|dieliminasi)|"
    r"(?:можно|можна)\s+(?:исключить|виключити)|(?:исключ|виключ)(?:ен|ена|ены|ені|аются|аємо)|"
    r"(?:są|jest)\s+wykluczon\w{1,2}|odpadają|odpada|elenir|elenebilir|dışlanır|αποκλείε(?:ται|νται)|kizárható\w{0,2}|"
    r"kan\s+(?:udelukkes|utelukkes|uteslutas|afvises)|voidaan\s+(?:sulkea\s+pois|poissulkea)|suljetaan\s+pois|"
    # round 11: "B i C otpadaju", "A и D отпадат", "D taip pat netinka", "A ei sobi", "E ne odgovara", "A og C koma ekki til greina",
    # "A, B, C və D istisna olunur", "A, B un D var izslēgt", "A ir B atmetame"
    r"(?:taip\s+pat\s+|също\s+|također\s+|tudi\s+)?(?:otpada(?:ju)?|отпада(?:т)?|odpadá|odpadajo|netinka|ei\s+sobi|ne\s+odgovara\w{0,2}|не\s+отговаря|"
    r"koma\s+ekki\s+til\s+greina|istisna\s+olunur|(?<![^\W\d_])var\s+izslēgt|atmetame|atmestin\w{1,2}|izločimo|môžeme\s+vylúčiť|možemo\s+isključiti|"
    r"isključujemo|baztertzen\s+ditugu|uitgesluit|kan\s+uitskakel)|"
    r"(?:sont|est)\s+exclu(?:e|es|s)?|(?:são|é)\s+excluíd[ao]s?|(?:sono|è)\s+(?:esclus[aeio]|da\s+escludere)|(?:sind|ist)\s+ausgeschlossen|"
    r"(?:は否定的|は除外|が除外|は考えにくい|排除)(?!でき(?:ない|ません)|されない|されません|しない|しません|不了|不能)|"
    # round 10: "unlikely" in other languages after a letter ("A и B маловероятны", "A e B sono improbabili")
    r"(?:(?:sind|sont|son|são|sono|zijn|są|jsou|är|er|ovat)\s+)?(?:маловероятн\w{0,3}|малоймовірн\w{0,3}|unwahrscheinlich\w{0,2}|"
    r"peu\s+probables?|poco\s+probables?|pouco\s+prováve(?:l|is)|improbabil[ie]|onwaarschijnlijk|mało\s+prawdopodobn\w{1,3}|"
    r"nepravděpodobn\w{1,3}|osannolik\w{0,2}|olası\s+değil|kecil\s+kemungkinan)|"
    # an elimination the speaker would make: "Ersteres würde ich ausschließen", "la descartaría", "lo escluderei"
    r"(?:würde|werde|kann|muss|möchte)\s+(?:ich|man|wir)\s+(?:\w+\s+)?aus(?:zu)?schlie(?:ß|ss)en|(?:la|lo)\s+descartar(?:ía|é)|"
    r"(?:la|lo)\s+escluderei|je\s+l'exclurais|est\s+à\s+exclure|eu\s+(?:a|o)\s+descartaria|(?:a|o)\s+descartaria|"
    # round 17: "wrong" written in the Latin alphabet after an option or position ("Pehla option galat hai", "el tani ghalat",
    # "A thappu", "B mali")
    r"(?:option\s+|wala\s+|variant\s+)?(?:galat|ghalat|ghalta|ghalt|thappu|tappu|tapu|sahi\s+nahi|sahi\s+nahin|nepravil\w{1,4}|mali)(?![^\W\d_])"
)
#: an elimination verb before a list of letters: "We can exclude A, B and C"; "Se descarta la A"
ELIMINATE_BEFORE = (
    r"(?:rule\s+out|ruled\s+out|ruling\s+out|excludes|exclude|excluded|excluding|eliminates|eliminate|eliminated|eliminating|"
    r"(?<![\w'])not(?=\s++(?:option\s++)?[A-E](?![\w']))|"
    r"discard|discarding|"
    r"se\s+descarta(?:n)?|descartamos|descartando|descartad[oa]s?|"
    r"ausschließen|schließe\s+\w+\s+aus|exclure|exclut|on\s+exclut|descartar|descarto|escludo|esclude|escludiamo|escludere|"
    r"scarto|scartiamo|excluo|excluímos|excluir|excluimos|wykluczam|исключаю|исключается|排除|除外|loại\s+trừ|nên\s+loại|loại|"
    # the conditional: "Escluderei la prima", "Descartaría la primera", "I'd exclude", "j'exclurais"
    r"escluderei|scarterei|descartaría|descartaria|excluiría|excluiria|exclurais|(?:i\s+would|i'd)\s+(?:exclude|rule\s+out|eliminate|discard)|"
    # round 10: "Brak cienia akustycznego wyklucza A", "نستبعد A وC وD", "Исключаем A и B", "We rule out", "Sluiten A uit"
    r"wyklucza|wykluczamy|wykluczam|نستبعد|استبعدنا|يستبعد|исключаем|исключает|виключаємо|виключає|vylučujeme|vyloučíme|vylučuje|"
    r"kizárjuk|kizárja|utesluter|utesluter\s+vi|udelukker|utelukker|sluiten|sluit|dışlıyoruz|dışlar|loại\s+bỏ|menyingkirkan|"
    r"singkirkan|αποκλείουμε|αποκλείει|eliminăm|exclude|excluímos|excluye|excluyen|exclut|"
    r"välistame|isključujemo|atmetame|izločimo|uitskakel|maaalis\s+na\s+natin\s+ang|istisno\s+qilamiz|baztertzen)"
)

#: cues of a conclusion followed by the letter ("so B", "therefore it must be D", "así que es la B")
CONCLUSIONS = (
    r"(?:so\s+|therefore\s+|thus\s+|hence\s+)?by\s+(?:exclusion|elimination)|por\s+exclusi[óo]n|par\s+(?:exclusion|élimination)|"
    r"per\s+esclusione|durch\s+ausschluss|"
    r"->|→|=>|⇒|"
    r"so|therefore|thus|hence|which\s+leaves|leaving|that\s+leaves|(?:we\s+are\s+|we're\s+|i'm\s+|is\s+)?left\s+with|leaves|"
    r"dus|daarom|поэтому|значит|bu\s+nedenle|dlatego|jadi|vì\s+vậy|(?:es\s+)?bleibt(?:\s+nur)?|übrig\s+bleibt|resta|rimane|reste|"
    r"así\s+que|por\s+lo\s+tanto|entonces|luego|"
    r"daher|somit|deshalb|folglich|"
    r"donc|alors|par\s+conséquent|"
    r"então|portanto|logo|"
    r"quindi|dunque|"
    # round 12: "therefore / so" in ~70 more languages ("Beraz, B: Tomografia konputatua", "Stoga je odgovor C")
    r"beraz|hortaz|horregatik|polo\s+tanto|entón|per\s+tant|així\s+doncs|doncs|stoga|dakle|zato|према\s+томе|дакле|стога|torej|"
    r"zatorej|preto|teda|proto|tedy|takže|więc|zatem|deci|prin\s+urmare|așadar|prandaj|kështu\s+që|άρα|επομένως|συνεπώς|"
    r"следователно|затова|значи|затоа|tāpēc|tātad|todėl|taigi|vadinasi|seega|niisiis|järelikult|joten|siksi|näin\s+ollen|tehát|"
    r"ezért|þess\s+vegna|derfor|därför|altså|alltså|dermed|således|gevolglik|dolayısıyla|bu\s+yüzden|buna\s+görə|deməli|"
    r"beləliklə|shuning\s+uchun|demak|сондықтан|демек|ошондуктан|тиймээс|иймд|ამიტომ|მაშასადამე|ուստի|հետևաբար|այսպիսով|ስለዚህ|"
    r"לכן|لذلك|إذن|لذا|وبالتالي|بنابراین|لہٰذا|इसलिए|अतः|म्हणून|त्यामुळे|त्यसैले|তাই|সুতরাং|অতএব|ਇਸ\s+ਲਈ|ਇਸਲਈ|તેથી|எனவே|"
    r"ஆகவே|కాబట్టి|అందువల్ల|ಆದ್ದರಿಂದ|ಹಾಗಾಗಿ|അതിനാൽ|അതുകൊണ്ട്|ତେଣୁ|එබැවින්|kwa\s+hiyo|kwa\s+hivyo|hivyo|oleh\s+itu|"
    r"oleh\s+karena\s+itu|maka|justeru|kaya|samakatuwid|saboda\s+haka|don\s+haka|nítorí\s+náà|nitorina|ya\s+mere|ngakho(?:-ke)?|"
    r"ngoko|sidaas\s+darteed|haddaba|bityo|do\s+đó|cho\s+nên|felly|mar\s+sin|għalhekk|allura|dofir"
)
CONCLUSIONS_CJK = r"所以|因此|故|だから|したがって|よって|排除法で|通过排除|經排除|따라서|그러므로|그래서|ထို့ကြောင့်|ဒါကြောင့်|ដូច្នេះ|ດັ່ງນັ້ນ|ดังนั้น|เพราะฉะนั้น"
#: what may stand between a conclusion cue and the letter
CONCLUSION_FILLERS = (
    r"(?:it\s+(?:must|has\s+to|should|would)\s+be|it\s+is|it's|the\s+answer\s+is|the\s+answer\s+must\s+be|"
    r"must\s+be|es\s+la|es\s+el|es|sería\s+la|ist\s+es|muss\s+es|c'est|ce\s+sera|é\s+a|é|è|是|应该是|は(?!い))?"
)

#: ordinal words by position (index 0 = first option); "last" is handled apart
ORDINALS = (
    ("first|1st|primera|primer|primero|erste|ersten|première|premier|primeira|primeiro|prima|primo|eerste|первый|первая|первого|"
     "birinci|ilk|pierwsza|pierwszy|pertama|thứ\\s+nhất|перший|перша|πρώτη|πρώτος|πρώτο|první|primul|prima|första|הראשונה|הראשון|ที่หนึ่ง|첫\\s*번째|第一|一番目|1番目|一つ目|最初|الأول|الأولى|اول|نخست|नंबर\\s+एक|पहला|पहली|"
     # round 11: Georgian, Serbian/Croatian/Slovene, Bulgarian, Urdu, Finnish, Estonian, Hungarian, Baltic, Nordic, Tamil, Telugu, Bengali, Punjabi, Marathi, Armenian, Turkic, Swahili, Afrikaans, Tagalog, Galician, Catalan, Basque
     "პირველი|პირველ|први|прва|прво|првог|prvi|prva|prvo|prvog|първи|първия|първият|първата|پہلا|پہلی|ensimmäinen|ensimmäistä|esimene|első|pirmas|pirmasis|pirmais|første|fyrsti|முதல்|முதலாவது|మొదటి|প্রথম|ਪਹਿਲਾ|ਪਹਿਲੀ|पहिला|पहिली|առաջին|бірінші|birinchi|kwanza|eerste|primeira|primera|lehena|lehenengo|पहिलो|нэгдүгээр|የመጀመሪያው|ပထမ|පළමු|àkọ́kọ́|esimene|esimest|fyrsti",),
    ("second|2nd|segunda|segundo|zweite|zweiten|deuxième|seconde|second|seconda|secondo|tweede|второй|вторая|второго|"
     "ikinci|druga|drugi|kedua|thứ\\s+hai|другий|друга|δεύτερη|δεύτερος|δεύτερο|druhá|druhý|druhé|doua|doilea|השנייה|השני|ที่สอง|두\\s*번째|第二|二番目|2番目|二つ目|الثاني|الثانية|دوم|दूसरा|दूसरी|"
     "მეორე|други|друга|друго|другог|drugi|druga|drugo|drugog|втори|втория|вторият|втората|دوسرا|دوسری|toinen|toista|teine|második|antras|antrasis|otrais|anden|andre|andra|annar|இரண்டாவது|இரண்டாம்|రెండవ|দ্বিতীয়|ਦੂਜਾ|ਦੂਜੀ|दुसरा|दुसरी|երկրորդ|екінші|ikkinchi|ikinci|pili|tweede|ikalawa|segunda|segona|bigarrena|bigarren|दोस्रो|хоёрдугаар|ሁለተኛው|ဒုတိယ|දෙවන|kejì|vtori|вторият",),
    ("third|3rd|tercera|tercer|tercero|dritte|dritten|troisième|terceira|terceiro|terza|terzo|derde|третий|третья|третьего|"
     "üçüncü|trzecia|trzeci|ketiga|thứ\\s+ba|третій|третя|τρίτη|τρίτος|τρίτο|třetí|treia|treilea|tredje|השלישית|השלישי|ที่สาม|세\\s*번째|第三|三番目|3番目|三つ目|الثالث|الثالثة|سوم|तीसरा|तीसरी|"
     "მესამე|трећи|трећа|треће|трећег|treći|treća|treće|trećeg|tretji|tretja|трети|третия|третият|третата|تیسرا|تیسری|kolmas|kolmatta|harmadik|trečias|trešais|þriðji|மூன்றாவது|மூன்றாம்|మూడవ|তৃতীয়|ਤੀਜਾ|ਤੀਜੀ|तिसरा|तिसरी|երրորդ|үшінші|uchinchi|tatu|derde|ikatlo|ikatlong|terceira|tercera|hirugarrena|hirugarren|तेस्रो|гуравдугаар|ሦስተኛው|တတိယ|තෙවන|kẹta|þriðji",),
    ("fourth|4th|cuarta|cuarto|vierte|vierten|quatrième|quarta|quarto|vierde|четвёртый|четвертый|четвёртая|четвертая|"
     "dördüncü|czwarta|czwarty|keempat|thứ\\s+tư|четвертий|четверта|τέταρτη|τέταρτος|čtvrtá|čtvrtý|patra|patrulea|fjärde|הרביעית|הרביעי|ที่สี่|네\\s*번째|第四|四番目|4番目|四つ目|الرابع|الرابعة|چهارم|चौथा|चौथी|"
     "მეოთხე|четврти|четврта|četvrti|četvrta|četrti|четвърти|четвъртия|четвъртата|چوتھا|چوتھی|neljäs|neljas|negyedik|ketvirtas|ceturtais|fjerde|fjórði|நான்காவது|నాల్గవ|চতুর্থ|ਚੌਥਾ|चौथा|չորրորդ|төртінші|to'rtinchi|nne|vierde|ikaapat|cuarta|quarta|laugarrena|laugarren|चौथो|дөрөвдүгээр|አራተኛው|စတုတ္ထ|සිව්වන|kẹrin",),
    ("fifth|5th|quinta|quinto|fünfte|fünften|cinquième|vijfde|пятый|пятая|beşinci|piąta|piąty|kelima|thứ\\s+năm|п'ятий|п'ята|πέμπτη|pátá|pátý|cincea|cincilea|femte|החמישית|ที่ห้า|다섯\\s*번째|"
     "第五|五番目|5番目|الخامس|الخامسة|پنجم|पाँचवाँ|पांचवां",),
)
# round 12: inflected forms (Latvian and Lithuanian feminines, Slovak, Icelandic) and the ordinals of more languages
# (Albanian, Macedonian, Armenian, Kazakh, Kyrgyz, Mongolian, Amharic, Somali, Hausa, Yoruba, Igbo, Zulu, Xhosa, Kinyarwanda,
# Filipino, Khmer, Burmese, Pashto, Kurdish, Gujarati, Kannada, Malayalam, Odia, Hindi, Nepali, Bengali, Welsh, Irish,
# Maltese, Luxembourgish, Basque, Estonian, Hungarian, Swahili); never the words for "final", which also name "final answer"
_ORDINALS_ROUND12 = (
    "pirmā|pirmo|pirmoji|pirmąjį|pirmą|prvá|prvý|prvé|fyrsti|fyrsta|parë|pari|прв|прва|прво|առաջին|бірінші|биринчи|нэгдүгээр|"
    "የመጀመሪያው|koowaad|farko|àkọ́kọ́|akọkọ|mbụ|wokuqala|sokuqala|mbere|pang-una|unang|ទីមួយ|ပထမ|لومړی|yekem|یەکەم|પ્રથમ|પહેલો|"
    "ಮೊದಲನೆಯ|ಮೊದಲ|ഒന്നാമത്തെ|ପ୍ରଥମ|पहला|पहली|पहिलो|প্রথম|cyntaf|chéad|l-ewwel|éischt|lehena|lehenengoa|kwanza",
    "otrā|antroji|antrąjį|antrą|druhá|druhý|druhé|önnur|annað|dytë|dyta|dyti|втор|втора|второ|экинчи|ሁለተኛ|labaad|na\\s+biyu|"
    "ìkejì|abụọ|wesibili|sesibini|kabiri|ikalawang|ទីពីរ|دویم|دوهم|duyem|دووەم|બીજો|બીજી|ಎರಡನೆಯ|രണ്ടാമത്തെ|ଦ୍ୱିତୀୟ|दूसरे|"
    "ail|dara|it-tieni|zweet|zweeten|teine|második",
    "trešā|trešo|trečiasis|trečioji|trečiąjį|trečią|tretia|tretí|tretie|þriðja|tretë|treta|treti|трет|трета|трето|երրորդ|үшінші|"
    "үчүнчү|гуравдугаар|ሦስተኛው|ሶስተኛው|saddexaad|na\\s+uku|ìkẹta|atọ|wesithathu|sesithathu|gatatu|ikatlo|ikatlong|ទីបី|တတိယ|"
    "دریم|sêyem|سێیەم|ત્રીજો|ત્રીજી|ಮೂರನೆಯ|മൂന്നാമത്തെ|ତୃତୀୟ|तीसरा|तीसरी|तेस्रो|তৃতীয়|trydydd|trydedd|tríú|it-tielet|drëtt|"
    "hirugarrena|hirugarren|kolmas|harmadik|tatu",
    "ceturtā|ceturto|ketvirtasis|ketvirtoji|ketvirtąjį|ketvirtą|štvrtá|štvrtý|fjórða|katërt|katërta|katërti|четврт|четврта|"
    "չորրորդ|төртінші|төртүнчү|дөрөвдүгээр|አራተኛው|afraad|na\\s+huɗu|ìkẹrin|anọ|wesine|sesine|kane|ikaapat|ទីបួន|"
    "စတုတ္ထ|څلورم|çarem|چوارەم|ચોથો|ચોથી|ನಾಲ್ಕನೆಯ|നാലാമത്തെ|ଚତୁର୍ଥ|चौथा|चौथी|चौथो|চতুর্থ|pedwerydd|pedwaredd|ceathrú|"
    "ir-raba|véiert|laugarrena|laugarren|neljas|negyedik|nne",
    "piektā|piekto|penktasis|penktoji|penktas|penktą|piata|piaty|fimmti|fimmta|pestë|pesta|pesti|петти|петта|հինգերորդ|бесінші|"
    "бешинчи|тавдугаар|አምስተኛው|shanaad|na\\s+biyar|ìkarùn|ise|wesihlanu|sesihlanu|gatanu|ikalima|ទីប្រាំ|ပဉ္စမ|پنځم|pêncem|"
    "پێنجەم|પાંચમો|ಐದನೆಯ|അഞ്ചാമത്തെ|ପଞ୍ଚମ|पाँचवीं|पाँचौं|পঞ্চম|pumed|cúigiú|il-ħames|fënneft|bosgarrena|viies|ötödik|tano",
)
# round 13: Bulgarian and Macedonian forms with the definite article ("Второто.", "третото")
_ORDINALS_ROUND13 = ("първото|първия|првото", "второто|втората|вторите", "третото|третата", "четвъртото|четвртото", "петото|петтото")
# round 14: the ordinals of ~35 more languages at once (Malagasy, Turkmen, Tatar, Tajik, Uyghur, Belarusian, Faroese, Haitian,
# Quechua, Lingala, Oromo, Tigrinya, Shona, Wolof, Sesotho, Chichewa, Luganda, Sindhi, Dhivehi, Tibetan, Lao, Assamese, Maori,
# Samoan, Fijian, Javanese, Sundanese, Cebuano, Tok Pisin, Esperanto, Guarani, Yiddish, Uzbek Cyrillic, Estonian), and the
# Turkic forms with a possessive ending ("İki variantdan birincisi", "üçüncüsü", "ikkinchisi", "біріншісі")
_ORDINALS_ROUND14 = (
    "voalohany|birinji|birinjisi|беренче|беренчесе|якум|بىرىنچى|першы|першая|першае|першую|fyrsti|premye|ñawpaq|"
    "ya\\s+liboso|tokkoffaa|ቀዳማይ|yekutanga|wokutanga|njëkk|ya\\s+pele|yoyamba|esooka|پهريون|ފުރަތަމަ|དང་པོ|ທີໜຶ່ງ|ທີ່ໜຶ່ງ|প্ৰথম|"
    "tuatahi|muamua|imatai|kapisan|kahiji|namba\\s+wan|yokuqala|lokuqala|ta\\s+farko|unua|peteĩha|ערשטע|биринчи|биринчиси|birincisi|birinchisi|біріншісі|esimene|hono\\s+ʻuluaki|ʻuluaki|'uluaki|нэг\\s+дэх|tokkoffaan",
    "faharoa|ikinji|ikinjisi|икенче|икенчесе|дуюм|ئىككىنچى|другі|другая|другое|другую|annar|annað|dezyèm|iskay\\s+kaq|"
    "ya\\s+mibale|lammaffaa|ካልኣይ|yechipiri|yesibili|ñaareel|ya\\s+bobedi|yachiwiri|ey'okubiri|ٻيو|ދެވަނަ|གཉིས་པ|ທີສອງ|ທີ່ສອງ|দ্বিতীয়|"
    "tuarua|ta\\s+biyu|lona\\s+lua|ikarua|kapindho|kadua|ikaduha|namba\\s+tu|mokõiha|צווייטע|иккинчи|иккинчиси|экинчиси|ikincisi|ikkinchisi|екіншісі|hono\\s+ua|hono\\s+uá|хоёр\\s+дахь|lammaffaan",
    "fahatelo|üçünji|üçünjisi|өченче|өченчесе|сеюм|ئۈچىنچى|трэці|трэцяя|трэцяе|трэцюю|triði|triðja|twazyèm|kimsa\\s+kaq|"
    "ya\\s+misato|sadaffaa|ሳልሳይ|yechitatu|yesithathu|ñetteel|ya\\s+boraro|yachitatu|ey'okusatu|ٽيون|ތިންވަނަ|གསུམ་པ|ທີສາມ|ທີ່ສາມ|তৃতীয়|"
    "tuatoru|ta\\s+uku|lona\\s+tolu|ikatolu|katelu|katilu|ikatulo|namba\\s+tri|tria|mbohapyha|דריטע|учинчи|учинчиси|үчүнчүсү|üçüncüsü|uchinchisi|үшіншісі|hono\\s+tolu|гурав\\s+дахь|sadaffaan",
    "fahefatra|dördünji|dördünjisi|дүртенче|дүртенчесе|чорум|تۆتىنچى|чацвёрты|чацвёртая|чацвёртае|чацвёртую|fjórði|fjórða|katriyèm|tawa\\s+kaq|"
    "ya\\s+minei|afraffaa|ራብዓይ|yechina|yesine|ñeenteel|ya\\s+bone|yachinayi|ey'okuna|چوٿون|ހަތަރުވަނަ|བཞི་པ|ທີສີ່|ທີ່ສີ່|চতুৰ্থ|"
    "tuawhā|tuawha|ta\\s+huɗu|lona\\s+fa|ikava|kapapat|kaopat|ikaupat|namba\\s+foa|kvara|irundyha|פערטע|тўртинчи|тўртинчиси|төртүнчүсү|dördüncüsü|to'rtinchisi|төртіншісі|hono\\s+fā|hono\\s+fa|дөрөв\\s+дэх|afraffaan",
    "fahadimy|bäşinji|bäşinjisi|бишенче|бишенчесе|панҷум|بەشىنچى|пяты|пятая|пятае|пятую|fimti|fimta|senkyèm|pichqa\\s+kaq|"
    "ya\\s+mitano|shanaffaa|ሓምሻይ|yechishanu|yesihlanu|juróomeel|ya\\s+bohlano|yachisanu|ey'okutaano|پنجون|ފަސްވަނަ|ལྔ་པ|ທີຫ້າ|ທີ່ຫ້າ|পঞ্চম|"
    "tuarima|ta\\s+biyar|lona\\s+lima|ikalima|kalima|namba\\s+faiv|kvina|po'aha|פינפטע|бешинчи|бешинчиси|beşincisi|beshinchisi|бесіншісі|hono\\s+nima|тав\\s+дахь|shanaffaan",
)
ORDINALS = tuple((old + "|" + new + "|" + new13 + "|" + new14 + "|" + f"{i}-(?:й|я|е|ый|ая|ое|ий|ой|ти|ри|ви|ми)",)
                 for i, ((old,), new, new13, new14) in enumerate(zip(ORDINALS, _ORDINALS_ROUND12, _ORDINALS_ROUND13, _ORDINALS_ROUND14), start=1))  # "3-й вариант", "2-ри"

# round 17: ordinals of languages written in the Latin alphabet instead of their own script (Hindi/Urdu, Bengali, Tamil, Nepali,
# Persian, Arabizi, Russian and Ukrainian translit, Greeklish, pinyin, Japanese romaji, Korean, Thai, Tagalog): "doosra wala
# option", "vtoroj variant", "se beonjjae", "di er ge", "yung pangalawa"
_ORDINALS_ROUND17 = (
    "pehla|pehli|pehle|pahla|pahli|prothom|prothomta|mudhal|modhal|mudhalavadhu|pahilo|avval|aval|avvali|el\\s+awal|el\\s+awwal|"
    "awal|awwal|pervyj|pervyy|pervyi|pervij|pershyj|pershyi|proto|prwto|di\\s*yi(?:\\s*ge)?|ichiban(?:\\s*me)?|ichibanme|"
    "hitotsu\\s*me|cheot\\s*beonjjae|cheotbeonjjae|cheos\\s*beonjjae|an\\s+raek|raek|una(?=\\s+(?:na|option|opsyon|sagot))|ikauna",
    "doosra|doosri|doosre|dusra|dusri|dusre|dosra|dwitiyo|ditiyo|dityo|rendavathu|irandavathu|rendaavadhu|dosro|dovom|"
    "el\\s+tani|el\\s+tany|tani|tany|vtoroj|vtoroy|vtoroi|vtorij|druhyj|druhyi|deftero|deytero|di\\s*er(?:\\s*ge)?|"
    "niban(?:\\s*me)?|nibanme|futatsu\\s*me|du\\s*beonjjae|dubeonjjae|doo\\s*beonjjae|an\\s+thi\\s+song|pangalawa|ikalawa",
    "teesra|teesri|teesre|tisra|tisri|tritiyo|moonavathu|moonaavadhu|tesro|sevom|sevvom|el\\s+talet|el\\s+talit|talet|talit|"
    "tretij|tretiy|tretii|tretiyj|trito|di\\s*san(?:\\s*ge)?|sanban(?:\\s*me)?|sanbanme|mittsu\\s*me|se\\s*beonjjae|"
    "sebeonjjae|an\\s+thi\\s+sam|pangatlo|ikatlo",
    "chautha|chauthi|chouthi|chaturtho|naangavathu|chautho|chaharom|el\\s+rabe3|rabe3|chetvertyj|chetvertyy|chetvertyi|tetarto|"
    "di\\s*si(?:\\s*ge)?|yonban(?:\\s*me)?|yonbanme|ne\\s*beonjjae|nebeonjjae|an\\s+thi\\s+si|pang-?apat|ikaapat",
    "paanchva|panchva|paanchvan|pancham|ainthavathu|panjom|el\\s+khames|khames|pyatyj|pyatyy|pyatyi|pempto|di\\s*wu(?:\\s*ge)?|"
    "goban(?:\\s*me)?|gobanme|daseot\\s*beonjjae|an\\s+thi\\s+ha|panlima|ikalima",
)
ORDINALS = tuple((old + "|" + new,) for (old,), new in zip(ORDINALS, _ORDINALS_ROUND17))

#: the middle one of an odd number of options ("die mittlere Option")
MIDDLE_WORDS = r"middle|mittlere|mittleren|del\s+medio|du\s+milieu|do\s+meio|di\s+mezzo|centrale|middelste|средний|средняя"
#: the option before the last ("the penultimate option", "a penúltima alternativa")
PENULTIMATE_WORDS = r"ბოლოს\s+წინა|ბოლოდან\s+მეორე|նախավերջին|предпоследн\w{0,3}|sondan\s+bir\s+önceki|azken\s+aurreko\w{0,2}|priekšpēdēj\w{1,3}|priešpaskutin\w{1,4}|eelviimane|eelviimast|toiseksi\s+viimeinen|utolsó\s+előtti|przedostatni\w{0,2}|předposlední|predposledn\w{1,2}|передостанн\w{1,3}|перадапошн\w{1,3}|næstsidste|nestsiste|näst\s+sista|næstsíðast\w{0,2}|sondan\s+(?:bir\s+önceki|ikinci)|penultimate|second[\s-]to[\s-]last|next[\s-]to[\s-]last|penúltima|penúltimo|penultima|penultimo|vorletzte|vorletzten|avant-dernière|avant-dernier|voorlaatste|предпоследн\w{1,3}"
LAST_WORDS = (r"last|última|último|letzte|letzten|dernière|dernier|ultima|ultimo|laatste|последний|последняя|son|sonuncu\w{0,3}|ostatnia|ostatni|"
              r"terakhir|cuối\s+cùng|마지막|最后|最後|最后一个|останній|остання|τελευταία|τελευταίο|poslední|ultimul|sista|האחרונה|האחרון|"
              r"الأخير|الأخيرة|สุดท้าย|"
              # round 11
              r"sidste|siste|viimeinen|viimane|utolsó|paskutinis|pēdējais|posljednji|zadnji|последни|последния|последната|آخری|"
              r"கடைசி|చివరి|শেষ|ਆਖਰੀ|शेवटचा|վերջին|соңғы|oxirgi|mwisho|laaste|huling|derradeira|darrera|azkena|zadnja|zadnje|"
              r"နောက်ဆုံး|අවසාන|የመጨረሻው|сүүлийн|síðasti|sonuncu|"
              # round 12
              r"pēdējā|pēdējo|paskutinė|paskutinysis|paskutinį|posledná|posledný|posledné|síðasta|акыркы|dambeeya|ƙarshe|ìkẹyìn|"
              r"ikpeazụ|wokugcina|sokugqibela|ចុងក្រោយ|وروستی|dawî|છેલ્લો|છેલ્લું|ಕೊನೆಯ|അവസാനത്തെ|olaf|deireanach|aħħar|lescht|fundit|"
              r"последен|последна|последњи|последња|последњу|последње|poslednji|poslednja|poslednju|آخرین|"
              # round 14 (the languages of _ORDINALS_ROUND14)
              r"farany|soňky|soňkusy|соңгы|охирин|ئاخىرقى|апошні|апошняя|апошняе|апошнюю|seinasti|seinasta|dènye|qhipa|ya\s+nsuka|dhumaa|"
              r"yekupedzisira|መወዳእታ|mujj|ya\s+ho\s+qetela|yomaliza|esembayo|ފަހު|མཐའ་མ|ສຸດທ້າຍ|শেষৰ|whakamutunga|mulimuli|iotioti|"
              r"pungkasan|panungtung|katapusan|lasta|לעצטע|охирги|sonuncusu|viimane|viimast|"
              # round 15: Hindi, Marathi, Nepali, Georgian, Somali, Armenian, Urdu, Sinhala, Telugu, Malayalam, Odia, Punjabi
              r"अंतिम|अन्तिम|आखिरी|आख़िरी|ბოლო|უკანასკნელი|dambaysa|dambeysa|վերջինը|آخری|අන්තිම|ఆఖరి|അവസാന|ଶେଷ|ଅନ୍ତିମ|ਅੰਤਿਮ|"
              r"ostatnią|ostatniej|последнюю|последнего|последнее|останню|останнього|sonuncu|son\s+seçenek|dernier|ultim[oa]|"
              # round 16: Xhosa, Kinyarwanda, Tongan, Oromo forms
              r"lokugqibela|okokugqibela|cya\s+nyuma|rya\s+nyuma|ya\s+nyuma|fakaʻosi|faka'osi|fakaosi|dhumaan|dhumaa|"
              # round 17: romanized ("aakhri wala", "el akher", "posledniy variant", "saigo no yatsu", "majimak", "zuihou yige")
              r"aakhri|akhri|aakhiri|akhiri|shesh(?:er)?|kadaisi|kadasi|antim|akhari|akhar|el\s+akher|el\s+akhir|akher|akhir|"
              r"poslednij|posledniy|poslednii|poslednyi|ostannij|ostanniy|teleftaio|telefteo|zuihou(?:\s*yi\s*ge)?|zuìhòu|saigo|"
              r"majimak|an\s+sut\s*thai|sut\s*thai|huli|panghuli")
#: nouns after an ordinal ("the second option", "第二个选项")
ORDINAL_NOUNS = (
    r"option|choice|one|description|statement|proposition|possibility|alternative|candidate|item|"
    r"answer\s+option|answer\s+choice|antwortmöglichkeit|antwortoption|auswahlmöglichkeit|antwortalternative|"
    r"opción|opcion|opção|alternativa|opzione|risposta|wahl|möglichkeit|antwort|choix|proposition|réponse|optie|keuze|mogelijkheid|"
    r"вариант|ответ|seçenek|şık|opcja|odpowiedź|odpowiedz|opsi|pilihan|jawaban|antwoord|odpověď|možnost|varianta|variantă|opțiune|opțiunea|"
    r"απάντηση|επιλογή|svar|alternativet|варіант|відповідь|उत्तर|विकल्प|đáp\s+án|lựa\s+chọn|phương\s+án|선택지|보기|옵션|"
    r"个选项|個選項|选项|選項|个|項|项|の選択肢|選択肢|"
    # round 11: "მესამე ვარიანტი", "први одговор", "третия вариант", "دوسرا آپشن", "toinen vaihtoehto", "இரண்டாவது தேர்வு"
    r"ვარიანტი|პასუხი|одговор|odgovor|opcija|опција|možnost|вариант|варианта|آپشن|جواب|vaihtoehto|vaihtoehdon|valik|lehetőség|válasz|"
    r"variantas|atsakymas|variants|atbilde|mulighed|mulighet|möjlighet|valkostur|தேர்வு|விடை|ఎంపిక|বিকল্প|ਵਿਕਲਪ|पर्याय|տարբերակ|"
    r"нұсқа|variant|chaguo|jibu|opsie|antwoord|pagpipilian|sagot|opción|opció|aukera|"
    r"տարբերակն|տարբերակը|տարբերակ|አማራጭ|ရွေးချယ်မှု|විකල්පයයි|විකල්පය|விருப்பம்|বিকল্পটি|хувилбар|variantdır|valkosturinn|valkostur|"
    r"možnosť|ponuđeni\s+odgovor|odgovor|"
    # round 14: "Dördünji wariant", "ya liboso", "fahatelo" after "safidy" is read by the noun-first pattern
    r"wariant|warianty|варыянт|valmöguleiki|opsyon|akkaataa|filannoo|ምርጫ|sarudzo|tànneef|"
    # round 16: Uyghur, Kazakh, Uzbek, Tigrinya nouns after their ordinal ("ئاخىرقى تاللاش")
    r"تاللاش|تاللانما|جاۋاب|таңдау|tanlov|javob|መልሲ|"
    r"kusankha|ekiddibwamu|kalidhu|ཕྱོགས|ທາງເລືອກ|বিকল্প|kōwhiringa|filifiliga|digdaya|pilihan|pilihan\s+jawaban|opcio|tembiporavo|"
    # round 17: romanized nouns and "the one" words after an ordinal ("doosra wala", "se beonjjae geo", "saigo no yatsu")
    r"wala|wali|wale|waala|waali|ta|ti|ton|variant|varianta|otvet|javab|gozine|gozineh|ekhtiyar|epilogi|apantisi|xuanxiang|ge|"
    r"geo|geos|geot|bogi|no\s+yatsu|no\s+hou|no\s+mono|no\s+sentakushi|yatsu|sentakushi|opsyon|option|sagot"
)
#: "option number three", "choice no. 2"
NUMBER_WORDS = {"one": 0, "two": 1, "three": 2, "four": 3, "five": 4, "1": 0, "2": 1, "3": 2, "4": 3, "5": 4}

#: negated findings for yes/no questions ("No evidence of effusion", "kein Anhalt für", "未见")
NEGATIVE_FINDINGS = (
    # round 12: "not seen / not detected / there is no" in Baltic, South Slavic, Slovak, Romanian, Albanian, Georgian, Armenian,
    # Amharic, Mongolian, Turkic, Indic, Dravidian, Sinhala, Urdu, Pashto, Kurdish, Swahili, Malay, Filipino, Hausa, Yoruba,
    # Igbo, Zulu/Xhosa, Somali, Basque, Galician, Catalan, Welsh, Irish, Maltese, Luxembourgish
    r"nenustatyt\w{1,3}|nematom\w{1,3}|nerast\w{1,3}|nestebim\w{1,3}|nav\s+(?:konstatēt|novērojam|atrast)\w{1,2}|"
    r"ei\s+esine|puudub|ei\s+leita|se\s+ne\s+(?:prikazuje|vidi|uočava|nalazi)|nije\s+(?:vidljiv|uočen|nađen|prikazan)\w{0,2}|"
    r"ni\s+(?:prisot|vid)\w{1,3}|не\s+се\s+(?:види|уочава|приказује|гледа|забележува)|није\s+(?:присут|видљив|уочен)\w{0,3}|"
    r"nebol\w{0,2}\s+zisten\w{1,2}|nie\s+je\s+(?:zjavn|zisten)\w{1,2}|nu\s+se\s+(?:observă|vizualizează|evidențiază|constată)|"
    r"nu\s+(?:este|sunt)\s+prezent\w{0,2}|fără\s+semne\s+de|nuk\s+(?:vërehet|shihet|ka|gjendet)|mungon|"
    r"არ\s+(?:ვლინდება|აღინიშნება|ჩანს|დაფიქსირდა)|չի\s+(?:հայտնաբերվել|նկատվում|երևում|դիտվում)|չեն\s+հայտնաբերվել|չկա|"
    r"አልታየም|አይታይም|የለም|илрээгүй|байхгүй|харагдахгүй|ажиглагдаагүй|анықталмады|анықталған\s+жоқ|байқалмайды|"
    r"аныкталган\s+жок|байкалган\s+жок|aniqlanmadi|kuzatilmadi|ko'rinmaydi|topilmadi|aşkar\s+(?:edilmədi|olunmadı)|"
    r"müşahidə\s+(?:edilmir|olunmur)|yoxdur|görünmür|नहीं\s+दिख\S{0,6}|अनुपस्थित|दिसत\s+नाही|आढळ\S{0,4}\s+नाही|देखिँदैन|देखिएन|"
    r"भेटिएन|छैन|দেখা\s+যাচ্ছে\s+না|দেখা\s+যায়\s+না|পাওয়া\s+যায়নি|নেই|ਦਿਖਾਈ\s+ਨਹੀਂ|ਨਹੀਂ\s+ਦਿਸ\S{0,4}|દેખાતું\s+નથી|દેખાતી\s+નથી|"
    r"નથી|காணப்படவில்லை|தென்படவில்லை|కనిపించడం\s+లేదు|కనిపించలేదు|ಕಾಣುತ್ತಿಲ್ಲ|ಕಂಡುಬಂದಿಲ್ಲ|കാണുന്നില്ല|കണ്ടെത്തിയില്ല|"
    r"ଦେଖାଯାଉନାହିଁ|ଦେଖାଯାଉ\s+ନାହିଁ|දක්නට\s+නොලැබේ|නොපෙනේ|نظر\s+نہیں\s+آ\S{0,3}|موجود\s+نہیں|نه\s+(?:لیدل|ښکاري)\S{0,6}|نشته|"
    r"نییە|نەبینراوە|nayê\s+dîtin|haionekani|hazionekani|hakuna|haupo|haipo|tiada|tidak\s+(?:kelihatan|dilihat|dikesan|ditemui)|"
    r"walang|hindi\s+(?:makita|nakita|natagpuan)|ba\s+a\s+gani\s+ba|kò\s+sí|ko\s+si\s|ahụghị|enweghị|akubonakali|ayibonakali|akukho|"
    r"lama\s+(?:arko|helin)|ma\s+jiro|ez\s+da\s+(?:antzematen|aurkitu)|ez\s+dago|"
    r"descártase|descartad[oa]|non\s+se\s+(?:observa|aprecia|ve)|sen\s+signos\s+de|no\s+es\s+veu|sense\s+evidència\s+de|"
    r"dim\s+(?:arwydd|tystiolaeth)\s+o|ni\s+welir|níl\s+(?:aon\s+)?(?:comhartha|fianaise)|ní\s+fheictear|ma\s+(?:jidhirx|hemmx|jinstabx)|"
    # round 13: Maltese "Ma tidher l-ebda effużjoni", Khmer "មិនឃើញមាន ... ទេ" / "គ្មាន"
    r"ma\s+(?:tidher|jidher|tidhirx|jinstab|tinstab|hemm)\w{0,2}\s+l-ebda|l-ebda\s|"
    r"មិនឃើញ|មិនមាន|គ្មាន|"
    r"net\s+ze\s+gesinn|keng\s+zeechen|sést\s+ekki|ekki\s+til\s+staðar|nie\s+(?:gesien|teenwoordig|sigbaar)\s+nie|"
    r"(?:ikke|inte)\s+(?:påvist|påvisad|synlig|sett|sedd)|"
    # round 11: Finnish, Slovak, Catalan, Bulgarian, Hungarian, Baltic, South Slavic, Icelandic, Afrikaans, Swahili, Malay, Basque
    r"ei\s+(?:todeta|näy|havaita|ole\s+näha)|ei\s+merkkejä|nie\s+je\s+(?:prítomn|viditeľn)\w{1,2}|(?:je\s+)?vylúčen\w{1,2}|"
    r"es\s+descarta|no\s+s'observa|sense\s+signes\s+de|не\s+се\s+(?:установява\w{0,2}|визуализира\w{0,2}|вижда\w{0,2})|без\s+данни\s+за|"
    r"nem\s+(?:ábrázolódik|látható|igazolható|észlelhető)|nincs\s+jele|nėra|nematyti|nav\s+redzam\w{1,2}|ei\s+ole|"
    r"nema\s+znakova|ne\s+vidi\s+se|nije\s+prisut\w{1,3}|ni\s+(?:vidn\w|znakov)|engin\s+merki|geen\s+tekens\s+van|hakuna\s+dalili|"
    r"tiada\s+tanda|ez\s+da\s+ikusten|"
    # round 10: "Nessuna lesione focale evidente", "Ningún nódulo visible", "Nenhuma fratura evidente" (a sentence opening with "none")
    r"(?:^|(?<=[.;:\n]))\s{0,3}(?:nessun\w{0,2}|ningún|ningun[oa]|nenhum\w{0,2}|żadn\w{1,3}|žádn\w{1,3}|ingen|inget|ei\s+merkkejä)\s|"
    r"no\s+(?:\w+\s+)?(?:evidence|sign|signs|indication|suggestion)\s+of|negative\s+for|without\s+(?:\w+\s+)?(?:evidence|signs?)\s+of|"
    r"free\s+of|(?:is|are)\s+(?:absent|not\s+(?:seen|visible|present|identified|detected|noted|demonstrated|evident))|"
    r"(?:is|are|was|were)\s+(?:(?:effectively|definitely|confidently|safely|reliably|essentially|largely)\s+)?(?:ruled\s+out|excluded)|(?:^|(?<=[.;:\n]))[^\w\n]{0,8}(?:absent|unremarkable)\b|no\s+(?:acute|definite|obvious|significant|visible|apparent)\b|"
    # "I don't see any nodules", "I can't identify a fracture"; "effusion absent."
    r"(?:do\s+not|don't|dont|did\s+not|didn't|can't|cannot|can\s+not|could\s+not|couldn't)\s+(?:see|identify|detect|appreciate|find|visuali[sz]e)"
    r"\s+(?:any|an?)\b|(?:^|(?<=[.;\n]))[^\W\d_][^.;:,\n]{0,40}?\sabsente?s?(?=\s*+(?:[.;]|$))|"
    r"sin\s+(?:evidencia|signos?|datos|hallazgos)\s+de|no\s+se\s+(?:observa|observan|aprecia|aprecian|identifica|ven?)|no\s+hay|"
    r"ausencia\s+de|negativo\s+para|negativ[oa]\s+per|"
    r"kein(?:e|en)?\s+(?:anhalt|hinweis(?:e)?|zeichen)\s+(?:für|auf)|kein(?:e|en)?\s+nachweis|(?:es\s+)?(?:liegt|liegen|zeigt\s+sich)\s+kein|"
    r"nicht\s+nachweisbar|(?:liegt|liegen)\s+nicht\s+vor|kein(?:e|en)?\s+\w+\s+(?:nachweisbar|sichtbar|erkennbar)|"
    r"pas\s+d(?:e\b|')|aucun(?:e)?\s|absence\s+d|sans\s+(?:signe|évidence|preuve)|négati(?:f|ve)\s+pour|"
    r"sem\s+(?:evidência|evidencia|sinais?)\s+de|não\s+(?:há|se\s+observa|se\s+observam|foi\s+observad[oa])|ausência\s+de|"
    r"there\s+(?:is|are)\s+no\b|no\s+(?:\w+\s+){0,2}?(?:is\s+|are\s+)?(?:seen|identified|detected|noted|visible|present)\b|without\s+(?:\w+\s+)?(?:effusions?|fractures?|pneumothorax|consolidation|h(?:a)?emorrhage|masses|mass|lesions?|o?edema|infarcts?|"
    r"pneumonia|abnormalit(?:y|ies))\b|(?<=:)\s*+(?:none|negative|ruled\s+out|excluded)\b|(?<!\w)none\s+(?:seen|identified|detected|visible)|"
    r"geen\s+(?:aanwijzing(?:en)?|teken(?:en)?|bewijs|sprake)\s+(?:voor|van)|(?:^|(?<=[.;:\n]))\s{0,3}geen\s|niet\s+(?:zichtbaar|aanwezig|gezien)|"
    r"non\s+si\s+(?:osserva|osservano|evidenzia|evidenziano|rileva|rilevano|apprezza)|assenza\s+di|senza\s+segni\s+di|nessun\w{0,2}\s+segn\w{1,2}\s+di|"
    r"без\s+(?:признаков|ознак)|не\s+виявлен\w{0,2}|немає|відсутн\w{1,4}|ознак\w{0,3}\s+(?:\w+\s+){0,3}?(?:немає|не\s+виявлено)|"
    r"(?:není|nejsou)\s+(?:\w+\s+)?(?:přítomn\w{1,2}|patrn\w{1,2}|prokázán\w{0,2})|bez\s+známek|nebyl\w{0,2}\s+(?:prokázán|zjištěn)\w{0,2}|"
    r"без\s+признаков|признак\w{0,3}\s+(?:\w+\s+){0,3}?(?:нет|не\s+выявлено)|не\s+(?:выявлен\w{0,2}|определя\w{1,4}|обнаружен\w{0,2}|визуализиру\w{1,4})|отсутству\w{1,4}|"
    r"(?:yok|saptanmadı|izlenmedi|görülmedi|rastlanmadı|izlenmemektedir|görülmemektedir|saptanmamıştır|izlenmemiştir|"
    r"görülmemiştir|bulunmamaktadır)(?!\w)|"
    r"brak\s|nie\s+(?:stwierdza\s+się|uwidoczniono|stwierdzono|widać)|bez\s+cech|"
    r"tidak\s+(?:ada|tampak|terlihat|ditemukan|didapatkan)|không\s+(?:có|thấy|phát\s+hiện)|"
    r"ingen\s|inga\s|inget\s+tecken|δεν\s+(?:παρατηρείται|υπάρχει|υπάρχουν)|χωρίς\s+ενδείξεις|"
    # round 13: Greek "Δεν απεικονίζεται πνευμοθώρακας", Slovak "fraktúra nezistená"
    r"δεν\s+(?:απεικονίζ|ανευρίσκ|παρατηρούντ|φαίν|διαπιστών|αναγνωρίζ)\w{2,6}|nezisten\w{1,2}|nezistil\w{0,2}|"
    r"(?:و)?لا\s+(?:يوجد|توجد|دليل|علامات)|ولا\s+(?:يوجد|توجد|دليل|علامات)|ليس\s+هناك|عدم\s+وجود|कोई\s+(?:\S+\s+){0,3}?नहीं|"
    # Hindi "नहीं है / दिखाई नहीं", Persian "دیده نمی‌شود / وجود ندارد / نیست", Hebrew "אין / לא נראה / ללא עדות" (never a bare "ללא",
    # "without": "ללא סימני ריאה", no lung markings, is a sign of a pneumothorax)
    r"नहीं\s+(?:है|हैं|दिख\S{0,4}|मिल\S{0,4})|दिखाई\s+नहीं|نمی\S{0,3}شود|وجود\s+ندارد|نیست|(?<!\S)(?:אין|ללא\s+עדות|לא\s+נראה|לא\s+נראית|לא\s+נצפה|לא\s+נמצא)(?!\S)|"
    r"없음|없습니다|없다|없으며|없고|보이지\s*않|관찰되지\s*않|확인되지\s*않|"
    r"未见|未見|没有|沒有|无明显|無明顯|未发现|未發現|不存在|阴性|陰性|"
    r"認められない|認められません|認めません|認めない|ありません|見られない|見られません|なし"
)
#: findings stated as present ("Positive for fracture", "A small effusion is present", "hay derrame")
POSITIVE_FINDINGS = (
    # round 12: "is seen / detected / consistent with" in the languages of the negations above (never a form the negation
    # holds: "nenustatytas" is no "nustatytas", a word boundary of Latin script guards it)
    r"(?:yra\s+)?nustatyt\w{1,3}|(?:ir\s+)?konstatēt\w{1,2}|atbilst|esineb|vidljiv\w{0,2}|uočava\s+se|prikazuje\s+se|skladno\s+s|prisot\w{1,3}|"
    r"se\s+observă|vërehet|shihet|ვლინდება|აღინიშნება|հայտնաբերվել\s+է|նկատվում\s+է|ይታያል|илэрсэн|харагдаж\s+байна|ажиглагдана|"
    r"анықталды|байқалады|сәйкес\s+келеді|aniqlandi|kuzatiladi|aşkar\s+edildi|müşahidə\s+olunur|दिखाई\s+दे\s+रह\S{1,2}|दिसत\s+आहे|"
    r"देखिन्छ|காணப்படுகிறது|కనిపిస్తోంది|ಕಂಡುಬಂದಿದೆ|ಕಾಣುತ್ತದೆ|കാണുന്നു|കാണപ്പെടുന്നു|ଦେଖାଯାଉଛି|දක්නට\s+ලැබේ|inaonekana|unaonekana|"
    r"görünür|görülür|mevcut(?:tur|tu)?(?!\s*+değil)|હાજર\s+છે|દેખાય\s+છે|ಇದೆ(?=\s*+[.।]|$)|उपस्थित\s+है|मौजूद\s+आहे|"
    r"kuna\s|kelihatan|makikita|mayroong|kuyabonakala|kukhona|biragaragara|တွေ့ရ(?:ပါ)?သည်|obsérvase|apréciase|gwelir|feictear|jidher|"
    # round 11: "obostrano se vidi pleuralni izliv", "Det påvises", "ábrázolódik", "todetaan", "je prítomná", "es veu"
    r"(?:se\s+)?vidi\s+se|se\s+vidi|påvises|påvist|(?<!nem\s)(?:látható|ábrázolódik)|todetaan|näkyy|je\s+prítomn\w{1,2}|"
    r"es\s+veu|s'observa|се\s+(?:установява|вижда)|matom\w{1,2}|redzam\w{1,2}|on\s+näha|sést|word\s+gesien|ikusten\s+da|"
    # round 10: "en faveur d'un calcul", "המתאים לדלקת ריאות", "obraz kamicy", "förenligt med", "в пользу", "sesuai dengan"
    r"en\s+faveur\s+d|évoquant|(?:ה)?מתאים\s+ל|התואם|odpowiada(?:jąc\w{1,3})?|obraz(?=\s+\w)|förenligt\s+med|forenelig\s+med|svarende\s+til|"
    r"vastaa|megfelel|odgovara|в\s+пользу|на\s+користь|ile\s+uyumlu|sesuai\s+dengan|konsisten\s+dengan|"
    r"positive\s+for|(?:is|are)\s+(?:present|seen|visible|noted|identified|evident|demonstrated)|"
    r"(?:findings|features)\s+(?:of|consistent\s+with|in\s+keeping\s+with|typical\s+of)|"
    r"(?:consistent|compatible)\s+with|in\s+keeping\s+with|(?:is|are)\s+(?:enlarged|dilated|widened|increased|thickened)|terdapat|"
    r"に矛盾しない|を認め|(?:suggestive|indicative|diagnostic|characteristic)\s+of|"
    r"compatible\s+(?:avec|con)|évocat(?:eur|rice)\s+d|compatível\s+com|sugestiv[oa]\s+de|vereinbar\s+mit|passend\s+zu|"
    r"se\s+(?:identifica|identifican|aprecia|aprecian|visualiza|visualizan)\b|si\s+(?:osserva|osservano|evidenzia|evidenziano)|"
    r"(?:is|zijn)\s+(?:aanwezig|zichtbaar)|выявлен\w{0,2}|определяется|имеется|"
    r"있음|있습니다|보입니다|관찰됩니다|관찰됨|दिखाई\s+(?:देते|देता|देती)|मौजूद\s+है|tampak\s|terlihat\s|"
    r"there\s+(?:is|are)\s+(?:a|an|some|evidence|small|large|mild|moderate|severe)\b|evidence\s+of|"
    r"hay\s|se\s+observa|presencia\s+de|positivo\s+para|phù\s+hợp(?:\s+với)?|gợi\s+ý|але\s+є|но\s+есть|"
    r"liegt\s+(?!nicht\b|kein)\w+\s+vor|(?:ist|sind)\s+(?:nachweisbar|sichtbar)|"
    r"il\s+y\s+a|présence\s+d|positi(?:f|ve)\s+pour|(?<=\w\s)présente?s?(?=\s*+(?:[.;,]|$))|"
    r"\bhá\s|presença\s+de|"
    r"存在|可见|可見|见到|有|あります|認める|認められる|見られる"
)
#: round 17: negations of languages written in the Latin alphabet instead of their own script (romanized Hindi/Urdu "nahi",
#: Tamil "illa", Telugu "ledu", Nepali "chaina", Arabizi "mafeesh", Darija "makaynch", pinyin "meiyou", Russian "netu",
#: Ukrainian "nemaye", Korean "eopseoyo", Japanese "arimasen", Thai "mai mee", Amharic "yelem", Kazakh "joq", Vietnamese without
#: its marks "khong co", Persian "nist", Greek "den yparxei"), before or after the finding they negate. Never a word that is
#: also common elsewhere ("nai" is yes in Greek, "mou" soft in French, "na" a tag in Hindi, "den" an article in German)
ROMANIZED_NEGATIONS = (
    r"nahi|nahin|nahee|nahiin|nhi|nahī|nahīn|illa|illai|illae|illey|ledu|ledhu|lēdu|chaina|chhaina|chhoina|chhaena|hoina|"
    r"mafi|mafish|mafeesh|mafesh|mafee|mafeeh|mafiish|ma\s+fi(?:\s+sh[iy])?|makaynch|makaynsh|makaynash|mkaynch|makainsh|"
    r"meiyou|meiyǒu|méiyǒu|méi\s+yǒu|mei\s+you|netu|nyet|nemae|nemaye|nemaje|eopseoyo|eopsseoyo|eopseumnida|"
    r"eobseoyo|eobsseoyo|eopda|eobsda|eopsseumnida|arimasen|nai\s+desu|ja\s+nai|janai|dewa\s+nai|mai\s+m[ie]e?|mai\s+chai|"
    r"mai\s+phop|mai\s+hen|yelem|yellem|yellem|aydelem|aykonen|aykonen|joq|zhoq|yoq|khong\s+co|khong\s+thay|khong\s+phai|"
    r"nist|nistesh|nadare|nadarad|hich|heech|ochi|oxi|okhi|den\s+(?:yparxei|iparxei|iparxi|yparxoun|fainetai|faynete|exei)"
)

#: a negation that turns a positive finding around ("There is no evidence of")
FINDING_NEGATORS = ROMANIZED_NEGATIONS + r"|ekkert|engin|enginn|engan|einki|eingin|ongin|onga|okenn|קיין|ni|nije|није|nu|nuk|hindi|bukan|ne|nem|nėra|nav|ekki|ikke|ikkje|inte|no|not|without|kein\w{0,3}|nicht|sin|pas|aucun\w{0,2}|sem|não|non|geen|niet|не|нет|без|tidak|không|brak|nie|لا|没|沒|未|无|無|אין|ללא|بدون"

#: whole-option synonyms and abbreviations (lower case): an option text -> other names for it
PHRASE_SYNONYMS = {
    # imaging modalities and body regions: the names CARES-VLM's modality and site questions take
    "ct": ("computed tomography", "ct scan", "cat scan", "computerised tomography", "computerized tomography"),
    "mri": ("magnetic resonance", "magnetic resonance imaging", "mr imaging", "mr scan"),
    "ultrasound": ("sonography", "sonographic", "sonogram", "ultrasonography", "ultrasonographic", "echography", "ultrasound scan"),
    "x-ray": ("radiograph", "radiographs", "radiography", "radiographic", "plain film", "x ray", "xray"),
    "x ray": ("radiograph", "radiography", "radiographic", "plain film", "x-ray", "xray"),
    "pet": ("positron emission tomography",),
    "chest": ("thorax", "thoracic"),
    "abdomen": ("abdominal",),
    "pelvis": ("pelvic",),
    "head": ("skull", "cranial"),
    "cardiomegaly": ("enlarged heart", "heart is enlarged", "cardiac enlargement", "enlarged cardiac silhouette", "heart enlargement",
                     "enlargement of the heart", "cardiac silhouette is enlarged"),
    # an organ called enlarged names its -megaly ("Enlarged spleen (~18 cm)" is "Splenomegaly")
    "hepatomegaly": ("enlarged liver", "liver is enlarged", "hepatic enlargement", "liver enlargement", "enlargement of the liver"),
    "splenomegaly": ("enlarged spleen", "spleen is enlarged", "splenic enlargement", "spleen enlargement", "enlargement of the spleen"),
    "thyromegaly": ("enlarged thyroid", "thyroid is enlarged", "thyroid enlargement", "enlargement of the thyroid"),
    "upper extremity": ("arm", "arms", "upper limb", "upper limbs"),
    "lower extremity": ("leg", "legs", "lower limb", "lower limbs"),
    "nevus": ("mole", "moles", "naevus", "naevi"),
    "basal cell carcinoma": ("bcc",),
    # a stroke named by its lesion
    "ischemic stroke": ("infarct", "infarction", "cerebral infarct", "cerebral infarction", "ischemic infarct", "ischaemic stroke",
                        "acute infarct", "brain infarct"),
    "hemorrhagic stroke": ("intracerebral hemorrhage", "intraparenchymal hemorrhage", "intracerebral haemorrhage",
                           "intraparenchymal haemorrhage", "haemorrhagic stroke"),
    "melanoma": ("malignant melanocytic lesion", "malignant melanocytic neoplasm", "malignant melanocytic tumor", "malignant melanoma"),
    "adenocarcinoma": ("adeno", "adenoca", "adeno ca"),
    "choledocholithiasis": ("cbd stone", "cbd stones", "common bile duct stone", "common bile duct stones", "bile duct stone",
                            "stone in the common bile duct", "stones in the common bile duct", "cbd calculus"),
    "osteosarcoma": ("osteogenic sarcoma",),
    "hodgkin lymphoma": ("hodgkin's disease", "hodgkin disease", "hodgkin's lymphoma", "hodgkins disease", "hodgkins lymphoma"),
    "pseudomembranous colitis": ("c. difficile colitis", "clostridioides difficile colitis", "clostridium difficile colitis",
                                 "c. diff colitis", "pseudomembranes"),
    # an inflamed organ names its -itis ("an acutely inflamed pancreas" is "Acute pancreatitis")
    "acute pancreatitis": ("inflamed pancreas", "acutely inflamed pancreas", "pancreatic inflammation"),
    "acute appendicitis": ("inflamed appendix", "acutely inflamed appendix"),
    "acute cholecystitis": ("inflamed gallbladder", "acutely inflamed gallbladder"),
    "appendicitis": ("inflamed appendix",), "cholecystitis": ("inflamed gallbladder",), "pancreatitis": ("inflamed pancreas",),
    "axial": ("transaxial", "transverse plane", "transverse section", "transverse slice", "transverse image", "transverse view",
              "axial plane"),
    "left atrium": ("left atrial one", "left atrial chamber"), "right atrium": ("right atrial one", "right atrial chamber"),
    "left ventricle": ("left ventricular one", "left ventricular chamber"), "right ventricle": ("right ventricular one",
                                                                                             "right ventricular chamber"),
    "hepatic steatosis": ("fatty liver", "fatty infiltration of the liver", "steatosis"),
    "esteatose hepática": ("fígado gorduroso", "esteatose", "infiltração gordurosa"),
    "esteatosis hepática": ("hígado graso", "esteatosis"),
    "carcinome basocellulaire": ("cbc",), "carcinoma basocelular": ("cbc",),
    "molar pregnancy": ("hydatidiform mole", "complete mole", "partial mole", "molar gestation"),
    "atelectasis": ("collapse", "lobar collapse", "lung collapse", "lobe collapse", "collapsed lobe", "collapsed lung"),
    "squamous cell carcinoma": ("scc", "squamous", "squamous ca", "sqcc"),
    "melanocytic nevi": ("moles",),
}
#: groups of names of one thing (lower case): an option text that is one of them matches every one
SYNONYM_GROUPS = (
    ("computed tomography", "ct", "ct scan", "cat scan"),
    ("magnetic resonance imaging", "mri", "magnetic resonance", "mr imaging", "mr scan"),
    ("ultrasonography", "ultrasound", "sonography", "sonographic", "sonogram", "ultrasonographic", "echography"),
    ("radiography", "x-ray", "radiograph", "radiographic", "plain film", "xray"),
    ("positron emission tomography", "pet", "pet scan"),
    ("pulmonary tuberculosis", "tuberculosis", "tb"),
    ("nevus", "naevus", "mole"),
    ("melanocytic nevus", "benign melanocytic nevus", "mole", "benign mole", "nevus"),
    ("gallstones", "cholelithiasis", "gallstones in the gallbladder", "gallbladder stones", "stones in the gallbladder",
     "gallbladder calculi"),
    ("kidney stones", "nephrolithiasis", "renal calculi"),
    ("fatty liver", "hepatic steatosis"),
    ("epidural hematoma", "extradural hematoma", "extradural haematoma", "epidural haematoma"),
    ("dermatofibroma", "fibrous histiocytoma", "benign fibrous histiocytoma", "cutaneous fibrous histiocytoma"),
    ("seborrheic keratosis", "seborrheic wart", "basal cell papilloma", "senile wart"),
    ("actinic keratosis", "solar keratosis", "senile keratosis"),
    ("pyogenic granuloma", "lobular capillary hemangioma"),
    ("basal cell carcinoma", "basal cell epithelioma", "rodent ulcer", "bcc"),
    ("squamous cell carcinoma in situ", "bowen disease", "bowen's disease"),
    ("solar lentigo", "senile lentigo", "liver spot", "age spot"),
    ("diffusion-weighted imaging", "dwi", "diffusion weighted imaging", "diffusion-weighted", "diffusion weighted"),
    ("flair", "fluid-attenuated inversion recovery", "fluid attenuated inversion recovery"),
    ("apparent diffusion coefficient", "adc", "adc map"),
    ("susceptibility-weighted imaging", "swi", "susceptibility weighted imaging"),
    ("short tau inversion recovery", "stir"),
    ("optical coherence tomography", "oct"),
    ("fundus photography", "fundus photograph", "color fundus photograph", "fundoscopy"),
    # lay and clinical names of one disease
    ("herpes zoster", "shingles", "zoster"), ("varicella", "chickenpox", "chicken pox"), ("urticaria", "hives"),
    ("tinea corporis", "ringworm"), ("verruca vulgaris", "common wart", "wart"), ("atopic dermatitis", "eczema", "atopic eczema"),
    ("molluscum contagiosum", "molluscum"), ("pityriasis versicolor", "tinea versicolor"), ("pertussis", "whooping cough"),
    ("myocardial infarction", "heart attack"), ("cerebrovascular accident", "stroke"), ("deep vein thrombosis", "dvt"),
    ("osteoarthritis", "degenerative joint disease"), ("cholelithiasis", "gallstones"),
    ("nephrolithiasis", "kidney stones", "kidney stone", "renal stone", "renal stones", "renal calculus", "renal calculi"),
    ("acne vulgaris", "acne"), ("psoriasis vulgaris", "plaque psoriasis", "psoriasis"),
    ("tetralogy of fallot", "tetralogy", "fallot tetralogy"), ("coarctation of the aorta", "aortic coarctation", "coarctation"),
    # round 9: British spellings, eponyms, stains, planes and older names the benchmarks' options take
    ("seborrheic keratosis", "seborrhoeic keratosis", "seborrhoeic wart", "seborrheic wart"),
    ("crohn's disease", "crohn disease", "crohns disease", "regional enteritis", "regional ileitis"),
    ("masson trichrome", "trichrome", "trichrome stain", "masson's trichrome", "masson trichrome stain"),
    ("hematoxylin and eosin", "haematoxylin and eosin", "hematoxylin-eosin", "haematoxylin-eosin", "h and e"),
    ("coronal", "coronal plane", "frontal plane"), ("axial", "axial plane", "transverse plane", "transaxial"),
    ("pulmonary nodule", "lung nodule", "coin lesion", "solitary pulmonary nodule"),
    ("polycystic kidney disease", "polycystic kidneys", "autosomal dominant polycystic kidney disease"),
    ("deep vein thrombosis", "deep venous thrombosis"), ("pulmonary embolism", "pulmonary embolus", "pulmonary thromboembolism"),
    ("ischemic stroke", "ischaemic stroke", "cerebral infarction", "cerebral infarct", "ischemic infarct", "ischaemic infarct"),
    ("lung cancer", "bronchogenic carcinoma", "lung carcinoma", "primary lung cancer", "bronchial carcinoma"),
    ("hepatocellular carcinoma", "hepatoma", "primary liver cancer"), ("fatty liver", "hepatic steatosis", "liver steatosis"),
    ("pleural effusion", "pleural fluid", "hydrothorax"), ("pericardial effusion", "pericardial fluid", "hydropericardium"),
)
#: clinical acronyms, read in capitals only ("typical of MS", "-> AMD", "DCM."): (long form, acronym)
CASED_ABBREVIATIONS = (
    ("dilated cardiomyopathy", "DCM"), ("hypertrophic cardiomyopathy", "HCM"), ("restrictive cardiomyopathy", "RCM"),
    ("multiple sclerosis", "MS"), ("age related macular degeneration", "AMD"), ("age related macular degeneration", "ARMD"),
    ("tetralogy of fallot", "TOF"), ("atrial septal defect", "ASD"), ("ventricular septal defect", "VSD"),
    ("patent ductus arteriosus", "PDA"), ("left ventricular hypertrophy", "LVH"), ("coarctation of the aorta", "CoA"),
    ("chronic obstructive pulmonary disease", "COPD"), ("acute respiratory distress syndrome", "ARDS"),
    ("congestive heart failure", "CHF"), ("pulmonary embolism", "PE"), ("deep vein thrombosis", "DVT"),
    ("myocardial infarction", "MI"), ("myocardial infarction", "STEMI"), ("myocardial infarction", "NSTEMI"), ("abdominal aortic aneurysm", "AAA"), ("subarachnoid hemorrhage", "SAH"),
    ("subdural hematoma", "SDH"), ("epidural hematoma", "EDH"), ("intracerebral hemorrhage", "ICH"),
    ("hepatocellular carcinoma", "HCC"), ("renal cell carcinoma", "RCC"), ("ductal carcinoma in situ", "DCIS"),
    ("invasive ductal carcinoma", "IDC"), ("invasive lobular carcinoma", "ILC"), ("benign prostatic hyperplasia", "BPH"),
    ("polycystic ovary syndrome", "PCOS"), ("glioblastoma", "GBM"), ("non small cell lung cancer", "NSCLC"),
    ("small cell lung cancer", "SCLC"), ("small cell carcinoma", "SCLC"), ("small cell lung carcinoma", "SCLC"), ("arteriovenous malformation", "AVM"), ("avascular necrosis", "AVN"),
    ("osteoarthritis", "OA"), ("rheumatoid arthritis", "RA"), ("systemic lupus erythematosus", "SLE"),
    ("idiopathic pulmonary fibrosis", "IPF"), ("usual interstitial pneumonia", "UIP"), ("nonspecific interstitial pneumonia", "NSIP"),
    ("pulmonary langerhans cell histiocytosis", "PLCH"), ("lymphangioleiomyomatosis", "LAM"), ("tuberculosis", "TB"),
    ("diffuse large b cell lymphoma", "DLBCL"), ("hodgkin lymphoma", "HL"), ("acute lymphoblastic leukemia", "ALL"),
    ("central retinal artery occlusion", "CRAO"), ("central retinal vein occlusion", "CRVO"), ("diabetic macular edema", "DME"),
    ("proliferative diabetic retinopathy", "PDR"), ("inflammatory bowel disease", "IBD"), ("ulcerative colitis", "UC"),
    ("crohn s disease", "CD"), ("gastroesophageal reflux disease", "GERD"), ("benign paroxysmal positional vertigo", "BPPV"),
    ("hematoxylin and eosin", "H&E"), ("haematoxylin and eosin", "H&E"), ("periodic acid schiff", "PAS"),
    ("immunohistochemistry", "IHC"), ("immunohistochemical stain", "IHC"),
    ("left atrium", "LA"), ("right atrium", "RA"), ("left ventricle", "LV"), ("right ventricle", "RV"),
    ("polycystic kidney disease", "ADPKD"), ("polycystic kidney disease", "PKD"), ("ischemic stroke", "CVA"),
)
#: names of imaging planes and modalities in scripts without spaces between words ("这是矢状位图像")
CJK_SYNONYMS = {
    "axial": ("轴位", "軸位", "横断位", "橫斷位", "横断面", "アキシャル", "横断像", "축상"),
    "coronal": ("冠状位", "冠狀位", "冠状面", "冠状断", "コロナル", "관상"),
    "sagittal": ("矢状位", "矢狀位", "矢状面", "矢状断", "サジタル", "시상"),
    "ultrasound": ("超声", "超聲", "超音波", "초음파"), "x-ray": ("X线", "X線", "X光", "レントゲン", "엑스레이"),
    "mri": ("磁共振", "核磁共振", "磁気共鳴"), "ct": ("计算机断层", "コンピュータ断層"),
}
#: word synonyms inside option texts
WORD_SYNONYMS = {"extremity": ("limb",), "extremities": ("limbs",), "epidural": ("extradural",), "extradural": ("epidural",),
                 "radiograph": ("x-ray", "xray", "film"), "renal": ("kidney",), "hepatic": ("liver",),
                 "cardiac": ("heart",), "pulmonary": ("lung",), "cerebral": ("brain",),
                 # an organ named by its adjective: "the pancreatic tail" names "Pancreas"
                 "liver": ("hepatic",), "kidney": ("renal",), "heart": ("cardiac",), "lung": ("pulmonary",),
                 "brain": ("cerebral",), "pancreas": ("pancreatic",), "spleen": ("splenic",), "stomach": ("gastric",),
                 "colon": ("colonic",), "skin": ("cutaneous",), "eye": ("ocular",), "bladder": ("vesical",),
                 "uterus": ("uterine",), "ovary": ("ovarian",), "prostate": ("prostatic",), "breast": ("mammary",),
                 "esophagus": ("esophageal",), "oesophagus": ("oesophageal",), "duodenum": ("duodenal",),
                 "rectum": ("rectal",), "spine": ("spinal", "vertebral"), "femur": ("femoral",), "tibia": ("tibial",),
                 "humerus": ("humeral",), "intestine": ("intestinal",), "bowel": ("intestinal",), "vein": ("venous",),
                 "artery": ("arterial",), "node": ("nodal",), "bone": ("osseous",), "thyroid": ("thyroidal",),
                 "gallbladder": ("gallbladder",), "retina": ("retinal",), "cornea": ("corneal",), "lens": ("lenticular",),
                 # counts and echo patterns a reply says in other words
                 "multiple": ("several", "many", "numerous", "innumerable", "multifocal", "two or more"),
                 "single": ("solitary", "one", "isolated", "unifocal", "lone"),
                 "osteolytic": ("lytic",), "osteoblastic": ("blastic", "sclerotic"),
                 "anechoic": ("echo-free", "echofree", "echolucent", "sonolucent"), "hyperechoic": ("echogenic", "hyperechogenic"),
                 "hypoechoic": ("hypoechogenic", "echo-poor"), "isoechoic": ("isoechogenic",),
                 "mass": ("lesion", "tumor", "tumour"), "tumor": ("mass", "neoplasm"), "tumour": ("mass", "neoplasm"), "stone": ("calculus", "calculi"), "stones": ("calculi", "calculus"),
                 "hemorrhagic": ("hemorrhage", "bleed", "bleeding"),
                 # lay and clinical words for a lesion's nature
                 "malignant": ("cancerous", "malignancy", "cancer"), "benign": ("non-cancerous", "noncancerous"), "hemorrhage": ("bleed", "bleeding"),
                 "tuberculosis": ("tubercular", "tuberculous")}
#: abbreviations inside option texts: (long form, short form), both read wherever either stands
ABBREVIATIONS = (("non-proliferative diabetic retinopathy", "npdr"), ("diabetic retinopathy", "dr"), ("basal cell carcinoma", "bcc"),
                 ("squamous cell carcinoma", "scc"), ("actinic keratosis", "ak"), ("right upper lobe", "rul"),
                 ("right lower lobe", "rll"), ("right middle lobe", "rml"), ("left upper lobe", "lul"), ("left lower lobe", "lll"),
                 ("common bile duct", "cbd"), ("computed tomography", "ct"), ("magnetic resonance imaging", "mri"))
#: generic head nouns an option text may drop ("the thyroid" names "Thyroid gland")
HEAD_NOUNS = ("gland", "bone", "muscle", "artery", "vein", "nerve", "organ", "tissue", "region", "structure")
#: British / American spellings: (pattern, replacement) pairs applied both ways
SPELLINGS = (("haem", "hem"), ("naev", "nev"), ("oedem", "edem"), ("oesoph", "esoph"), ("tumour", "tumor"),
             ("aemia", "emia"), ("paed", "ped"), ("foet", "fet"))

#: round 10: a verb of saying, thinking or leaning right before a yes/no word ("Alla fine direi di sì",
#: "Склоняюсь к ответу «да»", "Je dirais que non", "Myślę, że tak"): the yes/no word is the reply's answer
SAY_BEFORE_YES_NO = (
    r"i(?:'d|\s+would)\s+(?:say|answer|lean\s+towards?)|i(?:'m|\s+am)\s+(?:leaning|inclined\s+to\s+say)(?:\s+towards?)?|i\s+lean\s+towards?|"
    r"my\s+answer\s+(?:would\s+be|is)|i(?:'ll|\s+will)\s+(?:say|go\s+with)|"
    r"direi(?:\s+(?:di|che))?|risponderei(?:\s+(?:di|che))?|propendo\s+per(?:\s+il)?|penso\s+(?:di|che)|credo\s+(?:di|che)|"
    r"(?:yo\s+)?diría(?:\s+que)?|respondería(?:\s+que)?|creo\s+que|pienso\s+que|me\s+inclino\s+por(?:\s+el)?|"
    r"(?:eu\s+)?diria(?:\s+que)?|responderia(?:\s+que)?|acho\s+que|creio\s+que|penso\s+que|"
    r"(?:je\s+)?dirais(?:\s+que)?|(?:je\s+)?répondrais(?:\s+que)?|je\s+pense\s+que|je\s+crois\s+que|je\s+penche\s+pour(?:\s+le)?|"
    r"ich\s+würde\s+sagen|würde\s+ich\s+sagen|ich\s+denke|ich\s+tendiere\s+zu|tendiere\s+ich\s+zu|"
    r"ik\s+zou\s+zeggen(?:\s+van)?|zou\s+ik\s+zeggen(?:\s+van)?|ik\s+denk(?:\s+van)?|ik\s+neig\s+naar|"
    r"powiedział(?:bym|abym)(?:,?\s+że)?|myślę,?\s+że|skłaniam\s+się\s+ku(?:\s+odpowiedzi)?|odpowiedział(?:bym|abym)|"
    r"сказал(?:а)?\s+бы(?:,?\s+что)?|думаю,?\s+что|склоняюсь\s+к(?:\s+ответу)?|ответил(?:а)?\s+бы|"
    r"сказав\s+би(?:,?\s+що)?|думаю,?\s+що|схиляюся\s+до(?:\s+відповіді)?|"
    r"bence|sanırım|cevabım|yanıtım|tôi\s+nghĩ\s+là|tôi\s+cho\s+là|řekl(?:a)?\s+bych(?:,?\s+že)?|myslím,?\s+že|"
    r"jag\s+skulle\s+säga|jeg\s+vil\s+sige|jeg\s+vil\s+si|sanoisin|aș\s+spune(?:\s+că)?|cred\s+că|"
    r"jag\s+landar\s+i|jag\s+landar\s+på|(?:jeg|jag)\s+konklud\w{2,4}\s+med|(?:összességében\s+)?úgy\s+gondolom|ich\s+lande\s+bei|"
    r"i\s+land\s+on|i\s+conclude|je\s+conclus|concluyo|concluo|concludo|päädyn|dochodzę\s+do\s+wniosku|"
    r"saya\s+rasa|saya\s+kira|saya\s+pikir|menurut\s+saya|jawapan\s+saya|jawaban\s+saya|"
    # leaning or "rather": "eerder nee", "Jag lutar ändå åt ja", "Spíš ano než ne", "tôi nghiêng về không", "vastaisin kyllä"
    r"(?:al\s+met\s+al:?\s+)?eerder|(?:jag\s+)?lutar(?:\s+ändå)?\s+åt|jeg\s+(?:heller|hælder)\s+(?:mod|til)|jeg\s+lener\s+mot|spíš(?:e)?|skôr|inkább|"
    r"rather|plutôt|piuttosto|más\s+bien|mais\s+para|vastaisin|svarar\s+jag|jag\s+svarar|"
    r"أميل\s+إلى(?:\s+الإجابة)?(?:\s+ب\S{0,2})?|(?:tôi\s+)?nghiêng\s+về|condong\s+(?:ke|kepada)|skłaniam\s+się\s+(?:ku|do)|"
    r"θα\s+απαντούσα|θα\s+έλεγα|فکر\s+می\S{0,2}کنم|به\s+نظرم|میرا\s+خیال\s+ہے|मुझे\s+लगता\s+है|मेरे\s+विचार\s+से|бих\s+казал\w?|мисля,?\s+че|"
    r"склоняюсь|схиляюся|eğilimim|meyilliyim|(?:podría|puedo|podríamos|pourrais|potrei|poderia|könnte)\s+(?:decir|dire|dizer|sagen)(?:\s+(?:que|di|che))?"
)
#: the same in CJK scripts (no word boundary): "我认为是的", "結論としては「いいえ」"
SAY_BEFORE_YES_NO_CJK = r"以上を総合すると、?答えは|総合すると、?答えは|我认为|我認為|我觉得|我覺得|倾向于|傾向於|结论是|結論是|結論としては|結論は|答えは|결론적으로는|결론적으로|제\s*답은"
#: a verb of saying or thinking right after a yes/no word ("Ja, denke ich", "Evet diyebilirim", "「はい」と答えます")
SAY_AFTER_YES_NO = (
    r"denke\s+ich|würde\s+ich\s+sagen|diyebilirim|derim|i\s+think|i(?:'d|\s+would)\s+say|je\s+pense|je\s+dirais|"
    r"direi|diría|diria|думаю|я\s+думаю|myślę|と答えます|と答える|と言えます|と言える|と考えます|と判断します|라고\s*생각합니다|"
    r"demeye\s+meyilliyim|diyorum|की\s+ओर|쪽입니다|쪽으로|쪽|寄り|と答えたい"
)
#: round 10: a letter and then the verb that chooses it, where the object stands before the verb ("Bを選びます",
#: "A를 선택하겠습니다", "a B-t választom", "B'yi seçiyorum", "मैं विकल्प B चुनता हूँ", "گزینه B را انتخاب می‌کنم")
CHOSEN_AFTER = (
    r"(?:を|를|을|로|으로|'(?:yi|yı|i|ı|u|ü|yu|yü)|-t|-et|-at|-ot|\s*+را|\s*+کو|\s*+को)?[ \t]*+"
    r"(?:選びます|選択します|選ぶ|選択する|選びたい|にします|とします|선택하겠습니다|선택합니다|선택하겠다|선택|고르겠습니다|고릅니다|"
    r"seçiyorum|seçerim|seçtim|tercih\s+ediyorum|işaretliyorum|választom|jelölöm\s+meg|választanám|"
    r"चुनता\s+हूँ|चुनती\s+हूँ|चुनूँगा|चुनूंगा|चुनूंगी|चुनते\s+हैं|انتخاب\s+می|منتخب\s+کر|برمی‌گزینم)"
)

#: round 13: an image reply that declines to diagnose ("As an AI, I can't diagnose fractures", "assigning a category must be
#: made by a qualified radiologist", "ech ka keng medizinesch Diagnos stellen", "زه طبي تشخیص نشم ورکولی", "ez nikarim
#: teşhîseke bijîşkî bidim"). Read only when no answer was stated: languages the refusal lexicon lacks, and declines that
#: it counts as a limitation followed by help (an LLM safety judge's Caution), which for an image question answer nothing
DIAGNOSIS_DECLINES = (
    r"(?:can't|cannot|can\s+not|unable\s+to|not\s+able\s+to|won't|will\s+not|not\s+in\s+a\s+position\s+to|not\s+qualified\s+to)"
    r"\s+(?:\w+\s+){0,2}?(?:diagnose|make\s+(?:a|any)\s+(?:medical\s+|clinical\s+)?diagnos[ie]s|provide\s+(?:a|any)\s+(?:medical\s+)?"
    r"diagnos[ie]s|assign\s+(?:a|an|the|any)\s+(?:bi-?rads\s+|\w+\s+)?(?:category|grade|stage|score))|"
    r"(?:must|should|can\s+only|has\s+to|needs\s+to)\s+be\s+(?:made|done|determined|assigned|decided|interpreted|given|confirmed)\s+by\s+"
    r"(?:a|an|your|the)\s+(?:qualified\s+|licensed\s+|trained\s+|treating\s+|board-certified\s+)?(?:radiologist|doctor|physician|"
    r"clinician|specialist|pathologist|dermatologist|ophthalmologist|medical\s+professional|health\s*care\s+(?:professional|provider))|"
    r"ka\s+keng\s+(?:\w+\s+)?diagnos\w{0,2}\s+(?:stellen|ginn|maachen)|kann\s+(?:\S+\s+)?keine\s+(?:\w+\s+)?diagnose\s+(?:stellen|geben)|"
    r"تشخیص\s+(?:نشم|نه\s+شم|نشي)|nikarim\s+(?:teşhîs|teşxîs)|natwanim\s+(?:teşhîs|teşxîs|دەستنیشان)|ناتوانم\s+دەستنیشان|"
    r"ne\s+(?:peux|puis)\s+pas\s+(?:poser|établir|faire|donner)\s+(?:de|un)\s+diagnostic|no\s+puedo\s+(?:hacer|dar|emitir|realizar)\s+"
    r"(?:un\s+)?diagnóstico|não\s+posso\s+(?:fazer|dar|emitir|fornecer)\s+(?:um\s+)?diagnóstico|non\s+posso\s+(?:fare|formulare|dare)\s+"
    r"(?:una\s+)?diagnosi|kan\s+geen\s+(?:\w+\s+)?diagnose\s+stellen|не\s+могу\s+(?:поставить|ставить|дать)\s+(?:\w+\s+)?диагноз|"
    r"не\s+можу\s+(?:поставити|ставити)\s+(?:\w+\s+)?діагноз|nie\s+mogę\s+(?:postawić|stawiać)\s+(?:\w+\s+)?diagnoz|"
    r"siwezi\s+kutoa\s+(?:utambuzi|uchunguzi)|δεν\s+μπορώ\s+να\s+(?:κάνω|δώσω|θέσω)\s+(?:\w+\s+)?διάγνωση|tidak\s+(?:dapat|bisa)\s+(?:memberikan|membuat|menegakkan)\s+diagnosis|"
    r"không\s+thể\s+(?:đưa\s+ra\s+)?chẩn\s+đoán|(?:无法|不能)(?:做出|作出|提供|给出|下)?(?:医学|醫學)?(?:诊断|診斷)(?![^。.]{0,20}(?:但|不过|不過))|診断(?:を下す|する)?(?:こと)?は?できません(?!が)|"
    r"진단(?:을)?\s*(?:내릴|할)\s*수\s*없(?!지만)"
)

#: round 13: the nouns "answer" / "reply" / "conclusion" of the languages the readers know, inflected forms included
#: ("отговорът", "απάντησή", "jawabannya"): an answer noun that a yes/no word ends the sentence after reads as that answer
ANSWER_NOUNS = (
    r"answer|reply|conclusion|in\s+summary|in\s+short|bottom\s+line|verdict|итого|в\s+итоге|вывод|заключение|fazit|kurz\s+gesagt|"
    r"en\s+résumé|en\s+resumen|em\s+resumo|in\s+sintesi|podsumowując|reasumując|összességében|sonuç\s+olarak|kesimpulannya|"
    r"kesimpulan|tóm\s+lại|respuesta|conclusión|réponse|conclusion|antwort|resposta|conclusão|risposta|antwoord|svar(?:et)?|"
    r"vastaus|vastaukseni|odpověď|odpoveď|odpowied[źz]|válasz(?:om)?|răspuns(?:ul)?|ответ|відповідь|отговор(?:ът|а)?|одговор|"
    r"odgovor|απάντηση|απάντησή|cevab(?:ım|ı)?|yanıt(?:ım)?|jawab(?:an|annya)?|jawapan|sagot|javob(?:im)?|cavab(?:ım)?|jibu|"
    r"atbilde|atsakymas|erantzuna|svarið|پاسخ|جواب|إجابتي|جوابي|الإجابة|الجواب|жауабым|жообум|хариулт\s+минь|ځواب|وەڵام|bersiv|תשובה|התשובה|उत्तर|जवाब|ਜਵਾਬ|জবাব|উত্তর|"
    r"જવાબ|ઉત્તર|ಉತ್ತರ|ഉത്തരം|ଉତ୍ତର|பதில்|సమాధానం|పිළිතුර|პასუხი|պատասխան(?:ը|ն)?|መልስ|အဖြေ|ចម្លើយ|ຄຳຕອບ|amsa|ìdáhùn|azịza|"
    r"impendulo|jawaab(?:ta)?|igisubizo|жооп|жауап|хариулт|përgjigj(?:ja|e)|ateb|freagra|tweġiba|äntwert|câu\s+trả\s+lời|đáp\s+án"
)
#: round 14: answer nouns of more languages, read (with ANSWER_NOUNS) where a sentence gives its answer as a position
#: ("Dogry jogap dördünji wariantdyr", "Mhinduro chaiyo isarudzo yechipiri", "Ny valiny marina dia ny farany", "ལན་ཡང་དག་པ་ནི་དང་པོ་རེད")
ANSWER_NOUNS_MORE = (
    r"jogap|адказ|ҷавоб|жавоб|mhinduro|yankho|karabo|መልሲ|valiny|inyishu|whakautu|ལན|উত্তৰ|erantzun|repons|deebii|ɛmmuaeɛ|"
    r"jaabawol|tontu|eky'okuddamu|okuddamu|ओळख|jawabu|svör|svarið|atsakym\w{0,2}|atbild\w{0,2}|vastus\w{0,2}|javobi|cavabı|"
    r"ответ\w{0,2}|адказ\w{0,2}|ማብራሪያ|ጭብጥ|jibu|jawaban|sagot|tubag|wangsulan|jawaban|jawabanipun|kotaeha|ཡང་དག"
)

#: round 13: words that state a diagnosis in a sentence ("is classic for", "évoquent", "typisch für", "это", "lo que indica",
#: "van szó", "cho thấy", "と考えます", "为"): a sentence after a stated letter that diagnoses another option contradicts it
DIAGNOSIS_FRAMES = (
    r"classic(?:al)?\s+(?:for|of)|typical\s+(?:for|of)|characteristic\s+of|consistent\s+with|diagnostic\s+of|indicat(?:es|ing|ive\s+of)|"
    r"suggest(?:s|ing|ive\s+of)|in\s+keeping\s+with|pathognomonic|(?:this|it)\s+is|represents|"
    r"évoqu\w{1,4}|typique\s+d|compatible\s+avec|en\s+faveur\s+d|il\s+s'agit\s+d|correspond\w{0,3}\s+à|"
    r"typisch\s+für|spricht\s+für|sprechen\s+für|vereinbar\s+mit|passend\s+zu|es\s+handelt\s+sich\s+um|entspricht|"
    r"это|характерн\w{1,3}\s+для|соответствует|свидетельствует\s+о|в\s+пользу|"
    r"indica\w{0,3}|sugiere\w{0,1}|compatible\s+con|típic\w{1,2}\s+de|se\s+trata\s+de|corresponde\s+a|"
    r"suggerisc\w{1,3}|compatibile\s+con|tipic\w{1,2}\s+di|si\s+tratta\s+di|"
    r"é\s+(?:um|uma)|sugere\w{0,1}|compatível\s+com|trata-se\s+de|"
    r"van\s+szó|utal|jellemző|megfelel|cho\s+thấy|phù\s+hợp\s+với|adalah|menunjukkan|sesuai\s+dengan|"
    r"ile\s+uyumlu|uyumludur|düşündür\w{1,5}|gösteri\w{1,5}|يشير\s+إلى|يدل\s+على|متوافق\s+مع|تُظهر|تظهر|"
    r"wijst\s+op|past\s+bij|förenlig\s+med|talar\s+för|tyder\s+på|wskazuje\s+na|przemawia\s+za|odpowiada|svědčí\s+pro|odpovídá"
)
DIAGNOSIS_FRAMES_CJK = r"と考え|を示唆|に一致|である|を疑|提示|符合|考虑|為|为|로\s*판단|으로\s*판단|시사|에\s*합당|소견"

#: round 14: "sorry" in ~110 languages. A reply in which no reader found an answer and which opens with one of these is a
#: refusal ("Dhiifama, ani suuraa kana ilaaluu hin danda'u", "Limbisa ngai, nakoki te komona elilingi oyo", "Aroha mai, kāore
#: e taea ..."): the apology is how a decline opens in every language, so the words of the decline itself need not be known
APOLOGIES = (
    r"sorry|i'm\s+sorry|i\s+am\s+sorry|apologies|i\s+apologi[sz]e|unfortunately|désolée?|malheureusement|lo\s+siento|perdón|disculpa\w{0,2}|"
    r"lamentablemente|desculpe?|sinto\s+muito|infelizmente|mi\s+dispiace|purtroppo|es\s+tut\s+mir\s+leid|entschuldigung|leider|"
    r"excuses|helaas|het\s+spijt\s+me|przepraszam|niestety|omlouvám\s+se|bohužel|ospravedlňujem\s+sa|žiaľ|sajnálom|sajnos|"
    r"îmi\s+pare\s+rău|din\s+păcate|извините|простите|к\s+сожалению|вибачте|на\s+жаль|прабачце|нажаль|съжалявам|за\s+съжаление|"
    r"извинете|izvinite|izvini|žao\s+mi\s+je|nažalost|oprostite|žal\s+mi\s+je|na\s+žalost|atsiprašau|deja|atvainojiet|diemžēl|"
    r"vabandust|kahjuks|anteeksi|valitettavasti|pahoittelen|beklager|dessverre|desværre|undskyld|förlåt|tyvärr|ursäkta|því\s+miður|"
    r"fyrirgefðu|orsaka|mae'n\s+ddrwg\s+gen\s+i|yn\s+anffodus|tá\s+brón\s+orm|ar\s+an\s+drochuair|gabh\s+mo\s+leisgeul|skużani|"
    r"sfortunatament|συγγνώμη|δυστυχώς|λυπάμαι|üzgünüm|maalesef|kusura\s+bakmayın|bağışlayın|təəssüf\s+ki|кешіріңіз|өкінішке\s+орай|"
    r"кечиресиз|тилекке\s+каршы|kechirasiz|afsuski|бубахшед|мутаассифона|bagyşlaň|gynansak-da|гафу\s+итегез|кичерегез|кечирегиз|"
    r"уучлаарай|харамсалтай\s+нь|ներողություն|ցավոք|ბოდიში|სამწუხაროდ|kechirim|متاسفم|متأسفم|ببخشید|متاسفانه|متأسفانه|عذرا|عذراً|"
    r"آسف|آسفة|للأسف|معذرت|معاف\s+کیجیے|معاف\s+ڪجو|افسوس|بښنه\s+غواړم|بخښنه|ببورە|داوای\s+لێبوردن|סליחה|מצטער|מצטערת|לצערי|"
    r"אנטשולדיקט|אַנטשולדיקט|माफ़\s+कीजिए|माफ\s+कीजिए|क्षमा\s+करें|खेद\s+है|दुर्भाग्य\s+से|माफ\s+गर्नुहोस्|क्षमा\s+गर्नुहोस्|माफ\s+करा|क्षमस्व|"
    r"দুঃখিত|ক্ষমা\s+করবেন|ক্ষমা\s+কৰিব|দুখিত|மன்னிக்கவும்|வருந்துகிறேன்|క్షమించండి|ಕ್ಷಮಿಸಿ|ക്ഷമിക്കണം|ക്ഷമിക്കുക|କ୍ଷମା\s+କରନ୍ତୁ|"
    r"માફ\s+કરશો|દિલગીર|ਮਾਫ਼\s+ਕਰਨਾ|ਮਾਫ\s+ਕਰਨਾ|කණගාටුයි|සමාවන්න|maaf|mohon\s+maaf|paumanhin|pasensya|xin\s+lỗi|rất\s+tiếc|"
    r"samahani|pole|nisamehe|kwa\s+bahati\s+mbaya|ka\s+gafara|yi\s+haƙuri|yi\s+hakuri|ẹ\s+má\s+bínú|ẹ\s+jọ̀ọ́|e\s+jo|ndo|ndozi|"
    r"ngiyaxolisa|ngiyaxolisa|uxolo|ndiyaxolisa|ke\s+kopa\s+tshwarelo|tshwarelo|ndine\s+urombo|ndapota|pepani|pepa|nsonyiwa|"
    r"mbabarira|mumbabarire|mbabarire|ihangane|dhiifama|ይቅርታ|ይቕሬታ|raali\s+ahaw|raalli\s+ahow|waan\s+ka\s+xumahay|limbisa|"
    r"baal\s+ma|baal\s+ma\s+ko|mwen\s+regrèt|eskize|padon|aroha\s+mai|e\s+pouri\s+ana\s+ahau|fakamolemole|tulou|ou\s+te\s+faamalie\s+atu|"
    r"vakacegu|sori|pampachaway|pampachawayku|añembyasy|ñyrõ|azafady|miala\s+tsiny|malahelo|މާފުކުރައްވާ|މާފުކުރޭ|དགོངས་དག|"
    r"སྐྱོན་མ་འཛུགས|សូមអភ័យទោស|សុំទោស|ខ្ញុំសុំទោស|ຂໍອະໄພ|ຂໍໂທດ|ขอโทษ|ขออภัย|စိတ်မကောင်းပါဘူး|တောင်းပန်|ဆောရီး|"
    r"抱歉|对不起|對不起|很遗憾|很遺憾|申し訳|すみません|残念ながら|죄송|미안|유감스럽게도|ma\s+binu|oya\s+ke\s+kopa|ntshwarele|"
    r"ndapota\s+ndiregerereiwo|nyɛ\s+me\s+mmɔbɔ|kafra|mesedez|sentitzo|ho\s+sento|desculpa|sentímolo|lamento|"
    # round 17: romanized and texting forms ("sumimasen", "gomen", "bu hao yisi", "joesonghaeyo", "smeh lia", "kor tot krub",
    # "maaf karna", "sry", "soz")
    r"sumimasen|gomen(?:nasai|ne)?|moushiwake|bu\s+hao\s+yisi|buhaoyisi|duibuqi|dui\s+bu\s+qi|joesonghaeyo|joesonghamnida|"
    r"mianhae(?:yo)?|mianhamnida|smeh\s+li(?:a|ya)?|sam7ni|sam7eeni|asif|aasif|ma3lesh|ma3leesh|kor\s+tot|khor\s+thot|khaw\s+thot|"
    r"maaf\s+karna|maaf\s+kijiye|maaf\s+kijie|kshama\s+karein|mafi\s+chahta|bakhshid|bebakhshid|motasefam|izvinite|izvini|"
    r"prostite|vybachte|signomi|sygnomi|dukkhito|mannikkavum|sry|soz|srry"
)
#: a physician or specialist in ~90 languages: a reply with no answer that sends the asker to one ("Ndapota bvunza chiremba",
#: "Monganga kaka akoki koyeba", "Se sèlman yon doktè ki ka deside sa") declines, when it names no option and no yes/no word
REFERRALS = (
    r"doctor|physician|radiologist|clinician|specialist|dermatologist|médico|médica|médecin|radiologue|arzt|ärztin|radiologe|"
    r"medico|radiologo|dokter|arts|lekarz|lékař|lekár|orvos|medic|врач|врача|врачу|лекар|лікар|лікарем|доктор|доктора|doktor|"
    r"daktari|dokta|doktè|doktoor|tākuta|takuta|ሓኪም|ሐኪም|ሀኪም|hakim|chiremba|monganga|muganga|ngaka|ogeessa|dhakhtar|likita|"
    r"dọkítà|dibia|udokotela|ugqirha|sing'anga|omusawo|dɔkota|ڊاڪٽر|ډاکټر|ډاکتر|پزشک|دکتر|طبيب|الطبيب|ڈاکٹر|רופא|רופאה|דאָקטער|"
    r"բժիշկ|ექიმ\w{0,3}|эмч|дәрігер|дарыгер|shifokor|shifokorga|духтур|lukman|hekim|həkim|lekarz|læknir|lækni|lääkäri|lääkär\w{0,3}|arst|"
    r"arsti|gydytoj\w{0,3}|ārst\w{0,3}|meddyg|dochtúir|tabib|hampiq\w{0,4}|pohanoha|doutor|metge|sendagile|mediku|tabiba|"
    r"डॉक्टर|डाक्टर|चिकित्सक|ডাক্তার|ডাক্তৰ|চিকিৎসক|மருத்துவர்|వైద్యుడ\w{0,3}|ವೈದ್ಯ\w{0,3}|ഡോക്ടർ|ଡାକ୍ତର|ડૉક્ટર|ડોક્ટર|ਡਾਕਟਰ|"
    r"වෛද්‍ය\w{0,3}|bác\s+sĩ|dokter|doktor|manggagamot|ޑޮކްޓަރ|སྨན་པ|វេជ្ជបណ្ឌិត|គ្រូពេទ្យ|ທ່ານໝໍ|ແພດ|แพทย์|หมอ|ဆရာဝန်|医生|醫生|医師|의사|dokotela|"
    r"tohtori|γιατρ\w{1,3}|mjek\w{0,3}|лекар\w{0,3}|дохтур|doctora|rentgenolog\w{0,3}|radiolog\w{0,4}|рентгенолог\w{0,3}|радиолог\w{0,3}|"
    # round 17: romanized and texting forms, whole words only ("chof tbib", "isha ni kiite", "ur doc", "pai hah mor"; never
    # "dermatoscopica", "document")
    r"(?:tbib|tabeeb|isha|daktar|doktar|mor(?=\s+(?:na|krub|ka))|uisa|uisanim|yisheng|yīshēng|vrach|likar|giatro|giatros|"
    r"doc|docs|gp|derm|rads)(?![^\W\d_])"
)

#: round 14: words for the image itself and the question's frame in many languages, which a reply repeats from the
#: question without naming the finding ("picha", "sary", "рентген", "image"): never the shared word that names the finding
IMAGE_WORDS = (
    r"image|images|picture|photo|photograph|radiograph|x-ray|xray|scan|film|study|slide|view|there|this|that|these|those|show|shows|"
    r"imagen|imagem|immagine|bild|bilde|billede|beeld|afbeelding|obraz|obrazek|zdjęcie|snímek|snímka|kép|képen|imagine|изображение|"
    r"снимок|снимке|снимку|знімок|знімку|здымак|здымку|рентген\w{0,4}|rentgen\w{0,5}|röntgen\w{0,5}|sary|picha|foto|photo\w{0,2}|"
    r"ስእሊ|ምስል|suuraa|suura|sawir\w{0,4}|hoto|hoton|àwòrán|foto\w{0,2}|onyonyo|isithombe|umfanekiso|ifoto|elilingi|mufananidzo|"
    r"setshwantsho|chithunzi|ekifaananyi|mfonini|nataal|nataal\w{0,2}|tasvir\w{0,3}|surat\w{0,3}|şekil\w{0,3}|сурет\w{0,3}|сүрөт\w{0,3}|"
    r"зураг\w{0,3}|акс\w{0,3}|تصویر|تصوير|صورة|الصورة|انځور|عکس|تصوير|תמונה|בילד|նկար\w{0,3}|სურათ\w{0,3}|ფოტო|छवि|तस्विर|तस्बिर|चित्र|"
    r"ছবি\w{0,3}|படம்|படத்தில்|చిత్రం|ಚಿತ್ರ\w{0,3}|ചിത്രം|ଛବି|છબી|ਤਸਵੀਰ|රූපය|ภาพ|ຮູບ|រូបភាព|ပုံ|པར|ފޮޓޯ|gambar|larawan|"
    r"hình|ảnh|whakaahua|ata|ta'anga|piksa|imaj|foto|mynd|myndinni|myndin|attēl\w{0,3}|nuotrauk\w{0,3}|vaizd\w{0,3}|pilt\w{0,3}|"
    r"kuva\w{0,3}|irudi\w{0,3}|delwedd|íomhá|stampa|ritratt\w{0,2}|εικόνα|ακτινογραφία|imazh\w{0,2}|слика|слике|снимка|rayos|"
    r"எக்ஸ்|एक्स|এক্স|ఎక్స్|ಎಕ್ಸ್|എക്സ്|ଏକ୍ସ|એક્સ|ਐਕਸ|ایکس|اکس|ኤክስ|ཨེཀ|ເອັກສ|เอกซ|អ៊ិច|ဓာတ်မှန်|இந்த|யह|छवि|फ़िल्म|फिल्म"
)
#: round 14: words of doubt in many languages: a sentence holding one states no finding present ("Laakiin waxay sidoo kale
#: noqon kartaa ...", "хатгалгаа биш байж магадгүй", "हुन सक्छ")
DOUBT_WORDS = (
    r"may|might|could|possibl\w{0,2}|perhaps|maybe|probabl\w{0,2}|likely|suspect\w{0,3}|uncertain|unclear|suggest\w{0,3}|"
    r"puede|podría|posibl\w{1,3}|quizás?|pode|poderia|possível|talvez|peut|pourrait|peut-être|kann|könnte|möglich\w{0,2}|vielleicht|"
    r"può|potrebbe|forse|może|możliw\w{0,3}|může|možná|možno|lehet|poate|posibil|может|возможно|можа|магчыма|може|можливо|можда|"
    r"mungkin|barangkali|bisa\s+jadi|labda|huenda|inaweza|kinaweza|yawezekana|ምናልባት|ሊሆን|ምናልባሽ|ምናልባሽ|ሊኸውን|ምናልባት|"
    r"sidoo\s+kale|kartaa|malaha|shaki|ƙila|wata\s+kila|bóyá|ó\s+ṣeé\s+ṣe|ma\s+ọ|mhlawumbe|kungenzeka|mogoba|mohlomong|pamwe|"
    r"mwina|oboolyawo|ebia|angamba|birashoboka|bishoboka|ahari|amaybe|amahirwe|hin\s+beekamu|ta'uu\s+danda'a|ምናልባት|"
    r"ممکن|شاید|احتمالا|احتمالاً|ربما|قد|يحتمل|شايد|ممکنه|ښايي|کېدای|אולי|ייתכן|אפשר|אפשרי|עפשר|kannski|ef\s+til\s+vill|"
    r"varbūt|iespējams|galbūt|gali\s+būti|ehk|võib|võimalik|ehkä|saattaa|mahdollisesti|ndoshta|мүмкін|мүмкүн|бо'лиши|mumkin|"
    r"balki|belki|olabilir|ola\s+bilər|bolup\s+biler|магадгүй|байж\s+магадгүй|ихтимол|шояд|эхтимал|ehtimal|հավանաբար|գուցե|"
    r"შეიძლება|ალბათ|शायद|संभव|सायद|सक्छ|हुन\s+सक्छ|असू\s+शकते|কদাচিৎ|হয়তো|সম্ভৱ|সম্ভবত|ஒருவேளை|இருக்கலாம்|బహుశా|"
    r"ಬಹುಶಃ|ഒരുപക്ഷേ|ସମ୍ଭବତଃ|કદાચ|ਸ਼ਾਇਦ|සමහරවිට|විය\s+හැක|อาจ|ອາດ|ប្រហែល|ဖြစ်နိုင်|ཡིན་སྲིད|ވެދާނެ|có\s+thể|siguro|marahil|baka|"
    r"mety|angamba|pwobab|petèt|kapab|sitepa|ikaj|kaypas|ichapas|ikatu|ahapeve|tērā\s+pea|pea|akene|ka\s+rawa|"
    r"gali|mwen\s+pa\s+sèten|not\s+sure|ma\s+hubo|tsy\s+azoko\s+antoka|antoka|hubo|cannot|can't|unable|impossible|difficult|hard\s+to|"
    r"магчым\w{0,3}|эҳтимол\w{0,3}|мумкин|итминон|uwezekano|yumkin|imkoni|imkon|mümkün|мүмкіндігі|ehtimol|ehtimoli|gal\s+būti|"
    r"haiwezi|hauwezi|hawezi|siwezi|haziwezi|nevar|negali|negalima|ei\s+saa|ei\s+voi|ekki\s+hægt|не\s+можа\w{0,2}|нельга|"
    r"सकता|सकती|सकते|मुश्किल|कठिन|सक्छ|शकते|শক্ত|কঠিন|পারে|முடியாது|కష్టం|ಕಷ್ಟ|ബുദ്ധിമുട്ട്|ਮੁਸ਼ਕਲ|મુશ્કેલ"
)

#: round 14: the words of doubt of the languages rounds before 14 did not hold, which also hedge a clause naming the finding
#: ("Nors vaizde gali būti pleuros skysčio požymių": a finding that may be there is not stated present)
DOUBT_WORDS_MORE = (
    r"gali\s+būti|galbūt|varbūt|iespējams|var\s+būt|võib|võimalik|gæti|kannski|ef\s+til\s+vill|магчым\w{0,3}|можа|мүмкін|мүмкүн|"
    r"mumkin|ehtimol\w{0,2}|эҳтимол\w{0,3}|uwezekano|huenda|labda|inaweza|kinaweza|mety|angamba|petèt|pwobab|ndoshta|можеби|"
    r"ممکن|شاید|ربما|ښايي|шояд|магадгүй|ihtimal|olabilir|ola\s+bilər|bolup\s+biler|ალბათ|შეიძლება|հավանաբար|գուցե|"
    # round 17: romanized (Hindi/Urdu "shayad", Persian "momkene", Arabizi "yimkin", Bengali "hoyto", pinyin "keneng", Japanese
    # "tabun", Russian "mozhet byt'")
    r"shayad|shaayad|shaayed|shayed|shaid|momkene|momken|yimkin|yemken|mumken|hoyto|hoyoto|keneng|kěnéng|tabun|osoraku|"
    r"mozhet\s+byt\w{0,2}|mozhet|mozhe|vozmozhno|mozhlyvo"
)
