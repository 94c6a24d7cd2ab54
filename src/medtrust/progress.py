"""Progress of a `medtrust run` that a user can see in any terminal or log file.

inspect's own display is a full-screen view (or nothing, or a results panel that repeats ours).
medtrust therefore runs inspect with ``display="none"`` by default and reports progress itself
through an inspect hook (:class:`RunProgressHook`, inspect's ``on_task_start`` /
``on_sample_end`` / ``on_model_retry`` events): every few seconds one plain line

    progress 120/239 (50%) · 3.1 samples/s · ETA 0:00:38 · errors 2 · retries 5 (last: RateLimitError 429)

and, when a sample fails, the last error text, so that a bad key or a dead judge is never
minutes of silence. On a terminal the line is redrawn in place; otherwise (CI, a pipe, a log
file) a new line is written every ``interval`` seconds. A user who passes ``--display`` gets
inspect's display instead and no medtrust progress.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any

from inspect_ai.hooks import Hooks, ModelRetry, SampleEnd, TaskStart, hooks

#: seconds between two plain progress lines (no terminal)
PLAIN_INTERVAL = 10.0
#: seconds between two redraws on a terminal
TTY_INTERVAL = 1.0


@dataclass
class _State:
    total: int = 0
    done: int = 0
    errors: int = 0
    retries: int = 0
    last_retry: str | None = None
    last_error: str | None = None
    started: float = field(default_factory=time.monotonic)


class ProgressReporter:
    """Counts samples of the running tasks and prints progress lines from a background thread.

    Use as a context manager around inspect's ``eval``; while active, :class:`RunProgressHook`
    feeds it. ``stream`` defaults to stderr (stdout stays for tables and JSON paths).

    Args:
        stream: where lines go.
        tty: redraw one line in place (None: ``stream.isatty()``).
        interval: seconds between lines (None: 1 s on a terminal, 10 s otherwise).
    """

    def __init__(self, stream: IO[str] | None = None, *, tty: bool | None = None, interval: float | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = bool(self.stream.isatty()) if tty is None else tty
        self.interval = interval if interval is not None else (TTY_INTERVAL if self.tty else PLAIN_INTERVAL)
        self.state = _State()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._printed_error: str | None = None

    # -- fed by the hook
    def add_task(self, n_samples: int) -> None:
        with self._lock:
            self.state.total += n_samples

    def sample_done(self, error: str | None) -> None:
        with self._lock:
            self.state.done += 1
            if error:
                self.state.errors += 1
                self.state.last_error = error

    def retry(self, what: str) -> None:
        with self._lock:
            self.state.retries += 1
            self.state.last_retry = what

    # -- output
    def line(self) -> str:
        """The current progress line (see the module docstring)."""
        with self._lock:
            s = self.state
            elapsed = max(time.monotonic() - s.started, 1e-9)
            rate = s.done / elapsed
            parts = [f"progress {s.done}/{s.total}" + (f" ({100 * s.done / s.total:.0f}%)" if s.total else "")]
            parts.append(f"{rate:.2f} samples/s" if rate < 10 else f"{rate:.0f} samples/s")
            if s.done and s.total > s.done:
                parts.append("ETA " + _hms((s.total - s.done) / rate))
            parts.append(f"errors {s.errors}")
            if s.retries:
                parts.append(f"retries {s.retries}" + (f" (last: {s.last_retry})" if s.last_retry else ""))
            return " · ".join(parts)

    def _emit(self, final: bool = False) -> None:
        text = self.line()
        if self.tty:
            self.stream.write("\r\033[K" + text + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        err = self.state.last_error
        if err and err != self._printed_error:
            self._printed_error = err
            self.stream.write(("\n" if self.tty and not final else "") + f"last error: {_one_line(err)}\n")
        self.stream.flush()

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self._emit()

    def __enter__(self) -> "ProgressReporter":
        global _ACTIVE
        _register_hook()
        _ACTIVE = self
        self.state = _State()
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, name="medtrust-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        global _ACTIVE
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        _ACTIVE = None
        if self.state.total:
            self._emit(final=True)


_registered = False


def _register_hook() -> None:
    """Register :class:`RunProgressHook` with inspect once, after inspect has loaded its hooks.

    inspect prints a "hooks enabled" banner the first time it loads hooks if any is registered;
    loading them first and registering ours afterwards keeps `medtrust run` output clean (hooks
    registered later are still called: inspect looks them up at every event).
    """
    global _registered
    if _registered:
        return
    from medtrust._inspect_compat import init_hooks

    try:
        if init_hooks is not None:
            init_hooks()
    except Exception:  # noqa: BLE001 - cosmetic only; a newer inspect may change it
        pass
    hooks(name="medtrust_progress", description="medtrust run: plain progress lines with rate, ETA, errors and the last error")(RunProgressHook)
    _registered = True


def _hms(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600}:{s % 3600 // 60:02d}:{s % 60:02d}"


def _one_line(text: str, limit: int = 300) -> str:
    t = " ".join(str(text).split())
    return t if len(t) <= limit else t[: limit - 1] + "…"


#: the reporter of the run in progress (None when no medtrust run is reporting)
_ACTIVE: ProgressReporter | None = None


class RunProgressHook(Hooks):
    """Feeds the active :class:`ProgressReporter` from inspect's events (disabled otherwise)."""

    def enabled(self) -> bool:
        return _ACTIVE is not None

    async def on_task_start(self, data: TaskStart) -> None:
        if _ACTIVE is None:
            return
        spec = data.spec
        n = spec.dataset.samples or 0
        limit = spec.config.limit
        if isinstance(limit, int):
            n = min(n, limit)
        elif isinstance(limit, tuple):
            n = min(n, max(0, limit[1] - limit[0]))
        _ACTIVE.add_task(n * (spec.config.epochs or 1))

    async def on_sample_end(self, data: SampleEnd) -> None:
        if _ACTIVE is not None:
            err = data.sample.error
            # samples cancelled by Ctrl-C are not failures of the model or the endpoint
            cancelled = err is not None and "CancelledError" in err.message
            _ACTIVE.sample_done(err.message if err is not None and not cancelled else None)

    async def on_model_retry(self, data: ModelRetry) -> None:
        if _ACTIVE is not None:
            what = " ".join(x for x in (data.exception_type, str(data.status_code) if data.status_code else None) if x)
            _ACTIVE.retry(f"{what} from {data.model_name}" if what else data.model_name)
