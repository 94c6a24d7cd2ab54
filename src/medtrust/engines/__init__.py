"""Engines that run a sharded run's shard command lines (medtrust.sharded, docs/scale-out.md).

A shard is one command line (``medtrust run ... --shards N --shard K --run-id RID``); an engine
runs a list of them at once and reports how each ended. ``local`` (:mod:`.local`, the default):
child processes of this one. ``ray`` (:mod:`.ray`, the ``medtrust[ray]`` extra): Ray tasks on a
local Ray instance started for the run, or on an existing cluster given by address. Kubernetes
Jobs and Slurm array tasks run the same command lines (docs/scale-out.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

#: the engines `medtrust run --engine` accepts
ENGINES = ("local", "ray")


class EngineError(RuntimeError):
    """An engine that cannot run shards (Ray not installed, cannot start, cluster unreachable);
    the message says why and how to fix it."""


@dataclass
class ShardResult:
    """How one shard's command ended.

    Attributes:
        index: the shard (0-based).
        returncode: its exit status (negative: killed by that signal, as ``subprocess`` gives it).
        tail: its last output lines (stderr and stdout), for naming why it failed.
    """

    index: int
    returncode: int
    tail: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def run_commands(engine: str, commands: Sequence[tuple[int, list[str]]], *, echo: Callable[[str], None] | None = None,
                 address: str | None = None, env: dict[str, str] | None = None) -> list[ShardResult]:  # fmt: skip
    """Run every (shard index, command line) at once on ``engine`` and wait for all of them.

    Args:
        engine: ``local`` or ``ray``.
        commands: (shard index, argv) pairs.
        echo: called with each output line of a shard, prefixed ``[shard K] `` (local engine; Ray
            prints its workers' output itself).
        address: the Ray cluster (``ray`` only; None = a local Ray instance started for the run).
        env: variables added to each command's environment.

    Returns:
        one :class:`ShardResult` per command, in the order given.

    Raises:
        ValueError: unknown engine, or ``address`` with the local engine.
        EngineError: Ray is not installed or cannot start (``ray`` only; the message says how to fix it).
    """
    if engine == "local":
        if address:
            raise ValueError("--ray-address applies to --engine ray only")
        from medtrust.engines.local import run_local

        return run_local(commands, echo=echo, env=env)
    if engine == "ray":
        from medtrust.engines.ray import run_ray

        return run_ray(commands, address=address, env=env)
    raise ValueError(f"unknown engine {engine!r}; known: {', '.join(ENGINES)}")
