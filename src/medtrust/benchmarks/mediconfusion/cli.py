"""`medtrust run --benchmark mediconfusion`: build the task, run inspect, summarise the log."""

from __future__ import annotations

from typing import Any

import click
from inspect_ai.model import get_model

from medtrust.benchmarks.mediconfusion.summary import format_table, summarize_log
from medtrust.benchmarks.mediconfusion.task import MODES, check_mode_support, mediconfusion
from medtrust.runner import RunOptions, eval_tasks, write_summaries
from medtrust.summary import BenchmarkSummary


def run(opts: RunOptions) -> list[BenchmarkSummary]:
    """Run MediConfusion for every model in ``opts.model``.

    Uses ``opts.mode`` (mc | ff | gd | ps; default mc), ``opts.image_roots`` (key
    ``mediconfusion`` or ``default``), ``opts.judge_models[0]`` as the ``grader`` role (FF),
    ``opts.data["mediconfusion"]`` (optional dataset file), ``opts.task_args`` (e.g.
    ``swap``, ``parser``, ``tr``, ``prompt_family``, ``text_only``), ``opts.limit`` (samples;
    two per pair), ``opts.seed``, ``opts.max_tokens``.

    Returns:
        One summary per model, computed from the written log.

    Raises:
        click.UsageError: unknown mode, FF without a judge, a model that cannot do the mode,
            missing images (all before any model call).
    """
    mode = (opts.mode or "mc").lower()
    if mode not in MODES:
        raise click.UsageError(f"unknown MediConfusion mode '{mode}'; choose one of {', '.join(MODES)}")
    if mode == "ff" and not opts.judge_models:
        raise click.UsageError("MediConfusion FF mode needs a judge model: add --judge-model <inspect model> (role 'grader')")
    root = opts.image_roots.get("mediconfusion") or opts.image_roots.get("default")
    task_args: dict[str, Any] = {"mode": mode, "image_root": root, **opts.task_args}
    if opts.data.get("mediconfusion"):
        task_args["data"] = opts.data["mediconfusion"]
    if opts.max_tokens is not None:
        task_args.setdefault("max_tokens", opts.max_tokens)
    try:
        task = mediconfusion(**task_args)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    roles = {"grader": opts.judge_models[0]} if mode == "ff" else None
    summaries = []
    for model_name in opts.model:
        try:
            check_mode_support(get_model(model_name, **opts.model_args), mode)
        except ValueError as e:
            raise click.UsageError(str(e)) from None
        logs = eval_tasks(task, opts, model=model_name, model_roles=roles)
        for log in logs:
            if log.status != "success":
                click.echo(f"mediconfusion: run {log.status} for {model_name}: {log.error.message if log.error else ''}", err=True)
                continue
            s = summarize_log(log, seed=opts.seed)
            click.echo(format_table(s))
            write_summaries([s], log, opts)
            summaries.append(s)
    return summaries
