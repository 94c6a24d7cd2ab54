"""Where a model's requests go: the loopback test and the check that a local server listens.

One place for endpoint logic shared by the runner (fail fast when a local model server is down)
and the restricted-data guard (benchmarks/cares_vlm/guard.py).
"""

from __future__ import annotations

import ipaddress
import os
import socket
from urllib.parse import urlparse


def is_loopback_url(url: str | None) -> bool:
    """True when ``url``'s host is ``localhost`` or a loopback IP (127.0.0.0/8, ::1).

    Any other host, a missing host or an unparseable URL is False (fail closed)."""
    if not url:
        return False
    try:
        host = urlparse(url if "://" in url else f"http://{url}").hostname
    except ValueError:
        return False
    if not host:
        return False
    if host.lower() in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_local_endpoint(model: str, base_url: str | None) -> None:
    """Fail fast when a model server on this machine is not listening.

    Applies to loopback URLs only (``-M base_url`` or ``<SERVICE>_BASE_URL`` of an
    ``openai-api/<service>/...`` model); remote endpoints are left to inspect's retries.

    Raises:
        ValueError: naming the URL and the connection error.
    """
    if base_url is None and model.startswith("openai-api/") and model.count("/") >= 2:
        base_url = os.environ.get(model.split("/")[1].upper().replace("-", "_") + "_BASE_URL")
    if not is_loopback_url(base_url):
        return
    u = urlparse(base_url)
    port = u.port or (443 if u.scheme == "https" else 80)
    try:
        socket.create_connection((u.hostname, port), timeout=3).close()
    except OSError as e:
        raise ValueError(f"model server {base_url} is not reachable ({e.strerror or e}); start it or fix base_url") from None
