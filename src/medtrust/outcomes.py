"""Explicit sample outcomes shared by every medtrust scorer and metric.

Every scored sample ends as exactly one :class:`Outcome`. Answers (``correct``,
``incorrect``, ``partial``) carry a numeric value; non-answers carry inspect's
``NOANSWER`` value and are *excluded* from metric denominators and counted instead,
so a failure is never silently scored as wrong (docs/architecture.md, "Outcomes").
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum
from typing import Any, Iterable

from inspect_ai.scorer import NOANSWER, Score, SampleScore


class Outcome(StrEnum):
    """How a sample ended. Stored as ``Score.metadata["outcome"]``.

    ``truncated``: the reply was cut by the token limit (stop reason ``max_tokens``) before it
    stated an answer; a reply that stated its answer before the cut is scored on that answer.
    """

    CORRECT = "correct"
    INCORRECT = "incorrect"
    PARTIAL = "partial"
    ABSTAINED = "abstained"
    UNPARSEABLE = "unparseable"
    TRUNCATED = "truncated"
    JUDGE_ERROR = "judge_error"
    MODEL_ERROR = "model_error"
    INPUT_ERROR = "input_error"


#: Outcomes that have a numeric value and enter metric denominators.
ANSWERED: frozenset[Outcome] = frozenset({Outcome.CORRECT, Outcome.INCORRECT, Outcome.PARTIAL})
#: Outcomes that are errors of the pipeline (never the model's choice).
ERRORS: frozenset[Outcome] = frozenset(
    {Outcome.UNPARSEABLE, Outcome.TRUNCATED, Outcome.JUDGE_ERROR, Outcome.MODEL_ERROR, Outcome.INPUT_ERROR}
)


def answered_score(
    value: float, outcome: Outcome, *, answer: str | None = None, explanation: str | None = None, **metadata: Any
) -> Score:
    """A score for an answered sample.

    Args:
        value: numeric credit, usually in [0, 1].
        outcome: one of ``correct``, ``incorrect``, ``partial``.
        answer: the extracted answer (label, letter...), if any.
        explanation: free text shown in the log viewer.
        **metadata: extra fields kept in ``Score.metadata`` (must be JSON-serialisable).

    Raises:
        ValueError: if ``outcome`` is not an answered outcome.
    """
    if outcome not in ANSWERED:
        raise ValueError(f"answered_score() needs an answered outcome, got {outcome!r}")
    return Score(value=float(value), answer=answer, explanation=explanation, metadata={"outcome": str(outcome), **metadata})


def non_answer_score(outcome: Outcome, explanation: str, *, answer: str | None = None, **metadata: Any) -> Score:
    """A score for a sample without a usable answer (abstained, unparseable, an error).

    The value is inspect's ``NOANSWER`` marker; medtrust metrics leave it out of
    denominators and report it in the outcome counts.

    Raises:
        ValueError: if ``outcome`` is an answered outcome.
    """
    if outcome in ANSWERED:
        raise ValueError(f"non_answer_score() needs a non-answer outcome, got {outcome!r}")
    return Score(value=NOANSWER, answer=answer, explanation=explanation, metadata={"outcome": str(outcome), **metadata})


def outcome_of(score: Score | SampleScore) -> Outcome:
    """The outcome recorded on a score.

    Raises:
        ValueError: if the score carries no ``outcome`` metadata (not a medtrust score).
    """
    s = score.score if isinstance(score, SampleScore) else score
    meta = s.metadata or {}
    if "outcome" not in meta:
        raise ValueError(f"score has no 'outcome' in its metadata (value={s.value!r}); not produced by a medtrust scorer")
    return Outcome(meta["outcome"])


def outcome_counts(scores: Iterable[Score | SampleScore]) -> dict[str, int]:
    """Count of every outcome, with all nine keys present (zeros included)."""
    counts = Counter(str(outcome_of(s)) for s in scores)
    return {str(o): counts.get(str(o), 0) for o in Outcome}


def stop_reason(output: Any) -> str | None:
    """inspect's stop reason of a model output, or None when there is no reply at all.

    ``ModelOutput.stop_reason`` indexes the first choice and raises IndexError on an output
    without choices: what a log records for a sample whose model call failed (the error is on
    the sample, not the output), so every scorer reads the stop reason through here.
    """
    choices = getattr(output, "choices", None)
    return choices[0].stop_reason if choices else None
