"""inspect model roles for judges: the one place that builds the ``grader`` role."""

from __future__ import annotations

from typing import Any, Sequence

#: inspect model role under which every medtrust judge model is bound.
GRADER_ROLE = "grader"


def grader_roles(judge_models: Sequence[Any] | None) -> dict[str, Any] | None:
    """``{"grader": model}`` for one judge, ``{"grader": [models]}`` for several, None for none.

    Several judges are bound as a list; medtrust scorers ask each and combine by majority
    (ties -> the more cautious label, medtrust.judges.agreement.majority_label).
    """
    models = list(judge_models or [])
    if not models:
        return None
    return {GRADER_ROLE: models if len(models) > 1 else models[0]}


def bound_graders() -> list[Any]:
    """The models bound to the ``grader`` role in the running eval (empty list when none)."""
    from inspect_ai.model import model_roles

    bound = model_roles().get(GRADER_ROLE)
    if bound is None:
        return []
    return list(bound) if isinstance(bound, list) else [bound]
