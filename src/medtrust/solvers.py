"""Solvers shared by benchmarks: the short-circuit for samples with bad input.

A sample whose input could not be built (missing or unreadable image, unusable gold ...) carries
the reason in ``metadata["input_error"]`` (:data:`INPUT_ERROR_KEY`). :func:`skip_input_errors`,
first in a task's solver chain, marks such a sample completed so that no later solver runs and
nothing reaches the model; the benchmark's scorer then records outcome ``input_error`` with
that reason (medtrust.outcomes), so the sample is counted, never silently dropped.
"""

from __future__ import annotations

from typing import Any, Mapping

from inspect_ai.solver import Generate, Solver, TaskState, solver

#: Sample metadata key holding the reason a sample's input is unusable (None / absent = fine).
INPUT_ERROR_KEY = "input_error"


def input_error_of(metadata: Mapping[str, Any] | None) -> str | None:
    """The recorded input error of a sample (None when its input is fine)."""
    reason = (metadata or {}).get(INPUT_ERROR_KEY)
    return str(reason) if reason else None


@solver
def skip_input_errors() -> Solver:
    """Stop the solver chain for a sample with ``metadata["input_error"]`` (the model is never
    called; inspect skips the remaining solvers of a completed state)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        if input_error_of(state.metadata):
            state.completed = True
        return state

    return solve


@solver
def remove_images() -> Solver:
    """The image-blind pass: remove every image from the sample's messages, keeping the text.

    The blind form is *removed* (docs/criteria.md, "Image reliance"), not a blank or a noise image
    of the same size: a removed image asks what the model answers from the question alone, which
    every model can be asked (a text-only model too), while a blank picture asks how it reacts to an
    empty image (a VLM may say "the image is blank" and abstain) and noise adds an input of its own
    (CARES-VLM's robustness dimension measures that). A message left without content keeps an
    empty text part, so the conversation keeps its turns.
    """
    from inspect_ai.model import ContentImage, ContentText

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        for msg in state.messages:
            if isinstance(msg.content, str):
                continue
            kept = [c for c in msg.content if not isinstance(c, ContentImage)]
            msg.content = kept if kept else [ContentText(text="")]
        return state

    return solve
