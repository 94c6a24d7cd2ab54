"""Abstention (refusal / "I don't know") detection on free text, by phrase rules.

Two detectors share one interface, ``detect(text) -> AbstentionResult``:

- :class:`KeywordAbstention`: case-insensitive *substring* match against a fixed list, exactly as
  benchmark scripts do (used for faithful modes, e.g. the CARES-VLM official lists).
- :class:`RefusalAbstention` (improved, default): the shared refusal detector
  :mod:`medtrust.judges.refusal` (structure-aware, multilingual), also used by the offline
  CARES-LLM judge and MediConfusion's refusal check - one set of phrase families for all three.

Source: medtrust's own rules (docs/deviations.md, CARES-VLM "Abstention detection";
docs/judges.md for its measured agreement).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Protocol


@dataclass(frozen=True)
class AbstentionResult:
    """Whether a response abstains.

    Attributes:
        abstained: True when the response declines / says it cannot or does not know.
        matched: the keyword or phrase that fired (None when not abstained).
    """

    abstained: bool
    matched: str | None = None


class AbstentionDetector(Protocol):
    """Anything with ``name`` and ``detect(text) -> AbstentionResult``."""

    name: str

    def detect(self, text: str | None) -> AbstentionResult: ...


class KeywordAbstention:
    """Substring keyword detector (faithful to benchmark scripts that use ``kw in text.lower()``).

    Args:
        keywords: phrases; matched case-insensitively as plain substrings (no word boundaries).
        name: id recorded in score metadata.
    """

    def __init__(self, keywords: Iterable[str], name: str) -> None:
        self.keywords = tuple(k.lower() for k in keywords)
        self.name = name

    def detect(self, text: str | None) -> AbstentionResult:
        t = (text or "").lower()
        for k in self.keywords:
            if k in t:
                return AbstentionResult(True, k)
        return AbstentionResult(False, None)


class RefusalAbstention:
    """Improved detector (default): :func:`medtrust.judges.refusal.detect_abstention`, the same
    structural refusal detector as the offline judge and MediConfusion's refusal check.

    It reports refusals and partial refusals in 13 languages, and "I don't know" / "cannot
    determine from this image" / "not visible" replies without an answer, and avoids the traps
    of keyword lists: "no answer choice", "I'm sorry to hear", a closing "I can't say more" after
    an answer, a hedge followed by an answer, a refusal quoted inside requested fiction.
    ``matched`` is the evidence id of the deciding phrase (e.g. ``en.decline.cannot_act``).
    """

    name = "improved"

    def detect(self, text: str | None) -> AbstentionResult:
        from medtrust.judges.refusal import detect_abstention

        v = detect_abstention(text)
        return AbstentionResult(v.abstained, v.matched if v.abstained else None)


#: Default improved detector instance.
IMPROVED = RefusalAbstention()
