"""Start and stop a real llama.cpp OpenAI-compatible server (``python -m llama_cpp.server``) for tests.

The server serves the embedded SmolLM2 GGUF on 127.0.0.1 and a free port chosen here, and is
stopped by its own PID (never by name). Ready in about 1 s on 2 cores (ENVIRONMENT.md sec. 2.1).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

#: model alias served (the part after ``openai-api/<service>/`` in inspect model names)
ALIAS = "smollm2"


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LlamaServer:
    """A running server: ``base_url`` ends in ``/v1``; ``pid`` is the server process id."""

    proc: subprocess.Popen
    port: int
    alias: str
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> None:
        """SIGTERM the server by PID, then SIGKILL it if it has not exited after 5 s."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)


def start_llama_server(
    log_dir: Path,
    *,
    gguf: str | Path | None = None,
    alias: str = ALIAS,
    n_ctx: int = 2048,
    n_threads: int = 2,
    ready_timeout: float = 60.0,
) -> LlamaServer:
    """Start ``python -m llama_cpp.server`` on 127.0.0.1 and wait until ``GET /v1/models`` answers.

    Args:
        log_dir: folder for the server's stdout/stderr (``llama_server.log``).
        gguf: model file; default the embedded SmolLM2 GGUF.
        n_ctx: context window in tokens (prompts longer than this fail with HTTP 400).

    Raises:
        RuntimeError: the server exited or did not answer within ``ready_timeout`` seconds
            (the message holds the tail of its log).
    """
    if gguf is None:
        from medtrust.models.embedded import embedded_gguf_path

        gguf = embedded_gguf_path()
    port = free_port()
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / "llama_server.log"
    cmd = [
        sys.executable, "-m", "llama_cpp.server",
        "--model", str(gguf), "--host", "127.0.0.1", "--port", str(port),
        "--n_ctx", str(n_ctx), "--n_threads", str(n_threads), "--model_alias", alias,
    ]
    with open(log_path, "wb") as logf:
        proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = LlamaServer(proc, port, alias, log_path)
    deadline = time.monotonic() + ready_timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"llama_cpp.server exited with {proc.returncode}: {log_path.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{server.base_url}/models", timeout=2) as r:
                ids = [m["id"] for m in json.load(r)["data"]]
            if alias in ids:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"llama_cpp.server not ready after {ready_timeout} s: {log_path.read_text()[-2000:]}")


@contextmanager
def llama_server(log_dir: Path, **kw) -> Iterator[LlamaServer]:
    """Context manager around :func:`start_llama_server`; always stops the server by PID."""
    server = start_llama_server(log_dir, **kw)
    try:
        yield server
    finally:
        server.stop()
