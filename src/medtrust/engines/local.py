"""The local engine: every shard command as a child process of this one, all at once."""

from __future__ import annotations

import os
import subprocess
import threading
from collections import deque
from typing import IO, Callable, Sequence

from medtrust.engines import ShardResult

#: output lines of a shard kept for naming why it failed
TAIL_LINES = 20


def run_local(commands: Sequence[tuple[int, list[str]]], *, echo: Callable[[str], None] | None = None,
              env: dict[str, str] | None = None) -> list[ShardResult]:  # fmt: skip
    """Start every command as a child process, pass each output line to ``echo`` with a
    ``[shard K]`` prefix as it comes, and wait for all of them.

    The children share this process's group, so a Ctrl-C in the terminal reaches each of them
    (each then keeps what it finished and exits 130): they get :data:`GRACE_S` seconds to do so
    before they are terminated. On any other error here, the children still running are
    terminated at once before the exception goes on.

    Returns:
        one :class:`~medtrust.engines.ShardResult` per command, in the order given.
    """
    full_env = {**os.environ, **(env or {}), "PYTHONUNBUFFERED": "1"}
    procs: list[tuple[int, subprocess.Popen[str], deque[str], threading.Thread]] = []
    lock = threading.Lock()

    def pump(index: int, stream: IO[str], tail: deque[str]) -> None:
        for line in stream:
            line = line.rstrip("\n")
            tail.append(line)
            if echo is not None:
                with lock:
                    echo(f"[shard {index}] {line}")

    try:
        for index, argv in commands:
            p = subprocess.Popen(argv, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
            tail: deque[str] = deque(maxlen=TAIL_LINES)
            t = threading.Thread(target=pump, args=(index, p.stdout, tail), daemon=True)
            t.start()
            procs.append((index, p, tail, t))
        results = []
        for index, p, tail, t in procs:
            rc = p.wait()
            t.join()
            results.append(ShardResult(index, rc, list(tail)))
        return results
    except KeyboardInterrupt:
        # a Ctrl-C in the terminal reached the children too: let each finish writing its log
        _stop(procs, grace=GRACE_S)
        for _, _, _, t in procs:  # their last lines (the interrupted counts) reach echo first
            t.join(timeout=5)
        raise
    except BaseException:
        _stop(procs, grace=0)
        raise


#: seconds a child gets after a Ctrl-C to save what it finished before it is terminated
GRACE_S = 60.0


def _stop(procs: Sequence[tuple[int, "subprocess.Popen[str]", deque[str], threading.Thread]], *, grace: float) -> None:
    """Wait up to ``grace`` seconds for the children, then terminate (and at last kill) the rest."""
    import time

    deadline = time.monotonic() + grace
    for _, p, _, _ in procs:
        try:
            p.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
    for _, p, _, _ in procs:
        if p.poll() is None:
            p.terminate()
    for _, p, _, _ in procs:
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
