"""Static check that a regular expression runs in linear (or bounded) time in Python's ``re``.

Python's ``re`` is a backtracking engine: a pattern whose quantifiers can split the same run of
characters in more than one way takes polynomial or exponential time on a failing input (ReDoS;
issue 22: a refusal-lexicon pattern ``^(?:\\W*[\\w'-]+\\W+){1,18}?`` took 100 s on a three-row
markdown table). This module parses a pattern with the standard library's own parser
(``re._parser``, the tree ``re.compile`` builds from) and reports the three shapes that make
backtracking super-linear:

``nested``
    a quantifier with more than one iteration whose body can end in a variable-length run that
    the next iteration could also begin (``(\\w+\\s?)*``, ``(\\W*\\w+\\W+){1,18}``), or whose
    body can match the empty string, or whose alternatives can both match the same character
    (``(\\w|\\d)+``): the number of ways to split a run grows exponentially with the iterations.
``adjacent``
    two unbounded quantifiers that can share a run with only optional (or shared) text between
    them (``\\w+\\w*``, ``\\s*,?\\s*``, ``\\d+(?![\\w.]*\\d)``): each start tries every split,
    quadratic per start.
``restart``
    an unbounded quantifier followed by something that can fail, in an unanchored pattern whose
    first character it can also consume (``\\s+$``, ``<think>.*?</think>``): a search restarts
    inside the run it has just scanned, quadratic over the text. A pattern anchored at the start
    (``^`` without MULTILINE, ``\\A``), a MULTILINE ``^`` with a run that cannot cross a newline,
    or a leading ``(?<![...])`` / ``\\b`` that forbids starting inside the run is exempt.

Possessive quantifiers (``*+``, ``++``) and atomic groups (``(?>...)``) never give characters back,
so they are never ambiguous. Bounded quantifiers (``{0,80}``) bound the work per start and are
allowed next to anything, except inside a repeated ambiguous body (``nested``).

The analysis is conservative (it may flag a safe pattern; it is tested not to miss the classic
unsafe shapes, tests/test_regex_safety.py) and approximates character classes on a fixed
sample alphabet (ASCII, common Latin, CJK, kana, Hangul, Cyrillic, Arabic, Devanagari and
punctuation characters, plus every literal of the pattern). Source: the ambiguity conditions of
backtracking matchers as described by Weideman et al., "Analyzing Matching Time Behavior of
Backtracking Regular Expression Matchers by Using Ambiguity of NFA" (CIAA 2016), reduced to
syntactic checks; medtrust's own code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable

try:  # Python >= 3.11
    from re import _constants as _c  # type: ignore[attr-defined]
    from re import _parser as _p  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python < 3.11 is not supported by medtrust
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

MAXREPEAT = _c.MAXREPEAT

#: Characters the classes are evaluated on (literals of each pattern are added to it).
_ALPHABET = frozenset(
    [chr(i) for i in range(9, 14)] + [chr(i) for i in range(32, 127)]
    + list("éèêëàâäçñãõôöüúùíìîïóòßÉÜÑ¿¡«»‹›’‘“”„–—…·•✓✗✔✘☐☑\u00a0\u00ad\u200b\u2028\u3000")
    + list("中文是的答案选项否对。，、！？：；「」『』（）【】ー")
    + list("あいうえおアイウエオ가나다я жЖшЙعربيـ١٣؟،नमस्ते१ßıİşğłźśđạệ")
    + ["\u0301", "\U0001F600", "Ｂ", "٫", "\u2603"]
)


@dataclass(frozen=True)
class Finding:
    """One unsafe shape found in a pattern.

    Attributes:
        kind: ``nested``, ``adjacent`` or ``restart`` (module docstring).
        detail: what was found, in words.
    """

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


class UnsafePattern(ValueError):
    """A pattern that may backtrack super-linearly (raised by :func:`assert_linear`)."""


@dataclass(frozen=True)
class _Flex:
    """A quantifier that can take a variable number of characters."""

    chars: frozenset[str]
    unbounded: bool
    desc: str


@dataclass
class _Info:
    nullable: bool = True
    head: frozenset[str] = frozenset()  # characters a match of this node can start with
    chars: frozenset[str] = frozenset()  # characters it can consume anywhere
    head_flex: list[_Flex] = field(default_factory=list)  # quantifiers that can take its first characters
    tail_open: list[_Flex] = field(default_factory=list)  # quantifiers that can still give back at its end
    variable: bool = False
    unbounded: list[_Flex] = field(default_factory=list)  # every unbounded, backtracking quantifier inside


class _Checker:
    def __init__(self, alphabet: frozenset[str]):
        self.alphabet = alphabet
        self.findings: list[Finding] = []
        self._sets: dict[Any, frozenset[str]] = {}
        self._lits: dict[Any, frozenset[str]] = {}

    # --- character sets (cached: a lexicon family holds hundreds of classes) -------------------

    def _forms(self, ch: str, icase: bool) -> tuple[str, ...]:
        if not icase:
            return (ch,)
        return tuple({x for x in (ch, ch.lower(), ch.upper(), ch.casefold()) if len(x) == 1})

    def _in_set(self, items: list[tuple[Any, Any]], flags: int) -> frozenset[str]:
        icase = bool(flags & re.IGNORECASE)
        key = (repr(items), icase)
        hit = self._sets.get(key)
        if hit is not None:
            return hit
        negate = bool(items) and items[0][0] is _c.NEGATE
        members: set[str] = set()
        for op, av in items:
            if op is _c.LITERAL:
                members |= self._literal(av, flags)
            elif op is _c.RANGE:
                members |= {ch for ch in self.alphabet
                            if any(av[0] <= ord(f) <= av[1] for f in self._forms(ch, icase))}
            elif op is _c.CATEGORY:
                members |= _category_set(av, self.alphabet)
        out = frozenset(self.alphabet - members) if negate else frozenset(members)
        self._sets[key] = out
        return out

    def _literal(self, code: int, flags: int, negate: bool = False) -> frozenset[str]:
        icase = bool(flags & re.IGNORECASE)
        key = (code, icase, negate)
        hit = self._lits.get(key)
        if hit is not None:
            return hit
        c = chr(code)
        target = set(self._forms(c, icase))
        same = frozenset(x for x in self.alphabet if target & set(self._forms(x, icase))) | {c}
        out = frozenset(self.alphabet - same) if negate else same
        self._lits[key] = out
        return out

    def _any(self, flags: int) -> frozenset[str]:
        return self.alphabet if flags & re.DOTALL else self.alphabet - {"\n"}

    # --- analysis -----------------------------------------------------------------------------

    def seq(self, items: Iterable[tuple[Any, Any]], flags: int) -> _Info:
        info = _Info(nullable=True)
        open_: list[_Flex] = []
        head_done = False
        for op, av in items:
            e = self.node(op, av, flags)
            # adjacent: an unbounded quantifier still open meets another that can take the same characters
            for y in e.head_flex:
                if not y.unbounded:
                    continue
                for x in open_:
                    if x.unbounded and x.chars & y.chars and x is not y:
                        self._flag("adjacent", f"{x.desc} then {y.desc} can split the same run")
            if not head_done:
                info.head |= e.head
                info.head_flex += e.head_flex
                if not e.nullable:
                    head_done = True
            info.chars |= e.chars
            info.variable |= e.variable
            info.unbounded += e.unbounded
            if e.nullable:
                open_ = open_ + e.tail_open
            else:
                # a quantifier stays open through text it could also have taken ("\w+ing")
                open_ = [x for x in open_ if self._within((op, av), x.chars, flags)] + e.tail_open
            info.nullable &= e.nullable
        info.tail_open = open_
        return info

    def node(self, op: Any, av: Any, flags: int) -> _Info:
        if op is _c.LITERAL or op is _c.NOT_LITERAL:
            s = self._literal(av, flags, negate=op is _c.NOT_LITERAL)
            return _Info(nullable=False, head=s, chars=s)
        if op is _c.IN:
            s = self._in_set(av, flags)
            return _Info(nullable=False, head=s, chars=s)
        if op is _c.ANY:
            s = self._any(flags)
            return _Info(nullable=False, head=s, chars=s)
        if op in (_c.AT, _c.GROUPREF_EXISTS) or op is _c.GROUPREF:
            # zero-width assertions; a back-reference repeats a group's text (treated as fixed)
            if op is _c.GROUPREF_EXISTS:
                _, yes, no = av
                return self._branch([yes] + ([no] if no is not None else [_p.SubPattern(_p.State())]), flags)
            return _Info(nullable=op is _c.AT)
        if op is _c.SUBPATTERN:
            _, add, dele, sub = av
            return self.seq(sub, (flags | add) & ~dele)
        if op is _c.ATOMIC_GROUP:
            inner = self.seq(av, flags)
            return _Info(nullable=inner.nullable, head=inner.head, chars=inner.chars, unbounded=[])
        if op is _c.BRANCH:
            return self._branch(av[1], flags)
        if op in (_c.ASSERT, _c.ASSERT_NOT):
            direction, sub = av
            inner = self.seq(sub, flags)
            if direction < 0:  # lookbehind: fixed width, bounded work
                return _Info(nullable=True)
            # a lookahead runs at every backtracking position of what precedes it
            return _Info(nullable=True, head_flex=[f for f in inner.head_flex if f.unbounded] + inner.unbounded,
                         unbounded=list(inner.unbounded))
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            return self._repeat(op, av, flags)
        raise ValueError(f"regex_safety: unknown node {op!r}")  # pragma: no cover - new re opcode

    def _branch(self, alts: list[Any], flags: int) -> _Info:
        infos = [self.seq(a, flags) for a in alts]
        out = _Info(nullable=any(i.nullable for i in infos))
        for i in infos:
            out.head |= i.head
            out.chars |= i.chars
            out.head_flex += i.head_flex
            out.tail_open += i.tail_open
            out.unbounded += i.unbounded
        out.variable = len(infos) > 1 or any(i.variable for i in infos)
        if out.nullable and out.chars:
            # an alternative that matches nothing is an optional part: re factors (a|aa) into a(?:|a)
            flex = _Flex(out.chars, False, "an alternation with an empty alternative")
            out.head_flex.append(flex)
            out.tail_open.append(flex)
        return out

    def _repeat(self, op: Any, av: Any, flags: int) -> _Info:
        lo, hi, body = av
        b = self.seq(body, flags)
        unbounded = hi == MAXREPEAT
        desc = _describe(body, lo, hi)
        if op is _c.POSSESSIVE_REPEAT:
            # gives nothing back: behaves like a single atom
            return _Info(nullable=lo == 0 or b.nullable, head=b.head, chars=b.chars)
        if hi >= 2:
            self._check_iterations(body, b, hi, desc, flags)
        flex = _Flex(b.chars if _single(body) else b.head, unbounded, desc)
        variable = hi > lo or b.variable
        info = _Info(nullable=lo == 0 or b.nullable, head=b.head, chars=b.chars, variable=variable)
        info.head_flex = list(b.head_flex) + ([flex] if variable else [])
        info.tail_open = list(b.tail_open) + ([flex] if variable else [])
        info.unbounded = list(b.unbounded) + ([flex] if unbounded else [])
        return info

    def _check_iterations(self, body: Any, b: _Info, hi: int, desc: str, flags: int) -> None:
        if b.nullable and b.chars:
            self._flag("nested", f"{desc}: the repeated part can match the empty string")
            return
        for t in b.tail_open:
            if t.chars & b.head:
                self._flag("nested", f"{desc}: {t.desc} at the end of one iteration can take the start of the next")
                return
        alts = _top_branch(body)
        if alts is not None:
            words = _finite_strings([(_c.BRANCH, (None, alts))], flags)
            if words is not None:
                # a finite set of words repeats unambiguously when no word is a prefix of another
                for w in words:
                    if any(v != w and v.startswith(w) for v in words):
                        self._flag("nested", f"{desc}: the alternative {w!r} is a prefix of another")
                        return
                return
            firsts = [self.seq(a, flags) for a in alts]
            for i in range(len(firsts)):
                for j in range(i + 1, len(firsts)):
                    if firsts[i].head & firsts[j].head:
                        self._flag("nested", f"{desc}: two alternatives can start with the same character")
                        return

    def _within(self, node: tuple[Any, Any], chars: frozenset[str], flags: int) -> bool:
        """Whether ``node`` can match a string made only of ``chars`` (so a run can cover it)."""
        op, av = node
        if op is _c.LITERAL:
            return bool(self._literal(av, flags) & chars)
        if op is _c.NOT_LITERAL:
            return bool(self._literal(av, flags, negate=True) & chars)
        if op is _c.IN:
            return bool(self._in_set(av, flags) & chars)
        if op is _c.ANY:
            return bool(self._any(flags) & chars)
        if op is _c.SUBPATTERN:
            _, add, dele, sub = av
            return all(self._within(n, chars, (flags | add) & ~dele) for n in sub)
        if op is _c.ATOMIC_GROUP:
            return all(self._within(n, chars, flags) for n in av)
        if op is _c.BRANCH:
            return any(all(self._within(n, chars, flags) for n in alt) for alt in av[1])
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            lo, _, body = av
            return lo == 0 or all(self._within(n, chars, flags) for n in body)
        if op in (_c.ASSERT, _c.ASSERT_NOT) and av[0] < 0:
            sub = list(av[1])
            if len(sub) == 1 and sub[0][0] in (_c.IN, _c.LITERAL, _c.NOT_LITERAL):
                behind = self.node(sub[0][0], sub[0][1], flags).chars
                # inside a run the character behind is one of the run's own
                return not chars <= behind if op is _c.ASSERT_NOT else bool(chars & behind)
            return True
        if op is _c.AT and (av is _c.AT_BEGINNING_STRING or (av is _c.AT_BEGINNING and not flags & re.MULTILINE)):
            return False  # the start of the text is never inside a run
        if op is _c.AT and av is _c.AT_BEGINNING:
            return "\n" in chars  # a line start lies inside a run only if the run holds newlines
        return True  # other assertions, anchors, back-references: zero-width or not decisive

    def _flag(self, kind: str, detail: str) -> None:
        f = Finding(kind, detail)
        if f not in self.findings:
            self.findings.append(f)


def _single(body: Any) -> bool:
    return len(body) == 1 and body[0][0] in (_c.LITERAL, _c.NOT_LITERAL, _c.IN, _c.ANY)


def _top_branch(body: Any) -> list[Any] | None:
    items = list(body)
    while len(items) == 1 and items[0][0] is _c.SUBPATTERN:
        items = list(items[0][1][3])
    if len(items) == 1 and items[0][0] is _c.BRANCH:
        return list(items[0][1][1])
    return None


def _finite_strings(items: Any, flags: int, limit: int = 256) -> set[str] | None:
    """Every string a fixed part of a pattern matches (lower-cased under IGNORECASE), or None
    when it matches more than ``limit`` strings, unbounded runs or character categories."""
    out = {""}
    for op, av in items:
        if op is _c.LITERAL:
            opts = {chr(av)}
        elif op is _c.IN:
            if any(o not in (_c.LITERAL, _c.RANGE) for o, _ in av) or any(
                    o is _c.RANGE and a[1] - a[0] > 16 for o, a in av):
                return None
            opts = {chr(a) for o, a in av if o is _c.LITERAL}
            opts |= {chr(x) for o, a in av if o is _c.RANGE for x in range(a[0], a[1] + 1)}
        elif op is _c.SUBPATTERN:
            opts = _finite_strings(av[3], (flags | av[1]) & ~av[2], limit)
        elif op is _c.BRANCH:
            opts = set()
            for alt in av[1]:
                sub = _finite_strings(alt, flags, limit)
                if sub is None:
                    return None
                opts |= sub
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT) and av[1] <= 4:
            sub = _finite_strings(av[2], flags, limit)
            if sub is None:
                return None
            opts, layer = set(), {""}
            for n in range(av[1] + 1):
                if n >= av[0]:
                    opts |= layer
                layer = {a + b for a in layer for b in sub}
                if len(layer) > limit:
                    return None
        else:
            return None
        if opts is None:
            return None
        if flags & re.IGNORECASE:
            opts = {o.lower() for o in opts}
        out = {a + b for a in out for b in opts}
        if len(out) > limit:
            return None
    return out


def _describe(body: Any, lo: int, hi: int) -> str:
    q = "*" if (lo, hi) == (0, MAXREPEAT) else "+" if (lo, hi) == (1, MAXREPEAT) else "?" if (lo, hi) == (0, 1) else (
        f"{{{lo},}}" if hi == MAXREPEAT else f"{{{lo},{hi}}}")
    return f"quantifier {q} on {'one character class' if _single(body) else 'a group'}"


@lru_cache(maxsize=None)
def _category_rx(cat: Any) -> re.Pattern[str]:
    names = {
        _c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
        _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W",
    }
    return re.compile(names.get(cat, r"[^\s\S]"))


def _category(cat: Any, ch: str) -> bool:
    return _category_rx(cat).fullmatch(ch) is not None


@lru_cache(maxsize=64)
def _category_set(cat: Any, alphabet: frozenset[str]) -> frozenset[str]:
    return frozenset(ch for ch in alphabet if _category(cat, ch))


def _start_guard(items: list[tuple[Any, Any]], flags: int, checker: _Checker) -> tuple[str, frozenset[str]]:
    """How a search may start: ('anchored', {}), ('line', {}) or ('guard', chars that may not
    precede a start) from the pattern's leading assertions."""
    guard: set[str] = set()
    for op, av in items:
        if op is _c.AT:
            if av is _c.AT_BEGINNING_STRING or (av is _c.AT_BEGINNING and not flags & re.MULTILINE):
                return "anchored", frozenset()
            if av is _c.AT_BEGINNING:
                return "line", frozenset()
            if av is _c.AT_BOUNDARY:
                guard |= {ch for ch in checker.alphabet if _category(_c.CATEGORY_WORD, ch)} | {"_"}
                guard.add("\x00boundary")
            continue
        if op is _c.ASSERT and av[0] >= 0:
            # a leading lookahead consumes nothing: its own leading assertions hold at the start
            # (judges/regex_guard.py writes (?=\b[first characters]) before a lexicon family)
            kind, g = _start_guard(list(av[1]), flags, checker)
            if kind != "guard":
                return kind, frozenset(guard | set(g))
            guard |= set(g)
            continue
        if op is _c.ASSERT_NOT and av[0] < 0:
            sub = list(av[1])
            if len(sub) == 1 and sub[0][0] in (_c.IN, _c.LITERAL):
                inner = checker.node(sub[0][0], sub[0][1], flags)
                guard |= set(inner.chars)
            continue
        if op is _c.SUBPATTERN and av[0] is None:
            kind, g = _start_guard(list(av[3]), (flags | av[1]) & ~av[2], checker)
            if kind != "guard" or g:
                return kind, frozenset(guard | set(g))
        break
    return "guard", frozenset(guard)


def _restart(tree: Any, flags: int, checker: _Checker) -> None:
    items = list(tree)
    # a leading lookahead only narrows where a search may start; checking what follows it
    # without it over-approximates the starts, so a pattern found safe here is safe with it
    if len(items) == 2 and items[0][0] is _c.ASSERT and items[0][1][0] >= 0 and items[1][0] in (_c.BRANCH, _c.SUBPATTERN):
        items = items[1:]  # then each alternative is checked with its own guard
    while len(items) == 1 and items[0][0] is _c.SUBPATTERN:
        av = items[0][1]
        flags, items = (flags | av[1]) & ~av[2], list(av[3])
    if len(items) == 1 and items[0][0] is _c.BRANCH:
        # a search starts each alternative at its own positions: check each with its own guard
        for alt in items[0][1][1]:
            _restart(alt, flags, checker)
        return
    tree = items
    kind, guard = _start_guard(list(tree), flags, checker)
    if kind == "anchored":
        return
    head = checker.seq(tree, flags).head
    for op, av, fl, prefix, terminal in _unbounded_paths(list(tree), flags, [], True):
        if terminal:
            continue  # nothing after it can fail: the match ends with the run
        lo, hi, body = av
        chars = checker.seq(body, fl).chars
        if kind == "line" and "\n" not in chars:
            continue  # a MULTILINE ^ starts only after a newline, which the run cannot hold
        if "\x00boundary" in guard:
            if chars <= guard and head <= guard:
                continue  # \b before a word character cannot hold inside a run of word characters
        elif guard and chars <= guard:
            continue  # (?<![...]) forbids a start inside the run
        if all(checker._within(node, chars, f) for node, f in prefix):
            checker._flag("restart", f"{_describe(body, lo, hi)} scans a run inside which a later search can start "
                                     "and scan it again")


def _unbounded_paths(items: list[Any], flags: int, prefix: list[Any], terminal: bool) -> Iterable[Any]:
    """(op, av, flags, nodes before it on its path, whether nothing follows it) for every
    unbounded quantifier, possessive ones included (a possessive run is still scanned)."""
    for i, (op, av) in enumerate(items):
        pre = prefix + [((o, a), flags) for o, a in items[:i]]
        last = terminal and i == len(items) - 1
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            if av[1] == MAXREPEAT:
                yield op, av, flags, pre, last
            yield from _unbounded_paths(list(av[2]), flags, pre, False)
        elif op is _c.SUBPATTERN:
            yield from _unbounded_paths(list(av[3]), (flags | av[1]) & ~av[2], pre, last)
        elif op is _c.ATOMIC_GROUP:
            yield from _unbounded_paths(list(av), flags, pre, last)
        elif op is _c.BRANCH:
            for alt in av[1]:
                yield from _unbounded_paths(list(alt), flags, pre, last)
        elif op in (_c.ASSERT, _c.ASSERT_NOT) and av[0] >= 0:
            yield from _unbounded_paths(list(av[1]), flags, pre, False)


def linear_findings(pattern: str | re.Pattern[str], flags: int = 0, *, anchored: bool = False) -> list[Finding]:
    """The unsafe shapes in ``pattern`` (empty list: linear or bounded work per character).

    Args:
        pattern: a pattern string or compiled pattern (its flags are used).
        flags: ``re`` flags for a string pattern.
        anchored: the pattern is only ever tried at one position (``match``/``fullmatch``),
            so a search never restarts inside a run (the ``restart`` check is skipped).

    Raises:
        re.error: the pattern does not compile.
    """
    if isinstance(pattern, re.Pattern):
        flags, pattern = pattern.flags, pattern.pattern
    if isinstance(pattern, bytes):
        pattern = pattern.decode("latin-1")
    re.compile(pattern, flags)
    tree = _p.parse(pattern, flags)
    flags = int(tree.state.flags)
    alphabet = _ALPHABET | frozenset(_literals(tree))
    checker = _Checker(alphabet)
    checker.seq(tree, flags)
    fresh = _Checker(alphabet)  # the restart check re-walks the tree; keep its own findings
    if not anchored:
        _restart(tree, flags, fresh)
    return checker.findings + [f for f in fresh.findings if f.kind == "restart"]


def assert_linear(pattern: str | re.Pattern[str], flags: int = 0, *, name: str = "", anchored: bool = False) -> None:
    """Raise :class:`UnsafePattern` (naming ``name`` and every finding) if ``pattern`` is not
    linear by :func:`linear_findings`."""
    found = linear_findings(pattern, flags, anchored=anchored)
    if found:
        text = pattern.pattern if isinstance(pattern, re.Pattern) else pattern
        raise UnsafePattern(f"{name or 'pattern'} may backtrack super-linearly ({'; '.join(map(str, found))}): {text[:300]!r}")


def _literals(tree: Any) -> Iterable[str]:
    for op, av in tree:
        if op is _c.LITERAL or op is _c.NOT_LITERAL:
            yield chr(av)
        elif op is _c.IN:
            for o, a in av:
                if o is _c.LITERAL:
                    yield chr(a)
                elif o is _c.RANGE:
                    yield chr(a[0])
                    yield chr(a[1])
        elif op is _c.SUBPATTERN:
            yield from _literals(av[3])
        elif op is _c.ATOMIC_GROUP:
            yield from _literals(av)
        elif op is _c.BRANCH:
            for alt in av[1]:
                yield from _literals(alt)
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            yield from _literals(av[1])
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            yield from _literals(av[2])
        elif op is _c.GROUPREF_EXISTS:
            yield from _literals(av[1])
            if av[2] is not None:
                yield from _literals(av[2])
