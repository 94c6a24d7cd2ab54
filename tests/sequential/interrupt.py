"""Kill a `medtrust run` mid-run against the OpenAI mock (tests/helpers/openai_mock.py), for the
resume tests of the sequential runs."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any


def kill_mid_run(args: list[str], folder: Path, env: dict[str, str], mock: Any, *, after: int = 8, latency: float = 0.3,
                 then_latency: float = 0.01) -> None:  # fmt: skip
    """Run ``args --log-dir folder`` with the mock slowed to ``latency`` s per reply, SIGKILL it once
    ``after`` replies completed (the process still running), then set the mock to ``then_latency``.

    Raises:
        AssertionError: the run ended before it could be killed (its output in the message).
    """
    mock.reset()
    mock.latency = latency  # slow enough to kill mid-run
    proc = subprocess.Popen([*args, "--log-dir", str(folder)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 600
    while mock.stats.completed < after and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, proc.stdout.read().decode()[-2000:]  # type: ignore[union-attr]
    time.sleep(1.0)  # let finished samples reach inspect's sample buffer
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    mock.latency = then_latency
