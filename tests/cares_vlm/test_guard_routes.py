"""The restricted-data guard on every route, against a listener that is remote in network terms.

A fake OpenAI-compatible server listens inside a network namespace made by the test and joined
to this one by a veth pair (``tests/helpers/netns.py``): reaching it takes a real network hop,
as reaching another host does. Every model and every judge is pointed at it in
each way a user can (``-M base_url``, the provider's variables, inspect's generic variable, a
proxy, a userinfo trick, name-only judges, several judges), on each route (``medtrust run``,
``inspect eval`` with model roles, ``rescore_log``, ``medtrust rescore``). The listener must
count **zero** requests and each refusal must name model, role and URL.

The loopback spellings the guard must *not* refuse (``127.1``, ``0x7f000001``,
``::ffff:127.0.0.1``, ``openai/...`` with a loopback ``-M base_url`` or ``<NAME>_BASE_URL``)
run against a second fake server on 127.0.0.1 that must receive the requests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from tests.helpers.netns import netns_unavailable

pytestmark = pytest.mark.skipif(netns_unavailable() is not None, reason=f"no test network namespace: {netns_unavailable()}")

#: variables that would steer a provider; cleared for every test so only the test's own apply
STEER_VARS = (
    "OPENAI_BASE_URL", "VLLM_BASE_URL", "SGLANG_BASE_URL", "OLLAMA_BASE_URL", "INSPECT_EVAL_MODEL_BASE_URL",
    "SVC_BASE_URL", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy",
    "NO_PROXY", "no_proxy", "INSPECT_EVAL_MODEL", "INSPECT_EVAL_MODEL_ARGS",
)  # fmt: skip




@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for v in STEER_VARS:
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-guard-not-a-real-key")
    monkeypatch.setenv("SVC_API_KEY", "svc-test-key")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return monkeypatch


def _task(restricted_data):
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    data, roots = restricted_data
    return cares_vlm(dimension="factuality", data=data, image_roots=roots, limit_per_source=2)


def _inspect_eval(restricted_data, tmp_path, model: Any, roles: dict[str, Any] | None = None):
    (log,) = inspect_eval(
        _task(restricted_data), model=model, model_roles=roles, log_dir=str(tmp_path / "logs"), display="none",
        fail_on_error=False, max_retries=0, max_connections=2,
    )
    return log


def _refusals(log) -> list[str]:
    texts = [s.error.message for s in log.samples if s.error is not None]
    for s in log.samples:
        for sc in (s.scores or {}).values():
            if isinstance(sc.explanation, str) and "refusing to send restricted" in sc.explanation:
                texts.append(sc.explanation)
    return [t for t in texts if "refusing to send restricted" in t]


# ------------------------------------------------------------------ evaluated model (inspect eval route)

MODEL_CASES = {
    "vllm -M base_url": lambda r, env: ("vllm/m", {"base_url": r.base_url}),
    "sglang -M base_url": lambda r, env: ("sglang/m", {"base_url": r.base_url}),
    "vllm $VLLM_BASE_URL": lambda r, env: (env.setenv("VLLM_BASE_URL", r.base_url), ("vllm/m", {}))[1],
    "sglang $SGLANG_BASE_URL": lambda r, env: (env.setenv("SGLANG_BASE_URL", r.base_url), ("sglang/m", {}))[1],
    "openai -M base_url": lambda r, env: ("openai/gpt-4o", {"base_url": r.base_url}),
    "openai $OPENAI_BASE_URL": lambda r, env: (env.setenv("OPENAI_BASE_URL", r.base_url), ("openai/gpt-4o", {}))[1],
    "openai-api $SVC_BASE_URL": lambda r, env: (env.setenv("SVC_BASE_URL", r.base_url), ("openai-api/svc/m", {}))[1],
    "ollama $INSPECT_EVAL_MODEL_BASE_URL": lambda r, env: (env.setenv("INSPECT_EVAL_MODEL_BASE_URL", r.base_url), ("ollama/m", {}))[1],
    "userinfo trick": lambda r, env: ("openai/gpt-4o", {"base_url": f"http://127.0.0.1@{r.ns_ip}:{r.port}/v1"}),
    "loopback URL through a remote proxy": lambda r, env: (
        env.setenv("ALL_PROXY", f"http://{r.ns_ip}:{r.port}"), ("openai/gpt-4o", {"base_url": "http://127.0.0.1:9/v1"}))[1],
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("case", list(MODEL_CASES))
def test_evaluated_model_off_machine_gets_zero_requests(case, remote, clean_env, restricted_data, tmp_path):
    name, args = MODEL_CASES[case](remote, clean_env)
    base_url = args.pop("base_url", None)
    model = get_model(name, base_url=base_url, memoize=False, **args)
    log = _inspect_eval(restricted_data, tmp_path, model)
    assert len(remote.requests()) == 0, f"{case}: {len(remote.requests())} requests reached {remote.base_url}"
    refusals = _refusals(log)
    assert len(refusals) == len(log.samples) == 4
    assert f"evaluated model '{name}'" in refusals[0]
    assert remote.ns_ip in refusals[0]


# ------------------------------------------------------------------ judges (inspect eval with model roles)

JUDGE_CASES = {
    "vllm judge by name, $VLLM_BASE_URL": lambda r, env: (env.setenv("VLLM_BASE_URL", r.base_url), ["vllm/m"])[1],
    "ollama judge by name, $INSPECT_EVAL_MODEL_BASE_URL": lambda r, env: (env.setenv("INSPECT_EVAL_MODEL_BASE_URL", r.base_url), ["ollama/m"])[1],
    "openai judge by name, $OPENAI_BASE_URL": lambda r, env: (env.setenv("OPENAI_BASE_URL", r.base_url), ["openai/gpt-4o"])[1],
    "judge Model with base_url (--model-role grader={...})": lambda r, env: [get_model("openai/gpt-4o", base_url=r.base_url, memoize=False)],
    "several judges, the second remote": lambda r, env: ["medtrust/policy/caution", get_model("openai-api/svc/j", base_url=r.base_url, memoize=False)],
}  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("case", list(JUDGE_CASES))
def test_judge_off_machine_gets_zero_requests(case, remote, clean_env, restricted_data, tmp_path):
    judges = JUDGE_CASES[case](remote, clean_env)
    roles = {"grader": judges if len(judges) > 1 else judges[0]}
    log = _inspect_eval(restricted_data, tmp_path, "medtrust/policy/accept", roles)
    assert len(remote.requests()) == 0, f"{case}: {len(remote.requests())} requests reached {remote.base_url}"
    refusals = _refusals(log)
    assert len(refusals) == 4  # every restricted sample, before the evaluated model is called
    assert "grader model" in refusals[0] and remote.ns_ip in refusals[0]
    assert not any(m.role == "assistant" for s in log.samples for m in s.messages)


# ------------------------------------------------------------------ medtrust run / inspect eval / rescore CLIs


def _cli(args: list[str], env: dict[str, str], *, module: str = "medtrust.cli", timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], env=env, capture_output=True, text=True, timeout=timeout)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in STEER_VARS}
    env.update(extra)
    return env


@pytest.mark.slow
def test_medtrust_run_refuses_remote_model_and_name_only_judge(remote, clean_env, restricted_data, tmp_path):
    data, roots = restricted_data
    common = ["run", "-b", "cares-vlm", "--dimension", "factuality", "--limit", "1", "--log-dir", str(tmp_path / "l"), "--display", "none"]
    for s in data:
        common += ["--data", f"{s}={data[s]}", "--image-root", f"{s}={roots[s]}"]
    # the evaluated model: vllm with -M base_url (was treated as in-process)
    res = _cli(common + ["--model", "vllm/m", "-M", f"base_url={remote.base_url}"], _env())
    assert res.returncode == 2, res.stderr[-1500:]
    assert "evaluated model 'vllm/m'" in res.stderr and remote.base_url in res.stderr
    # a judge given by name only, steered by inspect's generic variable
    res = _cli(common + ["--model", "medtrust/policy/accept", "--judge-model", "ollama/m"], _env(INSPECT_EVAL_MODEL_BASE_URL=remote.base_url))
    assert res.returncode == 2, res.stderr[-1500:]
    assert "grader model 'ollama/m'" in res.stderr and "INSPECT_EVAL_MODEL_BASE_URL" in res.stderr
    assert len(remote.requests()) == 0


@pytest.mark.slow
def test_inspect_eval_cli_with_model_role_gets_zero_requests(remote, clean_env, restricted_data, tmp_path):
    data, roots = restricted_data
    env = _env(OPENAI_API_KEY="sk-test-guard-not-a-real-key", OPENAI_BASE_URL=remote.base_url, XDG_DATA_HOME=str(tmp_path / "xdg"))
    res = subprocess.run(
        ["inspect", "eval", "medtrust/cares_vlm", "--model", "medtrust/policy/accept", "--model-role", "grader=openai/gpt-4o",
         "-T", f"data={json.dumps(data)}", "-T", f"image_roots={json.dumps(roots)}", "-T", "limit_per_source=1",
         "--log-dir", str(tmp_path / "l"), "--display", "none", "--max-retries", "0"],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert len(remote.requests()) == 0, res.stdout[-1500:] + res.stderr[-1500:]
    from inspect_ai.log import list_eval_logs, read_eval_log

    (info,) = list_eval_logs(str(tmp_path / "l"))
    log = read_eval_log(info.name)
    assert len(_refusals(log)) == 2


@pytest.fixture(scope="module")
def restricted_log(restricted_data, tmp_path_factory):
    """A finished log of the restricted sources with a local model and no judge bound."""
    log = _inspect_eval(restricted_data, tmp_path_factory.mktemp("rlog"), "medtrust/policy/accept")
    assert log.status == "success"
    return log.location


@pytest.mark.slow
def test_rescore_log_refuses_remote_judges_before_any_request(remote, clean_env, restricted_log, tmp_path):
    from medtrust.benchmarks.cares_vlm.guard import RestrictedDataError
    from medtrust.rescore import rescore_log

    clean_env.setenv("VLLM_BASE_URL", remote.base_url)
    with pytest.raises(RestrictedDataError, match=r"grader model 'vllm/m' at .*VLLM_BASE_URL"):
        rescore_log(restricted_log, judge_models=["vllm/m"], out=tmp_path / "r.eval")
    with pytest.raises(RestrictedDataError, match="grader model 'openai/gpt-4o'"):
        rescore_log(restricted_log, judge_models=[get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False)], out=tmp_path / "r.eval")
    res = _cli(["rescore", restricted_log, "--judge-model", "sglang/m"], _env(SGLANG_BASE_URL=remote.base_url))
    assert res.returncode == 2 and "grader model 'sglang/m'" in res.stderr, res.stderr[-1500:]
    assert len(remote.requests()) == 0
    assert not (tmp_path / "r.eval").exists()


@pytest.mark.slow
def test_rescore_scorer_refuses_even_when_the_name_check_is_bypassed(remote, clean_env, restricted_log, tmp_path):
    """The scorer's own check: rescoring through inspect's score() with a remote grader bound."""
    from inspect_ai import score
    from inspect_ai.log import read_eval_log

    from medtrust.benchmarks.cares_vlm.scorer import cares_vlm_scorer

    log = read_eval_log(restricted_log)
    grader = get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False)
    new = score(log, [cares_vlm_scorer()], model="none", model_roles={"grader": grader}, action="overwrite", display="none")
    assert len(remote.requests()) == 0
    judged = [s for s in new.samples if s.metadata["answer_type"] == "open_ended"]
    assert judged and all(s.scores["cares_vlm_scorer"].metadata["outcome"] == "judge_error" for s in judged)
    assert all("grader model 'openai/gpt-4o'" in s.scores["cares_vlm_scorer"].explanation for s in judged)


# ------------------------------------------------------------------ loopback spellings must run


LOOPBACK_SPELLINGS = ["127.1", "0x7f000001", "2130706433", "[::ffff:127.0.0.1]"]


@pytest.mark.slow
@pytest.mark.parametrize("host", LOOPBACK_SPELLINGS)
def test_openai_with_loopback_base_url_is_not_refused(host, local, remote, clean_env, restricted_data, tmp_path):
    model = get_model("openai/gpt-4o", base_url=f"http://{host}:{local.port}/v1", memoize=False)
    log = _inspect_eval(restricted_data, tmp_path, model)
    assert _refusals(log) == []
    assert len(local.requests) >= 4 and len(remote.requests()) == 0


@pytest.mark.slow
def test_openai_api_service_variable_on_loopback_runs_via_medtrust_run(local, remote, clean_env, restricted_data, tmp_path):
    data, roots = restricted_data
    args = ["run", "-b", "cares-vlm", "--dimension", "factuality", "--limit", "1", "--log-dir", str(tmp_path / "l"),
            "--display", "none", "--model", "openai-api/svc/m", "--image-input", "openai-api/svc/m",  # an unknown provider: declared to take images
            "--judge-model", "openai/gpt-4o", "-M", "max_retries=0"]  # fmt: skip
    for s in data:
        args += ["--data", f"{s}={data[s]}", "--image-root", f"{s}={roots[s]}"]
    env = _env(SVC_BASE_URL=local.base_url, SVC_API_KEY="k", OPENAI_BASE_URL=local.base_url.replace("127.0.0.1", "localhost"),
               OPENAI_API_KEY="k2", XDG_DATA_HOME=str(tmp_path / "xdg"))  # fmt: skip
    res = _cli(args, env)
    assert res.returncode == 0, res.stderr[-2000:]
    assert len(local.requests) >= 3 and len(remote.requests()) == 0  # 2 answers + the FairVLMed judge call
    assert "refusing" not in res.stdout + res.stderr
