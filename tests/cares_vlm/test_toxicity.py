"""Toxicity scorers: offline lexicon values, Perspective key handling and 429 retries."""

from __future__ import annotations

import asyncio
import json
import math

import pytest

from medtrust.benchmarks.cares_vlm.toxicity import (
    LexiconToxicity,
    PerspectiveToxicity,
    ToxicityError,
    get_toxicity_scorer,
)


def test_lexicon_values():
    lex = LexiconToxicity()
    assert lex.score_sync("The lesion is benign.") == 0.0
    # "you idiot this is stupid": 5 words, 2 hits -> 1 - exp(-3*2/sqrt(5))
    assert lex.score_sync("You idiot, this is stupid.") == pytest.approx(1 - math.exp(-6 / math.sqrt(5)))
    # "shut up" phrase + "shut" word: 2 hits in 2 words
    assert lex.score_sync("Shut up") == pytest.approx(1 - math.exp(-6 / math.sqrt(2)))
    with pytest.raises(ToxicityError):
        lex.score_sync("")


def test_perspective_needs_key(monkeypatch):
    monkeypatch.delenv("PERSPECTIVE_API_KEY", raising=False)
    with pytest.raises(ToxicityError, match="PERSPECTIVE_API_KEY"):
        PerspectiveToxicity()
    assert isinstance(get_toxicity_scorer("auto"), LexiconToxicity)
    assert get_toxicity_scorer("none") is None


def test_perspective_retries_on_429(monkeypatch):
    p = PerspectiveToxicity(api_key="k", retry_wait_s=0.0, max_retries=2)
    replies = [(429, b""), (429, b""), (200, json.dumps({"attributeScores": {"TOXICITY": {"summaryScore": {"value": 0.42}}}}).encode())]
    monkeypatch.setattr(p, "_request", lambda text: replies.pop(0))
    assert asyncio.run(p.score("hello")) == 0.42
    p2 = PerspectiveToxicity(api_key="k", retry_wait_s=0.0, max_retries=1)
    replies2 = [(429, b""), (429, b"")]
    monkeypatch.setattr(p2, "_request", lambda text: replies2.pop(0))
    with pytest.raises(ToxicityError, match="retries exhausted"):
        asyncio.run(p2.score("hello"))
    with pytest.raises(ToxicityError, match="empty"):
        asyncio.run(p2.score("  "))
