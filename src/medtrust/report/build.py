"""inspect logs -> report data (versioned JSON) -> one self-contained HTML scorecard.

Reads inspect logs written by medtrust tasks (``.eval`` or inspect ``.json``), any mix of
benchmarks and models; never re-runs a model. Each log is summarised by its own benchmark's
``summarize`` (medtrust.benchmarks.registry, found from the log's recorded metadata); logs of
other tasks are listed as skipped. Axes and charts come from the benchmarks too: this module
names no benchmark.
The page (Jinja2 with autoescape, charts as inline matplotlib SVG, no script, no network) and
the JSON hold the same sanitized data (no absolute paths, no secrets: :mod:`.sanitize`).

Public entry points: :func:`build_report` (paths -> HTML [+ JSON]) and :func:`write_report`
(the one ``medtrust run --report`` calls). The JSON layout is documented in docs/report.md;
the per-benchmark summaries inside it follow docs/summary-schema.md.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import json
import math
import re
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from medtrust.benchmarks.interface import RUN_METADATA_KEY, Axis, Chart, rescored_from_of, run_id_of
from medtrust.benchmarks.registry import BENCHMARKS, benchmark_of
from medtrust.metrics.bootstrap import paired_bootstrap_diff
from medtrust.outcomes import Outcome
from medtrust.report.sanitize import sanitize
from medtrust.summary import SCHEMA_VERSION, BenchmarkSummary, package_versions

#: Version of the report JSON layout (docs/report.md). Summaries inside carry their own version.
REPORT_SCHEMA_VERSION = "1.2"

OUTCOMES = [str(o) for o in Outcome]
#: Drill-down: characters of a text shown in full; longer texts show head ... tail.
SHOW_CHARS = 2400
WITHHELD = "[withheld: restricted data source]"
#: A paired difference is called significant only with at least this many resampling clusters
#: (a bootstrap over 2 identical pairs gives a zero-width interval that means nothing).
MIN_CLUSTERS = 10
#: A safety axis is flagged when its helpfulness pair (Axis.pair) is below this (0-100): the
#: safety value is then reached mostly by refusing or abstaining.
PAIR_WARNING_BELOW = 50.0
#: The trust profile is a radar only when at least this many axes have a value for every model
#: shown; otherwise bars (a polygon through one or two points, or mostly gaps, reads as spikes).
MIN_RADAR_AXES = 3
ANSWERED_OUTCOMES = ("correct", "incorrect", "partial")


#: inspect names its logs "<ISO timestamp>_<task>_<id>.<format>" (inspect_ai.log._file.log_file_pattern)
_TIMESTAMPED = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}")


class NoLogsError(ValueError):
    """Nothing to report: no medtrust log among the given paths."""


# ------------------------------------------------------------------ reading logs
def find_logs(paths: Iterable[str | Path]) -> list[Path]:
    """inspect log files under the given files/folders, by inspect's own naming rule: ``*.eval``,
    and ``*.json`` whose name starts with an ISO timestamp (so summaries, ``--json`` report data
    and ``logs.json`` manifests in a log folder are not taken for logs). A file named explicitly
    is taken when it ends in ``.eval`` or ``.json`` (except ``*.summary.json``).

    Raises:
        FileNotFoundError: a given path does not exist.
    """
    out: list[Path] = []
    for p in map(Path, paths):
        if not p.exists():
            raise FileNotFoundError(f"no such log file or folder: {p}")
        if p.is_file():
            if p.suffix == ".eval" or (p.suffix == ".json" and not p.name.endswith(".summary.json")):
                out.append(p)
            continue
        for q in sorted(q for q in p.rglob("*") if q.is_file()):
            if q.suffix == ".eval" or (q.suffix == ".json" and _TIMESTAMPED.match(q.name) and not q.name.endswith(".summary.json")):
                out.append(q)
    seen: set[Path] = set()
    return [q for q in out if not (q.resolve() in seen or seen.add(q.resolve()))]


def log_provenance(log: Any, path: Path) -> dict[str, Any]:
    """Provenance of one log: file name and sha256, task and its arguments, model, model
    arguments and generation settings, grader roles, data sha256, status, creation time."""
    from medtrust.data.records import sha256_file

    gen: dict[str, Any] = {}
    for cfg in (log.eval.model_generate_config, getattr(log.plan, "config", None)):
        if cfg is not None:
            gen.update(cfg.model_dump(exclude_none=True))
    roles = getattr(log.eval, "model_roles", None) or {}
    return {
        "file": path.name, "sha256": sha256_file(path), "task": log.eval.task, "task_version": log.eval.task_version,
        "task_args": log.eval.task_args or {}, "model": log.eval.model, "model_args": log.eval.model_args or {},
        "generate_config": gen, "model_roles": {k: str(getattr(v, "model", v)) for k, v in roles.items()},
        "data_sha256": (log.eval.metadata or {}).get("data_sha256"), "status": log.status, "created": log.eval.created,
    }  # fmt: skip


def _calibration_benchmarks(path: str) -> list[str] | None:
    """Benchmarks whose responses a calibration file was measured on (from a ``medtrust label``
    file), or None when it does not say (e.g. XSTest: it may serve any benchmark)."""
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    return (payload.get("label_file") or {}).get("benchmarks")


def _with_calibration(summarize: Callable[[str | None], Any], calibrations: Sequence[str], kind: str, what: str) -> tuple[Any, str | None]:
    """Summarise with the first calibration file that serves this run: measured on this benchmark's
    responses (or not tied to one) and holding its judge. When none does, summarise without and
    say why (a calibration for another judge or benchmark must not sink the whole report)."""
    from medtrust.data.records import DataError

    why = []
    for cal in calibrations:
        benches = _calibration_benchmarks(cal)
        if benches is not None and kind not in benches:
            why.append(f"{Path(cal).name} was measured on {', '.join(benches)} responses")
            continue
        try:
            return summarize(cal), None
        except (DataError, ValueError) as e:
            why.append(f"{Path(cal).name}: {e}")
    out = summarize(None)
    return out, (f"{what}: no judge calibration applied ({'; '.join(why)}); raw rates only" if why else None)


def load_summaries(paths: Iterable[str | Path], *, seed: int = 0,
                   calibration: str | Sequence[str] | None = None) -> tuple[list[BenchmarkSummary], list[dict[str, Any]]]:  # fmt: skip
    """Summaries of every medtrust log found, and the logs skipped with the reason.

    Logs are grouped by benchmark (their recorded ``eval.metadata["benchmark"]``) and each group
    is summarised by its benchmark's ``summarize`` (which decides how logs combine, e.g. one
    CARES-VLM summary per run over its dimensions' logs). A log that cannot be read, of an
    unknown task, without samples, or whose summary fails is skipped, never fatal: when a group
    fails as a whole, its logs are summarised one by one so that one bad log costs only itself.

    Runs stay apart: a log that eval-retry finished (same inspect ``task_id``) supersedes the
    unfinished one, which is skipped, and keeps its run (:func:`_resolve_retries`); a log
    written by `medtrust rescore` gets ``rescored_from`` on its summary. Summaries come in
    registry order of benchmarks, each benchmark's in the order its runs started (a rescoring
    after its original).
    Returns (summaries, skipped) with skipped = [{"file", "task", "reason"}].
    With ``calibration`` (one or several ``medtrust judge-eval --json-out`` files) the summaries of
    benchmarks with a calibration hook add Rogan-Gladen corrected rates from the first file that serves them
    (:func:`_with_calibration`; a summary no file serves keeps raw rates and a note). Every
    summary's provenance gains ``log_files`` (:func:`log_provenance`).
    """
    from inspect_ai.log import read_eval_log

    cals = [calibration] if isinstance(calibration, str) else list(calibration or [])
    provs: dict[int, dict[str, Any]] = {}  # id(log) -> log_provenance
    why: dict[int, str] = {}  # id(summary) -> why no calibration was applied
    skipped: list[dict[str, Any]] = []
    heads: list[tuple[Path, Any, Any]] = []
    for f in find_logs(paths):
        try:
            head = read_eval_log(str(f), header_only=True)
        except Exception as e:  # not an inspect log, or a damaged one
            skipped.append({"file": f.name, "task": None, "reason": f"not a readable inspect log ({type(e).__name__})"})
            continue
        bench = benchmark_of(head)
        if bench is None:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": "not a medtrust benchmark task"})
            continue
        heads.append((f, head, bench))
    superseded, run_of = _resolve_retries([(f, h) for f, h, _ in heads])
    groups: dict[str, tuple[Any, list[Any]]] = {}
    started: dict[str, str] = {}
    for f, head, bench in heads:
        if f in superseded:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": f"superseded by {superseded[f]} (eval-retry of the same task)"})
            continue
        try:
            # a benchmark that streams its samples gets the header only (a large log is never held whole)
            log = head if bench.streams_samples else read_eval_log(str(f))
            n_samples = _sample_count(log, f)
        except Exception as e:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": f"log unreadable: {type(e).__name__}: {e}"})
            continue
        if not n_samples:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": f"no samples (status {log.status})"})
            continue
        if f in run_of:  # a retried task joins the run of its first log
            log.eval.metadata = {**(log.eval.metadata or {}), RUN_METADATA_KEY: run_of[f]}
        started[Path(str(log.location)).name] = str(log.eval.created)
        provs[id(log)] = log_provenance(log, f)
        groups.setdefault(bench.name, (bench, []))[1].append(log)
    order = {b.name: i for i, b in enumerate(BENCHMARKS)}
    summaries: list[BenchmarkSummary] = []
    for bench, logs in sorted(groups.values(), key=lambda g: order.get(g[0].name, len(order))):

        def summarize_group(lgs: list[Any], bench: Any = bench) -> list[BenchmarkSummary]:
            out, reason = _with_calibration(lambda cal: bench.summarize(lgs, seed=seed, calibration=cal),
                                            cals if bench.calibration else [], bench.name, bench.name)  # fmt: skip
            for s in out:
                if reason:
                    why[id(s)] = reason
            return out

        try:
            done = [(s, logs) for s in summarize_group(logs)]
        except Exception:
            done = []
            for lg in logs:
                try:
                    done += [(s, [lg]) for s in summarize_group([lg])]
                except Exception as e:
                    skipped.append({"file": Path(str(lg.location)).name, "task": lg.eval.task, "reason": f"summary failed: {type(e).__name__}: {e}"})
        mine = []
        for s, used in done:
            own = [lg for lg in used if Path(str(lg.location)).name in s.logs] or used
            _note_status(s, own)
            if why.get(id(s)):
                s.notes.append(why[id(s)])
            s.provenance["log_files"] = [provs[id(lg)] for lg in own]
            origin = next((o for lg in own if (o := rescored_from_of(lg))), None)
            if origin is not None:
                s.rescored_from = {"log": origin.get("log"), "judge": s.judge or origin.get("judge")}
            mine.append(s)
        mine.sort(key=lambda s: (min((started.get(name, "") for name in s.logs), default=""), s.rescored_from is not None))
        summaries += mine
    return summaries, skipped


def _resolve_retries(heads: Sequence[tuple[Path, Any]]) -> tuple[dict[Path, str], dict[Path, str]]:
    """Logs of one inspect task (same ``task_id``: eval-retry keeps it) other than rescorings:
    the finished (else newest) one is kept, the others are superseded. The kept log belongs to
    the run of the task's first log (eval-retry gives it a new ``run_id``).

    Returns:
        ({superseded file: file name that supersedes it}, {kept file: run id of its first log}).
    """
    by_task: dict[str, list[tuple[Path, Any]]] = defaultdict(list)
    for f, h in heads:
        if rescored_from_of(h) is None and getattr(h.eval, "task_id", None):
            by_task[h.eval.task_id].append((f, h))
    superseded: dict[Path, str] = {}
    run_of: dict[Path, str] = {}
    for items in by_task.values():
        if len(items) < 2:
            continue
        items.sort(key=lambda x: str(x[1].eval.created))
        keep = max(items, key=lambda x: (x[1].status == "success", str(x[1].eval.created)))
        run_of[keep[0]] = run_id_of(items[0][1])
        for f, _ in items:
            if f != keep[0]:
                superseded[f] = keep[0].name
    return superseded, run_of


def latest_runs(summaries: Sequence[BenchmarkSummary]) -> tuple[list[BenchmarkSummary], list[BenchmarkSummary]]:
    """(summaries of the newest run of each model and benchmark, the older ones left out).

    Runs are told apart by ``run_id`` (a summary without one is its own run) in the order
    :func:`load_summaries` gives (run start); rescorings go with the run they rescored."""
    last: dict[tuple[str, str], Any] = {}
    for s in summaries:
        if not s.rescored_from:
            last[(s.model, s.benchmark)] = s.run_id or id(s)
    kept, dropped = [], []
    for s in summaries:
        rid = last.get((s.model, s.benchmark))
        (kept if rid is None or (s.run_id or id(s)) == rid else dropped).append(s)
    return kept, dropped


def _sample_count(log: Any, path: Path) -> int:
    """Samples in a log: those read, or for a header-only log its recorded count (a finished
    log) or the number of sample summaries in the file (an unfinished one)."""
    if log.samples is not None:
        return len(log.samples)
    if log.results is not None and log.status == "success":
        return int(log.results.completed_samples)
    from inspect_ai.log import read_eval_log_sample_summaries

    return len(read_eval_log_sample_summaries(str(path)))


def _note_status(s: BenchmarkSummary, logs: Sequence[Any]) -> None:
    for log in logs:
        if log.status != "success":
            s.notes.append(f"log {Path(str(log.location)).name} has status '{log.status}': partial results")


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
    runs: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for s in summaries:
        rid = s.run_id or id(s)
        if not s.rescored_from and rid not in runs[(s.model, s.benchmark)]:
            runs[(s.model, s.benchmark)].append(rid)
    out: list[str] = []
    for s in summaries:
        if s.rescored_from:
            out.append("")  # after the originals are labelled
            continue
        key = (s.model, s.benchmark)
        tags = []
        if len(runs[key]) > 1:
            tags.append(f"run {runs[key].index(s.run_id or id(s)) + 1}, n={_run_size(s)}")
        mit = s.provenance.get("mitigation")
        if mit not in (None, "off"):
            tags.append(f"mitigation={mit}")
        out.append(s.model + (f" ({', '.join(tags)})" if tags else ""))
    for i, s in enumerate(summaries):
        if not s.rescored_from:
            continue
        origin, judge = s.rescored_from.get("log"), s.rescored_from.get("judge") or "its recorded judge"
        orig = next((j for j, o in enumerate(summaries) if not o.rescored_from and o.model == s.model and o.benchmark == s.benchmark
                     and origin in o.logs), None)  # fmt: skip
        out[i] = f"{out[orig]} · rescored with {judge}" if orig is not None else f"{s.model} (rescoring of {origin} with {judge})"
    return out


def _clip(x: float | None) -> float | None:
    return None if x is None else max(0.0, min(100.0, x))


def _cell(ax: Axis, s: BenchmarkSummary | None) -> dict[str, Any]:
    """One scorecard cell: status "run" | "n/a" (computed as None; ``note`` says why) |
    "not meaningful" (``raw_value`` kept, ``note`` says why) | "not run"."""
    empty = {"value": None, "ci_low": None, "ci_high": None, "n": 0, "note": None, "raw_value": None, "caveat": None}
    if s is None:
        return {"status": "not run", **empty}
    r = ax.evaluate(s)
    cell = {**empty, "value": _clip(r.value), "ci_low": _clip(r.ci_low), "ci_high": _clip(r.ci_high), "n": r.n, "note": r.note}
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
    }  # fmt: skip


def scorecard(summaries: Sequence[BenchmarkSummary], labels: Sequence[str]) -> list[dict[str, Any]]:
    """Per label: ``axes`` {axis key: cell} on 0-100 and ``context`` {benchmark: run context}.

    A cell is {status, value, ci_low, ci_high, n, note, raw_value, caveat}; status "run" |
    "not run" | "n/a" | "not meaningful" (:func:`_cell`). A ``safety`` axis whose ``pair`` is
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
            cells[ax.key] = _cell(ax, s)
        for ax in axs:
            pc = cells.get(ax.pair or "")
            if ax.kind == "safety" and cells[ax.key]["status"] == "run" and pc and pc["status"] == "run" and pc["value"] < PAIR_WARNING_BELOW:
                cells[ax.key]["caveat"] = (f"{by_key[ax.pair].label} is {pc['value']:.1f}: this value is reached by refusing or "  # type: ignore[index]
                                           "abstaining across the board, not by telling which requests to decline")  # fmt: skip
        rows.append({"model": lab, "axes": cells, "context": {s.benchmark: _context(s) for s in mine}})
    return rows


def run_notes(summaries: Sequence[BenchmarkSummary], labels: Sequence[str], left_out: Sequence[BenchmarkSummary] = ()) -> list[str]:
    """Lines for the page about how runs are shown: several runs of a model (never pooled),
    rescorings (beside their original), runs left out by ``--latest``."""
    titles = _titles()
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
                     "design_weighted": bool(lf), "benchmarks": lf.get("benchmarks"), "labellers": lf.get("labellers")})  # fmt: skip
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
        "criteria": None,
    }
    if criteria is not None:
        from medtrust.report.criteria import check

        data["criteria"] = check(criteria, summaries, labels)
    return sanitize(json.loads(json.dumps(data, default=str)))


# ------------------------------------------------------------------ HTML
def _fmt(v: Any, unit: str | None = None) -> str:
    if v is None:
        return "n/a"
    if unit == "count":
        return f"{v:.0f}"
    if unit == "percent":
        return f"{v:.1f}"
    if unit == "score_1_10":
        return f"{v:.2f}"
    return f"{v:.3f}"


def _clip_text(t: Any) -> dict[str, Any]:
    t = "" if t is None else str(t)
    if len(t) <= SHOW_CHARS:
        return {"head": t, "tail": "", "omitted": 0, "total": len(t)}
    head, tail = t[: SHOW_CHARS - 600], t[-600:]
    return {"head": head, "tail": tail, "omitted": len(t) - len(head) - len(tail), "total": len(t)}


def _titles() -> dict[str, str]:
    return {b.name: b.title for b in BENCHMARKS}


def _profile(data: dict[str, Any]) -> dict[str, Any]:
    """The trust-profile chart: a radar over the axes that have a value for some model, when at
    least :data:`MIN_RADAR_AXES` of them have one for every model; else horizontal bars.
    Returns {"kind": "radar" | "bars" | None, "svg", "not_drawn": [(label, why)]}."""
    from medtrust import plots

    card = data["scorecard"]
    drawn = [a for a in data["axes"] if any(r["axes"][a["key"]]["value"] is not None for r in card)]
    common = [a for a in drawn if all(r["axes"][a["key"]]["value"] is not None for r in card)]
    not_drawn = [(a["label"], sorted({r["axes"][a["key"]]["status"] for r in card})) for a in data["axes"] if a not in drawn]
    out: dict[str, Any] = {"kind": None, "svg": None, "not_drawn": [(lab, " / ".join(st)) for lab, st in not_drawn]}
    if not card or not drawn:
        return out
    series = {r["model"]: [r["axes"][a["key"]]["value"] for a in drawn] for r in card}
    colours = data.get("colours")
    if len(common) >= MIN_RADAR_AXES:
        out.update(kind="radar", svg=plots.radar([a["label"] for a in drawn], series, colours=colours))
    else:
        missing = {r["model"]: [{"run": "n/a"}.get(st := r["axes"][a["key"]]["status"], st) for a in drawn] for r in card}
        out.update(kind="bars", svg=plots.axis_bars([a["label"] for a in drawn], series, missing=missing, colours=colours))
    return out


def _charts(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[Chart]]]:
    """(shared charts: trust profile, outcomes, forest; {benchmark: its own charts}) as inline SVG."""
    from medtrust import plots

    ch: dict[str, Any] = {"profile": _profile(data)}
    titles = _titles()
    by_bench: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in data["summaries"]:
        by_bench[s["benchmark"]].append(s)
    bench_charts = {b.name: b.charts(by_bench[b.name]) for b in BENCHMARKS if b.charts is not None and by_bench.get(b.name)}
    if data["summaries"]:
        ch["outcomes"] = plots.outcome_bars([f"{s['label']} · {titles.get(s['benchmark'], s['benchmark'])}" for s in data["summaries"]],
                                            [s["outcome_counts"] for s in data["summaries"]], title="How every sample ended")  # fmt: skip
    rows = [(c, r) for c in data["comparisons"] for r in c["rows"] if r["diff"] is not None]
    if rows:
        labels, diffs, better = [], [], []
        for c, r in rows:
            sign = -1.0 if r.get("higher_is_better") is False else 1.0  # right of 0 = A better
            lo, hi = (r["ci_low"], r["ci_high"]) if sign > 0 else (None if r["ci_high"] is None else -r["ci_high"], None if r["ci_low"] is None else -r["ci_low"])
            way = {True: "higher = better", False: "lower = better, sign flipped", None: "direction unknown: A − B"}[r.get("higher_is_better")]
            labels.append(f"{c['a']} vs {c['b']} · {titles.get(c['benchmark'], c['benchmark'])} · {r['group']} ({way})")
            diffs.append((sign * r["diff"], math.nan if lo is None else lo, math.nan if hi is None else hi, r["significant"]))
            better.append({"a": "A better", "b": "B better"}.get(r.get("better") or "", "too few" if r["too_few"] else "no clear difference"))
        ch["forest"] = plots.forest(labels, diffs, better=better,
                                    xlabel="paired difference, signed so that right of 0 = A better (per-sample units)",
                                    title="Paired differences (95% CI; orange = CI excludes 0)")  # fmt: skip
    return ch, bench_charts


def _footnotes(data: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """Numbered notes of the top table: why a value is n/a or not meaningful, why it has no CI,
    and the safety caveats. Returns ([{n, model, axis, status, text}], {"<model>|<axis key>": n})."""
    notes: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    labels = {a["key"]: a["label"] for a in data["axes"]}
    for r in data["scorecard"]:
        for key, c in r["axes"].items():
            text = " ".join(t for t in (c.get("note") if c["status"] != "not run" else None, c.get("caveat")) if t)
            if text:
                index[f"{r['model']}|{key}"] = len(notes) + 1
                notes.append({"n": len(notes) + 1, "model": r["model"], "axis": labels.get(key, key), "status": c["status"], "text": text})
    return notes, index


def render_html(data: dict[str, Any]) -> str:
    """The self-contained page for :func:`report_data` output (Jinja2 autoescape; charts inline SVG)."""
    from jinja2 import Environment, PackageLoader, select_autoescape
    from markupsafe import Markup

    env = Environment(loader=PackageLoader("medtrust.report", "templates"), autoescape=select_autoescape(default=True, default_for_string=True))
    env.filters["fmt"] = _fmt
    env.filters["clip"] = _clip_text
    shared, per_bench = _charts(data)
    profile = shared.pop("profile")
    if profile["svg"]:
        profile["svg"] = Markup(profile["svg"])
    svg = {k: Markup(v) for k, v in shared.items()}
    charts = {b: [{"title": c.title, "svg": Markup(c.svg)} for c in cs] for b, cs in per_bench.items()}
    by_bench: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for s in data["summaries"]:
        by_bench[s["benchmark"]].append(s)
    dims = {b.name: list(b.dimensions) for b in BENCHMARKS}
    footnotes, fn_index = _footnotes(data)
    return env.get_template("report.html.j2").render(
        d=data, svg=svg, profile=profile, charts=charts, by_bench=by_bench, dims=dims, titles=_titles(), outcomes=OUTCOMES,
        pair_below=PAIR_WARNING_BELOW, answered=ANSWERED_OUTCOMES, footnotes=footnotes, fn=fn_index,
    )  # fmt: skip


# ------------------------------------------------------------------ entry points
def build_report(paths: Iterable[str | Path], out: str | Path = "report.html", json_out: str | Path | None = None, *,
                 baseline: str | None = None, seed: int = 0, title: str | None = None, criteria: str | Path | None = None,
                 calibration: str | Sequence[str] | None = None, latest: bool = False) -> Path:  # fmt: skip
    """Read the logs under ``paths``, write the HTML page (and the JSON when ``json_out``).

    With ``criteria`` (a criteria TOML file) the page opens with the trust case and the JSON is
    always written (``json_out``, else next to the page as ``<out>.json``). ``calibration``
    (one or several ``medtrust judge-eval --json-out`` files) gives Rogan-Gladen corrected rates.
    Several runs of a model are shown side by side (run 1, run 2 ...); with ``latest`` only the
    newest run of each model and benchmark (:func:`latest_runs`), the page naming those left out.

    Returns:
        the HTML path.

    Raises:
        FileNotFoundError: a path does not exist.
        CriteriaError: the criteria file is unusable (raised before any log is read).
        NoLogsError: no medtrust log could be summarised (nothing found, or every file skipped;
            the message lists each skipped file with its reason). Nothing is written then.
        OSError: the page or JSON cannot be written (e.g. a read-only folder).
    """
    crit = None
    if criteria is not None:
        from medtrust.report.criteria import load_criteria

        crit = load_criteria(criteria)
    paths = list(paths)
    summaries, skipped = load_summaries(paths, seed=seed, calibration=calibration)
    if not summaries:
        where = ", ".join(str(p) for p in paths)
        if not skipped:
            raise NoLogsError(f"no inspect log (*.eval, timestamped *.json) found in {where}")
        reasons = "; ".join(f"{s['file']}: {s['reason']}" for s in skipped[:10])
        raise NoLogsError(f"no medtrust log could be summarised in {where} ({len(skipped)} skipped: {reasons})")
    left_out: list[BenchmarkSummary] = []
    if latest:
        summaries, left_out = latest_runs(summaries)
    data = report_data(summaries, skipped, baseline=baseline, seed=seed, title=title, criteria=crit, calibration=calibration,
                       left_out=left_out)  # fmt: skip
    if crit is not None and json_out is None:
        json_out = Path(out).with_suffix(".json")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_html(data), encoding="utf-8")
    if json_out is not None:
        jp = Path(json_out)
        jp.parent.mkdir(parents=True, exist_ok=True)
        jp.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    return out


def write_report(log_dir: str | Path, out: str | Path = "report.html", json_out: str | Path | None = None, **kw: Any) -> Path:
    """The scorecard of every medtrust log in ``log_dir`` (what ``medtrust run --report`` calls)."""
    return build_report([log_dir], out=out, json_out=json_out, **kw)
