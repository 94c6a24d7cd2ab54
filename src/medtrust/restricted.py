"""Restricted data: samples under a data-use agreement never reach a model endpoint off this machine.

The generic half of the restricted-data guard (docs/security.md). A benchmark with restricted
sources declares a :class:`Restriction` (``Benchmark.restriction``): which sources are restricted
and how a refusal explains itself (CARES-VLM: ``benchmarks/cares_vlm/guard.py``). This module
decides, for any restriction, whether a sample is restricted and whether a set of models may see
it: every model is resolved to the endpoint its requests go to (:mod:`medtrust.endpoints`), and a
restricted sample may go to local endpoints only, unless the user passes
``--allow-remote-restricted``.

**The restricted class** travels with the data as one metadata key, :data:`RESTRICTED_KEY`
(``"restricted"``), on every sample (and so in every log): truthy when the sample is under a
data-use agreement. Ask :func:`is_restricted` (a sample, an ``EvalSample`` or its metadata): the
flag, or a source or identifier that a registered :class:`Restriction` recognises (a log edited
to clear the flag still names its source and still holds MIMIC-CXR image paths). Tasks record why
each source is restricted in their task metadata (``eval.metadata["restricted"]``: {source:
reason or None}). The user's permission to send restricted samples off the machine
(``--allow-remote-restricted``) is stamped on them as :data:`PERMISSION_KEY`; it is honoured for
the run that stamped it only (``medtrust.egress``), never when the log is scored again.

Restriction is also decided from the data itself (:func:`marker_reason`): a file named
``RESTRICTED`` (``.txt``/``.md`` too, any case) or a PhysioNet credentialed licence next to a
data file or an image folder, or up to three folders above, marks everything there restricted.

The guard at the wire, for every model and role whichever solver or scorer runs, is
:mod:`medtrust.egress`; this module decides what is restricted and words the refusals.

Limits: the guard decides from configuration, the SDK clients it can read and the connections
it sees; it cannot see what a local server forwards to, and a provider unknown to medtrust is
refused rather than trusted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from medtrust.bounded import read_at_most
from medtrust.endpoints import Endpoint, model_endpoint, resolve_endpoint

#: sample metadata key: truthy when the sample is under a data-use restriction (the restricted class)
RESTRICTED_KEY = "restricted"
#: sample metadata key: the user allowed this run to send the (restricted) sample off the machine
PERMISSION_KEY = "restricted_remote_allowed"

#: every :class:`Restriction` made (each benchmark declares one at import); :func:`is_restricted` asks them all
_RESTRICTIONS: list["Restriction"] = []


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
    identify: Callable[[Mapping[str, Any]], str | None] | None = None

    def __post_init__(self) -> None:
        _RESTRICTIONS.append(self)

    def covers(self, metadata: Mapping[str, Any] | None) -> bool:
        """Whether a sample is restricted: flagged (:data:`RESTRICTED_KEY`), from a restricted
        source, or recognised by its data (``identify``: e.g. a MIMIC-CXR image path)."""
        m = metadata or {}
        if bool(m.get(RESTRICTED_KEY)) or m.get("source") in self.sources:
            return True
        return self.identify is not None and self.identify(m) is not None

    def check_models(
        self,
        sources: Iterable[str],
        models: Iterable[Any],
        *,
        allow_remote_restricted: bool = False,
        env: Mapping[str, str] | None = None,
        reasons: Mapping[str, str | None] | None = None,
    ) -> list[Endpoint]:
        """Refuse before any request when a restricted source would go to a non-local model
        (evaluated models and judges alike: a judge sees question and reference answer).

        Args:
            sources: source ids of the run (those not in :attr:`sources` and without a reason
                are ignored).
            models: names, inspect ``Model`` objects, or ``(model, model_args, role)`` tuples.
            allow_remote_restricted: the user's explicit permission (no check).
            env: environment to resolve with (default ``os.environ``).
            reasons: {source: why its data is restricted, or None}: sources restricted by their
                data (a MIMIC-CXR file passed as a public source), named with the reason.

        Returns:
            the resolved endpoints (empty when nothing restricted or allowed).

        Raises:
            RestrictedDataError: naming the sources and, for every refused model, its role and URL.
        """
        if allow_remote_restricted:
            return []
        why = {s: r for s, r in (reasons or {}).items() if r}
        restricted = sorted(s for s in set(sources) | set(why) if s in self.sources or s in why)
        if not restricted:
            return []
        endpoints = resolve_models(models, env)
        refused = [e for e in endpoints if not e.is_local]
        if refused:
            named = ", ".join(f"{s} ({why[s]})" if s in why and s not in self.sources else s for s in restricted)
            raise RestrictedDataError(self.refusal(named, refused))
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


# ------------------------------------------------------------------ the restricted class, for every caller


def _metadata_of(sample_or_metadata: Any) -> Mapping[str, Any]:
    m = getattr(sample_or_metadata, "metadata", sample_or_metadata)
    return m if isinstance(m, Mapping) else {}


def is_restricted(sample_or_metadata: Any) -> bool:
    """Whether a sample is under a data-use restriction (may reach this machine's endpoints only).

    Args:
        sample_or_metadata: an inspect ``Sample`` / ``EvalSample`` / ``TaskState`` or its metadata
            mapping (None and non-mappings: False).

    Returns:
        True when :data:`RESTRICTED_KEY` is truthy or any registered :class:`Restriction` covers
        it (its source, or its data recognised by ``identify``).
    """
    m = _metadata_of(sample_or_metadata)
    if not m:
        return False
    return bool(m.get(RESTRICTED_KEY)) or any(r.covers(m) for r in _RESTRICTIONS)


def refusal_for(sample_or_metadata: Any, refused: Sequence[Endpoint]) -> str:
    """The refusal message for a restricted sample and the endpoints it would reach: the words of
    the :class:`Restriction` that covers it, else a generic one (always starting
    "refusing to send restricted")."""
    m = _metadata_of(sample_or_metadata)
    source = str(m.get("source") or "restricted data")
    for r in _RESTRICTIONS:
        if r.covers(m):
            return r.refusal(source, refused)
    where = "; ".join(e.describe() for e in refused)
    return (f"refusing to send restricted data ({source}) to a non-local endpoint: {where}. The sample is marked "
            f"'{RESTRICTED_KEY}' (a data-use agreement). Use a model on this machine, or pass --allow-remote-restricted "
            "if the agreement permits this endpoint.")  # fmt: skip


#: marker file names (any case, optional .txt / .md) that make a folder's data restricted
MARKER_NAMES = ("restricted", ".restricted", "restricted.txt", "restricted.md")
#: licence files read for a credentialed-access licence (first 4 KiB)
LICENCE_NAMES = ("license", "license.txt", "licence", "licence.txt", "license.md")
#: phrases of the credentialed licences whose data may not be shared (PhysioNet's)
CREDENTIALED_PHRASES = ("credentialed health data", "credentialed access", "physionet credentialed")
#: how many folders above a data file or image folder are searched for a marker
MARKER_LEVELS = 3


def marker_reason(path: str | Path | None, levels: int = MARKER_LEVELS) -> str | None:
    """Why the data at ``path`` is restricted by what lies next to it, or None.

    Looks in ``path``'s folder (``path`` itself when it is a folder) and up to ``levels`` folders
    above it for a marker file (:data:`MARKER_NAMES`) or a licence naming credentialed access
    (:data:`LICENCE_NAMES`, :data:`CREDENTIALED_PHRASES`; PhysioNet puts ``LICENSE.txt`` at the top
    of MIMIC-CXR-JPG). Unreadable folders are skipped.

    Returns:
        e.g. ``"marker file /data/mimic/RESTRICTED"``, or None.
    """
    if not path:
        return None
    try:
        p = Path(path).expanduser().resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    folder = p if p.is_dir() else p.parent
    for d in [folder, *list(folder.parents)[:levels]]:
        try:
            names = {q.name.lower(): q for q in d.iterdir() if q.is_file()} if d.is_dir() else {}
        except OSError:
            continue
        for n in MARKER_NAMES:
            if n in names:
                return f"marker file {names[n]}"
        for n in LICENCE_NAMES:
            if n in names:
                try:
                    head = read_at_most(names[n], 4096).decode("utf-8", "replace").lower()
                except OSError:
                    continue
                if any(ph in head for ph in CREDENTIALED_PHRASES):
                    return f"credentialed-access licence {names[n]}"
    return None
