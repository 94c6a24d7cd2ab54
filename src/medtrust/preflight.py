"""Preflight: one tiny request per model endpoint before the work starts, and the reading of its errors.

Used by `medtrust run` (:func:`preflight` over every model and judge of a run), and by
`medtrust rescore` and `medtrust judge-eval` for their judges (:func:`preflight_endpoints`). A bad
key, a wrong URL, an unknown model or a closed port becomes one clear error in seconds instead
of minutes of retries later; a transient failure (rate limit, 5xx, timeout) is only a warning.
:func:`model_target` is where ``-M base_url`` / ``-M api_key`` become an inspect ``Model`` for
the preflight and for the run itself (medtrust.runner.eval_tasks). :func:`is_fatal` tells an
error retrying cannot fix from a transient one; :func:`plain_error_text` and :func:`first_line`
give error texts for one-line messages.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from medtrust.endpoints import IN_PROCESS_PROVIDERS, check_local_endpoint
from medtrust.models.args import split_model_args
from medtrust.options import RunOptions


def model_target(model: str, model_args: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """(what inspect's ``eval`` gets as ``model``, the remaining ``model_args``).

    ``-M base_url=...`` / ``-M api_key=...`` go to ``get_model`` (inspect's ``eval()`` takes them
    only there, never as model args); a loopback server that is not listening fails fast.

    Raises:
        ValueError: a model server on this machine (loopback base_url) is not listening.
    """
    from medtrust import egress, secrets

    secrets.install()  # known keys never reach a log, the console or a report (medtrust/secrets.py)
    egress.install()  # restricted samples never leave the machine, whatever sends them (medtrust/egress.py)
    secrets.register_model_args(model_args)
    args = split_model_args(model, dict(model_args))[0] if isinstance(model, str) else dict(model_args)
    base_url, api_key = args.pop("base_url", None), args.pop("api_key", None)
    check_local_endpoint(model, base_url)
    if base_url is None and api_key is None:
        return model, args
    from inspect_ai.model import get_model

    return get_model(model, base_url=base_url, api_key=api_key, memoize=False, **args), {}


#: seconds the one preflight request may take
PREFLIGHT_TIMEOUT = 30


def preflight(opts: RunOptions, console: Any = None) -> None:
    """:func:`preflight_endpoints` for every model (with its ``-M`` args) and judge of a run.

    Raises:
        ValueError: naming the role (model / judge), the model and the error text.
    """
    preflight_endpoints([("model", m, opts.model_args) for m in opts.model] + [("judge", j, {}) for j in opts.judge_models], console)


def preflight_endpoints(checks: Sequence[tuple[str, str, dict[str, Any]]], console: Any = None) -> None:
    """Check model endpoints with one tiny request each (``max_tokens=1``, no retries) before
    the work starts, so that a bad key, a wrong URL, an unknown model or a closed port is one
    clear error now, not minutes of retries later. A transient failure (rate limit, 5xx,
    timeout, a garbled reply) only prints a warning: inspect's retries handle those later.
    In-process providers are skipped. ``--no-preflight`` of `medtrust run`, `rescore` and
    `judge-eval` turns it off.

    Args:
        checks: (role in words, e.g. "model" / "judge"; inspect model name; model args) each.
        console: a rich console for the transient-error warning (None = no warning).

    Raises:
        ValueError: naming the role, the model and the error text (a loopback server that is
            not listening: "model server URL is not reachable").
    """
    import asyncio

    from inspect_ai.model import GenerateConfig, get_model

    for role, name, args in checks:
        if name.split("/", 1)[0] in IN_PROCESS_PROVIDERS:  # nothing to reach before a run
            continue
        try:
            target, rest = model_target(name, args)
        except ValueError as e:  # a loopback server that is not listening
            raise ValueError(f"{role} {name}: {e}") from None
        config = GenerateConfig(max_tokens=1, max_retries=0, timeout=PREFLIGHT_TIMEOUT)
        try:  # a model that cannot even be made (unknown provider, bad name, missing key) is fatal
            model = target if not isinstance(target, str) else get_model(target, memoize=False, **rest)
        except Exception as e:  # noqa: BLE001
            raise ValueError(f"{role} {name} is not usable: {type(e).__name__}: {first_line(plain_error_text(e))}") from None
        try:
            out = asyncio.run(model.generate("Reply with OK.", config=config))
            error: Any = out.error
        except Exception as e:  # noqa: BLE001 - any failure of the one request is the answer
            if not is_fatal(e):
                if console is not None:
                    console.print(f"[yellow]preflight: {role} {name} answered with a transient error ({type(e).__name__}: "
                                  f"{first_line(e, 200)}); the run goes on with inspect's retries[/]")
                continue
            error = f"{type(e).__name__}: {first_line(e)}"
        if error:
            raise ValueError(f"{role} {name} is not usable: {first_line(error)} (check its key, URL and name; --no-preflight skips this check)")


#: HTTP statuses that retrying cannot fix: bad request, bad key, no permission, unknown model or URL
FATAL_STATUS = frozenset({400, 401, 403, 404, 422})


def is_fatal(e: Exception) -> bool:
    """True when retrying cannot fix the error of a model request: an HTTP status in
    :data:`FATAL_STATUS` (on the exception or its ``response``), else an error class named for a
    refused connection, a missing prerequisite (SDK, key), authentication, permission or an
    unknown model. Anything else (rate limit, 5xx, timeout, a garbled reply) is transient."""
    status = getattr(e, "status_code", None) or getattr(getattr(e, "response", None), "status_code", None)
    if status is not None:
        return int(status) in FATAL_STATUS
    kind = type(e).__name__
    return any(k in kind for k in ("Connection", "Prerequisite", "Authentication", "Permission", "NotFound"))


def plain_error_text(e: Exception) -> str:
    """An exception's text without rich markup (inspect's PrerequisiteError carries some)."""
    return re.sub(r"\[/?[a-z ]+\]", "", str(e)).replace("ERROR: ", "").strip()


def first_line(e: Any, limit: int = 400) -> str:
    """``str(e)`` on one line (runs of whitespace, newlines included, become one space), cut to
    ``limit`` characters with a trailing "…"."""
    text = " ".join(str(e).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
