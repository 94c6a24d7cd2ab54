"""A fault-injecting HTTP proxy for OpenAI-compatible servers (aiohttp, 127.0.0.1 only).

It sits between inspect's ``openai-api`` provider and a real server (``tests/helpers/llama_server``)
and, for ``POST .../chat/completions``, answers with a fault at configured rates:

===========  ===============================================================================
fault        what the client sees
===========  ===============================================================================
``429``      HTTP 429 with ``Retry-After: <retry_after>`` and an OpenAI-style error body
``500``      HTTP 500 with an OpenAI-style error body
``timeout``  no answer for ``hang_s`` seconds (then HTTP 504); the client must time out first
``truncated`` the real upstream 200 answer cut to its first half (invalid JSON)
``empty``    the real upstream 200 answer with ``choices[0].message.content`` set to ``""``
===========  ===============================================================================

Faults are chosen deterministically from (seed, prompt, attempt number of that body), so a
run is reproducible whatever the order in which concurrent requests arrive. Everything else is
forwarded unchanged. The proxy counts requests, faults, and *completed* calls (the upstream
answered 200 and the full answer went back to a still-connected client) per prompt, which is what
"no finished model call repeated" is checked against.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from aiohttp import ClientSession, ClientTimeout, TCPConnector, web

FAULTS = ("429", "500", "timeout", "truncated", "empty")


def prompt_key(text: str) -> str:
    """Identity of one model call: sha1 of the last user message text, 12 hex digits."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def body_prompt(body: bytes) -> str:
    """Text of the last user message of a chat request body (the raw body when not parseable)."""
    try:
        msgs = json.loads(body).get("messages") or []
        users = [m for m in msgs if m.get("role") == "user"]
        content = users[-1]["content"] if users else ""
        if isinstance(content, list):  # content parts: keep the text parts
            content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
        return str(content)
    except (ValueError, AttributeError, KeyError, IndexError, TypeError):
        return body.decode("utf-8", "replace")


@dataclass
class ProxyStats:
    """What the proxy saw. ``completed``/``abandoned``/``attempts`` count per :func:`prompt_key`;
    ``abandoned`` = upstream answered but the client had already disconnected."""

    requests: int = 0
    faults: Counter = field(default_factory=Counter)
    forwarded: int = 0
    completed: Counter = field(default_factory=Counter)
    abandoned: Counter = field(default_factory=Counter)
    attempts: Counter = field(default_factory=Counter)
    auth_headers: Counter = field(default_factory=Counter)

    @property
    def completed_total(self) -> int:
        return sum(self.completed.values())


class FaultProxy:
    """Run the proxy in a background thread with its own event loop.

    Args:
        upstream: base URL of the real server, e.g. ``http://127.0.0.1:PORT`` (no ``/v1``).
        rates: {fault: probability per chat request}; sum <= 1. Unknown names raise ValueError.
        seed: seed of the deterministic fault choice.
        retry_after: seconds sent in ``Retry-After`` of 429 answers.
        hang_s: how long a ``timeout`` fault holds the request before answering 504.

    Use as a context manager; ``base_url`` (ends in ``/v1``) is valid inside it.
    """

    def __init__(
        self,
        upstream: str,
        rates: dict[str, float] | None = None,
        *,
        seed: int = 0,
        retry_after: int = 1,
        hang_s: float = 8.0,
    ):
        rates = dict(rates or {})
        unknown = set(rates) - set(FAULTS)
        if unknown:
            raise ValueError(f"unknown fault(s) {sorted(unknown)}; known: {FAULTS}")
        if sum(rates.values()) > 1.0 + 1e-9:
            raise ValueError("fault rates sum to more than 1")
        self.upstream = upstream.rstrip("/")
        self.rates = rates
        self.seed = seed
        self.retry_after = retry_after
        self.hang_s = hang_s
        self.stats = ProxyStats()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._session: ClientSession | None = None
        self.port: int | None = None
        #: when set, chat requests arriving after this many completed calls wait (unanswered)
        #: until it is cleared: a test can then kill the client while a call is in flight
        self.hold_after: int | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def choose(self, key: str, attempt: int) -> str | None:
        """The fault for attempt ``attempt`` (0-based) of request ``key``, or None (forward)."""
        h = hashlib.sha256(f"{self.seed}:{key}:{attempt}".encode()).digest()
        u = int.from_bytes(h[:8], "big") / 2**64
        acc = 0.0
        for name in FAULTS:
            acc += self.rates.get(name, 0.0)
            if u < acc:
                return name
        return None

    # -- aiohttp handlers -------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        is_chat = request.method == "POST" and request.path.endswith("/chat/completions")
        key = prompt_key(body_prompt(body)) if is_chat else ""
        with self._lock:
            self.stats.requests += 1
            self.stats.auth_headers[request.headers.get("Authorization", "")] += 1
            attempt = self.stats.attempts[key]
            self.stats.attempts[key] += 1
        fault = self.choose(key, attempt) if is_chat else None
        if fault is not None:
            with self._lock:
                self.stats.faults[fault] += 1
        while self.hold_after is not None and self.stats.completed_total >= self.hold_after and is_chat:
            await asyncio.sleep(0.02)
        if fault == "429":
            return web.json_response(
                {"error": {"message": "rate limited by fault proxy", "type": "rate_limit_error", "code": 429}},
                status=429, headers={"Retry-After": str(self.retry_after)},
            )
        if fault == "500":
            return web.json_response({"error": {"message": "injected server error", "type": "server_error", "code": 500}}, status=500)
        if fault == "timeout":
            await asyncio.sleep(self.hang_s)
            return web.json_response({"error": {"message": "injected gateway timeout"}}, status=504)
        status, headers, data = await self._forward(request, body)
        if is_chat and status == 200:
            if fault == "truncated":
                return web.Response(body=data[: len(data) // 2], status=200, content_type="application/json")
            if fault == "empty":
                obj = json.loads(data)
                for c in obj.get("choices", []):
                    c.setdefault("message", {})["content"] = ""
                return web.json_response(obj, status=200)
            # the client may have given up (attempt timeout) while the server worked
            gone = request.transport is None or request.transport.is_closing()
            with self._lock:
                (self.stats.abandoned if gone else self.stats.completed)[key] += 1
        return web.Response(body=data, status=status, headers={k: v for k, v in headers.items() if k.lower() == "content-type"})

    async def _forward(self, request: web.Request, body: bytes) -> tuple[int, dict[str, str], bytes]:
        assert self._session is not None
        with self._lock:
            self.stats.forwarded += 1
        hdrs = {k: v for k, v in request.headers.items() if k.lower() in ("content-type", "authorization", "accept")}
        async with self._session.request(request.method, self.upstream + request.path_qs, data=body, headers=hdrs) as r:
            return r.status, dict(r.headers), await r.read()

    # -- lifecycle ----------------------------------------------------------------------------
    async def _start(self, ready: threading.Event) -> None:
        # no keep-alive upstream: uvicorn closes idle connections after 5 s, and reusing one then
        # fails with ServerDisconnectedError, a fault we did not inject
        self._session = ClientSession(timeout=ClientTimeout(total=600), connector=TCPConnector(force_close=True))
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        ready.set()

    def start(self) -> "FaultProxy":
        ready = threading.Event()
        self._loop = asyncio.new_event_loop()

        def run() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            self._loop.create_task(self._start(ready))
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="fault-proxy", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("fault proxy did not start")
        return self

    def stop(self) -> None:
        if self._loop is None:
            return

        async def _close() -> None:
            if self._runner is not None:
                await self._runner.cleanup()
            if self._session is not None:
                await self._session.close()

        asyncio.run_coroutine_threadsafe(_close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)
        self._loop = None

    def reset_counts(self) -> None:
        """Zero the counters (the fault schedule keeps its attempt numbers)."""
        with self._lock:
            attempts = self.stats.attempts
            self.stats = ProxyStats(attempts=attempts)

    def __enter__(self) -> "FaultProxy":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
