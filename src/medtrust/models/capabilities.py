"""Optional backend capabilities beyond text generation.

MediConfusion's GD mode (next-token log-probabilities of option letters) and PS mode
(length-normalised log-likelihood of each option's text) and CARES-VLM letter scoring need
log-probabilities that inspect's ``generate`` does not expose uniformly. Local backends
(embedded GGUF, HF vision) implement :class:`LogprobScorer`; benchmarks check for it before a
run starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from inspect_ai.model import ChatMessage, Model


@dataclass(frozen=True)
class ContinuationScore:
    """Log-likelihood of a continuation given a prompt.

    Attributes:
        sum_logprob: sum of natural-log probabilities of the continuation's tokens (<= 0).
        n_tokens: number of continuation tokens (>= 1).
    """

    sum_logprob: float
    n_tokens: int

    @property
    def mean_logprob(self) -> float:
        """Length-normalised log-likelihood (sum / n_tokens), as in MediConfusion's PS mode."""
        return self.sum_logprob / self.n_tokens


@runtime_checkable
class LogprobScorer(Protocol):
    """A backend that can score candidate tokens and continuations after a chat prompt."""

    async def next_token_logprobs(self, messages: list[ChatMessage], candidates: list[str]) -> dict[str, float]:
        """Log-probability of each candidate string as the first generated token.

        The chat template is applied with the generation prompt. Each candidate is tokenised
        (a leading-space variant is also tried; the larger log-probability wins) and its first
        token's log-probability is returned. Shape: {candidate: logprob <= 0}.
        """
        ...

    async def continuation_logprobs(self, messages: list[ChatMessage], continuations: list[str]) -> list[ContinuationScore]:
        """Log-likelihood of each continuation as the assistant's reply; one score per continuation."""
        ...


def logprob_scorer(model: Model) -> LogprobScorer | None:
    """The model's LogprobScorer backend, or None if it cannot score log-probabilities."""
    api = model.api
    backend = getattr(api, "backend", api)
    return backend if isinstance(backend, LogprobScorer) else None


# ------------------------------------------------------------------ image input
#: medtrust's own backends: the embedded and GGUF llama.cpp models read text only (images in a
#: message are dropped); hf-vision is a VLM; a reference policy answers by a fixed rule, so what it
#: is shown changes nothing and its numbers describe that rule (real evidence about the policy);
#: scripted models are tests that script their reply to the image.
MEDTRUST_IMAGE_INPUT = {"embedded": False, "gguf": False, "hf-vision": True, "policy": True, "scripted": True}
#: Model-name parts of families that take images, on any provider (vLLM, ollama, Together, hf ...):
#: substrings of the lower-cased model name, from each family's model card.
VISION_NAME_PARTS = ("vision", "-vl", "vl-", "_vl", "llava", "pixtral", "smolvlm", "idefics", "paligemma", "moondream", "internvl",
                     "minicpm-v", "multimodal", "cogvlm", "molmo")  # fmt: skip
#: Hosted models by provider: name prefixes that take images and ones that do not (the providers'
#: model pages: platform.openai.com/docs/models, docs.anthropic.com/en/docs/about-claude/models,
#: ai.google.dev/gemini-api/docs/models). The first matching prefix wins, so text-only
#: exceptions come first. Prefix tests only: linear in the name's length.
PROVIDER_IMAGE_INPUT: dict[str, tuple[tuple[str, bool], ...]] = {
    "openai": (("gpt-3.5", False), ("o1-mini", False), ("o1-preview", False), ("o3-mini", False), ("gpt-4o", True), ("chatgpt-4o", True),
               ("gpt-4.1", True), ("gpt-4.5", True), ("gpt-4-turbo", True), ("gpt-4-vision", True), ("gpt-5", True), ("o1", True),
               ("o3", True), ("o4", True), ("gpt-4", False)),
    "anthropic": (("claude-2", False), ("claude-instant", False), ("claude-", True)),
    "google": (("gemini-1.0-pro", False), ("gemini-pro", False), ("gemini-", True)),
    "grok": (("grok-2-vision", True), ("grok-4", True)),
}  # fmt: skip


def image_input(model: str) -> bool | None:
    """Whether an inspect model takes images: True, False, or None when medtrust does not know.

    medtrust's own backends from :data:`MEDTRUST_IMAGE_INPUT`; hosted models from
    :data:`PROVIDER_IMAGE_INPUT` (the provider's model pages); any provider's model whose name
    names a vision family (:data:`VISION_NAME_PARTS`: ``llava``, ``qwen2-vl``, ``pixtral`` ...) takes
    them. Unknown models are None: `medtrust run` then refuses them on image questions unless the
    user declares the model with ``--image-input MODEL`` (or asks for the image-blind pass), and a
    log of one is marked "image input unknown" (docs/criteria.md, "Image reliance").
    """
    provider, _, name = model.partition("/")
    if provider == "medtrust":
        return MEDTRUST_IMAGE_INPUT.get(name.split("/", 1)[0])
    low = name.lower()
    base = low.rsplit("/", 1)[-1]
    for prefix, takes in PROVIDER_IMAGE_INPUT.get(provider, ()):
        if base.startswith(prefix):
            return takes
    if any(part in low for part in VISION_NAME_PARTS):
        return True
    return None
