"""A minimal OpenAI-compatible HTTP server for security tests (stdlib only, any bind address).

- ``mode="ok"``: ``POST .../chat/completions`` answers 200 with ``reply`` as the assistant text;
  ``GET .../models`` lists one model. Used as the *loopback* server a guarded run may use.
- ``mode="echo"``: every request is answered with HTTP ``status`` and an OpenAI-style error body
  that echoes the credentials it received (``Authorization``, ``api-key``, ``x-api-key``,
  ``x-goog-api-key`` headers and the query string), as a careless or hostile server would.

Every request is counted (``requests``), with its path and headers, so a test can assert that
**zero** requests reached a listener that must never be contacted.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    """Run the server in a daemon thread; use as a context manager (stops and joins on exit).

    Args:
        host: address to bind (``127.0.0.1``, or a non-loopback address of the machine).
        mode: ``ok`` or ``echo``.
        reply: assistant text in ``ok`` mode.
        status: HTTP status in ``echo`` mode.
    """

    def __init__(self, host: str = "127.0.0.1", *, mode: str = "ok", reply: str = "yes", status: int = 401) -> None:
        self.host, self.mode, self.reply, self.status = host, mode, reply, status
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _record(self, body: bytes) -> None:
                with outer._lock:
                    outer.requests.append({"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body})

            def _send(self, status: int, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _handle(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                self._record(body)
                if outer.mode == "echo":
                    echoed = {h: self.headers.get(h) for h in ("Authorization", "api-key", "x-api-key", "x-goog-api-key") if self.headers.get(h)}
                    msg = f"invalid credentials {json.dumps(echoed)} for {self.path}"
                    self._send(outer.status, {"error": {"message": msg, "type": "invalid_request_error", "code": "invalid_api_key"}})
                    return
                if self.path.rstrip("/").endswith("/models"):
                    self._send(200, {"object": "list", "data": [{"id": "m", "object": "model", "created": 0, "owned_by": "test"}]})
                    return
                self._send(200, {
                    "id": "chatcmpl-test", "object": "chat.completion", "created": int(time.time()), "model": "m",
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": outer.reply}, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6},
                })

            do_GET = _handle
            do_POST = _handle

        self._server = ThreadingHTTPServer((host, 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/v1"

    def __enter__(self) -> "FakeOpenAI":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def non_loopback_address() -> str | None:
    """An IPv4 address of this machine that is not loopback (the source address of the default
    route, found without sending a packet), or None when the machine has none."""
    import ipaddress
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.254", 9))  # TEST-NET-1: connect() on UDP only picks a route
        addr = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if ipaddress.ip_address(addr).is_loopback or addr == "0.0.0.0" else addr
