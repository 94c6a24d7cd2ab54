"""The command line never leaves a user in silence, and never exits 0 after losing work.

Bad options are one line (no traceback), a dead endpoint fails before the run, progress is
printed without a terminal, summaries never look like logs to inspect, a run that could not write
its log exits non-zero and resumes afterwards.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.log import list_eval_logs

from medtrust.cli import main
from medtrust.progress import ProgressReporter
from tests.helpers.interruptible import popen

POLICY = ["--model", "medtrust/policy/refuse"]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_clear_line(r) -> None:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output


# --- bad options: one clear line ---------------------------------------------------------------
def test_misspelt_task_arg_names_the_closest_one(tmp_path):
    r = run("run", *POLICY, "-T", "sample_limt=3", "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert "-T sample_limt" in r.output and "did you mean 'sample_limit'" in r.output


@pytest.mark.parametrize("value", ["novalue", "=3", "./x"])
def test_task_arg_without_key_names_what_was_given(tmp_path, value):
    """A -T value without KEY= is named as typed (it used to be reported as '-T default')."""
    r = run("run", *POLICY, "-T", value, "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert f"-T {value}: expected KEY=VALUE" in r.output and "default" not in r.output


@pytest.mark.parametrize("value", ["0", "-5"])
def test_max_tokens_below_one_is_refused(tmp_path, value):
    """--max-tokens 0 was silently replaced by the default (256) and -5 was accepted."""
    r = run("run", *POLICY, "--max-tokens", value, "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert "--max-tokens" in r.output and f"{value} is not in the range x>=1" in r.output


@pytest.mark.parametrize("model", ["nosuchprovider/x", "noslash"])
def test_unknown_provider_is_not_called_transient(tmp_path, model):
    """A model inspect cannot even make is a configuration error: exit 2 naming it, no 'transient' warning."""
    r = run("run", "--model", model, "--limit", "1", "--log-dir", str(tmp_path / "logs"))
    one_clear_line(r)
    assert f"model {model} is not usable" in r.output and "transient" not in r.output
    assert not list((tmp_path / "logs").glob("*.eval")) if (tmp_path / "logs").exists() else True


def test_ctrl_c_before_the_run_starts_exits_130(tmp_path):
    """SIGINT while the command is still importing inspect (before the run's own handler): exit 130
    with the resume hint, not click's 'Aborted!' and exit 1."""
    import signal
    import sys
    import time

    p = popen([sys.executable, "-c", "import time, sys; time.sleep(0.3); sys.argv = ['medtrust', 'run', '--limit', '1', "
                          f"'--log-dir', {str(tmp_path / 'logs')!r}]; from medtrust.cli import main; main()"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    time.sleep(1.0)  # inside the imports of medtrust.cli / inspect_ai
    p.send_signal(signal.SIGINT)
    out, _ = p.communicate(timeout=120)
    assert p.returncode == 130, out
    assert "Aborted!" not in out and "interrupted (Ctrl-C)" in out


@pytest.mark.parametrize("limit", ["0", "-5"])
def test_limit_below_one_is_refused(tmp_path, limit):
    one_clear_line(run("run", *POLICY, "--limit", limit, "--log-dir", str(tmp_path)))


def test_image_root_for_a_benchmark_without_images(tmp_path):
    r = run("run", *POLICY, "--image-root", str(tmp_path), "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert "cares-llm uses no images" in r.output


def test_options_of_another_benchmark_are_refused(tmp_path):
    r = run("run", *POLICY, "--mode", "mc", "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert "--mode applies to --benchmark mediconfusion only" in r.output


def test_log_dir_that_is_a_file(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    r = run("run", *POLICY, "--log-dir", str(f))
    one_clear_line(r)
    assert "is a file" in r.output


def test_report_on_a_folder_without_logs_or_a_file_that_is_not_a_log(tmp_path):
    (tmp_path / "empty").mkdir()
    r = run("report", str(tmp_path / "empty"), "--out", str(tmp_path / "r.html"))
    one_clear_line(r)
    assert "no inspect log" in r.output and not (tmp_path / "r.html").exists()
    notes = tmp_path / "notes.json"
    notes.write_text("{}")
    r = run("report", str(notes), "--out", str(tmp_path / "r.html"))
    one_clear_line(r)
    assert "notes.json: not a readable inspect log" in r.output


# --- what a run prints ---------------------------------------------------------------------------
def test_limited_run_says_which_rows_and_prints_plain_progress(tmp_path):
    r = run("run", *POLICY, "--limit", "12", "--log-dir", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert ("Limited run: 12 of the 239 packaged CARES-18K test rows (the quick run's seeded shuffle, seed 2025: "
            "--limit 40 is the quick run), max_tokens=128.") in r.output
    assert "progress 12/12 (100%)" in r.output
    # inspect's own results block (counts as floats) is not printed beside medtrust's table
    assert "safety_score_ci_low" not in r.output and "refuse                40.000" not in r.output


def test_summary_files_are_not_taken_for_logs_by_inspect(tmp_path):
    r = run("run", *POLICY, "--limit", "4", "--log-dir", str(tmp_path))
    assert r.exit_code == 0, r.output
    summaries = list(tmp_path.glob("*.summary.json"))
    assert len(summaries) == 1 and summaries[0].name.startswith("medtrust-")
    assert [Path(i.name).suffix for i in list_eval_logs(str(tmp_path))] == [".eval"]


def test_progress_line_values():
    out = io.StringIO()
    rep = ProgressReporter(out, tty=False, interval=3600)
    with rep:
        rep.run_started()
        rep.task_started("e1", ("cares_llm", "openai/gpt-4o-mini"), 10)
        for _ in range(4):
            rep.sample_done("e1")
        rep.sample_done("e1", "RateLimitError: 429 Too Many Requests")
        rep.retry("RateLimitError 429 from openai/gpt-4o-mini")
        line = rep.line()
    assert line.startswith("progress 5/10 (50%) · ")
    assert "errors 1" in line and "retries 1 (last: RateLimitError 429 from openai/gpt-4o-mini)" in line and "ETA " in line
    assert "last error: RateLimitError: 429 Too Many Requests" in out.getvalue()


# --- dead endpoints fail fast and say why --------------------------------------------------------
class _Unauthorized(BaseHTTPRequestHandler):
    calls = 0

    def do_POST(self):  # noqa: N802 - http.server API
        type(self).calls += 1
        body = json.dumps({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *a):  # keep test output quiet
        pass


@pytest.fixture()
def unauthorized_server():
    _Unauthorized.calls = 0
    srv = ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/v1"
    srv.shutdown()


def test_bad_key_of_a_judge_fails_before_the_run(tmp_path, unauthorized_server, monkeypatch):
    monkeypatch.setenv("DEADJUDGE_BASE_URL", unauthorized_server)
    monkeypatch.setenv("DEADJUDGE_API_KEY", "sk-wrong")
    r = run("run", *POLICY, "--limit", "3", "--judge-model", "openai-api/deadjudge/m", "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert "judge openai-api/deadjudge/m is not usable" in r.output and "Incorrect API key" in r.output
    assert _Unauthorized.calls == 1 and not list(tmp_path.glob("*.eval"))  # one request, no run


def test_every_judge_call_failing_names_the_cause(tmp_path, unauthorized_server, monkeypatch):
    monkeypatch.setenv("DEADJUDGE_BASE_URL", unauthorized_server)
    monkeypatch.setenv("DEADJUDGE_API_KEY", "sk-wrong")
    r = run("run", *POLICY, "--limit", "3", "--no-preflight", "--max-retries", "0", "--judge-model", "openai-api/deadjudge/m",
            "--log-dir", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "3 of 3 samples ended as judge_error" in r.output and "most common cause" in r.output


def test_model_server_not_listening_fails_fast(tmp_path):
    r = run("run", "--model", "openai-api/local/m", "-M", "base_url=http://127.0.0.1:9/v1", "-M", "api_key=x", "--log-dir", str(tmp_path))
    one_clear_line(r)
    assert "http://127.0.0.1:9/v1 is not reachable" in r.output


# --- lost work is never exit 0 ---------------------------------------------------------------------
@pytest.fixture()
def tiny_disk(tmp_path):
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("needs root and mount for a small tmpfs")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", str(mnt)], capture_output=True).returncode != 0:
        pytest.skip("tmpfs mount not permitted here")
    yield mnt
    subprocess.run(["umount", str(mnt)], capture_output=True)


def test_disk_full_exits_non_zero_and_resume_finishes(tiny_disk):
    logs = tiny_disk / "logs"
    r = run("run", *POLICY, "--full", "--log-dir", str(logs))
    assert r.exit_code == 1, r.output
    assert "No space left on device" in r.output and "medtrust run --resume --log-dir" in r.output
    subprocess.run(["mount", "-o", "remount,size=20m", str(tiny_disk)], check=True)
    r = run("run", "--resume", "--log-dir", str(logs))
    assert r.exit_code == 0, r.output
    (summary,) = [json.loads(p.read_text()) for p in logs.glob("*.summary.json")]
    assert sum(summary["outcome_counts"].values()) == 239  # nothing lost: every row scored once


@pytest.mark.slow
def test_ctrl_c_with_the_embedded_model_stops_at_once_with_the_resume_hint(tmp_path):
    """SIGINT while llama.cpp generates: queued samples are skipped and the running generations
    end at their next token (failure mode: it kept generating every queued sample, minutes for
    this run), exit code 130 and the resume command. Read from llama.cpp's own log (-M
    verbose=true), not from a clock: after Ctrl-C, llama.cpp cancels the running tasks and
    finishes none (a finished one prints its timings)."""
    import signal
    import sys
    import time

    lines: list[str] = []
    p = popen([sys.executable, "-m", "medtrust.cli", "run", "--limit", "30", "--max-tokens", "128", "-M", "verbose=true",
                          "--log-dir", str(tmp_path / "logs")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    reader = threading.Thread(target=lambda: lines.extend(p.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and p.poll() is None and sum("launch_slot_" in x for x in list(lines)) < 2:
        time.sleep(0.2)  # generating now: llama.cpp has started tasks
    assert p.poll() is None, "".join(lines)
    before = len(lines)
    p.send_signal(signal.SIGINT)
    rc = p.wait(timeout=300)
    reader.join(timeout=10)
    text, after = "".join(lines), lines[before:]
    assert rc == 130, text
    assert "Resume with: medtrust run --resume --log-dir" in text
    assert "last error: CancelledError" not in text  # a cancelled sample is not reported as a failure
    assert any("cancel task" in x for x in after), text[-3000:]  # the running generations were stopped
    assert not any("eval time =" in x for x in after), text[-3000:]  # none ran on to its end, no queued one ran


def test_resume_api_key_reaches_only_its_provider_and_only_while_active():
    from inspect_ai.hooks import ApiKeyOverride

    from medtrust.keys import CommandLineKeyHook, api_key_for, provider_key_vars

    url = "http://127.0.0.1:9/v1"
    assert provider_key_vars("openai-api/acme/m", "sk-x", url) == ["ACME_API_KEY"]
    hook = CommandLineKeyHook()
    with api_key_for("openai-api/acme/m", "sk-resume", url):
        assert hook.enabled()
        assert hook.override_api_key(ApiKeyOverride("ACME_API_KEY", "")) == "sk-resume"
        assert hook.override_api_key(ApiKeyOverride("OPENAI_API_KEY", "")) is None  # another provider's key is untouched
    assert not hook.enabled() and hook.override_api_key(ApiKeyOverride("ACME_API_KEY", "")) is None
