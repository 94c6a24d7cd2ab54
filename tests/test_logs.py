"""The logs layer (medtrust.logs): one clear error for a file that is not a readable inspect log,
on every route that reads one (read_log, the report's load_summaries, `medtrust rescore`,
`medtrust run --resume`), and the finding of unfinished runs.

The log is a real one (the toy benchmark, tests/toy_benchmark/, with the accepting policy: 4
samples); the damaged ones are that log cut in half, a text file, an empty file, a zip archive
without log members and a JSON file that is not a log, each named like an inspect log.
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval

from medtrust.cli import main
from medtrust.logs import LogReadError, find_logs, load_summaries, read_log, sample_count, unfinished_logs
from tests.toy_benchmark.benchmark import toy_compliance


@pytest.fixture(scope="module")
def real_log(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("real")
    (log,) = inspect_eval(toy_compliance(), model="medtrust/policy/accept", log_dir=str(d), display="none")
    return Path(log.location)


def _not_logs(real: Path, d: Path) -> dict[str, Path]:
    """{kind: file named like an inspect log that is not a readable one}."""
    out = {
        "cut in half": d / "2026-01-01T00-00-00+00-00_toy_cut.eval",
        "text": d / "2026-01-01T00-00-01+00-00_toy_text.eval",
        "empty": d / "2026-01-01T00-00-02+00-00_toy_empty.eval",
        "zip without a log": d / "2026-01-01T00-00-03+00-00_toy_zip.eval",
        "json, not a log": d / "2026-01-01T00-00-04+00-00_toy_other.json",
        "json, not utf-8": d / "2026-01-01T00-00-05+00-00_toy_bytes.json",
    }
    data = real.read_bytes()
    out["cut in half"].write_bytes(data[: len(data) // 2])
    out["text"].write_text("hello, not a log\n", encoding="utf-8")
    out["empty"].write_bytes(b"")
    with zipfile.ZipFile(out["zip without a log"], "w") as z:
        z.writestr("readme.txt", "no header.json here")
    out["json, not a log"].write_text(json.dumps({"rows": [1, 2, 3]}), encoding="utf-8")
    out["json, not utf-8"].write_bytes(b"\xff\xfe{\x00\x00garbage")
    return out


def test_read_log_reads_a_real_log_whole_and_header_only(real_log):
    whole = read_log(real_log)
    head = read_log(real_log, header_only=True)
    assert len(whole.samples) == 4 and head.samples is None
    assert head.eval.task == whole.eval.task and head.status == "success"
    # a header-only log counts its samples from the recorded results, the whole one from its samples
    assert sample_count(head, real_log) == sample_count(whole, real_log) == 4


@pytest.mark.parametrize("header_only", [False, True])
def test_every_kind_of_non_log_is_one_error_naming_the_file(real_log, tmp_path, header_only):
    for kind, f in _not_logs(real_log, tmp_path).items():
        with pytest.raises(LogReadError) as got:
            read_log(f, header_only=header_only)
        e = got.value
        assert isinstance(e, ValueError), kind  # callers that catch ValueError keep working
        assert str(e).startswith(f"{f}: not a readable inspect .eval/.json log ("), (kind, str(e))
        assert "\n" not in str(e) and len(str(e)) < len(str(f)) + 300, kind  # one line, bounded
        assert e.cause and e.cause.isidentifier() and f"({e.cause}: " in str(e), (kind, e.cause)


def test_the_report_skips_each_non_log_with_its_reason_and_keeps_the_real_one(real_log, tmp_path):
    from medtrust.benchmarks import registry
    from tests.toy_benchmark.benchmark import BENCHMARK

    bad = _not_logs(real_log, tmp_path)
    (tmp_path / real_log.name).write_bytes(real_log.read_bytes())
    registry.register(BENCHMARK)
    try:
        summaries, skipped = load_summaries([tmp_path])
    finally:
        registry.unregister(BENCHMARK.name)
    assert [s.benchmark for s in summaries] == ["toy_compliance"] and summaries[0].outcome_counts["correct"] == 4
    reasons = {k["file"]: k["reason"] for k in skipped}
    assert set(reasons) == {f.name for f in bad.values()}
    for f in bad.values():
        assert reasons[f.name].startswith("not a readable inspect log (") and reasons[f.name].endswith(")"), reasons[f.name]


def test_find_logs_takes_inspects_naming_rule(real_log, tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    (d / real_log.name).write_bytes(real_log.read_bytes())
    (d / "medtrust-x.model.summary.json").write_text("{}")  # a summary beside its log
    (d / "notes.json").write_text("{}")  # not timestamped: not a log
    (d / "2026-01-01T00-00-00+00-00_t_x.summary.json").write_text("{}")
    (d / "sub").mkdir()
    (d / "sub" / "2026-01-01T00-00-00+00-00_t_y.json").write_text("{}")  # timestamped: taken (and then skipped when read)
    assert [p.relative_to(d).as_posix() for p in find_logs([d])] == [real_log.name, "sub/2026-01-01T00-00-00+00-00_t_y.json"]
    # named explicitly, any .json but a summary is taken; the same file twice is one
    assert find_logs([d / "notes.json", d / "notes.json", d / real_log.name]) == [d / "notes.json", d / real_log.name]
    with pytest.raises(FileNotFoundError, match="no such log file or folder"):
        find_logs([d / "missing"])


def test_unfinished_logs_names_a_damaged_log_instead_of_failing_inside_inspect(real_log, tmp_path):
    d = tmp_path / "logs"
    d.mkdir()
    (d / real_log.name).write_bytes(real_log.read_bytes())
    assert unfinished_logs(str(d)) == []  # a finished run: nothing to resume
    cut = d / "2026-01-01T00-00-00+00-00_toy-compliance_cut.eval"
    cut.write_bytes(real_log.read_bytes()[:100])
    with pytest.raises(LogReadError, match=re.escape(f"{cut.name}: not a readable inspect .eval/.json log (")):
        unfinished_logs(str(d))
    r = CliRunner().invoke(main, ["run", "--resume", "--log-dir", str(d), "--display", "none"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"{cut.name}: not a readable inspect .eval/.json log" in r.output


def test_rescore_refuses_a_non_log_before_any_work(real_log, tmp_path):
    bad = _not_logs(real_log, tmp_path)
    for kind in ("text", "zip without a log"):
        r = CliRunner().invoke(main, ["rescore", str(bad[kind])])
        assert r.exit_code == 2, (kind, r.output)
        assert f"error: {bad[kind]}: not a readable inspect .eval/.json log" in r.output and "Traceback" not in r.output
