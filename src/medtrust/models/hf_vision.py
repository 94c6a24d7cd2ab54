"""Local Hugging Face vision-language backend: ``medtrust/hf-vision``.

Runs a transformers image-text-to-text model (LLaVA, Idefics3/SmolVLM, Qwen2-VL, ...) in this
process. Nothing is ever downloaded: ``HF_HUB_OFFLINE=1`` is set and every load uses
``local_files_only=True``.

Usage::

    inspect eval medtrust/cares_vlm --model medtrust/hf-vision -M model_path=/models/smolvlm \\
        -M device=cuda -M dtype=bfloat16 -M batch_size=8

Model args (``-M``; see :func:`create_backend`): ``model_path`` (a local folder written by
``save_pretrained``) or ``hf_model`` + ``hf_processor`` (already-built objects, for tests; inspect's
``get_model`` reserves the name ``model``),
``device`` ('cpu' | 'cuda' | 'cuda:N' | 'mps' | 'auto'; default cuda when available, else cpu),
``dtype`` ('auto' | 'float32' | 'bfloat16' | 'float16'), ``batch_size`` (default 8),
``batch_wait_ms`` (default 20), ``max_length`` (default: the model's
``max_position_embeddings``), ``max_new_tokens`` (default 256, used when the GenerateConfig has
no ``max_tokens``), ``max_connections``.

Behaviour:

- The chat (system/user/assistant text, ``ContentImage`` as data URIs, file paths or
  ``file://`` URLs) is rendered with the processor's chat template; images are passed to the
  processor in message order. Remote image URLs are refused (offline).
- Batching: concurrent ``generate`` calls are collected for ``batch_wait_ms`` and run as one
  left-padded batch of at most ``batch_size`` prompts with the same generation settings.
  inspect must send enough concurrent requests to fill a batch: its adaptive connection pool
  (the default in inspect 0.3.285, starting at 20) does; with an explicit ``--max-connections``
  keep it >= ``batch_size`` (the backend's own ``max_connections`` hint is ``2 * batch_size``).
  Seeded sampling requests run alone so their seed alone fixes the result.
- Decoding is greedy unless ``temperature > 0`` (then sampling with ``top_p`` / ``top_k``;
  ``seed`` seeds torch). ``max_tokens`` and ``stop_seqs`` (text cut before the first stop
  sequence) are honoured; ``logprobs`` / ``top_logprobs`` return per-token log-probabilities of
  the raw (untempered) logits.
- Usage: input tokens are the prompt's non-padding tokens including image tokens; output
  tokens are the generated tokens including the end-of-sequence token (inspect's fallback
  token counter downloads a tiktoken file and fails offline).
- A prompt that does not fit the model's context (prompt tokens >= ``max_length``), an image
  that cannot be read, or unsupported content returns a ``ModelOutput`` with ``error`` set (a
  recorded model_error), not an exception. When the prompt fits but ``max_tokens`` would
  overflow the context, generation is cut at the context end with stop reason
  ``model_length``.
- Log-probabilities (:class:`medtrust.models.capabilities.LogprobScorer`):
  :meth:`HFVisionBackend.next_token_logprobs` (log-softmax over the full vocabulary at the
  first generated position) and :meth:`HFVisionBackend.continuation_logprobs` (sum of token
  log-probabilities of a reply appended to the generation prompt, no end-of-turn token),
  the quantities MediConfusion's GD and PS modes use (Sepehri et al. 2024, section 4).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import os
import re
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from inspect_ai.model import (
    ChatCompletionChoice,
    ChatMessage,
    ChatMessageAssistant,
    ContentImage,
    ContentReasoning,
    ContentText,
    GenerateConfig,
    Logprob,
    Logprobs,
    ModelOutput,
    ModelUsage,
    TopLogprob,
)

from medtrust.images import load_rgb8, to_rgb8  # noqa: F401 - to_rgb8 kept importable from here
from medtrust.models.capabilities import ContinuationScore

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

DEFAULT_BATCH_SIZE = 8
DEFAULT_BATCH_WAIT_MS = 20.0
DEFAULT_MAX_NEW_TOKENS = 256
_DTYPES = ("auto", "float32", "bfloat16", "float16")
_URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


class InputError(ValueError):
    """A request the model cannot take (unreadable image, unsupported content, prompt too long)."""


class PromptTooLongError(InputError):
    """The prompt (plus continuation) does not fit the model's context length."""


def load_image(ref: str) -> Any:
    """Decode an inspect ``ContentImage.image`` into an upright 8-bit RGB ``PIL.Image``.

    Accepts ``data:<mime>;base64,<data>`` URIs, ``file://`` URLs and plain file paths. The EXIF
    orientation is applied and 16-bit grayscale is rescaled (:func:`medtrust.images.load_rgb8`).

    Raises:
        InputError: remote URL (never fetched: offline), bad base64, missing or unreadable file.
    """
    from PIL import UnidentifiedImageError

    try:
        if ref.startswith("data:"):
            header, _, payload = ref.partition(",")
            if ";base64" not in header:
                raise InputError("image data URI is not base64-encoded")
            return load_rgb8(base64.b64decode(payload, validate=False))
        else:
            if ref.startswith("file://"):
                path = urllib.parse.unquote(urllib.parse.urlparse(ref).path)
            elif _URL_SCHEME.match(ref):
                raise InputError(f"remote image URL not supported by medtrust/hf-vision (offline): {ref[:80]}")
            else:
                path = ref
            return load_rgb8(path)
    except InputError:
        raise
    except (OSError, UnidentifiedImageError, binascii.Error, ValueError) as e:
        shown = ref[:60] + "..." if len(ref) > 60 else ref
        raise InputError(f"cannot read image {shown!r}: {e}") from e


def to_hf_chat(messages: list[ChatMessage]) -> tuple[list[dict[str, Any]], list[Any]]:
    """inspect chat -> (transformers chat messages with typed content parts, images in order).

    Text parts become ``{"type": "text", "text": ...}``, images ``{"type": "image"}`` (the PIL
    images are returned separately, in order of appearance). Tool messages become user turns;
    reasoning parts are dropped.

    Raises:
        InputError: audio/video/document content or an unreadable image.
    """
    chat: list[dict[str, Any]] = []
    images: list[Any] = []
    for m in messages:
        role = m.role if m.role in ("system", "user", "assistant") else "user"
        parts: list[dict[str, Any]] = []
        if isinstance(m.content, str):
            parts.append({"type": "text", "text": m.content})
        else:
            for c in m.content:
                if isinstance(c, ContentText):
                    parts.append({"type": "text", "text": c.text})
                elif isinstance(c, ContentImage):
                    images.append(load_image(c.image))
                    parts.append({"type": "image"})
                elif isinstance(c, ContentReasoning):
                    continue
                else:
                    raise InputError(f"medtrust/hf-vision cannot take {type(c).__name__} content")
        chat.append({"role": role, "content": parts})
    return chat, images


@dataclass
class _Prepared:
    """One rendered request: prompt text and its images."""

    prompt: str
    images: list[Any]


@dataclass
class _GenSettings:
    max_new_tokens: int
    do_sample: bool
    temperature: float | None
    top_p: float | None
    top_k: int | None
    seed: int | None
    stop_seqs: tuple[str, ...]
    logprobs: bool
    top_logprobs: int

    def key(self) -> tuple:
        return (self.max_new_tokens, self.do_sample, self.temperature, self.top_p, self.top_k, self.seed,
                self.stop_seqs, self.logprobs, self.top_logprobs)


@dataclass
class _Pending:
    item: _Prepared
    settings: _GenSettings
    future: asyncio.Future
    solo: bool = False


@dataclass
class _LoopState:
    loop: asyncio.AbstractEventLoop
    pending: list[_Pending] = field(default_factory=list)
    flusher: asyncio.Task | None = None


class HFVisionBackend:
    """A loaded transformers VLM serving inspect ``generate`` and log-probability scoring.

    Args:
        model: a transformers ``*ForConditionalGeneration`` / ``*ForImageTextToText`` model.
        processor: its processor (chat template, tokenizer, image processor).
        model_id: name reported in ``ModelOutput.model``.
        batch_size: most prompts per forward batch (>= 1).
        batch_wait_ms: how long the first queued request waits for companions (>= 0).
        max_length: context length in tokens (prompt + generated); default from the model config.
        max_new_tokens: generation cap when ``GenerateConfig.max_tokens`` is unset.
        max_connections: concurrent requests inspect may send (default ``2 * batch_size``).

    Raises:
        ValueError: batch_size < 1 or no chat template.
    """

    def __init__(
        self,
        model: Any,
        processor: Any,
        model_id: str = "hf-vision",
        batch_size: int = DEFAULT_BATCH_SIZE,
        batch_wait_ms: float = DEFAULT_BATCH_WAIT_MS,
        max_length: int | None = None,
        max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS,
        max_connections: int | None = None,
    ) -> None:
        if int(batch_size) < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        self.model = model
        self.processor = processor
        self.model_id = model_id
        self.batch_size = int(batch_size)
        self.batch_wait_s = max(0.0, float(batch_wait_ms)) / 1000.0
        self.max_new_tokens = int(max_new_tokens)
        self.max_connections = int(max_connections) if max_connections else 2 * self.batch_size
        self.tokenizer = getattr(processor, "tokenizer", processor)
        # decoder-only batched generation needs the padding on the left
        self.tokenizer.padding_side = "left"
        if self.tokenizer.pad_token_id is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        self.max_length = int(max_length) if max_length else _context_length(model, self.tokenizer)
        self.eos_ids = _eos_ids(model, self.tokenizer)
        if getattr(processor, "chat_template", None) is None and getattr(self.tokenizer, "chat_template", None) is None:
            raise ValueError(f"{model_id}: the processor has no chat template; save one with the model")
        self._model_lock = threading.Lock()
        self._state: _LoopState | None = None
        self.batches_run: list[int] = []  # sizes of the generation batches run (diagnostics/tests)

    # ----- prompt rendering -------------------------------------------------------------------

    def render(self, messages: list[ChatMessage], add_generation_prompt: bool = True) -> _Prepared:
        """Chat -> prompt text (processor chat template) + images.

        Raises:
            InputError: unreadable image or unsupported content.
        """
        chat, images = to_hf_chat(messages)
        if self.processor is self.tokenizer:  # a text-only model: plain-string turns, no images
            if images:
                raise InputError(f"{self.model_id} is a text-only model and cannot take images")
            chat = [{"role": m["role"], "content": "".join(p["text"] for p in m["content"])} for m in chat]
        kwargs = dict(add_generation_prompt=add_generation_prompt, tokenize=False)
        if getattr(self.processor, "chat_template", None) is not None:
            prompt = self.processor.apply_chat_template(chat, **kwargs)
        else:
            prompt = self.tokenizer.apply_chat_template(chat, **kwargs)
        if isinstance(prompt, list):
            prompt = prompt[0]
        return _Prepared(prompt=prompt, images=images)

    def _encode(self, items: list[_Prepared]) -> Any:
        texts = [it.prompt for it in items]
        kwargs: dict[str, Any] = dict(text=texts, return_tensors="pt", padding=True)
        bos = self.tokenizer.bos_token
        if bos and all(t.startswith(bos) for t in texts):
            # the template already wrote BOS; as transformers' own apply_chat_template, add no second one
            kwargs["add_special_tokens"] = False
        if any(it.images for it in items):
            kwargs["images"] = [it.images for it in items]
        if self.processor is self.tokenizer:
            kwargs.pop("images", None)
        enc = self.processor(**kwargs)
        return enc.to(self.model.device)

    # ----- generation -------------------------------------------------------------------------

    def _settings(self, config: GenerateConfig) -> _GenSettings:
        temperature = config.temperature
        do_sample = temperature is not None and temperature > 0
        return _GenSettings(
            max_new_tokens=int(config.max_tokens) if config.max_tokens else self.max_new_tokens,
            do_sample=do_sample,
            temperature=float(temperature) if do_sample else None,
            top_p=config.top_p if do_sample else None,
            top_k=config.top_k if do_sample else None,
            seed=config.seed if do_sample else None,  # greedy ignores the seed; keeps batches whole
            stop_seqs=tuple(config.stop_seqs or ()),
            logprobs=bool(config.logprobs),
            top_logprobs=int(config.top_logprobs or 0),
        )

    async def generate(self, messages: list[ChatMessage], config: GenerateConfig) -> ModelOutput:
        """Generate one reply (batched with concurrent calls). Never raises for bad input: returns
        a ``ModelOutput`` with ``error`` set instead (see module docstring)."""
        start = time.monotonic()
        try:
            item = self.render(messages)
        except InputError as e:
            return self._error(str(e))
        except Exception as e:  # e.g. a chat template that rejects a system turn
            return self._error(f"cannot render the chat template: {type(e).__name__}: {e}")
        settings = self._settings(config)
        solo = settings.do_sample and settings.seed is not None
        out = await self._submit(_Pending(item=item, settings=settings, future=None, solo=solo))  # type: ignore[arg-type]
        out.time = time.monotonic() - start
        return out

    def _error(self, message: str) -> ModelOutput:
        out = ModelOutput.from_content(model=self.model_id, content="", stop_reason="unknown", error=message)
        out.usage = ModelUsage(input_tokens=0, output_tokens=0, total_tokens=0)
        return out

    async def _submit(self, pending: _Pending) -> ModelOutput:
        loop = asyncio.get_running_loop()
        if self._state is None or self._state.loop is not loop:
            self._state = _LoopState(loop=loop)
        state = self._state
        pending.future = loop.create_future()
        state.pending.append(pending)
        if state.flusher is None or state.flusher.done():
            state.flusher = loop.create_task(self._flush(state))
        return await pending.future

    async def _flush(self, state: _LoopState) -> None:
        if self.batch_wait_s > 0:
            await asyncio.sleep(self.batch_wait_s)
        while state.pending:
            first = state.pending[0]
            if first.solo:
                batch = [first]
            else:
                key = first.settings.key()
                batch = [p for p in state.pending if not p.solo and p.settings.key() == key][: self.batch_size]
            for p in batch:
                state.pending.remove(p)
            try:
                outputs = await asyncio.to_thread(self._run_batch, [p.item for p in batch], first.settings)
            except BaseException as e:  # never leave a caller waiting forever
                for p in batch:
                    if not p.future.done():
                        p.future.set_exception(e)
                if not isinstance(e, Exception):
                    raise
                continue
            for p, o in zip(batch, outputs):
                if not p.future.done():
                    p.future.set_result(o)

    def _run_batch(self, items: list[_Prepared], s: _GenSettings) -> list[ModelOutput]:
        """Run one batch; per-item problems become error outputs."""
        import torch

        results: list[ModelOutput | None] = [None] * len(items)
        with self._model_lock:
            try:
                return self._run_batch_locked(items, s, results)
            except Exception as e:  # recorded per request (model_error), never a crash of the eval
                return [r if r is not None else self._error(f"generation failed: {type(e).__name__}: {e}") for r in results]

    def _run_batch_locked(self, items: list[_Prepared], s: _GenSettings, results: list[ModelOutput | None]) -> list[ModelOutput]:
        """Encode, drop over-long prompts (error outputs), generate the rest as one batch."""
        import torch

        try:
            enc = self._encode(items)
        except Exception:
            # one bad item must not sink the others: encode them one by one
            if len(items) == 1:
                raise
            for i, it in enumerate(items):
                try:
                    results[i] = self._run_batch_locked([it], s, [None])[0]
                except Exception as e:
                    results[i] = self._error(f"generation failed: {type(e).__name__}: {e}")
            return results  # type: ignore[return-value]
        lengths = enc["attention_mask"].sum(dim=1).tolist()
        too_long = [i for i, n in enumerate(lengths) if n >= self.max_length]
        for i in too_long:
            results[i] = self._error(
                f"prompt has {int(lengths[i])} tokens; the model's context length is {self.max_length}"
            )
        ok = [i for i in range(len(items)) if results[i] is None]
        if not ok:
            return results  # type: ignore[return-value]
        if too_long:
            enc = self._encode([items[i] for i in ok])
            lengths = enc["attention_mask"].sum(dim=1).tolist()
        self.batches_run.append(len(ok))
        room = self.max_length - enc["input_ids"].shape[1]
        max_new = max(1, min(s.max_new_tokens, room))
        gen_kwargs: dict[str, Any] = dict(
            max_new_tokens=max_new, do_sample=s.do_sample, return_dict_in_generate=True,
            output_logits=s.logprobs, pad_token_id=self.tokenizer.pad_token_id, eos_token_id=self.eos_ids,
        )
        if s.do_sample:
            gen_kwargs.update(temperature=s.temperature, top_p=s.top_p if s.top_p is not None else 1.0,
                              top_k=s.top_k if s.top_k is not None else 0)
            if s.seed is not None:
                torch.manual_seed(int(s.seed))
        else:
            # a model's saved generation_config may ask for sampling; greedy means greedy
            gen_kwargs.update(temperature=None, top_p=None, top_k=None)
        if s.stop_seqs:
            gen_kwargs["stopping_criteria"] = _stop_criteria(self.tokenizer, s.stop_seqs, enc["input_ids"].shape[1])
        with torch.inference_mode():
            gen = self.model.generate(**enc, **gen_kwargs)
        new_tokens = gen.sequences[:, enc["input_ids"].shape[1]:].tolist()
        logits = gen.logits if s.logprobs else None
        for j, i in enumerate(ok):
            results[i] = self._finish(new_tokens[j], int(lengths[j]), max_new, s, logits, j, capped=max_new < s.max_new_tokens)
        return results  # type: ignore[return-value]

    def _finish(self, tokens: list[int], n_in: int, max_new: int, s: _GenSettings, logits: Any, row: int, capped: bool) -> ModelOutput:
        stop_reason = "max_tokens"
        kept = tokens
        n_out = len(tokens)
        for k, t in enumerate(tokens):
            if t in self.eos_ids:
                kept, n_out, stop_reason = tokens[:k], k + 1, "stop"
                break
        else:
            pad = self.tokenizer.pad_token_id
            while kept and kept[-1] == pad and pad not in self.eos_ids:
                kept = kept[:-1]
            n_out = len(kept)
            if capped and n_out >= max_new:
                stop_reason = "model_length"
        text = self.tokenizer.decode(kept, skip_special_tokens=True)
        cut = [text.find(q) for q in s.stop_seqs if q and q in text]
        if cut:
            text, stop_reason = text[: min(cut)], "stop"
        choice = ChatCompletionChoice(
            message=ChatMessageAssistant(content=text, model=self.model_id, source="generate"),
            stop_reason=stop_reason,  # type: ignore[arg-type]
            logprobs=self._logprobs(kept, logits, row, s.top_logprobs) if logits is not None else None,
        )
        return ModelOutput(
            model=self.model_id, choices=[choice],
            usage=ModelUsage(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out),
        )

    def _logprobs(self, tokens: list[int], logits: Any, row: int, top: int) -> Logprobs:
        import torch

        content = []
        for k, t in enumerate(tokens):
            lp = torch.log_softmax(logits[k][row].float(), dim=-1)
            tops = None
            if top > 0:
                vals, idx = torch.topk(lp, min(top, lp.shape[-1]))
                tops = [TopLogprob(token=self.tokenizer.decode([int(i)]), logprob=float(v)) for v, i in zip(vals, idx)]
            content.append(Logprob(token=self.tokenizer.decode([t]), logprob=float(lp[t]), top_logprobs=tops))
        return Logprobs(content=content)

    # ----- log-probability scoring (LogprobScorer) -------------------------------------------

    async def next_token_logprobs(self, messages: list[ChatMessage], candidates: list[str]) -> dict[str, float]:
        """Natural-log probability of each candidate as the first token of the reply.

        log_softmax over the model's full output vocabulary at the last prompt position (the
        generation prompt of the chat template). Each candidate is tokenised without special
        tokens, as is and with a leading space; the first token of each variant is scored and
        the larger value is kept. Shape: {candidate: logprob <= 0}.

        Raises:
            InputError: unreadable image; PromptTooLongError: prompt >= max_length tokens.
            ValueError: a candidate that tokenises to nothing or only to the unknown token.
        """
        item = self.render(messages)
        first_ids = {c: self._first_token_ids(c) for c in candidates}
        return await asyncio.to_thread(self._next_token_sync, item, first_ids)

    def _first_token_ids(self, candidate: str) -> list[int]:
        ids = []
        unk = self.tokenizer.unk_token_id
        for variant in (candidate, " " + candidate):
            toks = self.tokenizer(variant, add_special_tokens=False)["input_ids"]
            if toks and toks[0] != unk and toks[0] not in ids:
                ids.append(toks[0])
        if not ids:
            raise ValueError(f"candidate {candidate!r} has no token in this model's vocabulary")
        return ids

    def _next_token_sync(self, item: _Prepared, first_ids: dict[str, list[int]]) -> dict[str, float]:
        import torch

        with self._model_lock:
            enc = self._encode([item])
            n = enc["input_ids"].shape[1]
            if n >= self.max_length:
                raise PromptTooLongError(f"prompt has {n} tokens; the model's context length is {self.max_length}")
            with torch.inference_mode():
                logits = self.model(**enc).logits[0, -1].float()
        lp = torch.log_softmax(logits, dim=-1)
        return {c: max(float(lp[i]) for i in ids) for c, ids in first_ids.items()}

    async def continuation_logprobs(self, messages: list[ChatMessage], continuations: list[str]) -> list[ContinuationScore]:
        """Log-likelihood of each continuation as the start of the assistant's reply.

        The continuation's tokens (tokenised without special tokens, no end-of-turn token) are
        appended to the generation prompt; the score is the sum over those tokens of
        log_softmax(logits)[token] at the preceding position, and ``n_tokens`` their count, so
        ``mean_logprob`` is MediConfusion's length-normalised PS score. One forward pass per
        continuation. Returns scores in the order of ``continuations``.

        Raises:
            InputError / PromptTooLongError: as :meth:`next_token_logprobs`.
            ValueError: an empty continuation (no tokens).
        """
        item = self.render(messages)
        cont_ids = []
        for c in continuations:
            ids = self.tokenizer(c, add_special_tokens=False)["input_ids"]
            if not ids:
                raise ValueError(f"continuation {c!r} has no tokens")
            cont_ids.append(ids)
        return await asyncio.to_thread(self._continuation_sync, item, cont_ids)

    def _continuation_sync(self, item: _Prepared, cont_ids: list[list[int]]) -> list[ContinuationScore]:
        import torch

        scores = []
        with self._model_lock:
            enc = self._encode([item])
            n_prompt = enc["input_ids"].shape[1]
            for ids in cont_ids:
                if n_prompt + len(ids) > self.max_length:
                    raise PromptTooLongError(
                        f"prompt + continuation have {n_prompt + len(ids)} tokens; the context length is {self.max_length}"
                    )
                inputs = dict(enc)
                cont = torch.tensor([ids], dtype=enc["input_ids"].dtype, device=enc["input_ids"].device)
                for key, value in enc.items():
                    # per-token tensors (input ids, attention and token-type masks) grow with the continuation
                    if hasattr(value, "shape") and value.dim() == 2 and tuple(value.shape) == (1, n_prompt):
                        fill = cont if key == "input_ids" else torch.full_like(cont, 1 if key == "attention_mask" else 0)
                        inputs[key] = torch.cat([value, fill.to(value.dtype)], dim=1)
                with torch.inference_mode():
                    logits = self.model(**inputs).logits[0].float()
                lp = torch.log_softmax(logits[n_prompt - 1 : n_prompt - 1 + len(ids)], dim=-1)
                picked = lp.gather(1, cont[0].unsqueeze(1)).sum()
                scores.append(ContinuationScore(sum_logprob=float(picked), n_tokens=len(ids)))
        return scores

    def close(self) -> None:
        """Drop the model and free accelerator memory."""
        self.model = None
        try:
            import torch

            if torch.cuda.is_available():
                torch.cuda.empty_cache()
        except ImportError:
            pass


def _stop_criteria(tokenizer: Any, stop_seqs: tuple[str, ...], prompt_len: int) -> Any:
    """A StoppingCriteriaList ending each row once its decoded tail holds a stop sequence.

    transformers' own ``stop_strings`` cannot handle every tokenizer (it fails on word-level
    vocabularies), so the last 32 generated tokens are decoded and searched instead.
    """
    import torch
    from transformers import StoppingCriteria, StoppingCriteriaList

    class _StopOnText(StoppingCriteria):
        def __call__(self, input_ids: Any, scores: Any, **kwargs: Any) -> Any:
            done = []
            for row in input_ids[:, prompt_len:].tolist():
                tail = tokenizer.decode(row[-32:], skip_special_tokens=True)
                done.append(any(q in tail for q in stop_seqs if q))
            return torch.tensor(done, dtype=torch.bool, device=input_ids.device)

    return StoppingCriteriaList([_StopOnText()])


def _context_length(model: Any, tokenizer: Any) -> int:
    cfg = model.config
    text_cfg = cfg.get_text_config() if hasattr(cfg, "get_text_config") else cfg
    for c in (text_cfg, cfg):
        n = getattr(c, "max_position_embeddings", None)
        if n:
            return int(n)
    n = getattr(tokenizer, "model_max_length", None)
    if n and n < 10**8:
        return int(n)
    raise ValueError("cannot tell the model's context length; pass -M max_length=N")


def _eos_ids(model: Any, tokenizer: Any) -> list[int]:
    ids: list[int] = []
    for source in (getattr(model, "generation_config", None), getattr(model.config, "get_text_config", lambda: None)(), tokenizer):
        value = getattr(source, "eos_token_id", None) if source is not None else None
        for v in value if isinstance(value, (list, tuple)) else [value]:
            if v is not None and int(v) not in ids:
                ids.append(int(v))
    return ids


def _resolve_device(device: str | None) -> str:
    import torch

    if device in (None, ""):
        return "cuda" if torch.cuda.is_available() else "cpu"
    return str(device)


def _resolve_dtype(dtype: str, device: str) -> Any:
    import torch

    if dtype not in _DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(_DTYPES)}; got {dtype!r}")
    if dtype == "auto":
        if device.startswith("cuda") or device == "auto":
            return torch.bfloat16 if torch.cuda.is_available() and torch.cuda.is_bf16_supported() else torch.float16
        return torch.float32
    return getattr(torch, dtype)


def load_pretrained(model_path: str | os.PathLike, device: str, dtype: Any, attn_implementation: str | None = None) -> tuple[Any, Any]:
    """Load (model, processor) from a local folder; never downloads.

    Raises:
        FileNotFoundError: ``model_path`` is not a folder with a ``config.json``.
    """
    from transformers import AutoModelForCausalLM, AutoModelForImageTextToText, AutoProcessor

    path = Path(model_path).expanduser()
    if not (path / "config.json").is_file():
        raise FileNotFoundError(
            f"medtrust/hf-vision: {path} is not a model folder (no config.json); it loads local folders "
            "written by save_pretrained and never downloads from a hub"
        )
    kwargs: dict[str, Any] = dict(dtype=dtype, local_files_only=True)
    if device == "auto":
        kwargs["device_map"] = "auto"
    if attn_implementation:
        kwargs["attn_implementation"] = attn_implementation
    processor = AutoProcessor.from_pretrained(path, local_files_only=True)
    try:
        model = AutoModelForImageTextToText.from_pretrained(path, **kwargs)
    except ValueError:  # a text-only causal LM folder
        model = AutoModelForCausalLM.from_pretrained(path, **kwargs)
    if device != "auto":
        model = model.to(device)
    return model.eval(), processor


def create_backend(
    model_name: str,
    config: GenerateConfig,
    model_path: str | None = None,
    hf_model: Any = None,
    hf_processor: Any = None,
    device: str | None = None,
    dtype: str = "auto",
    batch_size: int = DEFAULT_BATCH_SIZE,
    batch_wait_ms: float = DEFAULT_BATCH_WAIT_MS,
    max_length: int | None = None,
    max_new_tokens: int = DEFAULT_MAX_NEW_TOKENS,
    max_connections: int | None = None,
    attn_implementation: str | None = None,
    **unknown: Any,
) -> HFVisionBackend:
    """Factory for ``medtrust/hf-vision`` (called by :mod:`medtrust.models.provider`).

    Either ``model_path`` (a local folder; also accepted as ``medtrust/hf-vision/<path>``) or
    both ``hf_model`` and ``hf_processor`` (built objects, e.g. from tests; moved to ``device`` /
    cast to ``dtype`` in place only when those are given explicitly). Other args: see the module docstring.

    Raises:
        ValueError: unknown model args, neither/both of path and objects, bad dtype.
        FileNotFoundError: model_path is not a model folder.
    """
    if unknown:
        raise ValueError(f"unknown model args for medtrust/hf-vision: {', '.join(sorted(unknown))}")
    parts = model_name.split("/", 1)
    if model_path is None and len(parts) == 2 and parts[1]:
        model_path = parts[1]
    model, processor = hf_model, hf_processor
    if model is not None or processor is not None:
        if model is None or processor is None:
            raise ValueError("medtrust/hf-vision needs both hf_model= and hf_processor= when passing objects")
        if model_path is not None:
            raise ValueError("pass either model_path or hf_model + hf_processor, not both")
        if device not in (None, ""):
            model = model.to(device)
        if dtype != "auto":
            model = model.to(_resolve_dtype(dtype, _resolve_device(device)))
        model_id = getattr(model.config, "model_type", "hf-vision")
        model.eval()
    elif model_path is None:
        raise ValueError("medtrust/hf-vision needs -M model_path=DIR (a local save_pretrained folder)")
    else:
        dev = _resolve_device(device)
        model, processor = load_pretrained(model_path, dev, _resolve_dtype(dtype, dev), attn_implementation)
        model_id = Path(model_path).name or str(model_path)
    return HFVisionBackend(
        model, processor, model_id=f"hf-vision/{model_id}", batch_size=batch_size, batch_wait_ms=batch_wait_ms,
        max_length=max_length, max_new_tokens=max_new_tokens, max_connections=max_connections,
    )
