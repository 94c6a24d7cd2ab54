"""What `medtrust run --criteria FILE --sequential` adds to a run (medtrust.runner calls these).

* :func:`pool_options`: the run's options for the plan: the whole data is the pool the samples
  are drawn from (``--full``), and ``--limit`` becomes the sample budget instead of a cut;
* :func:`prepare`: the criteria of the chosen benchmark, the judge calibrations of corrected
  shares (read before any model call), the banner lines;
* :func:`sequential_tasks`: every plan task wrapped as ``medtrust/sequential`` (medtrust.sequential.task);
* :func:`print_decisions`: the decisions recorded in the logs (medtrust.decisions reads them).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Sequence

from medtrust.decisions import decisions
from medtrust.report.criteria import FAIL, INCONCLUSIVE, NOT_EVALUATED, PASS, Criterion, load_criteria

#: the level of every sequential criterion (each wrong verdict <= ALPHA / 2, as the fixed-sample check's 95% CI)
ALPHA = 0.05


@dataclass
class SequentialSetup:
    """The criteria and calibrations of one sequential run (JSON-able parts go to the task args)."""

    criteria: list[Criterion]
    calibrations: dict[str, dict[str, Any]] = field(default_factory=dict)
    banner: list[str] = field(default_factory=list)
    budget: int | None = None


def pool_options(opts: Any) -> Any:
    """The options the benchmark plans from: every row (``full``), no cut (``limit`` is the budget)."""
    return replace(opts, full=True, limit=None)


def prepare(bench: Any, opts: Any) -> SequentialSetup:
    """Read the criteria for ``bench`` and the calibrations of corrected shares, before any call.

    Raises:
        ValueError: the benchmark has no sequential terms, no criterion names it, a calibration
            file without the judge's measurement (CriteriaError, DataError are ValueErrors).
    """
    from medtrust.sequential.task import calibration_counts

    if bench.sequential is None:
        raise ValueError(f"--sequential: {bench.cli_name} offers no per-sample shares to decide while the run goes; run it without --sequential")
    items = [c for c in load_criteria(opts.criteria).criteria if c.benchmark == bench.name]
    if not items:
        raise ValueError(f"--criteria {opts.criteria}: no criterion names {bench.name}; nothing to decide sequentially")
    setup = SequentialSetup(items, budget=opts.limit)
    unchecked = []
    for c in items:
        share = bench.sequential.share(c.metric, c.group)
        if share is None:
            unchecked.append(c.id)
            continue
        if opts.judge_calibration and c.use_corrected and share.calibration is not None:
            setup.calibrations[c.id] = calibration_counts(share.calibration(opts.judge_calibration, list(opts.judge_models)))
    until = "every criterion is decided" if opts.decide_all else "the case is decided (one FAIL, or every criterion PASS)"
    budget = f"a budget of {opts.limit} samples" if opts.limit else "all the data"
    setup.banner.append(f"[bold]Sequential trust case[/]: {len(items)} criteria of {opts.criteria}, samples drawn by whole clusters in an order "
                        f"fixed by seed {opts.seed}, checked after each cluster with an anytime-valid {100 * (1 - ALPHA):g}% confidence "
                        f"sequence; stops when {until}, or at {budget}.")  # fmt: skip
    if unchecked:
        setup.banner.append(f"Not decidable while the run goes (not a share of per-sample values): {', '.join(unchecked)}; "
                            "the case can still be decided FAIL by the others.")  # fmt: skip
    if setup.calibrations:
        setup.banner.append(f"Corrected shares (judge calibration {opts.judge_calibration}): {', '.join(setup.calibrations)}.")
    return setup


def sequential_tasks(plan_tasks: Sequence[Any], setup: SequentialSetup, opts: Any) -> list[Any]:
    """Each plan task wrapped as ``medtrust/sequential`` with its registry name and arguments
    (built anew for every call: one monitor per task and model)."""
    from medtrust._inspect_compat import registry_info, registry_params
    from medtrust.sequential.task import sequential

    out = []
    for t in plan_tasks:
        out.append(sequential(
            task=registry_info(t).name, task_args=dict(registry_params(t)), criteria=[asdict(c) for c in setup.criteria],
            seed=opts.seed, alpha=ALPHA, until="all" if opts.decide_all else "decided", budget=opts.limit,
            calibration=setup.calibrations or None, judges=list(opts.judge_models),
        ))  # fmt: skip
    return out


def decisions_table(meta: dict[str, Any], title: str) -> Any:
    """A rich Table of one log's decisions: verdict, where it was reached, the bound."""
    from rich.table import Table

    t = Table(title=title, show_lines=False)
    for col in ("criterion", "verdict", "members", "samples run", "% of data", "estimate", "confidence sequence", "threshold"):
        t.add_column(col, justify="right" if col in ("members", "samples run", "% of data", "estimate") else "left")
    for r in meta.get("criteria", []):
        frac = r.get("fraction_used")
        est = r.get("estimate_corrected", r.get("estimate"))
        ci = "" if r.get("ci_low") is None else f"[{r['ci_low']:.3g}, {r['ci_high']:.3g}]" + (" (observed)" if r.get("observed_share") else "")
        colour = {PASS: "green", FAIL: "red", INCONCLUSIVE: "yellow", NOT_EVALUATED: "dim"}.get(r["verdict"], "")
        t.add_row(r["criterion"], f"[{colour}]{r['verdict']}[/]", str(r.get("members", "")), str(r.get("samples_run", "")),
                  "" if frac is None else f"{100 * frac:.1f}", "" if est is None else f"{est:.3g}", ci,
                  f"{r['op']} {r['threshold']:g}" + (" (corrected)" if r.get("corrected") else ""))  # fmt: skip
    return t


def print_decisions(logs: Sequence[Any], console: Any) -> None:
    """Print every sequential log's decisions and where the run stopped."""
    for log in logs:
        meta = decisions(log)
        if meta is None:
            continue
        used, pool = meta.get("used") or {}, meta.get("pool") or {}
        console.print(decisions_table(meta, f"Sequential trust case · {log.eval.model} · case {meta.get('case')}"))
        for r in meta.get("criteria", []):
            console.print(f"  {r['criterion']}: {r['verdict']}: {r['reason']}", markup=False)
        stop = meta.get("stop_reason") or "the data or the budget was used up"
        console.print(f"Stopped: {stop}. Samples run {used.get('samples')} of {pool.get('samples')} "
                      f"({100 * (used.get('fraction') or 0):.1f}%); skipped {meta.get('skipped', 0)} (recorded in the log).", markup=False)  # fmt: skip
        console.print("[yellow]The table above gives fixed-sample CIs of the samples run; after stopping early only the decisions "
                      "here (anytime-valid) may be claimed.[/]")  # fmt: skip


def print_case(criteria: str, summaries: Sequence[Any], console: Any) -> None:
    """`medtrust run --criteria F` without ``--sequential``: the fixed-sample trust case of this
    run's summaries (medtrust.report.criteria.check), one line per criterion and model."""
    from medtrust.report.criteria import check

    cs = load_criteria(criteria)
    cs.criteria = [c for c in cs.criteria if c.benchmark == summaries[0].benchmark]  # this run's benchmark only
    if not cs.criteria:
        console.print(f"--criteria {criteria}: no criterion names {summaries[0].benchmark}", markup=False)
        return
    case = check(cs, summaries)
    for r in case["results"]:
        console.print(f"  {r['criterion']} ({r['model'] or 'no model'}): {r['verdict']}: {r['reason']}", markup=False)
    for model, verdict in case["models"].items():
        console.print(f"Trust case ({case['title']}) for {model}: {verdict}", markup=False)
