"""A time budget for each reader call (answer extraction, refusal detection, judge-reply parsing).

Every pattern of the readers is linear (medtrust.regex_safety, tests/test_regex_safety.py), so a
reply of 100 KB is read in well under a second; the budget is the second line of defence (issue
22: one reply stopped a run for minutes). When a reader runs past its budget the scorer records
the sample as an explicit non-answer with the reason :data:`BUDGET_REASON` (``unparseable`` for
a model reply, ``judge_error`` for a judge reply) and the run goes on.

How the budget is enforced: on the main thread of a Unix process (where inspect runs its event
loop) a ``SIGALRM`` interval timer interrupts the reader. Python's regular-expression engine
checks for signals while it matches, so even a runaway pattern stops. Elsewhere (another thread,
Windows) the reader runs to its end and the call is refused afterwards when it took longer than
the budget, so the outcome does not depend on the thread. A reader called inside another
``read_within`` shares the outer budget.
"""

from __future__ import annotations

import signal
import threading
import time
from typing import Any, Callable, TypeVar

T = TypeVar("T")

#: Seconds one reader call may take (a 100 KB adversarial reply takes well under 1 s).
READER_BUDGET_S = 5.0
#: The reason recorded on a sample whose reader ran out of time.
BUDGET_REASON = "reader time budget exceeded"

_active = threading.local()


class ReaderBudgetExceeded(RuntimeError):
    """A reader ran past its time budget.

    Attributes:
        reader: the reader's name.
        budget_s: the budget in seconds.
    """

    def __init__(self, reader: str, budget_s: float):
        super().__init__(f"{BUDGET_REASON} ({reader} took more than {budget_s:g} s)")
        self.reader = reader
        self.budget_s = budget_s


def read_within(reader: Callable[..., T], *args: Any, budget_s: float | None = None, **kwargs: Any) -> T:
    """``reader(*args, **kwargs)``, stopped when it runs past ``budget_s`` seconds.

    Args:
        reader: any callable (a reader of replies).
        budget_s: seconds allowed, > 0; default :data:`READER_BUDGET_S` (read at call time, so
            tests and callers may change the module value).

    Returns:
        What ``reader`` returns.

    Raises:
        ReaderBudgetExceeded: the reader ran past the budget (its partial work is dropped).
        ValueError: ``budget_s`` is not positive.
    """
    budget = READER_BUDGET_S if budget_s is None else budget_s
    if not budget > 0:
        raise ValueError(f"budget_s must be > 0, got {budget!r}")
    name = getattr(reader, "__qualname__", None) or repr(reader)
    if getattr(_active, "on", False):
        return reader(*args, **kwargs)  # inside an outer budget: that one's timer runs
    _active.on = True
    try:
        if _can_interrupt():
            return _with_alarm(reader, name, budget, args, kwargs)
        start = time.monotonic()
        out = reader(*args, **kwargs)
        if time.monotonic() - start > budget:
            raise ReaderBudgetExceeded(name, budget)
        return out
    finally:
        _active.on = False


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


class _Alarm(BaseException):
    """Raised by the SIGALRM handler; BaseException so no reader's ``except Exception`` eats it."""


def _with_alarm(reader: Callable[..., T], name: str, budget: float, args: Any, kwargs: Any) -> T:
    def on_alarm(signum: int, frame: Any) -> None:
        raise _Alarm()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    outer_delay, _ = signal.setitimer(signal.ITIMER_REAL, budget)
    start = time.monotonic()
    try:
        try:
            return reader(*args, **kwargs)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _Alarm:  # also when it fires between the reader's return and the disarming
        raise ReaderBudgetExceeded(name, budget) from None
    finally:
        signal.signal(signal.SIGALRM, previous)
        if outer_delay:  # someone else's timer was running: give it back what is left of it
            signal.setitimer(signal.ITIMER_REAL, max(1e-3, outer_delay - (time.monotonic() - start)))
