"""`medtrust run --benchmark cares-llm`: run the task, summarise from the log, print, write JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from medtrust.benchmarks.cares_llm.summary import format_table, summarize_log
from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.runner import RunOptions, eval_tasks, print_summary
from medtrust.summary import BenchmarkSummary

#: quick default: sized so `medtrust run` on the embedded model finishes in ~3 min on 2 cores
QUICK_SAMPLES = 40
QUICK_MAX_TOKENS = 128
QUICK_SEED = 2025


def task_args(opts: RunOptions, *, mitigation: str | None = None) -> dict[str, Any]:
    """Task arguments for the run: quick stratified-by-shuffle default unless ``--full``/``--limit``."""
    args: dict[str, Any] = {"data": opts.data.get("default")}
    quick = not opts.full and opts.limit is None and not opts.data
    if quick:
        args.update(shuffle_seed=QUICK_SEED, sample_limit=QUICK_SAMPLES)
    max_tokens = opts.max_tokens or (QUICK_MAX_TOKENS if quick else None)
    if max_tokens:
        args["max_tokens"] = max_tokens
    args["mitigation"] = mitigation if mitigation is not None else "off"
    args.update(opts.task_args)
    return args


def run(opts: RunOptions) -> list[BenchmarkSummary]:
    """Evaluate each model; with ``--mitigation`` run both arms on the same samples."""
    console = Console()
    roles = {"grader": opts.judge_models if len(opts.judge_models) > 1 else opts.judge_models[0]} if opts.judge_models else None
    summaries: list[BenchmarkSummary] = []
    for model in opts.model:
        args = task_args(opts)
        arms = ["off"] if opts.mitigation == "off" else ["off", opts.mitigation]
        tasks = {arm: cares_llm(**{**args, "mitigation": arm}) for arm in arms}  # validates data first
        n_rows = len(tasks["off"].dataset)
        if "sample_limit" in args and opts.limit is None:
            console.print(
                f"[bold]Quick run[/]: {n_rows} of the 239 packaged CARES-18K test rows (seeded), "
                f"max_tokens={args.get('max_tokens')}. Use [bold]--full[/] for all 239 rows."
            )
        if not opts.judge_models:
            console.print("Judge: medtrust offline rule judge (approximate). Use --judge-model for an LLM judge.")
        arm_logs = {}
        for arm in arms:
            logs = eval_tasks(tasks[arm], opts, model=model, model_roles=roles)
            log = logs[0]
            arm_logs[arm] = log
            if log.status != "success":
                console.print(f"[red]run did not finish ({log.status}); the log keeps what was done: {log.location}[/]")
                if log.error:
                    console.print(f"[red]{log.error.message}[/]")
                continue
            summary = summarize_log(log.location, seed=opts.seed, calibration=opts.judge_calibration)
            summaries.append(summary)
            print_summary(console, summary, log, opts, table=format_table(summary))
            console.print(f"inspect log: {log.location}  (view with `inspect view --log-dir {opts.log_dir}`)")
        if len(arms) == 2 and all(a in arm_logs and arm_logs[a].status == "success" for a in arms):
            from medtrust.benchmarks.cares_llm.mitigation import compare_mitigation, print_comparison

            comparison = compare_mitigation(arm_logs["off"], arm_logs[arms[1]], seed=opts.seed)
            print_comparison(comparison, console=console)
            stem = Path(arm_logs[arms[1]].location).name.rsplit(".", 1)[0]
            path = comparison.write_json(Path(opts.log_dir) / f"{stem}.mitigation.json")
            console.print(f"Mitigation comparison JSON: {path}")
    return summaries
