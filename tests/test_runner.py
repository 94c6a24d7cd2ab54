"""`medtrust run`'s loop (medtrust.runner): the benchmark's plan decides the ``limit`` inspect gets
(it is handed to ``eval_tasks`` as an argument), and the user's RunOptions are never rewritten.

The toy benchmark (tests/toy_benchmark/: 4 harmless requests) with a plan whose limit differs
from ``--limit`` both ways: a benchmark that limits itself, and one that applies ``--limit`` in
its own dataset (as CARES-VLM does per source) and so gives inspect no limit.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from inspect_ai.log import read_eval_log
from rich.console import Console

from medtrust.benchmarks import registry
from medtrust.options import RunOptions
from medtrust.runner import run_benchmark
from tests.toy_benchmark.benchmark import BENCHMARK


@pytest.mark.parametrize(("user_limit", "plan_limit", "samples"), [(None, 3, 3), (3, None, 4), (2, 2, 2), (None, None, 4)])
def test_inspect_gets_the_plans_limit_and_the_options_stay_as_given(user_limit, plan_limit, samples, tmp_path):
    def plan(opts: RunOptions):
        return dataclasses.replace(BENCHMARK.plan(opts), limit=plan_limit)

    registry.register(dataclasses.replace(BENCHMARK, plan=plan))
    try:
        opts = RunOptions(benchmark=BENCHMARK.name, model=["medtrust/policy/accept"], limit=user_limit, log_dir=str(tmp_path),
                          display="none", preflight=False)  # fmt: skip
        given = dataclasses.asdict(opts)
        (summary,) = run_benchmark(opts, console=Console(file=io.StringIO()))
    finally:
        registry.unregister(BENCHMARK.name)
    assert dataclasses.asdict(opts) == given and opts.limit == user_limit
    (log,) = tmp_path.glob("*.eval")
    head = read_eval_log(str(log), header_only=True)
    assert head.eval.config.limit == plan_limit
    assert head.results.completed_samples == samples and summary.outcome_counts["correct"] == samples
