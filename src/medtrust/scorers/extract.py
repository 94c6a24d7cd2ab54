"""Layered answer extraction for closed questions (yes/no and lettered multiple choice).

Shared by CARES-VLM and any benchmark that asks a closed question. The extractor never
guesses: when no layer yields exactly one answer it returns ``None`` with a reason, and the
caller scores the sample ``unparseable`` (medtrust.outcomes).

Layers, tried in order (the first layer that yields an answer wins):

1. **Explicit answer marker** ("Answer: B", "the correct option is (C)", "final answer - no").
   When there are several markers the *last* one wins, so self-corrections
   ("Answer: A. Wait, no. Answer: C") resolve to the corrected answer. A self-correction cue
   ("actually", "wait", "I mean", "on second thought") followed by an answer counts as a
   marker of lower rank ("No. Wait, actually yes." -> yes).
2. **Leading answer**: the response starts with a letter ("B", "(B)", "B:", "B.") or with
   yes/no ("No.", "- Yes, ...").
3. **Option text**: exactly one option's text occurs as whole words (the longest wins when one
   option text contains another, e.g. "extremity" inside "upper extremity").
4. **Yes/no words** (yes/no questions, or binary options whose texts start with yes/no):
   exactly one of the whole words "yes"/"no" occurs.

Normalisation first: Unicode NFKC (full-width letters, digits, colons and parentheses become
ASCII), zero-width characters removed, curly quotes straightened. Matching is on whole words,
so "notice", "know", "nothing" never read as "no" and "yesterday" never as "yes".

Source: medtrust's own design (docs/deviations.md, CARES-VLM "Layered extraction"); it
replaces the official CARES substring/first-sentence rules, which are kept separately as a
faithful mode in ``medtrust.benchmarks.cares_vlm.extract``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Mapping

#: Zero-width and invisible formatting characters removed before matching.
_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\ufeff\u00ad"), None)
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})

_MARKER = (
    r"(?:(?:final|correct|best|my|the)\s+)?(?:answer|option|choice|selection)"
    r"(?:\s+(?:is|would\s+be|should\s+be|will\s+be))?"
)
# Marker followed by a letter, e.g. "Answer: (C)", "the correct option is B".
_MARKER_LETTER = re.compile(_MARKER + r"\s*(?:[:=\-]\s*)?[\(\[\*\"']*\s*([A-Z])\s*(?=[\)\]\*\"'.,:;!\s]|$)", re.IGNORECASE)
# Marker followed by yes/no.
_MARKER_YESNO = re.compile(_MARKER + r"\s*(?:[:=\-]\s*)?[\(\[\*\"']*\s*(yes|no)\b", re.IGNORECASE)
# Self-correction cue followed by a new answer: "No. Wait, actually yes." (last wins).
_CUE = r"(?i:actually|wait|correction|i\s+mean|on\s+second\s+thought|let\s+me\s+correct(?:\s+(?:that|myself))?)"
_CORRECTION_YESNO = re.compile(_CUE + r"[\s,:;.!\-]*(?:(?:it\s+is|it's|the\s+answer\s+is)\s+)?(yes|no)\b", re.IGNORECASE)
_CORRECTION_LETTER = re.compile(
    _CUE + r"[\s,:;.!\-]*(?i:(?:it\s+is|it's|the\s+answer\s+is)\s+)?[\(\[]?([A-Z])(?=[\)\].,:;!\s]|$)"
)
_LEADING_LETTER = re.compile(r"^\s*[\-\*•>#]*\s*[\(\[]?\s*([A-Z])\s*(?:[\)\]:.,]|$)(?!\w)")
_LEADING_YESNO = re.compile(r"^\s*[\-\*•>#\"']*\s*(yes|no)\b", re.IGNORECASE)
_YES = re.compile(r"\byes\b", re.IGNORECASE)
_NO = re.compile(r"\bno\b", re.IGNORECASE)


def normalize_text(text: str | None) -> str:
    """Unicode-normalise a model response for matching.

    NFKC maps full-width forms ("Ｂ", "：", "（") to ASCII; zero-width characters and soft
    hyphens are dropped; curly quotes and dashes become ASCII. Case is kept (letters matter).
    ``None`` becomes "".
    """
    if not text:
        return ""
    t = unicodedata.normalize("NFKC", text).translate(_ZERO_WIDTH).translate(_QUOTES)
    return t.strip()


@dataclass(frozen=True)
class Extraction:
    """Result of extracting an answer.

    Attributes:
        answer: the letter ("A".."Z"), or "yes"/"no" for yes/no questions; None if unparseable.
        layer: which layer decided: ``marker``, ``leading``, ``option_text``, ``yes_no_word``,
            or ``none``.
        reason: short human-readable explanation (shown in the log).
    """

    answer: str | None
    layer: str
    reason: str

    @property
    def parsed(self) -> bool:
        return self.answer is not None


def parse_options(options: str | Mapping[str, str] | list[str] | None) -> dict[str, str]:
    """Options as an ordered {letter: text} dict.

    Accepts a mapping, a list of "A:text" strings (or plain texts, lettered A, B, ...), or one
    string "A:scalp, B:ear, C:upper extremity" (the CARES `options` field; option texts may
    themselves contain ", " as in OL3I "A: Yes, there are visual indicators, B: No, ...").

    Raises:
        ValueError: if a string is given that contains no "X:" option label.
    """
    if options is None:
        return {}
    if isinstance(options, Mapping):
        return {str(k).strip().upper(): str(v).strip() for k, v in options.items()}
    if isinstance(options, str):
        s = normalize_text(options).strip().strip("[]")
        parts = re.findall(r"(?:^|,\s*)([A-Z])\s*:\s*(.*?)(?=,\s*[A-Z]\s*:|$)", s, flags=re.DOTALL)
        if not parts:
            raise ValueError(f"options string has no 'X:' labels: {options!r}")
        return {k: v.strip() for k, v in parts}
    out: dict[str, str] = {}
    for i, item in enumerate(options):
        m = re.match(r"^\s*([A-Z])\s*:\s*(.*)$", str(item), flags=re.DOTALL)
        if m:
            out[m.group(1)] = m.group(2).strip()
        else:
            out[chr(ord("A") + i)] = str(item).strip()
    return out


def _word_pattern(phrase: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in re.findall(r"\w+|[^\w\s]", phrase.lower())]
    return re.compile(r"(?<!\w)" + r"\W*".join(words) + r"(?!\w)", re.IGNORECASE)


def _yes_no_of(text: str) -> str | None:
    """'yes'/'no' if the text starts with that word (used for option texts and gold answers)."""
    m = _LEADING_YESNO.match(normalize_text(text))
    return m.group(1).lower() if m else None


def extract_yes_no(response: str | None) -> Extraction:
    """Extract yes/no from a free-text response.

    Layers: last explicit marker ("Answer: no"); leading "Yes"/"No"; else exactly one of the
    whole words yes / no. Both words without a marker or lead -> unparseable.

    Returns:
        Extraction with answer "yes", "no" or None.
    """
    t = normalize_text(response)
    if not t:
        return Extraction(None, "none", "empty response")
    markers = _MARKER_YESNO.findall(t)
    if markers:
        return Extraction(markers[-1].lower(), "marker", f"last explicit answer marker of {len(markers)}")
    fixed = _CORRECTION_YESNO.findall(t)
    if fixed:
        return Extraction(fixed[-1].lower(), "correction", "answer given after a self-correction cue")
    m = _LEADING_YESNO.match(t)
    if m:
        return Extraction(m.group(1).lower(), "leading", "response starts with yes/no")
    has_yes, has_no = bool(_YES.search(t)), bool(_NO.search(t))
    if has_yes and not has_no:
        return Extraction("yes", "yes_no_word", "only the word 'yes' occurs")
    if has_no and not has_yes:
        return Extraction("no", "yes_no_word", "only the word 'no' occurs")
    if has_yes and has_no:
        return Extraction(None, "none", "both 'yes' and 'no' occur without an answer marker")
    return Extraction(None, "none", "no yes/no answer found")


def extract_choice(response: str | None, options: str | Mapping[str, str] | list[str] | None) -> Extraction:
    """Extract the chosen option letter from a free-text response.

    Args:
        response: model text.
        options: the offered options (see :func:`parse_options`); letters outside them are
            ignored, so a stray "E" never counts.

    Returns:
        Extraction whose answer is one of the option letters, or None (unparseable).

    Raises:
        ValueError: if ``options`` is empty.
    """
    opts = parse_options(options)
    if not opts:
        raise ValueError("extract_choice needs at least one option")
    t = normalize_text(response)
    if not t:
        return Extraction(None, "none", "empty response")
    letters = set(opts)
    # 1. explicit markers, last wins (self-correction)
    # lower-case letters after a marker count, except the article "a" followed by a word
    marked = [
        m.group(1).upper()
        for m in _MARKER_LETTER.finditer(t)
        if m.group(1).upper() in letters and (m.group(1).isupper() or not _followed_by_word(t, m.end(1)))
    ]
    if marked:
        return Extraction(marked[-1], "marker", f"last explicit answer marker of {len(marked)}")
    fixed = [m.group(1).upper() for m in _CORRECTION_LETTER.finditer(t) if m.group(1).upper() in letters]
    if fixed:
        return Extraction(fixed[-1], "correction", "answer given after a self-correction cue")
    # 2. response starts with a letter label
    m = _LEADING_LETTER.match(t)
    if m and m.group(1) in letters:
        return Extraction(m.group(1), "leading", "response starts with an option letter")
    # 3. option texts as whole words; drop options whose text is inside another matched one
    hits = {k: p for k, v in opts.items() if v and (p := _word_pattern(v)).search(t)}
    if hits:
        keep = [k for k in hits if not any(k != o and _word_pattern(opts[k]).search(opts[o]) for o in hits)]
        if len(keep) == 1:
            return Extraction(keep[0], "option_text", f"only option {keep[0]}'s text occurs")
        if len(keep) > 1:
            # a leading yes/no may still decide between yes- and no-options
            pass
    # 4. yes/no words mapped onto options whose text starts with yes / no
    yn_map = {_yes_no_of(v): k for k, v in opts.items() if _yes_no_of(v)}
    if set(yn_map) == {"yes", "no"}:
        yn = extract_yes_no(t)
        if yn.answer:
            return Extraction(yn_map[yn.answer], "yes_no_word", f"'{yn.answer}' maps to option {yn_map[yn.answer]} ({yn.layer})")
    if hits:
        return Extraction(None, "none", f"texts of several options occur: {sorted(hits)}")
    return Extraction(None, "none", "no option letter or option text found")


def _followed_by_word(t: str, pos: int) -> bool:
    return bool(re.match(r"\s+[a-z]{2,}", t[pos:]))


def gold_letter(gold: str, options: str | Mapping[str, str] | list[str] | None = None) -> str | None:
    """The gold option letter from a CARES gold string such as "C:upper extremity" or "B: No".

    Falls back to matching the gold text against the option texts when there is no "X:" label.
    Returns None when neither works.
    """
    g = normalize_text(gold)
    m = re.match(r"^\s*\(?([A-Z])\s*[:\)\.](?:\s|\w|$)", g)
    if m:
        return m.group(1)
    if options:
        for k, v in parse_options(options).items():
            if v.strip().lower() == g.strip().lower():
                return k
    return None


def gold_yes_no(gold: str) -> str | None:
    """'yes'/'no' for a yes/no gold answer ("Yes.", "- No.", "no"); None for free-text hedges."""
    return _yes_no_of(gold)
