"""CPU seconds of one call, counting the call's own work and not the rest of the test process.

A full garbage collection walks every tracked object in the process. Late in the suite the
pytest process holds millions (inspect, torch, every earlier test's modules), so a full
collection that happens to start inside a timed call costs about a second on a 2-core machine
and says nothing about the call: CI once failed a 1-second reading bound that way (a 31 KB
table reply read in 0.1 s plus one full collection). A `medtrust run` freezes the heap it starts
with for the same reason (:func:`medtrust.gcsettings.run_gc`). Here the heap alive before the
call is frozen and the thresholds are left as they are, so the call's own garbage is still
collected, as often as it would be anywhere, and its cost still counts. The freeze is run_gc's
own, without its first full collection (one per timing made the regex-safety file six times as
slow, 671 s against 113 s): garbage frozen with the heap is collectable again once the call
returns.
"""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

from medtrust.gcsettings import run_gc


def own_cpu_s(fn: Callable[..., Any], *args: Any, before: Callable[[], None] | None = None, repeat: int = 1) -> float:
    """Best CPU time (``time.process_time``, seconds) of ``repeat`` calls ``fn(*args)``, each with
    the heap alive before it frozen; ``before()`` (a cache reset) runs untimed before each call.
    Inside a run's :func:`run_gc` the outer freeze stays as it is (run_gc nests)."""
    best = float("inf")
    for _ in range(max(1, repeat)):
        if before is not None:
            before()
        # thresholds unchanged: the call's own collections still run
        with run_gc(gen0=gc.get_threshold()[0], collect=False):
            t0 = time.process_time()
            fn(*args)
            best = min(best, time.process_time() - t0)
    return best
