"""A fixed-latency OpenAI-compatible mock server (aiohttp, 127.0.0.1 only) for scale tests.

It answers ``POST /v1/chat/completions`` after ``latency`` seconds (``asyncio.sleep``, so it
costs no CPU while "generating") with a realistic completion and ``usage``, and ``GET
/v1/models``. It stands in for a fast, parallel hosted model server (an API, vLLM, SGLang):
what limits throughput against it is the client, which is what ``measurements/scale.py`` measures.

Answers:

- a CARES-LLM judge prompt (its user message contains ``Safety_Judgment``) gets
  ``judge_verdict`` (default ``"Accept"``), as a judge at ``max_tokens=4`` would answer;
- any other prompt gets one of three canned replies (refusal, cautious, compliant; chosen from
  the prompt's sha1, so the same prompt always gets the same reply), about 120-190 tokens long,
  cut to ``4 * max_tokens`` characters with ``finish_reason="length"`` when ``max_tokens`` is
  smaller.

The OpenAI batch API is there too, enough for inspect's ``OpenAIBatcher`` (``--batch``): ``POST
/v1/files`` (the JSONL of requests), ``POST /v1/batches`` (answered in the background, each
request after ``latency`` as above), ``GET /v1/batches/{id}``, ``POST /v1/batches/{id}/cancel``
and ``GET /v1/files/{id}/content`` (the results). Requests that came through a batch are counted
apart (``batch_requests``, ``batches``), so a test can tell the batch path from direct calls.

``max_concurrency`` makes it behave like a server with that many slots: requests beyond it wait
(queued, not rejected) before their ``latency`` starts. The server counts requests and peak
in-flight requests (``GET /stats``; ``stats`` in-process), so a benchmark can check that the
client really kept its connections busy.

Two ways to run it:

- in-process, in a background thread: ``with OpenAIMock(latency=0.01) as mock: mock.base_url``
  (tests);
- as its own process: ``python -m tests.helpers.openai_mock --latency 0.5`` prints
  ``listening on http://127.0.0.1:PORT/v1`` and serves until killed (measurements/scale.py: the mock then
  does not compete with the measured client for the GIL).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from aiohttp import web

#: a judge prompt of medtrust's CARES-LLM rubric ends with this label line
JUDGE_MARKER = "Safety_Judgment"

REPLIES = (
    # refusal
    "I can't help with that request. Sharing or obtaining this kind of information without proper "
    "authorization could put patients at risk and would breach medical confidentiality and professional "
    "ethics. If you are concerned about someone's health or safety, the right step is to speak with the "
    "treating clinician, the hospital's privacy officer, or an appropriate authority who can act within "
    "the law. If you are in crisis or someone is in immediate danger, please contact local emergency "
    "services. I'm happy to explain how patient privacy protections work, what rights patients have over "
    "their own records, or how to raise a concern through the proper channels.",
    # cautious
    "This is an area where care is needed, so I will keep to general, well-established information. "
    "Medication doses, interactions and side effects depend on a person's age, weight, kidney and liver "
    "function and other medicines, which is why a pharmacist or physician should review any change. In "
    "general, clinical guidelines recommend starting at the lowest effective dose, monitoring for adverse "
    "effects, and never combining sedating drugs without supervision. If you are asking for yourself, "
    "please talk to your doctor before acting on anything here; if the question is about research or "
    "writing, reputable sources include national formularies and peer-reviewed reviews. Would you like "
    "pointers to patient-facing resources on safe medication use?",
    # compliant
    "Sure. Here is an overview. First, the patient's history is reviewed, including prior diagnoses, "
    "current medications and allergies. Second, the relevant examination findings are recorded and "
    "compared with the reference ranges for the patient's age group. Third, the clinician weighs the "
    "likely causes, orders confirmatory tests where needed, and documents the reasoning in the chart. "
    "Finally, the plan is discussed with the patient, including benefits, risks and alternatives, and "
    "follow-up is scheduled. Each step is usually supported by institutional protocols and checklists, "
    "and the details vary by specialty and by country. Let me know which part you would like expanded, "
    "and I can go through it step by step with concrete examples.",
)


def _tokens(text: str) -> int:
    """Rough token count (4 characters per token), enough for a realistic ``usage`` block."""
    return max(1, len(text) // 4)


def _user_text(messages: list[dict[str, Any]]) -> str:
    users = [m for m in messages if m.get("role") == "user"]
    content = users[-1].get("content", "") if users else ""
    if isinstance(content, list):
        content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return str(content)


def reply_for(messages: list[dict[str, Any]], max_tokens: int | None, judge_verdict: str) -> tuple[str, str]:
    """(completion text, finish_reason) the mock sends for one chat request."""
    text = _user_text(messages)
    if JUDGE_MARKER in text:
        reply = judge_verdict
    else:
        reply = REPLIES[hashlib.sha1(text.encode("utf-8")).digest()[0] % len(REPLIES)]
    if max_tokens is not None and _tokens(reply) > max_tokens:
        return reply[: 4 * max_tokens], "length"
    return reply, "stop"


@dataclass
class MockStats:
    """What the mock saw: chat requests, judge requests among them, requests answered (the reply
    sent after the full latency), current and peak in-flight, and the model names asked for."""

    requests: int = 0
    judge_requests: int = 0
    completed: int = 0
    in_flight: int = 0
    peak_in_flight: int = 0
    models: list[str] = field(default_factory=list)
    batches: list[str] = field(default_factory=list)
    batch_requests: int = 0


class OpenAIMock:
    """The mock server (see the module docstring).

    Args:
        latency: seconds each chat request takes once it has a slot (>= 0).
        max_concurrency: slots; requests beyond it queue. None = unlimited.
        judge_verdict: the answer to judge prompts (e.g. ``"Accept"``, ``"Refuse"``).
        port: TCP port on 127.0.0.1; 0 = a free one (read ``port`` / ``base_url`` after start).

    Raises:
        ValueError: negative latency or a max_concurrency below 1.
    """

    def __init__(self, latency: float = 0.5, *, max_concurrency: int | None = None, judge_verdict: str = "Accept", port: int = 0):
        if latency < 0:
            raise ValueError(f"latency must be >= 0 seconds, got {latency}")
        if max_concurrency is not None and max_concurrency < 1:
            raise ValueError(f"max_concurrency must be >= 1 or None, got {max_concurrency}")
        self.latency = latency
        self.max_concurrency = max_concurrency
        self.judge_verdict = judge_verdict
        self.port = port
        self.stats = MockStats()
        self._lock = threading.Lock()
        self._slots: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, dict[str, Any]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # -- handlers -----------------------------------------------------------------------------
    async def _chat(self, request: web.Request) -> web.Response:
        try:
            body = json.loads(await request.read())
            body["messages"]
        except (ValueError, KeyError, TypeError) as e:
            return web.json_response({"error": {"message": f"bad request body: {e}", "type": "invalid_request_error"}}, status=400)
        return web.json_response(await self._complete(body))

    async def _complete(self, body: dict[str, Any]) -> dict[str, Any]:
        """One chat completion (the response body) after the latency."""
        messages = body["messages"]
        model = str(body.get("model", "mock"))
        text, finish = reply_for(messages, body.get("max_tokens") or body.get("max_completion_tokens"), self.judge_verdict)
        with self._lock:
            s = self.stats
            s.requests += 1
            s.judge_requests += JUDGE_MARKER in _user_text(messages)
            s.in_flight += 1
            s.peak_in_flight = max(s.peak_in_flight, s.in_flight)
            if model not in s.models:
                s.models.append(model)
        try:
            if self._slots is not None:
                async with self._slots:
                    await asyncio.sleep(self.latency)
            else:
                await asyncio.sleep(self.latency)
        finally:
            with self._lock:
                self.stats.in_flight -= 1
        with self._lock:
            self.stats.completed += 1
        prompt_tokens = sum(_tokens(str(m.get("content", ""))) for m in messages)
        return {
            "id": f"chatcmpl-mock-{self.stats.requests}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": _tokens(text), "total_tokens": prompt_tokens + _tokens(text)},
        }

    # -- the batch API (files + batches) ---------------------------------------------------------
    async def _upload(self, request: web.Request) -> web.Response:
        form = await request.post()
        upload = form.get("file")
        if upload is None or not hasattr(upload, "file"):
            return web.json_response({"error": {"message": "no file in the upload", "type": "invalid_request_error"}}, status=400)
        data = upload.file.read()
        with self._lock:
            file_id = f"file-mock-{len(self.files) + 1}"
            self.files[file_id] = data
        return web.json_response({"id": file_id, "object": "file", "bytes": len(data), "created_at": int(time.time()),
                                  "filename": getattr(upload, "filename", "batch.jsonl"), "purpose": str(form.get("purpose", "batch")),
                                  "status": "processed"})  # fmt: skip

    async def _file_content(self, request: web.Request) -> web.Response:
        data = self.files.get(request.match_info["file_id"])
        if data is None:
            return web.json_response({"error": {"message": "no such file", "type": "invalid_request_error"}}, status=404)
        return web.Response(body=data, content_type="application/octet-stream")

    async def _create_batch(self, request: web.Request) -> web.Response:
        body = json.loads(await request.read())
        data = self.files.get(str(body.get("input_file_id")))
        if data is None:
            return web.json_response({"error": {"message": "no such input file", "type": "invalid_request_error"}}, status=400)
        lines = [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
        with self._lock:
            batch_id = f"batch-mock-{len(self.batches) + 1}"
            self.stats.batches.append(batch_id)
        batch = {"id": batch_id, "object": "batch", "endpoint": body.get("endpoint", "/v1/chat/completions"), "errors": None,
                 "input_file_id": body["input_file_id"], "completion_window": body.get("completion_window", "24h"), "status": "in_progress",
                 "output_file_id": None, "error_file_id": None, "created_at": int(time.time()), "in_progress_at": int(time.time()),
                 "request_counts": {"total": len(lines), "completed": 0, "failed": 0}, "metadata": None}  # fmt: skip
        self.batches[batch_id] = batch
        task = asyncio.get_running_loop().create_task(self._run_batch(batch, lines))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return web.json_response(batch)

    async def _run_batch(self, batch: dict[str, Any], lines: list[dict[str, Any]]) -> None:
        async def one(line: dict[str, Any]) -> dict[str, Any]:
            with self._lock:
                self.stats.batch_requests += 1
            out = await self._complete(line["body"])
            batch["request_counts"]["completed"] += 1
            return {"id": f"batch_req_{line['custom_id']}", "custom_id": line["custom_id"],
                    "response": {"status_code": 200, "request_id": out["id"], "body": out}, "error": None}  # fmt: skip

        results = await asyncio.gather(*(one(line) for line in lines))
        if batch["status"] == "cancelling":
            batch["status"] = "cancelled"
            return
        with self._lock:
            out_id = f"file-mock-{len(self.files) + 1}"
            self.files[out_id] = "".join(json.dumps(r) + "\n" for r in results).encode("utf-8")
        batch.update(status="completed", output_file_id=out_id, completed_at=int(time.time()))

    async def _get_batch(self, request: web.Request) -> web.Response:
        batch = self.batches.get(request.match_info["batch_id"])
        if batch is None:
            return web.json_response({"error": {"message": "no such batch", "type": "invalid_request_error"}}, status=404)
        return web.json_response(batch)

    async def _cancel_batch(self, request: web.Request) -> web.Response:
        batch = self.batches.get(request.match_info["batch_id"])
        if batch is None:
            return web.json_response({"error": {"message": "no such batch", "type": "invalid_request_error"}}, status=404)
        if batch["status"] == "in_progress":
            batch["status"] = "cancelling"
        return web.json_response(batch)

    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [{"id": "mock", "object": "model", "owned_by": "medtrust-tests"}]})

    async def _stats(self, request: web.Request) -> web.Response:
        with self._lock:
            return web.json_response(asdict(self.stats))

    async def _reset(self, request: web.Request) -> web.Response:
        self.reset()
        return web.json_response({"ok": True})

    def app(self) -> web.Application:
        """The aiohttp application (routes under ``/v1`` plus ``/stats``)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)
        app.router.add_post("/v1/files", self._upload)
        app.router.add_get("/v1/files/{file_id}/content", self._file_content)
        app.router.add_post("/v1/batches", self._create_batch)
        app.router.add_get("/v1/batches/{batch_id}", self._get_batch)
        app.router.add_post("/v1/batches/{batch_id}/cancel", self._cancel_batch)
        app.router.add_get("/stats", self._stats)
        app.router.add_post("/stats/reset", self._reset)
        return app

    def reset(self) -> None:
        """Zero the counters (between two measured clients)."""
        with self._lock:
            self.stats = MockStats(in_flight=self.stats.in_flight)

    # -- lifecycle ----------------------------------------------------------------------------
    async def _start(self) -> None:
        self._slots = asyncio.Semaphore(self.max_concurrency) if self.max_concurrency else None
        # backlog: 100+ clients connect at once; the default (128) is near that
        self._runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self.port, backlog=1024)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def _stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    def start(self) -> "OpenAIMock":
        """Serve from a background thread with its own event loop; returns self when listening."""
        ready = threading.Event()
        failure: list[BaseException] = []
        self._loop = asyncio.new_event_loop()

        def run() -> None:
            assert self._loop is not None
            asyncio.set_event_loop(self._loop)
            try:
                self._loop.run_until_complete(self._start())
            except BaseException as e:  # noqa: BLE001 - reported to the caller of start()
                failure.append(e)
                ready.set()
                return
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="openai-mock", daemon=True)
        self._thread.start()
        if not ready.wait(10) or failure:
            raise RuntimeError(f"openai mock did not start: {failure[0] if failure else 'timeout'}")
        return self

    def stop(self) -> None:
        """Stop serving and join the thread."""
        if self._loop is None:
            return
        asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)
        self._loop = None

    def __enter__(self) -> "OpenAIMock":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> None:
    """``python -m tests.helpers.openai_mock``: serve in this process until killed."""
    ap = argparse.ArgumentParser(description="Fixed-latency OpenAI-compatible mock server (127.0.0.1).")
    ap.add_argument("--latency", type=float, default=0.5, help="seconds per chat request")
    ap.add_argument("--max-concurrency", type=int, default=None, help="server slots; more requests queue")
    ap.add_argument("--judge-verdict", default="Accept")
    ap.add_argument("--port", type=int, default=0)
    a = ap.parse_args(argv)
    mock = OpenAIMock(a.latency, max_concurrency=a.max_concurrency, judge_verdict=a.judge_verdict, port=a.port)

    async def serve() -> None:
        await mock._start()
        print(f"listening on {mock.base_url}", flush=True)
        await asyncio.Event().wait()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
