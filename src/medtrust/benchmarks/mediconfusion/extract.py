"""Turning a model's reply into a MediConfusion choice: letter parsers, judge parsing, threshold rule.

Every mode ends in a score pair ``{A: sA, B: sB}`` and the threshold rule picks a letter or
``"-"`` (invalid). Source: official repository AIF4S/MediConfusion @ a3045b03,
``scripts/answering.py`` (score pairs, ``--tr`` default 3) and the per-model ``ask`` helpers
(MC letter detection, judge-reply parsing). Our code re-implements the behaviour described in
../shared/docs/benchmarks/mediconfusion.md sec. 3; nothing is copied.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from medtrust.scorers.extract import REFUSAL, TRUNCATED, extract_choice, json_objects, spell_out_scores, strip_reasoning
from medtrust.scorers.judge_text import ascii_digits, latin_letters, scale_first, spell_numbers

#: The invalid choice, as the official result files write it.
INVALID = "-"
#: Official default threshold (``--tr 3``).
DEFAULT_THRESHOLD = 3


@dataclass(frozen=True)
class Choice:
    """A decided letter with the score pair that produced it.

    Attributes:
        letter: ``"A"``, ``"B"`` or ``"-"`` (invalid).
        score_a, score_b: the pair fed to the threshold rule (10/0 for letter modes, judge's 1-10 for FF).
        reason: why a choice is invalid (``no_letter`` | ``both_letters`` | ``below_threshold`` |
            ``refusal`` | ``truncated``), or None when valid.
    """

    letter: str
    score_a: float
    score_b: float
    reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.letter in ("A", "B")


def threshold_choice(score_a: float, score_b: float, tr: float = DEFAULT_THRESHOLD) -> Choice:
    """The official threshold rule: A if sA >= sB + tr, B if sB >= sA + tr, else invalid.

    Args:
        score_a, score_b: scores of the two options (any real numbers; FF uses 1-10).
        tr: threshold (official default 3, so 7 vs 5 is invalid and 8 vs 5 picks A).

    Source: official ``scripts/answering.py`` (the ``tr`` comparison on each image's score dict).
    """
    if score_a >= score_b + tr:
        return Choice("A", score_a, score_b)
    if score_b >= score_a + tr:
        return Choice("B", score_a, score_b)
    return Choice(INVALID, score_a, score_b, reason="below_threshold")


def _official_tokens(letter: str) -> frozenset[str]:
    # Accepted spellings of a letter token in the official MC detector (doc sec. 3.2, step 2).
    L = letter
    return frozenset({L, f"{L}:", f".{L}", f".{L}:", f"{L}.", f'{L}")', f'("{L}":', f'("{L}")', f'("{L}").'})


_OFFICIAL = {L: _official_tokens(L) for L in "AB"}


def official_letter_scores(response: str | None) -> tuple[int, int]:
    """The official MC detector: the 10/0 score pair for a free-text reply.

    Steps (faithful, including its quirks): newlines become spaces; the text is split on single
    spaces (so runs of spaces give empty tokens); letter L is present if any token is exactly one
    of ``L``, ``L:``, ``.L``, ``.L:``, ``L.``, ``L")``, ``("L":``, ``("L")``, ``("L").``. One letter
    present scores 10 and the other 0; both or neither present gives (0, 0). ``None`` gives (0, 0).
    Consequences: the article "A" counts as A; ``(A)``, ``A)``, ``A,``, ``**A**``, lower case are
    not recognised.

    Returns:
        (score_a, score_b), each 0 or 10.
    """
    if response is None:
        return 0, 0
    tokens = response.replace("\n", " ").split(" ")
    has = {L: any(t in _OFFICIAL[L] for t in tokens) for L in "AB"}
    if has["A"] and has["B"]:
        return 0, 0
    return (10 if has["A"] else 0), (10 if has["B"] else 0)


def official_choice(response: str | None, tr: float = DEFAULT_THRESHOLD) -> Choice:
    """Official MC parsing followed by the threshold rule (MC faithful mode).

    Returns a Choice whose ``reason`` says ``both_letters`` or ``no_letter`` when invalid.
    """
    sa, sb = official_letter_scores(response)
    c = threshold_choice(sa, sb, tr)
    if c.valid:
        return c
    if response is not None:
        tokens = response.replace("\n", " ").split(" ")
        if all(any(t in _OFFICIAL[L] for t in tokens) for L in "AB"):
            return Choice(INVALID, sa, sb, reason="both_letters")
    return Choice(INVALID, sa, sb, reason="no_letter")


# --- lenient (medtrust) parser -------------------------------------------------------------


def lenient_choice(
    response: str | None, option_a: str = "", option_b: str = "", *, stop_reason: str | None = None
) -> Choice:
    """medtrust's improved MC parser (reported beside the official one, never replacing it).

    It is the shared layered extractor :func:`medtrust.scorers.extract.extract_choice` on the
    options {A: option_a, B: option_b} (CARES-VLM's default extractor too, so one fix reaches
    both benchmarks): reasoning blocks dropped; wrapped letters (``(B)``, ``**a**``, ``b.``,
    ``\\boxed{B}``, full-width ``Ｂ``) read; the last stated answer wins, and a later mention
    ("Option A is unlikely") is not one; articles and pronouns ("the answer is a subdural
    bleed", "I think") are not letters; a reply naming exactly one option's full text picks it.

    Returns:
        Choice with 10/0 scores like the official parser. Invalid choices (0/0) carry
        ``reason``: ``both_letters`` (several options stated), ``refusal`` (declines or cannot
        tell), ``truncated`` (``stop_reason`` says the reply was cut before an answer) or
        ``no_letter``.
    """
    if response is None:
        return Choice(INVALID, 0, 0, reason="no_letter")
    ext = extract_choice(response, {"A": option_a or "", "B": option_b or ""}, stop_reason=stop_reason)
    if ext.answer is not None:
        return _letter(ext.answer)
    if ext.status in (REFUSAL, TRUNCATED):
        return Choice(INVALID, 0, 0, reason=ext.status)
    return Choice(INVALID, 0, 0, reason="both_letters" if ext.layer == "multiple" else "no_letter")


def _letter(letter: str) -> Choice:
    return Choice(letter, 10 if letter == "A" else 0, 10 if letter == "B" else 0)


# --- FF judge replies -------------------------------------------------------------------------


class JudgeParseError(ValueError):
    """A judge reply that holds no score for A and B (scored as ``judge_error``)."""


def parse_judge_official(reply: str) -> tuple[int, int, str]:
    """The official FF judge-reply parser, made non-crashing.

    Steps: blank lines collapsed, text split into lines; line 0 minus its ``A: `` prefix is an
    int (score for A), line 1 minus ``B: `` is B; line 2 (if any) is the reason.
    Source: official ``ask`` helper of the GPT judge (doc sec. 3.1). The official code raises an
    uncaught exception on any other shape; we raise :class:`JudgeParseError` for the scorer to
    record as ``judge_error``.

    Returns:
        (score_a, score_b, reason).

    Raises:
        JudgeParseError: fewer than two lines, or a score that is not an integer.
    """
    lines = [ln for ln in reply.split("\n") if ln.strip() != ""]
    if len(lines) < 2:
        raise JudgeParseError(f"judge reply has {len(lines)} non-blank line(s), expected 3: {reply[:200]!r}")
    try:
        a = int(lines[0].strip().removeprefix("A: ").removeprefix("A:").strip())
        b = int(lines[1].strip().removeprefix("B: ").removeprefix("B:").strip())
    except ValueError:
        raise JudgeParseError(f"judge scores are not integers: {lines[0][:80]!r} / {lines[1][:80]!r}") from None
    return a, b, lines[2] if len(lines) > 2 else ""


# a decimal comma counts ("2,5" is 2.5); "7, B" is no decimal (a space follows the comma)
_SCORE_NUM = r"(\d{1,2}(?:[.,]\d++)?)"
# A score for a labelled candidate anywhere in the reply, several per line allowed: "A: 7",
# "A = 7, B = 2", "Candidate B: 4", "Similarity to A: 8", "Option A gets 5", "A 7 | B 3",
# "选项A：6". Possessive runs (*+) never give characters back: linear time (regex_safety).
_CANDIDATE_LABEL = (
    r"(?:answer|option|candidate|kandidat|candidato|candidat|score\s+for(?:\s+option)?|scores?|rating\s+for(?:\s+option)?|"
    r"rating|similarity\s+(?:to|with|for)(?:\s+option)?|closeness\s+to(?:\s+option)?|match\s+(?:to|with|for))"
)
_JUDGE_SCORE = re.compile(
    r"(?:(?<![\w])(?i:" + _CANDIDATE_LABEL + r")\s*+|选项|選項|候选|候選|描述|說明|説明|候補|スコア|점수|評分|评分|得分|(?<![\w]))"
    r"([AB])(?![A-Za-z0-9_])[\])]?\**+(?:\s*+(?i:score|rating)(?![\w])|\s*+的?(?:得分|分数|分數|评分|評分|相似度|一致度|匹配度)|との(?:一致度|類似度|スコア))?"
    r"(?:\s*+(?:-++>|=>|→|[:=\-–—≈~]|\|(?=\s*+\d{1,2}(?:[.,]\d++)?\s*+(?:\||$|\n)))|\s++(?i:(?:also|too|likewise)\s++)?(?i:gets|got|receives|received|scores|scored|is|earns|deserves|merits|warrants|erhält|bekommt|obtiene|recibe|obtient|reçoit|recebe|ottiene|riceve|mérite|merece|merita|verdient)(?:\s++an?)?(?:\s++(?i:score|rating)\s++of)?(?![\w])"
    r"|\s*+\(\s*+(?i:(?:score|rating|puntuaci[oó]n|pontua[cç][aã]o|punteggio|note|bewertung|wertung|punkte?|得分|评分)\s*+[:=]?\s*+)?(?=\d)"
    r"|(?=\s++\d++(?:\.\d++)?[ \t]*+(?:[|,;/\n—–\[(]|\.(?!\d)|$))"
    r"|(?=\s++\d{1,2}(?:\.\d++)?\s++(?i:sur|out\s++of|de|su|von|из)\s++(?i:10|dix|ten|diez|zehn|dieci|десяти)(?![\w])))"
    r"\s*+\**+\s*+" + _SCORE_NUM + r"(?![\d.]*\d)(?!\s*+(?i:punti|points?|puntos|punkte)\s++(?i:in\s++più|more|más|mehr))"
    r"(?:\s*+(?:/|out\s+of)\s*+10(?![\d.]))?",  # "B merita 2 punti in più": a difference, no score
)
#: a score given by a verb before the candidate: "I'd give A a 9", "I rate B 3/10", "assign A a score of 7"
_JUDGE_SCORE_VERB = re.compile(
    r"(?<![\w])(?i:give|gave|giving|rate|rated|rating|assign|assigned|award|awarded|score|scored|and)\s++(?i:(?:candidate|option|description|statement|answer)\s++)?"
    r"([AB])(?![\w])\s++(?i:(?:an?\s++)?(?:score\s++of\s++|rating\s++of\s++)?|as\s++)?" + _SCORE_NUM + r"(?![\d.]*\d)"
    r"(?:\s*+(?:/|out\s+of)\s*+10(?![\d.]))?"
)
#: a number before its candidate: "6 sur 10 au candidat A", "8/10 to option B"; groups (score, letter)
_JUDGE_SCORE_REV = re.compile(
    r"(?<![\d.,])" + _SCORE_NUM + r"(?!\d|[.,]\d)(?:\s*+(?:/|out\s+of|sur|de|von|su)\s*+10)?\s++(?i:to|for|au|à\s+la|à|a\s+la|a|al|alla|allo|an|für|per)\s++(?i:the\s+)?"
    r"(?:(?i:candidat[eo]?|kandidat(?:en)?|option|opción|opção|opzione|description)\s++)?([AB])(?![A-Za-z0-9_])"
)
#: a candidate, then a rating verb within a short clause: "candidate A, which I would rate an 8"
_JUDGE_SCORE_LATER = re.compile(
    r"(?<![\w])(?i:candidate|option)\s++([AB])(?![A-Za-z0-9_])[^.;\n]{0,40}?\b(?i:rate|give|score|assign|get|receive|earn|say)\w{0,2}\s++(?:it\s++)?(?:an?\s++)?"
    + _SCORE_NUM + r"(?![\d.]*\d)"
)
#: a candidate, then its score in brackets later in the clause: "la opción A la coincidencia es baja (puntuación: 2)"
_JUDGE_SCORE_BRACKET_LATER = re.compile(
    r"(?<![\w])(?i:candidate|option|opción|opcion|opção|opzione|kandidat|candidat[eo]?|description|descripción|statement)\s++([AB])"
    r"(?![A-Za-z0-9_])[^.;\n()AB]{0,80}?"  # never across the other candidate: "A, note 6,5/10, et B (2/10)"
    r"\(\s*+(?:(?i:score|rating|puntuaci[oó]n|pontua[cç][aã]o|punteggio|note|bewertung|wertung|punkte?)\s*+[:=]?\s*+" + _SCORE_NUM
    + r"(?![\d.]*\d)|" + _SCORE_NUM.replace("(", "(?P<of>", 1) + r"\s*+(?:/|out\s++of)\s*+10\s*+\))"
)
# score nouns of many languages, for a score given in a clause after its candidate (_JUDGE_SCORE_CLAUSE)
_SCORE_WORDS = (r"(?:(?<![^\W\d_])(?i:score|rating|grade|note|nota|punteggio|voto|puntuaci[oó]n|puntaje|pontua[cç][aã]o|bewertung|wertung|"
                r"punktzahl|оценк\w{0,3}|cijfer|betyg|ocen\w{0,2}|skor|puan|βαθμ\w{0,6}|ציון|درجة|الدرجة|التقييم|تقييم|امتیاز|نمره|"
                r"अंक|स्कोर|alama|điểm|nilai|"
                # round 12: Marathi, Gujarati, Punjabi, Telugu, Kannada, Malayalam, Tamil, Estonian, Icelandic, Basque, Finnish,
                # Latvian, Lithuanian, South Slavic, Slovene, Romanian, Albanian, Kazakh, Mongolian
                r"गुण|ગુણ|ਅੰਕ|స్కోరు|స్కోర్|ಅಂಕ|ಸ್ಕೋರ್|സ്കോർ|മാർക്ക്|மதிப்பெண்|புள்ளி|hinne|einkunn|puntuazioa|pisteet|vērtējums|"
                r"įvertinimas|ocjena|оцена|ocena|punctaj|pikë|ұпай|оноо)|スコア|得分|评分|評分|分数|分數|点数|점수|評価)")
# units after a score, or its scale: "6 баллов", "5 điểm", "7 अंक", "6点", "8점", "9/10", "7 de 10"
_SCORE_UNITS = (r"(?:/\s*+10(?![\d.])|(?i:points?|punti|puntos|pontos|punkte?|punkten|punktów|punkty|poäng|балл\w{0,3}|puan|điểm|poin|"
                r"stig|puntu|pistettä|pistetta|punktu|taškai|taškų|bodova|bodovi|točk\w{0,2}|puncte|pikë|ұпай|оноо|ball|"  # round 12
                r"βαθμ\w{0,4}|نقاط|درجات|درجة|امتیاز|अंक|คะแนน|נקודות|(?:out\s++of|sur|von|de|su|из|av|van|op|na|z|من|از|από|מתוך|trên|"
                r"จาก|dari)\s*+10(?![\d.]))(?![^\W\d_])|点|分|점)")
#: a candidate, then its score later in a short clause, named by a score noun or a unit ("A açıklaması: 7 puan", "descrição A com
#: nota 7,5", "описанию А на 6 баллов", "mô tả A ở mức 5 điểm", "विवरण A के लिए अंक: 8", "描述A得7分". The
#: clause never crosses the other candidate, a line or a sentence end.
_JUDGE_SCORE_CLAUSE = re.compile(
    r"(?<![A-Za-z0-9])([AB])(?![A-Za-z0-9_])[^\d\n.;AB]{0,40}?(?:" + _SCORE_WORDS + r"[^\d\n.;AB]{0,12}?" + _SCORE_NUM + r"(?![\d.]*\d)"
    r"|(?<![\d.,])" + _SCORE_NUM.replace("(", "(?P<u>", 1) + r"(?![\d.]*\d)\s*+" + _SCORE_UNITS + ")"
)
#: round 12: a candidate, a few words of any language, a colon, then a number the segment ends on: "वर्णन A साठी गुण: 7 |",
#: "వివరణ A కు స్కోరు: 0,", "A deskribapena: 6.5 puntu;" (no digit, line, sentence end or other candidate between)
_JUDGE_SCORE_COLON = re.compile(
    r"(?<![A-Za-z0-9])([AB])(?![A-Za-z0-9_])[^\d\n.;:：AB|]{0,30}?[:：]\s*+" + _SCORE_NUM + r"(?![\d.]*\d)"
    r"(?=[ \t]*+(?:/\s*+10)?[ \t]*+(?:[^\W\d_]{1,12}[ \t]*+)?(?:[,;|\n]|\.(?!\d)|$))"
)
_JOIN = r"\s*+(?:and|&|und|et|y|e|и|ve|và|dan|en|och|και|og|和|与|與|及|と|와|과|,)\s*+"
#: both candidates, a colon or dash, then both scores in their order: "Scores for A and B: 7 and 1, respectively",
#: "B и A — 3 и 8" (the separator keeps out a reasoning's "A and B mention 2 and 3 lesions")
_BOTH_PAIR = re.compile(
    r"(?<![A-Za-z0-9])([AB])(?![A-Za-z0-9_])" + _JOIN + r"([AB])(?![A-Za-z0-9_])[^\d\n:=]{0,30}?[:=—–]\s*+[\[(]?" + _SCORE_NUM
    + r"(?![\d.]*\d)(?:\s*+/\s*+10)?" + _JOIN.replace(",", r",(?=\s)") + _SCORE_NUM + r"(?![\d.]*\d)"
)
#: a score in double or lenticular brackets: "A: [[6]]", "描述A：【5】" (the rubric format), read as the number
_BRACKETED_SCORE = re.compile(r"\[\[\s*+(\d{1,2}(?:[.,]\d++)?)\s*+\]\]|【\s*+(\d{1,2}(?:[.,]\d++)?)\s*+】")
#: a key of any language that ends in the candidate's letter: "pontuacao_a: 3", "Bewertung_B = 7"
_ANY_KEY_LETTER = re.compile(r"(?<![^\W\d_])([^\W\d_]{2,40}+)[_-]([ABab])(?=[\"']?\s*+[:=])")
#: a JSON key of any language ending in the letter: "puntuacion_descripcion_A", "Bewertung_B", "оценка_А"
_JSON_LETTER_KEY = re.compile(r"(?:[^\W\d_]{2,40}+[ _-]){1,3}+([ABab])")
#: a reply that opens with the two scores as a list, in the candidates' order: "[4, 8]\n\nReasoning: ..."
_LEADING_PAIR = re.compile(r"\s*+\[?[\[(]\s*+(\d{1,2}(?:\.\d++)?)\s*+,\s*+(\d{1,2}(?:\.\d++)?)\s*+[\])]\]?(?![^\n]*\d)")  # "[[6, 5]]" too
#: both scores as a pair: "Scores (A, B): (4, 6)"
_JUDGE_PAIR = re.compile(r"\(\s*+(?:(?i:score|rating)\s*+)?A\s*+,\s*+(?:(?i:score|rating)\s*+)?B\s*+\)\s*+[:=]?\s*+(?:\(\s*+(\d{1,2}(?:\.\d++)?)\s*+,\s*+"
                         r"(\d{1,2}(?:\.\d++)?)\s*+\)|(\d{1,2}(?:\.\d++)?)\s*+,\s*+(\d{1,2}(?:\.\d++)?)(?![\d.]*\d))")  # "Scores (A, B): 4, 9"
#: round 17: a pair after a scores label, its own line's end: "Scores: (4, 6)", "Final: (2, 9)" (the candidates' order)
_LABELLED_PAIR = re.compile(r"(?im)^[ \t*#>_-]*+(?:final[ \t]++)?(?:scores?|ratings?|final)[ \t*]*+[:=-][ \t*]*+[\[(][ \t]*+"
                            r"(\d{1,2}(?:\.\d++)?)[ \t]*+,[ \t]*+(\d{1,2}(?:\.\d++)?)[ \t]*+[\])][ \t*.]*+$")
#: round 17: a candidate letter and, a few words on in its clause, a number ("A ko 6 dunga, B ko 4", "pa la A le doy un 3 y pa la B
#: un 8", "description A, I'd give it a 9. For B, only a 1")
_LETTER_NUMBER = re.compile(r"(?<![^\W\d_])([AB])(?![^\W\d_])[^\d\n.;!?]{0,30}?(?<![\d.])(\d{1,2}(?:[.,]\d)?)(?![\d])")
#: a scale written after a score ("8 von 10", "7 out of 10", "10 mein se 8" is read by scale_first): not a number of its own
_SCALE_AFTER = re.compile(r"(?i)(?<![ \t])[ \t]{0,3}(?:/|von|out[ \t]{1,3}of|of|sur|de|su|из|z|از)[ \t]{0,3}10(?![\d.])"
                          r"|(?<![\d.])10[ \t]{1,3}(?:mein|me|mai|main)[ \t]{1,3}se(?![^\W\d_])")  # "dono 10 mein se"
#: a judge saying it cannot score: its numbers are no scores
_CANNOT_SCORE = re.compile(r"(?i)(?<![^\W\d_])(?:can'?t|cannot|can\s+not|unable|impossible|not\s+possible|no\s+score|n/a)(?![^\W\d_])")
#: keycap digits ("9️⃣"): the digit, without the variation selector and the keycap mark
_KEYCAP = re.compile("[\ufe0f\u20e3]")
_JUDGE_REASONING_TAGS = ("think", "thinking", "reasoning")


def _last(matches):
    """The last of an iterator of matches (at most the first 64 read), or None."""
    last = None
    for i, m in enumerate(matches):
        if i >= 64:
            break
        last = m
    return last


def _letter_then_number(t: str) -> dict[str, float]:
    """{"A": a, "B": b} when the reply names each candidate once as a bare capital with one number after it in its clause, and
    holds no other number (scales written after a score, "8 von 10", aside): "A ko 6 dunga, B ko 4", "A 👉 9️⃣ , B 👉 2️⃣",
    "description A, I'd give it a 9. For B, only a 1". Else {} (round 17): numbers in reasoning ("2 lesions ... fits B")
    leave it unread."""
    t = _SCALE_AFTER.sub("", _KEYCAP.sub("", t[:4000]))
    if _CANNOT_SCORE.search(t):
        return {}  # "A has 2 lesions, B has 3; I can't score this": counts, no scores
    got = [(m.group(1), m.group(2)) for m in _LETTER_NUMBER.finditer(t)]
    letters = re.findall(r"(?<![^\W\d_])[AB](?![^\W\d_])", t)
    if sorted(x for x, _ in got) != ["A", "B"] or sorted(letters) != ["A", "B"] or len(re.findall(r"(?<![\d.,])\d", t)) != 2:
        return {}
    return {x: float(v.replace(",", ".")) for x, v in got}

#: a candidate letter joined to its label as in a key: "score_a", "scoreB", "rating-a"
_CALL_LETTER = re.compile(r"(?i)(?<![^\W\d_])(score|rating|similarity)\s*+\(\s*+([AB])\s*+\)")
#: an XML element holding one candidate's score: "<score_A>5</score_A>", "<B>1</B>"
_XML_SCORE = re.compile(r"<((?:score|rating|candidate|option)?[_ -]?[ABab])>[ \t]*+(\d{1,2}(?:\.\d++)?)[ \t]*+</\1>")
_KEY_LETTER = re.compile(r"(?i)(?<![^\W\d_])(score|rating|candidate|option)[_-]?([ab])(?![^\W_])")
_JSON_KEY = re.compile(r"^(?:option|answer|candidate|description|score|scorefor|scoreforoption|scoreforcandidate|scorefordescription|rating|"
                       r"closenessto|similarityto)?(a|b)(?:score|rating)?$")
#: a scale named before the score: "10점 만점에 8점", "满分10分，得8分", "10点満点中8点", "на 10 баллов из"
_OUT_OF_TEN_BEFORE = re.compile(r"10\s*+점\s*+만점에|满分\s*+10\s*+分[，,]?|滿分\s*+10\s*+分[，,]?|10\s*+点満点中")
#: a YAML block per candidate: "A:\n  score: 3\n  rationale: ...", read as "A: 3"
_YAML_SCORE = re.compile(r"(?m)^[ \t]*+(?:(?i:description|candidate|option)[ _]?)?([AB])[ \t]*+:[ \t]*+\n((?:[ \t]++[^\n]*+\n){0,6}?)"
                         r"[ \t]++(?i:score|rating|similarity)[ \t]*+:[ \t]*+(\d{1,2}(?:\.\d++)?)")


def parse_judge_lenient(reply: str) -> tuple[float, float, str]:
    """A tolerant judge parser for replies the official one cannot read.

    Reads (reasoning blocks ``<think>...</think>`` removed, NFKC applied), in order:

    1. a JSON object, bare or in a fenced block: ``{"A": 7, "B": 2}``, ``{"score_a": 7.5, ...}``,
       ``{"scores": {"A": 7, "B": 2}, "reason": "..."}`` (numbers or numeric strings; a raw
       newline inside a string is read);
    2. otherwise the first score of each candidate anywhere, several on a line allowed: ``A: 7``,
       ``A = 7, B = 2``, ``Answer A: 4``, ``Score for A: 8/10``, ``Candidate B: 4``,
       ``Similarity to A: 8``, ``Option A gets 5``, ``A 7 | B 3``, ``选项A：6``, ``Score A -> 6``, a
       markdown table row ``| A | 9 |``, and a verb before the candidate ("I'd give A a 9");
    3. (round 9) other languages and scripts, normalised first (:mod:`medtrust.scorers.judge_text`):
       non-ASCII digits ("٧", "۹", "৭"), scales written first ("10点満点中6点", "10 üzerinden 6"),
       description letters of other scripts (А/Б, Α/Β, أ/ب, الف/ب, א/ב), keys of any language ending
       in the letter ("pontuacao_a: 3", ``{"puntuacion_descripcion_A": 5}``), "A: [[6]]", "描述A：【5】",
       both candidates then both scores ("Scores for A and B: 7 and 1, respectively"), a candidate then
       its score in the clause by a score noun or unit ("descrição A com nota 7,5", "описанию А на 6
       баллов", "描述A得7分"), and number words of many languages where a score stands ("Opis A: siedem
       punktów", "con un punteggio di sette", "評分 A：九分").

    Two different complete pairs ("Scores: A = 7, B = 3" ... "Scores: A = 2, B = 9") are two verdicts:
    a judge error, never one of them.

    Ratings keep their decimals ("A: 7.5" is 7.5, never 7). Scores must lie in 0-10 (0 is the
    official "no reply" value).

    Returns:
        (score_a, score_b, reason) with float scores.

    Raises:
        JudgeParseError: a score is missing or out of range, or the reply states different pairs.
    """
    t = strip_reasoning(unicodedata.normalize("NFKC", reply or ""), _JUDGE_REASONING_TAGS)[0]
    # other digits, scales written first and letters of other scripts brought to one shape (judge_text)
    t = latin_letters(scale_first(ascii_digits(t)))
    t = _BRACKETED_SCORE.sub(lambda m: m.group(1) or m.group(2), t)  # "A: [[6]]" -> "A: 6"
    t = _ANY_KEY_LETTER.sub(lambda m: f"{m.group(1)} {m.group(2).upper()}", t)  # "pontuacao_a: 3" -> "pontuacao A: 3"
    t = _XML_SCORE.sub(lambda m: f"{m.group(1)}: {m.group(2)}\n", t)  # "<score_A>5</score_A>" -> "score_A: 5"
    t = _KEY_LETTER.sub(lambda m: f"{m.group(1)} {m.group(2).upper()}", t)  # "score_a: 7", "scoreB=2" -> "score A: 7"
    t = _CALL_LETTER.sub(lambda m: f"{m.group(1)} {m.group(2)}", t)  # "Score(A)=6" -> "Score A=6"
    t = _OUT_OF_TEN_BEFORE.sub(" ", t)  # "설명 A: 10점 만점에 8점": the scale before the score is no score
    t = _YAML_SCORE.sub(lambda m: f"{m.group(1)}: {m.group(3)}\n{m.group(2)}", t)  # "A:\n  score: 3" -> "A: 3"
    found = _judge_json(t)
    reason = ""
    if found is not None:
        found, reason = found
    else:
        found = _summary_line_scores(t)
        pair = None if found else _JUDGE_PAIR.search(t) or _LEADING_PAIR.match(t) or _last(_LABELLED_PAIR.finditer(t))
        both = None if found or pair else _BOTH_PAIR.search(t)
        if pair:
            a, b = (pair.group(1), pair.group(2)) if pair.group(1) is not None else (pair.group(3), pair.group(4))
            found = {"A": float(a), "B": float(b)}
        elif both and both.group(1) != both.group(2):
            # "Scores for A and B: 7 and 1, respectively": the scores in the candidates' order (before the
            # labelled scores, which would read "B: 7")
            found = {both.group(1): float(both.group(3).replace(",", ".")), both.group(2): float(both.group(4).replace(",", "."))}

        # labelled scores first ("A: 8"); the looser shapes (a verb, a score before its candidate)
        # only for a candidate still without one: they also match numbers in the reasoning
        # ("I would rate B 3 points lower than A. A: 8, B: 5")
        for letter, score in _labelled_scores(t).items():
            found.setdefault(letter, score)
        if len(found) < 2:
            loose = sorted([(m.start(), m.group(1), next(g for g in m.groups()[1:] if g))
                            for p in (_JUDGE_SCORE_VERB, _JUDGE_SCORE_LATER, _JUDGE_SCORE_BRACKET_LATER, _JUDGE_SCORE_CLAUSE,
                                      _JUDGE_SCORE_COLON)
                            for m in p.finditer(t)] + [(m.start(), m.group(2), m.group(1)) for m in _JUDGE_SCORE_REV.finditer(t)])
            for _, letter, num in loose:
                found.setdefault(letter.upper(), float(num.replace(",", ".")))
        if len(found) < 2:
            found.update({k: v for k, v in _letter_then_number(t).items() if k not in found})
        if len(_stated_pairs(t)) > 1:
            # "Scores: A = 7, B = 3" and later "Scores: A = 2, B = 9": the judge gave two verdicts
            raise JudgeParseError(f"judge reply gives different score pairs: {sorted(_stated_pairs(t))}")
        rest = [ln for ln in t.split("\n") if ln.strip() and not _JUDGE_SCORE.search(ln)]
        reason = rest[0].strip() if rest else ""
    if "A" not in found or "B" not in found:
        spelled = spell_numbers(spell_out_scores(reply or ""))
        if spelled != (reply or ""):
            return parse_judge_lenient(spelled)  # "A: eight, B: three", "A scores seven out of ten", "Opis A: siedem punktów"
        raise JudgeParseError(f"judge reply lacks scores for A and B: {reply[:200]!r}")
    if not all(0 <= v <= 10 for v in found.values()):
        raise JudgeParseError(f"judge scores outside 0-10: {found}")
    return found["A"], found["B"], reason


#: a line that gives the judge's scores as its conclusion: "Final scores - A: 2, B: 9", "Scores: A = 6, B = 4"
_SUMMARY_LINE = re.compile(r"(?im)^[ \t*#>_-]*+(?:final\s++)?(?:scores?|ratings?|similarity\s++scores?)\b[^\n]{0,120}$")


def _summary_line_scores(t: str) -> dict[str, float]:
    """Both scores from the last line labelled as the scores ("Final scores - A: 2, B: 9"), when it
    holds a score for each candidate; else {}. Numbers in the reasoning before it ("TI-RADS 2 in A")
    are never read as scores then."""
    lines = list(_SUMMARY_LINE.finditer(t))[-64:]
    for m in reversed(lines):
        got = _labelled_scores(m.group(0))
        if "A" in got and "B" in got:
            return {"A": got["A"], "B": got["B"]}
    return {}


def _stated_pairs(t: str) -> set[tuple[float, float]]:
    """The complete (A, B) pairs the reply states: each line with a labelled score for both candidates,
    and each paragraph with exactly one labelled score for each ("A: 7\\nB: 3"). Two different pairs are
    two verdicts, which no reader may choose between."""
    pairs: set[tuple[float, float]] = set()
    for block in re.split(r"\n[ \t]*+\n", t)[:64]:
        ms = [(m.group(1).upper(), float(m.group(2).replace(",", "."))) for m in _JUDGE_SCORE.finditer(block)]
        if sorted(x for x, _ in ms) == ["A", "B"]:
            pairs.add((dict(ms)["A"], dict(ms)["B"]))
            continue
        for line in block.split("\n")[:64]:
            got = _labelled_scores(line)
            if "A" in got and "B" in got:
                pairs.add((got["A"], got["B"]))
    return pairs


def _labelled_scores(t: str) -> dict[str, float]:
    """{candidate: score} from the first labelled score of each candidate in ``t`` ("A: 8", "Candidate B: 4";
    :data:`_JUDGE_SCORE`)."""
    got: dict[str, float] = {}
    for m in _JUDGE_SCORE.finditer(t):
        got.setdefault(m.group(1).upper(), float(m.group(2).replace(",", ".")))
    return got


def _judge_json(t: str) -> tuple[dict[str, float], str] | None:
    """({"A": a, "B": b}, reason) from the first JSON object holding both scores; else from
    objects that each name one candidate and its score (``[{"option": "B", "score": 6}, {"option":
    "A", "score": 1}]``); else None."""
    parts: dict[str, float] = {}
    for obj in json_objects(t):
        got = _json_scores(obj)
        if got is not None:
            return got
        if isinstance(obj, dict):
            keys = {re.sub(r"[^a-z]", "", str(k).lower()): v for k, v in obj.items()}
            who = next((keys[k] for k in ("option", "candidate", "label", "id", "letter") if isinstance(keys.get(k), str)), None)
            num = next((_json_number(keys[k]) for k in ("score", "rating", "similarity") if k in keys), None)
            if who is not None and who.strip().upper() in ("A", "B") and num is not None:
                parts.setdefault(who.strip().upper(), num)
    return (parts, "") if len(parts) == 2 else None


def _json_scores(obj: object, depth: int = 0) -> tuple[dict[str, float], str] | None:
    if not isinstance(obj, dict) or depth > 2:
        return None
    scores: dict[str, float] = {}
    reason = ""
    for k, v in obj.items():
        key = re.sub(r"[^a-z]", "", str(k).lower())
        km = _JSON_KEY.match(key) or _JSON_LETTER_KEY.fullmatch(str(k))  # "puntuacion_descripcion_A": any language
        if km:
            # {"A": {"score": 2, "reason": ...}}: the candidate's object holds its score
            num = _json_number(next((x for kk, x in v.items() if re.sub(r"[^a-z]", "", str(kk).lower()) in ("score", "rating", "similarity", "value")),
                                    None)) if isinstance(v, dict) else _json_number(v)
            if num is not None:
                scores.setdefault(km.group(1).upper(), num)
        elif key in ("reason", "reasoning", "explanation", "rationale", "justification") and isinstance(v, str):
            reason = v
    if "A" in scores and "B" in scores:
        return scores, reason
    for v in obj.values():
        got = _json_scores(v, depth + 1)
        if got is not None:
            return got[0], got[1] or reason
    return None


def _json_number(v: object) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return float(v)
    if isinstance(v, str):
        m = re.fullmatch(r"\s*+(\d{1,2}(?:[.,]\d++)?)\s*+(?:/\s*+10\s*+)?", v)
        return float(m.group(1).replace(",", ".")) if m else None
    return None
