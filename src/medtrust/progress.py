"""Progress of a `medtrust run` that a user can see in any terminal or log file.

inspect's own display is a full-screen view (or nothing, or a results panel that repeats ours).
medtrust therefore runs inspect with ``display="none"`` by default and reports progress itself
through an inspect hook (:class:`RunProgressHook`: inspect's run, task, sample and retry events).
The first line is written at once, and one more at every change of phase:

    loading model medtrust/embedded … 0:00:02
    progress 0/40 (0%) · first reply … 4 samples started, 0:00:09 · errors 0
    progress 120/239 (50%) · 3.1 samples/s · ETA 0:00:38 · errors 2 · retries 5 (last: RateLimitError 429)
    progress 85/200 (42%) · interrupted: 115 samples not run · errors 0

and, when a sample fails, the last error text, so that a bad key or a dead judge is never
minutes of silence. On a terminal the line is redrawn in place; otherwise (CI, a pipe, a log
file) a new line is written every ``interval`` seconds. A user who passes ``--display`` gets
inspect's display instead and no medtrust progress.

The counts are true at the edges: the total is the run's planned samples (every task, model and
epoch) from the start when the runner knows it; a sample cancelled by Ctrl-C is not done; a
resumed run starts from the samples its logs already hold; and when a task ends its count is
replaced by the one its log records.
"""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any, Sequence

from inspect_ai.hooks import Hooks, ModelRetry, RunStart, SampleEnd, SampleStart, TaskEnd, TaskStart

#: seconds between two plain progress lines (no terminal)
PLAIN_INTERVAL = 10.0
#: seconds between two redraws on a terminal
TTY_INTERVAL = 1.0

#: (task name, model name): one task of one model in a run, the same in a resumed run
TaskKey = tuple[str, str]


@dataclass
class _State:
    total: int = 0
    #: samples finished per task; a resumed task starts with those its log already holds
    done: dict[TaskKey, int] = field(default_factory=dict)
    #: samples finished in this process (for the rate)
    fresh: int = 0
    planned: dict[TaskKey, int] = field(default_factory=dict)
    started_samples: int = 0
    cancelled: int = 0
    interrupted: bool = False
    errors: int = 0
    retries: int = 0
    last_retry: str | None = None
    last_error: str | None = None
    started: float = field(default_factory=time.monotonic)
    run_started: float | None = None


def planned_samples(samples: int | None, limit: int | tuple[int, int] | None, epochs: int | None) -> int:
    """Samples a task runs: its dataset size cut by inspect's ``limit`` (n, or a (start, stop)
    slice), times its epochs (None: 1)."""
    n = samples or 0
    if isinstance(limit, int):
        n = min(n, limit)
    elif isinstance(limit, (tuple, list)) and len(limit) == 2:
        n = max(0, min(n, limit[1]) - limit[0])
    return n * (epochs or 1)


def planned_total(tasks: Sequence[Any], limit: int | tuple[int, int] | None, n_models: int, eval_kwargs: dict[str, Any]) -> int | None:
    """Samples one inspect ``eval`` of ``tasks`` for ``n_models`` models will run (each task's
    dataset cut by ``limit``, times its epochs or the ``epochs`` given to ``eval``), or None when
    that cannot be known before the run (a ``sample_id`` selection, a dataset without a length).
    """
    if eval_kwargs.get("sample_id") is not None:
        return None
    override = eval_kwargs.get("epochs")
    override = getattr(override, "epochs", override)
    total = 0
    for task in tasks:
        try:
            n = len(task.dataset)
        except TypeError:
            return None
        total += planned_samples(n, limit, override if isinstance(override, int) else getattr(task, "epochs", None))
    return total * max(n_models, 1)


def resumed_counts(logs: Sequence[Any]) -> tuple[int, dict[TaskKey, int]]:
    """(planned samples, {(task, model): samples already finished}) of the logs a resume
    finishes (header-only logs). A finished sample is one its log records without an error:
    inspect's eval-retry keeps those and runs the others again. Samples still in a crashed run's
    buffer are not seen here; the task's count is corrected from its log when it ends."""
    total, done = 0, {}
    for log in logs:
        spec = log.eval
        total += (log.results.total_samples if log.results and log.results.total_samples
                  else planned_samples(spec.dataset.samples, spec.config.limit, spec.config.epochs))  # fmt: skip
        done[(spec.task, spec.model)] = kept_samples(log.location) or 0  # an unreadable log: fixed when the task ends
    return total, done


def kept_samples(location: str | None) -> int | None:
    """Samples a log holds that inspect's eval-retry keeps (recorded without an error and not
    left incomplete), or None when the log cannot be read. An interrupted log's header count
    (``results.completed_samples``) can miss samples that finished while the run was being
    cancelled, which eval-retry then keeps; this count is the one a resume starts from."""
    from inspect_ai.log import read_eval_log_sample_summaries

    if not location:
        return None
    try:
        return sum(1 for s in read_eval_log_sample_summaries(location) if s.error is None and s.completed is not False)
    except Exception:  # noqa: BLE001 - unreadable or not yet written
        return None


class ProgressReporter:
    """Counts samples of the running tasks and prints progress lines from a background thread.

    Use as a context manager around inspect's ``eval`` / ``eval_retry``; while active,
    :class:`RunProgressHook` feeds it. ``stream`` defaults to stderr (stdout stays for tables
    and JSON paths).

    Args:
        stream: where lines go.
        tty: redraw one line in place (None: ``stream.isatty()``).
        interval: seconds between lines (None: 1 s on a terminal, 10 s otherwise).
        models: the models being evaluated (named while they load).
        total: the run's planned samples, all tasks, models and epochs (None: summed as tasks start).
        already_done: {(task name, model): samples its log already holds} for a resumed run.
    """

    def __init__(
        self,
        stream: IO[str] | None = None,
        *,
        tty: bool | None = None,
        interval: float | None = None,
        models: Sequence[str] = (),
        total: int | None = None,
        already_done: dict[TaskKey, int] | None = None,
    ) -> None:
        self.stream = stream or sys.stderr
        self.tty = bool(self.stream.isatty()) if tty is None else tty
        self.interval = interval if interval is not None else (TTY_INTERVAL if self.tty else PLAIN_INTERVAL)
        self.models = [str(m) for m in models]
        self._fixed_total = total
        self._already = dict(already_done or {})
        self.state = self._new_state()
        self._keys: dict[str, TaskKey] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._printed_error: str | None = None

    def _new_state(self) -> _State:
        return _State(total=self._fixed_total or 0, done=dict(self._already))

    # -- fed by the hook
    def run_started(self) -> None:
        with self._lock:
            self.state.run_started = time.monotonic()
        self._emit()

    def task_started(self, eval_id: str, key: TaskKey, planned: int) -> None:
        with self._lock:
            self._keys[eval_id] = key
            self.state.planned[key] = planned
            self.state.done.setdefault(key, 0)
            if self._fixed_total is None:
                self.state.total = sum(self.state.planned.values())

    def sample_started(self) -> None:
        with self._lock:
            self.state.started_samples += 1

    def sample_done(self, eval_id: str | None = None, error: str | None = None, *, cancelled: bool = False) -> None:
        """A sample ended: done (``error`` when it failed), or ``cancelled`` (Ctrl-C: not done)."""
        first = False
        with self._lock:
            s = self.state
            if cancelled:
                s.cancelled += 1
                s.interrupted = True
                return
            key = self._keys.get(eval_id or "", ("", ""))
            s.done[key] = s.done.get(key, 0) + 1
            s.fresh += 1
            first = s.fresh == 1
            if error:
                s.errors += 1
                s.last_error = error
        if first:
            self._emit()  # the first reply: say so at once

    def task_ended(self, eval_id: str, status: str, completed: int | None, location: str | None = None) -> None:
        """A task's log is final: its count becomes the one the log records (for a log that did
        not end in success, the samples a resume keeps: :func:`kept_samples`)."""
        if status != "success" and (kept := kept_samples(location)) is not None:
            completed = kept
        with self._lock:
            key = self._keys.get(eval_id)
            if key is not None and completed is not None:
                self.state.done[key] = completed
            if status == "cancelled":
                self.state.interrupted = True

    def interrupted(self, locations: Sequence[str] = ()) -> None:
        """The run was interrupted (the runner saw it in the logs inspect returned).

        ``locations``: the logs this run wrote; each task's count becomes the samples a resume
        keeps from its log (:func:`kept_samples`). Inspect may return no log at all after Ctrl-C
        and call no task-end hook, so the count is corrected here from the files themselves."""
        from inspect_ai.log import read_eval_log

        kept: dict[TaskKey, int] = {}
        for location in locations:
            try:
                spec = read_eval_log(location, header_only=True).eval
            except Exception:  # noqa: BLE001 - a log cut off mid-write: its count stays as counted
                continue
            if (n := kept_samples(location)) is not None:
                kept[(spec.task, spec.model)] = n
        with self._lock:
            self.state.interrupted = True
            for key, n in kept.items():
                if key in self.state.done:
                    self.state.done[key] = n

    def retry(self, what: str) -> None:
        with self._lock:
            self.state.retries += 1
            self.state.last_retry = what

    # -- output
    def line(self) -> str:
        """The current progress line (see the module docstring)."""
        with self._lock:
            s = self.state
            now = time.monotonic()
            if s.run_started is None:
                names = ", ".join(self.models) or "the model"
                return f"loading model {names} … {_hms(now - s.started)}"
            done = sum(s.done.values())
            parts = [f"progress {done}/{s.total}" + (f" ({100 * done / s.total:.0f}%)" if s.total else "")]
            if s.interrupted:
                parts.append(f"interrupted: {max(s.total - done, 0)} samples not run")
            elif s.fresh == 0:
                started = f"{s.started_samples} samples started, " if s.started_samples else ""
                parts.append(f"first reply … {started}{_hms(now - s.run_started)}")
            else:
                rate = s.fresh / max(now - s.run_started, 1e-9)
                parts.append(f"{rate:.2f} samples/s" if rate < 10 else f"{rate:.0f} samples/s")
                if s.total > done:
                    parts.append("ETA " + _hms((s.total - done) / rate))
            parts.append(f"errors {s.errors}")
            if s.retries:
                parts.append(f"retries {s.retries}" + (f" (last: {s.last_retry})" if s.last_retry else ""))
            return " · ".join(parts)

    def _emit(self, final: bool = False) -> None:
        text = self.line()
        with self._lock:
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
        self.state = self._new_state()
        self._keys = {}
        self._stop.clear()
        self._emit()  # the first line now, not after the first interval
        self._thread = threading.Thread(target=self._loop, name="medtrust-progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        global _ACTIVE
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        _ACTIVE = None
        if self.state.run_started is not None:
            self._emit(final=True)
        elif self.tty:
            self.stream.write("\n")


def _register_hook() -> None:
    """Register :class:`RunProgressHook` with inspect once, after inspect has loaded its hooks
    (medtrust._inspect_compat.register_hook: no "hooks enabled" banner)."""
    from medtrust._inspect_compat import register_hook

    register_hook("medtrust_progress", "medtrust run: plain progress lines with rate, ETA, errors and the last error", RunProgressHook)


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

    async def on_run_start(self, data: RunStart) -> None:
        if _ACTIVE is not None:
            _ACTIVE.run_started()

    async def on_task_start(self, data: TaskStart) -> None:
        if _ACTIVE is None:
            return
        spec = data.spec
        planned = planned_samples(spec.dataset.samples, spec.config.limit, spec.config.epochs)
        _ACTIVE.task_started(data.eval_id, (spec.task, spec.model), planned)

    async def on_sample_start(self, data: SampleStart) -> None:
        if _ACTIVE is not None:
            _ACTIVE.sample_started()

    async def on_sample_end(self, data: SampleEnd) -> None:
        if _ACTIVE is not None:
            err = data.sample.error
            # a sample cancelled by Ctrl-C is neither done nor a failure of the model or endpoint
            cancelled = err is not None and "CancelledError" in err.message
            _ACTIVE.sample_done(data.eval_id, err.message if err is not None and not cancelled else None, cancelled=cancelled)

    async def on_task_end(self, data: TaskEnd) -> None:
        if _ACTIVE is not None:
            log = data.log
            _ACTIVE.task_ended(data.eval_id, log.status, log.results.completed_samples if log.results else None, log.location)

    async def on_model_retry(self, data: ModelRetry) -> None:
        if _ACTIVE is not None:
            what = " ".join(x for x in (data.exception_type, str(data.status_code) if data.status_code else None) if x)
            _ACTIVE.retry(f"{what} from {data.model_name}" if what else data.model_name)
