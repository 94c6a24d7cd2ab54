"""The report's data stage: summaries -> report data (versioned, sanitized, JSON-ready).

Takes the summaries of :func:`medtrust.logs.load_summaries` and builds what the page and the
``--json`` file share: the scorecard cells (every registered benchmark's axes on 0-100, with the
reason for n/a or "not meaningful" and the safety caveats), run labels and run notes, paired
comparisons between models, the trust case of a criteria file (:mod:`medtrust.report.criteria`),
and the provenance of every figure. The layout is documented in docs/report.md
(``report_schema_version``); the per-benchmark summaries inside follow docs/summary-schema.md.
Axes come from the benchmarks (medtrust.benchmarks.registry): this module names no benchmark.
The HTML stage (:mod:`medtrust.report.html`) reads only what :func:`report_data` returns.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any, Sequence

from medtrust.caveats import PAIR_WARNING_BELOW, pair_caveat  # a safety value reached by refusing: one rule
from medtrust.benchmarks.interface import BLIND_RUN_SUFFIX, Axis
from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.evidence_class import BLIND_TAG, Evidence
from medtrust.metrics.bootstrap import paired_bootstrap_diff
from medtrust.report.sanitize import sanitize
from medtrust.summary import SCHEMA_VERSION, BenchmarkSummary, package_versions

#: Version of the report JSON layout (docs/report.md). Summaries inside carry their own version.
REPORT_SCHEMA_VERSION = "1.3"

WITHHELD = "[withheld: restricted data source]"
#: A paired difference is called significant only with at least this many resampling clusters
#: (a bootstrap over 2 identical pairs gives a zero-width interval that means nothing).
MIN_CLUSTERS = 10
ANSWERED_OUTCOMES = ("correct", "incorrect", "partial")


def benchmark_titles() -> dict[str, str]:
    """{benchmark name: its title} of every registered benchmark, in registry order."""
    return {b.name: b.title for b in BENCHMARKS}


# ------------------------------------------------------------------ the scorecard
def axes() -> list[Axis]:
    """Every registered benchmark's scorecard axes, in registry order, pairs kept together: an
    axis that others name as their ``pair`` follows the last of them (e.g. jailbreak resistance,
    privacy, then not over-cautious)."""
    declared = [ax for b in BENCHMARKS for ax in b.axes]
    by_key = {ax.key: ax for ax in declared}
    targets = {ax.pair for ax in declared if ax.pair in by_key}
    out: list[Axis] = []
    for ax in declared:
        if ax in out or ax.key in targets:
            continue  # a pair target is placed with the axes that name it
        if ax.pair in by_key:
            out += [x for x in declared if x.pair == ax.pair and x not in out] + [by_key[ax.pair]]  # type: ignore[index]
        else:
            out.append(ax)
    return out


def _run_size(s: BenchmarkSummary) -> int:
    return s.rows_evaluated if s.rows_evaluated is not None else sum(s.outcome_counts.values())


def _labels(summaries: Sequence[BenchmarkSummary]) -> list[str]:
    """Display label per summary: the model name, told apart when a model has several runs of a
    benchmark (``run k`` by run start, with its size ``n`` in rows, or samples when rows are
    unknown), a mitigation arm (``mitigation=…``), or is a rescoring (``· rescored with <judge>``
    after the label of the run it rescored, or ``(rescoring of <log> with <judge>)`` when that
    run is not among the logs). Runs are never pooled (:func:`load_summaries`)."""
    runs: dict[tuple[str, str, bool], list[Any]] = defaultdict(list)
    for s in summaries:
        rid = _run_of(s)
        if not s.rescored_from and rid not in runs[(s.model, s.benchmark, _blind(s))]:
            runs[(s.model, s.benchmark, _blind(s))].append(rid)
    out: list[str] = []
    for s in summaries:
        if s.rescored_from:
            out.append("")  # after the originals are labelled
            continue
        key = (s.model, s.benchmark, _blind(s))
        tags = []
        if len(runs[key]) > 1:
            tags.append(f"run {runs[key].index(_run_of(s)) + 1}, n={_run_size(s)}")
        mit = s.provenance.get("mitigation")
        if mit not in (None, "off"):
            tags.append(f"mitigation={mit}")
        out.append(s.model + (f" ({', '.join(tags)})" if tags else "") + (BLIND_TAG if _blind(s) else ""))
    for i, s in enumerate(summaries):
        if not s.rescored_from:
            continue
        origin, judge = s.rescored_from.get("log"), s.rescored_from.get("judge") or "its recorded judge"
        orig = next((j for j, o in enumerate(summaries) if not o.rescored_from and o.model == s.model and o.benchmark == s.benchmark
                     and origin in o.logs), None)  # fmt: skip
        out[i] = f"{out[orig]} · rescored with {judge}" if orig is not None else f"{s.model} (rescoring of {origin} with {judge})"
    return out


def _blind(s: BenchmarkSummary) -> bool:
    """The model answered this run's image questions without the images (the image-blind pass,
    or a model without image input): its label carries the image-blind tag."""
    return Evidence.from_dict(s.evidence).images == "blind" if s.evidence else False


def _run_of(s: BenchmarkSummary) -> Any:
    """The run a summary belongs to for labelling: its run id without the image-blind suffix (the
    blind pass of run 1 is "run 1 · image-blind", not a run of its own)."""
    return (s.run_id or id(s)) if not isinstance(s.run_id, str) else s.run_id.removesuffix(BLIND_RUN_SUFFIX)


def _clip(x: float | None) -> float | None:
    return None if x is None else max(0.0, min(100.0, x))


def _cell(ax: Axis, s: BenchmarkSummary | None) -> dict[str, Any]:
    """One scorecard cell: status "run" | "n/a" (computed as None; ``note`` says why) |
    "not meaningful" (``raw_value`` kept, ``note`` says why) | "not run" | a run that is not
    evidence by the trust case's default rule (medtrust.evidence_class): "smoke", "image-blind" or
    "not evidence" (``raw_value`` kept, ``note`` says why). ``evidence`` is the run's evidence label."""
    empty = {"value": None, "ci_low": None, "ci_high": None, "n": 0, "note": None, "raw_value": None, "caveat": None, "evidence": None}
    if s is None:
        return {"status": "not run", **empty}
    r = ax.evaluate(s)
    ev = Evidence.from_dict(s.evidence)
    cell = {**empty, "value": _clip(r.value), "ci_low": _clip(r.ci_low), "ci_high": _clip(r.ci_high), "n": r.n, "note": r.note,
            "evidence": ev.label}  # fmt: skip
    if not ev.qualifies():
        status = "image-blind" if ev.images == "blind" else ("smoke" if ev.run == "smoke" else "not evidence")
        return {**cell, "status": status, "value": None, "ci_low": None, "ci_high": None, "raw_value": _clip(r.value),
                "raw_ci": [_clip(r.ci_low), _clip(r.ci_high)], "note": f"not evidence: {ev.why_not()}"}  # fmt: skip
    if r.value is None:
        return {**cell, "status": "n/a"}
    if r.not_meaningful:
        return {**cell, "status": "not meaningful", "value": None, "ci_low": None, "ci_high": None, "raw_value": _clip(r.value), "note": r.not_meaningful}
    return {**cell, "status": "run"}


def _context(s: BenchmarkSummary) -> dict[str, Any]:
    """What a reader needs beside a run's axis values: rows evaluated of rows available, the
    judge (approximate or not), and how many samples ended without an answer."""
    total = sum(s.outcome_counts.values())
    answered = sum(s.outcome_counts.get(o, 0) for o in ANSWERED_OUTCOMES)
    ev, av = s.rows_evaluated, s.rows_available
    if ev is not None and av is not None and av > ev:
        rows = f"{ev} of {av} rows"
    elif ev is not None:
        rows = f"{ev} rows" + (" (all)" if av is not None else "")
    else:
        rows = None
    return {
        "rows_evaluated": ev, "rows_available": av, "rows": rows, "samples": total,
        "non_answers": total - answered, "non_answer_share": (total - answered) / total if total else None,
        "judge": s.judge, "judge_approximate": s.judge_approximate, "rescored_from": s.rescored_from,
        "evidence": Evidence.from_dict(s.evidence).as_dict(),
    }  # fmt: skip


def scorecard(summaries: Sequence[BenchmarkSummary], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Per label: ``axes`` {axis key: cell} on 0-100 and ``context`` {benchmark: run context}.

    A cell is {status, value, ci_low, ci_high, n, note, raw_value, caveat, evidence}; status "run" |
    "not run" | "n/a" | "not meaningful" | "smoke" | "image-blind" | "not evidence" (:func:`_cell`;
    the last three: a run the trust case's default rule does not accept, so the scorecard and the
    trust case never disagree about what ran). A ``safety`` axis whose ``pair`` is
    run and below :data:`PAIR_WARNING_BELOW` gets a ``caveat`` naming the pair's value.
    """
    axs = axes()
    by_key = {a.key: a for a in axs}
    rows = []
    for lab in dict.fromkeys(labels):
        mine = [s for s, lb in zip(summaries, labels) if lb == lab]
        cells = {}
        for ax in axs:
            s = next((x for x in mine if x.benchmark == ax.benchmark and ax.dimension in x.dimensions_run), None)
            if s is None:  # a smoke run that measures no dimension (text-only) is shown as what it is, never as "not run"
                s = next((x for x in mine if x.benchmark == ax.benchmark and not x.dimensions_run
                          and not Evidence.from_dict(x.evidence).qualifies()), None)  # fmt: skip
            cells[ax.key] = _cell(ax, s)
        for ax in axs:
            pc = cells.get(ax.pair or "")
            if ax.kind == "safety" and cells[ax.key]["status"] == "run" and pc and pc["status"] == "run" and pc["value"] < PAIR_WARNING_BELOW:
                cells[ax.key]["caveat"] = pair_caveat(by_key[ax.pair].label, pc["value"])  # type: ignore[index]
        rows.append({"model": lab, "axes": cells, "context": {s.benchmark: _context(s) for s in mine}})
    return rows


def run_notes(summaries: Sequence[BenchmarkSummary], labels: Sequence[str], left_out: Sequence[BenchmarkSummary] = ()) -> list[str]:
    """Lines for the page about how runs are shown: several runs of a model (never pooled),
    rescorings (beside their original), runs left out by ``--latest``."""
    titles = benchmark_titles()
    notes = []
    seen: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, lab in zip(summaries, labels):
        if not s.rescored_from:
            seen[(s.model, s.benchmark)].append(lab)
    for (model, bench), labs in seen.items():
        if len(labs) > 1:
            notes.append(f"{model} has {len(labs)} {titles.get(bench, bench)} runs in these logs: shown separately ({'; '.join(labs)}), "
                         "never pooled. `medtrust report --latest` shows only the newest run of each model.")  # fmt: skip
    for s, lab in zip(summaries, labels):
        if s.rescored_from:
            notes.append(f"{lab}: a rescoring of {s.rescored_from.get('log')} with {s.rescored_from.get('judge')} "
                         "(medtrust rescore; the model was not run again), shown beside the original run, not as another run.")  # fmt: skip
    for s in left_out:
        notes.append(f"--latest: an older {titles.get(s.benchmark, s.benchmark)} run of {s.model} is left out ({', '.join(s.logs)}).")
    return notes


# ------------------------------------------------------------------ paired comparisons
def _pair_group(s: BenchmarkSummary, key: str) -> str:
    return s.per_sample_group.get(key, "all") if s.per_sample_group else "all"


def compare(a: BenchmarkSummary, b: BenchmarkSummary, *, seed: int = 0, n_resamples: int = 2000) -> list[dict[str, Any]]:
    """Paired differences mean(a - b) of per-sample values on the samples both runs share.

    One row per comparison group (``per_sample_group``, e.g. the CARES-VLM prompt variant; else
    "all"), with a cluster-bootstrap 95% CI (clusters from ``a.per_sample_cluster``) via
    :func:`medtrust.metrics.bootstrap.paired_bootstrap_diff`; ``significant`` = the CI excludes 0.
    Units are those of ``per_sample`` (CARES-LLM credit 0-1, MediConfusion correct 0/1, CARES-VLM
    credit or abstention flag 0-1). ``significant`` needs at least :data:`MIN_CLUSTERS` clusters
    (``too_few`` marks rows below it). ``higher_is_better`` is the group's direction
    (``per_sample_higher_is_better`` of both runs, None when unknown or they disagree) and
    ``better`` says which run is better ("a" | "b") when the difference is significant and the
    direction known, else None. Returns [] when the runs share no sample id.
    """
    shared = sorted(set(a.per_sample) & set(b.per_sample))
    by: dict[str, list[str]] = defaultdict(list)
    for sid in shared:
        by[_pair_group(a, sid)].append(sid)
    rows = []
    for g in sorted(by):
        ids = by[g]
        clusters = [a.per_sample_cluster.get(i, i) for i in ids]
        ci = paired_bootstrap_diff([a.per_sample[i] for i in ids], [b.per_sample[i] for i in ids], clusters, n_resamples=n_resamples, seed=seed)
        fin = lambda x: float(x) if math.isfinite(x) else None  # noqa: E731
        hib = _direction(a, g)
        if hib != _direction(b, g):
            hib = None
        significant = ci.excludes(0.0) and ci.n_clusters >= MIN_CLUSTERS
        diff = fin(ci.estimate)
        rows.append({
            "group": g, "n": len(ids), "n_clusters": ci.n_clusters,
            "mean_a": sum(a.per_sample[i] for i in ids) / len(ids), "mean_b": sum(b.per_sample[i] for i in ids) / len(ids),
            "diff": diff, "ci_low": fin(ci.low), "ci_high": fin(ci.high), "significant": significant,
            "too_few": ci.n_clusters < MIN_CLUSTERS, "higher_is_better": hib,
            "better": None if not significant or hib is None or diff is None else ("a" if (diff > 0) == hib else "b"),
        })  # fmt: skip
    return rows


def _direction(s: BenchmarkSummary, group: str) -> bool | None:
    d = s.per_sample_higher_is_better or {}
    return d.get(group, d.get("all"))


def comparisons(summaries: Sequence[BenchmarkSummary], labels: Sequence[str], *, baseline: str | None = None, seed: int = 0,
                max_models: int = 5) -> list[dict[str, Any]]:  # fmt: skip
    """All model pairs per benchmark (or each model vs ``baseline``), as [{benchmark, a, b, rows}]."""
    out = []
    for bench in [b.name for b in BENCHMARKS]:
        runs = [(lab, s) for s, lab in zip(summaries, labels) if s.benchmark == bench and s.per_sample][:max_models]
        if baseline is not None:
            base = [r for r in runs if r[0] == baseline or r[1].model == baseline][:1]
            pairs = [(r, base[0]) for r in runs if base and r is not base[0]]
        else:
            pairs = list(itertools.combinations(runs, 2))
        for (la, sa), (lb, sb) in pairs:
            rows = compare(sa, sb, seed=seed)
            if rows:
                out.append({"benchmark": bench, "a": la, "b": lb, "rows": rows})
    return out


def image_reliance(summaries: Sequence[BenchmarkSummary], labels: Sequence[str]) -> list[dict[str, Any]]:
    """One row per run that has an image-blind pass (medtrust.reliance): {benchmark, label,
    blind_label, metrics: {name: {value, ci_low, ci_high, n, note}}}, in report order."""
    from medtrust.reliance import DIMENSION, METRICS

    label_of = {id(s): lab for s, lab in zip(summaries, labels)}
    out = []
    for s in summaries:
        got = {m.name: m for m in s.metrics if m.dimension == DIMENSION and m.group is None}
        if not got or _blind(s):
            continue
        blind = next((label_of[id(b)] for b in summaries if b is not s and b.model == s.model and b.benchmark == s.benchmark and _blind(b)
                      and set(b.logs) == set(s.provenance.get("image_blind_pass") or [])), None)  # fmt: skip
        out.append({"benchmark": s.benchmark, "label": label_of[id(s)], "blind_label": blind,
                    "metrics": {n: {"value": got[n].value, "ci_low": got[n].ci_low, "ci_high": got[n].ci_high, "n": got[n].n, "note": got[n].note}
                                for n in METRICS if n in got}})  # fmt: skip
    return out


# ------------------------------------------------------------------ report data
def _withhold_restricted(d: dict[str, Any]) -> None:
    for ex in d.get("examples", []):
        if ex.get("restricted"):
            ex["prompt"] = WITHHELD
            ex["target"] = WITHHELD if ex.get("target") is not None else None


def provenance(summaries: Sequence[BenchmarkSummary], *, calibration: str | Sequence[str] | None = None, criteria: Any = None) -> dict[str, Any]:
    """Where every figure comes from: each log (file sha256, task, model, model arguments and
    generation settings, data sha256), each summary's judges, the calibration and criteria files
    (sha256) and the package versions."""
    from medtrust.data.records import sha256_file

    logs = [lp for s in summaries for lp in s.provenance.get("log_files", [])]
    judges = sorted({str(j) for s in summaries for j in (s.provenance.get("judges") or [])})
    cals = []
    for c in [calibration] if isinstance(calibration, str) else list(calibration or []):
        try:
            payload = json.loads(Path(c).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as e:  # named in the report, never fatal (no summary used it)
            cals.append({"file": Path(c).name, "error": f"not readable: {type(e).__name__}"})
            continue
        lf = payload.get("label_file") or {}
        cals.append({"file": Path(c).name, "sha256": sha256_file(c), "labels": Path(str(payload.get("labels", ""))).name,
                     "judges": {k: v.get("version", "") for k, v in (payload.get("judges") or {}).items()},
                     "design_weighted": bool(lf), "benchmarks": lf.get("benchmarks"), "labellers": lf.get("labellers"),
                     "label_models": payload.get("label_models")})  # fmt: skip
    return {
        "logs": logs, "judges": judges, "calibrations": cals,
        "criteria": None if criteria is None else {"file": criteria.source, "sha256": criteria.sha256, "title": criteria.title},
        "packages": package_versions("medtrust", "inspect-ai", "xllamacpp", "numpy"),
    }


def report_data(summaries: Sequence[BenchmarkSummary], skipped: Sequence[dict[str, Any]] = (), *, baseline: str | None = None,
                seed: int = 0, title: str | None = None, criteria: Any = None, calibration: str | Sequence[str] | None = None,
                left_out: Sequence[BenchmarkSummary] = ()) -> dict[str, Any]:  # fmt: skip
    """The report as JSON-ready data (sanitized). Layout: docs/report.md (``report_schema_version``).

    ``criteria`` (a :class:`medtrust.report.criteria.CriteriaSet`) adds the trust case
    (``criteria``: every criterion's PASS / FAIL / INCONCLUSIVE / NOT_EVALUATED per model);
    ``calibration`` (the judge-eval file(s) the summaries were corrected with) is named and
    hashed in ``provenance``; ``left_out``: summaries dropped by ``--latest`` (named in ``run_notes``).
    """
    from medtrust.plots import model_colours

    labels = _labels(summaries)
    colours = model_colours(labels)
    sums = []
    for s, lab in zip(summaries, labels):
        d = s.to_dict()
        d["label"] = lab
        d["colour"] = colours[lab]
        _withhold_restricted(d)
        sums.append(d)
    axs = axes()
    data = {
        "report_schema_version": REPORT_SCHEMA_VERSION,
        "summary_schema_version": SCHEMA_VERSION,
        "title": title or "medtrust trust scorecard",
        "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "packages": package_versions("medtrust", "inspect-ai"),
        "models": list(dict.fromkeys(labels)),
        "colours": colours,
        "benchmarks": [b.name for b in BENCHMARKS if any(s.benchmark == b.name for s in summaries)],
        "axes": [{"key": a.key, "label": a.label, "benchmark": a.benchmark, "dimension": a.dimension, "definition": a.definition,
                  "kind": a.kind, "pair": a.pair, "pair_of": [x.key for x in axs if x.pair == a.key]} for a in axs],  # fmt: skip
        "scorecard": scorecard(summaries, labels),
        "run_notes": run_notes(summaries, labels, left_out),
        "summaries": sums,
        "comparisons": comparisons(summaries, labels, baseline=baseline, seed=seed),
        "skipped": list(skipped),
        "provenance": provenance(summaries, calibration=calibration, criteria=criteria),
        "image_reliance": image_reliance(summaries, labels),
        "criteria": None,
    }
    if criteria is not None:
        from medtrust.report.criteria import check

        data["criteria"] = check(criteria, summaries, labels)
        from medtrust.report.sequential import apply as apply_sequential  # decisions of sequential runs

        apply_sequential(data["criteria"], summaries, labels)
    return sanitize(json.loads(json.dumps(data, default=str)))
