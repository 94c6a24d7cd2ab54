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
from pathlib import Path
from typing import Any, Sequence

from medtrust.decisions import decisions
from medtrust.report.criteria import FAIL, INCONCLUSIVE, NOT_EVALUATED, PASS, Criterion, load_criteria, share_metrics

#: the level of every sequential criterion (each wrong verdict <= ALPHA / 2, as the fixed-sample check's 95% CI)
ALPHA = 0.05


@dataclass
class SequentialSetup:
    """The criteria and calibrations of one sequential run (JSON-able parts go to the task args)."""

    criteria: list[Criterion]
    calibrations: dict[str, dict[str, Any]] = field(default_factory=dict)
    banner: list[str] = field(default_factory=list)
    budget: int | None = None
    #: with ``--baseline``: {"record", "record_sha256"}, the vs_baseline criteria as dicts, their family rule
    baseline: dict[str, str] | None = None
    vs_baseline: list[dict[str, Any]] = field(default_factory=list)
    multiplicity: str = "intersection-union"


def pool_options(opts: Any) -> Any:
    """The options the benchmark plans from: every row (``full``), no cut (``limit`` is the budget)."""
    return replace(opts, full=True, limit=None)


def prepare(bench: Any, opts: Any) -> SequentialSetup:
    """Read the criteria for ``bench``, the calibrations of corrected shares and, with
    ``opts.baseline``, the approved baseline (every hash checked, its samples of ``bench`` read),
    before any call.

    Raises:
        ValueError: the benchmark has no sequential terms, no criterion names it, a calibration
            file without the judge's measurement (CriteriaError, DataError are ValueErrors);
            ``--baseline`` without a ``[[vs_baseline]]`` criterion of ``bench``, a baseline that
            cannot be found or used or holds no log of ``bench`` (BaselineError).
    """
    from medtrust.report.noninferiority import load_vs_baseline
    from medtrust.sequential.task import calibration_counts

    if bench.sequential is None:
        raise ValueError(f"--sequential: {bench.cli_name} offers no per-sample shares to decide while the run goes; run it without --sequential")
    crit = load_criteria(opts.criteria)
    items = [c for c in crit.criteria if c.benchmark == bench.name]
    rules, multiplicity = load_vs_baseline(crit)
    rules = [r for r in rules if r.benchmark == bench.name]
    baseline = getattr(opts, "baseline", None)
    if baseline and not rules:
        raise ValueError(f"--baseline {baseline}: --criteria {opts.criteria} has no [[vs_baseline]] criterion for {bench.name}; nothing to compare")
    if not items and not (baseline and rules):
        hint = " (its [[vs_baseline]] criteria need --baseline RECORD|FAMILY)" if rules else ""
        raise ValueError(f"--criteria {opts.criteria}: no criterion names {bench.name}; nothing to decide sequentially{hint}")
    setup = SequentialSetup(items, budget=opts.limit)
    if baseline:
        _prepare_baseline(bench, opts, setup, rules, multiplicity)
    unchecked = []
    for c in items:
        share = bench.sequential.share(c.metric, c.group)
        if share is None:
            unchecked.append(c.id)
            continue
        if opts.judge_calibration and c.use_corrected and share.calibration is not None:
            setup.calibrations[c.id] = calibration_counts(share.calibration(opts.judge_calibration, list(opts.judge_models)))
    until = "every criterion is decided" if opts.decide_all else "the case is decided (one FAIL, or every criterion PASS)"
    if setup.baseline:
        until = ("every criterion of both cases is decided" if opts.decide_all else
                 "both the trust case and the change case are decided (one FAIL / INFERIOR, or every criterion PASS / NON-INFERIOR)")  # fmt: skip
    budget = f"a budget of {opts.limit} samples" if opts.limit else "all the data"
    what = f"[bold]Sequential trust case[/]: {len(items)} criteria of {opts.criteria}" if items else f"[bold]Sequential run[/] ({opts.criteria})"
    setup.banner.insert(0, f"{what}, samples drawn by whole clusters in an order "
                        f"fixed by seed {opts.seed}, checked after each cluster with an anytime-valid {100 * (1 - ALPHA):g}% confidence "
                        f"sequence; stops when {until}, or at {budget}.")  # fmt: skip
    if unchecked and items:
        setup.banner.append(f"Not decidable while the run goes (not a share of per-sample values): {', '.join(unchecked)}; "
                            "the case can still be decided FAIL by the others.")  # fmt: skip
    if setup.calibrations:
        setup.banner.append(f"Corrected shares (judge calibration {opts.judge_calibration}): {', '.join(setup.calibrations)}.")
    return setup


def _prepare_baseline(bench: Any, opts: Any, setup: SequentialSetup, rules: list[Any], multiplicity: str) -> None:
    """The baseline part of :func:`prepare`: the record resolved and read, the rules as data, the banner."""
    from medtrust.sequential.change import read_baseline_samples, resolve_record

    setup.baseline = resolve_record(opts.baseline, [opts.log_dir])
    base = read_baseline_samples(setup.baseline["record"], setup.baseline["record_sha256"], bench.name)
    setup.vs_baseline = [asdict(r) for r in rules]
    setup.multiplicity = multiplicity
    level = "each at 95%" if multiplicity != "bonferroni" else "each at 1 - 0.05/k (Bonferroni)"
    setup.banner.append(f"[bold]Change control[/]: {len(rules)} vs_baseline criteria against the approved baseline {base.family} "
                        f"({base.model}, {Path(setup.baseline['record']).name}, {len(base.samples)} samples), decided from an anytime-valid "
                        f"confidence sequence of the paired difference, {level}.")  # fmt: skip
    not_shares = [r.id for r in rules if bench.sequential.share(r.metric, r.group) is None]
    if not_shares:
        setup.banner.append(f"Not decidable while the run goes (not a share of per-sample values): {', '.join(not_shares)} (NOT_EVALUATED).")


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
            **({"baseline": setup.baseline, "vs_baseline": setup.vs_baseline, "multiplicity": setup.multiplicity} if setup.baseline else {}),
        ))  # fmt: skip
    return out


def decisions_table(meta: dict[str, Any], title: str, shares: Sequence[str] = ()) -> Any:
    """A rich Table of one log's decisions: verdict, where it was reached, the bound; estimates,
    sequences and thresholds in people's unit (medtrust.units: a share in percent; ``shares`` =
    the benchmark's declared share names, ``report.criteria.share_metrics``)."""
    from rich.table import Table

    from medtrust.units import PERCENT, people_unit, to_people

    t = Table(title=title, show_lines=False)
    for col in ("criterion", "verdict", "members", "samples run", "% of data", "estimate", "confidence sequence", "threshold"):
        t.add_column(col, justify="right" if col in ("members", "samples run", "% of data", "estimate") else "left")
    for r in meta.get("criteria", []):
        unit = r.get("unit") or "fraction"
        pct = "%" if people_unit(r.get("metric", ""), unit, shares) == PERCENT else ""
        show = lambda v, r=r, unit=unit, pct=pct: "" if v is None else f"{to_people(v, r.get('metric', ''), unit, shares):.3g}{pct}"  # noqa: E731
        frac = r.get("fraction_used")
        est = r.get("estimate_corrected", r.get("estimate"))
        ci = "" if r.get("ci_low") is None else f"[{show(r['ci_low'])}, {show(r['ci_high'])}]" + (" (observed)" if r.get("observed_share") else "")
        colour = {PASS: "green", FAIL: "red", INCONCLUSIVE: "yellow", NOT_EVALUATED: "dim"}.get(r["verdict"], "")
        t.add_row(r["criterion"], f"[{colour}]{r['verdict']}[/]", str(r.get("members", "")), str(r.get("samples_run", "")),
                  "" if frac is None else f"{100 * frac:.1f}", show(est), ci,
                  f"{r['op']} {show(r['threshold'])}" + (" (corrected)" if r.get("corrected") else ""))  # fmt: skip
    return t


def change_table(change: dict[str, Any], title: str) -> Any:
    """A rich Table of one log's change-control decisions, values in each metric's unit (percent
    points for a percent metric): verdict, pairs used, the difference, its confidence sequence,
    the margin, and the samples that could not be paired."""
    from rich.table import Table

    from medtrust.report.noninferiority import INFERIOR, NON_INFERIOR
    from medtrust.sequential.change import margin_text

    t = Table(title=title, show_lines=False)
    for col in ("criterion", "verdict", "pairs", "samples run", "% of data", "difference", "confidence sequence", "margin", "not paired"):
        t.add_column(col, justify="right" if col in ("pairs", "samples run", "% of data", "difference") else "left")
    for r in change.get("criteria", []):
        k = float(r.get("scale") or 1.0)
        fmt = (lambda v: f"{k * v:+.1f} pts") if k == 100.0 else (lambda v: f"{v:+.3f}")
        frac = r.get("fraction_used")
        ci = "" if r.get("ci_low") is None else f"[{fmt(r['ci_low'])}, {fmt(r['ci_high'])}]"
        c = r.get("counts") or {}
        unpaired = ", ".join(f"{n} {what}" for what, n in (("baseline lacks", c.get("baseline_lacks")), ("candidate only", c.get("candidate_only")),
                                                         ("baseline only", c.get("baseline_only")), ("neither", c.get("neither"))) if n)  # fmt: skip
        colour = {NON_INFERIOR: "green", INFERIOR: "red", INCONCLUSIVE: "yellow", NOT_EVALUATED: "dim"}.get(r["verdict"], "")
        t.add_row(r["criterion"], f"[{colour}]{r['verdict']}[/]", str(r.get("pairs", "")), str(r.get("samples_run", "")),
                  "" if frac is None else f"{100 * frac:.1f}", "" if r.get("diff") is None else fmt(r["diff"]), ci, margin_text(r),
                  unpaired or "0")  # fmt: skip
    return t


def print_decisions(logs: Sequence[Any], console: Any) -> None:
    """Print every sequential log's decisions and where the run stopped."""
    for log in logs:
        meta = decisions(log)
        if meta is None:
            continue
        used, pool = meta.get("used") or {}, meta.get("pool") or {}
        if meta.get("criteria"):
            bench = str((log.eval.metadata or {}).get("benchmark") or "")
            console.print(decisions_table(meta, f"Sequential trust case · {log.eval.model} · case {meta.get('case')}", share_metrics(bench)))
        for r in meta.get("criteria", []):
            console.print(f"  {r['criterion']}: {r['verdict']}: {r['reason']}", markup=False)
        change = meta.get("change_control")
        if change:
            base = change.get("baseline") or {}
            console.print(change_table(change, f"Change control · {log.eval.model} vs baseline {base.get('family')} ({base.get('model')}) · "
                                               f"change case {change.get('case')}"))  # fmt: skip
            for r in change.get("criteria", []):
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
