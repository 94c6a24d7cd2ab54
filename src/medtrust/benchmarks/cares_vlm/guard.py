"""Restricted-data guard: restricted CARES-VLM sources never reach a model endpoint off this machine.

MIMIC-CXR is credentialed PhysioNet data whose data-use agreement forbids sharing it with
third-party services (including online LLM APIs); Harvard-FairVLMed and OL3I are also released
under registration/research-use agreements (cares_vlm.md sec. 3, 10). medtrust therefore refuses
to send their images or text (question, reference answer for a judge, the model's reply for a
toxicity service) to any model that is not local, unless the user passes
``--allow-remote-restricted`` (``RunOptions.allow_remote_restricted``).

Which models are checked: the evaluated model **and every model bound to any role** (the
``grader``, several judges). Where each one sends its requests is decided by
:mod:`medtrust.endpoints` (provider arguments, then the provider's variables, then inspect's
``INSPECT_EVAL_MODEL_BASE_URL``, then its default; proxies; ``unknown`` fails closed).

Where the guard runs (every route, each before any request carrying restricted data):

- ``medtrust run -b cares-vlm``: the run plan (``benchmark.plan``) checks model and judge names with their ``-M``
  arguments before anything is evaluated (:func:`check_models`);
- ``medtrust rescore`` / ``rescore_log(judge_models=...)``: before scoring (:data:`RESTRICTION`, as
  ``Benchmark.restriction``);
- every route, ``inspect eval medtrust/cares_vlm --model-role grader=...`` included: the
  CARES-VLM solver checks the instantiated active model and all role models before it
  generates a restricted sample, and the scorer checks the judges before a judge call
  (:func:`check_active_models`).

The generic guard (is a sample restricted, may these models see it, the error type) is
:mod:`medtrust.restricted`; this module holds what is CARES-VLM's: which sources are restricted
(``schema.RESTRICTED_SOURCES``), the words of a refusal, and :data:`RESTRICTION` (the
``Benchmark.restriction`` that `medtrust rescore` checks), with the guard's functions bound to it.

Limits (docs/security.md): the guard decides from configuration and the SDK clients it can
read; it cannot see what a local server forwards to (a loopback proxy to a cloud API is local to
it), and a provider unknown to medtrust is refused rather than trusted.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from medtrust.benchmarks.cares_vlm.schema import RESTRICTED_SOURCES
from medtrust.endpoints import Endpoint, is_loopback_url, model_endpoint
from medtrust.restricted import RestrictedDataError, Restriction, is_local_model, resolve_models

__all__ = [
    "RESTRICTION",
    "RestrictedDataError",
    "check_active_models",
    "check_models",
    "is_local_model",
    "is_loopback_url",
    "refusal_message",
    "is_restricted_sample",
    "resolve_models",
]

#: the Perspective API (toxicity scorer ``perspective``): a remote Google service
PERSPECTIVE_URL = "https://commentanalyzer.googleapis.com"


def refusal_message(source: str, refused: Sequence[Endpoint] | Any) -> str:
    """The explanation shown when the guard refuses: names source, model, role and URL of each."""
    if not isinstance(refused, (list, tuple)):
        refused = [model_endpoint(refused)]
    where = "; ".join(e.describe() for e in refused)
    return (
        f"refusing to send restricted CARES-VLM data ({source}) to a non-local model endpoint: {where}. "
        f"{source} is released under a data-use agreement (PhysioNet's for MIMIC-CXR) that forbids sharing "
        "it with third-party services. Use a local model (medtrust/..., hf/..., or a server on 127.0.0.1), "
        "or pass --allow-remote-restricted if your agreement permits this endpoint."
    )


#: CARES-VLM's restriction: its restricted sources and the words of a refusal
RESTRICTION = Restriction(sources=RESTRICTED_SOURCES, refusal=refusal_message)


def is_restricted_sample(metadata: Mapping[str, Any] | None) -> bool:
    """A sample is restricted when flagged so or when its source is (a log edited to clear the
    flag still names the source)."""
    return RESTRICTION.covers(metadata)


def check_models(
    sources: Iterable[str],
    models: Iterable[Any],
    *,
    allow_remote_restricted: bool = False,
    env: Mapping[str, str] | None = None,
) -> list[Endpoint]:
    """:meth:`medtrust.restricted.Restriction.check_models` for CARES-VLM's sources: refuse
    before a run when any restricted source would go to any non-local model.

    Raises:
        RestrictedDataError: naming the source and, for every refused model, its role and URL.
    """
    return RESTRICTION.check_models(sources, models, allow_remote_restricted=allow_remote_restricted, env=env)


def check_active_models(source: str, *, roles_only: bool = False, extra: Sequence[Endpoint] = ()) -> None:
    """:meth:`medtrust.restricted.Restriction.check_active_models` with CARES-VLM's refusal:
    inside a running sample, refuse when the active model or any role model is not local.

    Raises:
        RestrictedDataError: naming model, role and URL of each non-local one.
    """
    RESTRICTION.check_active_models(source, roles_only=roles_only, extra=extra)
