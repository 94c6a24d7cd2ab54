"""The restricted-data guard at the wire: while a restricted sample is in flight, nothing it
carries leaves this machine, whichever model, role, solver or scorer sends it.

The configuration checks (``restricted.Restriction.check_models`` before a run, the CARES-VLM
solver and scorer) refuse early with clear messages, but they only see what medtrust's own parts
see. This module enforces the rule where every request goes out, for every route
(``inspect eval medtrust/<task> --solver generate``, ``inspect score LOG --scorer
model_graded_qa --model-role grader=...``, a solver that makes its own model), in three layers
installed once per process (:func:`install`; by ``medtrust._registry``, which inspect loads
before it makes any model, and by ``medtrust run``/``rescore``):

1. **model layer**: every inspect ``ModelAPI``'s ``generate`` is wrapped when its ``Model`` is made.
   A call made while a restricted sample is in flight resolves the model's endpoint from its real
   client (``endpoints.model_endpoint``: URL, the proxy its HTTP client routes that URL through)
   and is refused unless the endpoint is on this machine. Any model, any role.
2. **HTTP layer**: the single-request send of every ``httpx``/``httpx2`` client (each hop of a
   redirect chain goes through it). A request is refused when its target host is not this
   machine or the proxy the client picked for it is not (a loopback forwarding proxy with a
   remote target is remote), and a response that redirects (301/302/303/307/308) to a host off
   this machine is refused before the client follows it.
3. **socket layer**: a Python audit hook (``sys.addaudithook``) on ``socket.connect`` and
   ``socket.sendto`` refuses IPv4/IPv6 connections to any address but loopback and the
   unspecified address, whatever library makes them (urllib3, aiohttp, a name that resolves off
   the machine).

**In flight** means the current context works for a sample whose metadata is restricted
(:func:`medtrust.restricted.is_restricted`, the ``restricted`` key): the sample inspect is
running (eval), the ``TaskState`` being scored (``inspect score``, ``score()``: every
``TaskState`` made with restricted metadata marks its context), or an explicit
:func:`restricted_scope`. The context is per sample (asyncio tasks and ``asyncio.to_thread``
carry it), so public samples of the same run are not held back.

**Permission**: ``--allow-remote-restricted`` stamps the samples of that run
(:data:`medtrust.restricted.PERMISSION_KEY`); the stamp is honoured only while inspect runs that
sample (a log scored again needs the rescoring's own permission, :func:`permit_remote`, which
``medtrust rescore --allow-remote-restricted`` sets).

Each refusal is a :class:`medtrust.restricted.RestrictedDataError` (a ValueError, never retried
by inspect or the OpenAI SDK) whose message starts "refusing to send restricted" and names the
endpoint, the redirect or the connection.

Limits (docs/security.md): a client that sends from a thread started without the sample's
context (``loop.run_in_executor``) is not seen by layers 2-3 (layer 1 still checks its model), a
network stack outside Python (gRPC's C core, a subprocess) is seen by layer 1 only, and what a
server on this machine forwards elsewhere is beyond any client-side guard.
"""

from __future__ import annotations

import contextlib
import socket
import sys
import threading
import weakref
from contextvars import ContextVar
from typing import Any, Iterator, Mapping

from medtrust.model_hooks import on_model_made, wrap_generate
from medtrust.endpoints import Endpoint, classify_url, client_proxy, is_loopback_host, model_endpoint, url_host
from medtrust.restricted import PERMISSION_KEY, RestrictedDataError, is_restricted, refusal_for

__all__ = ["in_flight", "install", "permit_remote", "restricted_scope", "RestrictedDataError"]

#: metadata of a restricted sample this context works for (restricted_scope, or a TaskState made with it)
_scope: ContextVar[tuple[Any, Mapping[str, Any]] | None] = ContextVar("medtrust_restricted_scope", default=None)
#: the rescoring's own permission (permit_remote)
_permit: ContextVar[bool] = ContextVar("medtrust_permit_remote", default=False)

_lock = threading.Lock()
_installed = False


# ------------------------------------------------------------------ is restricted data in flight?


def _context_metadata() -> Iterator[Mapping[str, Any]]:
    from medtrust._inspect_compat import sample_active, sample_state

    scoped = _scope.get()
    if scoped is not None:
        ref, meta = scoped
        if ref is None or ref() is not None:  # a scope bound to a TaskState ends with it
            yield meta
    active = sample_active()
    if active is not None:
        yield getattr(active.sample, "metadata", None) or {}
    state = sample_state()
    if state is not None:
        yield getattr(state, "metadata", None) or {}


def in_flight() -> Mapping[str, Any] | None:
    """The metadata of the restricted sample the current context works for, or None."""
    for meta in _context_metadata():
        if is_restricted(meta):
            return meta
    return None


def _permitted() -> bool:
    if _permit.get():
        return True
    from medtrust._inspect_compat import sample_active

    active = sample_active()  # the run that stamped the permission, never a later scoring
    return active is not None and bool((getattr(active.sample, "metadata", None) or {}).get(PERMISSION_KEY))


def guarded() -> Mapping[str, Any] | None:
    """The restricted sample in flight when the guard applies (no permission), else None."""
    meta = in_flight()
    if meta is None or _permitted():
        return None
    return meta


@contextlib.contextmanager
def restricted_scope(metadata: Mapping[str, Any]) -> Iterator[None]:
    """Treat everything sent inside the block as carrying ``metadata``'s sample (when restricted)."""
    token = _scope.set((None, metadata))
    try:
        yield
    finally:
        _scope.reset(token)


@contextlib.contextmanager
def permit_remote(allowed: bool = True) -> Iterator[None]:
    """The user's permission (``--allow-remote-restricted``) for everything sent inside the block."""
    token = _permit.set(bool(allowed))
    try:
        yield
    finally:
        _permit.reset(token)


# ------------------------------------------------------------------ refusals


def _connection(url: str, kind: str, how: str) -> Endpoint:
    return Endpoint("", "connection", url, kind, how)  # type: ignore[arg-type]


def _refuse(meta: Mapping[str, Any], endpoint: Endpoint) -> RestrictedDataError:
    return RestrictedDataError(refusal_for(meta, [endpoint]))


def check_request(client: Any, request: Any) -> None:
    """Layer 2, before a request: its target and the proxy the client routes it through must both
    be on this machine while restricted data is in flight.

    Raises:
        RestrictedDataError: naming the URL (and the proxy).
    """
    meta = guarded()
    if meta is None:
        return
    url = str(request.url)
    known, proxy = client_proxy(client, url)
    # a transport medtrust cannot read: the proxy the environment gives, as the libraries read it
    target, kind, note = classify_url(url, proxy=proxy if known else False)
    if kind != "loopback":
        raise _refuse(meta, _connection(target, kind, f"HTTP request{'; ' + note if note else ''}"))


def check_redirect(request: Any, response: Any) -> None:
    """Layer 2, after a response: a redirect to a host off this machine is refused before the
    client follows it (307/308 would re-post the restricted body there).

    Raises:
        RestrictedDataError: naming the redirect's source and target.
    """
    if not getattr(response, "has_redirect_location", False):
        return
    meta = guarded()
    if meta is None:
        return
    try:
        target = str(request.url.join(response.headers["Location"]))
    except Exception:  # noqa: BLE001 - a Location the client cannot read: it cannot follow it either
        return
    host = url_host(target)
    if host is None or not is_loopback_host(host):
        kind = "unknown" if host is None else "remote"
        raise _refuse(meta, _connection(target, kind, f"redirect ({response.status_code}) from {request.url}"))


def check_model(api_ref: Any, model_ref: Any) -> None:
    """Layer 1, before a model call: the model's endpoint must be on this machine while
    restricted data is in flight.

    Raises:
        RestrictedDataError: naming model, role and endpoint.
    """
    meta = guarded()
    if meta is None:
        return
    model = model_ref() if model_ref is not None else None
    if model is None:
        return
    role = getattr(model, "role", None) or "model"
    ep = model_endpoint(model, role)
    if not ep.is_local:
        raise _refuse(meta, ep)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    """Layer 3 (an audit hook: called for every audited event, so it returns at once for others)."""
    if event != "socket.connect" and event != "socket.sendto":
        return
    try:
        sock, address = args[0], args[-1]
        family = sock.family
    except Exception:  # noqa: BLE001 - an event shape this hook does not know
        return
    if family not in (socket.AF_INET, socket.AF_INET6) or not isinstance(address, tuple) or not address:
        return
    host = str(address[0])
    if is_loopback_host(host.split("%")[0]):
        return
    meta = guarded()
    if meta is None:
        return
    port = address[1] if len(address) > 1 else ""
    shown = f"[{host}]" if ":" in host else host
    raise _refuse(meta, _connection(f"{shown}:{port}", "remote", f"{event.split('.')[1]}() to an address off this machine"))


# ------------------------------------------------------------------ installation


def _wrap_http_client(cls: Any) -> None:
    original = cls.__dict__.get("_send_single_request")
    if original is None or getattr(original, "_medtrust_egress", False):
        return
    import inspect

    if inspect.iscoroutinefunction(original):

        async def send_single(self: Any, request: Any) -> Any:
            check_request(self, request)
            response = await original(self, request)
            try:
                check_redirect(request, response)
            except RestrictedDataError:
                await response.aclose()
                raise
            return response

    else:

        def send_single(self: Any, request: Any) -> Any:  # type: ignore[misc]
            check_request(self, request)
            response = original(self, request)
            try:
                check_redirect(request, response)
            except RestrictedDataError:
                response.close()
                raise
            return response

    send_single._medtrust_egress = True  # type: ignore[attr-defined]
    cls._send_single_request = send_single


def wrap_model_api(model: Any, api: Any) -> None:
    """Layer 1 for one model: check before each ``api.generate`` call."""
    model_ref = weakref.ref(model)

    def make(generate: Any) -> Any:
        async def guarded_generate(*args: Any, **kwargs: Any) -> Any:
            check_model(api, model_ref)
            return await generate(*args, **kwargs)

        return guarded_generate

    wrap_generate(api, "_medtrust_egress", make)


def install() -> None:
    """Install the three layers (module docstring); safe to call many times."""
    global _installed
    with _lock:
        if _installed:
            return
        _installed = True
    import importlib

    from inspect_ai.solver import TaskState

    on_model_made(wrap_model_api)

    state_init = TaskState.__init__

    def task_state_init(self: Any, *args: Any, **kwargs: Any) -> None:
        state_init(self, *args, **kwargs)
        meta = getattr(self, "metadata", None)
        if meta and is_restricted(meta):  # scoring a logged sample: its context carries the class
            _scope.set((weakref.ref(self), meta))

    TaskState.__init__ = task_state_init  # type: ignore[method-assign]

    for name in ("httpx2", "httpx"):
        try:
            lib = importlib.import_module(name)
        except ImportError:
            continue
        for cls in (lib.Client, lib.AsyncClient):
            _wrap_http_client(cls)
    sys.addaudithook(_audit)
