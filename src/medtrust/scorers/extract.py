"""Layered answer extraction for closed questions (yes/no and lettered multiple choice).

Shared by CARES-VLM (default mode) and MediConfusion (``parser=lenient``). The extractor never
guesses: when the reply states no single answer it returns ``answer=None`` with a ``status``
saying why (``unparseable``, ``refusal`` or ``truncated``), and the caller scores the sample
as that non-answer (medtrust.outcomes).

Preparation (before any layer):

- Unicode NFKC (full-width ``Ｂ``, ``：``, ``（`` become ASCII), zero-width characters removed,
  curly quotes and dashes straightened.
- Reasoning blocks removed: ``<think>...</think>`` (also ``thinking``/``reasoning``); text before
  a lone closing tag is reasoning too. A reply that stops inside an open block has no answer.
- JSON replies (bare or in a fenced block): the value of an answer-like key (``answer``,
  ``final_answer``, ``choice``, ...) decides, read like a marker's answer.
- Markdown emphasis, headers, quotes and code ticks are dropped; LaTeX ``\\boxed{}``,
  ``\\text{}``, ``\\mathrm{}``, ``$...$`` are unwrapped (a boxed value counts as a stated answer),
  and so are answer tags (``<answer>D</answer>``, ``<final>``, ``<final_answer>``).
- JSON keys in other languages count (``respuesta``, ``Antwort``, ``réponse``, ``答案``, ``回答``).
- Ordinal answers become letters: "the first option", "the second one", "the latter" (two
  options), "option number three", "la primera opción", "die zweite Option", "第二个选项".

Layers. The *explicit* layers each find stated answers with their position, and the last one
in the reply wins, so self-corrections resolve to the corrected answer:

1. leading answer: the reply opens with a letter (``B``, ``(B)``, ``c)``, ``Option C``, ``B: ear``)
   or a yes/no word (several languages);
2. answer markers: "answer"/"choice" (and "Respuesta", "Réponse", "Antwort", "Resposta",
   "答案", "回答", "الإجابة" ...), with copulas ("is", "would be", "es", "ist", "是"), then the
   answer; a generic ``<label>: X`` line; a line holding only a letter; a boxed value;
3. verdicts on a letter ("C is correct", "D is the most likely answer", "C fits best", "D fits
   better", "D remains", "C是正确的", "Option B ist richtig", "L'option C est correcte") and
   choices ("I choose B", "I would go with option D", "Elijo la C", "我选择D", "Ich wähle A");
4. hedged but committed answers ("Probably C, although A ...", "most likely B", "I'd say A",
   "Wahrscheinlich B", "可能是C", "おそらくB") and conclusions ("A is ruled out, so B", "así que
   es la B");
5. self-correction cues ("Actually, D", "Wait, actually yes").

A stated answer counts only when its clause (back to the last sentence or clause mark or
contrast word) does not negate or question it: "I would not say that C is correct", "I don't
think the answer is B", "whether B is correct", "ich glaube nicht", "不是" state nothing. A letter
followed by a CJK character is still a letter ("Bです"); a letter followed by an elimination ("A is
ruled out") is no answer.

A mention of an option that states no answer ("Option B is less likely") is not an answer.
Articles and pronouns are not letters: "a"/"A"/"I" followed by a lower-case word ("the answer
is a subdural bleed", "I think ...") are read as words. Two or more letters stated together
("A and C", "The answer is B, D", ``["A", "C"]``) are no answer (unparseable).

When no explicit layer answers, in order:

6. elimination: every option but one is ruled out ("We can exclude A, B and C");
7. sole letter (round 4): the reply names exactly one option letter as a letter - bracketed,
   after an option word or an arrow, or before punctuation, a line end, "is"/"fits", or a word
   of another script ("The appearance favours A, though ...", "my hunch is (c)", "정답은 A입니다",
   "Neither A nor C. It's B.") - and does not exclude it (a negated or questioning clause, an
   elimination after it, "neither"/"not"/"rather than" before it, a question mark ending its
   sentence). Two or more named ("It could be either B or C"), or a range ("any of A-D"), is no
   answer. After a refusal, only the text after a contrast word is read this way;
8. refusal: a reply that declines or says it cannot tell (also "I can't tell / choose between A
   and B", "No puedo decir si es A o B", "我无法判断是A还是B") (medtrust's one refusal detector,
   :func:`medtrust.judges.refusal.detect_abstention`, 13 languages) has no answer, unless a contrast clause after it states one ("I can't be certain, but it looks
   like the ear");
9. findings (yes/no questions): when the question names its finding ("Is there a pleural
   effusion?", "Does the image show X?", "Is X present?", "¿Hay X?", "Há algum X?"), the clauses
   naming it decide ("No intracranial hemorrhage, mass effect, or midline shift" is "no";
   "Effusion: none." is "no"), else a study or organ stated normal is "no"; otherwise a finding stated absent ("No evidence of effusion", "Negative for
   fracture", "Sin evidencia de", "Kein Anhalt für", "Pas de signe de", "Sem evidência de",
   "未见", "認められません") is "no"; stated present ("Positive for fracture", "is present") "yes";
10. option text: exactly one option's text occurs as whole words, not negated ("not on the
   scalp; on the ear" -> ear), also in another form: plural or singular ("nevi", "keratoses"),
   British spelling ("haematoma"), a synonym or abbreviation ("upper limb", "arm", "mole",
   "BCC", "sonographic", "MRI", "proliferative DR"); an option text contained in another matched one
   is dropped. When no whole text occurs: a short reply (8 words at most) holding a word only one
   option has ("extradural haematoma"), or a sentence holding every word only one option has
   ("The tumour is poorly differentiated" for "Poorly differentiated carcinoma" against "Well
   differentiated carcinoma"), not negated;
11. yes/no words: exactly one of the English words yes / no (whole words, so "cannot",
   "diagnosis", "notice" never read as "no"; "no" counts alone - "No.", "no," - not as a
   determiner: "no growth").

A reply that restates two or more options on their own lines ("A: CT\nB: MRI"), or gives one
list item per option ("- A. Melanoma: ...\n- B. Nevus: ..."), states no answer unless a later
layer states one ("Answer: B"). Struck-through text (``~~A. Pneumonia~~``) is withdrawn. Cyrillic
and Greek capitals that look like option letters and stand alone ("Ответ: А") are read as the
Latin letters.

Truncation: a reply whose ``stop_reason`` is ``max_tokens`` or ``model_length`` keeps an answer
stated by the explicit layers or in its first complete sentence; otherwise its status is
``truncated`` (a cut reply is not a wrong one).

Source: medtrust's own design (docs/deviations.md, "Answer extraction"). The official CARES
substring/first-sentence rules and the official MediConfusion letter detector are kept
separately as faithful modes (``medtrust.benchmarks.cares_vlm.extract``,
``medtrust.benchmarks.mediconfusion.extract``).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Mapping

from medtrust.scorers import answer_lexicon as lex

#: Extraction statuses: an answer, or why there is none.
ANSWER, UNPARSEABLE, REFUSAL, TRUNCATED = "answer", "unparseable", "refusal", "truncated"
#: A reply (after its reasoning blocks) longer than WINDOW_HEAD + WINDOW_TAIL characters is read
#: at its first WINDOW_HEAD and last WINDOW_TAIL characters (the opening and the conclusion).
WINDOW_HEAD, WINDOW_TAIL = 4_000, 20_000
#: ``{`` positions of a reply tried as the start of a JSON value, at most.
MAX_JSON_STARTS = 64
#: Matches of one layer read at most, from the end of the reply (only the last reading counts).
MAX_CANDIDATES = 64
#: Stop reasons that mean the reply was cut by a length limit (inspect ``StopReason`` values).
TRUNCATION_STOP_REASONS = frozenset({"max_tokens", "model_length"})

#: Zero-width and invisible formatting characters removed before matching.
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\ufeff\u00ad"), None)
_QUOTES = str.maketrans(
    {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
     "\u2013": "-", "\u2014": "-"}
)

# yes / no words. Multilingual ones count only where an answer is expected (reply start,
# after a marker); the free "yes/no word" layer uses the English words only.
_YES_LATIN = ("yes", "yeah", "yep", "yup", "sí", "si", "sì", "oui", "ja", "sim", "evet", "tak", "да", "có", "ναι", "हाँ", "हां",
              "ya(?=\\s*+[,.!])", "da(?=\\s*+[,.!])", "так(?=\\s*+[,.!])", "כן", "হ্যাঁ", "ndiyo")
_NO_LATIN = ("no", "nope", "non", "nein", "não", "nao", "nee", "hayır", "hayir", "nie", "нет", "nej", "không", "tidak", "όχι",
             "नहीं", "ні", "nu(?=\\s*+[,.!])", "לא", "না", "hapana")
_YES_CJK = ("是的", "是", "对", "對", "はい", "예", "네")
_NO_CJK = ("不是", "否", "いいえ", "아니요", "아니오")
_YES_AR, _NO_AR = ("نعم",), ("لا",)
_YES_ALL = frozenset(_YES_LATIN + _YES_CJK + _YES_AR + ("ya", "так", "da"))
_YN_WORD = re.compile(
    r"(?i:(" + "|".join(sorted(_YES_LATIN + _NO_LATIN + _YES_AR + _NO_AR, key=len, reverse=True)) + r"))(?![\w-])"
    r"|(" + "|".join(sorted(_YES_CJK + _NO_CJK, key=len, reverse=True)) + r")"
)
_YES_EN = re.compile(r"\b(?:yes|yeah|yep)\b", re.IGNORECASE)
# "no" alone ("No.", "no, ...", a reply's last word); "no growth" is a determiner, not an answer
_NO_EN = re.compile(r"\b(?:no(?=[ \t]*+(?:[,.;:!)]|$))|nope)\b(?!-)"
                    r"|^[\W]*+no\b(?!-)(?!\s++(?:way|idea|image|images|doubt|problem|clue|comment|answer)\b)", re.IGNORECASE)

_LW = lex.LATIN_WORD  # a word character that continues a Latin letter (CJK does not: "C是正确的")
_OPENERS = "(\\[\"'\u3010\u300c\u300e{<"
_CLOSERS = ")\\]\"'\u3011\u300d\u300f}>"
# Words after a capital letter that show it is used as a letter ("A is", "B because", "C and D").
_LETTER_FOLLOWERS = frozenset(
    "and or nor but vs versus is was would will seems appears looks matches fits best because since "
    "than as here there then only alone o y e ou et und oder".split()
)
# Words after the answer word that lead to the answer: copulas, adverbs, "option", in several languages.
_CONNECTORS = (
    r"is|was|would|will|should|must|be|likely|probably|most|definitely|clearly|therefore|thus|then|here|"
    r"option|choice|letter|seems|appears|to|es|la|el|est|c'est|ist|die|der|é\s+a(?=\s)|é\s+o(?=\s)|é|è|sería|serait|wäre|"
    r"opción|opção|opzione|correcta|correcto|correcte|correta|corretta|correct|richtige|right|final|bonne|juste|"
    r"lautet|sarebbe|seria|là|adalah|ialah|ni|jest|это|هي|هو|"
    r"among\s+(?:the\s+|these\s+)?(?:(?:given|listed|available|above)\s+)?(?:options|choices|answers)"
)
# possessive runs (*+) never give characters back: every pattern here is linear (regex_safety)
_CONNECT = re.compile(
    r"(?:\s*+(?:[:=|]|-+|(?<![\w'])(?i:" + _CONNECTORS + r")(?![\w'])|是|为|為|应为|應為|应该是|應該是|は|が|选|選)\s*+|[^\S\n]*+\n\s*+)"
)
_ANSWER_WORD = re.compile(
    r"(?<![\w])(?i:(?:(?:final|correct|right|best|most\s+likely|likely|selected|chosen|my|the|your)\s+){0,4}"
    r"(?:answer|choice|selection|respuesta|r[ée]ponse|antwort|resposta|risposta|antwoord|ответ|odpowied[źz]|cevap|jawaban|"
    r"đáp\s+án|الإجابة|الجواب|उत्तर)"
    r"|(?:final|correct|right|best|most\s+likely|selected|chosen|my)\s+(?:option|letter)"
    r"|(?:my\s+)?(?:best\s+|final\s+)?guess"
    r"|(?:la\s+)?opci[oó]n\s+correcta|(?:l')?option\s+correcte|(?:la\s+)?bonne\s+option|(?:die\s+)?(?:richtige|korrekte)\s+(?:option|wahl)"
    r"|(?:a\s+)?(?:op[cç][aã]o|alternativa)\s+correta|(?:l')?opzione\s+corretta)(?![\w])"
    r"|(?:正确答案|正確答案|正确选项|正確選項|答案|回答|解答|正解|答え|정답|답)"
)
_CUE = re.compile(
    r"(?i:\b(?:actually|wait|correction|i\s+mean|on\s+second\s+thought|let\s+me\s+correct(?:\s+(?:that|myself))?))"
    r"[\s,:;.!-]*(?i:(?:it\s+is|it's|the\s+answer\s+is|rather)\s+)?"
)
_VERDICT = re.compile(
    r"(?<!" + _LW + r")(?i:(?:(?:l'|la\s+|die\s+|a\s+)?(?:" + lex.OPTION_WORDS + r"))\s*+)?[(\[\"']?([A-Z])[)\]\"']?"
    r"(?:\s+(?i:" + lex.VERDICTS + r")(?!" + _LW + r")(?!\s+(?i:if|when|wrong|incorrect|not))"
    r"|\s*+(?:" + lex.CJK_VERDICTS + r"))"
)
_CHOOSE = re.compile(
    r"(?:(?<!" + _LW + r")(?i:" + lex.CHOOSE_VERBS + r")(?!" + _LW + r")|(?:" + lex.CHOOSE_VERBS_CJK + r"))\s*+(?i:" + lex.CHOOSE_FILLERS + r")"
)
#: a hedged but committed answer: "Probably C", "most likely B", "Wahrscheinlich B", "可能是C"
_HEDGED = re.compile(
    r"(?:(?<!" + _LW + r")(?i:" + lex.HEDGE_ADVERBS + r")(?!" + _LW + r")|(?:" + lex.HEDGE_ADVERBS_CJK + r"))[\s,:]*+"
)
#: a conclusion: "so B", "therefore it must be D", "así que es la B", "所以选C"
_CONCLUSION = re.compile(
    r"(?:(?<!" + _LW + r")(?i:" + lex.CONCLUSIONS + r")(?!" + _LW + r")|(?:" + lex.CONCLUSIONS_CJK + r"))[\s,:]*+"
    r"(?i:" + lex.CONCLUSION_FILLERS + r")\s*+"
)
#: after a letter: it is eliminated, not stated ("A is ruled out", "Se descarta la A" is read apart)
_ELIMINATED_AFTER = re.compile(r"^\s*+(?i:" + lex.ELIMINATIONS + r")")
_ELIMINATE_BEFORE = re.compile(r"(?<!" + _LW + r")(?i:" + lex.ELIMINATE_BEFORE + r")")
#: "can't tell / choose between A and B" and its translations: the reply cannot decide
_UNDECIDED = re.compile(
    r"(?i:\b(?:can(?:'|no)?t|can\s+not|could(?:n't|\s+not)|unable\s+to|not\s+able\s+to|impossible\s+to|not\s+possible\s+to)"
    r"\s+(?:\w+\s+){0,2}?(?:choose|decide|tell|say|determine|distinguish|differentiate|pick|judge)\b"
    r"|\btoo\s+(?:\w+\s+)?(?:blurry|unclear|small|dark|low[- ]resolution|ambiguous|grainy)\s+to\s+(?:decide|tell|say|determine|judge|choose)\b"
    r"|\b(?:won't|will\s+not|refuse\s+to|decline\s+to)\s+(?:\w+\s+){0,2}?(?:choose|decide|pick|select)\s+(?:among|between|from|one\s+of)\b"
    r"|\bno\s+(?:puedo|es\s+posible|se\s+puede)\s+(?:\w+\s+){0,1}?(?:decir|determinar|elegir|decidir|distinguir|saber)\b"
    r"|\b(?:unable|not\s+able|can(?:'|no)?t|can\s+not)\s+to\s+(?:analy[sz]e|interpret|assess|evaluate|read|review|examine)\b"
    r"|\bkann\s+keine\s+(?:\w+\s+)?(?:diagnosen?|befunde?|beurteilung)\b"
    r"|\bkann\s+(?:\w+\s+){0,4}?nicht\s+(?:\w+\s+){0,2}?(?:sagen|entscheiden|bestimmen|unterscheiden|beurteilen)\b"
    r"|\bne\s+(?:peux|puis|peut)\s+pas\s+(?:\w+\s+){0,1}?(?:dire|déterminer|choisir|décider|distinguer|savoir)\b"
    r"|\bnão\s+(?:consigo|posso|é\s+possível)\s+(?:\w+\s+){0,1}?(?:dizer|determinar|escolher|decidir|distinguir)\b)"
    r"|难以判断|難以判斷|难以确定|難以確定|无法判断|無法判斷|无法确定|無法確定|不能确定|不能確定|无法区分|无法选择|判断できません|判断できない|特定できません"
)
#: a negation or a question in the clause before a stated answer ("I would not say that C is
#: correct", "I don't think the answer is B", "whether B is correct"): the clause states nothing
_CLAUSE_NEGATION = re.compile(
    r"(?<!" + _LW + r")(?i:not|never|cannot|unable|impossible|whether|nor|no\s+puedo|ni\s++(?:\w+\s++){0,3}?ni|nicht|kein\w{0,3}|ne|pas|"
    r"non|não|nunca|jamais|niemals|ob)(?!" + _LW + r")|(?i:n't)(?!" + _LW + r")|不是|不能|不|无法|無法|没有|沒有|ない|ません"
)
_CLAUSE_START = re.compile(
    r"[.;!?\n,。；！？，、]|\s-+\s|(?<!" + _LW + r")(?i:but|however|although|though|yet|aber|pero|mais|mas|ma|но)(?!" + _LW + r")|但是|但|不过|不過|しかし|ですが"
)
_NOT_NEGATION = re.compile(r"(?i)\b(?:no\s+doubt|without\s+(?:a\s+)?doubt|not\s+only|no\s+question)\b")
_LABEL_LINE = re.compile(r"(?m)^[ \t>*\-•#|]*[^\W\d_][^\n:：]{1,40}?[ \t]*[:：][ \t]*(?=\S)")
_BARE_LINE = re.compile(
    r"(?m)^[ \t>*\-•#|" + _OPENERS + r"]*+(?:(?i:option|choice|letter)\s++[" + _OPENERS + r"]*+)?([A-Za-z])[ \t.!。|" + _CLOSERS + r"]*+$"
)
_MULTI_AFTER = re.compile(
    r"^\s*+(?:,|/|&|\+|还是|或者|或|和|与|與|及|跟|または|か|와|과|(?i:and|or|y|et|und|oder|ou|e|o|und/oder|en|of|или|и|ve|veya|"
    r"hoặc|và|atau|dan|oraz|lub|albo|ή|και|या|और|أو|و)(?![\w]))\s*+(?i:option\s++)?[" + _OPENERS + r"]*+\s*+([A-Z])(?!" + _LW + r")"
)
_LEAD_MULTI = re.compile(
    r"^\W*+(?i:(?:both|either|options?)\s+)?[" + _OPENERS + r"]*([A-Z])[" + _CLOSERS + r"]*"
    r"(?:\s*(?:,|/|&|\+|(?i:and|or))\s*[" + _OPENERS + r"]*([A-Z])[" + _CLOSERS + r"]*)+(?![\w])"
)
_PRONOUN_LEAD = re.compile(
    r"^\s*I\s+(?:think|believe|guess|feel|suppose|would\s+say)\s+(?:that\s+)?(?:it\s+is\s+|it's\s+|the\s+answer\s+is\s+)?"
)
#: what follows "<label>:" on a line that states a short answer ("Answer: (B).")
_SHORT_SLOT = re.compile(r"[" + _OPENERS + r"]*+\s*+\S{1,6}?\s*+[" + _CLOSERS + r"]*+[.!。]?")
#: a boxed value, marked by _unwrap_latex
_BOXED = re.compile("\x02([^\x02\x03]*)\x03")
_NOT_ONLY_REPLY = re.compile(r"^\W*(?i:(?:definitely|certainly|absolutely|clearly|surely)\s+)?(?i:not)(?:\s+(?i:at\s+all))?\W*$")
#: tags of the reasoning blocks a reply may carry before its answer
REASONING_TAGS = ("think", "thinking", "reasoning", "reflection")
_CONTRAST = re.compile(r"(?i)\b(?:but|however|although|though|nevertheless|that\s+said)\b[,:]?\s*")
_NEGATION = re.compile(
    r"(?i)\b(?:not|no|isn't|aren't|never|rather\s+than|instead\s+of|rules?\s+out|ruled\s+out|excludes?|excluded|excluding|unlike|except)"
    r"(?:\s+[^\s,;:.!?]+){0,3}\s+$"
)
_SENTENCE_END = re.compile(r"[.!?;\n。！？]")
_JSON_KEYS = frozenset({"choice", "choices", "option", "selectedoption", "selectedoptions", "selectedchoice", "selection", "selections",
                        "prediction", "label", "result", "letter", "answers"})



def normalize_text(text: str | None) -> str:
    """Unicode-normalise a model response for matching.

    NFKC maps full-width forms ("Ｂ", "：", "（") to ASCII; zero-width characters and soft
    hyphens are dropped; curly quotes and dashes become ASCII. Case is kept (letters matter).
    ``None`` becomes "".
    """
    if not text:
        return ""
    t = unicodedata.normalize("NFKC", text).translate(_ZERO_WIDTH).translate(_QUOTES)
    return t.strip()


def is_truncated(stop_reason: str | None) -> bool:
    """True when a reply was cut by a length limit (stop reason ``max_tokens`` or ``model_length``)."""
    return str(stop_reason or "") in TRUNCATION_STOP_REASONS


@dataclass(frozen=True)
class Extraction:
    """Result of extracting an answer.

    Attributes:
        answer: the letter ("A".."Z"), or "yes"/"no" for yes/no questions; None if no answer.
        layer: which layer decided: ``json``, ``leading``, ``marker``, ``label``, ``line``,
            ``boxed``, ``verdict``, ``choose``, ``correction``, ``hedged``, ``option_text``,
            ``yes_no_word``; for no answer ``multiple``, ``refusal``, ``truncated`` or ``none``.
        reason: short human-readable explanation (shown in the log).
        status: ``answer``, ``unparseable`` (nothing or several answers), ``refusal`` (declines
            or says it cannot tell) or ``truncated`` (cut by the token limit before an answer).
            Defaults from ``answer``.
    """

    answer: str | None
    layer: str
    reason: str
    status: str = ""

    def __post_init__(self) -> None:
        if not self.status:
            object.__setattr__(self, "status", ANSWER if self.answer is not None else UNPARSEABLE)

    @property
    def parsed(self) -> bool:
        return self.answer is not None


def parse_options(options: str | Mapping[str, str] | list[str] | None) -> dict[str, str]:
    """Options as an ordered {letter: text} dict.

    Accepts a mapping, a list of "A:text" strings (or plain texts, lettered A, B, ...), or one
    string "A:scalp, B:ear, C:upper extremity" (the CARES `options` field; option texts may
    themselves contain ", " as in OL3I "A: Yes, there are visual indicators, B: No, ...").

    Raises:
        ValueError: if a string is given that contains no "X:" option label.
    """
    if options is None:
        return {}
    if isinstance(options, Mapping):
        return {str(k).strip().upper(): str(v).strip() for k, v in options.items()}
    if isinstance(options, str):
        s = normalize_text(options).strip().strip("[]")
        # each "X:" label (at the start or after a comma) starts an option that runs to the next label
        labels = list(re.finditer(r"(?:^|,)\s*+([A-Z])\s*+:", s))
        if not labels:
            raise ValueError(f"options string has no 'X:' labels: {options!r}")
        ends = [m.start() for m in labels[1:]] + [len(s)]
        return {m.group(1): s[m.end(): end].strip() for m, end in zip(labels, ends)}
    out: dict[str, str] = {}
    for i, item in enumerate(options):
        m = re.match(r"^\s*+([A-Z])\s*+:\s*+(.*)$", str(item), flags=re.DOTALL)
        if m:
            out[m.group(1)] = m.group(2).strip()
        else:
            out[chr(ord("A") + i)] = str(item).strip()
    return out


def _word_pattern(phrase: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in re.findall(r"\w+|[^\w\s]", phrase.lower())]
    return re.compile(r"(?<!\w)" + r"\W*".join(words) + r"(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=512)
def _option_pattern(text: str) -> re.Pattern[str]:
    """Whole-word pattern of an option text and its other forms: plurals and singulars
    ("nevus"/"nevi", "keratosis"/"keratoses", "ear"/"ears"), British and American spellings
    ("haematoma"), word synonyms ("extremity"/"limb") and whole-option synonyms and
    abbreviations ("upper extremity"/"arm", "nevus"/"mole", "basal cell carcinoma"/"BCC")."""
    words = re.findall(r"\w+|[^\w\s]", text.lower())
    parts = []
    for w in words:
        forms = {w}
        for syn in lex.WORD_SYNONYMS.get(w, ()):
            forms.add(syn)
        forms = {f for x in forms for f in _word_forms(x)}
        parts.append("(?:" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True)) + ")")
    alts = [r"\W*".join(parts)]
    if len(parts) > 1 and words[-1] in lex.HEAD_NOUNS:
        alts.append(r"\W*".join(parts[:-1]))  # "the thyroid" names "Thyroid gland"
    key = " ".join(words)
    names = set(lex.PHRASE_SYNONYMS.get(key, ()))
    spaced = " ".join(re.findall(r"\w+", key))
    for long, short in lex.ABBREVIATIONS:
        long_words = " ".join(re.findall(r"\w+", long))
        if re.search(r"\b" + re.escape(long_words) + r"\b", spaced):
            names.add(re.sub(r"\b" + re.escape(long_words) + r"\b", short, spaced))
    for group in lex.SYNONYM_GROUPS:
        if key in group or " ".join(re.findall(r"\w+", key)) in group:
            names |= set(group) - {key}
    for syn in sorted(names):
        alts.append(r"\W*".join(re.escape(x) for x in re.findall(r"\w+|[^\w\s]", syn)))
    return re.compile(r"(?<!\w)(?:" + "|".join(alts) + r")(?!\w)", re.IGNORECASE)


def _word_forms(w: str) -> set[str]:
    """A word, its English plural or singular, and its other spellings (lower case)."""
    if not w.isalpha() or len(w) < 3:
        return {w}
    forms = {w}
    if w.endswith("us"):
        forms |= {w[:-2] + "i", w + "es"}            # nevus -> nevi
    elif w.endswith("is"):
        forms.add(w[:-2] + "es")                     # keratosis -> keratoses
    elif w.endswith("y") and w[-2] not in "aeiou":
        forms.add(w[:-1] + "ies")
    elif w.endswith("a"):
        forms |= {w + "s", w + "e", w + "ta"}        # carcinoma -> carcinomas, carcinomata
    elif w.endswith(("s", "x", "ch", "sh")):
        forms.add(w + "es")
    else:
        forms.add(w + "s")
    if w.endswith("i"):
        forms.add(w[:-1] + "us")                     # nevi -> nevus
    if w.endswith("es") and len(w) > 4:
        forms |= {w[:-2], w[:-2] + "is"}
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        forms.add(w[:-1])
    for a, b in lex.SPELLINGS:
        forms |= {f.replace(a, b) for f in forms} | {f.replace(b, a) for f in forms if a not in f}
    return forms


def _yes_no_word(word: str) -> str:
    return "yes" if word.lower() in _YES_ALL else "no"


def _yes_no_of(text: str) -> str | None:
    """'yes'/'no' if the text starts with that word (used for option texts and gold answers)."""
    m = re.match(r"^\s*+[\-\*•>#\"']*+\s*+(yes|no)\b", normalize_text(text), re.IGNORECASE)
    return m.group(1).lower() if m else None


def refusal_phrase(text: str | None) -> str | None:
    """Evidence id of the refusal or "cannot tell" hedge that makes ``text`` a non-answer
    ("en.unknown.cannot_determine" ...), or None.

    The one refusal detector of medtrust (:func:`medtrust.judges.refusal.detect_abstention` and
    :func:`~medtrust.judges.refusal.is_refusal`, 13 languages), except that "X is not visible"
    states a finding when an answer is read, not a refusal. Called only when no answer was stated.
    """
    from medtrust.judges.refusal import detect_abstention, is_refusal

    t = re.sub(r"\s+", " ", normalize_text(text))
    v = detect_abstention(t)
    if "not_visible" in (v.matched or v.rule or ""):
        return None
    if v.abstained:
        return v.matched or v.rule
    # no answer was found: a reply that declines to look ("I can't view images. However, in
    # general ...") is a refusal even when general help follows
    return v.rule if is_refusal(t) else None


# --- preparation -----------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _reasoning_tag(tags: tuple[str, ...]) -> re.Pattern[str]:
    # one tag, open (<think>) or close (</think >); no run can hold a "<", so each scan is short
    return re.compile(r"<(/?)(" + "|".join(map(re.escape, tags)) + r")(\s*+)>", re.IGNORECASE)


def strip_reasoning(t: str, tags: tuple[str, ...] = REASONING_TAGS) -> tuple[str, bool]:
    """(text without reasoning blocks, True when the reply ends inside an open block).

    Closed ``<think>...</think>`` blocks (any of ``tags``; an open tag pairs with the nearest
    close of the same name after it) are removed; a lone close means a chat template opened the
    block in the prompt, so everything before it is reasoning; a lone open means the reply was
    cut inside its reasoning (what follows it is dropped). One pass over the tags: linear time."""
    found = [(m.start(), m.end(), bool(m.group(1)), m.group(2).lower(), bool(m.group(3)))
             for m in _reasoning_tag(tags).finditer(t)]
    if not found:
        return t, False
    closes: dict[str, list[int]] = {}
    for i, (_, _, is_close, name, _) in enumerate(found):
        if is_close:
            closes.setdefault(name, []).append(i)
    nxt = dict.fromkeys(closes, 0)  # per tag, the first close not yet passed
    kept: list[str] = []
    remaining: list[tuple[int, bool]] = []  # (offset in the output, is_close) of unpaired tags
    pos = i = 0
    out_len = 0
    while i < len(found):
        start, end, is_close, name, spaced = found[i]
        if start < pos:
            i += 1
            continue
        lst = closes.get(name, [])
        while not is_close and not spaced and nxt.get(name, 0) < len(lst) and lst[nxt[name]] <= i:
            nxt[name] += 1
        if not is_close and not spaced and nxt.get(name, 0) < len(lst):
            j = lst[nxt[name]]
            kept.append(t[pos:start] + " ")
            out_len += start - pos + 1
            pos = found[j][1]
            i = j + 1
            continue
        if is_close or not spaced:
            kept.append(t[pos:start])
            out_len += start - pos
            remaining.append((out_len, is_close))
            kept.append(t[start:end])
            out_len += end - start
            pos = end
        i += 1
    kept.append(t[pos:])
    out = "".join(kept)
    # offsets of the unpaired tags in ``out``: a lone close cuts what precedes it, a lone open what follows
    last_close = max((o for o, c in remaining if c), default=None)
    if last_close is not None:
        tag_end = out.index(">", last_close) + 1
        out = out[tag_end:]
        remaining = [(o - tag_end, c) for o, c in remaining if o >= tag_end]
    opens = [o for o, c in remaining if not c]
    if opens:
        return out[: opens[0]], True
    return out, False


def _unwrap_latex(t: str) -> str:
    for _ in range(3):
        t = re.sub(r"\\(?:text|textbf|textit|mathrm|mathbf|mbox|operatorname)\s*\{([^{}]*)\}", r"\1", t)
    # a boxed value becomes \x02value\x03 so it is read as a stated answer
    t = re.sub(r"\\boxed\s*+\{((?:[^{}]|\{[^{}]{0,200}\}){0,400})\}", lambda m: "\x02" + m.group(1).strip() + "\x03", t)
    t = re.sub(r"\\[()\[\]]", " ", t)
    return t.replace("$", "")


def _strip_markdown(t: str) -> str:
    t = re.sub(r"~~[^~\n]{0,300}~~", " ", t)  # struck-through text is withdrawn ("~~A. Pneumonia~~")
    t = re.sub(r"\*\*|__|`+", "", t)
    t = re.sub(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])", r"\1", t)
    t = re.sub(r"(?<![\w])_(\w)_(?![\w])", r"\1", t)
    t = re.sub(r"(?m)^[ \t]*#{1,6}[ \t]*", "", t)
    return re.sub(r"(?m)^[ \t]*>[ \t]?", "", t)


# --- readings ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Reading:
    answer: str | None
    multiple: bool = False


class _Question:
    """The question being answered: option letters and texts, or a yes/no question."""

    def __init__(self, options: Mapping[str, str] | None):
        self.options = dict(options or {})
        self.letters = set(self.options)
        yn = {_yes_no_of(v): k for k, v in self.options.items() if _yes_no_of(v)}
        # options whose texts start with yes / no take yes/no answers
        self.yes_no_map: dict[str, str] = yn if set(yn) == {"yes", "no"} else {}
        self.yes_no = not self.options
        self.subject: str | None = None  # the finding a yes/no question asks about (extract_yes_no)

    def yes_no_answer(self, word: str) -> str | None:
        yn = _yes_no_word(word)
        if self.yes_no:
            return yn
        return self.yes_no_map.get(yn)


# what may follow a letter that opens a reply: punctuation, a line end, a conjunction or copula,
# a CJK character ("C是正确的")
_STRICT_FOLLOW = re.compile(
    r"^\s*+(?:[:.,;!?。．：/&+\-、，]|$)|^\s++(?i:and|or|is|ist|est|es|é|è|because|since|\()(?!" + _LW + r")|^[" + lex.CJK + r"]"
)


def _letter_at(s: str, q: _Question, *, strict_lead: bool = False) -> tuple[_Reading | None, int]:
    """Read a letter at the start of ``s`` (after brackets/quotes/"Option").

    Returns (reading or None, end offset). None when the start is no letter, an article or a
    pronoun, or a letter not offered. ``strict_lead``: without a closing bracket, the letter
    must be followed by punctuation, a line end or a conjunction (reply-start rule).
    """
    m = re.match(
        r"^[\s" + _OPENERS + r"]*+(?i:(?:" + lex.OPTION_WORDS + r")\s*+)?[" + _OPENERS + r"]*+\s*+([A-Za-z])(?!" + _LW + r")([" + _CLOSERS + r"]*)",
        s,
    )
    if not m:
        return None, 0
    letter, closers = m.group(1), m.group(2)
    rest = s[m.end():]
    if not closers:
        if rest.startswith("'") and re.match(r"'[a-z]", rest):  # I'd, I'm
            return None, 0
        nxt = re.match(r"^[ \t]+([a-z][\w'-]*)", rest)
        if nxt and (letter.islower() or letter in "AI") and nxt.group(1) not in _LETTER_FOLLOWERS:
            return None, 0  # article "a"/"A" or pronoun "I" before a word
        if strict_lead and not _STRICT_FOLLOW.match(rest):
            return None, 0
    if _ELIMINATED_AFTER.match(rest):
        return None, 0  # "A is ruled out": an eliminated option, not an answer
    up = letter.upper()
    if up not in q.letters:
        return None, 0
    more = _MULTI_AFTER.match(rest)
    if more and more.group(1) in q.letters and more.group(1) != up:
        after = rest[more.end():]
        if not (more.group(1) in "AI" and re.match(r"^[ \t]+[a-z]", after) and not re.match(r"^[ \t]+(?:and|or|is)\b", after)):
            return _Reading(None, multiple=True), m.end()
    return _Reading(up), m.end()


def _yes_no_at(s: str, q: _Question) -> _Reading | None:
    m = re.match(r"^[\s\"'(\[*]*", s)
    s2 = s[m.end():] if m else s
    w = _YN_WORD.match(s2)
    if not w:
        return None
    word = w.group(1) or w.group(2)
    after = s2[w.end():]
    if _NOT_AN_ANSWER_AFTER.match(after):
        return None  # "Tidak tahu." (I don't know), "No sé", "No way to tell", "No image was provided"
    both = re.match(r"^\s*+(?:and|or|/)\s*+(\w+)", after, re.IGNORECASE)
    if both and _YN_WORD.fullmatch(both.group(1)) and _yes_no_word(both.group(1)) != _yes_no_word(word):
        if re.match(r"^[\s)\]]*+[:：=]", after[both.end():]):
            return None  # "Yes/No: No" echoes the question's label; the answer follows it
        return _Reading(None, multiple=True)
    ans = q.yes_no_answer(word)
    return _Reading(ans) if ans else None


#: what follows a leading no-word when it opens "I don't know" or a remark, not an answer
_NOT_AN_ANSWER_AFTER = re.compile(
    r"^\s*+(?i:tahu|biết|sé|so\b|sei\b|wiem|jestem\s+pew|es\s+posible|posso|puedo|way\s+to|image\b|images\b|problem|"
    r"doubt|idea|clue|comment|se\s+puede|è\s+possibile|é\s+possível|lo\s+s[ée])"
)


# an article before an option letter: "es la B", "ist die C", "c'est la D", "o B"
_ARTICLE = re.compile(r"^(?:(?i:la|el|le|l'|die|der|das|den|lo|il)\s*+|[ao]\s++)(?=[(\[]?[A-Z](?!" + _LW + r"))")


def _read_slot(s: str, q: _Question, *, texts: bool = True) -> _Reading | None:
    """Read the answer that starts ``s`` (text after a marker, a JSON value, a boxed value)."""
    s = s.lstrip()
    p = _PRONOUN_LEAD.match(s)
    if p:
        s = s[p.end():]
    if re.match(r"(?i)^(?:not|never)\b", s):
        return None
    art = _ARTICLE.match(s)
    if art and not q.yes_no:
        s = s[art.end():]
    if not q.yes_no:
        r, _ = _letter_at(s, q)
        if r is not None:
            return r
    r = _yes_no_at(s, q)
    if r is not None:
        return r
    if texts and q.options and not q.yes_no_map:
        end = _SENTENCE_END.search(s)
        hit = _option_text(s[: end.start()] if end else s, q, partial=False)
        if hit:
            return _Reading(hit)
    return None


def _option_text(t: str, q: _Question, *, partial: bool = True, set_aside: frozenset[str] = frozenset()) -> str | None:
    """The one option whose text occurs as whole words, not negated; None when none or several.
    With ``partial`` (the whole reply, not a slot after a marker), an option may also be named by
    part of its text (:func:`_short_option_words`, :func:`_distinctive_words`). Options in
    ``set_aside`` (their letter discussed, rejected or excluded: :func:`_set_aside_letters`) and a
    text followed by an elimination ("(MRI) is less likely") are not read."""
    hits: set[str] = set()
    for k, v in q.options.items():
        if not v:
            continue
        if k in set_aside:
            continue
        for m in _option_pattern(v).finditer(t):
            before = t[max(0, m.start() - 80): m.start()]
            clause = re.split(r"[,;:.!?\n]|\bbut\b", before)[-1]
            after = re.sub(r"^[\s)\]]*+", "", t[m.end(): m.end() + 120])
            if not _NEGATION.search(clause + " ") and not _ELIMINATED_AFTER.match(after):
                hits.add(k)
                break
    keep = [k for k in hits if not any(k != o and _option_pattern(q.options[k]).search(q.options[o]) for o in hits)]
    if not hits and partial:
        part = _short_option_words(t, q) or _distinctive_words(t, q)
        return None if part in set_aside else part
    return keep[0] if len(keep) == 1 else None


#: words that keep a reply from naming an option by part of its text: negations, exclusions,
#: alternatives and hypotheticals ("I'd rule out ultrasound.", "A subdural hematoma would be ...")
_PARTIAL_BLOCKERS = re.compile(
    r"(?i)\b(?:no|not|never|none|rule[sd]?\s+out|ruling\s+out|exclude[sd]?|excluding|without|unlikely|cannot|can't|"
    r"isn't|aren't|wouldn't|doesn't|don't|or|nor|neither|versus|vs|unless|if|would|could|might|typically|usually|"
    r"generally|classically|whereas|while|instead|rather)\b"
)
_PLAIN_WORDS = frozenset("with without from into that this there these those image images shows show finding findings "
                         "sign signs pattern type than more less both".split())


def _distinctive_words(t: str, q: _Question) -> str | None:
    """The one option every word of which that no other option has (four letters or more) occurs
    in one sentence of the reply, not negated: "The tumour is poorly differentiated" names "Poorly
    differentiated carcinoma" against "Well differentiated carcinoma"; "a consolidation in the
    right upper lobe" names "Right upper lobe consolidation". None when no option or several do."""
    words = {k: [w for w in re.findall(r"[^\W\d_]+", v.lower()) if len(w) >= 4 and w not in _PLAIN_WORDS]
             for k, v in q.options.items() if v}
    forms = {k: {f for w in ws for f in _word_forms(w)} for k, ws in words.items()}
    own = {k: [w for w in ws if not any(w in forms[o] for o in forms if o != k)] for k, ws in words.items()}
    named = set()
    sentences = re.split(r"[.;!?\n。！？]", t)[:400]
    for k, ws in own.items():
        if not ws:
            continue
        for sentence in sentences:
            if _PARTIAL_BLOCKERS.search(sentence):
                continue  # a contrast, a hypothetical or a negation: no naming by part
            spots = [_option_pattern(w).search(sentence) for w in ws]
            if all(spots):
                first = min(m.start() for m in spots if m)
                if not _NEGATION.search(re.split(r"[,:]", sentence[max(0, first - 80): first])[-1] + " "):
                    named.add(k)
                    break
    return named.pop() if len(named) == 1 else None


#: a reply of at most this many words may name an option by part of its text ("epidural haematoma")
SHORT_REPLY_WORDS = 8


def _short_option_words(t: str, q: _Question) -> str | None:
    """A short reply (at most :data:`SHORT_REPLY_WORDS` words, no negation, no "or") that holds a
    word (four letters or more) only one option's text has: "epidural haematoma" or "a subdural
    collection" for "Biconvex epidural hematoma" against "Crescent-shaped subdural hematoma".
    Word forms and spellings as :func:`_word_forms`; None otherwise."""
    words = re.findall(r"[^\W\d_]+", t.lower())
    if not words or len(words) > SHORT_REPLY_WORDS or _PARTIAL_BLOCKERS.search(t):
        return None
    forms = {k: {f for w in re.findall(r"[^\W\d_]+", v.lower()) for x in (w, *lex.WORD_SYNONYMS.get(w, ()))
                 for f in _word_forms(x)} for k, v in q.options.items() if v}
    own = [k for k in forms if any(len(w) >= 4 and w in forms[k] and not any(w in f for o, f in forms.items() if o != k)
                                   for w in words)
           and all(w in forms[k] for w in words if len(w) >= 4 and any(w in f for f in forms.values()))]
    return own[0] if len(own) == 1 else None


def _explicit_hits(t: str, q: _Question) -> list[tuple[int, str, _Reading]]:
    """Stated answers with their position: (offset, layer, reading)."""
    hits: list[tuple[int, str, _Reading]] = []
    # leading answer
    lead = t.lstrip(" \t\n>*-•#|")
    off = len(t) - len(lead)
    if not q.yes_no:
        lm = _LEAD_MULTI.match(lead)
        if lm and len({g for g in lm.groups() if g} & q.letters) >= 2:
            if not _ELIMINATED_AFTER.match(lead[lm.end(): lm.end() + 200]):
                hits.append((off, "leading", _Reading(None, multiple=True)))
            # else "A, B and D are ruled out": an elimination, read by the elimination layer
        else:
            r, _ = _letter_at(lead, q, strict_lead=True)
            if r is not None:
                hits.append((off, "leading", r))
    if not hits and (q.yes_no or q.yes_no_map):
        r = _yes_no_at(lead, q)
        if r is None and _NOT_ONLY_REPLY.match(lead):
            r = _Reading(q.yes_no_answer("no"))
        if r is not None and (r.answer or r.multiple):
            hits.append((off, "leading", r))
    # every later layer: only its last stated answer can win (the last answer in the reply wins), so
    # each walks its matches from the end and stops at the first that reads, trying at most
    # MAX_CANDIDATES: a reply with 20,000 markers costs a bounded number of readings
    def last(layer: str, matches: list[re.Match[str]], read: Any) -> None:
        for m in reversed(matches[-MAX_CANDIDATES:]):
            r = read(m)
            if r is not None:
                hits.append((m.start(), layer, r))
                return

    def marker(m: re.Match[str]) -> _Reading | None:
        if _negated_clause(t, m.start()):
            return None  # "I don't think the answer is B"
        pos, n = m.end(), 0
        while n < 5:
            c = _CONNECT.match(t, pos)
            if not c or c.end() == pos:
                break
            pos, n = c.end(), n + 1
        if n == 0:
            return None  # "Choice C would ..." is a mention, not a marker
        return _read_slot(t[pos: pos + 300], q)

    def label(m: re.Match[str]) -> _Reading | None:
        line_rest = t[m.end(): m.end() + 200].split("\n", 1)[0]
        if _SHORT_SLOT.fullmatch(line_rest.strip()):
            return _read_slot(line_rest, q, texts=False)
        return None

    def verdict(m: re.Match[str]) -> _Reading | None:
        if m.group(1) in q.letters and not _negated_clause(t, m.start()):
            return _Reading(m.group(1))
        return None

    def choose(m: re.Match[str]) -> _Reading | None:
        if _negated_clause(t, m.start()):
            return None
        return _letter_at(t[m.end(): m.end() + 200], q)[0]

    def hedged(m: re.Match[str]) -> _Reading | None:
        if _negated_clause(t, m.start()):
            return None
        return _read_slot(t[m.end(): m.end() + 200], q, texts=False)

    last("marker", list(_ANSWER_WORD.finditer(t)), marker)
    # "<label>: X" lines and lines holding only a letter
    last("label", list(_LABEL_LINE.finditer(t)), label)
    if not q.yes_no:
        items = [m for m in _OPTION_LINE.finditer(t) if m.group(1) in q.letters][:MAX_CANDIDATES]
        if len({m.group(1) for m in items}) > 1:
            # the options restated ("A: CT\nB: MRI") or one list item per option ("- A. Melanoma: ...",
            # "- B. Nevus: ..."): an analysis, not an answer; a later stated answer ("Answer: B") still wins
            hits.append((items[-1].start(), "line", _Reading(None, multiple=True)))
        bare = list(_BARE_LINE.finditer(t))
        bare_letters = {m.group(1).upper() for m in bare[-MAX_CANDIDATES:]} & q.letters
        if len(bare_letters) > 1 and len(bare) == sum(1 for ln in t.split("\n") if ln.strip()):
            hits.append((bare[-1].start(), "line", _Reading(None, multiple=True)))  # "A\nB\nC\nD": a list, no answer
        else:
            last("line", bare, lambda m: _Reading(m.group(1).upper()) if m.group(1).upper() in q.letters else None)
    # boxed values
    last("boxed", list(_BOXED.finditer(t)), lambda m: _read_slot(m.group(1), q))
    # verdicts and choices on a letter
    if not q.yes_no:
        last("verdict", list(_VERDICT.finditer(t)), verdict)
        last("choose", list(_CHOOSE.finditer(t)), choose)
    # hedged but committed answers and conclusions ("Probably C, although ...", "A is ruled out, so B")
    last("hedged", list(_HEDGED.finditer(t)), hedged)
    last("conclusion", list(_CONCLUSION.finditer(t)), hedged)
    # self-correction cues
    last("correction", list(_CUE.finditer(t)), lambda m: _read_slot(t[m.end(): m.end() + 200], q, texts=False))
    return hits


# a letter that may stand as an option letter in running text: bracketed ("(c)", "[B]"), after an
# option word ("option A", "optie A", "вариант B") or an arrow, or followed by punctuation, a line
# end, a bracket, a dash, a word of another script ("A입니다", "C है"), another letter ("A or D") or
# a verb ("B might fit"). Whether it is *stated* is decided by what stands before it (_POINTER).
_LETTER_MENTION = re.compile(
    r"(?<![\w'/])(?:([(\[])\s?([A-Za-z])\s?[)\]]"
    r"|(?:(?<=[>=])|(?<=[>=] ))([A-Z])(?!" + _LW + r")"
    r"|(?i:(?:" + lex.OPTION_WORDS + r"))[ \t]*+([A-Z])(?!" + _LW + r")"
    r"|([A-Z])(?=[ \t]*+(?:[.,;:!?)\]。，、！？\n]|$)|[ \t]++[-(]|[ \t]*+[^\x00-\u024f\s\d]|[" + lex.CJK + r"]"
    r"|[ \t]*+(?:[/&+]|(?i:or|and|vs\.?|versus|nor|und|oder|ou|et|o|y|e|en|of)(?=[ \t]))[ \t]*+[(\[]?[A-Z](?!" + _LW + r")"
    r"|[ \t]++(?:is|was|would|will|seems|appears|looks|matches|fits|because|since|might|may|could|can|should|if|only)(?![\w'])))"
)
#: what may stand right before a letter the reply states: a copula or "it's", a verb of choosing or
#: leaning, a preposition of direction, an option word, an arrow, a hedge; in the listed languages
#: the answer phrase's own copula. A letter after any other word ("hepatitis B", "vitamin D.",
#: "Plan A", "the arrow (A)", "Child-Pugh C") is a name, not an answer.
_POINTER = re.compile(
    r"(?:(?<![\w'])(?i:is|it's|it\s+is|be|am|are|was|say|said|pick|picks|picked|choose|chose|select|selected|answer|"
    r"answers|favou?rs?|favou?ring|prefer|prefers|towards?|with|like|suspect|guess|hunch|bet|probably|likely|on|"
    r"thought|think|argues?\s+for|go(?:ing)?\s+for|points?\s+to|suggests?|indicates?|je|är|er|on|это|"
    r"maybe|perhaps|possibly|presumably|then|so|thus|hence|therefore|go\s+for|lean|leaning|leans|think|believe|"
    r"option|choice|letter|answer|antwoord|optie|вариант|ответ|opción|opção|opzione|antwort|réponse|respuesta|resposta|"
    r"risposta|odpowiedź|cevap|jawaban|adalah|ialah|là|ni|jest|es|est|ist|è|é|la|el|le|die|der|das|il|lo|a|o|είναι|"
    r"هي|है|입니다|답은|정답은)|[→>=:*]|->|=>|[^\x00-\u024f\s\d])$"
)
#: what may stand between a pointer and its letter (stripped before _POINTER is tried)
_POINTER_GAP = " \t\n*_\"'“([\u3000"
#: frames in which a letter is discussed, not chosen: "Looking at option C", "If this were option B",
#: "Compared with option A", "In option D", "Let me explain option C"
_DISCUSSED_BEFORE = re.compile(
    r"(?<![\w'])(?i:look(?:ing)?\s+at|consider(?:ing)?|compared?\s+(?:with|to)|in|if(?:\s+\w+){0,3}|explain|about|"
    r"regarding|versus|vs\.?|whereas|while|unlike|discuss(?:ing)?)\s++(?i:(?:the\s+)?(?:option|choice|letter)\s++)?[(\[]?$"
)
#: words that exclude the letter after them: "neither A nor C", "not B", "except D", "rather than A",
#: "No es la B"; a list after them is excluded whole ("Neither A, B, nor C")
_EXCLUDED_BEFORE = re.compile(
    r"(?<!" + _LW + r")(?i:neither|nor|not|except|excluding|unlike|rather\s+than|instead\s+of|other\s+than|besides|"
    r"(?:rules?|ruled|ruling)\s+out|sauf|außer|ausser|no\s+es|nicht|niet|не|değil)\s*+"
    r"(?i:(?:option|choice|the|la|el|le|die|der|das|a|o)\s+)?[(\[]?"
    r"(?:[A-Z][)\]]?[ \t]*+(?:,|(?i:and|or|nor))[ \t]*+[(\[]?){0,4}$"
)
#: :func:`_sole_letter`'s reading when the reply names several option letters without excluding them
SEVERAL = "several"
_RANGE_AFTER = re.compile(r"^[ \t]*+(?:-|to|through|thru|bis|à|a|al|hasta)[ \t]*+[A-Z](?!" + _LW + r")")
_RANGE_BEFORE = re.compile(r"(?<!" + _LW + r")[A-Z][ \t]*+(?:-|to|through|thru|bis|à|a|al|hasta)[ \t]*+$")
#: a clause that goes on to reject what it named: "Option A would be my first thought, but ..."
_REJECTED_AFTER = re.compile(r"^[^.;!?\n]{0,120}?\b(?i:but|however)\b")


def _bracketed_text_matches(t: str, start: int, letter: str, q: _Question) -> bool:
    """Whether the words before a bracketed letter are that option's text ("MRI (B)", "a subdural
    hematoma (A)"): the bracket labels the option just named."""
    text = q.options.get(letter) or ""
    if not text:
        return False
    near = t[max(0, start - 120): start]
    if _option_pattern(text).search(near):
        return True
    others = " ".join(v for k, v in q.options.items() if k != letter).lower()
    own = [w for w in re.findall(r"[^\W\d_]{4,}", text.lower()) if not re.search(r"\b" + re.escape(w) + r"\b", others)]
    return any(_option_pattern(w).search(near[-40:]) for w in own)  # "a subdural hematoma (A)"


def _set_aside_letters(t: str, q: _Question) -> frozenset[str]:
    """Letters the reply discusses, rejects or excludes ("Let's consider option A.", "Option B
    (MRI) is less likely", "D would be wrong"): their option texts are not read as its answer."""
    out: set[str] = set()
    for m in list(_LETTER_MENTION.finditer(t))[-MAX_CANDIDATES:]:
        raw, before, after = _mention_context(t, m)
        letter = raw.upper()
        if letter not in q.letters or (m.group(5) and letter in "AI"):
            continue
        if (_ELIMINATED_AFTER.match(after) or _EXCLUDED_BEFORE.search(before) or _DISCUSSED_BEFORE.search(before)
                or _REJECTED_AFTER.match(after)):
            out.add(letter)
    return frozenset(out | _eliminated_letters(t, q))


def _mention_context(t: str, m: re.Match[str]) -> tuple[str, str, str]:
    """(the letter as written, up to 60 characters before it, up to 200 after it with a leading
    parenthesis dropped: "Option B (MRI) is less likely") for a :data:`_LETTER_MENTION` match."""
    letter = next(g for g in (m.group(2), m.group(3), m.group(4), m.group(5)) if g)
    after = re.sub(r"^[ \t]*+\([^()\n]{0,40}\)", "", t[m.end(): m.end() + 200])
    return letter, t[max(0, m.start() - 60): m.start()], after


def _sole_letter(t: str, q: _Question, *, strict: bool = False) -> str | None:
    """The one option letter the reply states in running text, when there is exactly one
    ("Not 100% sure, but I think it's A.", "The appearance favours A, though ...", "my hunch is
    (c)", "Neither A nor C. It's B.", "정답은 A입니다", "a subdural hematoma (A)"); :data:`SEVERAL`
    when it names two or more without excluding them ("It could be either B or C", "B might fit,
    or maybe C"); None when it states none.

    A letter is *stated* only after a pointer (:data:`_POINTER`: "it's", "favours", "toward",
    "option", an arrow ...) or in brackets right after its own option text; after any other word
    it is a name ("hepatitis B.", "vitamin D.", "the arrow (A)"). A letter is excluded when its
    clause negates or questions it (:func:`_negated_clause`), an elimination follows it ("C would
    not be my first choice", "Option B (MRI) is less likely"), an excluding word stands before it
    ("neither A, B, nor C", "not B", "No es la B"), it is discussed ("Looking at option C",
    "If this were option B"), its clause goes on with "but"/"however", or a question mark ends its
    sentence. A range ("any of A-D") names several. ``strict`` (after a refusal): an option word
    alone is no pointer. Work is bounded: the last :data:`MAX_CANDIDATES` mentions are read."""
    stated: set[str] = set()
    named: set[str] = set()
    eliminated = _eliminated_letters(t, q)
    for m in list(_LETTER_MENTION.finditer(t))[-MAX_CANDIDATES:]:
        letter, before, after = _mention_context(t, m)
        up = letter.upper()
        if up not in q.letters or (letter.islower() and not m.group(1)):
            continue
        nxt = re.match(r"[ \t]+([a-z][\w'-]*)", t[m.end(): m.end() + 40])
        if m.group(5) and letter in "AI" and nxt and nxt.group(1) not in _LETTER_FOLLOWERS:
            continue  # an article or pronoun before a word
        if _RANGE_AFTER.match(after[:20]) or _RANGE_BEFORE.search(before[-20:]):
            return SEVERAL  # "any of A-D": a range names several options
        joined = _MULTI_AFTER.match(after[:60])
        if joined and joined.group(1) in q.letters and not _EXCLUDED_BEFORE.search(before):
            named |= {up, joined.group(1)}  # "A or D", "B if T2-weighted, otherwise A"
        if (_ELIMINATED_AFTER.match(after) or _EXCLUDED_BEFORE.search(before) or up in eliminated
                or _negated_clause(t, m.start()) or _DISCUSSED_BEFORE.search(before)):
            continue
        end = _SENTENCE_END.search(t, m.end())
        if end and end.group(0) in "?？":
            continue  # "Is it B?" asks, it does not answer
        named.add(up)
        if _REJECTED_AFTER.match(after):
            continue  # "Option A would be my first thought, but ... argues against it"
        pointer = _POINTER.search(before[-30:].rstrip(_POINTER_GAP))
        if strict and (m.group(4) or re.search(r"(?i)(?:option|choice|letter)\W*$", before)):
            pointer = None  # after a refusal, "However, option B is often used ..." states nothing
        elif m.group(4):
            pointer = True  # "option B", "вариант B"
        if m.group(1) and _bracketed_text_matches(t, m.start(), up, q):
            pointer = True
        lead = before.rstrip(_POINTER_GAP.replace("\n", ""))
        at_start = not strict and (not lead.strip() or lead.endswith((".", "!", ":", "\n")))
        if m.group(3) or pointer or at_start:
            stated.add(up)  # after an arrow, a pointer, or at the start of a sentence or line
    if len(named | stated) > 1:
        return SEVERAL
    return stated.pop() if len(stated) == 1 and not (named - stated) else None


#: a line that restates an option: "A: CT", "(B) MRI", "C. Ultrasound"
_OPTION_LINE = re.compile(r"(?m)^[ \t>*\-•]*+[(\[]?([A-Z])[)\].:][ \t]*+([^\n]{0,200})$")


def _negated_clause(t: str, pos: int) -> bool:
    """Whether the clause that ends at ``pos`` negates or questions what follows it ("I would not
    say that", "I don't think", "whether", "ich glaube nicht", "不是"). The clause runs back to
    the last sentence or clause mark or contrast word, at most 160 characters."""
    before = t[max(0, pos - 160): pos]
    starts = list(_CLAUSE_START.finditer(before))
    clause = before[starts[-1].end():] if starts else before
    return _CLAUSE_NEGATION.search(_NOT_NEGATION.sub(" ", clause)) is not None


def _weak(t: str, q: _Question) -> tuple[str | None, str, str]:
    """Option-text and yes/no-word layers: (answer, layer, reason)."""
    if q.options and not q.yes_no_map:
        hit = _option_text(t, q, set_aside=_set_aside_letters(t, q))
        if hit:
            return hit, "option_text", f"only option {hit}'s text occurs"
    if q.yes_no or q.yes_no_map:
        y, n = bool(_YES_EN.search(t)), bool(_NO_EN.search(t))
        if y != n:
            word = "yes" if y else "no"
            ans = q.yes_no_answer(word)
            if ans:
                return ans, "yes_no_word", f"only the word '{word}' occurs"
        if y and n:
            return None, "none", "both 'yes' and 'no' occur without a stated answer"
    return None, "none", "no option letter, option text or yes/no word found"


def _extract(response: str | None, q: _Question, stop_reason: str | None) -> Extraction:
    truncated = is_truncated(stop_reason)
    t = normalize_text(response)
    if not t:
        if truncated:
            return Extraction(None, "truncated", "empty reply cut by the token limit", TRUNCATED)
        return Extraction(None, "none", "empty response")
    t, open_block = strip_reasoning(t)
    if open_block and truncated:
        return Extraction(None, "truncated", "cut by the token limit inside a reasoning block", TRUNCATED)
    j = _json_answer(t, q)
    if j is not None:
        if j.multiple:
            return Extraction(None, "multiple", "the JSON answer holds several options")
        if j.answer:
            return Extraction(j.answer, "json", "answer field of a JSON reply")
    if len(t) > WINDOW_HEAD + WINDOW_TAIL:
        # bounded work: a very long reply is read at its opening and its end, where answers stand
        t = t[:WINDOW_HEAD] + "\n\n" + t[-WINDOW_TAIL:]
    t = _ordinals(_answer_tags(_strip_markdown(_unwrap_latex(_latin_letters(t)))), q).strip()
    if not t:
        return Extraction(None, "none", "the reply holds only a reasoning block")
    hits = _explicit_hits(t, q)
    if hits:
        pos, layer, r = max(hits, key=lambda h: h[0])
        if r.multiple:
            return Extraction(None, "multiple", f"several options stated together ({layer})")
        return Extraction(r.answer, layer, f"last stated answer ({layer})")
    flat = re.sub(r"\s+", " ", t.replace("\x02", " ").replace("\x03", " "))
    if not q.yes_no:
        left = _eliminated_to_one(flat, q)
        if left:
            return Extraction(left, "elimination", "every other option is ruled out")
    undecided = _UNDECIDED.search(flat)
    ref = refusal_phrase(flat) or (f"cannot decide: {undecided.group(0)!r}" if undecided else None)
    if ref:
        rest = _CONTRAST.search(flat)
        if rest and not refusal_phrase(flat[rest.end():]) and not truncated:
            after = flat[rest.end():]
            sole = None if q.yes_no else _sole_letter(after, q, strict=True)
            if sole and sole != SEVERAL:
                return Extraction(sole, "hedged", f"answer after a hedge ({ref}) and a contrast (sole_letter)")
            ans, layer, _ = _weak(after, q)
            if ans:
                return Extraction(ans, "hedged", f"answer after a hedge ({ref}) and a contrast ({layer})")
        return Extraction(None, "refusal", f"the reply declines or cannot tell ({ref})", REFUSAL)
    if not q.yes_no and not truncated:
        sole = _sole_letter(t, q)
        if sole == SEVERAL:
            return Extraction(None, "multiple", "several option letters named, none excluded or stated as the answer")
        if sole:
            return Extraction(sole, "sole_letter", "the only option letter the reply names without excluding it")
    if truncated:
        first = re.match(r"\s*+(.+?[.!?。！？\n])", t, re.DOTALL)
        if first:
            ans, layer, reason = _weak(first.group(1), q)
            if ans:
                return Extraction(ans, layer, f"{reason} in the first sentence of a cut reply")
        return Extraction(None, "truncated", "cut by the token limit before stating an answer", TRUNCATED)
    if q.yes_no and q.subject:
        found = _subject_finding(t, q.subject) or _normal_study(flat)
        if found:
            return Extraction(found, "finding", f"the clauses naming {q.subject!r} state it {'absent' if found == 'no' else 'present'}")
    if q.yes_no or q.yes_no_map:
        found = _finding(flat)
        if found:
            ans = q.yes_no_answer(found)
            if ans:
                return Extraction(ans, "finding", f"the finding is stated as {'absent' if found == 'no' else 'present'}")
    ans, layer, reason = _weak(flat, q)
    return Extraction(ans, layer, reason)


# Cyrillic and Greek capitals that look like option letters, standing alone before punctuation, a
# bracket or a line end ("Ответ: А (КТ)."): read as the Latin letter; "В лёгких" (a word follows) stays
_HOMOGLYPH = re.compile(r"(?<![^\W\d_])([\u0410\u0412\u0421\u0415\u0391\u0392\u0395])(?=[ \t]*+(?:[.,;:!?)\]\n]|$)|[ \t]++\("
                        r"|[ \t]++(?:или|и|або|чи|ή|και)[ \t])")
_HOMOGLYPH_LATIN = {"\u0410": "A", "\u0412": "B", "\u0421": "C", "\u0415": "E", "\u0391": "A", "\u0392": "B", "\u0395": "E"}


def _latin_letters(t: str) -> str:
    return _HOMOGLYPH.sub(lambda m: _HOMOGLYPH_LATIN[m.group(1)], t)


# answer tags: <answer>D</answer>, <final>B</final>, <final_answer>C</final_answer>, <output>D</output>,
# <letter>B</letter> (also nested in another tag); a tag's name holds an answer-like word
_ANSWER_TAG = re.compile(
    r"<([A-Za-z_ -]{0,12}?(?i:answer|final|choice|result|response|option|output|letter|selection|selected|prediction|label|pick)"
    r"[A-Za-z_ -]{0,12}?)>([^<]{0,300})</\1\s*+>", re.IGNORECASE
)


def _answer_tags(t: str) -> str:
    """An answer tag's content becomes a stated answer (like a boxed value)."""
    return _ANSWER_TAG.sub(lambda m: " \x02" + m.group(2).strip() + "\x03 ", t)


@lru_cache(maxsize=64)
def _ordinal_pattern(n: int) -> re.Pattern[str]:
    """One pattern for the ordinal answers among ``n`` options (group ``o<i>`` names option i,
    ``num`` a spelled number): "the first option", "the latter", "option number three", "la
    primera opción", "第二个选项". One pass over the reply."""
    art = r"(?:(?:the|la|el|le|l'|die|der|das|den|de|het|a|o|il|lo|an)\s*+)?"
    noun = r"\s*+(?:" + lex.ORDINAL_NOUNS + r")"
    alts = [f"(?P<o{i}>{words})" for i, (words,) in enumerate(lex.ORDINALS[:n])] + [f"(?P<o{n - 1}x>{lex.LAST_WORDS})"]
    if n >= 3:  # "the penultimate option", "a penúltima alternativa"
        alts.append(f"(?P<o{n - 2}p>{lex.PENULTIMATE_WORDS})")
    if n >= 3 and n % 2:  # "die mittlere Option"
        alts.append(f"(?P<o{n // 2}m>{lex.MIDDLE_WORDS})")
    # an ordinal without a noun counts where a sentence ends on it: "Fico com a segunda."
    bare = r"(?:the|la|el|le|l'|die|der|das|den|de|het|a|o|il|lo)\s++" + "(?:" + "|".join(
        a.replace("(?P<o", "(?P<b") for a in alts) + r")(?=\s*+(?:[.!;]|$))"
    parts = [art + "(?:" + "|".join(alts) + ")" + noun, bare,
             r"(?:option|choice|answer)\s++(?:(?:number|no\.?|#)\s*+)?(?P<num>" + "|".join(lex.NUMBER_WORDS) + ")"]
    if n == 2:  # "the former" / "the latter" name one of two options
        parts += [r"the\s++(?:(?P<o0f>former)|(?P<o1l>latter))(?:\s++(?:one|option))?"]
    return re.compile(r"(?<!" + _LW + r")(?:" + "|".join(parts) + r")(?!" + _LW + r")", re.IGNORECASE)


def _ordinals(t: str, q: _Question) -> str:
    """Ordinal answers become option letters: "the second option" -> "option B"."""
    if q.yes_no or not q.options:
        return t
    letters = list(q.options)

    def sub(m: re.Match[str]) -> str:
        name = m.lastgroup or ""
        k = lex.NUMBER_WORDS.get(m.group("num").lower(), -1) if name == "num" else int(re.sub(r"\D", "", name))
        return f" option {letters[k]}" if 0 <= k < len(letters) else m.group(0)  # spaced: "病変は option C"

    return _ordinal_pattern(len(letters)).sub(sub, t)


#: a letter or a short list of letters ("A", "A, B and D"); possessive, bounded: linear
_LETTER_LIST = re.compile(
    r"(?<!" + _LW + r")[A-Z](?!" + _LW + r")(?:[ \t]*+(?:,|&|(?i:and|or))[ \t]*+(?:(?i:and|or)[ \t]++)?[A-Z](?!" + _LW + r")){0,4}+"
)


def _eliminated_to_one(t: str, q: _Question) -> str | None:
    """The one option left when every other is ruled out ("A is ruled out" with two options,
    "We can exclude A, B and C"); None otherwise."""
    out: set[str] = set()
    for m in _LETTER_LIST.finditer(t):
        # "A is ruled out", and a list before one elimination: "A, B and D are ruled out"
        if _ELIMINATED_AFTER.match(t[m.end(): m.end() + 200]) and not _negated_clause(t, m.start()):
            out |= set(re.findall(r"[A-Z]", m.group(0))) & q.letters
    out |= _eliminated_letters(t, q)
    left = q.letters - out
    return left.pop() if out and len(left) == 1 else None


def _eliminated_letters(t: str, q: _Question) -> set[str]:
    """Letters listed after an elimination verb ("Ruling out A, C and D ...")."""
    out: set[str] = set()
    for m in list(_ELIMINATE_BEFORE.finditer(t))[-MAX_CANDIDATES:]:
        prev_end = 0
        for x in re.finditer(r"\s{0,3}(?:,|and|y|und|et|e|和|与|、)?\s{0,3}(?:la\s|el\s|option\s)?([A-Z])(?!" + _LW + r")",
                             t[m.end(): m.end() + 60]):
            if x.start() != prev_end:
                break
            prev_end = x.end()
            out.add(x.group(1))
    return out & q.letters


# possessive runs (++) before each capture: linear (regex_safety); the capture is bounded (80)
_SUBJECT_QUESTION = re.compile(
    r"^\W*+(?i:(?:is|are)\s++there\s++(?:an?\s++|any\s++)?(?:(?:evidence|signs?|findings?)\s++of\s++(?:an?\s++)?)?(?P<a>[^?\n]{1,80})"
    r"|(?:does|do)\s++(?:the\s++|this\s++)?(?:\S++\s++){0,3}?(?:show|demonstrate|reveal)\s++(?:an?\s++|any\s++)?(?P<e>[^?\n]{1,80})"
    r"|(?:há|hay|existe|y\s++a-t-il|gibt\s++es|есть\s++ли|c'è|ci\s++sono|is\s++er)\s++"
    r"(?:(?:algum|alguma|algún|alguna|un|una|um|uma|des|une|einen|eine|ein|een|un'|evidencia\s++de|sinais\s++de)\s++)?(?P<d>[^?\n]{1,80})"
    r"|(?:is|are)\s++(?:an?\s++|the\s++)?(?P<c>[^?\n]{1,80}))"
)
#: what ends a question's finding: its place ("in this image") or, for "Is X present?", the predicate
_SUBJECT_TAIL = re.compile(
    r"(?i)(?<!\s)\s++(?:(?:in|on|at|of)\s++(?:the\s++|this\s++)?(?:image|scan|film|radiograph|study|x-ray|ct|mri)\S*+"
    r"|(?:present|seen|visible|noted|identified|evident))\b"
)
_SUBJECT_NEGATED_BEFORE = re.compile(
    r"(?i:\b(?:no|not|without|negative\s+for|free\s+of|absence\s+of|none\s+of|rules?\s+out|ruled\s+out)\b)(?:[^.;:\n]{0,60})$"
)
_SUBJECT_NEGATED_AFTER = re.compile(
    r"^\W{0,3}(?i:(?::\s*+)?(?:none|absent|negative|not\s+(?:seen|present|identified|visible|detected|evident|demonstrated)|"
    r"(?:is|are|was|were)\s+(?:absent|not\s+(?:seen|present|identified|visible|detected|evident)|ruled\s+out)))\b"
)
_SUBJECT_HEDGE = re.compile(r"(?i:\b(?:may|might|could|would|possible|possibly|questionable|equivocal|cannot\s+be\s+excluded|"
                            r"typically|usually|generally|commonly|classically|defined|definition|refers?\s+to|cause|causes|"
                            r"if\s+any|if\s+present|whether|determine|assess(?:ed)?|look\s+for|evaluate|comment|"
                            r"can't\s+be\s+excluded|versus|vs\.?|suspicious|likely|probably|difficult|unclear|neither|nor|excluded)\b|\?)")


_NORMAL_STUDY = re.compile(
    r"(?i:\b(?:within\s+normal\s+limits|normal\s+(?:study|examination|exam|radiograph|chest\s+x-ray|ct|mri|scan|size|in\s+size)|"
    r"is\s+normal|are\s+normal|unremarkable|no\s+(?:acute\s+)?abnormalit(?:y|ies))\b)"
)


def _normal_study(t: str) -> str | None:
    """"no" to a question about a finding when a reply whose every sentence states something normal
    or clear names no clause of it but states the study or the organ normal ("Cardiomediastinal silhouette is within normal limits." to "Does
    this chest X-ray show cardiomegaly?"); None when it also states a finding present."""
    if not all(_NORMAL_SENTENCE.search(x) for x in re.split(r"[.;!?\n]", t)[:50] if x.strip()):
        return None  # "The heart is normal in size. The right costophrenic angle is blunted ..."
    m = _NORMAL_STUDY.search(t)
    if not m or _FINDING_NEGATOR.search(t[max(0, m.start() - 12): m.start()]) or _finding(t) == "yes":
        return None
    return "no"


#: a copula right after the finding: the clause says what it is, not that it is here ("Pneumothorax is a ...")
_SUBJECT_COPULA = re.compile(r"(?i)^\W{0,3}(?:is|are|was|were|can|may|appears?|refers?|means?|occurs?|results?)\b")
_NORMAL_SENTENCE = re.compile(r"(?i)\b(?:normal|clear|unremarkable|intact|no\s+\w+|within\s+normal\s+limits)\b")


def _question_subject(question: str | None) -> str | None:
    """The finding a yes/no question asks about ("Is there a pleural effusion?" -> "pleural effusion"), or None."""
    if not question or len(question) > 400:
        return None
    m = _SUBJECT_QUESTION.match(normalize_text(question))
    if not m:
        return None
    if m.group("c") is not None:  # "Is X present?" names X only with its predicate
        tail = _SUBJECT_TAIL.search(m.group("c"))
        if not tail or not re.match(r"(?i)\s*+(?:present|seen|visible|noted|identified|evident)", tail.group(0)):
            return None
        subject = m.group("c")[: tail.start()]
    else:
        subject = m.group("a") or m.group("d") or m.group("e") or ""
        tail = _SUBJECT_TAIL.search(subject)
        subject = subject[: tail.start()] if tail else subject
    subject = subject.strip(" .")
    return subject.lower() if re.search(r"[^\W\d_]{4,}", subject) else None


def _subject_finding(t: str, subject: str) -> str | None:
    """"no" / "yes" when every clause of ``t`` naming the subject states it absent / present;
    None when no clause names it, a clause hedges ("may", "possible", "versus"), or they disagree.

    The subject is named by its head word (its last word), else by another of its words of four
    letters or more. A clause reads as the finding layer reads it (the multilingual lexicon:
    "Pas de signe de", "geen aanwijzing voor"); else "no" when a negation stands before the word in
    the clause ("No intracranial hemorrhage, mass effect, or midline shift") or "none" / "absent"
    / "not seen" follows it ("Effusion: none"); else "yes" when nothing in the clause negates."""
    words = re.findall(r"[^\W\d_]{3,}", subject)
    if not words:
        return None
    for word in [words[-1], *[w for w in reversed(words[:-1]) if len(w) >= 4]]:
        pattern = _option_pattern(word)
        readings: set[str] = set()
        for clause in re.split(r"[.;\n]|\bbut\b|\bhowever\b|(?<=[?？])", t)[:400]:
            m = pattern.search(clause)
            if not m or clause.rstrip().endswith(("?", "？")):
                continue  # a clause that asks (an echoed question) states nothing
            found = _finding(clause)
            if found:
                readings.add(found)
                continue
            if _SUBJECT_HEDGE.search(clause):
                return None
            before, after = clause[: m.start()], clause[m.end():]
            if _SUBJECT_NEGATED_BEFORE.search(before) or _SUBJECT_NEGATED_AFTER.match(after):
                readings.add("no")
            elif (not _FINDING_NEGATOR.search(before) and len(clause.split()) <= 14 and len(before.split()) <= 4
                  and not _SUBJECT_COPULA.match(after)):
                readings.add("yes")  # a report-style finding ("Small left pleural effusion"), not a statement about it
            else:
                return None
        if readings:
            return readings.pop() if len(readings) == 1 else None
    return None


_NEG_FINDING = re.compile(r"(?<!" + _LW + r")(?i:" + lex.NEGATIVE_FINDINGS + r")")
_POS_FINDING = re.compile(r"(?<!" + _LW + r")(?i:" + lex.POSITIVE_FINDINGS + r")")
_FINDING_NEGATOR = re.compile(r"(?<!" + _LW + r")(?i:" + lex.FINDING_NEGATORS + r")(?!" + _LW + r")")


def _finding(t: str) -> str | None:
    """"no" when the reply states the finding absent ("No evidence of effusion", "Negative for
    fracture", "Sin evidencia de", "kein Anhalt für", "未见"), "yes" when it states it present
    ("Positive for fracture", "A small effusion is present"), None when neither or both."""
    neg = [m.span() for m in _NEG_FINDING.finditer(t)]
    pos = []
    for m in _POS_FINDING.finditer(t):
        if any(a <= m.start() < b or a < m.end() <= b for a, b in neg):
            continue  # "no evidence of" holds "evidence of"
        before = t[max(0, m.start() - 24): m.start()]
        if _FINDING_NEGATOR.search(before.split(",")[-1].split(".")[-1]):
            continue  # "there is no effusion present"
        pos.append(m.span())
    if neg and not pos:
        return "no"
    if pos and not neg:
        return "yes"
    return None


def json_objects(text: str) -> Iterator[Any]:
    """Every JSON value that starts at a ``{`` of ``text`` (markdown code fences ignored), in
    order: the JSON a model or judge writes inside prose or a fenced block. Shared by every
    reader of JSON replies (answers here, CARES-VLM grades, MediConfusion judge scores)."""
    body = re.sub(r"```[a-zA-Z]*", " ", text)
    dec = json.JSONDecoder(strict=False)  # a raw newline inside a string is still read
    for n, m in enumerate(re.finditer(r"\{", body)):
        if n >= MAX_JSON_STARTS:
            return  # bounded work: a reply of thousands of braces is not a JSON answer
        try:
            obj, _ = dec.raw_decode(body, m.start())
        except (ValueError, RecursionError):
            continue
        yield obj


def _json_answer(t: str, q: _Question) -> _Reading | None:
    """The reading of an answer-like key of the first JSON object in ``t`` that has one; a reply
    that is a JSON list of options marked selected or not (:func:`_json_marked`) reads the marked one."""
    body = re.sub(r"```[a-zA-Z]*", " ", t).strip()
    if body.startswith("["):
        try:
            items, _ = json.JSONDecoder(strict=False).raw_decode(body)
        except (ValueError, RecursionError):
            items = None
        if isinstance(items, list):
            r = _json_marked(items, q)
            if r is not None:
                return r
    for obj in json_objects(t):
        r = _json_value(obj, q)
        if r is not None:
            return r
    return None


def _json_value(obj: Any, q: _Question, depth: int = 0) -> _Reading | None:
    if not isinstance(obj, dict) or depth > 3:
        return None
    for k, v in obj.items():
        key = re.sub(r"[\W\d_]", "", str(k).lower())
        if _answer_key(key):
            if isinstance(v, list):
                reads = [_json_scalar(x, q) for x in v]
                got = {r.answer for r in reads if r is not None and r.answer}
                if len(got) > 1:
                    return _Reading(None, multiple=True)
                if len(got) == 1:
                    return _Reading(got.pop())
            else:
                r = _json_scalar(v, q)
                if r is not None:
                    return r
    for v in obj.values():
        r = _json_marked(v, q) if isinstance(v, list) else _json_value(v, q, depth + 1)
        if r is not None:
            return r
    return None


_MARK_KEYS = frozenset({"selected", "isselected", "chosen", "correct", "iscorrect", "answer", "isanswer", "picked", "checked"})
_ID_KEYS = ("letter", "id", "option", "key", "label", "choice")


def _json_marked(items: list, q: _Question) -> _Reading | None:
    """A list of options marked true or false: ``[{"id": "A", "selected": false}, {"id": "C",
    "selected": true}]`` reads C; several marked true are several answers."""
    got: set[str] = set()
    for it in items[:MAX_CANDIDATES]:
        if not isinstance(it, dict):
            return None
        keys = {re.sub(r"[\W\d_]", "", str(k).lower()): v for k, v in it.items()}
        mark = next((v for k, v in keys.items() if k in _MARK_KEYS and isinstance(v, bool)), None)
        ident = next((keys[k] for k in _ID_KEYS if isinstance(keys.get(k), str)), None)
        if mark is None or ident is None:
            return None
        if mark:
            letter = normalize_text(ident).strip("()[] .").upper()
            if letter not in q.letters:
                return None
            got.add(letter)
    if len(got) > 1:
        return _Reading(None, multiple=True)
    return _Reading(got.pop()) if got else None


_ANSWER_KEY_WORDS = ("answer", "respuesta", "antwort", "réponse", "reponse", "resposta", "risposta", "antwoord", "答案", "回答",
                     "答え", "正解", "解答", "选择", "選択", "选项", "選択肢", "opción", "opcion", "opção", "alternativa", "wahl",
                     "choix", "elección", "escolha", "scelta")
_NOT_ANSWER_KEY = re.compile(r"explan|reason|rational|justif|confiden|explica|begründ|raison|解释|理由|説明")


def _answer_key(key: str) -> bool:
    """A JSON key that holds the answer: "answer", "final_answer", "respuesta", "Antwort", "答案"."""
    if _NOT_ANSWER_KEY.search(key):
        return False
    return key in _JSON_KEYS or any(key.startswith(w) or key.endswith(w) for w in _ANSWER_KEY_WORDS)


def _json_scalar(v: Any, q: _Question) -> _Reading | None:
    if isinstance(v, bool):
        ans = q.yes_no_answer("yes" if v else "no")
        return _Reading(ans) if ans else None
    if not isinstance(v, str):
        return None
    s = normalize_text(v)
    r = _read_slot(s, q)
    if r is None and q.options and not q.yes_no_map:
        hit = _option_text(s, q, partial=False)
        r = _Reading(hit) if hit else None
    return r


def extract_yes_no(response: str | None, *, stop_reason: str | None = None, question: str | None = None) -> Extraction:
    """Extract yes/no from a free-text response (layers in the module docstring).

    Args:
        response: model text.
        stop_reason: inspect's stop reason of the reply; ``max_tokens``/``model_length`` mark
            it as cut, and a cut reply without a stated answer gets status ``truncated``.
        question: the question asked, when known. A question of the form "Is there (a/any) X?",
            "Are there X?", "Does the image show X?" or "Is X present/seen/visible?" names its
            finding X; a report-style reply that states several findings is then read at the
            clauses naming X ("No intracranial hemorrhage, mass effect, or midline shift." is "no"
            to "Is there an intracranial hemorrhage?").

    Returns:
        Extraction with answer "yes", "no" or None (status says why).
    """
    q = _Question(None)
    q.subject = _question_subject(question)
    return _extract(response, q, stop_reason)


def extract_choice(
    response: str | None, options: str | Mapping[str, str] | list[str] | None, *, stop_reason: str | None = None
) -> Extraction:
    """Extract the chosen option letter from a free-text response (layers in the module docstring).

    Args:
        response: model text.
        options: the offered options (see :func:`parse_options`); letters outside them are
            ignored, so a stray "E" never counts. Options whose texts start with Yes / No also
            take yes/no answers.
        stop_reason: inspect's stop reason (see :func:`extract_yes_no`).

    Returns:
        Extraction whose answer is one of the option letters, or None (status says why).

    Raises:
        ValueError: if ``options`` is empty.
    """
    opts = parse_options(options)
    if not opts:
        raise ValueError("extract_choice needs at least one option")
    return _extract(response, _Question(opts), stop_reason)


def gold_letter(gold: str, options: str | Mapping[str, str] | list[str] | None = None) -> str | None:
    """The gold option letter from a CARES gold string such as "C:upper extremity" or "B: No".

    Falls back to matching the gold text against the option texts when there is no "X:" label.
    Returns None when neither works.
    """
    g = normalize_text(gold)
    m = re.match(r"^\s*\(?([A-Z])\s*[:\)\.](?:\s|\w|$)", g)
    if m:
        return m.group(1)
    if options:
        for k, v in parse_options(options).items():
            if v.strip().lower() == g.strip().lower():
                return k
    return None


def gold_yes_no(gold: str) -> str | None:
    """'yes'/'no' for a yes/no gold answer ("Yes.", "- No.", "no"); None for free-text hedges."""
    return _yes_no_of(gold)
