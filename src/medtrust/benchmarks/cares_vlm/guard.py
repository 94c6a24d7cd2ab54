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
- ``medtrust rescore`` / ``rescore_log(judge_models=...)``: before scoring (:func:`check_models`);
- every route, ``inspect eval medtrust/cares_vlm --model-role grader=...`` included: the
  CARES-VLM solver checks the instantiated active model and all role models before it
  generates a restricted sample, and the scorer checks the judges before a judge call
  (:func:`check_active_models`).

Limits (docs/security.md): the guard decides from configuration and the SDK clients it can
read; it cannot see what a local server forwards to (a loopback proxy to a cloud API is local to
it), and a provider unknown to medtrust is refused rather than trusted.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from medtrust.benchmarks.cares_vlm.schema import RESTRICTED_SOURCES
from medtrust.endpoints import Endpoint, is_loopback_url, model_endpoint, resolve_endpoint

__all__ = [
    "RestrictedDataError",
    "check_active_models",
    "check_models",
    "is_local_model",
    "is_loopback_url",
    "refusal_message",
    "is_restricted_sample",
]

#: the Perspective API (toxicity scorer ``perspective``): a remote Google service
PERSPECTIVE_URL = "https://commentanalyzer.googleapis.com"


class RestrictedDataError(ValueError):
    """Raised when restricted data would be sent to a non-local endpoint (before anything is sent)."""


def is_restricted_sample(metadata: Mapping[str, Any] | None) -> bool:
    """A sample is restricted when flagged so or when its source is (a log edited to clear the
    flag still names the source)."""
    m = metadata or {}
    return bool(m.get("restricted")) or m.get("source") in RESTRICTED_SOURCES


def is_local_model(model: Any, role: str = "model") -> bool:
    """Whether a model (inspect ``Model`` or name string) sends nothing off this machine."""
    return model_endpoint(model, role).is_local


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


def _shared_vllm_urls(endpoints: list[tuple[str, Endpoint]]) -> list[Endpoint]:
    """vLLM models with the same base model share one server: a member without its own URL may
    end up on the URL of another member, so it is judged by the worst of them."""
    out = []
    for base, ep in endpoints:
        if base and ep.how.endswith("server started by inspect on this machine"):
            others = [o for b, o in endpoints if b == base and o is not ep and not o.how.endswith("on this machine")]
            worst = next((o for o in others if not o.is_local), None)
            if worst is not None:
                ep = Endpoint(ep.model, ep.role, worst.url, worst.kind, f"shares the vLLM server of {worst.model} ({worst.how})")
        out.append(ep)
    return out


def _vllm_base(name: str) -> str | None:
    provider, _, rest = name.partition("/")
    return rest.split(":", 1)[0] if provider in ("vllm", "vllm-completions") else None


def resolve_models(models: Iterable[Any], env: Mapping[str, str] | None = None) -> list[Endpoint]:
    """Endpoints of ``models``: each a name, an inspect ``Model``, or ``(model, model_args, role)``."""
    resolved: list[tuple[str, Endpoint]] = []
    for m in models:
        model, args, role = (m if isinstance(m, tuple) else (m, None, "model"))
        if isinstance(model, str):
            ep = resolve_endpoint(model, args, role, env=env)
        else:
            ep = model_endpoint(model, role, env=env)
        resolved.append((_vllm_base(ep.model) or "", ep))
    return _shared_vllm_urls(resolved)


def check_models(
    sources: Iterable[str],
    models: Iterable[Any],
    *,
    allow_remote_restricted: bool = False,
    env: Mapping[str, str] | None = None,
) -> list[Endpoint]:
    """Refuse before a run when any restricted source would go to any non-local model
    (evaluated models and judge models alike: a judge sees question and reference answer).

    Args:
        sources: source ids of the run.
        models: names, inspect ``Model`` objects, or ``(model, model_args, role)`` tuples.
        allow_remote_restricted: the user's explicit permission (no check).
        env: environment to resolve with (default ``os.environ``).

    Returns:
        the resolved endpoints (empty when nothing restricted or allowed).

    Raises:
        RestrictedDataError: naming the source and, for every refused model, its role and URL.
    """
    if allow_remote_restricted:
        return []
    restricted = sorted(s for s in set(sources) if s in RESTRICTED_SOURCES)
    if not restricted:
        return []
    endpoints = resolve_models(models, env)
    refused = [e for e in endpoints if not e.is_local]
    if refused:
        raise RestrictedDataError(refusal_message(", ".join(restricted), refused))
    return endpoints


def active_models(*, roles_only: bool = False) -> list[tuple[Any, None, str]]:
    """The models of the running inspect sample: the active model and every role model
    (a role bound to several models gives each of them), as ``(Model, None, role)``."""
    from inspect_ai.model import get_model, model_roles

    out: list[tuple[Any, None, str]] = []
    if not roles_only:
        out.append((get_model(), None, "model"))
    for role, bound in (model_roles() or {}).items():
        for m in bound if isinstance(bound, list) else [bound]:
            out.append((m, None, role))
    return out


def _vllm_shared(models: list[tuple[Any, None, str]]) -> list[Endpoint]:
    # instance level: vLLM models sharing one server object share its URL
    eps = [model_endpoint(m, role) for m, _, role in models]
    groups: dict[int, list[int]] = {}
    for i, (m, _, _) in enumerate(models):
        server = getattr(getattr(m, "api", None), "_server", None)
        if server is not None:
            groups.setdefault(id(server), []).append(i)
    for idx in groups.values():
        worst = next((eps[i] for i in idx if not eps[i].is_local), None)
        if worst is not None:
            for i in idx:
                if eps[i].is_local:
                    e = eps[i]
                    eps[i] = Endpoint(e.model, e.role, worst.url, worst.kind, f"shares the vLLM server of {worst.model} ({worst.how})")
    return eps


def check_active_models(source: str, *, roles_only: bool = False, extra: Sequence[Endpoint] = ()) -> None:
    """Inside a running sample: refuse when the active model or any role model is not local.

    Args:
        source: the sample's source (for the message).
        roles_only: check only the role models (the scorer: the evaluated model has answered).
        extra: further endpoints that will receive the sample (e.g. a toxicity service).

    Raises:
        RestrictedDataError: naming model, role and URL of each non-local one.
    """
    endpoints = _vllm_shared(active_models(roles_only=roles_only)) + list(extra)
    refused = [e for e in endpoints if not e.is_local]
    if refused:
        raise RestrictedDataError(refusal_message(source, refused))
