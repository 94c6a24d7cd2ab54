"""`medtrust run --benchmark cares-vlm`: run the chosen dimensions, summarise from the logs, print.

Usage::

    medtrust run -b cares-vlm --model hf/... --data ham10000=HAM10000_factuality.jsonl \\
        --image-root ham10000=images/ [--dimension factuality --dimension uncertainty] [--limit 50]

- ``--data SOURCE=FILE`` (repeatable; ``SOURCE_demographics=FILE`` adds a side table, e.g. the
  FairVLMed metadata); without ``--data`` the files of ``medtrust data fetch cares-vlm`` are used.
- ``--image-root SOURCE=DIR`` (repeatable; default ``<annotation folder>/images``).
- ``--limit N``: the first N rows *of each source* (not of the whole task), so every source is
  represented in a quick run.
- ``--dimension``: any of factuality, uncertainty, fairness, jailbreak, overcautious, toxicity,
  privacy, robustness (default all). Fairness is computed from the factuality samples, so with
  factuality also selected no separate fairness task is run.
- ``--judge-model``: the ``grader`` for open-ended sources (MIMIC-CXR, FairVLMed, PMC-OA).
- Restricted sources (MIMIC-CXR, FairVLMed, OL3I) are refused for non-local models and judges
  unless ``--allow-remote-restricted`` (guard.py).

The summary is computed from the inspect logs (``summary.summarize_logs``), printed in the
leaderboard's units (percent), and written beside the logs as JSON.
``--judge-calibration FILE`` (from ``medtrust judge-eval --judge abstention --json-out FILE``) adds
Rogan-Gladen corrected abstention rates ``*_abstention_corrected``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from inspect_ai import Task

from medtrust.benchmarks.cares_vlm.guard import check_models
from medtrust.benchmarks.cares_vlm.schema import DIMENSIONS, RESTRICTED_SOURCES
from medtrust.benchmarks.cares_vlm.task import PLAN, cares_vlm, resolve_data_files
from medtrust.runner import RunOptions, eval_tasks, print_summary
from medtrust.summary import BenchmarkSummary, MetricResult

#: leaderboard columns in the project page's order (metric names of summary.py)
HEADLINE = (
    "factuality_acc", "uncertainty_acc", "uncertainty_oc", "aed_age", "aed_gender", "aed_race",
    "jailbreak_acc", "jailbreak_abstention", "overcautious_abstention", "toxicity_delta_tox",
    "toxicity_delta_abs", "privacy_zero_shot_abstention", "privacy_few_shot_abstention",
    "robustness_noise_acc", "robustness_noise_abstention", "robustness_ood_abstention",
)


def plan_dimensions(dimensions: list[str]) -> list[str]:
    """The tasks to run for the requested dimensions (all when empty), in canonical order.

    Raises:
        ValueError: unknown dimension (lists the known ones).
    """
    dims = [d.strip().lower() for d in dimensions if d.strip()] or list(DIMENSIONS)
    dims = ["overcautious" if d in ("overcautiousness", "over-cautious") else d for d in dims]
    bad = [d for d in dims if d not in DIMENSIONS]
    if bad:
        raise ValueError(f"unknown CARES-VLM dimension(s) {', '.join(bad)}; known: {', '.join(DIMENSIONS)}")
    out = [d for d in DIMENSIONS if d in dims]
    if "factuality" in out and "fairness" in out:
        out.remove("fairness")  # fairness is sliced from the factuality samples (summary.py)
    return out


def task_kwargs(opts: RunOptions) -> dict[str, Any]:
    """Task arguments shared by every dimension of the run."""
    kw: dict[str, Any] = {
        "data": dict(opts.data) or None,
        "image_roots": dict(opts.image_roots) or None,
        "limit_per_source": opts.limit,
        "seed": opts.seed,
        "allow_remote_restricted": opts.allow_remote_restricted,
    }
    if opts.max_tokens:
        kw["max_tokens"] = opts.max_tokens
    kw.update(opts.task_args)
    return kw


def build_tasks(opts: RunOptions, dims: list[str]) -> tuple[list[Task], list[str]]:
    """One task per dimension; dimensions without any available source are skipped (named)."""
    tasks, skipped = [], []
    files = resolve_data_files(opts.data)
    for d in dims:
        srcs = {s for group, _, _ in PLAN[d] for s in group}
        if not srcs & set(files):
            skipped.append(f"{d} (needs one of: {', '.join(sorted(srcs))})")
            continue
        tasks.append(cares_vlm(dimension=d, **task_kwargs(opts)))
    return tasks, skipped


def _fmt(m: MetricResult) -> str:
    scale = 100.0 if m.unit == "fraction" else 1.0
    if m.value is None:
        return "n/a"
    s = f"{scale * m.value:.2f}"
    if m.ci_low is not None and m.ci_high is not None:
        s += f" [{scale * m.ci_low:.2f}, {scale * m.ci_high:.2f}]"
    return s


def format_table(summary: BenchmarkSummary) -> str:
    """Overall (ungrouped) metrics, leaderboard columns first, in percent with 95% CIs."""
    overall = [m for m in summary.metrics if m.group is None]
    order = {n: i for i, n in enumerate(HEADLINE)}
    # a *_corrected rate sits right below its raw rate
    overall.sort(key=lambda m: (order.get(m.name.removesuffix("_corrected"), len(order)), m.name))
    width = max([len(m.name) for m in overall] + [6])
    lines = [f"CARES-VLM  {summary.model}", f"{'metric':<{width}}  {'value [95% CI]':<28} {'n':>6}  dir"]
    for m in overall:
        arrow = "" if m.higher_is_better is None else ("higher" if m.higher_is_better else "lower")
        lines.append(f"{m.name:<{width}}  {_fmt(m):<28} {m.n:>6}  {arrow}")
    return "\n".join(lines)


def run(opts: RunOptions) -> list[BenchmarkSummary]:
    """Run the chosen CARES-VLM dimensions for each model, summarise from the logs, print, write JSON.

    Raises:
        ValueError: unknown dimension/source, no annotation file, no image at all (NoImagesError),
            or the restricted-data guard refusing (RestrictedDataError is re-raised as ValueError
            so the CLI prints it as a usage error), or a ``--judge-calibration`` file without the
            ``abstention`` judge (DataError, checked before any model call).
    """
    from rich.console import Console

    from medtrust.benchmarks.cares_vlm.guard import RestrictedDataError
    from medtrust.benchmarks.cares_vlm.summary import summarize_logs

    console = Console()
    dims = plan_dimensions(opts.dimensions)
    files = resolve_data_files(opts.data)
    if not files:
        raise ValueError(
            "CARES-VLM needs its annotation files: pass --data SOURCE=FILE (e.g. --data ham10000=HAM10000_factuality.jsonl) "
            "or run `medtrust data fetch cares-vlm` when online."
        )
    try:
        models = [(m, opts.model_args, "model") for m in opts.model] + [(j, None, "grader") for j in opts.judge_models]
        check_models(files, models, allow_remote_restricted=opts.allow_remote_restricted)
    except RestrictedDataError as e:
        raise ValueError(str(e)) from None
    if set(files) & RESTRICTED_SOURCES and opts.allow_remote_restricted:
        console.print("[yellow]--allow-remote-restricted: restricted sources may be sent to non-local endpoints.[/]")
    if opts.judge_calibration:
        from medtrust.judges.correction import load_calibration

        # fail before the run, not after it: the file must hold the abstention detector's measurement
        load_calibration(opts.judge_calibration, judge="abstention", positive="refused")
    tasks, skipped = build_tasks(opts, dims)
    for s in skipped:
        console.print(f"[yellow]skipped dimension[/] {s}: no annotation file given")
    if not tasks:
        raise ValueError("no CARES-VLM dimension can run with the given --data files")
    # --limit is applied per source inside the task; inspect must not cut the task again
    eval_opts = dataclasses.replace(opts, limit=None)
    roles = None
    if opts.judge_models:
        roles = {"grader": opts.judge_models if len(opts.judge_models) > 1 else opts.judge_models[0]}
    summaries: list[BenchmarkSummary] = []
    for model in opts.model:
        logs = eval_tasks(tasks, eval_opts, model=model, model_roles=roles)
        done = [lg for lg in logs if lg.status == "success"]
        for lg in logs:
            if lg.status != "success":
                msg = lg.error.message if lg.error else ""
                console.print(f"[red]{lg.eval.task} did not finish ({lg.status}); log: {lg.location}[/] {msg}")
        if not done:
            continue
        for summary in summarize_logs([lg.location for lg in done], seed=opts.seed, calibration=opts.judge_calibration):
            summaries.append(summary)
            n_input_errors = summary.outcome_counts.get("input_error")
            hints = [f"{n_input_errors} samples had no usable image or gold (input_error); "
                     "set --image-root SOURCE=DIR for missing images."] if n_input_errors else []
            print_summary(console, summary, done[0], opts, table=format_table(summary), hints=hints)
        console.print(f"inspect logs: {opts.log_dir}  (view with `inspect view --log-dir {opts.log_dir}`)")
    return summaries
