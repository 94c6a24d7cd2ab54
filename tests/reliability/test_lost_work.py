"""Lost or corrupted work (issue 28, kind 5).

- ``--resume`` resumes only the logs of one run that no other process holds: a killed run is
  resumed while another run in the same folder is still running (its log is never touched and
  its server gets no extra call); a run held by a live process is refused, naming it.
- Atomic writes: ``kill -9`` while the report (or a summary, or a JSON) is written leaves the
  old file whole; no medtrust module writes a final file in place.
- Labels on a full disk (a real tmpfs of a few KiB mounted by the test): a label that cannot be
  written is not half-written, the page answers an error, the file stays readable and the next
  label after space is freed is stored; a torn last line is dropped with a warning; a labels
  file that cannot be created leaves no empty file and no traceback.
- Tracebacks: ``medtrust rescore`` of a log whose samples are all model errors,
  ``medtrust run -T data={...}``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import uuid
from pathlib import Path

import pytest
from inspect_ai.log import list_eval_logs, read_eval_log

from tests.helpers.fake_openai import FakeOpenAI


def medtrust(*args: str) -> list[str]:
    return [sys.executable, "-m", "medtrust.cli", *args]


# ------------------------------------------------------------------ --resume: the right run, never a live one


class HoldingServer(FakeOpenAI):
    """A fake OpenAI server whose chat requests wait until :meth:`release` (then answer "Refuse")."""

    def __init__(self) -> None:
        super().__init__(reply="I must refuse.")
        self.released = threading.Event()
        original = self._server.RequestHandlerClass._handle
        outer = self

        def handle(handler):
            if "chat/completions" in handler.path and not outer.released.is_set():
                outer.held += 1
                outer.released.wait(timeout=900)
            return original(handler)

        self.held = 0
        self._server.RequestHandlerClass._handle = handle
        self._server.RequestHandlerClass.do_POST = handle

    def release(self) -> None:
        self.released.set()


def _run_cmd(service: str, log_dir: Path) -> list[str]:
    return medtrust("run", "--model", f"openai-api/{service}/m", "--limit", "3", "--max-tokens", "4", "--log-dir", str(log_dir),
                    "--max-connections", "1", "--display", "none", "-M", "max_retries=0", "--no-preflight")  # fmt: skip


def _wait(cond, what: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        time.sleep(0.1)


@pytest.mark.slow
def test_resume_takes_the_killed_run_and_never_a_live_one(tmp_path):
    log_dir = tmp_path / "logs"
    with HoldingServer() as sa, HoldingServer() as sb:
        env = {k: v for k, v in os.environ.items() if not k.endswith(("_BASE_URL", "_API_KEY"))}
        env.update(SA_BASE_URL=sa.base_url, SA_API_KEY="k-a", SB_BASE_URL=sb.base_url, SB_API_KEY="k-b",
                   XDG_DATA_HOME=str(tmp_path / "xdg"))  # fmt: skip
        # run A: killed while its first call is held
        a = subprocess.Popen(_run_cmd("sa", log_dir), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _wait(lambda: sa.held >= 1 or a.poll() is not None, "run A's first call")
        os.kill(a.pid, signal.SIGKILL)
        a.wait(timeout=60)
        # run B: alive, its first call held (the newest unfinished log in the folder)
        b = subprocess.Popen(_run_cmd("sb", log_dir), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            _wait(lambda: sb.held >= 1 or b.poll() is not None, "run B's first call")
            assert b.poll() is None, b.stderr.read().decode()[-2000:]
            logs = list_eval_logs(str(log_dir), formats=["eval"])
            assert len(logs) == 2
            sa.release()
            b_calls = len(sb.requests)
            res = subprocess.run(medtrust("run", "--resume", "--log-dir", str(log_dir), "--display", "none", "-M", "max_retries=0"),
                                 env=env, capture_output=True, text=True, timeout=600)  # fmt: skip
            assert res.returncode == 0, res.stdout[-2000:] + res.stderr[-2000:]
            assert len(sb.requests) == b_calls, "the live run's log was resumed: its calls were paid twice"
            finals = [read_eval_log(i.name, header_only=True) for i in list_eval_logs(str(log_dir), formats=["eval"])]
            done = [lg for lg in finals if lg.status == "success"]
            assert [lg.eval.model for lg in done] == ["openai-api/sa/m"], [(lg.eval.model, lg.status) for lg in finals]
            # the only unfinished run is now B, held by its live process: refused, naming it
            res = subprocess.run(medtrust("run", "--resume", "--log-dir", str(log_dir), "--display", "none"), env=env,
                                 capture_output=True, text=True, timeout=600)  # fmt: skip
            assert res.returncode == 2, res.stdout[-2000:] + res.stderr[-2000:]
            assert "another process" in res.stderr and str(b.pid) in res.stderr, res.stderr[-2000:]
            assert len(sb.requests) == b_calls
        finally:
            sb.release()
            try:
                b.wait(timeout=300)
            except subprocess.TimeoutExpired:
                b.kill()
        assert b.returncode == 0, b.stderr.read().decode()[-2000:]


def test_run_lock_is_held_while_running_and_freed_by_death(tmp_path):
    from medtrust.runlock import RunHeld, hold_run, holder_of

    run_id = uuid.uuid4().hex
    code = textwrap.dedent(f"""
        import time
        from medtrust.runlock import hold_run
        with hold_run({str(tmp_path)!r}, {run_id!r}):
            print("held", flush=True)
            time.sleep(600)
    """)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "held"
        assert holder_of(str(tmp_path), run_id) == p.pid
        with pytest.raises(RunHeld, match=str(p.pid)):
            with hold_run(str(tmp_path), run_id):
                pass
    finally:
        p.kill()
        p.wait()
    assert holder_of(str(tmp_path), run_id) is None  # kill -9 frees it: the run can be resumed
    with hold_run(str(tmp_path), run_id):
        assert holder_of(str(tmp_path), run_id) is None  # our own hold is not "another process"


# ------------------------------------------------------------------ atomic writes


def test_atomic_write_keeps_the_old_file_when_the_write_fails(tmp_path, monkeypatch):
    from medtrust import atomic

    p = tmp_path / "report.html"
    p.write_text("old report")

    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", boom)
    with pytest.raises(OSError):
        atomic.write_text(p, "new report " * 1000)
    assert p.read_text() == "old report"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["report.html"]  # no temporary file left


@pytest.mark.parametrize("what", ["report", "summary", "report json"])
def test_kill_9_while_writing_leaves_the_old_file_whole(tmp_path, what):
    """The writer is killed while its data is written (inside the write, before the rename)."""
    target = {"report": tmp_path / "report.html", "summary": tmp_path / "s.summary.json", "report json": tmp_path / "r.json"}[what]
    target.write_text("OLD CONTENT")
    ready = tmp_path / "ready"
    writer = {
        "report": f"from medtrust.atomic import write_text; write_text({str(target)!r}, '<html>' + 'x' * 100000)",
        "summary": ("from medtrust.summary import BenchmarkSummary\n"
                    f"BenchmarkSummary(benchmark='cares_llm', model='m', task='t').write_json({str(target)!r})"),
        "report json": f"from medtrust.atomic import write_json; write_json({str(target)!r}, {{'a': 'x' * 100000}})",
    }[what]  # fmt: skip
    code = textwrap.dedent(f"""
        import os, time
        real = os.fsync
        def stall(fd):
            open({str(ready)!r}, "w").close()
            time.sleep(600)
        os.fsync = stall
    """) + writer
    p = subprocess.Popen([sys.executable, "-c", code])
    try:
        _wait(lambda: ready.exists() or p.poll() is not None, "the writer", 120)
        assert p.poll() is None, "the writer ended without reaching the write"
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
    finally:
        if p.poll() is None:
            p.kill()
    assert target.read_text() == "OLD CONTENT"


def test_no_module_writes_a_final_file_in_place():
    """Every file medtrust writes for users goes through medtrust.atomic (temp + rename)."""
    import ast

    root = Path(__file__).resolve().parents[2] / "src" / "medtrust"
    offenders = []
    for f in root.rglob("*.py"):
        if f.name == "atomic.py":
            continue
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("write_text", "write_bytes"):
                offenders.append(f"{f.relative_to(root)}:{node.lineno}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dump" and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id == "json":  # fmt: skip
                offenders.append(f"{f.relative_to(root)}:{node.lineno}")
    assert offenders == []


# ------------------------------------------------------------------ labels on a full disk


@pytest.fixture
def small_fs(tmp_path):
    """A 256 KiB tmpfs mounted for this test (root only)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mnt = tmp_path / "small"
    mnt.mkdir()
    res = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k,mode=0700", "tmpfs", str(mnt)], capture_output=True, text=True)
    if res.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {res.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def _fill(fs: Path, leave: int) -> Path:
    """Fill ``fs`` until about ``leave`` bytes are free; returns the filler file."""
    filler = fs / "filler"
    st = os.statvfs(fs)
    free = st.f_bavail * st.f_frsize
    with open(filler, "wb") as f:
        try:
            f.write(b"\0" * max(0, free - leave))
            f.flush()
            os.fsync(f.fileno())
        except OSError:
            pass
    return filler


def _design(n: int = 3) -> dict:
    items = [{"id": f"i{k}", "benchmark": "cares_llm", "prompt": f"p{k}", "response": f"r{k}", "verdict": "Accept",
              "primary_judge": "j", "verdicts": {}, "strata": {}, "stratum": 0, "inclusion_probability": 1.0, "weight": 1.0,
              "restricted": False} for k in range(n)]  # fmt: skip
    return {"record": "design", "format": "medtrust-labels", "version": 1, "task": "judge", "labels": ["Accept", "Caution", "Refuse"],
            "items": items, "population": {"logs": [], "image_roots": []}, "stratify_by": ["verdict"],
            "strata": [{"id": 0, "key": ["Accept"], "population": n, "drawn": n}]}  # fmt: skip


def test_a_label_that_does_not_fit_is_not_half_written(small_fs):
    from medtrust.label.store import LabelStore, LabelWriteError

    store = LabelStore.create(small_fs / "labels.jsonl", _design())
    store.add_label("alice", "i0", "Accept")
    before = (small_fs / "labels.jsonl").read_bytes()
    filler = _fill(small_fs, 1024)
    with pytest.raises(LabelWriteError, match="no space|No space"):
        store.add_label("alice", "i1", "Refuse", note="n" * 3000)
    assert (small_fs / "labels.jsonl").read_bytes() == before  # whole records or nothing
    assert store.progress("alice")["done"] == 1  # memory matches the file
    assert LabelStore.open(small_fs / "labels.jsonl").progress("alice")["done"] == 1
    filler.unlink()
    store.add_label("alice", "i1", "Refuse", note="n" * 3000)
    assert LabelStore.open(small_fs / "labels.jsonl").progress("alice")["done"] == 2


def test_the_page_answers_an_error_when_a_label_cannot_be_written(small_fs):
    from medtrust.label.server import create_app
    from medtrust.label.store import LabelStore

    store = LabelStore.create(small_fs / "labels.jsonl", _design())
    token = "t" * 32
    client = create_app(store, token, labeller="alice").test_client()
    filler = _fill(small_fs, 512)
    r = client.post(f"/api/label?token={token}", json={"item": "i0", "label": "Accept", "note": "x" * 3900})  # past the page the design record is in
    assert r.status_code == 507, r.get_data(as_text=True)
    assert "space" in r.get_json()["detail"]
    filler.unlink()
    r = client.post(f"/api/label?token={token}", json={"item": "i0", "label": "Accept"})
    assert r.status_code == 200
    assert LabelStore.open(small_fs / "labels.jsonl").progress("alice")["done"] == 1


def test_a_torn_last_line_is_dropped_with_a_warning(tmp_path, caplog):
    from medtrust.label.store import LabelStore

    p = tmp_path / "labels.jsonl"
    store = LabelStore.create(p, _design())
    store.add_label("alice", "i0", "Accept")
    with open(p, "ab") as f:
        f.write(b'{"record": "label", "item": "i1", "labe')  # a crash in the middle of a record
    with pytest.warns(UserWarning, match=r"labels\.jsonl.*line 3.*dropped"):
        back = LabelStore.open(p)
    assert back.progress("alice")["done"] == 1
    back.add_label("alice", "i1", "Refuse")
    assert LabelStore.open(p).progress("alice")["done"] == 2


def test_a_labels_file_that_cannot_be_created_leaves_nothing_and_no_traceback(small_fs, tmp_path):
    from medtrust.label.store import LabelStore, LabelWriteError

    _fill(small_fs, 64)
    with pytest.raises(LabelWriteError, match="labels.jsonl"):
        LabelStore.create(small_fs / "labels.jsonl", _design(200))
    assert not (small_fs / "labels.jsonl").exists()
    # through the command: a clean error line
    from click.testing import CliRunner

    from medtrust.cli import main

    src = tmp_path / "src.jsonl"
    LabelStore.create(src, _design(200))
    res = CliRunner().invoke(main, ["label", str(src), "--out", str(small_fs / "copy.jsonl")])
    assert res.exit_code != 0 and res.exception is None or isinstance(res.exception, SystemExit), res.output
    assert "Traceback" not in res.output and "space" in res.output, res.output
    assert not (small_fs / "copy.jsonl").exists()


# ------------------------------------------------------------------ tracebacks


@pytest.fixture(scope="module")
def all_errors_log(tmp_path_factory) -> str:
    """A CARES-LLM log whose every sample ended in a model error (the server answers 500)."""
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from medtrust.benchmarks.cares_llm.task import cares_llm

    d = tmp_path_factory.mktemp("errs")
    with FakeOpenAI(mode="echo", status=500) as server:
        model = get_model("openai-api/svc/m", base_url=server.base_url, api_key="k-not-real-123", memoize=False)
        (log,) = inspect_eval(cares_llm(), model=model, limit=3, log_dir=str(d), display="none", fail_on_error=False,
                              max_retries=0, retry_on_error=0)  # fmt: skip
    assert all(s.error is not None for s in read_eval_log(log.location).samples)
    return log.location


def test_rescore_of_a_log_of_model_errors_gives_no_traceback(all_errors_log, tmp_path):
    res = subprocess.run(medtrust("rescore", all_errors_log, "--judge", "offline"), capture_output=True, text=True, timeout=300)
    assert "Traceback" not in res.stderr and "IndexError" not in res.stderr, res.stderr[-3000:]
    assert res.returncode == 0, res.stdout[-1500:] + res.stderr[-1500:]
    rescored = res.stdout.split("Rescored log:")[-1].strip()
    samples = read_eval_log(rescored).samples
    assert len(samples) == 3
    for s in samples:  # each an explicit non-answer, counted as a model error
        (score,) = s.scores.values()
        assert score.metadata["outcome"] == "model_error" and "model error" in score.explanation, score


@pytest.mark.slow
def test_run_with_a_mapping_task_argument(tmp_path, shared_data):
    ham = shared_data / "cares_vlm" / "HAM10000"
    data = json.dumps({"ham10000": str(ham / "HAM10000_factuality.jsonl")})
    roots = json.dumps({"ham10000": str(ham / "images")})
    res = subprocess.run(medtrust("run", "-b", "cares-vlm", "--model", "medtrust/policy/accept", "--limit", "2", "--dimension", "factuality",
                                  "-T", f"data={data}", "-T", f"image_roots={roots}", "--log-dir", str(tmp_path / "l"),
                                  "--display", "none"), capture_output=True, text=True, timeout=600)  # fmt: skip
    assert res.returncode == 0, res.stderr[-3000:]
    assert "Traceback" not in res.stderr
    res = subprocess.run(medtrust("run", "-b", "cares-vlm", "--model", "medtrust/policy/accept", "-T", "data=[1, 2", "--log-dir",
                                  str(tmp_path / "m"), "--display", "none"), capture_output=True, text=True, timeout=600)  # fmt: skip
    assert res.returncode == 2 and "Traceback" not in res.stderr and "-T data" in res.stderr, res.stderr[-3000:]
