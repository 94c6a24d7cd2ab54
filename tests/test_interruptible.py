"""Ctrl-C tests must reach their child even when the runner inherited SIGINT ignored
(tests/helpers/interruptible.py): shown on a real child, and checked for every test that sends SIGINT."""

from __future__ import annotations

import ast
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers.interruptible import popen

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def test_a_child_reached_by_sigint_although_the_runner_ignores_it():
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell's background job starts
    try:
        plain = subprocess.Popen(SLEEPER)
        ours = popen(SLEEPER)
        time.sleep(1.0)  # both past Python's start-up, where the KeyboardInterrupt handler is (not) installed
        for p in (plain, ours):
            p.send_signal(signal.SIGINT)
        assert ours.wait(timeout=30) == -signal.SIGINT  # Python dies by the signal after KeyboardInterrupt
        time.sleep(1.0)
        assert plain.poll() is None  # the inherited SIG_IGN: Ctrl-C never arrives
    finally:
        signal.signal(signal.SIGINT, before)
        plain.kill()
        plain.wait(timeout=30)


def _sends_sigint(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Attribute) and n.attr == "SIGINT" and isinstance(p, ast.Call)
               and getattr(p.func, "attr", getattr(p.func, "id", "")) in ("send_signal", "kill", "killpg")
               for p in ast.walk(node) if isinstance(p, ast.Call) for n in ast.walk(p))  # fmt: skip


def _plain_popen(node: ast.AST) -> bool:
    return any(isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == "Popen" for c in ast.walk(node))


def test_every_test_that_sends_sigint_starts_its_child_with_the_helper():
    """Each function that sends SIGINT starts its child with the helper, never subprocess.Popen."""
    offenders, found = [], 0
    for f in sorted(Path(__file__).parent.rglob("*.py")):
        if f.name == Path(__file__).name:
            continue
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and _sends_sigint(fn):
                found += 1
                if _plain_popen(fn):
                    offenders.append(f"{f.relative_to(Path(__file__).parent)}:{fn.lineno} {fn.name}")
    assert found >= 5  # label chain, shards Ctrl-C, run edges, two in the CLI's UX tests
    assert offenders == [], f"send SIGINT only to a child started with tests.helpers.interruptible.popen: {offenders}"
