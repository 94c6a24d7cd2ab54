"""Which process owns a run: a lock per run id in the log folder, held while the run works.

`medtrust run` holds ``<log dir>/.medtrust-locks/<run id>.lock`` (an exclusive ``flock``, the
holder's pid written inside) from before its first model call until its logs are written, and
`medtrust run --resume` holds the lock of the run it resumes. The kernel drops the lock when
the process ends in any way (``kill -9`` included), so a killed run can be resumed at once while
a live one is never resumed behind its back: its calls would be paid twice and its log
written by two processes (issue 28). Logs written without medtrust (plain ``inspect eval``) have
no lock; ``--resume`` then relies on their status alone.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Iterator

LOCK_DIR = ".medtrust-locks"
_SAFE_ID = re.compile(r"^[A-Za-z0-9_.-]{1,128}$")


class RunHeld(ValueError):
    """Another live process holds the run (the message names its pid); a refusal, so a ValueError."""


def _lock_path(log_dir: str | Path, run_id: str) -> Path:
    if not _SAFE_ID.match(run_id):
        raise ValueError(f"not a run id: {run_id[:40]!r}")
    return Path(log_dir) / LOCK_DIR / f"{run_id}.lock"


@contextlib.contextmanager
def hold_run(log_dir: str | Path, run_id: str) -> Iterator[None]:
    """Hold the run's lock for the block.

    Raises:
        RunHeld: another process holds it (naming its pid).
        OSError: the lock file cannot be made (a read-only log folder).
    """
    import fcntl

    path = _lock_path(log_dir, run_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RunHeld(f"run {run_id} is held by another process (pid {_pid_in(fd) or 'unknown'})") from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        _held[(str(path))] = fd
        try:
            yield
        finally:
            _held.pop(str(path), None)
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


#: locks this process holds (a process is never "another process" to itself)
_held: dict[str, int] = {}


def _pid_in(fd: int) -> int | None:
    try:
        data = os.pread(fd, 32, 0)
        return int(data.decode().strip() or 0) or None
    except (OSError, ValueError):
        return None


def holder_of(log_dir: str | Path, run_id: str) -> int | None:
    """The pid of the live process (other than this one) that holds the run, else None."""
    import fcntl

    try:
        path = _lock_path(log_dir, run_id)
    except ValueError:
        return None
    if str(path) in _held or not path.exists():
        return None
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _pid_in(fd) or -1
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
