"""Normalising a judge's reply before its scores are read (MediConfusion judge pairs, CARES-VLM grades).

Judges write in many languages and scripts. The readers' patterns are written for ASCII digits,
Latin letters A/B and a score after its label; this module brings the other wordings of the same
kinds to that shape, so one rule serves every language:

- :func:`ascii_digits`: any Unicode decimal digit (Arabic-Indic ``٧``, Persian ``۹``, Bengali ``৭``,
  Devanagari, Thai ...) becomes its ASCII digit; the Arabic decimal separator ``٫`` becomes ``.``;
- :func:`scale_first`: a scale written before the score ("10 üzerinden 6", "10点満点中6点", "10점
  만점에 8점", "满分10分，得7分", "10 में से 7") becomes "6/10"; a scale left alone ("满分10分，描述A得7分")
  is removed, for it is no score;
- :func:`spell_numbers`: number words in 20-odd languages ("sieben", "sette", "семь", "yedi",
  "επτά", "سبعة", "सात", "lapan", "nane", "七分") become digits where a score stands: after a
  label's colon or dash, after a score noun ("con un punteggio di sette"), after an article
  ("recibe un ocho"), or before a unit or "out of ten" ("siedem punktów na dziesięć");
- :func:`latin_letters`: the description letters of other scripts (Cyrillic А/Б, Greek Α/Β,
  Arabic أ/ب, Persian الف/ب, Hebrew א/ב) become A/B when the reply names both of a script's pair.

Every pattern is linear (possessive or bounded runs; tests/test_regex_safety.py).
"""

from __future__ import annotations

import re
import unicodedata

# --- digits --------------------------------------------------------------------------------------

_DIGITS: dict[int, str] = {}
for _cp in range(0x80, 0x20000):
    _ch = chr(_cp)
    if unicodedata.category(_ch) == "Nd":
        _DIGITS[_cp] = str(unicodedata.decimal(_ch))
_DIGITS[ord("٫")] = "."  # Arabic decimal separator


def ascii_digits(t: str) -> str:
    """Every Unicode decimal digit as its ASCII digit ("٨/١٠" -> "8/10", "۹ از ۱۰" -> "9 از 10")."""
    return t.translate(_DIGITS)


# --- scale before the score ----------------------------------------------------------------------

_N = r"(\d{1,2}(?:[.,]\d++)?)"
# "10 üzerinden 6", "10点満点中6点", "10점 만점에 8점", "满分10分，得7分", "10 में से 7", "10分中7分"; round 17: romanized "10 mein se 8"
_SCALE_THEN_SCORE = re.compile(
    r"(?<![\d.,])10\s*+(?:üzerinden|点満点中で?|点満点で|点中|점\s*+만점에서?|में\s*+से|(?i:mein|mei|main|me|mai)\s++se|分中|分满分中)\s*+" + _N + r"(?![\d.]*\d)(?:[ \t]*+(?:点|점|分|puan))?"
    r"|(?:满分|滿分|總分|总分)\s*+10\s*+分[，,、]?\s*+(?:得|给|給|为|為|是)?\s*+" + _N + r"(?![\d.]*\d)\s*+分"
)
# a scale alone, written before the scores it governs ("满分10分，描述A得7分"): no score itself
_SCALE_ALONE = re.compile(r"(?:满分|滿分|總分|总分)\s*+10\s*+分[，,、:：]?|(?<![\d.,])10\s*+(?:点満点中?で?|점\s*+만점에서?|üzerinden|में\s*+से|(?i:mein|mei|main|me|mai)\s++se(?=\s*+\d))")


def scale_first(t: str) -> str:
    """A scale before the score, read as "score/10" ("10 üzerinden 6" -> "6/10"); a scale left alone is dropped."""
    t = _SCALE_THEN_SCORE.sub(lambda m: f"{m.group(1) or m.group(2)}/10", t)
    return _SCALE_ALONE.sub(" ", t)


# --- number words --------------------------------------------------------------------------------

_WORDS: dict[int, tuple[str, ...]] = {
    0: ("zero", "cero", "null", "zéro", "nul", "noll", "ноль", "sıfır", "μηδέν", "صفر", "शून्य", "nol", "kosong", "sifuri", "אפס"),
    1: ("one", "uno", "una", "eins", "un", "une", "um", "uma", "een", "één", "ett", "jeden", "jedna", "один", "одна", "bir",
        "ένα", "μία", "واحد", "یک", "एक", "satu", "moja", "אחת", "אחד", "một"),
    2: ("two", "dos", "zwei", "deux", "due", "dois", "duas", "twee", "två", "dwa", "dwie", "два", "две", "iki", "δύο", "اثنان",
        "اثنين", "دو", "दो", "dua", "mbili", "שתיים", "שניים", "hai"),
    3: ("three", "tres", "drei", "trois", "tre", "três", "drie", "trzy", "три", "üç", "τρία", "ثلاثة", "سه", "तीन", "tiga", "tatu",
        "שלוש", "שלושה", "ba"),
    4: ("four", "cuatro", "vier", "quatre", "quattro", "quatro", "fyra", "cztery", "четыре", "dört", "τέσσερα", "أربعة", "چهار",
        "चार", "empat", "nne", "ארבע", "ארבעה", "bốn"),
    5: ("five", "cinco", "fünf", "cinq", "cinque", "vijf", "fem", "pięć", "пять", "beş", "πέντε", "خمسة", "پنج", "पांच", "पाँच",
        "lima", "tano", "חמש", "חמישה", "năm"),
    6: ("six", "seis", "sechs", "sei", "zes", "sex", "sześć", "шесть", "altı", "έξι", "ستة", "شش", "छह", "छः", "enam", "sita",
        "שש", "שישה", "sáu"),
    7: ("seven", "siete", "sieben", "sept", "sette", "sete", "zeven", "sju", "siedem", "семь", "yedi", "επτά", "εφτά", "سبعة",
        "هفت", "सात", "tujuh", "saba", "שבע", "שבעה", "bảy"),
    8: ("eight", "ocho", "acht", "huit", "otto", "oito", "åtta", "osiem", "восемь", "sekiz", "οκτώ", "οχτώ", "ثمانية", "هشت",
        "आठ", "delapan", "lapan", "nane", "שמונה", "tám"),
    9: ("nine", "nueve", "neun", "neuf", "nove", "negen", "nio", "dziewięć", "девять", "dokuz", "εννέα", "εννιά", "تسعة", "نه",
        "नौ", "sembilan", "tisa", "תשע", "תשעה", "chín"),
    10: ("ten", "diez", "zehn", "dix", "dieci", "dez", "tien", "tio", "dziesięć", "десять", "on", "δέκα", "عشرة", "عشر", "ده",
         "दस", "sepuluh", "kumi", "עשר", "עשרה", "mười"),
}
# round 12: South Slavic, Slovene, Czech, Icelandic, Estonian, Latvian, Lithuanian, Romanian, Albanian, Finnish, Hungarian,
# Kazakh and Mongolian (never a word that is also a common word elsewhere: "du", "pet", "opt", "hat")
_WORDS_ROUND12: dict[int, tuple[str, ...]] = {
    0: ("nula", "нула", "núll", "nolla", "nulla"),
    1: ("jedan", "један", "ena", "einn", "eitt", "üks", "viens", "vienas", "unu", "një", "yksi", "egy", "бір", "нэг"),
    2: ("dva", "tveir", "tvö", "kaks", "divi", "doi", "dy", "kaksi", "kettő", "két", "екі", "хоёр"),
    3: ("tri", "þrír", "þrjú", "kolm", "trīs", "trys", "trei", "kolme", "három", "үш", "гурав"),
    4: ("četiri", "четири", "štiri", "čtyři", "fjórir", "fjögur", "neli", "četri", "keturi", "patru", "katër", "neljä", "négy",
        "төрт", "дөрөв"),
    5: ("пет", "fimm", "viis", "pieci", "penki", "cinci", "pesë", "viisi", "öt", "бес", "тав"),
    6: ("šest", "шест", "kuus", "seši", "šeši", "șase", "gjashtë", "kuusi", "алты", "зургаа"),
    7: ("sedam", "седам", "седем", "седум", "sedem", "sedm", "sjö", "seitse", "septiņi", "septyni", "șapte", "shtatë", "seitsemän",
        "hét", "жеті", "долоо"),
    8: ("osam", "осам", "осем", "осум", "osem", "osm", "átta", "kaheksa", "astoņi", "aštuoni", "tetë", "kahdeksan", "nyolc",
        "сегіз", "найм"),
    9: ("devet", "девет", "devět", "níu", "üheksa", "deviņi", "devyni", "nouă", "nëntë", "yhdeksän", "kilenc", "тоғыз"),
    10: ("deset", "десет", "tíu", "kümme", "desmit", "dešimt", "zece", "dhjetë", "kymmenen", "tíz", "арав"),
}
for _v, _ws in _WORDS_ROUND12.items():
    _WORDS[_v] = _WORDS[_v] + _ws
_WORD_VALUE = {w.casefold(): v for v, ws in _WORDS.items() for w in ws}
# the longest first, so "sette" is not read as "set"; a word is whole: no letter or mark either side
_NUMBER_WORD = re.compile(
    r"(?<![^\W\d_])(" + "|".join(sorted(map(re.escape, _WORD_VALUE), key=len, reverse=True)) + r")(?![\w\u0300-\u036f\u0900-\u097f])",
    re.IGNORECASE,
)
# after the word: a unit ("punktów", "баллов", "puan", "điểm") or "out of ten" ("na dziesięć", "من عشرة", "von zehn")
_UNIT_AFTER = re.compile(
    r"\s*+(?:points?|punti|puntos|pontos|punkte?|punktów|punkty|punkten|poäng|баллов|балла|балл|puan|điểm|poin|mata|alama|"
    r"stig|puntu|pistettä|bodova|bodov|bodovi|točk\w{0,2}|puncte|pikë|taškai|taškų|punkti|ұпай|оноо|"  # round 12
    r"βαθμούς|βαθμοί|نقاط|درجات|امتیاز|अंक|คะแนน|נקודות|(?:/|out\s++of|outta|von|sur|de|su|sobre|из|na|z|av|van|of|من|از|από|מתוך|trên|จาก|dari|kati\s++ya)"
    r"\s*+(?:10|ten|zehn|dix|diez|dieci|dez|десяти|dziesięciu|dziesięć|tio|tien|عشرة|ده|δέκα|עשר|mười|sepuluh|kumi))(?![^\W\d_])",
    re.IGNORECASE,
)
# a score noun before the word, with its preposition and article: "punteggio di", "com nota", "score of a", "Оценка"
_SCORE_NOUNS = frozenset(
    "score scores rating grade note nota notas punteggio voto valutazione puntuación puntuacion puntaje calificación pontuação "
    "pontuacao bewertung wertung punktzahl punkte оценка оценку балл cijfer beoordeling betyg ocena ocenę skor puan βαθμό "
    "βαθμολογία βαθμός ציון درجة الدرجة التقييم تقييم امتیاز نمره अंक स्कोर alama điểm nilai "
    "hinne einkunn ocjena оцена ocena punctaj vērtējums įvertinimas pisteet puntuazioa".split()  # round 12
)
_LINKS = frozenset("of di de da do della von van av na z в на με σε con com with avec mit un una um uma une ein eine einen a an "
                   "is es è é est ist är jest είναι".split())
# articles that, after a candidate or a verb, put a number word as a score: "A recibe un ocho y B un tres"
_ARTICLES = frozenset("un una um uma une ein eine einen a an".split())
# a separator a score follows: "Cijfer: zeven", "B — ноль", "**B:** neun"
_SEPARATORS = (":", "=", "：", "—", "–", "-")


# what ends a value standing alone after a separator: the text's end, a mark, or "and" ("Cijfer: zeven.", "A: sei e B: ...")
_VALUE_END = re.compile(r"[ \t*_]*+(?:$|[.,;!?)\]\n|/]|(?i:and|und|et|y|e|и|і|ve|och|og|en|dan|và|و)(?![^\W\d_]))")


def _score_before(t: str, start: int, end: int) -> bool:
    """Whether the text before ``start`` puts a score there: a separator with the word standing alone after it
    ("Cijfer: zeven", never "Reason: one finding missing"), a score noun with its links, or an article."""
    before = t[max(0, start - 48):start].rstrip(" \t*_")
    if before.endswith(_SEPARATORS):
        return _VALUE_END.match(t, end) is not None
    words = [w.strip(".,;()[]*_\"'«»").casefold() for w in before.split()[-4:]]
    if words and words[-1] in _ARTICLES and len(words) > 1:
        return True  # "recibe un ocho", "B un tres", "I'd give it a seven"
    while words and words[-1] in _LINKS:
        words.pop()
    return bool(words) and words[-1] in _SCORE_NOUNS


def spell_numbers(t: str) -> str:
    """Number words where a score stands become digits (multilingual; see the module docstring); other
    number words stay ("nennt einen der zwei Befunde" is no score)."""
    def word(m: re.Match[str]) -> str:
        if _score_before(t, m.start(), m.end()) or _UNIT_AFTER.match(t, m.end()):
            return str(_WORD_VALUE[m.group(1).casefold()])
        return m.group(0)

    def cjk(m: re.Match[str]) -> str:
        if m.group(2) in "一十" and not m.group(1):
            return m.group(0)  # "十分" (fully), "一点" (a little): a score only after a separator or "得"
        return (m.group(1) or "") + str(_CJK_DIGITS[m.group(2)]) + m.group(3)

    return _CJK_SCORE.sub(cjk, _NUMBER_WORD.sub(word, t))


_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
# "七分", "九点", "得八分", "：十分" (a CJK numeral and its unit); not "五分钟" (five minutes)
_CJK_SCORE = re.compile(r"([：:得给給为為是]\s*+)?([零〇一二两兩三四五六七八九十])(分|点|點)(?![钟鐘])")


# --- letters of other scripts ----------------------------------------------------------------------

# (A, B) of each script, as whole words: Cyrillic, Greek, Arabic, Persian, Hebrew
_SCRIPT_PAIRS = (("А", "Б"), ("Α", "Β"), ("أ", "ب"), ("الف", "ب"), ("א", "ב"))
_LETTER_WORD = {
    pair: re.compile(r"(?<![^\W\d_])(" + re.escape(pair[0]) + "|" + re.escape(pair[1]) + r")(?![^\W\d_])")
    for pair in _SCRIPT_PAIRS
}


def latin_letters(t: str) -> str:
    """Description letters of another script as A/B ("описанию А ... Б", "الوصف أ ... ب", "توصیف الف ... ب"),
    when the reply names both of that script's pair as whole words (a lone "А" may be a conjunction)."""
    for pair in _SCRIPT_PAIRS:
        rx = _LETTER_WORD[pair]
        found = {m.group(1) for m in rx.finditer(t)}
        if len(found) == 2:
            t = rx.sub(lambda m, p=pair: "A" if m.group(1) == p[0] else "B", t)
    return t
