"""The run-wide progress line of a run in shards (medtrust.shard_progress), read from the lines
the shards' own progress reporters print (medtrust.progress.ProgressReporter.line)."""

from __future__ import annotations

import io

from medtrust.progress import ProgressReporter
from medtrust.shard_progress import ShardProgress


def shard_line(done: int, total: int, *, errors: int = 0, interrupted: bool = False, loading: bool = False) -> str:
    """What a shard's reporter prints with ``done`` of ``total`` samples finished."""
    r = ProgressReporter(io.StringIO(), tty=False, models=["openai-api/mock/m"], total=total)
    if not loading:
        r.run_started()
        r.task_started("e", ("cares_llm", "m"), total)
        for i in range(done):
            r.sample_done("e", "boom" if i < errors else None)
        if interrupted:
            r.interrupted()
    return r.line()


def reader(count: int, interval: float = 0.0) -> tuple[ShardProgress, io.StringIO, list[str]]:
    out, passed = io.StringIO(), []
    return ShardProgress(count, passed.append, stream=out, interval=interval), out, passed


def test_the_run_line_sums_the_shards_counts_errors_and_rates():
    p, out, passed = reader(3)
    p.feed(f"[shard 0] {shard_line(0, 8, loading=True)}")
    assert out.getvalue().splitlines()[-1] == "loading model … 3 shards"
    p.feed(f"[shard 0] {shard_line(5, 8, errors=1)}")
    p.feed(f"[shard 1] {shard_line(3, 9)}")
    assert out.getvalue().splitlines()[-1].startswith("progress 8/… · ")  # shard 2 has not said its total yet
    p.feed(f"[shard 2] {shard_line(7, 7)}")
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("progress 15/24 (62%) · ") and "samples/s" in last and "ETA " in last
    assert last.endswith("errors 1 · 3 shards")
    assert passed == []  # progress lines are read, not echoed


def test_other_lines_pass_through_and_an_interrupted_shard_says_what_is_not_run():
    p, out, passed = reader(2)
    p.feed("[shard 1] last error: RateLimitError 429")
    p.feed("Run abc: 2 shard(s)")
    assert passed == ["[shard 1] last error: RateLimitError 429", "Run abc: 2 shard(s)"]
    p.feed(f"[shard 0] {shard_line(4, 10)}")
    p.feed(f"[shard 1] {shard_line(2, 10, interrupted=True)}")
    assert out.getvalue().splitlines()[-1] == "progress 6/20 (30%) · interrupted: 14 samples not run · errors 0 · 2 shards"


def test_lines_are_spaced_by_the_interval_and_close_prints_the_last():
    p, out, _ = reader(2, interval=3600)
    p.feed(f"[shard 0] {shard_line(1, 4)}")  # the first shard going: at once
    p.feed(f"[shard 1] {shard_line(1, 4)}")
    p.feed(f"[shard 0] {shard_line(4, 4)}")
    assert len(out.getvalue().splitlines()) == 1
    p.feed(f"[shard 1] {shard_line(4, 4)}")
    p.close()
    last = out.getvalue().splitlines()[-1]
    assert last.startswith("progress 8/8 (100%) · ") and last.endswith(" · errors 0 · 2 shards") and "ETA" not in last


def test_nothing_is_printed_at_close_when_no_shard_reported():
    p, out, _ = reader(2)
    p.close()
    assert out.getvalue() == ""
