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
from dataclasses import dataclass

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig, Model, get_model

JUDGE_SYSTEM = "You are an expert in biomedicine grading answers to medical image questions."
JUDGE_TEMPLATE = (
    "Grade the model's reply to a biomedical question about an image, using the reference answer "
    "as the ground truth. Consider how helpful, relevant, accurate and detailed the reply is, and "
    "combine these into one overall grade from 1 (worst) to 10 (best).\n\n"
    "Question: {question}\n\nReference answer: {reference}\n\nModel reply: {response}\n\n"
    "Reply with the grade only, as a single number."
)
JUDGE_TEMPLATE_SHA256 = hashlib.sha256((JUDGE_SYSTEM + "\n" + JUDGE_TEMPLATE).encode()).hexdigest()

_NUM = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.]*\d)")


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

    Accepts "8", " 7.5\\n", "Score: 8", "**9**", "8/10", "Grade - 6 out of 10". Rejects empty
    replies, replies with several different candidate grades ("7 or 8"), and values outside
    [1, 10]. A trailing "/10" or "out of 10" is not a second grade.
    """
    t = (reply or "").strip()
    if not t:
        return None, "empty judge reply"
    t = re.sub(r"\s*(?:/|out\s+of)\s*10(?:\.0+)?\b", "", t, flags=re.IGNORECASE)
    nums = {float(m) for m in _NUM.findall(t)}
    if not nums:
        return None, "no number in judge reply"
    if len(nums) > 1:
        return None, f"several grades in judge reply: {sorted(nums)}"
    v = nums.pop()
    if not 1.0 <= v <= 10.0:
        return None, f"grade {v:g} outside 1-10"
    return v, None


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
        grader: a Model; default ``get_model(role="grader")`` (falls back to the model under
            evaluation when no grader role is bound, which the summary flags as a self-judge).
        temperature: judge sampling temperature (official 0.7; default 0).
        max_tokens: reply length cap.

    Returns:
        JudgeResult; model errors and unparseable replies give ``score=None`` with a reason.
    """
    model = grader or get_model(role="grader")
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
    score, why = parse_judge_score(raw)
    return JudgeResult(score, raw, official_parse(raw), why)
