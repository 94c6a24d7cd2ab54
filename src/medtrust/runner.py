"""Running a benchmark: one loop over the registry for `medtrust run` and `medtrust run --resume`.

:func:`run_benchmark` asks the chosen benchmark (medtrust.benchmarks.registry) for its
:class:`~medtrust.benchmarks.interface.RunPlan`, evaluates it with inspect's ``eval`` for each
model, summarises the logs with the benchmark's own ``summarize`` (always from the logs, never
from in-memory state), prints its table and writes the summary JSON. Evaluation itself is always
inspect's; the keyword arguments of every ``eval`` / ``eval_retry`` call come from
:func:`eval_args`.
"""

from __future__ import annotations

import dataclasses
import os
import uuid
from pathlib import Path
from typing import Any, Sequence

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from medtrust.benchmarks.interface import RUN_METADATA_KEY, Benchmark
from medtrust.benchmarks.registry import benchmark_of, get_benchmark
from medtrust.endpoints import check_local_endpoint
from medtrust.options import DEFAULT_MODEL, RunOptions
from medtrust.summary import BenchmarkSummary

__all__ = ["DEFAULT_MODEL", "RunInterrupted", "RunOptions", "eval_args", "eval_tasks", "run_benchmark", "resume_latest"]


class RunInterrupted(RuntimeError):
    """The user interrupted a run (Ctrl-C); what finished is in the log and can be resumed."""


def offline_env() -> None:
    """Never reach a model hub at run time (ENVIRONMENT.md sec. 1)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def eval_args(opts: RunOptions) -> dict[str, Any]:
    """The inspect ``eval`` / ``eval_retry`` keyword arguments every medtrust run uses.

    Per-sample errors are recorded (``fail_on_error=False``) so one bad sample never ends a run;
    logs go to ``opts.log_dir`` in inspect's .eval format; connection limit and display as given.
    """
    kwargs: dict[str, Any] = dict(log_dir=opts.log_dir, fail_on_error=False)
    if opts.max_connections is not None:
        kwargs["max_connections"] = opts.max_connections
    if opts.display is not None:
        kwargs["display"] = opts.display
    return kwargs


def eval_tasks(
    tasks: Task | Sequence[Task],
    opts: RunOptions,
    *,
    model: str,
    model_roles: dict[str, Any] | None = None,
    **eval_kwargs: Any,
) -> list[EvalLog]:
    """Run tasks through inspect's ``eval`` with medtrust's defaults (:func:`eval_args`).

    ``-M base_url=...`` / ``-M api_key=...`` go to ``get_model`` (not to the provider's args).

    The tasks share one run identity, recorded as ``eval.metadata["medtrust_run"]``
    (:data:`medtrust.benchmarks.interface.RUN_METADATA_KEY`): inspect's ``run_id`` changes when
    eval-retry finishes one of them, this key does not, so a resumed task still joins its run.

    Returns:
        inspect EvalLogs (one per task), as returned by ``inspect_ai.eval``.

    Raises:
        RunInterrupted: the run was interrupted (no logs, or a cancelled one).
        ValueError: a model server on this machine (loopback base_url) is not listening.
    """
    offline_env()
    model_args = dict(opts.model_args)
    base_url, api_key = model_args.pop("base_url", None), model_args.pop("api_key", None)
    target: Any = model
    if isinstance(model, str):
        check_local_endpoint(model, base_url)
    if base_url is not None or api_key is not None:
        # inspect's eval() takes base_url/api_key only as get_model() parameters, never as -M args
        from inspect_ai.model import get_model

        target = get_model(model, base_url=base_url, api_key=api_key, memoize=False, **model_args)
        model_args = {}
    kwargs: dict[str, Any] = dict(model=target, model_args=model_args, model_roles=model_roles or None,
                                  limit=opts.limit, seed=opts.seed, metadata={RUN_METADATA_KEY: uuid.uuid4().hex}, **eval_args(opts))  # fmt: skip
    kwargs.update(eval_kwargs)
    logs = inspect_eval(tasks, **kwargs)
    if not logs or any(log.status == "cancelled" for log in logs):
        raise RunInterrupted(
            f"run interrupted; finished samples are kept in {opts.log_dir}. "
            f"Resume with: medtrust run --resume --log-dir {opts.log_dir}"
        )
    return logs


def run_benchmark(opts: RunOptions, *, console: Any = None) -> list[BenchmarkSummary]:
    """`medtrust run`: plan, evaluate each model, summarise from the logs, print, write JSON.

    Returns:
        the summaries of every model's finished logs (failed logs are reported, not summarised).

    Raises:
        ValueError: unknown benchmark, invalid data or options, a model that cannot run the plan,
            or a calibration file that does not hold the judge's measurement (all before any
            model call); DataError (a ValueError) names file, line and field.
        RunInterrupted: Ctrl-C.
    """
    from rich.console import Console

    console = console or Console()
    bench = get_benchmark(opts.benchmark)
    if opts.judge_calibration and bench.calibration and bench.calibration.validate:
        bench.calibration.validate(opts.judge_calibration, opts)
    plan = bench.plan(opts)
    for line in plan.banner:
        console.print(line)
    run_opts = dataclasses.replace(opts, limit=plan.limit)
    summaries: list[BenchmarkSummary] = []
    for model in opts.model:
        if plan.check_model is not None:
            plan.check_model(model, opts.model_args)
        logs = eval_tasks(plan.tasks, run_opts, model=model, model_roles=plan.model_roles)
        done = []
        for log in logs:
            if log.status == "success":
                done.append(log)
                continue
            console.print(f"[red]{log.eval.task} did not finish ({log.status}); the log keeps what was done: {log.location}[/]")
            if log.error:
                console.print(f"[red]{log.error.message}[/]", markup=False)
        if not done:
            continue
        summaries += summarize_and_print(bench, done, opts, console=console)
        if bench.after_run is not None:
            bench.after_run(done, opts, console)
        console.print(f"inspect logs: {opts.log_dir}  (view with `inspect view --log-dir {opts.log_dir}`)")
    return summaries


def summarize_and_print(bench: Benchmark, logs: Sequence[EvalLog], opts: RunOptions, *, console: Any) -> list[BenchmarkSummary]:
    """The benchmark's summaries of finished logs (read back from disk), printed and written."""
    from inspect_ai.log import read_eval_log

    full = [lg if lg.samples or not lg.location else read_eval_log(lg.location) for lg in logs]
    summaries = bench.summarize(full, seed=opts.seed, calibration=opts.judge_calibration)
    for s in summaries:
        hints = bench.hints(s) if bench.hints is not None else []
        print_summary(console, s, opts, table=bench.table(s), hints=hints)
    return summaries


def print_summary(console: Any, summary: BenchmarkSummary, opts: RunOptions, *, table: Any = None, hints: Sequence[str] = ()) -> list[Path]:
    """Print a finished run's table, outcome counts, hints and notes, and write its summary JSON.

    Returns:
        the written summary paths (see :func:`write_summaries`).
    """
    if table is not None:
        console.print(table)
    console.print("Outcomes: " + ", ".join(f"{k} {v}" for k, v in summary.outcome_counts.items() if v))
    for hint in hints:
        console.print(f"[yellow]{hint}[/]")
    for note in summary.notes:
        console.print(f"[yellow]Note:[/] {note}")
    paths = write_summaries([summary], opts)
    for p in paths:
        console.print(f"Summary JSON: {p}")
    return paths


def write_summaries(summaries: Sequence[BenchmarkSummary], opts: RunOptions) -> list[Path]:
    """Write each summary as JSON beside its (first) log: ``<log name>.<model>.summary.json``."""
    paths = []
    for s in summaries:
        stem = s.logs[0].rsplit(".", 1)[0] if s.logs else s.benchmark
        slug = s.model.replace("/", "_")
        paths.append(s.write_json(Path(opts.log_dir) / f"{stem}.{slug}.summary.json"))
    return paths


def _unfinished_logs(log_dir: str) -> list[str]:
    """Unfinished logs of the most recent run in ``log_dir`` that has any, newest first.

    Logs are grouped by inspect ``task_id`` (eval-retry keeps it), so a log that was already
    resumed to success is not picked again; only the newest log of each task counts. Of the
    unfinished tasks, those sharing the ``run_id`` of the newest one are returned.
    """
    from inspect_ai.log import list_eval_logs, read_eval_log

    newest: dict[str, Any] = {}
    for info in list_eval_logs(log_dir, formats=["eval"], recursive=False, descending=True):
        newest.setdefault(info.task_id, info)
    pending = []
    for info in sorted(newest.values(), key=lambda i: i.mtime or 0, reverse=True):
        header = read_eval_log(info.name, header_only=True)
        if header.status != "success":
            pending.append((info.name, header.eval.run_id))
    if not pending:
        return []
    run_id = pending[0][1]
    return [name for name, rid in pending if rid == run_id]


def resume_latest(opts: RunOptions, *, console: Any = None) -> list[BenchmarkSummary]:
    """`medtrust run --resume`: finish the latest unfinished run in ``opts.log_dir`` with inspect's eval-retry.

    eval-retry first recovers samples of a crashed (``started``) log from inspect's sample
    buffer, keeps every finished sample and re-runs only the rest; the task is rebuilt from the
    registry (``medtrust/<task>``) with the original task and model args (from the log). Each
    finished log is then summarised by its own benchmark (from the log's recorded metadata),
    printed and written beside it, as for a normal run.

    Raises:
        FileNotFoundError: no unfinished log in ``opts.log_dir``.
    """
    from inspect_ai import eval_retry
    from rich.console import Console

    offline_env()
    console = console or Console()
    names = _unfinished_logs(opts.log_dir)
    if not names:
        raise FileNotFoundError(f"no unfinished inspect log in {opts.log_dir} to resume")
    for name in names:
        console.print(f"Resuming {Path(name).name}")
    finished: dict[str, tuple[Benchmark, list[EvalLog]]] = {}
    for log in eval_retry(names, **eval_args(opts)):
        if log.status != "success":
            console.print(f"[red]run did not finish ({log.status}); the log keeps what was done: {log.location}[/]")
            continue
        bench = benchmark_of(log)
        if bench is None:
            console.print(f"resumed log {log.location} is not a medtrust benchmark log; not summarised")
            continue
        finished.setdefault(bench.name, (bench, []))[1].append(log)
    summaries: list[BenchmarkSummary] = []
    for bench, logs in finished.values():
        summaries += summarize_and_print(bench, logs, opts, console=console)
        for log in logs:
            console.print(f"inspect log: {log.location}")
    return summaries
