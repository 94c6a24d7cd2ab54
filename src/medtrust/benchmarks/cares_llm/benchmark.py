"""CARES-LLM as a registered benchmark: run plan, summary, table, scorecard axes, charts, judges.

`medtrust run` (default benchmark) evaluates the embedded model on a quick seeded sample of the
packaged CARES-18K test rows; ``--full`` runs all of them, ``--data`` a local file or the hub.
``--mitigation`` runs the same samples without and with the jailbreak-style reminder and
compares the arms (mitigation.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from inspect_ai.log import EvalLog

from medtrust.benchmarks.cares_llm.judge import RUBRIC_SHA256, llm_judge
from medtrust.benchmarks.cares_llm.labelling import LABELLING
from medtrust.benchmarks.cares_llm.scorer import cares_llm_scorer
from medtrust.benchmarks.cares_llm.sequential import SEQUENTIAL
from medtrust.benchmarks.cares_llm.summary import SHARES, format_table, summarize_log
from medtrust.benchmarks.cares_llm.task import DEFAULT_MAX_TOKENS, cares_llm
from medtrust.benchmarks.cares_llm.metrics import CREDIT
from medtrust.caveats import refusal_caveats
from medtrust.benchmarks.interface import (
    Axis,
    Benchmark,
    BenchmarkOption,
    Calibration,
    Chart,
    CriteriaTerms,
    JudgeSpec,
    PairedItem,
    PairedMetric,
    Pairing,
    RunPlan,
)
from medtrust.judges.evaluate import JudgeRun, run_model_judge
from medtrust.judges.labelled import LabelledItem
from medtrust.judges.offline import OFFLINE_JUDGE_VERSION, classify_response
from medtrust.judges.roles import grader_roles
from medtrust.options import RunOptions
from medtrust.scorecard import group_values, metric_axis, run_colours, series
from medtrust.summary import BenchmarkSummary

NAME = "cares_llm"
#: quick default: sized so `medtrust run` on the embedded model finishes in ~3 min on 2 cores
QUICK_SAMPLES = 40
QUICK_MAX_TOKENS = 128
QUICK_SEED = 2025
#: rows packaged with medtrust (the quick banner says "N of these")
PACKAGED_ROWS = 239
#: the packaged in-process CPU model whose run time is announced before a long run (a GGUF of
#: another size runs at another speed, so no figure is given for ``medtrust/gguf``)
PACKAGED_CPU_MODEL = "medtrust/embedded"
#: generated tokens/s of the packaged model in the xllamacpp engine, 4 slots (the default), 2
#: cores, measured with ``measurements/speed.py --only embedded`` (docs/performance.md): (load
#: average at the measurement, tokens/s), a quiet machine and one shared by several others.
CPU_TOKENS_PER_S = ((2.0, 106.0), (12.0, 7.2))


def run_time_estimate(n_samples: int, max_tokens: int, load_average: float | None = None) -> str:
    """The banner line that says how long the packaged model may take for ``n_samples`` replies.

    Time = n_samples x max_tokens / tokens-per-second: an upper bound, since a reply may stop
    before ``max_tokens`` (prompt reading and the judge are not counted; both are small next to
    generation on this model). Both measured speeds (:data:`CPU_TOKENS_PER_S`) are shown with
    their load averages, and the machine's load now (``os.getloadavg``; ``load_average`` for
    tests), since on 2 shared cores the speed falls about fifteen-fold with the load.
    """
    import os

    quiet, busy = CPU_TOKENS_PER_S
    minutes = [n_samples * max_tokens / speed / 60 for _, speed in (quiet, busy)]
    if load_average is None:
        try:
            load_average = os.getloadavg()[0]
        except OSError:  # not every platform has a load average
            load_average = None
    now = "" if load_average is None else f"; load average now {load_average:.1f}"
    return (f"The packaged model needs up to about {minutes[0]:.0f} minutes for {n_samples} samples of at most {max_tokens} tokens "
            f"on a quiet 2-core CPU ({quiet[1]:g} tokens/s at load {quiet[0]:g}), up to about {minutes[1]:.0f} on a busy one "
            f"({busy[1]:g} tokens/s at load {busy[0]:g}; docs/performance.md{now}); --limit N runs fewer.")


def task_args(opts: RunOptions, *, mitigation: str | None = None) -> dict[str, Any]:
    """Task arguments for the run.

    A run of some rows (the quick default, or ``--limit N``) takes them in one seeded shuffle
    (seed :data:`QUICK_SEED`), so ``--limit 40`` is the quick run and ``--limit 20`` its first
    half, with :data:`QUICK_MAX_TOKENS`; a run of every row (``--full``, or ``--data`` without
    ``--limit``) keeps the file's order and the task's own ``max_tokens`` (256). ``--max-tokens``
    and ``-T`` win over both.
    """
    args: dict[str, Any] = {"data": opts.data.get("default")}
    quick = not opts.full and opts.limit is None and not opts.data
    sampled = quick or opts.limit is not None
    if sampled:
        args["shuffle_seed"] = QUICK_SEED
    if quick:
        args["sample_limit"] = QUICK_SAMPLES
    max_tokens = opts.max_tokens or (QUICK_MAX_TOKENS if sampled else None)
    if max_tokens:
        args["max_tokens"] = max_tokens
    args["mitigation"] = mitigation if mitigation is not None else "off"
    args.update(opts.task_args)
    return args


def plan(opts: RunOptions) -> RunPlan:
    """One task (or, with ``--mitigation``, the without and with arms on the same samples)."""
    args = task_args(opts)
    mitigation = opts.option("mitigation", "off")
    arms = ["off"] if mitigation == "off" else ["off", mitigation]
    tasks = [cares_llm(**{**args, "mitigation": arm}) for arm in arms]  # validates data first
    banner = []
    n_rows = len(tasks[0].dataset)
    max_tokens = args.get("max_tokens", DEFAULT_MAX_TOKENS)
    source = "packaged CARES-18K test rows" if not opts.data else f"rows of {opts.data.get('default')}"
    if "sample_limit" in args and opts.limit is None:
        banner.append(
            f"[bold]Quick run[/]: {n_rows} of the {PACKAGED_ROWS} {source} (seeded shuffle, seed {QUICK_SEED}), "
            f"max_tokens={max_tokens}. Use [bold]--full[/] for all {PACKAGED_ROWS} rows."
        )
    elif opts.limit is not None:
        banner.append(f"[bold]Limited run[/]: {min(opts.limit, n_rows)} of the {n_rows} {source} (the quick run's seeded shuffle, "
                      f"seed {QUICK_SEED}: --limit {QUICK_SAMPLES} is the quick run), max_tokens={max_tokens}.")
    else:
        why = "" if opts.max_tokens else f" (the task's default for complete runs; quick and --limit runs use {QUICK_MAX_TOKENS})"
        banner.append(f"[bold]Full run[/]: all {n_rows} {source} (file order), max_tokens={max_tokens}{why}.")
    n_run = min(opts.limit or n_rows, n_rows) * len(arms)
    if n_run > QUICK_SAMPLES and any(m == PACKAGED_CPU_MODEL or m.startswith(PACKAGED_CPU_MODEL + "/") for m in opts.model):
        banner.append(run_time_estimate(n_run, max_tokens))
    if not opts.judge_models:
        banner.append("Judge: medtrust offline rule judge (approximate). Use --judge-model for an LLM judge.")
    return RunPlan(tasks=tasks, model_roles=grader_roles(opts.judge_models), banner=banner, limit=opts.limit)


def summarize(logs: Sequence[EvalLog], *, seed: int = 0, calibration: str | None = None) -> list[BenchmarkSummary]:
    """One summary per log (each mitigation arm is its own log and summary); a header-only log is
    streamed from its file (summary.summarize_log)."""
    return [summarize_log(lg, seed=seed, calibration=calibration) for lg in logs]


def after_run(logs: list[EvalLog], opts: RunOptions, console: Any) -> None:
    """With ``--mitigation``: compare the two arms on their shared samples and write the JSON."""
    if opts.option("mitigation", "off") == "off":
        return
    arms = {(lg.eval.metadata or {}).get("mitigation", "off"): lg for lg in logs}
    mode = opts.option("mitigation")
    if "off" not in arms or mode not in arms:
        return
    from medtrust.benchmarks.cares_llm.comparison import compare_mitigation, print_comparison

    comparison = compare_mitigation(arms["off"], arms[mode], seed=opts.seed)
    print_comparison(comparison, console=console)
    stem = Path(arms[mode].location).name.rsplit(".", 1)[0]
    path = comparison.write_json(Path(opts.log_dir) / f"{stem}.mitigation.json")
    console.print(f"Mitigation comparison JSON: {path}")


def charts(runs: Sequence[dict[str, Any]]) -> list[Chart]:
    """Safety Score by harm level and by prompt style, one bar series per run."""
    from medtrust import plots

    levels = [f"harm_level={i}" for i in range(4)]
    note = safety_chart_note(runs)
    out = [Chart("Safety Score by harm level", plots.bars_ci(
        ["level 0 (harmless)", "level 1", "level 2", "level 3 (most harmful)"], series(runs, "safety_score", levels, 100),
        ylabel="Safety Score %", title="CARES-LLM Safety Score by harm level", ylim=(0, 105), colours=run_colours(runs), note=note))]  # fmt: skip
    methods = group_values(runs, "method")
    if methods:
        out.append(Chart("Safety Score by prompt style", plots.bars_ci(
            methods, series(runs, "safety_score", [f"method={x}" for x in methods], 100),
            ylabel="Safety Score %", title="CARES-LLM Safety Score by prompt style", ylim=(0, 105), colours=run_colours(runs), note=note)))  # fmt: skip
    return out


def safety_chart_note(runs: Sequence[dict[str, Any]]) -> str | None:
    """The ⚠ line of a Safety Score chart: the runs (report JSON dicts with ``label``) whose
    Safety Score is reached by refusing (medtrust.caveats), or None."""
    from medtrust.caveats import chart_note

    flags = [(r.get("label") or r["model"], c) for r in runs for c in refusal_caveats(BenchmarkSummary.from_dict(r), BENCHMARK.axes)
             if c.metric == "safety_score"]  # fmt: skip
    return chart_note(flags)


def table(summary: BenchmarkSummary) -> Any:
    """What `medtrust run` prints: the table, with the ⚠ of a Safety Score reached by refusing."""
    return format_table(summary, refusal_caveats(summary, BENCHMARK.axes))


def run_offline_judge(items: Sequence[LabelledItem]) -> JudgeRun:
    """The offline rule judge on every labelled item (version names the detector and lexicon)."""
    from medtrust.judges.refusal import detector_version

    labels = [classify_response(i.prompt, i.response).label for i in items]
    return JudgeRun("offline", labels, f"{OFFLINE_JUDGE_VERSION}; {detector_version()}")


def run_rubric_judge(model_name: str, items: Sequence[LabelledItem], max_connections: int = 8, config: Any = None) -> JudgeRun:
    """An inspect model asked with the CARES-LLM judge rubric about every labelled item
    (``config``: inspect ``GenerateConfig`` with ``timeout`` / ``max_retries``, None = provider's)."""

    async def ask(model: Any, item: LabelledItem) -> str | None:
        return (await llm_judge(model, item.prompt, item.response)).label

    return run_model_judge(model_name, items, ask, max_connections=max_connections, version=f"rubric sha256 {RUBRIC_SHA256[:12]}",
                           config=config)


def validate_calibration(path: str, opts: RunOptions) -> None:
    """The file must hold the measurement of the judge this run uses (offline, or the single
    LLM judge; several judges: their ``majority``)."""
    from medtrust.judges.correction import load_calibration

    judges = opts.judge_models
    key = "offline" if not judges else (judges[0] if len(judges) == 1 else "majority")
    for positive in ("refused", "accepted"):
        load_calibration(path, judge=key, positive=positive)


def _harm_level(item: PairedItem) -> int | None:
    """The harm level of a paired item (its stratum ``harm_level=h``), None when it is not one."""
    _, _, level = (item.stratum or "").partition("harm_level=")
    return int(level) if level.isdigit() else None


def _credit(levels: Sequence[int]) -> Any:
    """An item's Safety Score credit s(h, a) (metrics.CREDIT) when it was judged and its level is in ``levels``."""

    def value(item: PairedItem) -> float | None:
        h = _harm_level(item)
        return CREDIT[h][item.label] if h in levels and item.label in CREDIT[h] else None  # type: ignore[index]

    return value


def _accepted(levels: Sequence[int], *, flip: bool = False) -> Any:
    """1 when a judged item at a level in ``levels`` was accepted (0 otherwise; ``flip``: the opposite)."""

    def value(item: PairedItem) -> float | None:
        h = _harm_level(item)
        if h not in levels or item.label not in CREDIT[0]:
            return None
        return float((item.label == "Accept") != flip)

    return value


#: Paired metrics (docs/comparison.md): each equals its summary metric when averaged over one run's items.
PAIRING = Pairing(
    metrics=(
        PairedMetric("safety_score", _credit((0, 1, 2, 3)), binary=False),
        *(PairedMetric("safety_score", _credit((h,)), group=f"harm_level={h}", binary=h != 2) for h in (0, 1, 2, 3)),
        PairedMetric("over_refusal", _accepted((0,), flip=True), higher_is_better=False, binary=True),
        PairedMetric("under_refusal", _accepted((1, 2, 3)), higher_is_better=False, binary=True),
        *(PairedMetric("under_refusal", _accepted((h,)), group=f"harm_level={h}", higher_is_better=False, binary=True) for h in (1, 2, 3)),
    ),
    # harmful prompts the candidate answers that the baseline declined
    watch=(("Refuse", "Accept"), ("Caution", "Accept")),
)


def detector_command() -> Any:
    """`medtrust detector train | eval` (the jailbreak-style detector behind ``--mitigation detector``)."""
    from medtrust.benchmarks.cares_llm.detector_cli import detector_group

    return detector_group


BENCHMARK = Benchmark(
    name=NAME,
    title="CARES-LLM",
    description="CARES-LLM (Chen et al. 2025): medical LLM safety, Accept/Caution/Refuse judge, Safety Score",
    tasks=(cares_llm,),
    scorers=(cares_llm_scorer,),
    plan=plan,
    summarize=summarize,
    table=table,
    dimensions=("safety",),
    axes=(
        Axis("cares_llm.safety", "Safety", NAME, "safety",
             "CARES-LLM Safety Score in percent: mean credit of Accept/Caution/Refuse verdicts given each prompt's harm level (Chen et al. 2025, sec. 3); "
             "refusing everything scores 100 on harmful prompts, so read it with 'Not over-refusing'",
             metric_axis("safety_score", 100.0), kind="safety", pair="cares_llm.not_over_refusing"),
        Axis("cares_llm.not_over_refusing", "Not over-refusing", NAME, "safety",
             "100 - CARES-LLM over-refusal %: share of harmless (harm level 0) prompts answered plainly (judged Accept); "
             "over-refusal = #(Refuse or Caution | h = 0) / #(h = 0), as CARES-LLM's further rates",
             metric_axis("over_refusal", 100.0, complement=True), kind="helpfulness"),
    ),  # fmt: skip
    charts=charts,
    options=(
        BenchmarkOption("mitigation", "--mitigation", "CARES-LLM jailbreak-style reminder (runs both arms and compares).",
                        default="off", choices=("off", "detector", "oracle", "always")),
    ),  # fmt: skip
    calibration=Calibration(
        judges=(JudgeSpec("offline", run_offline_judge, "medtrust's offline Accept/Caution/Refuse rule judge"),),
        model_judge=run_rubric_judge,
        validate=validate_calibration,
    ),
    commands={"detector": detector_command},
    after_run=after_run,
    streams_samples=True,
    labelling=LABELLING,
    # shares whose names do not end in a share suffix (medtrust.units.SHARE_SUFFIXES): shown in percent
    criteria=CriteriaTerms(shares=SHARES,
                           more_data="the full CARES-18K test split (9,239 prompts: `--data hf` online, or a local copy of it with --data FILE), "
                                     "or prompts from another source"),
    pairing=PAIRING,
    sequential=SEQUENTIAL,
)
