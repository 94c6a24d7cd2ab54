"""Where a model's requests go: the endpoint of every model that will see a run's data.

The restricted-data guard (``medtrust/restricted.py``) decides on the *actual* endpoint
of each model, resolved the way the inspect provider resolves it (inspect_ai 0.3.285,
``inspect_ai/model/_providers/*``), in this order:

1. the model's arguments (``-M base_url=...``, ``-M port=...`` for vLLM/SGLang);
2. the provider's own variables (``OPENAI_BASE_URL``, ``<SERVICE>_BASE_URL`` of
   ``openai-api/<service>/...``, ``VLLM_BASE_URL``, ``SGLANG_BASE_URL``, ``OLLAMA_BASE_URL`` ...);
3. inspect's generic variable ``INSPECT_EVAL_MODEL_BASE_URL`` (read by every provider that
   goes through inspect's ``model_base_url()``, for judges too);
4. the provider's default (``https://api.openai.com/v1``, ``http://localhost:11434/v1`` for
   Ollama; vLLM and SGLang start their own server on localhost).

An instantiated inspect ``Model`` is checked on its real client where there is one
(``api.client.base_url`` of the OpenAI/Anthropic SDKs), which also covers arguments given
through ``inspect eval --model-role grader={model: ..., base_url: ...}``.

Kinds: ``in_process`` (no network: ``medtrust/...``, ``hf``, ``mockllm``, ``none`` ...),
``loopback`` (the host is this machine), ``remote`` (any other host, a vendor's public API), and
``unknown`` (a provider medtrust does not know, an unparseable URL): the guard treats
``unknown`` as not local (fail closed).

Loopback rule (:func:`is_loopback_host`): an IP literal in ``127.0.0.0/8`` or ``::1`` in any
spelling the system resolver accepts (``127.1``, ``0x7f000001``, ``2130706433``, ``0177.0.0.1``,
``::ffff:127.0.0.1``, ``[0:0:0:0:0:0:0:1]``), or the name ``localhost`` / ``localhost.`` (any
case) provided it does not resolve to a non-loopback address. **Every other host name is
remote**, even one that resolves to 127.0.0.1 today: a name can resolve differently when the
request is made (DNS rebinding), so medtrust never trusts a lookup for it. A URL whose host is
read differently by two URL parsers (``http://127.0.0.1\\@evil.com``) is ``unknown``.

The unspecified addresses ``0.0.0.0`` / ``::`` (any spelling) are this machine too: as a
destination the kernel connects them to the local host (a server bound to 0.0.0.0 is reached so).

Proxies are decided by the HTTP clients' own code, not by a copy of their rules
(:func:`proxy_for`): the variables are read as ``urllib.request.getproxies_environment`` reads
them (any letter case, lowercase first, ``HTTP_PROXY`` ignored under CGI), and ``NO_PROXY`` goes
through each installed client library's own ``get_environment_proxies`` and ``URLPattern``
(httpx2, used by the OpenAI SDK, and httpx): CIDR entries, ``scheme://host``, ``host:port``,
``*.domain``, ``.domain``, ``*``. When the libraries disagree, the answer that uses a proxy
wins (fail closed). For an instantiated model the client's own routing is read
(:func:`client_proxy`). A request through a proxy is local only when **both** the proxy and the
target are on this machine: a loopback forwarding proxy with a remote target is remote.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from dataclasses import dataclass
from typing import Any, Literal, Mapping
from urllib.parse import urlsplit

Kind = Literal["in_process", "loopback", "remote", "unknown"]

#: inspect's generic base-URL variable (``model_base_url()`` in inspect's provider utils)
GENERIC_BASE_URL_VAR = "INSPECT_EVAL_MODEL_BASE_URL"

#: providers that run the model in this process: nothing is sent over a network
IN_PROCESS_PROVIDERS: frozenset[str] = frozenset({"medtrust", "hf", "transformer_lens", "nnterp", "mockllm", "none"})


@dataclass(frozen=True)
class ProviderRule:
    """How one inspect provider picks its URL (after ``-M base_url``).

    Attributes:
        url_vars: the provider's own variables, in the order it reads them.
        generic: whether it then reads ``INSPECT_EVAL_MODEL_BASE_URL``.
        default: the URL used when nothing is set; None when the provider then fails (no request).
        local_server: without a URL the provider starts its own server on localhost (vLLM, SGLang).
    """

    url_vars: tuple[str, ...] = ()
    generic: bool = True
    default: str | None = None
    local_server: bool = False


def _compat(service: str, default: str | None) -> ProviderRule:
    # OpenAICompatibleAPI: base_url, then f"{service.upper().replace('-', '_')}_BASE_URL", then generic
    return ProviderRule((f"{service.upper().replace('-', '_')}_BASE_URL",), True, default)


#: providers whose URL resolution was read in inspect_ai 0.3.285 (provider name -> rule).
#: Vendors not built on inspect's OpenAI-compatible base only honour ``-M base_url`` here:
#: their variables differ per variant (Vertex vs Gemini API ...), so a variable pointing at
#: loopback is not trusted for them (a wrong refusal at worst, never a leak).
PROVIDERS: dict[str, ProviderRule] = {
    "openai": ProviderRule(("OPENAI_BASE_URL",), True, "https://api.openai.com/v1"),
    "ollama": _compat("Ollama", "http://localhost:11434/v1"),
    "llama-cpp-python": _compat("llama_cpp_python", "http://localhost:8000/v1"),
    "vllm": ProviderRule(("VLLM_BASE_URL",), False, None, local_server=True),
    "vllm-completions": ProviderRule(("VLLM_BASE_URL",), False, None, local_server=True),
    "sglang": ProviderRule(("SGLANG_BASE_URL",), True, None, local_server=True),
    "together": _compat("Together", "https://api.together.xyz/v1"),
    "fireworks": _compat("Fireworks", "https://api.fireworks.ai/inference/v1"),
    "deepseek": _compat("DeepSeek", "https://api.deepseek.com"),
    "moonshot": _compat("Moonshot", "https://api.moonshot.ai/v1"),
    "openrouter": _compat("OpenRouter", "https://openrouter.ai/api/v1"),
    "perplexity": _compat("Perplexity", "https://api.perplexity.ai/v1"),
    "sambanova": _compat("SambaNova", "https://api.sambanova.ai/v1"),
    "meta": _compat("Meta", "https://api.meta.ai/v1"),
    "hf-inference-providers": ProviderRule((), False, "https://router.huggingface.co/v1"),
    "anthropic": ProviderRule((), False, "https://api.anthropic.com"),
    "google": ProviderRule((), False, "https://generativelanguage.googleapis.com"),
    "groq": ProviderRule((), False, "https://api.groq.com"),
    "mistral": ProviderRule((), False, "https://api.mistral.ai"),
    "grok": ProviderRule((), False, "https://api.x.ai"),
    "bedrock": ProviderRule((), False, "https://bedrock-runtime.amazonaws.com"),
    "azureai": ProviderRule((), False, None),
    "cloudflare": ProviderRule((), False, "https://api.cloudflare.com"),
}


@dataclass(frozen=True)
class Endpoint:
    """Where one model's requests go.

    Attributes:
        model: the model name (``provider/model``).
        role: ``model`` for the evaluated model, else the inspect role (``grader`` ...).
        url: the URL requests go to (the proxy's when a proxy applies), None when in process
            or unknown.
        kind: ``in_process`` | ``loopback`` | ``remote`` | ``unknown``.
        how: how it was resolved (``-M base_url``, ``$VLLM_BASE_URL``, ``provider default`` ...).
    """

    model: str
    role: str
    url: str | None
    kind: Kind
    how: str

    @property
    def is_local(self) -> bool:
        """Nothing leaves this machine (in process or loopback)."""
        return self.kind in ("in_process", "loopback")

    def describe(self) -> str:
        """``evaluated model 'x' at URL (kind; how)`` / ``grader model 'j' at URL (...)`` for
        messages; role ``connection`` (the wire guard's): ``a connection to URL (kind; how)``."""
        from medtrust.secrets import redact_url

        where = redact_url(self.url) if self.url else ("this process" if self.kind == "in_process" else "an unknown endpoint")
        if self.role == "connection":
            return f"a connection to {where} ({self.kind}; {self.how})"
        who = "evaluated model" if self.role == "model" else f"{self.role} model"
        return f"{who} '{self.model}' at {where} ({self.kind}; {self.how})"


# ------------------------------------------------------------------ hosts and URLs

_IPV4_PART = re.compile(r"^(0[xX][0-9a-fA-F]*|0[0-7]*|[1-9][0-9]*)$")


def _inet_aton(host: str) -> ipaddress.IPv4Address | None:
    """The address the C resolver (``inet_aton``) reads from ``host``: 1 to 4 dot-separated parts,
    each decimal, octal (leading 0) or hex (0x); None when ``host`` is not such a literal."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4 or not all(_IPV4_PART.match(p) for p in parts):
        return None
    vals = []
    for p in parts:
        if p[:2].lower() == "0x":
            vals.append(int(p[2:] or "0", 16))
        elif p.startswith("0") and len(p) > 1:
            vals.append(int(p, 8))
        else:
            vals.append(int(p))
    *head, last = vals
    if any(v > 255 for v in head) or last >= 256 ** (4 - len(head)):
        return None
    n = 0
    for v in head:
        n = n * 256 + v
    n = n * 256 ** (4 - len(head)) + last
    return ipaddress.IPv4Address(n)


def _ip_is_loopback(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Loopback, or the unspecified address (0.0.0.0 / ::), which as a destination is this machine."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_unspecified


def _name_resolves_only_to_loopback(name: str) -> bool:
    try:
        infos = socket.getaddrinfo(name, None)
    except (OSError, UnicodeError):
        return True  # unresolvable: no connection can be made at all
    for info in infos:
        try:
            if not _ip_is_loopback(ipaddress.ip_address(str(info[4][0]).split("%")[0])):
                return False
        except ValueError:
            return False
    return True


def is_loopback_host(host: str | None) -> bool:
    """Whether a URL host is this machine (rule in the module docstring).

    Args:
        host: a host as written in a URL, IPv6 with or without brackets, optionally ``%zone``.

    Returns:
        True for loopback and unspecified (0.0.0.0, ::) IP literals in any resolver spelling and
        for ``localhost``/``localhost.`` (unless it resolves to a non-loopback address); False for
        every other name or address.
    """
    if not host:
        return False
    h = host.strip().lower()
    if h.startswith("[") and h.endswith("]"):
        h = h[1:-1]
    if ":" in h:  # IPv6 literal, maybe with a zone (%25lo, %lo)
        try:
            return _ip_is_loopback(ipaddress.IPv6Address(re.split(r"%", h, maxsplit=1)[0]))
        except ValueError:
            return False
    ip4 = _inet_aton(h)
    if ip4 is not None:
        return _ip_is_loopback(ip4)
    if h in ("localhost", "localhost."):
        return _name_resolves_only_to_loopback(h)
    return False


def url_host(url: str) -> str | None:
    """The host a request to ``url`` goes to, or None when it cannot be told for sure.

    The URL is read by the httpx flavour the model SDKs use (``httpx2``, else ``httpx``) and by
    ``urllib``; when they disagree (backslashes, ``@`` tricks) the answer is None.
    """
    text = url.strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)
        std = parts.hostname
    except ValueError:
        return None
    hosts = {std.lower() if std else None}
    for mod in ("httpx2", "httpx"):
        try:
            lib = __import__(mod)
        except ImportError:
            continue
        try:
            h = lib.URL(text).host
        except Exception:  # noqa: BLE001 - an URL the client refuses is not a known host
            return None
        hosts.add(h.lower().strip("[]") if h else None)
        break
    # an IPv6 zone is written "%25" in a URL (RFC 6874): urllib keeps it encoded, httpx2 2.17
    # decodes it to "%"; both name the same host
    hosts = {_zone_decoded(h.strip("[]")) if h else h for h in hosts}
    if len(hosts) != 1:
        return None
    host = hosts.pop()
    return host or None


def _zone_decoded(host: str) -> str:
    """``host`` with an IPv6 zone's URL encoding ("::1%25lo") decoded ("::1%lo"); any other host as it is."""
    return host.replace("%25", "%", 1) if ":" in host else host


def is_loopback_url(url: str | None) -> bool:
    """True when ``url``'s host is this machine (:func:`is_loopback_host`); a missing, unparseable
    or ambiguous URL is False (fail closed)."""
    if not url:
        return False
    return is_loopback_host(url_host(str(url)))


def environment_proxies(env: Mapping[str, str]) -> dict[str, str]:
    """{scheme: proxy} as ``urllib.request.getproxies_environment`` reads ``env`` (the function
    every httpx flavour calls): names ending in ``_proxy`` in any letter case, in ``env``'s order;
    then names whose ``_proxy`` suffix is lowercase again, so they win (an empty one removes its
    scheme); with ``REQUEST_METHOD`` set (CGI), an ``HTTP_PROXY`` not spelt in lowercase is ignored."""
    proxies: dict[str, str] = {}
    for name, value in env.items():
        low = name.lower()
        if value and low.endswith("_proxy"):
            proxies[low[:-6]] = value
    if "REQUEST_METHOD" in env:
        proxies.pop("http", None)
    for name, value in env.items():
        if name.endswith("_proxy"):
            if value:
                proxies[name.lower()[:-6]] = value
            else:
                proxies.pop(name.lower()[:-6], None)
    return proxies


def _client_libraries() -> list[Any]:
    """The installed httpx flavours model SDKs send with (httpx2 first: the OpenAI SDK's)."""
    import importlib

    out = []
    for name in ("httpx2", "httpx"):
        try:
            out.append(importlib.import_module(name))
        except ImportError:
            continue
    return out


def _library_route(lib: Any, url: str, proxies: dict[str, str]) -> str | None:
    """The proxy ``lib``'s client, made in an environment with ``proxies``, sends ``url`` through:
    the library's own ``get_environment_proxies`` (run with ``getproxies`` bound to ``proxies``)
    and its own ``URLPattern`` ordering and matching, as ``Client._transport_for_url`` does."""
    import types

    fn = lib._utils.get_environment_proxies
    mounts = types.FunctionType(fn.__code__, {**fn.__globals__, "getproxies": lambda: dict(proxies)}, fn.__name__)()
    pattern_cls = fn.__globals__["URLPattern"]
    patterns = sorted((pattern_cls(k), v) for k, v in mounts.items())
    target = lib.URL(url)
    for pattern, proxy in patterns:
        if pattern.matches(target):
            return proxy
    return None


def proxy_for(url: str, env: Mapping[str, str] | None = None) -> str | None:
    """The proxy a request for ``url`` is sent through, or None (direct): decided by the installed
    HTTP client libraries' own code (module docstring); a proxy when any of them would use one.

    Args:
        url: the request URL (``scheme://host[:port]/...``; a bare ``host:port`` is read as http).
        env: the environment (default ``os.environ``).
    """
    e = os.environ if env is None else env
    text = url if "://" in url else "http://" + url
    proxies = environment_proxies(e)
    if not proxies:
        return None
    routes = []
    for lib in _client_libraries():
        try:
            routes.append(_library_route(lib, text, proxies))
        except Exception:  # noqa: BLE001 - a URL or entry the library refuses: it would fail, not send
            continue
    proxy = next((r for r in routes if r), None)
    return None if proxy is None else (proxy if "://" in proxy else f"http://{proxy}")


def _url_text(u: Any) -> str:
    """``scheme://host[:port]`` of an httpcore URL (bytes parts) or anything ``str`` reads as a URL."""
    if isinstance(getattr(u, "host", None), bytes):
        scheme, host = u.scheme.decode(), u.host.decode()
        host = f"[{host}]" if ":" in host else host
        return f"{scheme}://{host}" + (f":{u.port}" if u.port else "")
    return str(u)


def transport_route(transport: Any) -> tuple[bool, str | None]:
    """(known, proxy URL or None) of an httpx/httpx2 transport: its connection pool (direct, an
    HTTP or a SOCKS proxy), or, for inspect's per-event-loop wrapper that builds its transports
    lazily, the ``proxy`` it builds them with. ``known`` is False for a transport of another kind."""
    pool = getattr(transport, "_pool", None)
    if pool is not None:
        proxy_url = getattr(pool, "_proxy_url", None)
        return True, (None if proxy_url is None else _url_text(proxy_url))
    kwargs = getattr(transport, "_kwargs", None)  # inspect_ai._util.http_defaults_httpx2.LoopScopedTransport
    if isinstance(kwargs, dict) and type(transport).__name__ == "LoopScopedTransport":
        proxy = kwargs.get("proxy")
        return True, (None if proxy is None else _url_text(getattr(proxy, "url", proxy)))
    return False, None


def transport_proxy(transport: Any) -> str | None:
    """The proxy URL an httpx/httpx2 transport sends through, or None (direct, or not readable)."""
    return transport_route(transport)[1]


def client_proxy(http_client: Any, url: str) -> tuple[bool, str | None]:
    """(known, proxy): the proxy an httpx/httpx2 client routes ``url`` through, read from the
    client itself (its mounts: environment, ``proxy=``, ``mounts=``); known False when the
    object is not such a client or the transport it picks is of a kind medtrust cannot read."""
    route = getattr(http_client, "_transport_for_url", None)
    if route is None:
        return False, None
    try:  # the httpx flavour the client is built on (SDKs subclass its Client)
        base = next(c for c in type(http_client).__mro__ if c.__module__.split(".")[0] in ("httpx", "httpx2"))
        lib = __import__(base.__module__.split(".")[0])
        return transport_route(route(lib.URL(url)))
    except Exception:  # noqa: BLE001 - not an httpx flavour we can read
        return False, None


def classify_url(url: str, env: Mapping[str, str] | None = None, *, proxy: str | None | bool = False) -> tuple[str, Kind, str]:
    """(URL named in messages, kind, note) of a request for ``url``.

    ``proxy``: the proxy the client uses (None: direct); False (default): decided from ``env``
    (:func:`proxy_for`). Through a proxy the request is loopback only when the proxy and the
    target both are: the proxy decides where it connects, the target where the data ends up.
    """
    if proxy is False:
        proxy = proxy_for(url, env)
    host = url_host(url)
    if not proxy:
        if host is None:
            return url, "unknown", "host cannot be read unambiguously"
        return url, ("loopback" if is_loopback_host(host) else "remote"), ""
    proxy = str(proxy)
    phost = url_host(proxy)
    if phost is None:
        return proxy, "unknown", f"via proxy for {url}; host cannot be read unambiguously"
    if not is_loopback_host(phost):
        return proxy, "remote", f"via proxy for {url}"
    if host is None:
        return url, "unknown", f"through the loopback proxy {proxy}; host cannot be read unambiguously"
    if not is_loopback_host(host):
        return url, "remote", f"through the loopback proxy {proxy}, which forwards it there"
    return url, "loopback", f"through the loopback proxy {proxy}"


# ------------------------------------------------------------------ resolution


def _env_get(env: Mapping[str, str], name: str) -> str | None:
    v = env.get(name)
    return v if v else None


def _endpoint(model: str, role: str, url: str, how: str, env: Mapping[str, str], proxy: str | None | bool = False) -> Endpoint:
    target, kind, note = classify_url(url, env, proxy=proxy)
    return Endpoint(model, role, target, kind, f"{how}; {note}" if note else how)


def resolve_endpoint(
    model_name: str,
    model_args: Mapping[str, Any] | None = None,
    role: str = "model",
    *,
    env: Mapping[str, str] | None = None,
) -> Endpoint:
    """The endpoint of a model given by name, resolved as its inspect provider will (module docstring).

    Args:
        model_name: inspect model name ``provider/model``.
        model_args: the model's ``-M`` arguments (``base_url``, ``port`` are read).
        role: ``model`` for the evaluated model, else the role name (for messages).
        env: environment to read (default ``os.environ``).

    Returns:
        Endpoint; kind ``unknown`` for a provider not in :data:`PROVIDERS` /
        :data:`IN_PROCESS_PROVIDERS` or a service without a URL.
    """
    e = os.environ if env is None else env
    args = dict(model_args or {})
    provider, _, rest = model_name.partition("/")
    base_url = args.get("base_url") or None
    if provider in IN_PROCESS_PROVIDERS:
        if provider == "medtrust" and base_url:
            return _endpoint(model_name, role, str(base_url), "-M base_url", e)
        return Endpoint(model_name, role, None, "in_process", f"provider '{provider}' runs in this process")
    if base_url:
        if provider in PROVIDERS or provider in ("openai-api", "openai-api-completions"):
            return _endpoint(model_name, role, str(base_url), "-M base_url", e)
        return Endpoint(model_name, role, str(base_url), "unknown", f"provider '{provider}' is not known to medtrust")
    if provider in ("vllm", "vllm-completions", "sglang") and args.get("port"):
        return _endpoint(model_name, role, f"http://localhost:{int(args['port'])}/v1", "-M port", e)
    if provider in ("openai-api", "openai-api-completions"):
        service = rest.split("/", 1)[0]
        if not service or "/" not in rest:
            return Endpoint(model_name, role, None, "unknown", "openai-api model names need a service: openai-api/<service>/<model>")
        var = f"{service.upper().replace('-', '_')}_BASE_URL"
        for name in (var, GENERIC_BASE_URL_VAR):
            if _env_get(e, name):
                return _endpoint(model_name, role, e[name], f"${name}", e)
        return Endpoint(model_name, role, None, "unknown", f"no URL: set -M base_url or ${var}")
    rule = PROVIDERS.get(provider)
    if rule is None:
        return Endpoint(model_name, role, None, "unknown", f"provider '{provider}' is not known to medtrust")
    if provider == "openai" and rest.split("/", 1)[0] in ("azure", "bedrock"):
        # Azure / Bedrock deployments of OpenAI models: vendor endpoints unless -M base_url
        return Endpoint(model_name, role, None, "remote", f"OpenAI on {rest.split('/', 1)[0]} (vendor endpoint)")
    names = list(rule.url_vars) + ([GENERIC_BASE_URL_VAR] if rule.generic else [])
    for name in names:
        if _env_get(e, name):
            return _endpoint(model_name, role, e[name], f"${name}", e)
    if rule.local_server:
        # inspect starts `vllm serve` / `sglang.launch_server` and talks to it on localhost
        return Endpoint(model_name, role, "http://localhost", "loopback", f"{provider} server started by inspect on this machine")
    if rule.default is None:
        return Endpoint(model_name, role, None, "unknown", f"provider '{provider}' needs a URL (-M base_url)")
    return _endpoint(model_name, role, rule.default, "provider default", e)


def _client_url(api: Any) -> tuple[str | None, str | None | bool]:
    """(the SDK client's base URL, the proxy its HTTP client routes that URL through, or False
    when that cannot be read and the environment decides)."""
    client = api.__dict__.get("client") if hasattr(api, "__dict__") else None
    url = getattr(client, "base_url", None) if client is not None else None
    if not url:
        return None, False
    known, proxy = client_proxy(getattr(client, "_client", None), str(url))
    return str(url), (proxy if known else False)


def model_endpoint(model: Any, role: str = "model", *, env: Mapping[str, str] | None = None) -> Endpoint:
    """The endpoint of an inspect ``Model`` (an instantiated model, e.g. ``get_model(role="grader")``).

    Reads the real client's URL where the provider has one (OpenAI and Anthropic SDK clients);
    vLLM's lazily started server is resolved as vLLM will (its own ``base_url``/port, the URL of a
    server already shared by the same base model, ``$VLLM_BASE_URL``, else a local server);
    otherwise the name-level rules of :func:`resolve_endpoint` with the provider's ``base_url``.
    A model name string is resolved with :func:`resolve_endpoint`.
    """
    e = os.environ if env is None else env
    if isinstance(model, str):
        return resolve_endpoint(model, None, role, env=e)
    name = str(model)
    provider = name.split("/", 1)[0]
    api = getattr(model, "api", None)
    if provider in IN_PROCESS_PROVIDERS:
        return resolve_endpoint(name, {"base_url": getattr(api, "base_url", None)}, role, env=e)
    cls_names = {c.__name__ for c in type(api).__mro__} if api is not None else set()
    if "VLLMAPI" in cls_names:
        server = getattr(api, "_server", None)
        url = getattr(server, "base_url", None) or getattr(api, "_init_base_url", None)
        if url:
            return _endpoint(name, role, str(url), "vLLM server URL", e)
        if _env_get(e, "VLLM_BASE_URL"):
            return _endpoint(name, role, e["VLLM_BASE_URL"], "$VLLM_BASE_URL", e)
        return Endpoint(name, role, "http://localhost", "loopback", "vllm server started by inspect on this machine")
    url, proxy = _client_url(api) if api is not None else (None, False)
    if url:
        return _endpoint(name, role, url, "the provider's client", e, proxy)
    return resolve_endpoint(name, {"base_url": getattr(api, "base_url", None)}, role, env=e)


def check_local_endpoint(model: str, base_url: str | None) -> None:
    """Fail fast when a model server on this machine is not listening.

    Applies to loopback URLs only (``-M base_url``, else the URL the provider would use, see
    :func:`resolve_endpoint`); remote endpoints are left to inspect's retries.

    Raises:
        ValueError: naming the URL and the connection error.
    """
    ep = resolve_endpoint(model, {"base_url": base_url} if base_url else None)
    url = base_url or (ep.url if ep.kind == "loopback" and ep.how != "provider default" and "started by inspect" not in ep.how else None)
    if not url or not is_loopback_url(url):
        return
    host = url_host(url) or ""
    parts = urlsplit(url if "://" in url else "http://" + url)
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return
    try:
        socket.create_connection((host.split("%")[0], port), timeout=3).close()
    except OSError as e:
        raise ValueError(f"model server {url} is not reachable ({e.strerror or e}); start it or fix base_url") from None
