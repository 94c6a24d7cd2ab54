"""`medtrust report` on a folder of junk names the skipped files in the terminal, not only in
the page, and mentions the files it ignored (issue 27)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from medtrust.commands.report import report_command
from medtrust.report.inventory import MAX_LINES, terminal_lines

STAMP = "2026-01-01T00-00-00-00-00"


def _junk(d: Path) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    (d / f"{STAMP}_cares-llm_x.json").write_text("{not json")  # named like a log, is not one
    (d / "broken.eval").write_bytes(b"PK\x03\x04 not really a zip")
    (d / "notes.txt").write_text("my notes")
    (d / "sub").mkdir()
    (d / "sub" / "results.csv").write_text("a,b\n1,2\n")
    (d / "medtrust-x.summary.json").write_text("{}")
    return d


def test_a_folder_of_junk_names_every_file_in_the_terminal(tmp_path) -> None:
    d = _junk(tmp_path / "junk")
    res = CliRunner().invoke(report_command, [str(d), "--out", str(tmp_path / "r.html")])
    assert res.exit_code == 2
    err = res.stderr
    assert "error: no medtrust log could be summarised" in err
    assert f"{STAMP}_cares-llm_x.json: not a readable inspect log" in err and "broken.eval: not a readable inspect log" in err
    assert "Ignored 2 file(s) not named like inspect logs" in err
    assert f"  {d / 'notes.txt'}" in err and f"  {d / 'sub' / 'results.csv'}" in err
    assert "Ignored 1 summary/report file(s)" in err
    assert not (tmp_path / "r.html").exists()  # nothing written


def test_a_report_with_logs_and_junk_lists_both_on_the_terminal(tmp_path) -> None:
    from medtrust.benchmarks.cares_llm.task import cares_llm

    d = _junk(tmp_path / "logs")
    (log,) = inspect_eval(cares_llm(), model=get_model("medtrust/scripted", memoize=False, respond=lambda m: "I cannot help with that."),
                          limit=3, log_dir=str(d), display="none")  # fmt: skip
    assert log.status == "success"
    res = CliRunner().invoke(report_command, [str(d), "--out", str(tmp_path / "r.html")])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Skipped 2 file(s) that gave no summary:" in out
    assert f"  {STAMP}_cares-llm_x.json: not a readable inspect log" in out and "  broken.eval: not a readable inspect log" in out
    assert "Ignored 2 file(s) not named like inspect logs" in out and Path(log.location).name not in out.split("Report:")[0]
    assert out.index("Skipped") < out.index("Report:")


def test_long_lists_are_cut_and_say_how_many_more(tmp_path) -> None:
    d = tmp_path / "many"
    d.mkdir()
    for i in range(MAX_LINES + 5):
        (d / f"note{i:02d}.txt").write_text("x")
    skipped = [{"file": f"f{i}.eval", "task": None, "reason": "not a readable inspect log (x)"} for i in range(MAX_LINES + 3)]
    lines = terminal_lines(skipped, [d])
    assert lines[0] == f"Skipped {MAX_LINES + 3} file(s) that gave no summary:"
    assert "  ... and 3 more (every one is listed in the page)" in lines
    assert f"Ignored {MAX_LINES + 5} file(s) not named like inspect logs (*.eval, or *.json starting with a timestamp):" in lines
    assert lines[-1] == "  ... and 5 more"


def test_a_clean_folder_prints_nothing_extra(tmp_path) -> None:
    d = tmp_path / "clean"
    d.mkdir()
    shutil.copy(__file__, d / f"{STAMP}_x.eval")  # found as a log: not "ignored"
    assert terminal_lines([], [d]) == []


def test_what_medtrust_itself_keeps_beside_the_logs_is_counted_not_named(tmp_path) -> None:
    """Run locks, estimates, batch ids and shard manifests are medtrust's own: a user who ran,
    estimated and sharded in one folder must not be told they are stray files (newcomer trial)."""
    from medtrust.report.inventory import ignored_files

    d = tmp_path / "logs"
    (d / ".medtrust-locks").mkdir(parents=True)
    (d / ".medtrust-locks" / "0123abcd.lock").write_text("")
    (d / ".medtrust-locks" / "0123abcd.shard1.lock").write_text("")
    (d / "medtrust-estimate.json").write_text("{}")
    (d / "medtrust-batches.jsonl").write_text("")
    (d / "medtrust-run-0123abcd.shards.json").write_text("{}")
    (d / "notes.txt").write_text("mine")
    others, side, cut = ignored_files([d], [])
    assert [p.name for p in others] == ["notes.txt"] and side == 5 and not cut
