"""Restricted data: samples under a data-use agreement never reach a model endpoint off this machine.

The generic half of the restricted-data guard (docs/security.md). A benchmark with restricted
sources declares a :class:`Restriction` (``Benchmark.restriction``): which sources are restricted
and how a refusal explains itself (CARES-VLM: ``benchmarks/cares_vlm/guard.py``). This module
decides, for any restriction, whether a sample is restricted and whether a set of models may see
it: every model is resolved to the endpoint its requests go to (:mod:`medtrust.endpoints`), and a
restricted sample may go to local endpoints only, unless the user passes
``--allow-remote-restricted``.

A sample is restricted when its metadata says so (``metadata["restricted"]``,
:data:`RESTRICTED_KEY`) or names a restricted source (a log edited to clear the flag still names
the source). The flag is the one place a sample carries its class, so a check that sees only
the sample (e.g. at the model wire) can enforce it without knowing the benchmark.

Limits: the guard decides from configuration and the SDK clients it can read; it cannot see
what a local server forwards to, and a provider unknown to medtrust is refused rather than trusted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from medtrust.endpoints import Endpoint, model_endpoint, resolve_endpoint

#: sample metadata key: truthy when the sample is under a data-use restriction
RESTRICTED_KEY = "restricted"


class RestrictedDataError(ValueError):
    """Raised when restricted data would be sent to a non-local endpoint (before anything is sent)."""


def is_local_model(model: Any, role: str = "model") -> bool:
    """Whether a model (inspect ``Model`` or name string) sends nothing off this machine."""
    return model_endpoint(model, role).is_local


def _vllm_base(name: str) -> str | None:
    provider, _, rest = name.partition("/")
    return rest.split(":", 1)[0] if provider in ("vllm", "vllm-completions") else None


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


@dataclass(frozen=True)
class Restriction:
    """One benchmark's restricted sources and the words of a refusal.

    Attributes:
        sources: source ids whose samples may reach local endpoints only.
        refusal: (sources in words, refused endpoints) -> the refusal message; it names each
            endpoint's model, role and URL (``Endpoint.describe``) and the way out.
    """

    sources: frozenset[str]
    refusal: Callable[[str, Sequence[Endpoint]], str]

    def covers(self, metadata: Mapping[str, Any] | None) -> bool:
        """Whether a sample is restricted: flagged (:data:`RESTRICTED_KEY`) or from a restricted source."""
        m = metadata or {}
        return bool(m.get(RESTRICTED_KEY)) or m.get("source") in self.sources

    def check_models(
        self,
        sources: Iterable[str],
        models: Iterable[Any],
        *,
        allow_remote_restricted: bool = False,
        env: Mapping[str, str] | None = None,
    ) -> list[Endpoint]:
        """Refuse before any request when a restricted source would go to a non-local model
        (evaluated models and judges alike: a judge sees question and reference answer).

        Args:
            sources: source ids of the run (those not in :attr:`sources` are ignored).
            models: names, inspect ``Model`` objects, or ``(model, model_args, role)`` tuples.
            allow_remote_restricted: the user's explicit permission (no check).
            env: environment to resolve with (default ``os.environ``).

        Returns:
            the resolved endpoints (empty when nothing restricted or allowed).

        Raises:
            RestrictedDataError: naming the sources and, for every refused model, its role and URL.
        """
        if allow_remote_restricted:
            return []
        restricted = sorted(s for s in set(sources) if s in self.sources)
        if not restricted:
            return []
        endpoints = resolve_models(models, env)
        refused = [e for e in endpoints if not e.is_local]
        if refused:
            raise RestrictedDataError(self.refusal(", ".join(restricted), refused))
        return endpoints

    def check_active_models(self, source: str, *, roles_only: bool = False, extra: Sequence[Endpoint] = ()) -> None:
        """Inside a running sample: refuse when the active model or any role model is not local.

        Args:
            source: the sample's source (for the message).
            roles_only: check only the role models (a scorer: the evaluated model has answered).
            extra: further endpoints that will receive the sample (e.g. a toxicity service).

        Raises:
            RestrictedDataError: naming model, role and URL of each non-local one.
        """
        endpoints = _vllm_shared(active_models(roles_only=roles_only)) + list(extra)
        refused = [e for e in endpoints if not e.is_local]
        if refused:
            raise RestrictedDataError(self.refusal(source, refused))
