"""Did-you-mean suggestions for misspelt names (commands, benchmarks, judges, task arguments, metrics).

One rule everywhere: the known names whose difflib similarity ratio to the misspelt one is the
highest, at least :data:`CUTOFF`; when several tie at that ratio all of them are named, because
picking one would guess (``cares-lm`` is one letter from both ``cares-llm`` and ``cares-vlm``).
The misspelt name is cut to :data:`MAX_NAME` characters first, so the work stays small on any input.
"""

from __future__ import annotations

import difflib
from typing import Iterable

#: difflib's default cutoff for get_close_matches
CUTOFF = 0.6
#: longer input cannot be close to any name medtrust knows; the cut bounds difflib's quadratic work
MAX_NAME = 100


def closest(name: str, known: Iterable[str], *, cutoff: float = CUTOFF) -> list[str]:
    """The known names closest to ``name`` (ties all kept, sorted), or [] when none reaches ``cutoff``.

    Args:
        name: the misspelt name.
        known: the valid names.
        cutoff: the lowest similarity accepted, in [0, 1] (difflib.SequenceMatcher.ratio:
            2 * matches / total length).
    """
    probe = name[:MAX_NAME]
    scored: dict[str, float] = {}
    for k in known:
        m = difflib.SequenceMatcher(None, probe, k)
        # the cheap upper bounds first, as difflib.get_close_matches does
        if m.real_quick_ratio() >= cutoff and m.quick_ratio() >= cutoff:
            r = m.ratio()
            if r >= cutoff:
                scored[k] = r
    if not scored:
        return []
    best = max(scored.values())
    return sorted(k for k, r in scored.items() if r >= best - 1e-12)


def did_you_mean(name: str, known: Iterable[str], *, cutoff: float = CUTOFF, sentence: bool = False) -> str:
    """`` (did you mean 'x'?)`` / `` (did you mean 'x' or 'y'?)`` for :func:`closest`, or ``""``;
    ``sentence=True`` gives `` Did you mean 'x'?`` for a message made of sentences."""
    close = closest(name, known, cutoff=cutoff)
    if not close:
        return ""
    names = " or ".join(f"'{c}'" for c in close)
    return f" Did you mean {names}?" if sentence else f" (did you mean {names}?)"
