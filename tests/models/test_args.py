"""``-M`` model arguments a provider cannot take (medtrust.models.args.split_model_args): a
generation setting (``max_retries``, ``timeout`` ...) moves to the generate config, anything else
is refused with one line naming the provider and what it takes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from inspect_ai.log import read_eval_log

from tests.helpers.fake_openai import FakeOpenAI


def _run(args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "medtrust.cli", *args], env=env, capture_output=True, text=True, timeout=timeout)


def test_generation_settings_given_as_model_args_move_to_the_generate_config():
    from medtrust.models.args import split_model_args

    assert split_model_args("ollama/llava", {"max_retries": 0, "emulate_tools": True, "timeout": 30}) == (
        {"emulate_tools": True}, {"max_retries": 0, "timeout": 30})  # fmt: skip
    assert split_model_args("llama-cpp-python/m", {"max_retries": 2}) == ({}, {"max_retries": 2})
    # providers that take **kwargs keep them (the OpenAI SDK's own max_retries)
    assert split_model_args("openai-api/svc/m", {"max_retries": 0}) == ({"max_retries": 0}, {})
    assert split_model_args("medtrust/embedded", {"n_ctx": 512}) == ({"n_ctx": 512}, {})
    with pytest.raises(ValueError, match=r"-M bogus=\.\.\.: provider 'ollama' takes no argument 'bogus' \(it takes: api_key, base_url, emulate_tools"):
        split_model_args("ollama/llava", {"bogus": 1})


@pytest.mark.slow
def test_ollama_with_max_retries_0_runs(tmp_path):
    with FakeOpenAI(reply="Refuse") as server:
        env = dict(os.environ, OLLAMA_BASE_URL=server.base_url, XDG_DATA_HOME=str(tmp_path / "xdg"))
        res = _run(["run", "--model", "ollama/m", "-M", "max_retries=0", "--limit", "2", "--log-dir", str(tmp_path / "l"),
                    "--display", "none"], env=env)  # fmt: skip
        assert res.returncode == 0, res.stderr[-2000:]
        answered = [r for r in server.requests if b"Reply with OK." not in r["body"]]  # the run's preflight aside
        assert "TypeError" not in res.stderr and len(answered) == 2
    (log,) = list((tmp_path / "l").glob("*.eval"))
    assert read_eval_log(str(log), header_only=True).plan.config.max_retries == 0
    res = _run(["run", "--model", "ollama/m", "-M", "bogus=1", "--limit", "1", "--log-dir", str(tmp_path / "l2"), "--display", "none"])
    assert res.returncode == 2 and "provider 'ollama' takes no argument 'bogus'" in res.stderr
    assert "Traceback" not in res.stderr
