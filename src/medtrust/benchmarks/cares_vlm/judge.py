"""Open-ended CARES-VLM answers judged by an LLM on the official 1-10 scale.

The official ``src/eval/eval_gpt_score.py`` (repo richard-peng-xia/CARES @ a743fe04) asks
gpt-4-turbo at temperature 0.7, as a biomedical expert, to rate a model response against the
question and the reference answer for helpfulness, relevance, accuracy and level of detail as
one number from 1 to 10, and reads the reply with ``float(reply)``; replies that do not parse
are silently dropped, and its printed mean is computed from a hard-coded list (always 1.0).

medtrust: the judge is inspect's model role ``grader`` (``--model-role grader=...``); the
prompt is our paraphrase (:data:`JUDGE_TEMPLATE`, hashed in :data:`JUDGE_TEMPLATE_SHA256`);
temperature defaults to 0 (official 0.7, a named deviation); a reply without exactly one
usable score in [1, 10] is a counted ``judge_error``, and the raw reply is kept in the score.

Mapping to accuracy (cares_vlm.md sec. 5.1 leaves it open): **accuracy % = 10 x mean judge
score** (a score s counts as credit s/10 per sample). Named in docs/deviations.md.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig, Model

from medtrust.judges.roles import grader_model
from medtrust.scorers.budget import ReaderBudgetExceeded, read_within
from medtrust.scorers.extract import json_objects, spell_out_scores, strip_reasoning
from medtrust.scorers.judge_text import ascii_digits, scale_first, spell_numbers

#: reasoning blocks dropped from a judge reply
_JUDGE_REASONING_TAGS = ("think", "thinking", "reasoning")

JUDGE_SYSTEM = "You are an expert in biomedicine grading answers to medical image questions."
JUDGE_TEMPLATE = (
    "Grade the model's reply to a biomedical question about an image, using the reference answer "
    "as the ground truth. Consider how helpful, relevant, accurate and detailed the reply is, and "
    "combine these into one overall grade from 1 (worst) to 10 (best).\n\n"
    "Question: {question}\n\nReference answer: {reference}\n\nModel reply: {response}\n\n"
    "Reply with the grade only, as a single number."
)
JUDGE_TEMPLATE_SHA256 = hashlib.sha256((JUDGE_SYSTEM + "\n" + JUDGE_TEMPLATE).encode()).hexdigest()

# possessive digit runs (\d++) never give digits back: each pattern is linear (regex_safety)
_NUM = re.compile(r"(?<![\w.])(\d++(?:\.\d++)?)(?![\w.]*\d)")
_NUMBER = r"(\d++(?:\.\d++)?)"
# "out of" in many languages: "7 von 10", "6 sur 10", "7 av 10", "5 trên 10", "6 จาก 10", "8 از 10", "7 من 10"; round 17: "outta",
# Somali "6 ka mid ah 10", Welsh "2 allan o 10"
_OUT_OF = r"(?:out\s+of|outta|ka\s+mid\s+ah|allan\s+o|sur|von|su|из|de|av|van|op|na|z|em|sobre|trên|จาก|از|من|από|מתוך|dari|kati\s+ya)"
# grade labels of many languages: "Punteggio: 7", "Оценка: 6", "評分：7", "점수: 8", "Điểm: 7", "Cijfer: 7", "ציון: 8"
_GRADE_LABELS = (r"score|grade|rating|overall|verdict|bewertung|wertung|punktzahl|puntuaci[oó]n|puntaje|calificaci[oó]n|pontua[cç][aã]o|nota|"
                 r"punteggio|voto|cijfer|beoordeling|betyg|skor|puan|alama|nilai|điểm|ocena|hodnocení|оценка|балл|βαθμολογία|βαθμός|"
                 r"ציון|التقييم|تقييم|الدرجة|درجة|امتیاز|نمره|अंक|स्कोर|স্কোর|คะแนน|"
                 r"评分|評分|分数|分數|得分|評価|点数|スコア|점수|평가")
# a grade followed by another ("Puntuación: 4 u 8", "Score: 7 or 8", "점수: 6점 또는 8점") is no single grade
_ALTERNATIVE = (r"(?!\s*+(?:점|点|分|(?i:points?|punkte|puntos|punti|pontos|puan|điểm))?\s*+(?:-|–|(?:or|o|u|oder|ou|eller|или|veya|hoặc|atau|au|או|یا|أو|या|หรือ|或|または|또는|to|bis|a|à)(?![^\W\d_]))"
                r"\s*+\d)")
# a decimal comma: "Punktzahl: 6,5" is 6.5; not a list "(4,6)", not thousands "1,000"
_DECIMAL_COMMA = re.compile(r"(?<![\d.,\[(])(\d{1,2}),(\d{1,2})(?![\d,]|\.\d)")
# a grade stated as such: "7/10", "6 out of 10", "Score: 7", "Grade - 6", "I would rate it 8", "give it a 7"
_STATED = (
    re.compile(r"(?<![\d.])" + _NUMBER + r"\s*+(?:/|" + _OUT_OF + r")\s*+10(?:\.0+)?(?!\d|\.\d)", re.IGNORECASE),  # "3 out of 10." ends a sentence
    # never across a slash: "Score: [score]/10" is a template's placeholder over the scale, no grade (round 12)
    re.compile(r"(?<!\w)(?:" + _GRADE_LABELS + r")(?!\w)[^\w/]{0,3}(?:(?:is|of|would\s+be)\s+)?[:=\-]?\s*+\**+\s*+" + _NUMBER
               + r"(?![\d.]*\d)(?!\s*+(?:/|out\s+of)\s*+(?!10)\d)" + _ALTERNATIVE, re.IGNORECASE),
    re.compile(r"\b(?:rate|rated|give|gave|grade|graded|score|scored|assign|assigned)\s++(?:it|this|(?:this|the)\s+(?:reply|response|answer))?\s*+(?:(?:a|an|at|as)\s+)?" + _NUMBER + r"(?![\d.]*\d)", re.IGNORECASE),
)
# an overall / final / total grade on its own line or table row, beside per-criterion scores
_OVERALL = re.compile(r"(?im)^[ \t|*_>-]{0,12}(?:overall|final|total)(?:[ \t]++(?:score|grade|rating))?[ \t|*_:=-]{0,12}" + _NUMBER
                      + r"(?![\d.]*\d)(?:[ \t]{0,3}(?:/|out[ \t]+of)[ \t]{0,3}10)?[ \t|*_.]{0,12}$")
# the reply opens with the grade: "7 - it names 2 of the 3 findings"; not "7 or 8", not "7-8"
_LEADING = re.compile(r"^\W*?" + _NUMBER + r"(?!\s*+(?:-|to|or|and|/|%)\s*+\d)(?=[^\S\n]*+(?:[.\-:;,)\n*]|$))", re.IGNORECASE)
# a grade in double brackets, the rubric format of many judges: "[[7]]"
_BRACKETED = re.compile(r"\[\[\s*+(\d++(?:\.\d++)?)\s*+\]\]")
# a bracketed number that defines the rubric, not a grade: "[[3]] means poor", "[[1]] = wrong"
_DEFINES = re.compile(r"\s*+(?:=|means|is\s+(?:for|given)|if|for|indicates|stands\s+for|corresponds)(?!\w)", re.IGNORECASE)
# weaker: "[[1]]: wrong", "[[10]] - perfect" define the rubric only beside another bracketed grade
_MAY_DEFINE = re.compile(r"\s*+[:\-]\s*+[^\W\d]")
# a judge service's error text in place of a grade: never a grade (its numbers are codes or seconds)
_ERROR_TEXT = re.compile(
    r"^\W{0,3}(?i:error|exception|traceback|timeout|timed\s+out|request\s+failed|rate[\s-]limit|service\s+unavailable|"
    r"internal\s+server\s+error|bad\s+gateway|http\s+\d{3})(?!\w)"
    r"|(?i:\bstatus\s+code\s+\d{3}\b|\btimeout\s+after\b|\bcontext\s+length\s+exceeded\b)"
)
# dates and clock times are never grades: 2024-05-01, 2023/11/02, 14:00
_DATE_TIME = re.compile(r"(?<![\d.])\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)|(?<![\d.:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])")
# the scale itself ("on a scale of 1 to 10", "Score (1-10):") is not a grade
_SCALE = re.compile(r"(?:\(\s*+)?\b(?:on\s+(?:a|the)\s+)?(?:scale\s+)?(?:of\s+|from\s+)?[01]\s*+(?:-|–|—|to)\s*+10\b(?:\s*+(?:point\s+)?scale)?(?:\s*+\))?", re.IGNORECASE)
# a rubric's anchors in brackets: "(1 = completely wrong, 10 = perfect)"
_ANCHORS = re.compile(r"\(\s*+\d{1,2}\s*+[=:]\s*+[^()\n]{1,80}\)")
# an example of the format, not a grade: 'for example: "Rating: [[5]]"'
_EXAMPLE_BEFORE = re.compile(r"(?i)(?:for\s+example|e\.\s*g\.|example|such\s+as|like\s+this|format)\W{0,12}(?:rating|score|grade)?\W{0,6}$")


@dataclass(frozen=True)
class JudgeResult:
    """One judge verdict.

    Attributes:
        score: grade in [1, 10], or None (judge_error).
        raw: the judge's reply text ("" on a model error).
        official_score: ``float(raw)`` as the official script reads it (may be out of range),
            None where the official script would drop the sample.
        error: reason when ``score`` is None.
    """

    score: float | None
    raw: str
    official_score: float | None
    error: str | None = None


def official_parse(reply: str) -> float | None:
    """eval_gpt_score.py: ``float(reply)`` (Python accepts surrounding whitespace), else None."""
    try:
        return float(reply)
    except (TypeError, ValueError):
        return None


def parse_judge_score(reply: str | None) -> tuple[float | None, str | None]:
    """Grade from a judge reply: (score, None) or (None, reason).

    Reads, in order (reasoning blocks ``<think>...</think>``, mentions of the scale, "on a
    scale of 1 to 10", "(1-10)", dates and clock times removed; NFKC applied; non-ASCII digits as
    ASCII ("٨/١٠"); a scale written first as "X/10" ("10点満点中6点", "10 üzerinden 5", "满分10分，得7分");
    decimal commas read ("Punktzahl: 6,5" is 6.5); :mod:`medtrust.scorers.judge_text`):

    0. a reply that is a service's error text ("[ERROR] timeout after 9 s", "Request failed with
       status code 429") holds no grade: a judge error, whatever numbers it shows;
    1. a JSON object with a ``score``/``grade``/``rating`` key (bare or in a fenced block);
    2. double-bracketed grades ("[[7]]"), leaving out those that define the rubric ("[[3]] means
       poor", "[[1]] = wrong"), so "[[3]] means poor. Final: [[7]]" is 7;
    3. grades stated as such: "7/10", "6 out of 10", "Score: 7", "Grade - 6", "I would rate it
       8", "give it a 7", "Bewertung: 8", "评分：6", labels and "out of" of many languages ("Betyg: 7
       av 10", "Skor", "Cijfer", "Оценка", "評分", "점수", "Điểm", "ציון", "امتیاز", "अंक", "คะแนน",
       "5 trên 10", "6 จาก 10", "8 از 10"); every stated grade must agree, so the counts
       in a reason ("it names 2 of the 3 findings") never compete with "Score: 7/10";
    4. a reply that opens with its grade ("8", " 7.5\\n", "**9**", "7 - it names 2 of 3 findings");
    5. otherwise exactly one number in the reply;
    6. a reply with no number at all is read again with its spelled scores as digits ("I'd give it a
       seven", "Grade: seven out of ten"; :func:`medtrust.scorers.extract.spell_out_scores`; and in many
       languages, "Cijfer: zeven", "Alama: nane", "评分：七分", "سبعة من عشرة":
       :func:`medtrust.scorers.judge_text.spell_numbers`).

    Rejects empty replies, several different candidate grades ("7 or 8", "Puntuación: 4 u 8",
    "점수: 6점 또는 8점", "Score: 7 ... Score: 8"),
    and values outside [1, 10].
    """
    t = unicodedata.normalize("NFKC", reply or "")
    t = strip_reasoning(t, _JUDGE_REASONING_TAGS)[0].strip()
    # other digits ("٨/١٠"), a scale written first ("10点満点中6点" -> "6/10") and decimal commas (judge_text)
    t = _DECIMAL_COMMA.sub(r"\1.\2", scale_first(ascii_digits(t)))
    if not t:
        return None, "empty judge reply"
    if _ERROR_TEXT.search(t):
        return None, f"judge replied with an error text: {t[:120]!r}"
    v: float | None = _json_grade(t)
    t = _ANCHORS.sub(" ", _SCALE.sub(" ", _DATE_TIME.sub(" ", t)))
    if v is None:
        # "[[3]] means poor ... Final: [[7]]": the bracketed grades that do not define the rubric
        kept = [m for m in _BRACKETED.finditer(t) if not _DEFINES.match(t, m.end())
                and not _EXAMPLE_BEFORE.search(t[max(0, m.start() - 60): m.start()])]
        graded = {float(m.group(1)) for m in kept}
        if len(graded) > 1:
            graded = {float(m.group(1)) for m in kept if not _MAY_DEFINE.match(t, m.end())}
        if len(graded) > 1:
            return None, f"several grades in judge reply: {sorted(graded)}"
        if graded:
            v = graded.pop()
        elif _BRACKETED.search(t):
            return None, "the judge reply only defines the rubric"
    if v is None:
        overall = {float(m.group(1)) for m in _OVERALL.finditer(t)}
        if len(overall) == 1:
            v = overall.pop()  # "| Accuracy | 7 | ... | **Overall** | **6** |": the overall row, not the criteria
    if v is None:
        stated = {float(m.group(1)) for pat in _STATED for m in pat.finditer(t)}
        if len(stated) > 1:
            return None, f"several grades in judge reply: {sorted(stated)}"
        if stated:
            v = stated.pop()
    if v is None:
        m = _LEADING.match(t)
        if m:
            v = float(m.group(1))
    if v is None:
        nums = {float(n) for n in _NUM.findall(re.sub(r"(?<!\s)\s*+(?:/|" + _OUT_OF + r")\s*+10(?:\.0+)?\b", "", t, flags=re.IGNORECASE))}
        if not nums:
            spelled = spell_numbers(spell_out_scores(t))  # also "Cijfer: zeven", "評分：七分", "سبعة من عشرة"
            if spelled != t:
                return parse_judge_score(spelled)  # "I'd give it a seven", "Grade: seven out of ten"
            return None, "no number in judge reply"
        if len(nums) > 1:
            return None, f"several grades in judge reply: {sorted(nums)}"
        v = nums.pop()
    if not 1.0 <= v <= 10.0:
        return None, f"grade {v:g} outside 1-10"
    return v, None


def _json_grade(t: str) -> float | None:
    """The number under a score/grade/rating key of the first JSON object in ``t`` that has one."""
    for obj in json_objects(t):
        if not isinstance(obj, dict):
            continue
        for k, val in obj.items():
            if re.sub(r"[^a-z]", "", str(k).lower()) in ("score", "grade", "rating", "overall", "overallscore", "finalscore"):
                if isinstance(val, (int, float)) and not isinstance(val, bool):
                    return float(val)
                if isinstance(val, str) and re.fullmatch(r"\s*+\d++(?:\.\d++)?\s*+(?:/\s*+10\s*+)?", val):
                    return float(re.match(r"\s*+(\d++(?:\.\d++)?)", val).group(1))
    return None


async def judge_open_ended(
    question: str,
    reference: str,
    response: str,
    *,
    grader: Model | None = None,
    temperature: float = 0.0,
    max_tokens: int = 16,
) -> JudgeResult:
    """Ask the ``grader`` role model for a 1-10 grade.

    Args:
        question, reference, response: the item's question, gold free text and the model reply.
        grader: a Model; default the ``grader`` role (:func:`medtrust.judges.roles.grader_model`;
            falls back to the model under evaluation when no grader role is bound, which the
            summary flags as a self-judge).
        temperature: judge sampling temperature (official 0.7; default 0).
        max_tokens: reply length cap.

    Returns:
        JudgeResult; model errors and unparseable replies give ``score=None`` with a reason.
    """
    model = grader or grader_model()
    prompt = JUDGE_TEMPLATE.format(question=question.strip(), reference=reference.strip(), response=(response or "").strip())
    try:
        out = await model.generate(
            [ChatMessageSystem(content=JUDGE_SYSTEM), ChatMessageUser(content=prompt)],
            config=GenerateConfig(temperature=temperature, max_tokens=max_tokens),
        )
    except Exception as e:  # the judge call failing is a judge_error, never a silent wrong
        return JudgeResult(None, "", None, f"judge call failed: {type(e).__name__}: {e}")
    raw = out.completion or ""
    if out.error:
        return JudgeResult(None, raw, None, f"judge model error: {out.error}")
    try:
        score, why = read_within(parse_judge_score, raw)
    except ReaderBudgetExceeded as e:
        score, why = None, str(e)
    return JudgeResult(score, raw, official_parse(raw), why)
