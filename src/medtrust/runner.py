"""Running a benchmark: one loop over the registry for `medtrust run` and `medtrust run --resume`.

:func:`run_benchmark` asks the chosen benchmark (medtrust.benchmarks.registry) for its
:class:`~medtrust.benchmarks.interface.RunPlan`, evaluates it for every model in one inspect
``eval``, summarises each model's logs with the benchmark's own ``summarize`` (always from the
log files, never from in-memory state), prints its table and writes the summary JSON. Evaluation itself is always
inspect's; the keyword arguments of every ``eval`` / ``eval_retry`` call come from
:func:`eval_args`. The check of every endpoint before the run is :mod:`medtrust.preflight`;
finding the unfinished logs to resume is :mod:`medtrust.logs`.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from medtrust.benchmarks.interface import COMMAND_METADATA_KEY, RUN_METADATA_KEY, Benchmark, run_id_of
from medtrust.benchmarks.registry import benchmark_of, get_benchmark
from medtrust.gcsettings import run_gc
from medtrust.evidence_class import record_declared_image_input, shows_images, split_by_image_input
from medtrust.models.args import split_model_args
from medtrust.logs import finished_logs_of_runs, unfinished_logs
from medtrust.options import DEFAULT_MODEL, RunOptions
from medtrust.preflight import first_line, model_target, preflight
from medtrust.runlock import hold_run
from medtrust.summary import BenchmarkSummary, summary_path

__all__ = ["DEFAULT_MODEL", "RunIncomplete", "RunInterrupted", "RunOptions", "eval_args", "eval_tasks", "run_benchmark", "resume_latest",
           "logs_by_model", "speed_settings"]


class RunInterrupted(RuntimeError):
    """The user interrupted a run (Ctrl-C); what finished is in the log and can be resumed."""


class RunIncomplete(RuntimeError):
    """A run lost work: a task did not finish or its log could not be written. The message says
    what, where the partial log is, and how to resume. The CLI exits non-zero."""


def check_log_dir(log_dir: str) -> None:
    """Fail before any model call when the log folder cannot hold logs (nothing is created here).

    Raises:
        ValueError: it is a file, or it (or, when it does not exist yet, its nearest existing
            parent) is not a writable folder (read-only filesystem, no permission).
    """
    p = Path(log_dir)
    if p.exists() and not p.is_dir():
        raise ValueError(f"--log-dir {log_dir} is a file, not a folder")
    probe = p
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir():
        raise ValueError(f"--log-dir {log_dir} cannot be created: {probe} is a file")
    if not os.access(probe, os.W_OK | os.X_OK) or _read_only_fs(probe):
        raise ValueError(f"--log-dir {log_dir} cannot be written ({probe} is read-only)")


def _read_only_fs(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):
        return False


def offline_env() -> None:
    """Never reach a model hub at run time (ENVIRONMENT.md sec. 1)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def make_console() -> Any:
    """The rich console of a run: on a terminal, rich's defaults; otherwise (a pipe, CI, a log
    file) no hard wrapping of lines, so paths and notes are never cut mid-word, and tables get
    room to be wide."""
    import sys

    from rich.console import Console

    if sys.stdout.isatty():
        return Console()
    return Console(soft_wrap=True, width=160)


#: ``max_samples`` per ``max_connections`` when LLM judges run (see :func:`speed_settings`)
SAMPLES_PER_CONNECTION_WITH_JUDGES = 2


def speed_settings(opts: RunOptions | None = None) -> dict[str, Any]:
    """inspect ``eval`` / ``eval_retry`` settings for speed that lose nothing (docs/performance.md, "Scale").

    - ``score_display=False``: otherwise inspect recomputes every task metric over all scores so
      far while the run goes (including medtrust's bootstrap CIs; throttled to ~10% of the time),
      even with the display off. Only live progress numbers go; the final metrics are unchanged.
    - ``max_samples = 2 * max_connections`` when LLM judges run (and ``--max-connections`` is
      given): a sample holds its slot through the model call *and* the judge calls, so with
      inspect's default (``max_samples = max_connections``) the evaluated model's connections sit
      partly idle. Each model (evaluated, every judge) still has at most ``max_connections``
      requests in flight: that is inspect's per-model connection limit, not ``max_samples``.
    - ``log_realtime=True`` (inspect's default, kept on purpose): the sample buffer on local
      disk holds every finished sample until inspect flushes it into the log (every ``log_buffer``
      samples: inspect's default, ~20 flushes per run from 1,000 samples). With it off, a kill -9
      loses the finished samples not yet flushed and ``--resume`` calls the model for them again;
      tests/reliability/test_resume.py proves that nothing is lost or repeated with it on.

    Returns:
        keyword arguments valid for both ``inspect_ai.eval`` and ``eval_retry``.
    """
    settings: dict[str, Any] = {"score_display": False, "log_realtime": True}
    if opts is not None and opts.judge_models and opts.max_connections:
        settings["max_samples"] = SAMPLES_PER_CONNECTION_WITH_JUDGES * opts.max_connections
    return settings


def eval_args(opts: RunOptions, *, retry: bool = False) -> dict[str, Any]:
    """The inspect ``eval`` / ``eval_retry`` keyword arguments every medtrust run uses.

    Per-sample errors are recorded (``fail_on_error=False``) so one bad sample never ends a run;
    logs go to ``opts.log_dir`` in inspect's .eval format; connection limit, retries and request
    timeout as given; the :func:`speed_settings`. inspect's display is off unless ``--display``
    names one: medtrust prints its own progress lines (medtrust.progress) and its own results
    table. ``eval`` (not ``retry``) returns header-only logs (``log_header_only``): inspect would
    otherwise read every finished log back whole, transcripts included, only for medtrust to read
    the scores from the file again (summaries always come from the files).
    """
    kwargs: dict[str, Any] = dict(log_dir=opts.log_dir, fail_on_error=False, display=opts.display or "none", **speed_settings(opts))
    if not retry:
        kwargs["log_header_only"] = True
    if opts.max_connections is not None:
        kwargs["max_connections"] = opts.max_connections
    if opts.max_retries is not None:
        kwargs["max_retries"] = opts.max_retries
    if opts.timeout is not None:
        kwargs["timeout"] = opts.timeout
    if opts.batch:  # the provider's batch API for the evaluated model (judges: medtrust.batch.batch_roles)
        kwargs["batch"] = opts.batch
    return kwargs


def logs_written_since(log_dir: str, since: float) -> list[str]:
    """Local ``.eval`` logs in ``log_dir`` last written at or after ``since`` (a ``time.time()``
    value; one second of slack for coarse file-system clocks): the logs an interrupted run wrote.
    Empty for a remote log directory."""
    try:
        return [str(p) for p in Path(log_dir).glob("*.eval") if p.stat().st_mtime >= since - 1]
    except OSError:
        return []


def progress(opts: RunOptions, **counts: Any) -> Any:
    """medtrust's progress lines while inspect runs (a no-op context when inspect's own display
    was asked for with ``--display``); ``counts``: :class:`medtrust.progress.ProgressReporter`'s
    ``models``, ``total`` and ``already_done``."""
    import contextlib

    from medtrust.progress import ProgressReporter

    return contextlib.nullcontext() if opts.display is not None else ProgressReporter(**counts)


def _run_metadata(run_id: str) -> dict[str, Any]:
    """``eval.metadata`` of a run: its identity and, from the `medtrust` CLI, its command line
    (sanitized; an evidence pack records it, docs/evidence.md)."""
    from medtrust.invocation import command_line

    meta: dict[str, Any] = {RUN_METADATA_KEY: run_id}
    if (line := command_line()) is not None:
        meta[COMMAND_METADATA_KEY] = line
    return meta


def eval_tasks(
    tasks: Task | Sequence[Task],
    opts: RunOptions,
    *,
    model: str | Sequence[str],
    model_roles: dict[str, Any] | None = None,
    limit: int | None = None,
    **eval_kwargs: Any,
) -> list[EvalLog]:
    """Run tasks through inspect's ``eval`` with medtrust's defaults (:func:`eval_args`).

    Several models go to ONE inspect ``eval`` (every task x model, one run id): their requests
    overlap (each model within its own ``max_connections``), and one ``medtrust run --resume``
    finishes all of them after a crash (docs/performance.md, "Scale-out").
    ``-M base_url=...`` / ``-M api_key=...`` go to ``get_model`` (not to the provider's args),
    for every model alike.

    The tasks share one run identity, recorded as ``eval.metadata["medtrust_run"]``
    (:data:`medtrust.benchmarks.interface.RUN_METADATA_KEY`): inspect's ``run_id`` changes when
    eval-retry finishes one of them, this key does not, so a resumed task still joins its run.

    Args:
        tasks: the inspect tasks to run for every model.
        opts: the run's options (log folder, seed, ``-M`` args, connections, retries, display);
            ``opts.limit`` is not read here.
        model: one inspect model name or several (or inspect ``Model`` objects).
        model_roles: inspect model roles (e.g. ``grader`` for the judges).
        limit: samples per task given to inspect (the plan's :attr:`RunPlan.limit`; None = all).
            The benchmark decides what ``--limit`` means (CARES-VLM applies it per source in
            its dataset and gives None here), so the user's option is never rewritten with it.
        eval_kwargs: any other ``inspect_ai.eval`` argument, given last (it overrides).

    Returns:
        inspect EvalLogs, header only (one per task and model), as returned by ``inspect_ai.eval``;
        group them with :func:`logs_by_model`.

    Raises:
        RunInterrupted: the run was interrupted (no logs, fewer logs than tasks x models, or a
            cancelled one).
        RunIncomplete: a log could not be written (e.g. disk full).
        ValueError: a model server on this machine (loopback base_url) is not listening.
    """
    offline_env()
    targets: list[Any] = []
    model_args: dict[str, Any] = {}
    config_args: dict[str, Any] = {}
    for name in [model] if isinstance(model, str) else list(model):
        target, model_args = model_target(name, opts.model_args)
        targets.append(target)
        if isinstance(name, str):
            # -M args the provider cannot take but that are generation settings (max_retries ...) go to eval
            config_args.update(split_model_args(name, dict(opts.model_args))[1])
    run_id = uuid.uuid4().hex
    kwargs: dict[str, Any] = dict(model=targets[0] if len(targets) == 1 else targets, model_args=model_args,
                                  model_roles=model_roles or None, limit=limit, seed=opts.seed,
                                  metadata=_run_metadata(run_id), **eval_args(opts))  # fmt: skip
    task_list = [tasks] if isinstance(tasks, Task) else list(tasks)
    # every task starts (and writes its log) at once: a task that had not started when Ctrl-C
    # came would have no log, and --resume could not finish it; each model keeps its own
    # connection limit, so this only interleaves the tasks' samples
    kwargs["max_tasks"] = len(task_list) * len(targets)
    kwargs.update(config_args)
    kwargs.update(eval_kwargs)
    from medtrust.progress import planned_total

    names = [name if isinstance(name, str) else str(name) for name in ([model] if isinstance(model, str) else list(model))]
    started = time.time()
    try:
        # the run's lock: a `--resume` in another process never takes this live run (medtrust/runlock.py)
        total = planned_total(task_list, limit, len(targets), kwargs)
        with hold_run(opts.log_dir, run_id), progress(opts, models=names, total=total) as reporter, run_gc():
            logs = inspect_eval(task_list, **kwargs)
            # Ctrl-C during a run of several tasks: inspect returns only the logs of tasks that finished
            interrupted = not logs or len(logs) < len(task_list) * len(targets) or any(log.status == "cancelled" for log in logs)
            if interrupted and reporter is not None:
                reporter.interrupted(logs_written_since(opts.log_dir, started))
    except OSError as e:  # e.g. disk full while inspect writes the log
        raise RunIncomplete(f"the run could not write its log in {opts.log_dir} ({e.strerror or e}); "
                            f"free space, then resume with: medtrust run --resume --log-dir {opts.log_dir}") from None
    if interrupted:
        raise RunInterrupted(
            f"run interrupted; finished samples are kept in {opts.log_dir}. "
            f"Resume with: medtrust run --resume --log-dir {opts.log_dir}"
        )
    return logs


def logs_by_model(logs: Sequence[EvalLog]) -> dict[str, list[EvalLog]]:
    """The logs of one :func:`eval_tasks` run grouped by evaluated model (``log.eval.model``):
    models in order of first appearance, each model's logs in the order inspect returned them."""
    out: dict[str, list[EvalLog]] = {}
    for log in logs:
        out.setdefault(log.eval.model, []).append(log)
    return out


def run_benchmark(opts: RunOptions, *, console: Any = None) -> list[BenchmarkSummary]:
    """`medtrust run`: plan, evaluate every model in one inspect eval, summarise each model's
    logs from the files, print, write JSON.

    Returns:
        the summaries of every model's finished logs (failed logs are reported, not summarised).

    Raises:
        ValueError: unknown benchmark, invalid data or options, a model that cannot run the plan,
            or a calibration file that does not hold the judge's measurement (all before any
            model call); DataError (a ValueError) names file, line and field.
        RunInterrupted: Ctrl-C.
        RunIncomplete: a task of some model did not finish (the others are summarised first).
    """
    if opts.shards is not None:
        raise ValueError("a sharded run (shards set) runs through medtrust.sharded.run_sharded")
    console = console or make_console()
    bench = get_benchmark(opts.benchmark)
    check_log_dir(opts.log_dir)
    if opts.judge_calibration and bench.calibration and bench.calibration.validate:
        bench.calibration.validate(opts.judge_calibration, opts)
        check_calibration_models(opts)
    setup = None
    if opts.sequential:  # the trust case decided while the run goes (medtrust.sequential)
        from medtrust.sequential.run import pool_options, prepare, sequential_tasks

        if opts.image_blind:  # the blind pass is never evidence: nothing for a sequential decision to stop on
            raise ValueError("--image-blind runs the whole image-blind pass: run it without --sequential")
        setup = prepare(bench, opts)
    plan = bench.plan(pool_options(opts) if setup is not None else opts)
    seeing, blind_only = split_by_image_input(plan.tasks, opts.model, declared=opts.image_input, image_blind=opts.image_blind, title=bench.title)
    if opts.image_blind and not shows_images(plan.tasks):
        raise ValueError(f"--image-blind: this {bench.title} run shows no image, so there is nothing to take away")
    for line in plan.banner + (setup.banner if setup is not None else []):
        console.print(line)
    if opts.image_blind:
        console.print(f"[bold]Image-blind pass[/]: the same questions again with every image removed ({', '.join(seeing + blind_only)}); "
                      "its numbers are labelled image-blind and are never evidence" + (f"; {', '.join(blind_only)}: image-blind pass only "
                      "(no image input)" if blind_only else ""))  # fmt: skip
    if plan.check_model is not None:
        for model in opts.model:
            plan.check_model(model, opts.model_args)
    if opts.estimate or opts.max_cost is not None:  # cost and time before any model call (medtrust.estimate)
        from medtrust.estimate.run import estimate_and_check

        if estimate_and_check(bench, plan, opts, console=console, setup=setup):
            return []
    if opts.preflight:
        preflight(opts, console)
    summaries: list[BenchmarkSummary] = []
    unfinished: list[str] = []
    from medtrust.batch import batch_recording, batch_roles

    roles = batch_roles(plan.model_roles, opts.batch)
    logs = []
    with batch_recording(opts, console):
        if setup is not None:  # one eval per model: each task's monitor decides one model's case; one run id for --resume
            record_declared_image_input(plan.tasks, opts.image_input)
            run_id = uuid.uuid4().hex
            logs = [lg for m in opts.model for lg in eval_tasks(sequential_tasks(plan.tasks, setup, opts), opts, model=m, model_roles=roles,
                                                                 metadata={RUN_METADATA_KEY: run_id})]  # fmt: skip
        else:
            for tasks, models in _passes(bench, plan, opts, seeing, blind_only):
                record_declared_image_input(tasks, opts.image_input)
                logs += eval_tasks(tasks, opts, model=models, model_roles=roles, limit=plan.limit)
    for model, model_logs in logs_by_model(logs).items():
        done = []
        for log in model_logs:
            if log.status == "success" and log.location and Path(log.location).exists():
                done.append(log)
                continue
            unfinished.append(f"{log.eval.task} ({model}): {log.status}" + (f", {first_line(log.error.message, 200)}" if log.error else ""))
            console.print(f"[red]{log.eval.task} ({model}) did not finish ({log.status}); the log keeps what was done: {log.location}[/]")
            if log.error:
                console.print(log.error.message, style="red", markup=False)
        if not done:
            continue
        summaries += summarize_and_print(bench, done, opts, console=console)
        if bench.after_run is not None:
            bench.after_run(done, opts, console)
    if setup is not None:
        from medtrust.sequential.run import print_decisions

        print_decisions(logs, console)
    elif opts.criteria and summaries:
        from medtrust.sequential.run import print_case

        print_case(opts.criteria, summaries, console)
    console.print(f"inspect logs: {opts.log_dir}  (view with `inspect view --log-dir {opts.log_dir}`)")
    if unfinished:
        raise RunIncomplete(f"{len(unfinished)} task(s) did not finish: {'; '.join(unfinished)}. "
                            f"Resume with: medtrust run --resume --log-dir {opts.log_dir}")
    return summaries


def _passes(bench: Benchmark, plan: Any, opts: RunOptions, seeing: list[str], blind_only: list[str]) -> list[tuple[list[Task], list[str]]]:
    """(tasks, models) of each inspect ``eval`` of a run: the plan's tasks (and, with
    ``--image-blind``, their image-blind twins, so both passes share one run) for the models
    that see images; the image-blind twins alone for the models without image input."""
    import dataclasses

    def blind_tasks() -> list[Task]:
        return bench.plan(dataclasses.replace(opts, task_args={**opts.task_args, "image_blind": True})).tasks

    out = []
    if seeing:
        out.append((list(plan.tasks) + (blind_tasks() if opts.image_blind else []), seeing))
    if blind_only:
        out.append((blind_tasks(), blind_only))
    return out


def check_calibration_models(opts: RunOptions) -> None:
    """Refuse, before any model call, a ``--judge-calibration`` whose labels came from other
    models than the ones evaluated (medtrust.judges.scope), unless ``--force-calibration``.

    Raises:
        ValueError: naming the file, the labels' models and the model evaluated.
    """
    from medtrust.judges.scope import fit, read_scope

    scope = read_scope(str(opts.judge_calibration))
    for model in opts.model:
        _, refusal, _ = fit(scope, model, {}, force=opts.force_calibration)
        if refusal:
            raise ValueError(f"--judge-calibration {refusal}")


def summarize_and_print(bench: Benchmark, logs: Sequence[EvalLog], opts: RunOptions, *, console: Any) -> list[BenchmarkSummary]:
    """The benchmark's summaries of finished logs (read back from disk; header-only for a
    benchmark that streams its samples), with their evidence class, the calibration that belongs
    to each model and the image reliance of an image-blind pass (medtrust.logs.summarize_benchmark),
    printed and written."""
    from medtrust.logs import summarize_benchmark
    from medtrust.shards import full_log, shard_names

    full = [lg if bench.streams_samples else full_log(lg) for lg in logs]
    summaries = summarize_benchmark(bench, full, seed=opts.seed, calibrations=[opts.judge_calibration] if opts.judge_calibration else [],
                                    force_calibration=opts.force_calibration)  # fmt: skip
    from medtrust.decisions import attach as attach_sequential

    for s in summaries:
        attach_sequential(s, full)
        s.logs = shard_names(s.logs, full)  # a sharded run's merged log: every shard's file
        hints = bench.hints(s) if bench.hints is not None else []
        if _may_have_dominant_failure(s):
            hints += [line for lg in full if Path(str(lg.location)).name in s.logs for line in failure_causes(lg)]
        print_summary(console, s, opts, table=bench.table(s), hints=hints)
    return summaries


def _may_have_dominant_failure(summary: BenchmarkSummary) -> bool:
    """False only when the summary covers one log and its outcome counts show that no non-answer
    outcome ended half of it (then :func:`failure_causes` would find nothing, and the samples
    need not be read again)."""
    from medtrust.outcomes import ANSWERED

    if len(summary.logs) != 1:
        return True
    total = sum(summary.outcome_counts.values())
    answered = {str(o) for o in ANSWERED}
    return any(n and n / total >= DOMINANT_SHARE for k, n in summary.outcome_counts.items() if k not in answered)


#: a non-answer outcome this common (share of a log's samples) gets its cause printed
DOMINANT_SHARE = 0.5


def failure_causes(log: EvalLog) -> list[str]:
    """One line per non-answer outcome that ended at least half of a log's samples (e.g. every
    judge call failed), with its most common cause (score explanation or sample error), so that
    a dead judge or endpoint is named on the terminal, not only counted."""
    from collections import Counter

    from medtrust.outcomes import ANSWERED, Outcome

    causes: dict[str, Counter[str]] = {}
    n_samples = 0
    for score, error in _sample_results(log):
        n_samples += 1
        outcome = str((score.metadata or {}).get("outcome")) if score is not None else str(Outcome.MODEL_ERROR)
        if outcome in {str(o) for o in ANSWERED}:
            continue
        why = (score.explanation if score is not None else None) or error or "no reason recorded"
        causes.setdefault(outcome, Counter())[first_line(why, 300)] += 1
    lines = []
    for outcome, counter in causes.items():
        n = sum(counter.values())
        if n_samples and n / n_samples >= DOMINANT_SHARE:
            cause, k = counter.most_common(1)[0]
            lines.append(f"{n} of {n_samples} samples ended as {outcome} ({Path(str(log.location)).name}); most common cause ({k}x): {cause}")
    return lines


def _sample_results(log: EvalLog) -> Iterator[tuple[Any, str | None]]:
    """(first score or None, error message or None) of each sample: from the samples of a log
    read whole, else from inspect's sample summaries in its file (never the whole log)."""
    if log.samples is None and log.location:
        from medtrust.shards import sample_summaries

        for _, r in sample_summaries(log):  # every shard's file of a sharded run's merged log
            yield next(iter((r.scores or {}).values()), None), r.error
        return
    for smp in log.samples or []:
        yield next(iter((smp.scores or {}).values()), None), (smp.error.message if smp.error else None)


def outcome_line(counts: Mapping[str, int]) -> str:
    """The run's outcome counts in one line, every sample counted once: correct and incorrect always
    (zero included), partial when any, and the explicit non-answers as one total, zero included,
    with the non-zero kinds after it ("Outcomes: correct 10, incorrect 30, non-answers 0";
    "... non-answers 3 (unparseable 2, model_error 1)")."""
    from medtrust.outcomes import ANSWERED, Outcome

    parts = [f"{k} {counts.get(k, 0)}" for k in (Outcome.CORRECT, Outcome.INCORRECT)]
    if counts.get(Outcome.PARTIAL):
        parts.append(f"{Outcome.PARTIAL} {counts[Outcome.PARTIAL]}")
    non = {k: v for k, v in counts.items() if k not in ANSWERED and v}
    parts.append(f"non-answers {sum(non.values())}" + (" (" + ", ".join(f"{k} {v}" for k, v in non.items()) + ")" if non else ""))
    return "Outcomes: " + ", ".join(parts)


def print_summary(console: Any, summary: BenchmarkSummary, opts: RunOptions, *, table: Any = None, hints: Sequence[str] = ()) -> list[Path]:
    """Print a finished run's table, outcome counts, hints and notes, and write its summary JSON.

    Returns:
        the written summary paths (see :func:`write_summaries`).
    """
    if table is not None:
        console.print(table)
    console.print(outcome_line(summary.outcome_counts), markup=False)
    for line in evidence_lines(summary):
        console.print(line, markup=False)
    for hint in hints:
        console.print(f"[yellow]{hint}[/]")
    for note in summary.notes:
        console.print(f"[yellow]Note:[/] {note}")
    paths = write_summaries([summary], opts)
    for p in paths:
        console.print(f"Summary JSON: {p}")
    return paths


def evidence_lines(summary: BenchmarkSummary) -> list[str]:
    """What the run is evidence of (medtrust.evidence_class), and its image reliance when it has an
    image-blind partner, as lines for the terminal."""
    from medtrust.evidence_class import Evidence
    from medtrust.reliance import DIMENSION

    if summary.evidence is None:
        return []
    ev = Evidence.from_dict(summary.evidence)
    head = f"Evidence: {ev.label}" + ("" if ev.qualifies() else " (NOT evidence for a trust case by default: " + ev.why_not() + ")")
    lines = [head if not ev.qualifies() else head + (f" ({'; '.join(ev.reasons)})" if ev.reasons else "")]
    for m in summary.metrics:
        if m.dimension == DIMENSION and m.group is None:
            ci = f" [{m.ci_low:.1f}, {m.ci_high:.1f}]" if m.ci_low is not None and m.ci_high is not None else ""
            lines.append(f"Image reliance: {m.name} {'n/a' if m.value is None else f'{m.value:.1f}%'}{ci} (n={m.n})")
    return lines


def write_summaries(summaries: Sequence[BenchmarkSummary], opts: RunOptions) -> list[Path]:
    """Write each summary as JSON beside its (first) log (:func:`medtrust.summary.summary_path`)."""
    return [s.write_json(summary_path(opts.log_dir, s)) for s in summaries]


def _cancelled_retry(error: IndexError) -> bool:
    """Whether an IndexError came from inspect's eval-retry indexing the logs of a retry that
    Ctrl-C cancelled before it returned any (``eval_async(...)[0]`` in inspect_ai/_eval/eval.py),
    not from anywhere else."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    frame = tb.tb_frame.f_code if tb is not None else None
    return frame is not None and frame.co_filename.replace("\\", "/").endswith("inspect_ai/_eval/eval.py") and "retry" in frame.co_name


def retry_logs(names: Sequence[str], opts: RunOptions, *, console: Any = None) -> list[EvalLog]:
    """inspect's eval-retry of the unfinished logs ``names`` (all at once), with progress lines
    that start from the samples the logs already hold; used by a resume in one piece and a
    shard's resume (medtrust.sharded). The run's lock is held meanwhile (one lock per shard for a
    shard's logs: the shards of one run resume side by side), and batch ids are recorded.

    Raises:
        RunInterrupted: Ctrl-C again (fewer logs back than given, or a cancelled one).
        medtrust.runlock.RunHeld: another process holds the run (or this shard of it).
    """
    from inspect_ai import eval_retry
    from inspect_ai.log import read_eval_log

    from medtrust.batch import batch_recording
    from medtrust.progress import resumed_counts
    from medtrust.shards import shard_of

    headers = [read_eval_log(name, header_only=True) for name in names]
    total, already_done = resumed_counts(headers)
    counts = dict(models=sorted({h.eval.model for h in headers}), total=total, already_done=already_done)
    shard = shard_of(headers[0])
    lock = run_id_of(headers[0]) + (f".shard{shard.get('index')}" if shard else "")
    started = time.time()
    with hold_run(opts.log_dir, lock), progress(opts, **counts) as reporter, run_gc(), \
            batch_recording(opts, console or make_console(), resumed=list(names)):  # fmt: skip
        try:
            retried = eval_retry(list(names), max_tasks=len(names), **eval_args(opts, retry=True))
        except IndexError as e:
            if not _cancelled_retry(e):
                raise
            retried = []  # Ctrl-C before any sample of the retry finished: inspect had no log to index
        interrupted = len(retried) < len(names) or any(log.status == "cancelled" for log in retried)  # Ctrl-C again
        if interrupted and reporter is not None:
            reporter.interrupted(logs_written_since(opts.log_dir, started))
    if interrupted:
        raise RunInterrupted(f"resume interrupted; finished samples are kept in {opts.log_dir}. "
                             f"Resume with: medtrust run --resume --log-dir {opts.log_dir}")
    return retried


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
    offline_env()
    console = console or make_console()
    names = unfinished_logs(opts.log_dir)
    if not names:
        raise FileNotFoundError(f"no unfinished inspect log in {opts.log_dir} to resume")
    from inspect_ai.log import read_eval_log

    from medtrust.keys import api_key_for

    for name in names:
        console.print(f"Resuming {Path(name).name}")
    finished: dict[str, tuple[Benchmark, list[EvalLog]]] = {}
    # the log keeps the original -M args and base_url (inspect rebuilds the model from them); an
    # API key is never written, so one given again with -M api_key reaches the model in memory
    spec = read_eval_log(names[0], header_only=True).eval
    with api_key_for(spec.model, opts.model_args.get("api_key"), spec.model_base_url):
        retried = retry_logs(names, opts, console=console)
    unfinished = []
    for log in retried:
        if log.status != "success":
            unfinished.append(f"{log.eval.task}: {log.status}")
            console.print(f"[red]run did not finish ({log.status}); the log keeps what was done: {log.location}[/]")
            continue
        bench = benchmark_of(log)
        if bench is None:
            console.print(f"resumed log {log.location} is not a medtrust benchmark log; not summarised")
            continue
        finished.setdefault(bench.name, (bench, []))[1].append(log)
    summaries: list[BenchmarkSummary] = []
    for bench, logs in finished.values():
        # the run's tasks that had finished before the interruption belong to its summary too
        # (an interrupted run printed none: CARES-VLM's dimensions, several models)
        logs = logs + finished_logs_of_runs(opts.log_dir, logs)
        summaries += summarize_and_print(bench, logs, opts, console=console)
        for log in logs:
            console.print(f"inspect log: {log.location}")
    from medtrust.sequential.run import print_decisions

    print_decisions(retried, console)
    if unfinished:
        raise RunIncomplete(f"{len(unfinished)} task(s) still did not finish: {'; '.join(unfinished)}. "
                            f"Resume again with: medtrust run --resume --log-dir {opts.log_dir}")
    return summaries
