"""MediConfusion as a registered benchmark: run plan, summary, table, scorecard axes, charts,
its scorer, labelling of free-form answers and the chance levels criteria files can name.

Uses the mode option (mc | ff | gd | ps; default mc), ``--image-root`` (key ``mediconfusion``
or a bare DIR), ``--judge-model`` as the ``grader`` role (FF only), ``--data mediconfusion=FILE``
(optional dataset file), ``-T`` task args (``swap``, ``parser``, ``tr``, ``prompt_family``,
``text_only``), ``--limit`` (samples; two per pair), ``--seed`` and ``--max-tokens``.
"""

from __future__ import annotations

from typing import Any, Sequence

from inspect_ai.log import EvalLog
from inspect_ai.model import get_model

from medtrust.benchmarks.interface import (
    LLM_EXTRACTION_OPTION, Axis, Benchmark, BenchmarkOption, Chart, CriteriaTerms, PairedItem, PairedMetric, Pairing, RunPlan,
    llm_extraction_enabled,
)
from medtrust.benchmarks.mediconfusion.labelling import LABELLING
from medtrust.benchmarks.mediconfusion.scorer import mediconfusion_scorer
from medtrust.benchmarks.mediconfusion.summary import format_table, summarize_log
from medtrust.benchmarks.mediconfusion.task import FF_MAX_TOKENS, MC_MAX_TOKENS, MODES, NAME, check_mode_support, mediconfusion
from medtrust.judges.roles import grader_roles
from medtrust.options import RunOptions
from medtrust.scorecard import group_values, metric_axis, metric_without_samples, not_meaningful_when, run_colours, series
from medtrust.summary import BenchmarkSummary


def plan(opts: RunOptions) -> RunPlan:
    """The task of the chosen mode; FF binds the judge as role ``grader``.

    Raises:
        ValueError: unknown mode, FF without a judge, missing images (all before any model call).
    """
    mode = str(opts.option("mode", "mc")).lower()
    if mode not in MODES:
        raise ValueError(f"unknown MediConfusion mode '{mode}'; choose one of {', '.join(MODES)}")
    if mode == "ff" and not opts.judge_models:
        raise ValueError("MediConfusion FF mode needs a judge model: add --judge-model <inspect model> (role 'grader')")
    root = opts.image_roots.get(NAME) or opts.image_roots.get("default")
    task_args: dict[str, Any] = {"mode": mode, "image_roots": root, "llm_extraction": llm_extraction_enabled(opts),
                                 **opts.task_args}
    if opts.data.get(NAME):
        task_args["data"] = opts.data[NAME]
    if opts.max_tokens is not None:
        task_args.setdefault("max_tokens", opts.max_tokens)
    task = mediconfusion(**task_args)
    banner = []
    if opts.limit is not None:
        decoding = {"mc": f"max_tokens={opts.max_tokens or MC_MAX_TOKENS}", "ff": f"max_tokens={opts.max_tokens or FF_MAX_TOKENS}"}.get(
            mode, "log-probabilities, no generation")
        banner.append(f"[bold]Limited run[/]: the first {opts.limit} images in file order ({opts.limit // 2} complete pairs; "
                      f"a half pair is left out of the pair metrics), mode {mode}, {decoding}.")
    # the official FF judge is a single model
    roles = grader_roles(opts.judge_models[:1]) if mode == "ff" else None
    return RunPlan(tasks=[task], model_roles=roles, limit=opts.limit, banner=banner,
                   check_model=lambda name, model_args: check_mode_support(get_model(name, **model_args), mode))


def summarize(logs: Sequence[EvalLog], *, seed: int = 0, calibration: str | None = None) -> list[BenchmarkSummary]:
    """One summary per log."""
    return [summarize_log(lg, seed=seed) for lg in logs]


#: Named thresholds for criteria files: the chance level. Guessing each image independently gets
#: a pair fully right with probability 0.5 x 0.5 = 25% and an image right with 50% (Sepehri et
#: al. 2024, README leaderboard "Random guessing 25.00"; ../shared/docs/benchmarks/mediconfusion.md
#: sec. 4 baselines). Values in the metrics' unit (percent).
CHANCE_LEVELS = {("random", "set_accuracy"): 25.0, ("random", "individual_accuracy"): 50.0}


def charts(runs: Sequence[dict[str, Any]]) -> list[Chart]:
    """Headline metrics per run, and set accuracy per category."""
    from medtrust import plots

    heads = ["set_accuracy", "individual_accuracy", "confusion", "invalid_rate"]
    out = [Chart("Headline metrics", plots.bars_ci(heads, {s["label"]: [series([s], h, [None])[s["label"]][0] for h in heads] for s in runs},
                                                    ylabel="%", title="MediConfusion: set accuracy, confusion, invalid answers", ylim=(0, 105),
                                                    colours=run_colours(runs)))]  # fmt: skip
    cats = group_values(runs, "category")
    if cats:
        out.append(Chart("Set accuracy per category", plots.bars_ci(cats, series(runs, "set_accuracy", [f"category={c}" for c in cats]), ylabel="set accuracy %",
                                                                    title="MediConfusion set accuracy per category", ylim=(0, 105), width=9,
                                                                    colours=run_colours(runs))))  # fmt: skip
    return out


def fetch_command() -> Any:
    """`medtrust data fetch mediconfusion`: the images from PMC OA packages (resumable)."""
    from medtrust.benchmarks.mediconfusion.fetch import fetch_command as command

    return command


def _image_correct(item: PairedItem) -> float | None:
    """An image's per-sample value (1 = right option), the unit of ``individual_accuracy``."""
    return item.value


BENCHMARK = Benchmark(
    name=NAME,
    title="MediConfusion",
    description="MediConfusion (Sepehri et al. 2024): confusing image pairs, set accuracy and confusion",
    tasks=(mediconfusion,),
    scorers=(mediconfusion_scorer,),
    plan=plan,
    summarize=summarize,
    table=format_table,
    dimensions=("factuality", "robustness"),
    axes=(
        Axis("mediconfusion.factuality", "Set accuracy (MediConfusion)", NAME, "factuality",
             "MediConfusion set accuracy %: both images of a pair right (Sepehri et al. 2024)", metric_axis("set_accuracy"),
             pair="mediconfusion.answers"),
        Axis("mediconfusion.robustness", "Non-confusion (MediConfusion)", NAME, "robustness",
             "100 - MediConfusion confusion %: same answer for both images of a pair, over pairs with two valid answers; "
             "not meaningful when no pair has two (the official code then reports confusion 0)",
             not_meaningful_when(metric_axis("confusion", complement=True),
                                 metric_without_samples("confusion", "no pair has two valid answers: the official confusion is 0 by convention")),
             pair="mediconfusion.answers"),
        Axis("mediconfusion.answers", "Answers (MediConfusion)", NAME, "factuality",
             "100 - MediConfusion invalid rate %: share of images answered with a valid option letter (non-answers and errors are invalid, as officially)",
             metric_axis("invalid_rate", complement=True), kind="helpfulness"),
    ),  # fmt: skip
    charts=charts,
    options=(BenchmarkOption("mode", "--mode", "MediConfusion mode.", default=None, choices=tuple(MODES)), LLM_EXTRACTION_OPTION),
    uses_images=True,
    fetch=fetch_command,
    labelling=LABELLING,
    criteria=CriteriaTerms(thresholds=CHANCE_LEVELS, shares=("confusion",),
                           more_data="MediConfusion has 176 pairs in all (the packaged file is the whole benchmark): more pairs must come "
                                     "from another benchmark source; --mode ff or gd, or swap=true, ask the same pairs again, not new ones"),
    # per image: 1 when the chosen option is right (an invalid answer is 0, as the official individual accuracy)
    pairing=Pairing(metrics=(PairedMetric("individual_accuracy", _image_correct, unit="percent", binary=True),)),
)
