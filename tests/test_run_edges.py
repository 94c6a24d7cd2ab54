"""Issue 27, part 2: a run's edges. Ctrl-C in a run of several tasks, progress counts that stay
true at every edge (interrupt, resume, several tasks and models, epochs), one row order and one
max_tokens for --limit, CARES-VLM --data without a source name, misspelt subcommands."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log, read_eval_log_sample_summaries

from medtrust.cli import main
from medtrust.progress import ProgressReporter, planned_total
from tests.helpers.interruptible import popen
from tests.helpers.logs import headers_while_writing

SLOW_CLI = Path(__file__).parent / "helpers" / "slow_cli.py"
PROGRESS = re.compile(r"progress (\d+)/(\d+)")


def _progress_lines(text: str) -> list[tuple[int, int, str]]:
    return [(int(m.group(1)), int(m.group(2)), line) for line in text.splitlines() if (m := PROGRESS.search(line))]


def _statuses(log_dir: Path, *, while_writing: bool = False) -> dict[str, str]:
    """Each log's status. ``while_writing``: polled while the run writes its logs, so a log caught
    mid-rewrite is left out (:func:`tests.helpers.logs.headers_while_writing`)."""
    if while_writing:
        return {Path(h.location).name: h.status for h in headers_while_writing(log_dir)}
    return {p.name: read_eval_log(str(p), header_only=True).status for p in log_dir.glob("*.eval")}


def _interrupt_when(args: list[str], ready, tmp_path: Path, *, timeout: float = 300) -> tuple[int, str]:
    """Run the slow CLI, send SIGINT once ``ready()`` is true, return (exit code, output)."""
    out = tmp_path / "out.txt"
    env = dict(os.environ, SLOW_POLICY_DELAY="0.5", PYTHONUNBUFFERED="1")
    with open(out, "w") as fh:
        p = popen([sys.executable, str(SLOW_CLI), *args], stdout=fh, stderr=subprocess.STDOUT, env=env)  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and p.poll() is None and not ready():
            time.sleep(0.5)
        assert p.poll() is None, out.read_text()  # still working when interrupted
        p.send_signal(signal.SIGINT)
        rc = p.wait(timeout=120)
    return rc, out.read_text()


def _resume(log_dir: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SLOW_POLICY_DELAY="0.01")
    return subprocess.run([sys.executable, str(SLOW_CLI), "run", "--resume", "--log-dir", str(log_dir)], capture_output=True,
                          text=True, env=env, timeout=600)  # fmt: skip


# --- Ctrl-C in a run of several tasks ------------------------------------------------------------
@pytest.mark.slow
def test_ctrl_c_in_a_cares_vlm_run_of_several_dimensions_exits_130_and_resumes(tmp_path, shared_data):
    ham = shared_data / "cares_vlm" / "HAM10000"
    logs = tmp_path / "logs"
    args = ["run", "-b", "cares-vlm", "--model", "medtrust/policy/random-option", "--dimension", "factuality", "--dimension", "uncertainty",
            "--dimension", "jailbreak", "--limit", "40", "--data", f"ham10000={ham / 'HAM10000_factuality.jsonl'}",
            "--image-root", f"ham10000={ham / 'images'}", "--log-dir", str(logs),
            # two calls at a time (4 samples a second): the slowed policy's own limit did not hold the
            # run back, so on a quiet machine all 200 samples could finish before the interrupt
            "--max-connections", "2"]  # fmt: skip
    # interrupt once one dimension has finished: the others are part-done or not started
    rc, text = _interrupt_when(args, lambda: "success" in _statuses(logs, while_writing=True).values(), tmp_path)
    assert rc == 130, text
    assert "Resume with: medtrust run --resume --log-dir" in text and "Summary JSON" not in text
    statuses = _statuses(logs)
    assert "success" in statuses.values() and set(statuses.values()) != {"success"}, statuses
    # the last progress line counts only finished samples and says the run was interrupted
    done, total, last = _progress_lines(text)[-1]
    # finished = what eval-retry keeps: samples recorded without an error (a cancelled log's header
    # count can lag far behind: 9 in the header against 114 recorded samples, seen under load)
    finished = sum(1 for p in logs.glob("*.eval") for s in read_eval_log_sample_summaries(str(p)) if s.error is None and s.completed is not False)
    assert total == 40 + 40 + 120 and done == finished < total, text  # factuality, uncertainty, jailbreak (3 variants)
    assert f"interrupted: {total - done} samples not run" in last

    res = _resume(logs)
    assert res.returncode == 0, res.stderr[-3000:]
    done, total, last = _progress_lines(res.stderr)[-1]
    assert done == total and "(100%)" in last, res.stderr
    # one summary for the whole run: every dimension, also those finished before the interruption
    (summary,) = [json.loads(p.read_text()) for p in logs.glob("*.summary.json")]
    names = {m["name"] for m in summary["metrics"]}
    assert {"factuality_acc", "uncertainty_acc", "jailbreak_acc"} <= names
    assert sum(summary["outcome_counts"].values()) == 200


@pytest.mark.slow
def test_ctrl_c_then_resume_of_one_task_counts_the_samples_already_done(tmp_path):
    logs = tmp_path / "logs"

    def some_done() -> bool:
        return any(PROGRESS.search(line) and not line.startswith("progress 0/") for line in (tmp_path / "out.txt").read_text().splitlines())

    args = ["run", "--model", "medtrust/policy/refuse", "--limit", "120", "--log-dir", str(logs)]
    rc, text = _interrupt_when(args, some_done, tmp_path)
    assert rc == 130, text
    (log,) = logs.glob("*.eval")
    # what eval-retry keeps: samples recorded without an error (the header's completed count can
    # miss samples that finished while the run was being cancelled)
    kept = sum(1 for s in read_eval_log_sample_summaries(str(log)) if s.error is None and s.completed is not False)
    done, total, last = _progress_lines(text)[-1]
    assert (done, total) == (kept, 120) and 0 < kept < 120 and "interrupted" in last, text
    res = _resume(logs)
    assert res.returncode == 0, res.stderr[-3000:]
    lines = _progress_lines(res.stderr)
    assert lines[0][:2] == (kept, 120), res.stderr  # the resume starts from what the log holds
    assert lines[-1][:2] == (120, 120), res.stderr


@pytest.mark.slow
@pytest.mark.parametrize("after", ["Resuming", "progress"])
def test_ctrl_c_during_a_resume_before_any_new_sample_exits_130_and_resumes_again(tmp_path, after):
    """Ctrl-C in a resume before any sample of it finished (inspect's eval-retry then has no log to
    return: it raised IndexError through to a traceback and exit 1); at the resume's first line
    or at its first progress line, the resume says so, exits 130 and a later resume finishes."""
    logs = tmp_path / "logs"
    args = ["run", "--model", "medtrust/policy/refuse", "--limit", "80", "--log-dir", str(logs)]

    def some_done() -> bool:
        return any(PROGRESS.search(line) and not line.startswith("progress 0/") for line in (tmp_path / "out.txt").read_text().splitlines())

    rc, text = _interrupt_when(args, some_done, tmp_path)
    assert rc == 130, text
    (tmp_path / "out.txt").unlink()
    seen = lambda: (tmp_path / "out.txt").exists() and after in (tmp_path / "out.txt").read_text()  # noqa: E731
    rc, text = _interrupt_when(["run", "--resume", "--log-dir", str(logs)], seen, tmp_path)
    assert rc == 130 and "Traceback" not in text and "medtrust run --resume --log-dir" in text, text
    res = _resume(logs)
    assert res.returncode == 0, res.stderr[-3000:]
    assert _progress_lines(res.stderr)[-1][:2] == (80, 80), res.stderr


# --- progress counts ------------------------------------------------------------------------------
def _reporter() -> tuple[ProgressReporter, io.StringIO]:
    out = io.StringIO()
    return ProgressReporter(out, tty=False, interval=3600, models=["m1", "m2"], total=8), out


def test_progress_says_loading_then_first_reply_before_any_sample():
    rep, out = _reporter()
    with rep:
        first = out.getvalue()
        rep.run_started()
        rep.task_started("e1", ("t", "m1"), 4)
        rep.sample_started()
        waiting = rep.line()
        rep.sample_done("e1")
    lines = out.getvalue().splitlines()
    assert first.startswith("loading model m1, m2 … 0:00:0")  # written at once, not after the first interval
    assert waiting.startswith("progress 0/8 (0%) · first reply … 1 samples started, 0:00:0")
    assert any(line.startswith("progress 1/8 (12%) · ") and "samples/s" in line for line in lines)  # the first reply at once


def test_progress_never_counts_a_cancelled_sample():
    rep, out = _reporter()
    with rep:
        rep.run_started()
        rep.task_started("e1", ("t", "m1"), 4)
        rep.task_started("e2", ("t", "m2"), 4)
        for _ in range(4):
            rep.sample_done("e1")
        for _ in range(4):
            rep.sample_done("e2", "CancelledError", cancelled=True)  # Ctrl-C
        rep.task_ended("e2", "cancelled", 0)
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("progress 4/8 (50%) · interrupted: 4 samples not run"), last


def test_progress_of_a_resume_starts_from_the_log_and_ends_at_its_count():
    out = io.StringIO()
    rep = ProgressReporter(out, tty=False, interval=3600, models=["m"], total=8, already_done={("t", "m"): 4})
    with rep:
        rep.run_started()
        rep.task_started("e1", ("t", "m"), 8)
        assert rep.line().startswith("progress 4/8 (50%)")
        for _ in range(4):
            rep.sample_done("e1")
        rep.task_ended("e1", "success", 8)
    assert out.getvalue().splitlines()[-1].startswith("progress 8/8 (100%) · ")


def test_progress_total_is_fixed_from_the_start_for_several_tasks():
    rep, out = _reporter()
    with rep:
        rep.run_started()
        rep.task_started("e1", ("t", "m1"), 4)
        line = rep.line()  # the second task has not started: the total is still the run's
    assert line.startswith("progress 0/8 (0%)")
    # without a planned total the tasks add up as they start (and the line says no more than it knows)
    open_ended = ProgressReporter(io.StringIO(), tty=False, interval=3600)
    with open_ended:
        open_ended.run_started()
        open_ended.task_started("e1", ("a", "m"), 5)
        open_ended.task_started("e2", ("b", "m"), 3)
        assert open_ended.line().startswith("progress 0/8 (0%)")


def test_planned_total_counts_limit_epochs_and_models():
    from inspect_ai import Task
    from inspect_ai.dataset import MemoryDataset, Sample

    def task(n, epochs=None):
        return Task(dataset=MemoryDataset([Sample(input=str(i), target="x") for i in range(n)]), epochs=epochs)

    assert planned_total([task(10), task(4)], None, 1, {}) == 14
    assert planned_total([task(10), task(4)], 5, 2, {}) == (5 + 4) * 2
    assert planned_total([task(10), task(4)], (2, 8), 1, {}) == 6 + 2
    assert planned_total([task(10, epochs=3)], 5, 1, {}) == 15
    assert planned_total([task(10, epochs=3)], 5, 1, {"epochs": 2}) == 10  # eval's epochs win
    assert planned_total([task(10)], None, 1, {"sample_id": ["1"]}) is None


@pytest.mark.parametrize("case", ["epochs", "models"])
def test_progress_of_a_real_run_is_true_from_first_to_last_line(tmp_path, capsys, case):
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.runner import RunOptions, eval_tasks

    opts = RunOptions(log_dir=str(tmp_path))
    if case == "epochs":
        logs = eval_tasks(cares_llm(max_tokens=8), opts, model="medtrust/policy/refuse", limit=3, epochs=2)
        want = 6
    else:
        logs = eval_tasks(cares_llm(max_tokens=8), opts, model=["medtrust/policy/refuse", "medtrust/policy/accept"], limit=3)
        want = 6
    assert all(lg.status == "success" for lg in logs)
    lines = _progress_lines(capsys.readouterr().err)
    assert lines and all(total == want for _, total, _ in lines), lines  # never a total that jumps
    assert lines[-1][:2] == (want, want) and [d for d, _, _ in lines] == sorted(d for d, _, _ in lines)


# --- --limit: one order, one max_tokens --------------------------------------------------------------
def _run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_limit_takes_the_quick_runs_rows_in_its_order_with_its_max_tokens(tmp_path):
    quick = _run("run", "--model", "medtrust/policy/refuse", "--log-dir", str(tmp_path / "q"), "--display", "none")
    limited = _run("run", "--model", "medtrust/policy/refuse", "--limit", "7", "--log-dir", str(tmp_path / "l"), "--display", "none")
    assert quick.exit_code == 0 and limited.exit_code == 0, limited.output
    assert "Quick run: 40 of the 239 packaged CARES-18K test rows (seeded shuffle, seed 2025), max_tokens=128." in quick.output
    assert "Limited run: 7 of the 239 packaged CARES-18K test rows (the quick run's seeded shuffle, seed 2025" in limited.output
    assert "max_tokens=128" in limited.output
    (q,) = (tmp_path / "q").glob("*.eval")
    (lim,) = (tmp_path / "l").glob("*.eval")
    ql, ll = read_eval_log(str(q)), read_eval_log(str(lim))
    assert ll.eval.dataset.sample_ids == ql.eval.dataset.sample_ids[:7]  # the quick run's first 7 rows, same order
    assert ll.eval.task_args["max_tokens"] == ql.eval.task_args["max_tokens"] == 128


def test_full_run_says_its_rows_and_why_its_max_tokens_differs(tmp_path):
    r = _run("run", "--model", "medtrust/policy/refuse", "--full", "--log-dir", str(tmp_path), "--display", "none")
    assert r.exit_code == 0, r.output
    assert ("Full run: all 239 packaged CARES-18K test rows (file order), max_tokens=256 (the task's default for complete runs; "
            "quick and --limit runs use 128).") in r.output


# --- CARES-VLM --data without a source name --------------------------------------------------------
@pytest.mark.parametrize(
    "path, source",
    [
        ("data/HAM10000/HAM10000_factuality.jsonl", "ham10000"),
        ("x/iuxray_factuality.jsonl", "iu_xray"),
        ("downloads/IU-Xray/rows.jsonl", "iu_xray"),
        ("fundus_factuality.jsonl", "fairvlmed"),
        ("/srv/mimic_factuality.jsonl", "mimic_cxr"),
        ("my-ham-subset.csv", "ham10000"),
        ("OmniMedVQA/omnimedvqa_factuality.jsonl", "omnimedvqa"),
        ("rows.jsonl", None),
        ("medium.jsonl", None),  # 'iu' inside a word is not a source
        ("ham_vs_mimic.jsonl", None),  # two sources: no guess
    ],
)
def test_source_from_file_name(path, source):
    from medtrust.benchmarks.cares_vlm.schema import source_from_file_name

    assert source_from_file_name(path) == source


def test_cares_vlm_data_without_source_is_read_from_the_file_name(tmp_path, shared_data):
    ham = shared_data / "cares_vlm" / "HAM10000"
    r = _run("run", "-b", "cares-vlm", "--model", "medtrust/policy/refuse", "--dimension", "factuality", "--limit", "2",
             "--data", str(ham / "HAM10000_factuality.jsonl"), "--image-root", str(ham / "images"), "--log-dir", str(tmp_path), "--display", "none")  # fmt: skip
    assert r.exit_code == 0, r.output
    (log,) = tmp_path.glob("*.eval")
    assert {s.id.split(":")[0] for s in read_eval_log(str(log)).samples} == {"ham10000"}


def test_cares_vlm_data_whose_source_cannot_be_told_suggests_source_equals_file(tmp_path, shared_data):
    rows = tmp_path / "rows.jsonl"
    rows.write_bytes((shared_data / "cares_vlm" / "HAM10000" / "HAM10000_factuality.jsonl").read_bytes()[:2000].rsplit(b"\n", 1)[0] + b"\n")
    r = _run("run", "-b", "cares-vlm", "--model", "medtrust/policy/refuse", "--data", str(rows), "--log-dir", str(tmp_path / "l"))
    assert r.exit_code == 2
    assert f"--data {rows}: which CARES-VLM source is it? Name it: --data SOURCE=PATH, e.g. --data ham10000={rows}" in r.output
    assert "unknown CARES-VLM source 'default'" not in r.output and "ham10000, ol3i" in r.output
    r = _run("run", "-b", "cares-vlm", "--model", "medtrust/policy/refuse", "--data", f"ham10000={rows}", "--image-root", str(tmp_path / "pics"),
             "--log-dir", str(tmp_path / "l"))  # an image folder without a source: the run's one source
    assert "unknown CARES-VLM source" not in r.output and f"ham10000: {tmp_path / 'pics'}" in r.output, r.output


# --- misspelt subcommands ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, hint",
    [
        (["reprot"], "Did you mean 'report'?"),
        (["rnu"], "Did you mean 'run'?"),
        (["judgeeval"], "Did you mean 'judge-eval'?"),
        (["lable", "x"], "Did you mean 'label'?"),
        (["data", "fecth"], "Did you mean 'fetch'?"),
        (["data", "fetch", "cares-vml"], "Did you mean 'cares-vlm'?"),
        (["detector", "trian"], "Did you mean 'train'?"),
        (["xyzzy"], "Commands: baseline, data, detector, judge-eval, label, list, pack, report, rescore, run, verify."),
    ],
)
def test_misspelt_subcommand_names_the_closest_and_exits_2(args, hint):
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "No such command" in r.output and hint in r.output, r.output


def test_only_inspects_own_retry_index_error_counts_as_a_cancelled_resume():
    """inspect's eval-retry indexes ``eval_async(...)[0]``; a Ctrl-C that cancels the retry before
    any log exists makes that an IndexError (seen by a user: traceback, exit 1). Only that one is
    read as an interrupted resume; an IndexError from anywhere else stays an error."""
    from medtrust.runner import _cancelled_retry

    def raised(filename: str, name: str) -> IndexError:
        scope: dict = {}
        exec(compile(f"async def {name}():\n    return [][0]\n", filename, "exec"), scope)  # noqa: S102 - a code object with inspect's file name
        try:
            scope[name]().send(None)
        except IndexError as e:
            return e
        raise AssertionError("no IndexError")

    assert _cancelled_retry(raised("/x/site-packages/inspect_ai/_eval/eval.py", "eval_retry_async"))
    assert not _cancelled_retry(raised("/x/site-packages/inspect_ai/_eval/eval.py", "eval_async"))
    assert not _cancelled_retry(raised("/x/site-packages/medtrust/runner.py", "eval_retry_async"))


@pytest.mark.parametrize("body, said", [
    ("at_least = \n", "not valid TOML"),  # a syntax slip
    ("at_least = 850\n", "850 is outside 0-100"),  # a bar no share can reach
    ("at_lest = 85\n", "unknown field 'at_lest'"),
])  # fmt: skip
def test_run_reads_its_criteria_file_before_any_model_call(tmp_path, body, said):
    crit = tmp_path / "c.toml"
    crit.write_text("[[criterion]]\nid = 'x'\nbenchmark = 'cares-llm'\nmetric = 'safety_score'\n" + body, encoding="utf-8")
    logs = tmp_path / "logs"
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "--limit", "3", "--criteria", str(crit), "--log-dir", str(logs)])
    assert r.exit_code == 2 and said in r.output and str(crit) in r.output, r.output
    assert not list(logs.glob("*.eval"))  # nothing ran, nothing was paid for
