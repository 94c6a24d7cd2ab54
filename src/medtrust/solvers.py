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
