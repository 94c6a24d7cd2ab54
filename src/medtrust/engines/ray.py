"""The Ray engine: every shard command as a Ray task (`medtrust run --shards N --engine ray`).

Needs the ``medtrust[ray]`` extra (``pip install -e ".[ray]"``). Without ``--ray-address`` a
local Ray instance is started for the run, on the loopback address only, with no dashboard and
no usage statistics, and shut down after it; with ``--ray-address`` (``ray://host:10001`` or
``host:6379``, or ``auto`` inside a cluster) the shards run on that cluster, which must have
medtrust installed, the data and image folders at the same paths, and the log folder on a
shared filesystem (docs/scale-out.md).

Each Ray task runs the shard's command line in a child process of its worker (so inspect's
process-wide state never carries over from one shard to the next in a reused worker) with the
worker's own Python, and returns its exit status and last output lines.
"""

from __future__ import annotations

import os
from typing import Any, Sequence

from medtrust.engines import EngineError, ShardResult

#: output lines of a shard kept for naming why it failed
TAIL_LINES = 20
#: CPUs one shard asks of a cluster (a shard is one Python process: inspect's event loop is one thread)
CPUS_PER_SHARD = 1


def ray_module() -> Any:
    """The ``ray`` package.

    Raises:
        EngineError: Ray is not installed (the message gives the install command).
    """
    try:
        import ray
    except ImportError:
        raise EngineError('--engine ray needs Ray: pip install "medtrust[ray]" (or pip install -e ".[ray]" in a checkout)') from None
    return ray


def _interrupt_with_parent() -> None:
    """In the shard's process (Linux): get SIGINT when the Ray worker that started it dies (Ray
    stops its workers when the run is interrupted), so the shard saves what it finished and
    stops instead of running on unowned. Elsewhere a no-op."""
    import ctypes
    import signal

    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGINT)  # PR_SET_PDEATHSIG = 1
    except OSError:
        pass


def _run_shard(index: int, argv: list[str], env: dict[str, str], cwd: str | None) -> tuple[int, list[str]]:
    """Body of the Ray task: run ``argv`` (its interpreter replaced by this worker's Python),
    print its output lines prefixed with the shard, return (exit status, last lines)."""
    import subprocess
    import sys
    from collections import deque

    cmd = [sys.executable, *argv[1:]]
    tail: deque[str] = deque(maxlen=TAIL_LINES)
    full_env = {**os.environ, **env, "PYTHONUNBUFFERED": "1"}
    p = subprocess.Popen(cmd, env=full_env, cwd=cwd if cwd and os.path.isdir(cwd) else None, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, errors="replace", preexec_fn=_interrupt_with_parent)  # fmt: skip
    assert p.stdout is not None
    for line in p.stdout:
        line = line.rstrip("\n")
        tail.append(line)
        print(f"[shard {index}] {line}", flush=True)
    return p.wait(), list(tail)


def start_local(ray: Any, n_shards: int) -> None:
    """Start a local Ray instance for the run: loopback only, no dashboard, no usage statistics,
    and CPUs for every shard at once (a shard waiting on a model server needs little CPU, and the
    local engine runs them all at once too)."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(address="local", _node_ip_address="127.0.0.1", include_dashboard=False, num_cpus=max(os.cpu_count() or 1, n_shards),
             configure_logging=False, log_to_driver=True)  # fmt: skip


def run_ray(commands: Sequence[tuple[int, list[str]]], *, address: str | None = None, env: dict[str, str] | None = None) -> list[ShardResult]:
    """Run every (shard index, argv) as a Ray task and wait for all of them.

    Args:
        commands: (shard index, argv) pairs; ``argv[0]`` (this Python) is replaced by the worker's.
        address: an existing Ray cluster; None = start a local instance for the run (and stop it
            after). When Ray is already initialised in this process, that instance is used.
        env: variables added to each shard's environment (never a secret: Ray keeps task
            arguments in its object store).

    Returns:
        one :class:`~medtrust.engines.ShardResult` per command, in the order given; a task that
        Ray itself lost (its worker or node died) has exit status -1 and Ray's error as its tail.

    Raises:
        EngineError: Ray is not installed, or cannot start or reach ``address`` (with the reason).
    """
    ray = ray_module()
    started = False
    if not ray.is_initialized():
        try:
            if address:
                os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
                ray.init(address=address, configure_logging=False, log_to_driver=True)
            else:
                start_local(ray, len(commands))
        except Exception as e:  # noqa: BLE001 - any start failure is one clear line
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise EngineError(f"--engine ray: cannot start or reach {where} ({type(e).__name__}: {' '.join(str(e).split())[:300]})") from None
        started = True
    try:
        remote = ray.remote(num_cpus=CPUS_PER_SHARD, max_retries=0)(_run_shard)
        cwd = os.getcwd()
        refs = [remote.remote(index, list(argv), dict(env or {}), cwd) for index, argv in commands]
        results = []
        for (index, _), ref in zip(commands, refs):
            try:
                rc, tail = ray.get(ref)
            except Exception as e:  # noqa: BLE001 - a lost task is that shard's failure, named
                rc, tail = -1, [f"Ray lost the task: {type(e).__name__}: {' '.join(str(e).split())[:300]}"]
            results.append(ShardResult(index, rc, tail))
        return results
    finally:
        if started:
            ray.shutdown()
