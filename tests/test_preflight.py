"""The reading of a model request's error (medtrust.preflight): which errors retrying cannot fix
(the preflight stops the run) and which are transient (a warning, inspect's retries go on), and
the one-line error texts. End to end (closed ports, bad keys, misspelt judges through `medtrust
run`, `rescore` and `judge-eval`): tests/test_cli_judge_eval_rescore.py, tests/reliability/."""

from __future__ import annotations

import pytest

from medtrust._inspect_compat import PrerequisiteError
from medtrust.preflight import FATAL_STATUS, first_line, is_fatal, model_target, plain_error_text


def _status_error(code: int):
    """The OpenAI SDK's error for an HTTP status (what every OpenAI-compatible provider raises)."""
    import httpx
    import openai

    req = httpx.Request("POST", "http://127.0.0.1:1/v1/chat/completions")
    return openai.APIStatusError(f"Error code: {code}", response=httpx.Response(code, request=req), body=None)


@pytest.mark.parametrize("code", [400, 401, 403, 404, 422])
def test_statuses_retrying_cannot_fix_are_fatal(code):
    assert code in FATAL_STATUS and is_fatal(_status_error(code))


@pytest.mark.parametrize("code", [408, 409, 429, 500, 502, 503, 504, 529])
def test_rate_limits_and_server_errors_are_transient(code):
    assert not is_fatal(_status_error(code))


def test_status_is_read_from_the_exception_or_its_response():
    import httpx

    req = httpx.Request("GET", "http://127.0.0.1:1/v1/models")
    assert is_fatal(httpx.HTTPStatusError("x", request=req, response=httpx.Response(401, request=req)))
    assert not is_fatal(httpx.HTTPStatusError("x", request=req, response=httpx.Response(503, request=req)))

    class WithStatus(Exception):
        status_code = "404"  # some SDKs give it as text

    assert is_fatal(WithStatus())


def test_errors_without_a_status_are_told_apart_by_their_kind():
    import httpx
    import openai

    req = httpx.Request("POST", "http://127.0.0.1:1/v1/chat/completions")
    assert is_fatal(openai.APIConnectionError(request=req))  # refused connection, unknown host
    assert is_fatal(PrerequisiteError("[bold]ERROR:[/bold] OPENAI_API_KEY is not set"))  # missing key or SDK
    for name in ("AuthenticationError", "PermissionDeniedError", "NotFoundError"):
        assert is_fatal(type(name, (Exception,), {})()), name
    assert not is_fatal(openai.APITimeoutError(request=req))  # a slow server: inspect retries
    assert not is_fatal(TimeoutError("read timed out"))
    assert not is_fatal(ValueError("garbled reply"))


def test_plain_error_text_drops_rich_markup_and_the_error_prefix():
    e = PrerequisiteError("[bold]ERROR:[/bold] The [b]openai[/b] package is required; install it with [blue]pip install openai[/blue]")
    assert plain_error_text(e) == "The openai package is required; install it with pip install openai"
    assert plain_error_text(ValueError("no markup [1, 2] stays")) == "no markup [1, 2] stays"


def test_first_line_is_one_bounded_line():
    assert first_line("a\n  b\tc ") == "a b c"
    assert first_line(ValueError("x" * 500)) == "x" * 399 + "…"
    assert len(first_line("y" * 300, 200)) == 200
    assert first_line("short", 5) == "short"


def test_model_target_hands_base_url_and_key_to_get_model_and_keeps_other_args():
    assert model_target("medtrust/policy/refuse", {}) == ("medtrust/policy/refuse", {})
    assert model_target("medtrust/gguf", {"model_path": "/m.gguf"}) == ("medtrust/gguf", {"model_path": "/m.gguf"})
    with pytest.raises(ValueError, match=r"model server http://127\.0\.0\.1:9/v1 is not reachable"):
        model_target("openai-api/local/m", {"base_url": "http://127.0.0.1:9/v1"})  # nothing listens on port 9
