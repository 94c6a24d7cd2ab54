"""Start and stop a real llama.cpp OpenAI-compatible HTTP server for tests.

The server is llama.cpp's own C++ server run by xllamacpp (the engine of ``medtrust/embedded``,
prebuilt wheel) in a child process: this file run as a script. It serves the embedded SmolLM2
GGUF on 127.0.0.1 and a free port chosen here under the alias ``smollm2`` with no API key
(clients may send any), and is stopped by its own PID (never by name). Ready in about 1-2 s on
2 cores. Context overflow is answered with HTTP 400 ("exceeds the available context size").
"""

from __future__ import annotations

import argparse
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
    n_parallel: int = 1,
    ready_timeout: float = 60.0,
) -> LlamaServer:
    """Start llama.cpp's server (xllamacpp, a child process) on 127.0.0.1 and wait until
    ``GET /v1/models`` lists ``alias``.

    Args:
        log_dir: folder for the server's stdout/stderr (``llama_server.log``).
        gguf: model file; default the embedded SmolLM2 GGUF.
        n_ctx: context window of each slot in tokens (longer prompts fail with HTTP 400).
        n_parallel: slots (requests decoded together); 1 answers one request at a time.

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
        sys.executable, str(Path(__file__).resolve()),
        "--model", str(gguf), "--port", str(port), "--n-ctx", str(n_ctx),
        "--n-threads", str(n_threads), "--n-parallel", str(n_parallel), "--alias", alias,
    ]  # fmt: skip
    with open(log_path, "wb") as logf:
        proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    server = LlamaServer(proc, port, alias, log_path)
    deadline = time.monotonic() + ready_timeout
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never a proxy
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"llama.cpp server exited with {proc.returncode}: {log_path.read_text()[-2000:]}")
        try:
            with opener.open(f"{server.base_url}/models", timeout=2) as r:
                ids = [m["id"] for m in json.load(r)["data"]]
            if alias in ids:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    server.stop()
    raise RuntimeError(f"llama.cpp server not ready after {ready_timeout} s: {log_path.read_text()[-2000:]}")


@contextmanager
def llama_server(log_dir: Path, **kw) -> Iterator[LlamaServer]:
    """Context manager around :func:`start_llama_server`; always stops the server by PID."""
    server = start_llama_server(log_dir, **kw)
    try:
        yield server
    finally:
        server.stop()


def serve(argv: list[str] | None = None) -> None:
    """The child process: llama.cpp's HTTP server until SIGTERM (``Server`` listens as soon as it is made)."""
    ap = argparse.ArgumentParser(description="llama.cpp's OpenAI-compatible server on 127.0.0.1 (xllamacpp)")
    ap.add_argument("--model", required=True)
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--alias", default=ALIAS)
    ap.add_argument("--n-ctx", type=int, default=2048)
    ap.add_argument("--n-threads", type=int, default=2)
    ap.add_argument("--n-parallel", type=int, default=1)
    a = ap.parse_args(argv)
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # as medtrust.models.embedded does
    import xllamacpp as xlc

    params = xlc.CommonParams()
    params.model.path = a.model
    params.model_alias = {a.alias}
    params.hostnames = ["127.0.0.1"]
    params.port = a.port
    params.n_parallel = a.n_parallel
    params.n_ctx = a.n_ctx * a.n_parallel
    params.cpuparams.n_threads = a.n_threads
    params.cpuparams_batch.n_threads = a.n_threads
    params.flash_attn_type = xlc.llama_flash_attn_type.LLAMA_FLASH_ATTN_TYPE_DISABLED
    params.verbosity = 2  # warnings and errors: the log file says why a request failed
    server = xlc.Server(params)
    stop = {"now": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(now=True))
    print(f"listening on {server.listening_address}", flush=True)
    while not stop["now"]:
        time.sleep(0.2)
    del server


if __name__ == "__main__":
    serve()
