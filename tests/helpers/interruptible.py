"""Start a child process that Ctrl-C can reach, whatever the test runner inherited.

A shell starts a background job (``cmd &``, ``nohup``, some CI runners) with SIGINT *ignored*,
and an ignored signal stays ignored across exec: Python then installs no KeyboardInterrupt
handler, and a test that sends SIGINT to its child waits for nothing (seen: `medtrust label` and
`medtrust run --shards` never stopped, the tests timed out). A terminal's Ctrl-C reaches a
program whose SIGINT is at its default, so that is what these children get.
"""

from __future__ import annotations

import signal
import subprocess
from typing import Any


def sigint_default() -> None:
    """preexec_fn: SIGINT back to its default disposition in the child (before exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def popen(args: Any, **kwargs: Any) -> subprocess.Popen:
    """subprocess.Popen(args, **kwargs) with SIGINT at its default in the child.

    Raises:
        ValueError: a ``preexec_fn`` of the caller's own (combine it with :func:`sigint_default`).
    """
    if "preexec_fn" in kwargs:
        raise ValueError("popen sets preexec_fn itself")
    return subprocess.Popen(args, preexec_fn=sigint_default, **kwargs)
