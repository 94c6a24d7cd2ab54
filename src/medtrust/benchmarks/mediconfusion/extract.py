"""Turning a model's reply into a MediConfusion choice: letter parsers, judge parsing, threshold rule.

Every mode ends in a score pair ``{A: sA, B: sB}`` and the threshold rule picks a letter or
``"-"`` (invalid). Source: official repository AIF4S/MediConfusion @ a3045b03,
``scripts/answering.py`` (score pairs, ``--tr`` default 3) and the per-model ``ask`` helpers
(MC letter detection, judge-reply parsing). Our code re-implements the behaviour described in
../shared/docs/benchmarks/mediconfusion.md sec. 3; nothing is copied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medtrust.judges.refusal import is_refusal

#: The invalid choice, as the official result files write it.
INVALID = "-"
#: Official default threshold (``--tr 3``).
DEFAULT_THRESHOLD = 3


@dataclass(frozen=True)
class Choice:
    """A decided letter with the score pair that produced it.

    Attributes:
        letter: ``"A"``, ``"B"`` or ``"-"`` (invalid).
        score_a, score_b: the pair fed to the threshold rule (10/0 for letter modes, judge's 1-10 for FF).
        reason: why a choice is invalid (``no_letter`` | ``both_letters`` | ``below_threshold`` |
            ``refusal``), or None when valid.
    """

    letter: str
    score_a: float
    score_b: float
    reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.letter in ("A", "B")


def threshold_choice(score_a: float, score_b: float, tr: float = DEFAULT_THRESHOLD) -> Choice:
    """The official threshold rule: A if sA >= sB + tr, B if sB >= sA + tr, else invalid.

    Args:
        score_a, score_b: scores of the two options (any real numbers; FF uses 1-10).
        tr: threshold (official default 3, so 7 vs 5 is invalid and 8 vs 5 picks A).

    Source: official ``scripts/answering.py`` (the ``tr`` comparison on each image's score dict).
    """
    if score_a >= score_b + tr:
        return Choice("A", score_a, score_b)
    if score_b >= score_a + tr:
        return Choice("B", score_a, score_b)
    return Choice(INVALID, score_a, score_b, reason="below_threshold")


def _official_tokens(letter: str) -> frozenset[str]:
    # Accepted spellings of a letter token in the official MC detector (doc sec. 3.2, step 2).
    L = letter
    return frozenset({L, f"{L}:", f".{L}", f".{L}:", f"{L}.", f'{L}")', f'("{L}":', f'("{L}")', f'("{L}").'})


_OFFICIAL = {L: _official_tokens(L) for L in "AB"}


def official_letter_scores(response: str | None) -> tuple[int, int]:
    """The official MC detector: the 10/0 score pair for a free-text reply.

    Steps (faithful, including its quirks): newlines become spaces; the text is split on single
    spaces (so runs of spaces give empty tokens); letter L is present if any token is exactly one
    of ``L``, ``L:``, ``.L``, ``.L:``, ``L.``, ``L")``, ``("L":``, ``("L")``, ``("L").``. One letter
    present scores 10 and the other 0; both or neither present gives (0, 0). ``None`` gives (0, 0).
    Consequences: the article "A" counts as A; ``(A)``, ``A)``, ``A,``, ``**A**``, lower case are
    not recognised.

    Returns:
        (score_a, score_b), each 0 or 10.
    """
    if response is None:
        return 0, 0
    tokens = response.replace("\n", " ").split(" ")
    has = {L: any(t in _OFFICIAL[L] for t in tokens) for L in "AB"}
    if has["A"] and has["B"]:
        return 0, 0
    return (10 if has["A"] else 0), (10 if has["B"] else 0)


def official_choice(response: str | None, tr: float = DEFAULT_THRESHOLD) -> Choice:
    """Official MC parsing followed by the threshold rule (MC faithful mode).

    Returns a Choice whose ``reason`` says ``both_letters`` or ``no_letter`` when invalid.
    """
    sa, sb = official_letter_scores(response)
    c = threshold_choice(sa, sb, tr)
    if c.valid:
        return c
    if response is not None:
        tokens = response.replace("\n", " ").split(" ")
        if all(any(t in _OFFICIAL[L] for t in tokens) for L in "AB"):
            return Choice(INVALID, sa, sb, reason="both_letters")
    return Choice(INVALID, sa, sb, reason="no_letter")


# --- lenient (medtrust) parser -------------------------------------------------------------

_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_WHOLE = re.compile(r"""^[\s\*_`"'(\[]*(?:option\s+|answer\s*:?\s*)?([AaBb])[\s\*_`"')\].:,;!]*$""", re.IGNORECASE)
_CUE = re.compile(
    r"""(?:answer|option|choice)\s*(?:is|would\s+be|:|=|-)?\s*[:\-]?\s*[\*_`"'(\[]*([AB])(?![A-Za-z])""",
    re.IGNORECASE,
)
# A standalone capital A or B: not inside a word, optional brackets/quotes/punctuation around.
_LETTER = re.compile(r"""(?<![A-Za-z0-9])[\*_`"'(\[]*([AB])(?![A-Za-z0-9])([\*_`"')\].:,;!]*)(\s+[a-z]+)?""")
# Words after a bare "A" that show it is the letter, not the article ("A is correct", "A and B").
_NOT_A_NOUN = frozenset(
    "and or nor but vs versus is was would seems appears looks matches fits best because since than".split()
)
def lenient_choice(response: str | None, option_a: str = "", option_b: str = "") -> Choice:
    """medtrust's improved MC parser (reported beside the official one, never replacing it).

    Order of rules (first that decides wins):
      1. ``<think>...</think>`` blocks are removed (reasoning models).
      2. The whole reply is one letter in any case, with optional brackets, quotes, markdown,
         "Option"/"Answer:" and trailing punctuation (``(B)``, ``**a**``, ``b.``) -> that letter.
      3. The last explicit cue ``answer/option/choice [is|:] X`` (capital X) -> X (a later
         self-correction wins).
      4. Standalone capital letters; a bare "A" followed by a space and a lower-case word is the
         English article and is skipped (unless the word is a verb or conjunction: "A is", "A and"). Exactly one letter -> it; both -> invalid
         (``both_letters``).
      5. No letter: if the reply contains exactly one option's full text -> that option.
      6. Otherwise invalid: ``refusal`` when the reply declines, else ``no_letter``.

    Returns:
        Choice with 10/0 scores like the official parser (invalid = 0/0).
    """
    if response is None:
        return Choice(INVALID, 0, 0, reason="no_letter")
    text = _THINK.sub(" ", response).strip()
    m = _WHOLE.match(text)
    if m:
        return _letter(m.group(1).upper())
    cues = _CUE.findall(text)
    if cues:
        return _letter(cues[-1].upper())
    found = set()
    for m in _LETTER.finditer(text):
        letter, punct, next_word = m.group(1), m.group(2), m.group(3)
        if letter == "A" and not punct and next_word and next_word.strip() not in _NOT_A_NOUN:
            continue  # article "A bilateral ..."
        found.add(letter)
    if len(found) == 1:
        return _letter(found.pop())
    if len(found) == 2:
        return Choice(INVALID, 0, 0, reason="both_letters")
    low = " ".join(re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split())
    hits = [
        L
        for L, opt in (("A", option_a), ("B", option_b))
        if opt.strip() and " ".join(re.sub(r"[^a-z0-9 ]+", " ", opt.lower()).split()) in low
    ]
    if len(hits) == 1:
        return _letter(hits[0])
    if is_refusal(text):  # the shared detector (medtrust.judges.refusal), 13 languages
        return Choice(INVALID, 0, 0, reason="refusal")
    return Choice(INVALID, 0, 0, reason="no_letter")


def _letter(letter: str) -> Choice:
    return Choice(letter, 10 if letter == "A" else 0, 10 if letter == "B" else 0)


# --- FF judge replies -------------------------------------------------------------------------


class JudgeParseError(ValueError):
    """A judge reply that does not hold two integer scores (scored as ``judge_error``)."""


def parse_judge_official(reply: str) -> tuple[int, int, str]:
    """The official FF judge-reply parser, made non-crashing.

    Steps: blank lines collapsed, text split into lines; line 0 minus its ``A: `` prefix is an
    int (score for A), line 1 minus ``B: `` is B; line 2 (if any) is the reason.
    Source: official ``ask`` helper of the GPT judge (doc sec. 3.1). The official code raises an
    uncaught exception on any other shape; we raise :class:`JudgeParseError` for the scorer to
    record as ``judge_error``.

    Returns:
        (score_a, score_b, reason).

    Raises:
        JudgeParseError: fewer than two lines, or a score that is not an integer.
    """
    lines = [ln for ln in reply.split("\n") if ln.strip() != ""]
    if len(lines) < 2:
        raise JudgeParseError(f"judge reply has {len(lines)} non-blank line(s), expected 3: {reply[:200]!r}")
    try:
        a = int(lines[0].strip().removeprefix("A: ").removeprefix("A:").strip())
        b = int(lines[1].strip().removeprefix("B: ").removeprefix("B:").strip())
    except ValueError:
        raise JudgeParseError(f"judge scores are not integers: {lines[0][:80]!r} / {lines[1][:80]!r}") from None
    return a, b, lines[2] if len(lines) > 2 else ""


_JUDGE_SCORE = re.compile(r"(?:^|\n)\W*(?:answer\s+)?([AB])\W{0,3}\s*[:=\-]?\s*\**\s*(\d{1,2})\b", re.IGNORECASE)


def parse_judge_lenient(reply: str) -> tuple[int, int, str]:
    """A tolerant judge parser: the first ``A: n`` and ``B: n`` lines anywhere (markdown allowed).

    Scores must lie in 1-10 (0 accepted too, as the official "no reply" value).

    Raises:
        JudgeParseError: a score is missing or out of range.
    """
    found: dict[str, int] = {}
    for m in _JUDGE_SCORE.finditer(reply):
        found.setdefault(m.group(1).upper(), int(m.group(2)))
    if "A" not in found or "B" not in found:
        raise JudgeParseError(f"judge reply lacks 'A: n' and 'B: n' lines: {reply[:200]!r}")
    if not all(0 <= v <= 10 for v in found.values()):
        raise JudgeParseError(f"judge scores outside 0-10: {found}")
    rest = [ln for ln in reply.split("\n") if ln.strip() and not _JUDGE_SCORE.match("\n" + ln)]
    return found["A"], found["B"], rest[0].strip() if rest else ""
