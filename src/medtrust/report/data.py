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
from typing import Any, Callable, Sequence

from medtrust.bounded import read_text_bounded
from medtrust.caveats import PAIR_WARNING_BELOW, pair_caveat  # a safety value reached by refusing: one rule
from medtrust.benchmarks.interface import BLIND_RUN_SUFFIX, Axis
from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.evidence_class import BLIND_TAG, Evidence
from medtrust.report.sanitize import sanitize
from medtrust.summary import SCHEMA_VERSION, BenchmarkSummary, package_versions

#: Version of the report JSON layout (docs/report.md). Summaries inside carry their own version.
REPORT_SCHEMA_VERSION = "1.3"

WITHHELD = "[withheld: restricted data source]"
#: Summary provenance key marking the run of a frozen, approved baseline (medtrust.baseline).
APPROVED_KEY = "approved_baseline"
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
        if is_approved_baseline(s):
            tags.append(f"approved baseline {s.provenance[APPROVED_KEY].get('family')}")
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
def is_approved_baseline(s: BenchmarkSummary) -> bool:
    """Whether a summary is of a frozen, approved baseline run (`medtrust report --baseline`)."""
    return bool(s.provenance.get(APPROVED_KEY))


def comparison_pairs(summaries: Sequence[BenchmarkSummary], labels: Sequence[str], *, baseline: str | None = None,
                     max_models: int = 5) -> list[tuple[str, BenchmarkSummary, str, BenchmarkSummary]]:  # fmt: skip
    """(label A, run A, label B, run B) per benchmark: every run against the approved baseline run
    (:func:`is_approved_baseline`), else against the run labelled or named ``baseline``, else all
    pairs of the first ``max_models`` runs. A is the candidate, B the reference."""
    out = []
    for bench in [b.name for b in BENCHMARKS]:
        runs = [(lab, s) for s, lab in zip(summaries, labels) if s.benchmark == bench and (s.per_sample or s.per_sample_label)]
        base = [r for r in runs if is_approved_baseline(r[1])][:1]
        if not base and baseline is not None:
            base = [r for r in runs if r[0] == baseline or r[1].model == baseline][:1]
        if base:
            pairs = [(r, base[0]) for r in runs if r is not base[0] and not is_approved_baseline(r[1])]
        else:
            pairs = list(itertools.combinations(runs[:max_models], 2))
        out += [(la, sa, lb, sb) for (la, sa), (lb, sb) in pairs]
    return out


def _reliability(a: BenchmarkSummary, b: BenchmarkSummary, settings: dict[str, Any], drift: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Whether the comparison's judge can be trusted: unreliable when a judge of either run was
    flagged on the anchor set (judge drift), or the judge changed between the runs and no anchor
    set re-checked it (docs/comparison.md)."""
    used = {str(j) for s in (a, b) for j in (s.provenance.get("judge_names") or [])}
    flagged = [d for d in drift if d.get("flagged") and d["judge"] in used]
    checked = {d["judge"] for d in drift if d.get("rechecked")}
    if flagged:
        return {"unreliable": True, "reason": "judge drift: " + "; ".join(f"{d['judge']}: {d['reason']}" for d in flagged)}
    if settings.get("judge_changed") and not (used and used <= checked):
        return {"unreliable": True, "reason": "the judge changed between the runs and no anchor set re-checked it"}
    return {"unreliable": False, "reason": None}


def comparisons(summaries: Sequence[BenchmarkSummary], labels: Sequence[str], *, baseline: str | None = None, seed: int = 0,
                max_models: int = 5, drift: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:  # fmt: skip
    """Paired comparisons (:func:`comparison_pairs`), each {benchmark, a, b, baseline (B is an
    approved baseline), settings (medtrust.compare.settings.check_settings + ``line``),
    reliability, items, rows, flips} (rows, items and flips: medtrust.compare.paired.compare_runs;
    none when the settings check refused the pair). Pairs sharing no sample are left out unless B
    is a baseline."""
    from medtrust.compare.paired import compare_runs
    from medtrust.compare.settings import REFUSED, check_settings, describe

    out = []
    for la, sa, lb, sb in comparison_pairs(summaries, labels, baseline=baseline, max_models=max_models):
        settings = check_settings(sa, sb)
        cmp: dict[str, Any] = {"benchmark": sa.benchmark, "a": la, "b": lb, "baseline": is_approved_baseline(sb) or baseline is not None,
                               "settings": {**settings, "line": describe(settings)}, "reliability": _reliability(sa, sb, settings, drift)}  # fmt: skip
        if settings["status"] == REFUSED:
            cmp.update(items=None, rows=[], flips=None)
        else:
            cmp.update(compare_runs(sa, sb, seed=seed))
            if not cmp["items"]["shared"] and not cmp["baseline"]:
                continue
        cmp["_summaries"] = (sa, sb)
        out.append(cmp)
    return out


def _flip_examples(cmp: dict[str, Any], reader: Callable[[BenchmarkSummary, str], dict[str, Any] | None], per_move: int = 3,
                   limit: int = 24) -> list[dict[str, Any]]:  # fmt: skip
    """Up to ``per_move`` flipped items per (stratum, from, to), the benchmark's watched moves
    first, ``limit`` in all, with each run's prompt and reply read from its logs."""
    fl = cmp.get("flips") or {}
    watched = {(w["from"], w["to"]) for w in fl.get("watch", [])}
    by: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for it in fl.get("items", []):
        by[(it["stratum"], it["from"], it["to"])].append(it)
    order = sorted(by, key=lambda k: ((k[1], k[2]) not in watched, k))
    sa, sb = cmp["_summaries"]
    out = []
    for k in order:
        for it in by[k][:per_move]:
            if len(out) >= limit:
                return out
            xa, xb = reader(sa, it["key"]), reader(sb, it["key"])
            if xa is None and xb is None:
                continue
            out.append({**{f: it[f] for f in ("key", "stratum", "from", "to")}, "prompt": (xa or xb or {}).get("prompt"),
                        "response_a": (xa or {}).get("response"), "response_b": (xb or {}).get("response"),
                        "restricted": bool((xa or {}).get("restricted") or (xb or {}).get("restricted"))})  # fmt: skip
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
    # everything an example of restricted data holds came from it or answers it: the prompt, the
    # reference answer, the model's answer and the judge's text (which quotes both)
    for ex in d.get("examples", []):
        if ex.get("restricted"):
            for key in ("prompt", "target", "response", "judge_text"):
                if key == "prompt" or ex.get(key) is not None:
                    ex[key] = WITHHELD


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
            payload = json.loads(read_text_bounded(c, what="calibration file"))
        except (OSError, ValueError) as e:  # named in the report, never fatal (no summary used it)
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
                left_out: Sequence[BenchmarkSummary] = (), change: dict[str, Any] | None = None,
                sample_reader: Callable[[BenchmarkSummary, str], dict[str, Any] | None] | None = None) -> dict[str, Any]:  # fmt: skip
    """The report as JSON-ready data (sanitized). Layout: docs/report.md (``report_schema_version``).

    ``criteria`` (a :class:`medtrust.report.criteria.CriteriaSet`) adds the trust case
    (``criteria``: every criterion's PASS / FAIL / INCONCLUSIVE / NOT_EVALUATED per model) and
    its ``[[vs_baseline]]`` criteria the change case (``change_control.criteria``,
    medtrust.report.noninferiority); ``calibration`` (the judge-eval file(s) the summaries were
    corrected with) is named and hashed in ``provenance``; ``left_out``: summaries dropped by
    ``--latest`` (named in ``run_notes``). ``change``: {"baseline": the approved baseline
    (medtrust.baseline.Baseline.describe) or None, "drift": judge drift rows
    (medtrust.compare.drift)}; the summaries of the approved run carry ``provenance["approved_baseline"]``.
    ``sample_reader(summary, key)`` -> {prompt, response, restricted} or None gives the texts of
    flipped items (read from the logs by the build stage).
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
        "comparisons": [],
        "change_control": None,
        "skipped": list(skipped),
        "provenance": provenance(summaries, calibration=calibration, criteria=criteria),
        "image_reliance": image_reliance(summaries, labels),
        "criteria": None,
    }
    change = change or {}
    cmps = comparisons(summaries, labels, baseline=baseline, seed=seed, drift=change.get("drift") or ())
    for cmp in cmps:
        cmp["flips_examples"] = _flip_examples(cmp, sample_reader) if sample_reader is not None and cmp.get("flips") else []
        for ex in cmp["flips_examples"]:
            if ex["restricted"]:
                ex["prompt"] = WITHHELD
    if criteria is not None:
        from medtrust.report.criteria import check

        data["criteria"] = check(criteria, summaries, labels)
        from medtrust.report.sequential import apply as apply_sequential  # decisions of sequential runs

        apply_sequential(data["criteria"], summaries, labels)
    base_label = next((lab for s, lab in zip(summaries, labels) if is_approved_baseline(s)), baseline)
    if change or base_label is not None:
        data["change_control"] = {"baseline": change.get("baseline"), "baseline_label": base_label, "drift": list(change.get("drift") or []),
                                  "criteria": None}  # fmt: skip
    if criteria is not None:
        from medtrust.report.noninferiority import check as check_vs_baseline, load_vs_baseline

        rules, multiplicity = load_vs_baseline(criteria)
        if rules:
            pairs = [{"a": c["a"], "b": c["b"], "benchmark": c["benchmark"], "summary_a": c["_summaries"][0], "summary_b": c["_summaries"][1],
                      "comparison": c} for c in cmps if c["baseline"]]  # fmt: skip
            candidates = [lab for lab in dict.fromkeys(labels) if lab != base_label]
            data["change_control"] = data["change_control"] or {"baseline": None, "baseline_label": None, "drift": [], "criteria": None}
            data["change_control"]["criteria"] = check_vs_baseline(rules, pairs, multiplicity=multiplicity, candidates=candidates,
                                                                   baseline=base_label, seed=seed)  # fmt: skip
            from medtrust.report.sequential import apply_change  # decisions of sequential candidate runs

            apply_change(data["change_control"]["criteria"], summaries, labels, (change.get("baseline") or {}).get("record_sha256"))
    for cmp in cmps:
        del cmp["_summaries"]
    data["comparisons"] = cmps
    return sanitize(json.loads(json.dumps(data, default=str)))
