"""MediConfusion summary computed from an inspect log (never from in-memory run state).

Reads each sample's score metadata (written by ``mediconfusion_scorer``); a sample that errored
before scoring (inspect ``fail_on_error=False``) is counted as ``model_error`` and enters the
official metrics as the invalid choice "-", like the official code's failed calls.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from inspect_ai.log import EvalLog, read_eval_log

from medtrust.benchmarks.mediconfusion.dataset import CATEGORIES
from medtrust.benchmarks.mediconfusion.metrics import (
    ImageChoice,
    OfficialMetrics,
    complete_pairs,
    headline_cis,
    official_metrics,
    pair_cluster,
    pair_key,
    swap_metrics,
)
from medtrust.judges.roles import recorded_graders
from medtrust.metrics.grouped import MetricTable
from medtrust.metrics.proportion import METHOD as CI_METHOD
from medtrust.outcomes import Outcome
from medtrust.benchmarks.interface import run_id_of
from medtrust.summary import BenchmarkSummary, SampleExample, package_versions, pick_examples, sample_key

SCORER = "mediconfusion_scorer"
#: Headline metrics: (name, higher_is_better).
HEADLINE = (
    ("set_accuracy", True),
    ("individual_accuracy", True),
    ("confusion", False),
    ("invalid_rate", False),
    ("precision", True),
    ("confusion_all_pairs", False),
)


def image_rows(log: EvalLog) -> list[dict[str, Any]]:
    """One dict per sample: the scorer's metadata, or a model_error row built from sample metadata."""
    if log.samples is None and log.location:
        log = read_eval_log(log.location)
    rows = []
    for s in log.samples or []:
        sc = (s.scores or {}).get(SCORER)
        if sc is not None and sc.metadata and "pair_id" in sc.metadata:
            row = dict(sc.metadata)
        else:
            md = s.metadata or {}
            row = {
                "pair_id": md.get("pair_id"), "slot": md.get("slot"), "gold": md.get("gold"),
                "swapped": md.get("swapped", False), "categories": md.get("categories", []),
                "choice": "-", "outcome": str(Outcome.MODEL_ERROR),
                "error": str(s.error.message) if s.error else "not scored",
            }  # fmt: skip
        row["sample_id"] = str(s.id)
        row["epoch"] = s.epoch
        # with several epochs each epoch's two images form their own pair
        row["pair_key"] = pair_key(row["pair_id"], s.epoch)
        row["response"] = s.output.completion if s.output is not None else ""
        row["prompt"] = s.input if isinstance(s.input, str) else " ".join(m.text for m in s.input)
        rows.append(row)
    return rows


def _choices(rows: list[dict[str, Any]], key: str, swapped: bool) -> list[ImageChoice]:
    out = []
    for r in rows:
        if bool(r.get("swapped")) != swapped:
            continue
        ch = r.get(key) or "-"
        out.append(ImageChoice(r["pair_key"], int(r["slot"]), str(r["gold"]), ch if ch in ("A", "B") else "-", tuple(r.get("categories") or ())))
    return out


#: Why a headline metric is undefined (its denominator is empty).
WHY_EMPTY = {
    "confusion": "no pair with both answers valid",
    "precision": "no pair with two different valid answers",
}


def _metric_results(table: MetricTable, m: OfficialMetrics, cis: dict[str, Any] | None, group: str | None, note: str | None = None) -> None:
    """Add the headline metrics (official values, percent) with their pair-bootstrap CIs when given."""
    n_for = {"set_accuracy": m.n_pairs, "confusion": m.counts["valids"]["total"], "precision": m.counts["valid_pairs"]["total"]}
    for name, hib in HEADLINE:
        value = getattr(m, name)
        kw: dict[str, Any] = dict(dimension="robustness" if name.startswith("confusion") else "factuality", group=group, higher_is_better=hib,
                                  note=note if note else ("README wording: confused / all pairs" if name == "confusion_all_pairs" else None))
        ci = (cis or {}).get(name)
        why = WHY_EMPTY.get(name, "no complete pair")
        if ci is None:
            table.point(name, value, n_for.get(name, 2 * m.n_pairs), why_empty=why, **kw)
        else:
            mr = table.add(name, ci, value=value, why_empty=why, **kw)
            mr.n = n_for.get(name, 2 * m.n_pairs)  # type: ignore[union-attr]


def summarize_log(log: EvalLog, *, seed: int = 0, n_resamples: int = 2000) -> BenchmarkSummary:
    """The BenchmarkSummary of one MediConfusion log.

    Metrics (percent): official headline metrics with 95% cluster-adjusted Wilson intervals
    (clustered by pair; metrics.headline_cis); with several epochs every epoch's pairs count
    (the same definition as the log's inspect metrics); per-category
    values (group ``category=<name>``, official image-level denominators); MC: the same headline
    metrics with the lenient parser (group ``parser=lenient``, or ``parser=official`` when the
    run's primary parser was lenient); swap runs: position-bias metrics (group ``swap``).
    ``seed`` is recorded in the provenance; ``n_resamples`` is unused (the intervals are
    deterministic) and kept for the common ``summarize`` signature.
    """
    if log.samples is None and log.location:
        log = read_eval_log(log.location)
    rows = image_rows(log)
    tmeta = log.eval.task_args or {}
    mode = str(tmeta.get("mode", "mc"))
    parser = str(tmeta.get("parser", "official"))
    pairs = complete_pairs(_choices(rows, "choice", False))
    m = official_metrics(pairs)
    table = MetricTable(unit="percent", scale=100.0)
    _metric_results(table, m, headline_cis(pairs), None)
    metrics = table.metrics
    for cat in CATEGORIES:
        pc = m.per_category[cat]
        for name in ("set_accuracy", "individual_accuracy", "invalid_rate", "confusion"):
            table.point(name, pc[name], int(pc["n_images"] or 0), group=f"category={cat}", dimension="robustness" if name == "confusion" else "factuality",
                        higher_is_better=name in ("set_accuracy", "individual_accuracy"),
                        why_empty=WHY_EMPTY.get(name, f"no image of category {cat}"))
    notes = [f"mode {mode}; official metrics count every non-answer (errors included) as invalid, as the official code does"]
    if mode == "mc":
        other = "lenient" if parser == "official" else "official"
        alt = official_metrics(complete_pairs(_choices(rows, f"choice_{other}", False)))
        _metric_results(table, alt, None, f"parser={other}", note=f"MC letters from the {other} parser")
    swapped_rows = [r for r in rows if r.get("swapped")]
    if swapped_rows:
        sm = swap_metrics([c for p in pairs for c in p], [c for p in complete_pairs(_choices(rows, "choice", True)) for c in p])
        for name, hib in (("set_accuracy_both_orders", True), ("a_rate", None), ("position_bias", None), ("order_consistency", True), ("swapped_set_accuracy", True)):
            table.point(name, getattr(sm, name), sm.n_pairs, dimension="robustness", group="swap", higher_is_better=hib,
                        why_empty="no pair answered in both option orders" if name != "order_consistency" else "no image valid in both orders")
    if tmeta.get("text_only"):
        notes.append("text-only smoke run: no images were shown; these numbers are not MediConfusion results")
    counts = Counter(str(r.get("outcome")) for r in rows)
    outcome_counts = {str(o): counts.get(str(o), 0) for o in Outcome}
    if outcome_counts[str(Outcome.TRUNCATED)]:
        notes.append(
            f"{outcome_counts[str(Outcome.TRUNCATED)]} reply(ies) truncated (cut by the token limit before a letter), "
            "counted as invalid; raise -T max_tokens for models that reason before answering"
        )
    examples = pick_examples([
        SampleExample(sample_id=r["sample_id"], outcome=str(r.get("outcome")), prompt=r["prompt"][:2000], response=str(r["response"])[:2000],
                      target=str(r.get("gold")), judge_text=r.get("judge_text"))
        for r in rows if r.get("outcome") not in (str(Outcome.CORRECT),)
    ], 20)  # fmt: skip
    model = str(log.eval.model)
    graders = ", ".join(recorded_graders(log))
    judge = f"grader {graders}" if graders else f"official answer-letter rules ({parser} parser)"
    return BenchmarkSummary(
        benchmark="mediconfusion",
        model=model,
        task=log.eval.task,
        metrics=metrics,
        outcome_counts=outcome_counts,
        # a text-only smoke run measures no trust dimension: the scorecard shows "not run"
        dimensions_run=[] if tmeta.get("text_only") else ["factuality", "robustness"],
        provenance={
            "benchmark_version": "AIF4S/MediConfusion@a3045b03",
            "task_version": log.eval.task_version,
            "mode": mode,
            "parser": parser,
            "tr": tmeta.get("tr", 3),
            "swap": bool(tmeta.get("swap", False)),
            "judge_model": graders or None,
            "n_pairs": m.n_pairs,
            "counts": {k: v["total"] for k, v in m.counts.items()},
            "seed": seed,
            "ci_method": CI_METHOD,
            "packages": package_versions("medtrust", "inspect-ai"),
            "log": log.location.rsplit("/", 1)[-1] if log.location else None,
            "created": log.eval.created,
        },
        notes=notes,
        examples=examples,
        per_sample={sample_key(r["sample_id"], r["epoch"]): float(r.get("choice") == r.get("gold")) for r in rows},
        per_sample_cluster={sample_key(r["sample_id"], r["epoch"]): pair_cluster(r["pair_key"]) for r in rows},
        logs=[Path(log.location).name] if log.location else [],
        run_id=run_id_of(log),
        rows_evaluated=len({r["sample_id"] for r in rows}),
        rows_available=log.eval.dataset.samples,
        judge=judge,
        per_sample_higher_is_better={"all": True},
        per_sample_label={sample_key(r["sample_id"], r["epoch"]): str(r.get("outcome")) for r in rows},
    )


def format_table(s: BenchmarkSummary) -> str:
    """Plain-text table of the headline metrics (what `medtrust run` prints; the runner adds the
    outcome counts and notes below it)."""
    lines = [f"MediConfusion  model={s.model}  mode={s.provenance.get('mode')}  pairs={s.provenance.get('n_pairs')}"]
    lines.append(f"{'metric':<26}{'group':<22}{'value %':>9}  95% CI")
    for m in s.metrics:
        if m.group is not None and not m.group.startswith(("parser=", "swap")):
            continue
        v = "n/a" if m.value is None else f"{m.value:.2f}"
        ci = "" if m.ci_low is None else f"[{m.ci_low:.2f}, {m.ci_high:.2f}]"
        lines.append(f"{m.name:<26}{(m.group or ''):<22}{v:>9}  {ci}")
    return "\n".join(lines)
