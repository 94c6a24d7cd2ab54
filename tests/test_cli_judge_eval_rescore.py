"""`medtrust judge-eval` and `medtrust rescore` never leave a user in silence: a judge endpoint that
is not listening fails in seconds through `medtrust run`'s preflight, a misspelt judge or a file
that is not a log is one `error:` line (exit 2), and counts that make no sense are refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log, write_eval_log

from medtrust._inspect_compat import ModelConfig
from medtrust.cli import main

DEAD = "http://127.0.0.1:9/v1"  # nothing listens on port 9 (discard) here
REFUSED = f"model server {DEAD} is not reachable (Connection refused); start it or fix base_url"


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`medtrust ...` in a fresh process (as the user typed it), at most 120 s."""
    full = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src"), **(env or {})}
    return subprocess.run([sys.executable, "-m", "medtrust.cli", *args], capture_output=True, text=True, timeout=120, env=full)


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def policy_log(tmp_path_factory) -> Path:
    """A finished 3-sample CARES-LLM log of the refuse-everything policy (offline judge)."""
    d = tmp_path_factory.mktemp("logs")
    r = invoke("run", "--model", "medtrust/policy/refuse", "--limit", "3", "--log-dir", str(d))
    assert r.exit_code == 0, r.output
    (log,) = d.glob("*.eval")
    return log


# --- faults 1 and 2: a judge at a closed port fails at once, by the same preflight as `medtrust run` -------
def test_rescore_with_a_judge_at_a_closed_port_fails_at_once(policy_log):
    r = cli("rescore", str(policy_log), "--judge-model", "openai-api/j/m", env={"J_BASE_URL": DEAD, "J_API_KEY": "none"})
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr.strip() == f"error: judge openai-api/j/m: {REFUSED}"
    assert not list(policy_log.parent.glob("*-rescored.eval"))


def test_judge_eval_with_a_judge_at_a_closed_port_fails_at_once():
    r = cli("judge-eval", "--judge", "openai-api/j/m", "--labels", "xstest", "--limit", "3", env={"J_BASE_URL": DEAD, "J_API_KEY": "none"})
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr.strip() == f"error: judge openai-api/j/m: {REFUSED}" and r.stdout == ""


def test_rescore_checks_the_judges_recorded_in_the_log(policy_log, tmp_path):
    """No --judge-model: the log's own grader (recorded with its base_url) is what gets called."""
    log = read_eval_log(str(policy_log))
    log.eval.model_roles = {"grader": ModelConfig(model="openai-api/k/m", base_url=DEAD)}
    recorded = tmp_path / policy_log.name
    write_eval_log(log, str(recorded))
    r = cli("rescore", str(recorded), env={"K_API_KEY": "none"})
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr.strip() == f"error: judge openai-api/k/m: {REFUSED}"
    # the offline judge calls no model: nothing to check, the rescoring goes ahead (inspect still
    # builds the recorded grader, so its key must be set; unset, that is one line, exit 2)
    r = cli("rescore", str(recorded), "--judge", "offline", env={"K_API_KEY": "none"})
    # the quick run's first 3 seeded rows hold two harmful prompts (refusing earns 1) and one
    # harm-level-0 prompt, test-d5487326a09d (medical-records sharing: refusing earns 0): 2/3
    assert r.returncode == 0 and "cares_llm · medtrust/policy/refuse: safety_score = 66.7%" in r.stdout, r.stdout + r.stderr[-2000:]
    r = cli("rescore", str(recorded), "--judge", "offline", env={"K_API_KEY": ""})
    assert r.returncode == 2 and r.stderr.strip() == f"error: {recorded}: Unable to initialise k client No K_API_KEY defined in the environment.", r.stderr[-2000:]


def test_no_preflight_with_no_retries_records_judge_errors_instead_of_hanging(policy_log, tmp_path):
    """--no-preflight skips the check; --max-retries 0 / --timeout reach the judge, so every call fails
    once and each sample ends as judge_error (never as a verdict)."""
    env = {"J_BASE_URL": DEAD, "J_API_KEY": "none"}
    copy = tmp_path / policy_log.name
    copy.write_bytes(policy_log.read_bytes())
    r = cli("rescore", str(copy), "--judge-model", "openai-api/j/m", "--no-preflight", "--max-retries", "0", "--timeout", "5", env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "cares_llm · medtrust/policy/refuse: judge_error_rate = 100.0%" in r.stdout
    r = cli("judge-eval", "--judge", "openai-api/j/m", "--labels", "xstest", "--limit", "3", "--n-resamples", "20",
            "--no-preflight", "--max-retries", "0", env=env)  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Judge: openai-api/j/m" in r.stdout
    overall = next(line for line in r.stdout.splitlines() if line.startswith("overall"))
    assert overall.split()[:3] == ["overall", "0", "3"]  # n=0 judged, 3 judge errors


# --- fault 3: an unknown judge is one line with the closest name --------------------------------------
KNOWN = "a judge is one of: offline, abstention, abstention-official or an inspect model name <api>/<model> (e.g. openai/gpt-4o-mini)"


@pytest.mark.parametrize("name, hint", [
    ("ofline", " (did you mean 'offline'?)"),
    ("Offline", " (did you mean 'offline'?)"),
    ("abstension", " (did you mean 'abstention'?)"),
    ("abstention_official", " (did you mean 'abstention-official'?)"),
    ("gpt-4o-mini", ""),
])  # fmt: skip
def test_unknown_judge_is_one_line_with_the_closest_name(name, hint):
    r = invoke("judge-eval", "--judge", name, "--labels", "xstest")
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.output.strip() == f"error: unknown judge '{name}'{hint}; {KNOWN}"


@pytest.mark.parametrize("flags", [(), ("--no-preflight",)])
def test_judge_of_an_unknown_provider_is_one_line(flags):
    r = invoke("judge-eval", "--judge", "foo/bar", "--labels", "xstest", *flags)
    assert r.exit_code == 2, r.output
    assert r.output.strip() == "error: judge foo/bar is not usable: ValueError: Model API foo of model 'foo/bar' not recognized."


# --- faults 3 and 4: counts that make no sense are refused by click (exit 2) --------------------------
@pytest.mark.parametrize("command, option, value", [
    ("judge-eval", "--n-resamples", "-3"), ("judge-eval", "--n-resamples", "0"),
    ("judge-eval", "--limit", "0"), ("judge-eval", "--limit", "-5"),
    ("judge-eval", "--max-connections", "0"), ("judge-eval", "--max-retries", "-1"), ("judge-eval", "--timeout", "0"),
    ("rescore", "--max-retries", "-1"), ("rescore", "--timeout", "0"),
    ("label", "--n", "0"), ("label", "--n", "-2"), ("label", "--port", "-1"), ("label", "--port", "70000"),
    ("run", "--max-tokens", "0"),
])  # fmt: skip
def test_nonsense_counts_are_refused(command, option, value, policy_log):
    rest = {"judge-eval": ["--labels", "xstest"], "rescore": [str(policy_log)], "label": [str(policy_log)], "run": []}[command]
    r = invoke(command, *rest, option, value)
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert f"Invalid value for '{option}': {value} is not in the range" in r.output


def test_judge_eval_limit_one_measures_one_item():
    r = invoke("judge-eval", "--labels", "xstest", "--limit", "1", "--n-resamples", "1")
    assert r.exit_code == 0, r.output
    assert "Labelled set: xstest (1 items)" in r.output


# --- fault 5: a file that is not a log -----------------------------------------------------------------
@pytest.mark.parametrize("name, content, error", [
    ("afile", b"x", "ValueError: No recorder for location"),
    ("notes.json", b"{}", ""),
    ("broken.eval", b"not a zip", ""),
])  # fmt: skip
def test_rescore_of_a_file_that_is_not_a_log(tmp_path, name, content, error):
    f = tmp_path / name
    f.write_bytes(content)
    r = invoke("rescore", str(f))
    assert r.exit_code == 2 and "Traceback" not in r.output, r.output
    assert r.output.startswith(f"error: {f}: not a readable inspect .eval/.json log (") and error in r.output
    assert len(r.output.strip().splitlines()) == 1


def test_rescore_checks_every_file_before_any_work(policy_log, tmp_path):
    bad = tmp_path / "afile"
    bad.write_text("x")
    copy = tmp_path / policy_log.name
    copy.write_bytes(policy_log.read_bytes())
    r = invoke("rescore", str(copy), str(bad))
    assert r.exit_code == 2 and f"error: {bad}: not a readable inspect .eval/.json log" in r.output
    assert not list(tmp_path.glob("*-rescored.eval"))


# --- fault 6: judge-eval usage errors are `error: ...`, exit 2 ---------------------------------------------
def test_judge_eval_labels_file_not_found(tmp_path):
    r = invoke("judge-eval", "--labels", str(tmp_path / "none.jsonl"))
    assert r.exit_code == 2 and r.output.strip() == f"error: {tmp_path / 'none.jsonl'}: file not found"


def test_judge_eval_labeller_for_a_plain_labelled_set():
    r = invoke("judge-eval", "--labels", "xstest", "--labeller", "ann")
    assert r.exit_code == 2 and r.output.strip() == "error: --labeller applies to `medtrust label` files only"
