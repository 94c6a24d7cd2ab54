"""One progress line for a run in shards, from the progress lines its shards print.

Each shard is its own `medtrust run` process whose :class:`medtrust.progress.ProgressReporter`
prints lines such as ``progress 120/239 (50%) · 3.1 samples/s · ETA 0:00:38 · errors 2``
(``[shard K]``-prefixed by the local engine, medtrust.engines.local). Interleaved, N of them say
nothing about the run, so the run's process reads them (:meth:`ShardProgress.feed`) and prints
one line for the whole run instead:

    progress 360/717 (50%) · 9.3 samples/s · ETA 0:00:38 · errors 2 · 3 shards
    progress 200/717 (28%) · interrupted: 517 samples not run · errors 0 · 3 shards

Counts are sums over the shards: each shard's line already counts what its logs keep (a resumed
shard starts from its logs, a cancelled sample is not done, an interrupted shard's count is the
one a resume keeps); the rate is the sum of the shards' rates (they run at once). Until every
shard has printed its planned total the total reads ``…``. Any other output line of a shard
(``last error: ...``, warnings, its final line) is passed on unchanged.
"""

from __future__ import annotations

import re
import sys
import threading
import time
from dataclasses import dataclass
from typing import IO, Callable

from medtrust.progress import PLAIN_INTERVAL, _hms

# the fields of a shard's progress line (medtrust.progress.ProgressReporter.line); bounded
# digit runs after a fixed word: linear time on any line
_PROGRESS = re.compile(r"^progress (\d{1,12})/(\d{1,12})")
_RATE = re.compile(r" · (\d{1,12}(?:\.\d{1,6})?) samples/s")
_ERRORS = re.compile(r" · errors (\d{1,12})")
_RETRIES = re.compile(r" · retries (\d{1,12})")
_LOADING = "loading model "
_PREFIX = re.compile(r"^\[shard (\d{1,4})\] ")


@dataclass
class _Shard:
    done: int = 0
    total: int | None = None
    rate: float = 0.0
    errors: int = 0
    retries: int = 0
    interrupted: bool = False
    started: bool = False  # printed a progress line (past loading the model)


class ShardProgress:
    """Reads shards' output lines, prints one run-wide progress line at most every ``interval``
    seconds (and at once when the first shard gets going, or a shard is interrupted).

    Args:
        count: the number of shards of the run.
        echo: where every other output line goes (the engine's ``echo``).
        stream: where progress lines go (stderr by default, as a run in one piece).
        interval: seconds between two progress lines (default that of a run in one piece
            without a terminal, :data:`medtrust.progress.PLAIN_INTERVAL`).
    """

    def __init__(self, count: int, echo: Callable[[str], None], *, stream: IO[str] | None = None,
                 interval: float = PLAIN_INTERVAL) -> None:  # fmt: skip
        self.count = count
        self.echo = echo
        self.stream = stream or sys.stderr
        self.interval = interval
        self.shards: dict[int, _Shard] = {}
        self._last_emit: float | None = None
        self._lock = threading.Lock()

    def feed(self, line: str) -> None:
        """One output line of a shard (``[shard K] text``): a progress line updates the run's
        counts; any other line goes to ``echo``."""
        m = _PREFIX.match(line)
        text = line[m.end() :] if m else line
        if m is None or not (text.startswith("progress ") or text.startswith(_LOADING)):
            self.echo(line)
            return
        index = int(m.group(1))
        with self._lock:
            shard = self.shards.setdefault(index, _Shard())
            first = not any(s.started for s in self.shards.values())
            newly_interrupted = False
            if (p := _PROGRESS.match(text)) is not None:
                shard.done, shard.total, shard.started = int(p.group(1)), int(p.group(2)), True
                rate = _RATE.search(text)
                shard.rate = float(rate.group(1)) if rate else 0.0
                errors, retries = _ERRORS.search(text), _RETRIES.search(text)
                shard.errors = int(errors.group(1)) if errors else shard.errors
                shard.retries = int(retries.group(1)) if retries else shard.retries
                newly_interrupted = "interrupted: " in text and not shard.interrupted
                shard.interrupted = shard.interrupted or "interrupted: " in text
            now = time.monotonic()
            due = self._last_emit is None or now - self._last_emit >= self.interval or (first and shard.started) or newly_interrupted
            if due:
                self._last_emit = now
        if due:
            self.emit()

    def line(self) -> str:
        """The run's progress line now (module docstring)."""
        with self._lock:
            shards = list(self.shards.values())
        n = f"{self.count} shards"
        if not any(s.started for s in shards):
            return f"loading model … {n}"
        done = sum(s.done for s in shards)
        totals = [s.total for s in shards if s.total is not None]
        total = sum(totals) if len(totals) == self.count else None
        head = f"progress {done}/{total} ({100 * done / total:.0f}%)" if total else f"progress {done}/…"
        parts = [head]
        rate = sum(s.rate for s in shards if not s.interrupted)
        if any(s.interrupted for s in shards):
            parts.append(f"interrupted: {max(total - done, 0)} samples not run" if total else "interrupted")
        elif rate > 0:
            parts.append(f"{rate:.2f} samples/s" if rate < 10 else f"{rate:.0f} samples/s")
            if total and total > done:
                parts.append("ETA " + _hms((total - done) / rate))
        parts.append(f"errors {sum(s.errors for s in shards)}")
        if retries := sum(s.retries for s in shards):
            parts.append(f"retries {retries}")
        parts.append(n)
        return " · ".join(parts)

    def emit(self) -> None:
        """Print the run's progress line now."""
        self.stream.write(self.line() + "\n")
        self.stream.flush()

    def close(self) -> None:
        """The shards have ended: print the run's last progress line (when any shard printed one)."""
        if self.shards:
            self.emit()
