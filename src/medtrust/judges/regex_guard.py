"""A zero-width guard in front of a large regex alternation: where no alternative can start a
match, the position is rejected in one step instead of by trying every alternative.

Python's ``re`` tries a pattern at every position of the text, and an alternation of many
phrases (the refusal lexicon's families, :mod:`medtrust.judges.refusal`) tries every phrase
there; its own fast paths (a literal prefix, a first-character set) do not apply once the
alternatives start with ``\\b``, ``^`` or an optional word. :func:`guard` reads the pattern
(``re``'s own parser) and works out, for each alternative, a *necessary* condition on where a
match can start: a word boundary and/or the set of possible first characters, or a line start.
The guarded pattern is ``(?=<any condition>)(?:<pattern>)``.

Exactness: if the pattern matches at position p, the alternative that matches there satisfies
its condition at p (each condition only drops requirements of the pattern: zero-width assertions
other than a leading ``\\b`` / ``^`` are ignored, repeats with a minimum of 0 and optional items
add the next item's first characters), so the guard holds at p and the alternation, unchanged
behind it, gives the same match, groups and group names. Where the guard fails, no alternative
could match. So ``finditer`` / ``search`` / ``match`` of the guarded pattern give exactly the
results of the pattern (tests/judges/test_regex_guard.py checks every lexicon family on the
judge corpora). A pattern whose start cannot be bounded (``.``, a back-reference, an alternative
that can match the empty string) is returned unchanged. The guard adds O(1) work per position,
so a linear-time pattern stays linear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

try:  # Python >= 3.11
    import re._constants as _c
    import re._parser as _p
except ImportError:  # pragma: no cover - older Pythons keep the same modules under these names
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

_CATEGORY = {_c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s", _c.CATEGORY_NOT_SPACE: r"\S",
             _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W"}  # fmt: skip
_ZERO_WIDTH_AT = {_c.AT_BOUNDARY, _c.AT_NON_BOUNDARY, _c.AT_END, _c.AT_END_LINE, _c.AT_END_STRING}
_LINE_START = {_c.AT_BEGINNING, _c.AT_BEGINNING_LINE, _c.AT_BEGINNING_STRING}
_REPEATS = {_c.MAX_REPEAT, _c.MIN_REPEAT} | ({_c.POSSESSIVE_REPEAT} if hasattr(_c, "POSSESSIVE_REPEAT") else set())


class _Unbounded(Exception):
    """The start of a match cannot be bounded (any character, a back-reference, an empty match)."""


@dataclass(frozen=True)
class _Start:
    """One way a match can start: at a line start, or (after a word boundary when ``boundary``)
    with a first character in the class ``chars`` (class items as regex text) / ``negated``."""

    line_start: bool = False
    boundary: bool = False
    chars: tuple[str, ...] = ()
    ignorecase: bool = False
    negated: bool = False


@dataclass
class _Seq:
    starts: list[_Start] = field(default_factory=list)
    nullable: bool = True  # the sequence can match without consuming a character


def _class_items(av: list[tuple[object, object]]) -> tuple[tuple[str, ...], bool]:
    out, negated = [], False
    for op, a in av:
        if op is _c.NEGATE:
            negated = True
        elif op is _c.LITERAL:
            out.append(re.escape(chr(a)))  # type: ignore[arg-type]
        elif op is _c.RANGE:
            lo, hi = a  # type: ignore[misc]
            out.append(f"{re.escape(chr(lo))}-{re.escape(chr(hi))}")
        elif op is _c.CATEGORY and a in _CATEGORY:
            out.append(_CATEGORY[a])  # type: ignore[index]
        else:
            raise _Unbounded
    return tuple(out), negated


def _seq(items: list[tuple[object, object]], *, ignorecase: bool, boundary: bool) -> _Seq:
    """Start conditions of a sequence: the union over its leading nullable items and the first
    item that must consume a character; ``boundary``: a word boundary is asserted at the start."""
    got = _Seq()
    for op, av in items:
        if op is _c.AT:
            if av in _LINE_START:
                got.starts.append(_Start(line_start=True))
                got.nullable = False
                return got
            if av is _c.AT_BOUNDARY:
                boundary = boundary or not got.starts  # a boundary asserted before anything that may consume holds at the start
            if av in _ZERO_WIDTH_AT:
                continue
            raise _Unbounded
        if op in (_c.ASSERT, _c.ASSERT_NOT):
            continue  # zero width: dropping it only weakens the condition
        if op is _c.LITERAL:
            got.starts.append(_Start(boundary=boundary, chars=(re.escape(chr(av)),), ignorecase=ignorecase))  # type: ignore[arg-type]
            got.nullable = False
            return got
        if op is _c.NOT_LITERAL:
            got.starts.append(_Start(boundary=boundary, chars=(re.escape(chr(av)),), ignorecase=ignorecase, negated=True))  # type: ignore[arg-type]
            got.nullable = False
            return got
        if op is _c.IN:
            chars, negated = _class_items(av)  # type: ignore[arg-type]
            got.starts.append(_Start(boundary=boundary, chars=chars, ignorecase=ignorecase, negated=negated))
            got.nullable = False
            return got
        if op is _c.SUBPATTERN:
            _group, add, _del, sub = av  # type: ignore[misc]
            inner = _seq(sub.data, ignorecase=ignorecase or bool(add & _c.SRE_FLAG_IGNORECASE), boundary=boundary and not got.starts)
        elif op is _c.BRANCH:
            inner = _Seq(nullable=False)
            for alt in av[1]:  # type: ignore[index]
                a = _seq(alt.data, ignorecase=ignorecase, boundary=boundary and not got.starts)
                inner.starts += a.starts
                inner.nullable = inner.nullable or a.nullable
        elif op in _REPEATS:
            lo, _hi, sub = av  # type: ignore[misc]
            inner = _seq(sub.data, ignorecase=ignorecase, boundary=boundary and not got.starts)
            inner.nullable = inner.nullable or lo == 0
        elif getattr(_c, "ATOMIC_GROUP", None) is not None and op is _c.ATOMIC_GROUP:
            inner = _seq(av.data, ignorecase=ignorecase, boundary=boundary and not got.starts)  # type: ignore[attr-defined]
        else:  # ANY, GROUPREF, GROUPREF_EXISTS, ...
            raise _Unbounded
        got.starts += inner.starts
        if not inner.nullable:
            got.nullable = False
            return got
    return got


def _alternative(s: _Start) -> str:
    if s.line_start:
        return "^"
    body = "".join(s.chars)
    cls = f"[^{body}]" if s.negated else f"[{body}]"
    if s.ignorecase:
        cls = f"(?i:{cls})"
    return (r"\b" if s.boundary else "") + cls


def guard(pattern: str, flags: int = re.MULTILINE) -> str:
    """``pattern`` with a zero-width guard in front (see the module docstring), or ``pattern``
    itself when the start of its matches cannot be bounded.

    Args:
        pattern: a regex; compile the result with the same ``flags``.
        flags: the ``re`` flags it is compiled with (IGNORECASE makes every class case-blind;
            MULTILINE, the default, only changes what ``^`` means, in the guard as in the pattern).

    Raises:
        re.error: ``pattern`` is not a valid regex.
    """
    try:
        parsed = _p.parse(pattern, flags)
        seq = _seq(parsed.data, ignorecase=bool(flags & re.IGNORECASE), boundary=False)
    except _Unbounded:
        return pattern
    if seq.nullable or not seq.starts:
        return pattern
    # classes with the same boundary / case rule are merged into one (the union of their characters)
    merged: dict[tuple[bool, bool], list[str]] = {}
    rest: list[str] = []
    for s in seq.starts:
        if s.line_start or s.negated:
            rest.append(_alternative(s))
        else:
            merged.setdefault((s.boundary, s.ignorecase), []).extend(s.chars)
    alts = [_alternative(_Start(boundary=b, ignorecase=i, chars=tuple(dict.fromkeys(chars)))) for (b, i), chars in merged.items()]
    alts += list(dict.fromkeys(rest))
    return f"(?={'|'.join(alts)})(?:{pattern})"
