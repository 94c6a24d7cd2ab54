"""inspect model roles for judges: the one place that builds and reads the ``grader`` role.

Three views of the same role, one function each: :func:`grader_roles` binds judges for a run,
:func:`bound_graders` / :func:`grader_model` read them inside the running eval (scorers), and
:func:`recorded_graders` / :func:`recorded_roles` read what a finished log recorded (summaries,
labelling, provenance).
"""

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


def grader_model(*, required: bool = False) -> Any:
    """The inspect ``Model`` of the ``grader`` role in the running eval (inspect's
    ``get_model(role="grader")``).

    Without a bound grader: the evaluated model (inspect's fallback), or, with ``required``,
    inspect's error (a ``ValueError``-like exception naming the role).
    """
    from inspect_ai.model import get_model

    return get_model(role=GRADER_ROLE, required=required)


def _names(bound: Any) -> list[str]:
    return [str(getattr(c, "model", c)) for c in (bound if isinstance(bound, list) else [bound])]


def recorded_graders(log: Any) -> list[str]:
    """Model names a log recorded under the ``grader`` role (``log.eval.model_roles``; a header
    is enough), in binding order; empty when no judge was bound."""
    bound = (getattr(log.eval, "model_roles", None) or {}).get(GRADER_ROLE)
    return [] if bound is None else _names(bound)


def recorded_roles(log: Any) -> dict[str, str]:
    """Every role a log recorded -> its model name (several models of one role: comma-joined)."""
    return {role: ", ".join(_names(bound)) for role, bound in (getattr(log.eval, "model_roles", None) or {}).items()}


def recorded_role_configs(log: Any) -> dict[str, list[dict[str, Any]]]:
    """Each judge's exact configuration as a log recorded it, per role: ``{role: [{"model",
    "base_url", "generate", "args"}]}`` (a header is enough). ``generate`` is the role's inspect
    ``GenerateConfig`` (sampling settings: temperature, max_tokens, seed ... as set), ``args``
    its model arguments; an argument named like a credential keeps its name only (value
    ``"[redacted]"``), and a password in ``base_url`` is dropped."""
    from urllib.parse import urlsplit, urlunsplit

    from medtrust.secrets import SECRET_ARG_RE

    out: dict[str, list[dict[str, Any]]] = {}
    for role, bound in (getattr(log.eval, "model_roles", None) or {}).items():
        for cfg in bound if isinstance(bound, list) else [bound]:
            gen = getattr(cfg, "config", None)
            url = getattr(cfg, "base_url", None)
            if url:
                parts = urlsplit(str(url))
                url = urlunsplit(parts._replace(netloc=parts.hostname + (f":{parts.port}" if parts.port else ""))) if parts.hostname else str(url)
            args = {k: ("[redacted]" if SECRET_ARG_RE.search(str(k)) else v) for k, v in (getattr(cfg, "args", None) or {}).items()}
            out.setdefault(role, []).append({
                "model": str(getattr(cfg, "model", cfg)), "base_url": url, "args": args,
                "generate": gen.model_dump(exclude_none=True) if gen is not None and hasattr(gen, "model_dump") else {},
            })  # fmt: skip
    return out
