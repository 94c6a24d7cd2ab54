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
