"""medtrust.endpoints: where each model's requests go, resolved as its inspect provider resolves it."""

from __future__ import annotations

import pytest

from medtrust.endpoints import is_loopback_host, is_loopback_url, model_endpoint, proxy_for, resolve_endpoint, url_host

LOOPBACK = [
    "http://127.0.0.1:8000/v1", "http://127.8.9.10/v1", "http://localhost:11434", "http://LOCALHOST:1/v1",
    "http://localhost.:8000/v1", "http://127.1:8000/v1", "http://0x7f000001:8000/v1", "http://2130706433:8/v1",
    "http://0x7f.1/", "http://[::1]:8080/v1", "http://[0:0:0:0:0:0:0:1]/", "http://[::ffff:127.0.0.1]:8000/v1",
    "http://[::1%25lo]:9/", "http://[::1%25lo0]/v1", "http://[0:0:0:0:0:0:0:1%25eth0]:8000/", "127.0.0.1:8000",
]  # fmt: skip
NOT_LOOPBACK = [
    "https://api.openai.com/v1", "http://10.0.0.5:8000/v1", "http://192.0.2.2/", "http://localhost.evil.com/v1",
    "http://127.0.0.1.nip.io/", "http://127.0.0.1@evil.com/v1", "http://127.0.0.1:80\\@evil.com/",
    "http://127.0.0.1%2f@evil.com/", "http://[::ffff:c000:202]/", "http://0177.0.0.1/", "http://256.0.0.1/",
    "http://1.2.3.4.5/", "http://127.0.0.1\tevil.com/", "http://[fe80::1%25lo]:9/", "http://[2001:db8::1%25lo]/", "", None,
]  # fmt: skip


@pytest.mark.parametrize("url", LOOPBACK)
def test_loopback_spellings(url):
    assert is_loopback_url(url)


def test_a_zone_is_one_host_however_the_client_decodes_it():
    """urllib keeps an IPv6 zone URL-encoded ("::1%25lo"), httpx2 from 2.17 decodes it ("::1%lo"):
    the two readings of one URL must still agree on its host, or every zoned URL fails closed."""
    assert url_host("http://[::1%25lo]:9/") == "::1%lo"
    assert url_host("http://[fe80::1%25eth0]/") == "fe80::1%eth0"
    assert url_host("http://example.org/a%25b") == "example.org"


@pytest.mark.parametrize("url", NOT_LOOPBACK)
def test_not_loopback(url):
    assert not is_loopback_url(url)


def test_url_host_reads_like_the_http_client():
    assert url_host("http://127.0.0.1@evil.com/v1") == "evil.com"
    assert url_host("http://evil.com\\@127.0.0.1/") == "127.0.0.1"  # both parsers agree: userinfo 'evil.com\'
    assert url_host("http://0177.0.0.1/") is None  # the client refuses it: not a known host
    assert is_loopback_host("0177.0.0.1")  # the resolver's octal reading


ENV_REMOTE = "http://192.0.2.9:8000/v1"


@pytest.mark.parametrize(
    "name,args,env,kind,how",
    [
        ("medtrust/embedded", {}, {}, "in_process", "provider 'medtrust' runs in this process"),
        ("hf/some-model", {}, {}, "in_process", "provider 'hf' runs in this process"),
        ("vllm/m", {}, {}, "loopback", "vllm server started by inspect on this machine"),
        ("vllm/m", {"base_url": ENV_REMOTE}, {}, "remote", "-M base_url"),
        ("vllm/m", {"port": 8011}, {}, "loopback", "-M port"),
        ("vllm/m", {}, {"VLLM_BASE_URL": ENV_REMOTE}, "remote", "$VLLM_BASE_URL"),
        ("vllm/m", {}, {"INSPECT_EVAL_MODEL_BASE_URL": ENV_REMOTE}, "loopback", "vllm server started by inspect on this machine"),
        ("sglang/m", {}, {"INSPECT_EVAL_MODEL_BASE_URL": ENV_REMOTE}, "remote", "$INSPECT_EVAL_MODEL_BASE_URL"),
        ("ollama/m", {}, {}, "loopback", "provider default"),
        ("ollama/m", {}, {"OLLAMA_BASE_URL": ENV_REMOTE}, "remote", "$OLLAMA_BASE_URL"),
        ("ollama/m", {}, {"INSPECT_EVAL_MODEL_BASE_URL": ENV_REMOTE}, "remote", "$INSPECT_EVAL_MODEL_BASE_URL"),
        ("openai/gpt-4o", {}, {}, "remote", "provider default"),
        ("openai/gpt-4o", {"base_url": "http://127.1:8/v1"}, {}, "loopback", "-M base_url"),
        ("openai/gpt-4o", {}, {"OPENAI_BASE_URL": "http://localhost:8/v1"}, "loopback", "$OPENAI_BASE_URL"),
        ("openai/gpt-4o", {}, {"OPENAI_BASE_URL": ENV_REMOTE, "INSPECT_EVAL_MODEL_BASE_URL": "http://127.0.0.1/"}, "remote", "$OPENAI_BASE_URL"),
        ("openai/azure/gpt-4o", {}, {"AZUREAI_OPENAI_BASE_URL": "http://127.0.0.1/"}, "remote", "OpenAI on azure (vendor endpoint)"),
        ("openai-api/llamacpp/m", {}, {"LLAMACPP_BASE_URL": "http://127.0.0.1:1/v1"}, "loopback", "$LLAMACPP_BASE_URL"),
        ("openai-api/my-svc/m", {}, {"MY_SVC_BASE_URL": ENV_REMOTE}, "remote", "$MY_SVC_BASE_URL"),
        ("openai-api/svc/m", {}, {}, "unknown", "no URL: set -M base_url or $SVC_BASE_URL"),
        ("anthropic/claude", {}, {"ANTHROPIC_BASE_URL": "http://127.0.0.1/"}, "remote", "provider default"),
        ("someprovider/m", {"base_url": "http://127.0.0.1/"}, {}, "unknown", "provider 'someprovider' is not known to medtrust"),
        ("openai/gpt-4o", {"base_url": "http://127.0.0.1:9/v1"}, {"ALL_PROXY": "http://192.0.2.9:3128"}, "remote",
         "-M base_url; via proxy for http://127.0.0.1:9/v1"),
    ],
)  # fmt: skip
def test_resolve_endpoint(name, args, env, kind, how):
    ep = resolve_endpoint(name, args, env=env)
    assert (ep.kind, ep.how) == (kind, how)


def test_proxy_rules():
    assert proxy_for("http://127.0.0.1:8/v1", {"HTTP_PROXY": "proxy:3128"}) == "http://proxy:3128"
    assert proxy_for("https://127.0.0.1:8/v1", {"HTTP_PROXY": "proxy:3128"}) is None  # scheme does not match
    assert proxy_for("http://127.0.0.1:8/v1", {"http_proxy": "http://p:1", "NO_PROXY": "localhost,127.0.0.1"}) is None
    assert proxy_for("http://127.1:8/v1", {"http_proxy": "http://p:1", "NO_PROXY": "127.0.0.1"}) == "http://p:1"  # spelt differently
    assert proxy_for("http://127.0.0.1:8/v1", {"ALL_PROXY": "http://p:1", "no_proxy": "*"}) is None


def test_model_instances_are_read_from_their_client(monkeypatch):
    from inspect_ai.model import get_model

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    ep = model_endpoint(get_model("openai/gpt-4o", base_url="http://127.0.0.1:8000/v1", memoize=False), "grader")
    assert (ep.kind, ep.how, ep.role) == ("loopback", "the provider's client", "grader")
    assert model_endpoint(get_model("openai/gpt-4o", memoize=False)).url.startswith("https://api.openai.com")
    assert model_endpoint(get_model("medtrust/policy/refuse", memoize=False)).kind == "in_process"


def test_vllm_models_sharing_a_server_share_its_url(monkeypatch):
    from medtrust.benchmarks.cares_vlm.guard import resolve_models

    for v in ("VLLM_BASE_URL", "INSPECT_EVAL_MODEL_BASE_URL"):
        monkeypatch.delenv(v, raising=False)
    eps = resolve_models([("vllm/m", {"base_url": ENV_REMOTE}, "model"), ("vllm/m", None, "grader"), ("vllm/other", None, "grader")])
    assert [e.kind for e in eps] == ["remote", "remote", "loopback"]
    assert eps[1].how.startswith("shares the vLLM server of vllm/m")


# ------------------------------------------------------------------ issue 28: what the client really does

THIS_MACHINE = ["http://0.0.0.0:8000/v1", "http://0:8000/v1", "http://[::]:8000/v1", "http://0x0:8/v1", "http://[0:0:0:0:0:0:0:0]:8/"]


@pytest.mark.parametrize("url", THIS_MACHINE)
def test_unspecified_address_reaches_this_machine(url):
    """0.0.0.0 / :: as a destination: the kernel connects to this machine (wrongly refused before)."""
    assert is_loopback_url(url)
    assert resolve_endpoint("openai/gpt-4o", {"base_url": url}, env={}).kind == "loopback"


PROXY_ENVS = [
    {"Http_Proxy": "http://proxy.example:3128"},
    {"hTTp_pRoXy": "http://proxy.example:3128", "HTTP_PROXY": "http://other.example:1"},
    {"All_Proxy": "http://proxy.example:3128"},
    {"HTTPS_PROXY": "proxy.example:3128"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "10.0.0.0/8"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "127.0.0.0/8"},
    {"HTTP_PROXY": "http://proxy.example:3128", "no_proxy": "http://10.1.2.3"},
    {"HTTP_PROXY": "http://proxy.example:3128", "No_Proxy": "10.1.2.3:8000"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "localhost"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": ".example.org"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "example.org"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "*.example.org"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "::1"},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "  *  "},
    {"HTTP_PROXY": "http://proxy.example:3128", "NO_PROXY": "10.1.2.3:9"},
    {"HTTP_PROXY": "http://proxy.example:3128", "REQUEST_METHOD": "GET"},
]  # fmt: skip
PROXY_URLS = ["http://10.1.2.3:8000/v1", "http://127.0.0.1:8000/v1", "https://127.0.0.1/v1", "http://localhost:8/v1",
              "http://api.example.org/v1", "http://example.org/v1", "http://[::1]:8/v1", "https://10.1.2.3/v1"]  # fmt: skip


@pytest.mark.parametrize("env", PROXY_ENVS, ids=[",".join(f"{k}={v}" for k, v in e.items()) for e in PROXY_ENVS])
def test_proxy_decision_is_the_clients_own(env, monkeypatch):
    """For every spelling of the variables, medtrust's answer is what httpx2 and httpx clients
    built in the same environment really do (case of the names, NO_PROXY as CIDR, scheme, port)."""
    import importlib
    import os

    from medtrust.endpoints import transport_proxy

    for k in list(os.environ):
        if k.lower() in ("http_proxy", "https_proxy", "all_proxy", "no_proxy", "request_method"):
            monkeypatch.delenv(k)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    clients = []
    for name in ("httpx2", "httpx"):
        try:
            lib = importlib.import_module(name)
        except ImportError:
            continue
        clients.append((lib, lib.Client(verify=False)))
    try:
        for url in PROXY_URLS:
            real = {transport_proxy(c._transport_for_url(lib.URL(url))) for lib, c in clients}
            ours = proxy_for(url, env)
            assert ours in real, (url, ours, real)
            if len(real) == 1:
                assert ours == real.pop(), url
    finally:
        for _, c in clients:
            c.close()


def test_an_sdk_client_is_read_through_its_own_routing(monkeypatch):
    """The OpenAI SDK's client (a subclass of httpx2's) is asked itself: with NO_PROXY=127.0.0.0/8
    it goes direct, although httpx 0.28 alone would use the proxy."""
    from inspect_ai.model import get_model

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    monkeypatch.setenv("HTTP_PROXY", "http://198.18.0.9:3128")
    monkeypatch.setenv("NO_PROXY", "127.0.0.0/8")
    ep = model_endpoint(get_model("openai/gpt-4o", base_url="http://127.0.0.1:8000/v1", memoize=False))
    assert (ep.kind, ep.url) == ("loopback", "http://127.0.0.1:8000/v1/")
    monkeypatch.setenv("NO_PROXY", "localhost")
    ep = model_endpoint(get_model("openai/gpt-4o", base_url="http://127.0.0.1:8000/v1", memoize=False))
    assert (ep.kind, ep.url) == ("remote", "http://198.18.0.9:3128")
