"""The MediConfusion inspect scorer: the decided letter against gold, with an explicit outcome.

MC replies go through the official letter detector and the lenient parser (both logged; ``parser``
picks the primary), GD/PS letters through the official detector, FF replies through the
``grader`` judge (two scores, then the official threshold rule). Mode facts:
../shared/docs/benchmarks/mediconfusion.md sec. 3.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, GenerateConfig
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import TaskState

from medtrust.benchmarks.mediconfusion.extract import (
    DEFAULT_THRESHOLD,
    INVALID,
    Choice,
    JudgeParseError,
    lenient_choice,
    official_choice,
    parse_judge_lenient,
    parse_judge_official,
    threshold_choice,
)
from medtrust.benchmarks.mediconfusion.metrics import confusion, individual_accuracy, invalid_rate, set_accuracy
from medtrust.benchmarks.mediconfusion.prompts import JUDGE_SYSTEM, judge_prompt
from medtrust.judges.refusal import is_refusal
from medtrust.judges.roles import GRADER_ROLE, bound_graders, grader_model
from medtrust.outcomes import Outcome, answered_score, non_answer_score, stop_reason
from medtrust.scorers.budget import ReaderBudgetExceeded, read_within
from medtrust.scorers.llm_extract import llm_extract
from medtrust.solvers import input_error_of

#: Official judge temperature (doc sec. 3.1).
JUDGE_TEMPERATURE = 0.7


class ModeNotSupported(ValueError):
    """The model cannot run the requested mode (e.g. PS on an API without log-probabilities)."""


def _choice_meta(prefix: str, c: Choice) -> dict[str, Any]:
    return {f"choice_{prefix}": c.letter, f"reason_{prefix}": c.reason}


@scorer(metrics=[set_accuracy(), individual_accuracy(), confusion(), invalid_rate()])
def mediconfusion_scorer(
    mode: str = "mc",
    parser: str = "official",
    tr: float = DEFAULT_THRESHOLD,
    judge_temperature: float = JUDGE_TEMPERATURE,
    llm_extraction: bool = True,
) -> Scorer:
    """Score one image: decided letter vs gold, with an explicit outcome.

    Score metadata (read by the summary): ``pair_id``, ``slot``, ``gold``, ``swapped``,
    ``categories``, ``mode``, ``epoch``, ``choice`` (primary letter or "-"), ``choice_official`` and
    ``choice_lenient`` (MC), ``score_a``/``score_b`` (pair fed to the threshold rule),
    ``reason`` (why invalid), FF: ``judge_text``, ``judge_parse``.

    Outcomes: correct/incorrect for a decided letter; ``abstained`` when an undecided reply is a
    refusal; ``truncated`` when an undecided MC reply was cut by the token limit before stating
    an answer; ``unparseable`` for other undecided replies (no letter, both letters, FF scores
    within the threshold); ``judge_error`` for a judge reply without scores for A and B (the
    official parser first, then JSON and tolerant lines, decimals kept) or a failed judge call; ``model_error``; ``input_error`` for a missing image.

    Args:
        mode: mc | ff | gd | ps.
        parser: MC letter parser deciding ``choice``: ``official`` (faithful) or ``lenient``.
        tr: threshold of the official rule (default 3).
        judge_temperature: FF judge sampling temperature (official 0.7).
        llm_extraction: MC mode with a judge model bound (role ``grader``): a reply the lenient
            parser leaves undecided (no letter, both letters; not a refusal or a cut reply) is sent
            to it (medtrust.scorers.llm_extract) and its letter becomes ``choice_lenient`` with
            ``extracted_by="llm"``. The official parser, and so the default ``choice``, never uses it.
    """
    if parser not in ("official", "lenient"):
        raise ValueError(f"parser must be 'official' or 'lenient', got {parser!r}")

    async def score(state: TaskState, target: Target) -> Score:
        md = state.metadata
        base: dict[str, Any] = {
            "pair_id": md["pair_id"],
            "slot": md["slot"],
            "gold": md["gold"],
            "swapped": md.get("swapped", False),
            "categories": md.get("categories", []),
            "mode": mode,
            "epoch": state.epoch,  # pairs are formed per epoch (metrics.pair_key)
            "choice": INVALID,
        }
        if input_error_of(md):
            return non_answer_score(Outcome.INPUT_ERROR, input_error_of(md), **base)
        if state.output is None or state.output.error:
            err = state.output.error if state.output is not None else "no model output"
            return non_answer_score(Outcome.MODEL_ERROR, f"model error: {err}", **base)
        text = state.output.completion
        extra: dict[str, Any] = {}
        if mode == "mc":
            try:
                off = read_within(official_choice, text, tr)
                len_ = read_within(lenient_choice, text, md["option_a"], md["option_b"], stop_reason=stop_reason(state.output))
            except ReaderBudgetExceeded as e:
                return non_answer_score(Outcome.UNPARSEABLE, str(e), answer=INVALID, reader_budget_exceeded=True, **base)
            extra["extracted_by"] = "rules" if len_.valid else None
            if not len_.valid and len_.reason in ("no_letter", "both_letters") and llm_extraction and bound_graders():
                got = await llm_extract(grader_model(), text, {"A": md["option_a"], "B": md["option_b"]})
                extra |= got.metadata()
                if got.answer in ("A", "B"):
                    len_ = Choice(got.answer, 10 if got.answer == "A" else 0, 10 if got.answer == "B" else 0)
                    extra["extracted_by"] = "llm"
            extra |= _choice_meta("official", off) | _choice_meta("lenient", len_)
            chosen = off if parser == "official" else len_
        elif mode in ("gd", "ps"):
            ls = md.get("letter_scores", {})
            extra["letter_scores"] = ls
            # the solver's letter goes through the official detector, as the official adapters return the letter
            chosen = official_choice(text, tr) if text else Choice(INVALID, 0, 0, reason="no_letter")
        else:
            judged = await _judge(md, text, judge_temperature)
            if isinstance(judged, Score):
                judged.metadata = {**base, **(judged.metadata or {})}
                return judged
            a, b, reason, how, judge_text = judged
            chosen = threshold_choice(a, b, tr)
            extra |= {"judge_text": judge_text, "judge_parse": how, "judge_reason": reason}
        meta = base | extra | {"choice": chosen.letter, "score_a": chosen.score_a, "score_b": chosen.score_b, "reason": chosen.reason}
        if chosen.valid:
            ok = chosen.letter == md["gold"]
            return answered_score(1.0 if ok else 0.0, Outcome.CORRECT if ok else Outcome.INCORRECT, answer=chosen.letter, **meta)
        outcome = Outcome.UNPARSEABLE
        if mode == "mc" and not len_.valid:
            # how the reply reads decides the kind of non-answer, whichever parser picked the letter
            outcome = {"refusal": Outcome.ABSTAINED, "truncated": Outcome.TRUNCATED}.get(str(len_.reason), outcome)
        elif mode == "ff" and _refusal_within(text):
            outcome = Outcome.ABSTAINED
        return non_answer_score(outcome, f"invalid ({chosen.reason})", answer=INVALID, **meta)

    return score


def _refusal_within(text: str) -> bool:
    """The refusal check of an undecided FF reply; a reply it cannot read in time is no refusal
    (the sample stays ``unparseable``)."""
    try:
        return read_within(is_refusal, text)
    except ReaderBudgetExceeded:
        return False


async def _judge(md: dict[str, Any], response: str, temperature: float) -> tuple[float, float, str, str, str] | Score:
    """Ask the ``grader`` role; returns (A, B, reason, parser used, raw reply) or a judge_error Score."""
    try:
        grader = grader_model(required=True)
    except Exception as e:  # inspect raises when the role is not configured
        raise ModeNotSupported(f"FF mode needs a judge model for role '{GRADER_ROLE}' (--judge-model): {e}") from None
    messages = [
        ChatMessageSystem(content=JUDGE_SYSTEM),
        ChatMessageUser(content=judge_prompt(md["question"], md["option_a"], md["option_b"], response)),
    ]
    try:
        out = await grader.generate(messages, config=GenerateConfig(temperature=temperature))
    except Exception as e:  # a failed judge call is counted, never a crash
        return non_answer_score(Outcome.JUDGE_ERROR, f"judge call failed: {e}", answer=INVALID, choice=INVALID, reason="judge_error")
    if out.error:
        return non_answer_score(Outcome.JUDGE_ERROR, f"judge error: {out.error}", answer=INVALID, choice=INVALID, reason="judge_error")
    reply = out.completion
    # the official reading first; the lenient one only for a reply the official rule cannot read
    for how, parse in (("official", parse_judge_official), ("lenient", parse_judge_lenient)):
        try:
            a, b, reason = read_within(parse, reply)
            return a, b, reason, how, reply
        except ReaderBudgetExceeded as e:
            return non_answer_score(Outcome.JUDGE_ERROR, str(e), answer=INVALID, choice=INVALID, reason="judge_error",
                                    judge_text=reply, reader_budget_exceeded=True)
        except JudgeParseError as e:
            error = e
    return non_answer_score(
        Outcome.JUDGE_ERROR, f"malformed judge reply: {error}", answer=INVALID, choice=INVALID, reason="judge_error", judge_text=reply
    )
