"""A listener that is remote in network terms: a network namespace made by the test, joined to
this one by a veth pair.

The namespace has its own network stack (its own interfaces, addresses and loopback); the test
process reaches it only through the veth interface, so a connection to it is exactly what a
connection to another host is for the kernel and for medtrust's guard. Nothing outside the
machine is ever addressed: both ends of the pair use addresses from 198.18.0.0/15 (reserved for
network benchmarks, RFC 2544) on a /30 of their own, and the namespace has no other route.

The server inside is ``tests/helpers/fake_openai.py`` run with ``ip netns exec``; it appends one
JSON line per request it receives to a file, which the test reads (:meth:`RemoteHost.requests`).

Needs root (CAP_NET_ADMIN) and the ``ip`` tool; :func:`netns_unavailable` says why not, for a
``pytest.skip`` with a clear reason.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=check, timeout=30)


_probe: str | None | bool = False


def netns_unavailable() -> str | None:
    """None when this process can make network namespaces, else the reason it cannot."""
    global _probe
    if _probe is not False:
        return _probe  # type: ignore[return-value]
    reason: str | None = None
    if sys.platform != "linux":
        reason = "network namespaces need Linux"
    elif shutil.which("ip") is None:
        reason = "the 'ip' tool (iproute2) is not installed"
    elif os.geteuid() != 0:
        reason = "making a network namespace needs root (CAP_NET_ADMIN)"
    else:
        name = f"mtp{secrets.token_hex(4)}"
        res = _ip("netns", "add", name, check=False)
        if res.returncode != 0:
            reason = f"'ip netns add' failed: {res.stderr.strip()[:200]}"
        else:
            veth = f"mtp{secrets.token_hex(3)}"
            res = _ip("link", "add", veth, "type", "veth", "peer", "name", veth + "b", check=False)
            if res.returncode != 0:
                reason = f"'ip link add ... type veth' failed: {res.stderr.strip()[:200]}"
            else:
                _ip("link", "del", veth, check=False)
            _ip("netns", "del", name, check=False)
    _probe = reason
    return reason


def _remove_stale() -> None:
    """Remove namespaces (and their veth link) this helper made for a process that is gone."""
    import re

    for line in _ip("netns", "list", check=False).stdout.splitlines():
        name = line.split()[0] if line.split() else ""
        if not re.fullmatch(r"mt[0-9a-f]{10}", name):
            continue
        try:
            os.kill(int(name[2:8], 16), 0)
            continue  # its process is alive
        except ProcessLookupError:
            pass
        except PermissionError:
            continue
        _ip("link", "del", name + "h", check=False)
        _ip("netns", "del", name, check=False)


class RemoteHost:
    """A network namespace with one veth link to this one and a fake OpenAI server inside.

    Attributes:
        host_ip: this side's address on the link; ns_ip: the namespace's (the server's) address.
        base_url: ``http://<ns_ip>:<port>/v1`` once started.
    """

    def __init__(self, *, mode: str = "ok", reply: str = "8") -> None:
        _remove_stale()
        # the owner's pid is in the name, so a namespace left by a killed test run can be removed
        self.name = f"mt{os.getpid() & 0xFFFFFF:06x}{secrets.token_hex(2)}"
        self.veth = f"{self.name}h"
        self.mode, self.reply = mode, reply
        self.dir = Path(tempfile.mkdtemp(prefix="medtrust-netns-"))
        self.record = self.dir / "requests.jsonl"
        self.port: int | None = None
        self._proc: subprocess.Popen | None = None
        self._made = False
        self.host_ip = self.ns_ip = ""

    def _link(self) -> None:
        for _ in range(20):  # a random /30 in 198.18.0.0/15 not already on an interface of this machine
            n = secrets.randbelow(1 << 15) * 4
            base = (198 << 24) | (18 << 16) | n
            host_ip = ".".join(str((base + 1) >> s & 255) for s in (24, 16, 8, 0))
            ns_ip = ".".join(str((base + 2) >> s & 255) for s in (24, 16, 8, 0))
            if host_ip not in _ip("-o", "addr").stdout:
                break
        else:  # pragma: no cover - 20 collisions in 32768 subnets
            raise RuntimeError("no free 198.18.0.0/15 subnet")
        _ip("netns", "add", self.name)
        self._made = True
        _ip("link", "add", self.veth, "type", "veth", "peer", "name", self.name + "n")
        _ip("link", "set", self.name + "n", "netns", self.name)
        _ip("addr", "add", f"{host_ip}/30", "dev", self.veth)
        _ip("link", "set", self.veth, "up")
        _ip("netns", "exec", self.name, "ip", "addr", "add", f"{ns_ip}/30", "dev", self.name + "n")
        _ip("netns", "exec", self.name, "ip", "link", "set", self.name + "n", "up")
        _ip("netns", "exec", self.name, "ip", "link", "set", "lo", "up")
        self.host_ip, self.ns_ip = host_ip, ns_ip

    def start(self) -> "RemoteHost":
        try:
            self._link()
            ready = self.dir / "ready"
            cmd = ["ip", "netns", "exec", self.name, sys.executable, "-m", "tests.helpers.fake_openai", "--host", self.ns_ip,
                   "--mode", self.mode, "--reply", self.reply, "--record", str(self.record), "--ready", str(ready)]  # fmt: skip
            self._proc = subprocess.Popen(cmd, cwd=REPO_ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            deadline = time.monotonic() + 30
            while not ready.exists():
                if self._proc.poll() is not None:
                    raise RuntimeError(f"server in namespace exited: {self._proc.stderr.read().decode()[-500:]}")  # type: ignore[union-attr]
                if time.monotonic() > deadline:
                    raise RuntimeError("server in namespace did not start in 30 s")
                time.sleep(0.05)
            self.port = int(ready.read_text())
        except BaseException:
            self.close()
            raise
        return self

    @property
    def base_url(self) -> str:
        return f"http://{self.ns_ip}:{self.port}/v1"

    @property
    def origin(self) -> str:
        return f"http://{self.ns_ip}:{self.port}"

    def requests(self) -> list[dict[str, Any]]:
        """Every request the server inside received, in order (method, path, headers, body)."""
        if not self.record.exists():
            return []
        return [json.loads(line) for line in self.record.read_text().splitlines() if line.strip()]

    def reachable(self) -> bool:
        """The server answers from this side (a control request, counted like any other)."""
        import urllib.request

        try:
            with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(self.origin + "/v1/models", timeout=5) as r:
                return r.status == 200
        except OSError:
            return False

    def close(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
        if self._proc is not None and self._proc.stderr is not None:
            self._proc.stderr.close()
        if self._made:
            _ip("link", "del", self.veth, check=False)
            _ip("netns", "del", self.name, check=False)
            self._made = False
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "RemoteHost":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.close()
