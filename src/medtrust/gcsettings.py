"""Python's cyclic garbage collector during a run: fewer, cheaper collections (docs/performance.md).

A `medtrust run` process holds a large, long-lived heap before its first sample: inspect,
pydantic, the openai SDK, the benchmark's dataset. With CPython's default thresholds
(700, 10, 10) a generation-0 collection runs every 700 net allocations and every full collection
walks that whole heap again, although none of it ever becomes garbage: measured, cyclic collection
took 15-18 % of a run's CPU and grew faster than the number of samples (issue 29). During a run,
:func:`run_gc` therefore

- ``gc.freeze()``\\ s everything alive when the run starts (moved to a permanent generation that
  collections skip; CPython's documented use of freeze), and
- raises the generation-0 threshold to :data:`GEN0_THRESHOLD` (collections are rarer; each finds
  the same garbage, so nothing is lost, only collected in larger batches: the price is memory,
  a few tens of MB, docs/performance.md).

It restores the thresholds and unfreezes on exit, so a process that goes on (tests, a notebook)
gets its own settings back. Reference counting, which frees almost everything, is untouched.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

#: generation-0 threshold during a run (CPython default 700); measured in docs/performance.md
GEN0_THRESHOLD = 50_000


@contextmanager
def run_gc(gen0: int = GEN0_THRESHOLD, *, collect: bool = True) -> Iterator[None]:
    """While active: everything alive at entry frozen, generation-0 threshold ``gen0`` (>= 1).
    On exit the previous thresholds come back and the frozen objects are collectable again.
    Nested use keeps the outer settings (only the outermost call freezes and restores).
    ``collect``: collect once before freezing, so no garbage is frozen for the whole run (a run
    wants it; a short timed call, which gives the heap back at once, need not pay a full pass)."""
    global _depth
    if _depth:
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
        return
    before = gc.get_threshold()
    if collect:
        gc.collect()
    gc.freeze()
    gc.set_threshold(max(1, int(gen0)), before[1], before[2])
    _depth = 1
    try:
        yield
    finally:
        _depth = 0
        gc.set_threshold(*before)
        gc.unfreeze()


_depth = 0
