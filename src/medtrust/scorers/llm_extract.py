"""LLM fallback for answer extraction: a judge model reads a reply the rules could not read.

Answer-extraction studies and evaluation kits (e.g. the option matching with a chat model in
VLMEvalKit and MMBench, Liu et al. 2023, sec. 3.2) send a reply that no rule reads to a language
model with a short prompt that asks which option it chose. medtrust does the same as a last
step: only a reply the rule extractor leaves ``unparseable`` (no answer, or several options stated
together) goes to the judge model bound to the ``grader`` role (``--judge-model``); refusals and
truncated replies never do, nor does a restricted sample bound for a non-local judge. The judge's
reading is recorded with ``extracted_by="llm"`` and its raw reply, apart from rule-read answers
(``extracted_by="rules"``), and summaries count it. ``llm_extraction=False`` (task argument) or
``medtrust run --llm-extraction off`` turns it off; without a judge model nothing is sent.

The prompt is medtrust's own wording (:data:`EXTRACTION_TEMPLATE`, hashed in
:data:`EXTRACTION_PROMPT_SHA256`). The judge must answer with one option letter (YES / NO for a
yes/no question) or NONE; anything else is no reading (the sample stays ``unparseable``, with the
judge's reply kept).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Any, Mapping

EXTRACTION_SYSTEM = "You read answers to exam questions and report which answer they give. You never answer the question yourself."
EXTRACTION_TEMPLATE = (
    "Below is a reply to a {kind} question. Report the answer the reply finally commits to.\n\n"
    "{choices}"
    "Reply:\n<<<\n{reply}\n>>>\n\n"
    "Write only {allowed}. Write NONE if the reply commits to no single answer: it declines, says it "
    "cannot tell, leaves more than one option open, or answers something else."
)
EXTRACTION_PROMPT_SHA256 = hashlib.sha256((EXTRACTION_SYSTEM + "\n" + EXTRACTION_TEMPLATE).encode()).hexdigest()
#: characters of a long reply shown to the judge: its opening and its end
REPLY_HEAD, REPLY_TAIL = 1_500, 4_500
#: the judge's token limit (an answer is one token; reasoning judges need more, via the model's config)
MAX_TOKENS = 16

@dataclass(frozen=True)
class LLMExtraction:
    """The judge's reading of one reply.

    Attributes:
        answer: an option letter, "yes"/"no", or None (the judge said NONE, or its reply was no
            allowed answer: see ``error``).
        raw: the judge's reply ("" when the call failed).
        judge: the judge model's name.
        error: why there is no reading other than NONE (a failed call, an unreadable reply), or None.
    """

    answer: str | None
    raw: str
    judge: str
    error: str | None = None

    def metadata(self) -> dict[str, Any]:
        """Score metadata for the log: the judge, its raw reply, the prompt hash, any error."""
        return {"llm_extraction_judge": self.judge, "llm_extraction_raw": self.raw[:500],
                "llm_extraction_error": self.error, "llm_extraction_prompt_sha256": EXTRACTION_PROMPT_SHA256}


def extraction_prompt(reply: str, options: Mapping[str, str] | None) -> str:
    """The user message for one reply (``options`` None or empty: a yes/no question)."""
    text = reply if len(reply) <= REPLY_HEAD + REPLY_TAIL else reply[:REPLY_HEAD] + "\n[...]\n" + reply[-REPLY_TAIL:]
    if options:
        choices = "Options:\n" + "".join(f"{k}. {v}\n" for k, v in options.items()) + "\n"
        allowed = "the letter of that option (" + ", ".join(options) + ")"
        kind = "multiple-choice"
    else:
        choices, allowed, kind = "", "YES or NO", "yes/no"
    return EXTRACTION_TEMPLATE.format(kind=kind, choices=choices, reply=text.strip(), allowed=allowed)


_JUDGE_ANSWER = re.compile(r"^[\s*\"'(\[]*+([A-Za-z]{1,4})[\s*\"')\].!]*+$")


def read_extraction(raw: str, options: Mapping[str, str] | None) -> tuple[str | None, str | None]:
    """(answer, error) from the judge's reply: one allowed answer alone on its first non-empty
    line ("B", "**B**", "(b).", "NONE", "YES"); anything else is an error, never a guess."""
    lines = [ln for ln in (raw or "").strip().splitlines() if ln.strip()]
    if not lines:
        return None, "empty extraction reply"
    m = _JUDGE_ANSWER.match(lines[0][:40])
    word = m.group(1).upper() if m else ""
    if word == "NONE":
        return None, None
    if options:
        if word in options:
            return word, None
    elif word in ("YES", "NO"):
        return word.lower(), None
    return None, f"extraction reply is no allowed answer: {raw[:80]!r}"


async def llm_extract(model: Any, reply: str, options: Mapping[str, str] | None) -> LLMExtraction:
    """Ask ``model`` (an inspect ``Model``) which answer ``reply`` commits to.

    Args:
        model: the judge (the ``grader`` role's model).
        reply: the evaluated model's reply (a long one is cut to its opening and end).
        options: {letter: text} of the question, or None for a yes/no question.

    Returns:
        :class:`LLMExtraction`; a failed call or an unreadable reply has ``answer=None`` and an
        ``error`` (never raised: the sample then stays ``unparseable``).
    """
    from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig

    from medtrust.scorers.budget import ReaderBudgetExceeded, read_within

    name = str(getattr(model, "name", None) or model)
    messages = [ChatMessageSystem(content=EXTRACTION_SYSTEM), ChatMessageUser(content=extraction_prompt(reply, options))]
    try:
        out = await model.generate(messages, config=GenerateConfig(temperature=0.0, max_tokens=MAX_TOKENS))
    except Exception as e:  # noqa: BLE001 - a failed judge call leaves the sample unparseable, with the cause
        return LLMExtraction(None, "", name, f"extraction call failed: {type(e).__name__}: {e}")
    if out.error:
        return LLMExtraction(None, out.completion or "", name, f"extraction model error: {out.error}")
    raw = out.completion or ""
    try:
        answer, error = read_within(read_extraction, raw, options)
    except ReaderBudgetExceeded as e:
        answer, error = None, str(e)
    return LLMExtraction(answer, raw, name, error)


def llm_extraction_counts(score_metadata: list[Mapping[str, Any]]) -> dict[str, int]:
    """{"llm": samples the judge decided, "llm_asked": samples sent to it, "rules": rule-read
    answers} over score metadata dicts (summaries and the table line)."""
    by = [m.get("extracted_by") for m in score_metadata]
    return {"llm": by.count("llm"), "llm_asked": sum(1 for m in score_metadata if m.get("llm_extraction_judge")),
            "rules": by.count("rules")}


def llm_extraction_note(counts: Mapping[str, int]) -> str | None:
    """The summary note for :func:`llm_extraction_counts`, or None when the judge was never asked."""
    if not counts.get("llm_asked"):
        return None
    return (f"{counts['llm']} of {counts['llm_asked']} reply(ies) the rules could not read were decided by the judge model "
            f"(LLM extraction, extracted_by=llm; {counts['rules']} answers read by the rules); "
            "--llm-extraction off turns it off")
