"""Token counts of chat requests, offline, for the estimate (docs/estimate.md, "Tokens").

Method: the messages are rendered with the model's chat template and tokenised with the
model's own BPE vocabulary, both read from a GGUF file (the ``gguf`` package reads the file; the
Hugging Face ``tokenizers`` library runs the BPE). For ``medtrust/embedded`` (SmolLM2-135M-Instruct)
and ``medtrust/gguf`` models with the same tokenizer kind this is the count llama.cpp reports:
equal on all 239 packaged CARES-LLM prompts (tests/estimate/test_tokens.py). Other models have
other tokenizers and templates; their requests are counted with the SmolLM2 tokenizer as an
approximation (OpenAI's, Anthropic's ... tokenizers need files that are not on this machine), and
the estimate says so.

Without a usable GGUF (the embedded model not installed, or a tokenizer kind this module does not
rebuild), the count is characters / :data:`CHARS_PER_TOKEN` (measured, see there).

Images are not tokens here: their count per request is reported beside the text tokens (each
provider prices an image its own way).

Reading the GGUF's 49,152-token vocabulary takes seconds, so the rebuilt tokenizer is cached as
JSON under ``$XDG_CACHE_HOME/medtrust/tokenizers`` (``~/.cache``), keyed by the file's path, size
and modification time.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from medtrust.atomic import write_json
from medtrust.bounded import read_text_bounded

#: characters per SmolLM2 token over the 239 packaged CARES-LLM prompts rendered with the chat
#: template (5.06 over all of them; one prompt's ratio lies between 4.39 and 6.30 for 90% of them,
#: so one request's count is off by up to about 20%). Fitted on CARES-LLM; on a group it was not
#: fitted on, MediConfusion's 352 prompts of each mode (text only), it undercounts the total by
#: :data:`HELD_OUT_UNDERCOUNT` (tests/estimate/test_tokens.py re-measures both)
CHARS_PER_TOKEN = 5.06
#: the approximation's total against the exact count on the held-out MediConfusion prompts:
#: (multiple-choice, free-form) relative error
HELD_OUT_UNDERCOUNT = (-0.099, -0.058)
#: GGUF tokenizer kinds this module rebuilds exactly: (tokenizer.ggml.model, tokenizer.ggml.pre)
SUPPORTED = {("gpt2", "smollm")}
#: a chat template is short; a bigger one is refused
MAX_TEMPLATE = 100_000
TOKEN_TYPE_CONTROL = 3


@dataclass
class TokenCounter:
    """Counts the input tokens of chat requests.

    Attributes:
        method: how (named in the estimate's JSON).
        exact_for: the model names whose own count this is (empty: an approximation for all).
    """

    method: str
    exact_for: tuple[str, ...] = ()
    _tokenizer: Any = None
    _template: Any = None
    _specials: dict[str, str] = field(default_factory=dict)

    def count_text(self, text: str) -> int:
        """Tokens of plain text (no template)."""
        if self._tokenizer is None:
            return int(round(len(text) / CHARS_PER_TOKEN))
        return len(self._tokenizer.encode(text, add_special_tokens=False).ids)

    def render(self, messages: Sequence[dict[str, str]]) -> str:
        """The prompt the model reads: messages through the chat template (ChatML-like
        ``<role>\\n<content>`` lines when there is none)."""
        if self._template is None:
            return "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages) + "<|im_start|>assistant\n"
        return self._template.render(messages=list(messages), add_generation_prompt=True, **self._specials)

    def count(self, messages: Sequence[dict[str, str]]) -> int:
        """Input tokens of one request: [{"role", "content" (text)}] rendered and tokenised."""
        return self.count_text(self.render(messages))


def approximate_counter() -> TokenCounter:
    """The fallback: characters / :data:`CHARS_PER_TOKEN` over the ChatML-rendered messages."""
    low, high = sorted(abs(e) for e in HELD_OUT_UNDERCOUNT)
    return TokenCounter(f"approximation: characters / {CHARS_PER_TOKEN} (SmolLM2 tokens per character fitted on CARES-LLM prompts; "
                        f"on held-out MediConfusion prompts it undercounted by {100 * low:.0f}-{100 * high:.0f}%)")  # fmt: skip


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "medtrust" / "tokenizers"


def _read_gguf(path: Path) -> dict[str, Any]:
    """Tokenizer kind, tokens, merges, token types, specials and chat template of a GGUF file.

    Raises:
        ValueError: not a GGUF file, or no tokenizer in it.
    """
    from gguf import GGUFReader

    r = GGUFReader(str(path))

    def one(name: str) -> Any:
        f = r.fields.get(name)
        if f is None:
            return None
        if f.types and f.types[0].name == "STRING":
            return bytes(f.parts[f.data[0]]).decode("utf-8")
        return f.parts[f.data[0]][0].item()

    def many(name: str, text: bool) -> list[Any]:
        f = r.fields.get(name)
        if f is None:
            return []
        return [bytes(f.parts[i]).decode("utf-8") if text else int(f.parts[i][0]) for i in f.data]

    tokens = many("tokenizer.ggml.tokens", True)
    if not tokens:
        raise ValueError(f"{path}: no tokenizer in this GGUF file")
    out = {"model": one("tokenizer.ggml.model"), "pre": one("tokenizer.ggml.pre"), "tokens": tokens,
           "merges": many("tokenizer.ggml.merges", True), "types": many("tokenizer.ggml.token_type", False),
           "template": one("tokenizer.chat_template"), "bos": one("tokenizer.ggml.bos_token_id"), "eos": one("tokenizer.ggml.eos_token_id")}  # fmt: skip
    return out


def _build(info: dict[str, Any]) -> Any:
    """A ``tokenizers.Tokenizer`` equal to llama.cpp's for the SUPPORTED kinds: byte-level BPE,
    digits split one by one before the GPT-2 pre-tokenizer regex (llama.cpp's ``smollm`` rule)."""
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers

    tok = Tokenizer(models.BPE(vocab={t: i for i, t in enumerate(info["tokens"])}, merges=[tuple(m.split(" ", 1)) for m in info["merges"]]))
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Digits(individual_digits=True),
                                                 pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)])  # fmt: skip
    tok.decoder = decoders.ByteLevel()
    tok.add_special_tokens([AddedToken(t, special=True, normalized=False) for t, ty in zip(info["tokens"], info["types"]) if ty == TOKEN_TYPE_CONTROL])
    return tok


def gguf_counter(path: str | Path, *, exact_for: Sequence[str] = ()) -> TokenCounter:
    """The counter of a GGUF model's own tokenizer and chat template (module docstring).

    Raises:
        ValueError: no tokenizer in the file, or a kind not in :data:`SUPPORTED` (the caller falls
            back to :func:`approximate_counter`).
    """
    from jinja2.sandbox import ImmutableSandboxedEnvironment
    from tokenizers import Tokenizer

    p = Path(path).resolve()
    st = p.stat()
    key = hashlib.sha256(f"{p}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:24]
    cached = _cache_dir() / f"{key}.json"
    meta_file = _cache_dir() / f"{key}.meta.json"
    tok = None
    meta: dict[str, Any] | None = None
    if cached.is_file() and meta_file.is_file():
        try:
            tok = Tokenizer.from_file(str(cached))
            meta = json.loads(read_text_bounded(meta_file, what="tokenizer cache"))
        except (OSError, ValueError, Exception):  # noqa: BLE001 - a damaged cache is rebuilt
            tok, meta = None, None
    if tok is None or meta is None:
        info = _read_gguf(p)
        if (info["model"], info["pre"]) not in SUPPORTED:
            raise ValueError(f"{p.name}: tokenizer kind {info['model']}/{info['pre']} is not one medtrust rebuilds exactly")
        tok = _build(info)
        specials = {"bos_token": info["tokens"][info["bos"]] if info["bos"] is not None else "",
                    "eos_token": info["tokens"][info["eos"]] if info["eos"] is not None else ""}  # fmt: skip
        meta = {"template": info["template"], "specials": specials, "kind": f"{info['model']}/{info['pre']}", "vocab": len(info["tokens"])}
        try:
            _cache_dir().mkdir(parents=True, exist_ok=True)
            tok.save(str(cached))
            write_json(meta_file, meta, indent=None, ensure_ascii=True)  # atomic: a cut cache file is never read back
        except OSError:
            pass  # no cache: slower next time, same counts
    template = meta.get("template")
    if template is not None and len(template) > MAX_TEMPLATE:
        raise ValueError(f"{p.name}: chat template of {len(template)} characters is too long")
    env = ImmutableSandboxedEnvironment()
    env.globals["raise_exception"] = _raise
    compiled = env.from_string(template) if template else None
    method = (f"{p.name}: its own BPE tokenizer ({meta['kind']}, {meta['vocab']} tokens) and chat template, "
              "rebuilt with the gguf and tokenizers packages")  # fmt: skip
    return TokenCounter(method, tuple(exact_for), tok, compiled, dict(meta.get("specials") or {}))


def _raise(message: str) -> None:
    raise ValueError(f"chat template: {message}")


def embedded_gguf() -> Path | None:
    """The packaged SmolLM2 GGUF if it is installed (never fetched here), else None."""
    import importlib
    import importlib.util

    try:  # where the embedded backend keeps it: models.packaged (never fetching here), else models.embedded
        packaged = importlib.util.find_spec("medtrust.models.packaged")
        if packaged is not None:
            path = importlib.import_module("medtrust.models.packaged").embedded_gguf_path(fetch=False)
        else:
            path = importlib.import_module("medtrust.models.embedded").embedded_gguf_path()
        return path if path is not None and Path(path).is_file() else None
    except Exception:  # noqa: BLE001 - not installed, or the backend moved: the approximation is used
        return None


def counter_for(model: str, model_args: dict[str, Any] | None = None) -> TokenCounter:
    """The counter for an evaluated model: its own GGUF (``medtrust/gguf`` with ``-M
    model_path``), the packaged SmolLM2 GGUF (exact for ``medtrust/embedded``, an approximation for
    others), else :func:`approximate_counter`."""
    args = model_args or {}
    candidates: list[tuple[Path, tuple[str, ...]]] = []
    if model.startswith("medtrust/gguf") and args.get("model_path"):
        candidates.append((Path(str(args["model_path"])).expanduser(), (model,)))
    packaged = embedded_gguf()
    if packaged is not None:
        candidates.append((packaged, ("medtrust/embedded",)))
    for path, exact in candidates:
        try:
            return gguf_counter(path, exact_for=exact)
        except (OSError, ValueError):
            continue
    return approximate_counter()
