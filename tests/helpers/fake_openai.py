"""A minimal OpenAI-compatible HTTP server for security tests (stdlib only, any bind address).

- ``mode="ok"``: ``POST .../chat/completions`` answers 200 with ``reply`` as the assistant text;
  ``GET .../models`` lists one model. Used as the *loopback* server a guarded run may use.
- ``mode="echo"``: every request is answered with HTTP ``status`` and an OpenAI-style error body
  that echoes the credentials it received (every header but the plain HTTP ones, and the query
  string), and the same headers again as ``X-Echo-<name>`` response headers, as a careless or
  hostile server would.

Every request is counted (``requests``), with its path and headers, so a test can assert that
**zero** requests reached a listener that must never be contacted; with ``record=FILE`` each is
also appended to FILE as one JSON line (the server in a test's network namespace,
``tests/helpers/netns.py``, runs as ``python -m tests.helpers.fake_openai`` and is counted so).

Also here, both on 127.0.0.1 only: :class:`RedirectServer` (answers every request with a 307 or
308 to another origin, as a hostile or misconfigured local server may) and :class:`ForwardProxy`
(an HTTP forwarding proxy: a loopback proxy whose target may be anywhere).
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

    def __init__(self, host: str = "127.0.0.1", *, mode: str = "ok", reply: str = "yes", status: int = 401,
                 record: str | None = None, echo_headers: tuple[str, ...] = ()) -> None:  # fmt: skip
        self.host, self.mode, self.reply, self.status = host, mode, reply, status
        self.record, self.echo_headers = record, echo_headers
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _record(self, body: bytes) -> None:
                rec = {"method": self.command, "path": self.path, "headers": dict(self.headers), "body": body}
                with outer._lock:
                    outer.requests.append(rec)
                    if outer.record:
                        with open(outer.record, "a", encoding="utf-8") as f:
                            f.write(json.dumps({**rec, "body": body.decode("utf-8", "replace")}) + "\n")

            def _send(self, status: int, obj: Any) -> None:
                data = json.dumps(obj).encode()
                self.send_response(status)
                for h in outer.echo_headers:  # a server that echoes request headers back in its answer
                    if self.headers.get(h):
                        self.send_header(f"X-Echo-{h}", self.headers[h])
                for h, v in (getattr(self, "_echo", None) or {}).items():
                    self.send_header(f"X-Echo-{h}", v)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _handle(self) -> None:
                self._echo: dict[str, str] | None = None
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                self._record(body)
                if outer.mode == "echo":
                    plain = ("host", "content-length", "content-type", "accept", "accept-encoding", "connection", "user-agent")
                    echoed = {h: v for h, v in self.headers.items() if h.lower() not in plain and not h.lower().startswith("x-stainless")}
                    msg = f"invalid credentials {json.dumps(echoed)} for {self.path}"
                    self._echo = echoed  # also sent back as response headers
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


class RedirectServer:
    """127.0.0.1 server answering every request with ``status`` (307/308 keep the method and body)
    and ``Location: <target origin><same path>``; counts requests (``requests``)."""

    def __init__(self, target_origin: str, status: int = 307) -> None:
        self.target_origin, self.status = target_origin.rstrip("/"), status
        self.requests: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                if n:
                    self.rfile.read(n)
                outer.requests.append(self.path)
                self.send_response(outer.status)
                self.send_header("Location", outer.target_origin + self.path)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = _handle
            do_POST = _handle

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def __enter__(self) -> "RedirectServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


class ForwardProxy:
    """A plain HTTP forwarding proxy on 127.0.0.1 (absolute-URI requests, no CONNECT): it sends
    each request on to its target, wherever that is, and counts them (``requests``: target URLs)."""

    def __init__(self) -> None:
        import http.client
        from urllib.parse import urlsplit

        self.requests: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(n) if n else b""
                outer.requests.append(self.path)
                u = urlsplit(self.path)
                try:
                    conn = http.client.HTTPConnection(u.hostname, u.port or 80, timeout=10)
                    headers = {k: v for k, v in self.headers.items() if k.lower() not in ("proxy-connection", "connection")}
                    conn.request(self.command, (u.path or "/") + (f"?{u.query}" if u.query else ""), body=body, headers=headers)
                    r = conn.getresponse()
                    data = r.read()
                    status, rheaders = r.status, [(k, v) for k, v in r.getheaders() if k.lower() not in ("transfer-encoding", "connection", "content-length")]
                    conn.close()
                except OSError as e:
                    status, rheaders, data = 502, [("Content-Type", "text/plain")], str(e).encode()
                self.send_response(status)
                for k, v in rheaders:
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = _handle
            do_POST = _handle

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "ForwardProxy":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def main(argv: list[str] | None = None) -> None:
    """Run one server in the foreground (``tests/helpers/netns.py`` starts it inside a network
    namespace); writes its port to ``--ready`` once listening."""
    import argparse
    import os

    ap = argparse.ArgumentParser()
    ap.add_argument("--host", required=True)
    ap.add_argument("--mode", default="ok")
    ap.add_argument("--reply", default="yes")
    ap.add_argument("--record", required=True)
    ap.add_argument("--ready", required=True)
    a = ap.parse_args(argv)
    server = FakeOpenAI(a.host, mode=a.mode, reply=a.reply, record=a.record)
    tmp = a.ready + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(server.port))
    os.replace(tmp, a.ready)
    server._server.serve_forever()


if __name__ == "__main__":
    main()
