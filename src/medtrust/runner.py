"""Shared run plumbing for `medtrust run`: options, the benchmark table, one inspect eval wrapper.

Each benchmark package exposes ``cli.run(opts: RunOptions) -> list[BenchmarkSummary]``; the
CLI dispatches through :data:`BENCHMARKS`. Evaluation itself is always inspect's ``eval()``.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog

from medtrust.summary import BenchmarkSummary

class RunInterrupted(RuntimeError):
    """The user interrupted a run (Ctrl-C); what finished is in the log and can be resumed."""


#: CLI name -> (package holding cli.run, one-line description)
BENCHMARKS: dict[str, tuple[str, str]] = {
    "cares-llm": ("medtrust.benchmarks.cares_llm", "CARES-LLM (Chen et al. 2025): medical LLM safety, Accept/Caution/Refuse judge, Safety Score"),
    "cares-vlm": ("medtrust.benchmarks.cares_vlm", "CARES-VLM (Xia et al. 2024): trustfulness, fairness, safety, privacy, robustness of medical VLMs"),
    "mediconfusion": ("medtrust.benchmarks.mediconfusion", "MediConfusion (Sepehri et al. 2024): confusing image pairs, set accuracy and confusion"),
}

DEFAULT_MODEL = "medtrust/embedded"


@dataclass
class RunOptions:
    """Options of one `medtrust run` (all benchmarks; each uses the ones it needs).

    Attributes:
        benchmark: key of :data:`BENCHMARKS`.
        model: inspect model names (one eval per model).
        judge_models: inspect model names for the ``grader`` role; empty = offline judge.
        judge_calibration: ``medtrust judge-eval --json-out`` file; adds Rogan-Gladen corrected rates.
        data: {source: path} data files (CARES-LLM uses key ``default``).
        image_roots: {source: directory} image roots (CARES-VLM, MediConfusion).
        limit: max samples per task (None = all).
        full: run every packaged row instead of the quick default sample.
        log_dir: where inspect logs and summaries go.
        seed: seed for shuffling, policies and bootstrap.
        max_tokens: generation limit (None = benchmark default).
        mode: MediConfusion mode (mc | ff | gd | ps).
        dimensions: CARES-VLM dimensions (empty = all).
        mitigation: CARES-LLM mitigation (off | detector | oracle | always).
        allow_remote_restricted: send restricted-source data to a non-local endpoint.
        model_args: extra ``-M`` args for the evaluated model.
        task_args: extra ``-T`` args for the task.
        resume: continue the latest unfinished log in log_dir (inspect eval-retry).
        report: also write the HTML scorecard after the run.
        max_connections: concurrent model calls (None = provider default).
    """

    benchmark: str = "cares-llm"
    model: list[str] = field(default_factory=lambda: [DEFAULT_MODEL])
    judge_models: list[str] = field(default_factory=list)
    judge_calibration: str | None = None
    data: dict[str, str] = field(default_factory=dict)
    image_roots: dict[str, str] = field(default_factory=dict)
    limit: int | None = None
    full: bool = False
    log_dir: str = "medtrust-logs"
    seed: int = 0
    max_tokens: int | None = None
    mode: str | None = None
    dimensions: list[str] = field(default_factory=list)
    mitigation: str = "off"
    allow_remote_restricted: bool = False
    model_args: dict[str, Any] = field(default_factory=dict)
    task_args: dict[str, Any] = field(default_factory=dict)
    resume: bool = False
    report: bool = False
    max_connections: int | None = None
    display: str | None = None


def benchmark_module(name: str) -> Any:
    """Import the cli module of a benchmark.

    Raises:
        ValueError: unknown benchmark name (lists the known ones).
    """
    key = name.replace("_", "-").lower()
    if key not in BENCHMARKS:
        raise ValueError(f"unknown benchmark '{name}'; known: {', '.join(BENCHMARKS)}")
    return importlib.import_module(BENCHMARKS[key][0] + ".cli")


def offline_env() -> None:
    """Never reach a model hub at run time (ENVIRONMENT.md sec. 1)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def check_local_endpoint(model: str, base_url: str | None) -> None:
    """Fail fast when a model server on this machine is not listening.

    Applies to loopback URLs only (``-M base_url`` or ``<SERVICE>_BASE_URL`` of an
    ``openai-api/<service>/...`` model); remote endpoints are left to inspect's retries.

    Raises:
        ValueError: naming the URL and the connection error.
    """
    import socket
    from urllib.parse import urlparse

    from medtrust.endpoints import is_loopback_url

    if base_url is None and model.startswith("openai-api/") and model.count("/") >= 2:
        base_url = os.environ.get(model.split("/")[1].upper().replace("-", "_") + "_BASE_URL")
    if not is_loopback_url(base_url):
        return
    u = urlparse(base_url)
    port = u.port or (443 if u.scheme == "https" else 80)
    try:
        socket.create_connection((u.hostname, port), timeout=3).close()
    except OSError as e:
        raise ValueError(f"model server {base_url} is not reachable ({e.strerror or e}); start it or fix base_url") from None


def eval_tasks(
    tasks: Task | Sequence[Task],
    opts: RunOptions,
    *,
    model: str,
    model_roles: dict[str, Any] | None = None,
    **eval_kwargs: Any,
) -> list[EvalLog]:
    """Run tasks through inspect's ``eval`` with medtrust's defaults.

    Defaults: per-sample errors are recorded (``fail_on_error=False``) so one bad sample never
    crashes a run; logs go to ``opts.log_dir`` in inspect's .eval format.

    ``-M base_url=...`` / ``-M api_key=...`` go to ``get_model`` (not to the provider's args).

    Returns:
        inspect EvalLogs (one per task), as returned by ``inspect_ai.eval``.

    Raises:
        RunInterrupted: the run was interrupted (no logs, or a cancelled one).
    """
    offline_env()
    from medtrust import secrets

    secrets.install()
    secrets.register_model_args(opts.model_args)
    from medtrust.models.args import split_model_args

    # -M args the provider cannot take but that are generation settings (max_retries ...) go to eval
    model_args, config_args = split_model_args(model, dict(opts.model_args)) if isinstance(model, str) else (dict(opts.model_args), {})
    base_url, api_key = model_args.pop("base_url", None), model_args.pop("api_key", None)
    target: Any = model
    if isinstance(model, str):
        check_local_endpoint(model, base_url)
    if base_url is not None or api_key is not None:
        # inspect's eval() takes base_url/api_key only as get_model() parameters, never as -M args
        from inspect_ai.model import get_model

        target = get_model(model, base_url=base_url, api_key=api_key, memoize=False, **model_args)
        model_args = {}
    kwargs: dict[str, Any] = dict(
        model=target,
        model_args=model_args,
        model_roles=model_roles or None,
        log_dir=opts.log_dir,
        limit=opts.limit,
        fail_on_error=False,
        seed=opts.seed,
    )
    if opts.max_connections is not None:
        kwargs["max_connections"] = opts.max_connections
    if opts.display is not None:
        kwargs["display"] = opts.display
    kwargs.update(config_args)
    kwargs.update(eval_kwargs)
    logs = inspect_eval(tasks, **kwargs)
    if not logs or any(log.status == "cancelled" for log in logs):
        raise RunInterrupted(
            f"run interrupted; finished samples are kept in {opts.log_dir}. "
            f"Resume with: medtrust run --resume --log-dir {opts.log_dir}"
        )
    return logs


def print_summary(
    console: Any, summary: BenchmarkSummary, log: EvalLog | None, opts: RunOptions, *, table: Any = None, hints: Sequence[str] = ()
) -> list[Path]:
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
    paths = write_summaries([summary], log, opts)
    for p in paths:
        console.print(f"Summary JSON: {p}")
    return paths


def write_summaries(summaries: list[BenchmarkSummary], log: EvalLog | None, opts: RunOptions) -> list[Path]:
    """Write each summary as JSON beside its log (``<log name>.summary.json``)."""
    paths = []
    for s in summaries:
        stem = Path(log.location).name.rsplit(".", 1)[0] if log is not None and log.location else f"{s.benchmark}"
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


def resume_latest(opts: RunOptions) -> None:
    """`medtrust run --resume`: finish the latest unfinished run in ``opts.log_dir`` with inspect's eval-retry.

    eval-retry first recovers samples of a crashed (``started``) log from inspect's sample
    buffer, keeps every finished sample and re-runs only the rest; the task is rebuilt from the
    registry (``medtrust/<task>``) with the original task and model args (from the log). The
    benchmark summary is then computed from
    the new log, printed and written beside it, as for a normal run.

    Raises:
        FileNotFoundError: no unfinished log in ``opts.log_dir``.
    """
    from inspect_ai import eval_retry
    from rich.console import Console

    offline_env()
    console = Console()
    names = _unfinished_logs(opts.log_dir)
    if not names:
        raise FileNotFoundError(f"no unfinished inspect log in {opts.log_dir} to resume")
    kwargs: dict[str, Any] = dict(log_dir=opts.log_dir, fail_on_error=False)
    if opts.max_connections is not None:
        kwargs["max_connections"] = opts.max_connections
    if opts.display is not None:
        kwargs["display"] = opts.display
    for name in names:
        console.print(f"Resuming {Path(name).name}")
    for log in eval_retry(names, **kwargs):
        if log.status != "success":
            console.print(f"[red]run did not finish ({log.status}); the log keeps what was done: {log.location}[/]")
            continue
        bench = (log.eval.metadata or {}).get("benchmark") or opts.benchmark.replace("-", "_")
        mod = importlib.import_module(f"medtrust.benchmarks.{bench}.summary")
        extra = {"calibration": opts.judge_calibration} if opts.judge_calibration and bench in ("cares_llm", "cares_vlm") else {}
        result = mod.summarize_log(log, seed=opts.seed, **extra)
        summaries = result if isinstance(result, list) else [result]
        # the table formatter lives in the benchmark's summary or cli module
        fmt = getattr(mod, "format_table", None) or getattr(importlib.import_module(f"medtrust.benchmarks.{bench}.cli"), "format_table", None)
        for s in summaries:
            print_summary(console, s, log, opts, table=fmt(s) if fmt else None)
        console.print(f"inspect log: {log.location}")
