"""Required literals of a regex: strings one of which is inside every match, so a text that holds
none of them cannot match and need not be searched.

The refusal lexicon's families (:mod:`medtrust.judges.refusal`) are large alternations tried on
every clause of every reply; most families match nowhere in a given reply. One Aho-Corasick pass
over a clause (a well-kept C library, ``pyahocorasick``) finds which families' literals are in it,
and only those families' regexes run there. This is the prefilter idea of RE2's ``FilteredRE2``
(Cox, "Regular Expression Matching with a Trigram Index", 2012), with whole literals instead of
trigrams.

:func:`required_literals` reads a pattern with ``re``'s own parser. Every match of a sequence
contains the strings its mandatory items match, so a sequence's requirement is that of one of its
items: a run of consecutive literal characters (the run itself), a group (its body's), a repeat
with a minimum of at least one (its body's), or an alternation (the union of every branch's: each
match goes through one branch, so it contains one of them; none when a branch has none). The most
selective one is kept: the longest shortest member, then the fewest members. Everything else adds
no requirement and only breaks a literal run: classes, ``.``, optional items, zero-width
assertions (a lookahead's text may lie outside the match), back-references. Case-insensitive
parts give none (their literals are not exact). So the answer is sound: a text with none of the
literals has no match (``tests/judges/test_regex_literals.py`` checks every lexicon family on the
judge corpora, and that every verdict is unchanged).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# re's own parser and its repeat kinds, as the start guard reads them
from medtrust.judges.regex_guard import _REPEATS, _c, _p

_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)


@dataclass(frozen=True)
class _Req:
    """One of ``strings`` is inside every match."""

    strings: frozenset[str]

    @property
    def quality(self) -> tuple[int, int]:
        return (min(map(weight, self.strings)), -len(self.strings))


def weight(s: str) -> int:
    """How selective a literal is: its length, a CJK or Hangul character (U+2E80 and up) counting
    3 (one such character carries about a Latin-script word fragment's information)."""
    return sum(3 if ord(ch) >= 0x2E80 else 1 for ch in s)


def _best(reqs: list[_Req]) -> _Req | None:
    return max(reqs, key=lambda r: r.quality) if reqs else None


def _seq(items: list[tuple[object, object]], ignorecase: bool) -> _Req | None:
    """The most selective requirement among a sequence's mandatory items (module docstring)."""
    reqs: list[_Req] = []
    run: list[str] = []

    def close_run() -> None:
        if run:
            reqs.append(_Req(frozenset({"".join(run)})))
            run.clear()

    for op, av in items:
        if op is _c.LITERAL and not ignorecase:
            run.append(chr(av))  # type: ignore[arg-type]
            continue
        close_run()
        inner: _Req | None = None
        if op is _c.SUBPATTERN:
            _group, add, _del, sub = av  # type: ignore[misc]
            inner = _seq(sub.data, ignorecase or bool(add & _c.SRE_FLAG_IGNORECASE))
        elif op is _c.BRANCH:
            branches = [_seq(alt.data, ignorecase) for alt in av[1]]  # type: ignore[index]
            if branches and all(b is not None for b in branches):
                inner = _Req(frozenset().union(*(b.strings for b in branches if b is not None)))
        elif op in _REPEATS:
            lo, _hi, sub = av  # type: ignore[misc]
            if lo >= 1:
                inner = _seq(sub.data, ignorecase)
        elif _ATOMIC is not None and op is _ATOMIC:
            inner = _seq(av.data, ignorecase)  # type: ignore[attr-defined]
        if inner is not None:
            reqs.append(inner)
    close_run()
    return _best(reqs)


def required_literals(pattern: str, flags: int = 0, min_len: int = 3) -> frozenset[str] | None:
    """Strings one of which every match of ``pattern`` contains (module docstring), or None when
    no such set has members of ``min_len`` or more characters (then a text must always be
    searched).

    Args:
        pattern: a regex, as compiled with ``flags``.
        flags: its ``re`` flags; with ``re.IGNORECASE`` the answer is None.
        min_len: the least :func:`weight` of a member worth filtering on (shorter ones are in
            most texts).

    Raises:
        re.error: ``pattern`` is not a valid regex.
    """
    parsed = _p.parse(pattern, flags)
    ignorecase = bool((flags | parsed.state.flags) & re.IGNORECASE)
    req = _seq(parsed.data, ignorecase)
    if req is None or min(map(weight, req.strings)) < min_len:
        return None
    return req.strings
