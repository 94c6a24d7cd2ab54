"""inspect logs of medtrust runs: find them, read them, tell runs apart, and summarise them.

The one place that knows what a log is and how logs relate, used by `medtrust report`
(:mod:`medtrust.report.build`), `medtrust rescore`, `medtrust label` and `medtrust run --resume`:

- finding: :func:`find_logs` (files and folders, inspect's own naming rule), :func:`unfinished_logs`
  (the latest unfinished run in a log folder, for ``--resume``), :func:`finished_logs_of_runs`
  (the tasks of those runs that had finished, for the resumed run's summary);
- reading: :func:`read_log` (inspect's reader with one clear error for a file that is not a log),
  :func:`sample_count` (without reading the samples), :func:`log_provenance` (file sha256,
  task, model, settings);
- runs: :func:`resolve_retries` (an eval-retry supersedes its unfinished log and joins its run),
  :func:`latest_runs` (the newest run of each model and benchmark);
- summaries: :func:`load_summaries` (logs -> each benchmark's own ``summarize``, with the logs
  skipped and why). It lives here, not in the report, because `medtrust rescore` needs the same
  "logs in, summaries out" step; the report's data stage (:mod:`medtrust.report.data`) starts
  from summaries.

Names no benchmark: a log's benchmark comes from its recorded metadata (medtrust.benchmarks.registry).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from medtrust.bounded import env_limit, read_text_bounded
from medtrust.benchmarks.interface import RUN_METADATA_KEY, rescored_from_of, run_id_of
from medtrust.benchmarks.registry import BENCHMARKS, benchmark_of
from medtrust.judges.roles import recorded_role_configs, recorded_roles
from medtrust.shards import group_shards, log_files, shard_names, shard_of
from medtrust.summary import BenchmarkSummary

#: inspect names its logs "<ISO timestamp>_<task>_<id>.<format>" (inspect_ai.log._file.log_file_pattern)
_TIMESTAMPED = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}")


#: largest decompressed size of one member of an ``.eval`` log (a sample; bytes): ``MEDTRUST_MAX_LOG_MEMBER_BYTES``
MAX_LOG_MEMBER_BYTES = env_limit("MAX_LOG_MEMBER_BYTES", 512 << 20)
#: largest decompressed size of a whole log (``.eval`` members, or a ``.json`` log's file): ``MEDTRUST_MAX_LOG_BYTES``
MAX_LOG_BYTES = env_limit("MAX_LOG_BYTES", 8 << 30)


class LogReadError(ValueError):
    """A file that is not a readable inspect log (or a damaged one); the message names the file.

    Attributes:
        cause: the class name of inspect's own error (e.g. ``BadZipFile``).
    """

    def __init__(self, message: str, cause: str) -> None:
        super().__init__(message)
        self.cause = cause


# ------------------------------------------------------------------ finding and reading
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


def read_log(path: str | Path, *, header_only: bool = False) -> Any:
    """inspect's ``read_eval_log``, with one clear error for a file that is not an inspect log.

    Args:
        path: an inspect ``.eval`` or ``.json`` log file.
        header_only: read the header (spec, plan, results, stats) without the samples.

    Returns:
        inspect's ``EvalLog``.

    Raises:
        LogReadError (a ValueError): "<path>: not a readable inspect .eval/.json log (<error>)".
    """
    from inspect_ai.log import read_eval_log

    check_log_size(path)
    try:
        return read_eval_log(str(path), header_only=header_only)
    except Exception as e:  # noqa: BLE001 - not an inspect log, or a damaged one: one line naming the file
        raise LogReadError(f"{path}: not a readable inspect .eval/.json log ({type(e).__name__}: {' '.join(str(e).split())[:200]})",
                           cause=type(e).__name__) from None


def check_log_size(path: str | Path) -> None:
    """Refuse a log whose decompressed size is over the limits, before anything is decompressed.

    An ``.eval`` file is a zip archive: the sizes its central directory declares bound what a
    reader decompresses (Python's zipfile stops at the declared size and fails the CRC), so a
    zip bomb (a few MB holding GiBs) is refused from its directory alone. A ``.json`` log is
    bounded by its file size.

    Raises:
        LogReadError: naming the file, the member and the limit (``cause`` "too large"), or a
            damaged archive.
    """
    import zipfile

    from medtrust.bounded import check_archive, check_size

    def too_large(p: Path, detail: str) -> LogReadError:
        return LogReadError(f"{p}: {detail}", cause="too large")

    text = str(path)
    if text.startswith("file:"):  # inspect names listed logs by URI (list_eval_logs)
        from urllib.parse import unquote, urlparse

        text = unquote(urlparse(text).path)
    elif "://" in text:  # a remote store (s3://...): inspect reads it; nothing on this disk to measure
        return
    p = Path(text)
    try:
        if not zipfile.is_zipfile(p):
            check_size(p, MAX_LOG_BYTES, what="log", env="MAX_LOG_BYTES", error=too_large)
            return
        with zipfile.ZipFile(p) as z:
            infos = z.infolist()
    except (OSError, zipfile.BadZipFile) as e:
        raise LogReadError(f"{p}: not a readable inspect .eval/.json log ({type(e).__name__}: {e})", cause=type(e).__name__) from None
    check_archive(p, infos, member_limit=MAX_LOG_MEMBER_BYTES, total_limit=MAX_LOG_BYTES, what="log", member_env="MAX_LOG_MEMBER_BYTES",
                  total_env="MAX_LOG_BYTES", error=too_large)  # fmt: skip


def unfinished_logs(log_dir: str) -> list[str]:
    """Unfinished logs of the most recent run in ``log_dir`` that has any and that no other
    process is running, newest first.

    Logs are grouped by inspect ``task_id`` (eval-retry keeps it), so a log that was already
    resumed to success is not picked again; only the newest log of each task counts. Runs are
    told apart by :func:`medtrust.benchmarks.interface.run_id_of` (`medtrust run`'s run id, kept
    by eval-retry; every shard of a sharded run, each its own inspect eval, shares it). A run
    whose lock a live process holds (:mod:`medtrust.runlock`: still running, or being resumed)
    is never picked: resuming it would pay its calls twice.

    Raises:
        LogReadError (a ValueError): a ``.eval`` file in ``log_dir`` is not a readable log.
        medtrust.runlock.RunHeld (a ValueError): every unfinished run is held by another process
            (naming the runs, their pids and logs).
    """
    from inspect_ai.log import list_eval_logs

    from medtrust.runlock import RunHeld, holder_of

    newest: dict[str, Any] = {}
    for info in list_eval_logs(log_dir, formats=["eval"], recursive=False, descending=True):
        newest.setdefault(info.task_id, info)
    pending = []
    for info in sorted(newest.values(), key=lambda i: i.mtime or 0, reverse=True):
        header = read_log(info.name, header_only=True)
        if header.status != "success":
            pending.append((info.name, run_id_of(header)))
    if not pending:
        return []
    held = {rid: pid for rid in dict.fromkeys(r for _, r in pending) if (pid := holder_of(log_dir, rid))}
    free = [(name, rid) for name, rid in pending if rid not in held]
    if not free:
        runs = "; ".join(f"run {rid} (pid {pid if pid > 0 else 'unknown'}): {', '.join(Path(n).name for n, r in pending if r == rid)}"
                         for rid, pid in held.items())  # fmt: skip
        raise RunHeld(f"every unfinished run in {log_dir} is still running in another process: {runs}. "
                      "Let it finish, or stop it, then resume.")  # fmt: skip
    run_id = free[0][1]
    return [name for name, rid in free if rid == run_id]


def finished_logs_of_runs(log_dir: str, logs: Sequence[Any]) -> list[Any]:
    """Finished logs in ``log_dir`` of the same runs as ``logs`` (:func:`run_id_of`: the run id
    eval-retry keeps), for tasks or models other than theirs, the newest of each, header only.
    A run interrupted by Ctrl-C summarised none of its tasks; its resume summarises them all.

    Raises:
        LogReadError (a ValueError): a ``.eval`` file in ``log_dir`` is not a readable log.
    """
    from inspect_ai.log import list_eval_logs

    runs = {run_id_of(lg) for lg in logs}
    have = {(lg.eval.task, lg.eval.model) for lg in logs}
    out = []
    for info in list_eval_logs(log_dir, formats=["eval"], recursive=False, descending=True):
        header = read_log(info.name, header_only=True)
        key = (header.eval.task, header.eval.model)
        if header.status == "success" and run_id_of(header) in runs and key not in have:
            have.add(key)
            out.append(header)
    return out


def sample_count(log: Any, path: Path) -> int:
    """Samples in a log: those read, or for a header-only log its recorded count (a finished
    log) or the number of sample summaries in the file (an unfinished one)."""
    if log.samples is not None:
        return len(log.samples)
    if log.results is not None and log.status == "success":
        return int(log.results.completed_samples)
    from inspect_ai.log import read_eval_log_sample_summaries

    return len(read_eval_log_sample_summaries(str(path)))


def log_provenance(log: Any, path: Path) -> dict[str, Any]:
    """Provenance of one log: file name and sha256, task and its arguments, model, model
    arguments and generation settings, grader roles and each judge's exact configuration
    (``judge_configs``: :func:`medtrust.judges.roles.recorded_role_configs`), data sha256,
    status, creation time."""
    from medtrust.data.records import sha256_file

    gen: dict[str, Any] = {}
    for cfg in (log.eval.model_generate_config, getattr(log.plan, "config", None)):
        if cfg is not None:
            gen.update(cfg.model_dump(exclude_none=True))
    return {
        "file": path.name, "sha256": sha256_file(path), "task": log.eval.task, "task_version": log.eval.task_version,
        "task_args": log.eval.task_args or {}, "model": log.eval.model, "model_args": log.eval.model_args or {},
        "generate_config": gen, "model_roles": recorded_roles(log), "judge_configs": recorded_role_configs(log),
        "data_sha256": (log.eval.metadata or {}).get("data_sha256"), "status": log.status, "created": log.eval.created,
    }  # fmt: skip


def read_sample(path: str | Path, key: str) -> Any:
    """One sample of a log by its sample key ``"<id>#<epoch>"`` (without the transcript), or None
    when the log has no such sample or cannot be read. Integer ids are tried as numbers too."""
    from inspect_ai.log import read_eval_log_sample

    from medtrust.summary import LOG_FIELDS_NOT_SUMMARISED

    sid, _, epoch = key.rpartition("#")
    ids: list[int | str] = [sid] + ([int(sid)] if sid.isdigit() else [])
    for i in ids:
        try:
            return read_eval_log_sample(str(path), i, int(epoch or 1), exclude_fields=set(LOG_FIELDS_NOT_SUMMARISED))
        except Exception:  # noqa: BLE001 - no such sample, or not readable: the caller shows none
            continue
    return None


# ------------------------------------------------------------------ runs
def resolve_retries(heads: Sequence[tuple[Path, Any]]) -> tuple[dict[Path, str], dict[Path, str]]:
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


# ------------------------------------------------------------------ summaries
def load_summaries(paths: Iterable[str | Path], *, seed: int = 0, calibration: str | Sequence[str] | None = None,
                   force_calibration: bool = False) -> tuple[list[BenchmarkSummary], list[dict[str, Any]]]:  # fmt: skip
    """Summaries of every medtrust log found, and the logs skipped with the reason.

    Logs are grouped by benchmark (their recorded ``eval.metadata["benchmark"]``) and each group
    is summarised by its benchmark's ``summarize`` (which decides how logs combine, e.g. one
    CARES-VLM summary per run over its dimensions' logs). A log that cannot be read, of an
    unknown task, without samples, or whose summary fails is skipped, never fatal: when a group
    fails as a whole, its logs are summarised one by one so that one bad log costs only itself.

    Runs stay apart: a log that eval-retry finished (same inspect ``task_id``) supersedes the
    unfinished one, which is skipped, and keeps its run (:func:`resolve_retries`); a log
    written by `medtrust rescore` gets ``rescored_from`` on its summary. Summaries come in
    registry order of benchmarks, each benchmark's in the order its runs started (a rescoring
    after its original).
    Returns (summaries, skipped) with skipped = [{"file", "task", "reason"}].
    With ``calibration`` (one or several ``medtrust judge-eval --json-out`` files) the summaries of
    benchmarks with a calibration hook add Rogan-Gladen corrected rates from the first file that
    serves them: measured on this benchmark's and this model's responses with the run's judge
    version, or any with ``force_calibration`` (:func:`summarize_benchmark`; a summary no file
    serves keeps raw rates and a note). Every summary gets its evidence class, the image-blind
    pass's reliance metrics join the pass that showed the images, and every summary's provenance
    gains ``log_files`` (:func:`log_provenance`).

    Raises:
        FileNotFoundError: a path does not exist (:func:`find_logs`).
    """
    from inspect_ai.log import read_eval_log

    cals = [calibration] if isinstance(calibration, str) else list(calibration or [])
    provs: dict[int, dict[str, Any]] = {}  # id(log) -> log_provenance
    skipped: list[dict[str, Any]] = []
    heads: list[tuple[Path, Any, Any]] = []
    for f in find_logs(paths):
        try:
            head = read_log(f, header_only=True)
        except LogReadError as e:  # not an inspect log, or a damaged one
            why = str(e).split(": ", 1)[-1] if e.cause == "too large" else f"not a readable inspect log ({e.cause})"
            skipped.append({"file": f.name, "task": None, "reason": why})
            continue
        bench = benchmark_of(head)
        if bench is None:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": "not a medtrust benchmark task"})
            continue
        heads.append((f, head, bench))
    superseded, run_of = resolve_retries([(f, h) for f, h, _ in heads])
    groups: dict[str, tuple[Any, list[Any]]] = {}
    started: dict[str, str] = {}
    for f, head, bench in heads:
        if f in superseded:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": f"superseded by {superseded[f]} (eval-retry of the same task)"})
            continue
        try:
            # a benchmark that streams its samples gets the header only (a large log is never held whole)
            log = head if bench.streams_samples else read_eval_log(str(f))
            n_samples = sample_count(log, f)
        except Exception as e:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": f"log unreadable: {type(e).__name__}: {e}"})
            continue
        if not n_samples:
            skipped.append({"file": f.name, "task": head.eval.task, "reason": f"no samples (status {log.status})"})
            continue
        if f in run_of:  # a retried task joins the run of its first log
            log.eval.metadata = {**(log.eval.metadata or {}), RUN_METADATA_KEY: run_of[f]}
        provs[id(log)] = [log_provenance(log, f)]
        groups.setdefault(bench.name, (bench, []))[1].append(log)
    from medtrust.decisions import attach as attach_sequential

    order = {b.name: i for i, b in enumerate(BENCHMARKS)}
    summaries: list[BenchmarkSummary] = []
    for bench, logs in sorted(groups.values(), key=lambda g: order.get(g[0].name, len(order))):
        logs = merge_run_shards(logs, provs)
        for log in logs:
            started[Path(str(log.location)).name] = str(log.eval.created)

        def summarize_group(lgs: list[Any], bench: Any = bench) -> list[BenchmarkSummary]:
            return summarize_benchmark(bench, lgs, seed=seed, calibrations=cals, force_calibration=force_calibration)

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
            s.provenance["log_files"] = [p for lg in own for p in provs[id(lg)]]
            s.logs = shard_names(s.logs, own)
            attach_sequential(s, own)
            origin = next((o for lg in own if (o := rescored_from_of(lg))), None)
            if origin is not None:
                s.rescored_from = {"log": origin.get("log"), "judge": s.judge or origin.get("judge")}
            mine.append(s)
        mine.sort(key=lambda s: (min((started.get(name, "") for name in s.logs), default=""), s.rescored_from is not None))
        summaries += mine
    return summaries, skipped


def summarize_benchmark(bench: Any, logs: Sequence[Any], *, seed: int = 0, calibrations: Sequence[str] = (),
                        force_calibration: bool = False) -> list[BenchmarkSummary]:  # fmt: skip
    """A benchmark's summaries of its logs, finished the same way for `medtrust run` and `medtrust report`:

    1. each evaluated model's logs are summarised with the first calibration that belongs to it
       (:func:`_with_calibration`: measured on this benchmark's responses, on this model's
       responses, with the run's judge version; ``force_calibration`` applies a mismatching one
       with a warning), or without one and a note saying why;
    2. every summary gets its :class:`~medtrust.evidence_class.Evidence` from its logs;
    3. the pass that showed the images gets the image-reliance metrics of its image-blind pass
       (:func:`medtrust.reliance.attach_image_reliance`).

    Raises:
        whatever the benchmark's ``summarize`` raises on a log it cannot summarise.
    """
    from medtrust.evidence_class import combine, log_evidence
    from medtrust.reliance import attach_image_reliance

    cals = list(calibrations) if bench.calibration else []
    if not cals:
        out = bench.summarize(list(logs), seed=seed, calibration=None)
    else:
        by_model: dict[str, list[Any]] = defaultdict(list)
        for lg in logs:
            by_model[str(lg.eval.model)].append(lg)
        out = []
        for model, lgs in by_model.items():
            out += _with_calibration(bench, model, lgs, cals, seed=seed, force=force_calibration)
    named = {Path(str(lg.location)).name: lg for lg in logs}
    for s in out:
        own = [named[n] for n in s.logs if n in named] or list(logs)
        s.evidence = combine(log_evidence(lg) for lg in own).as_dict()
    attach_image_reliance(out, logs)
    return out


def _with_calibration(bench: Any, model: str, logs: list[Any], calibrations: Sequence[str], *, seed: int, force: bool) -> list[BenchmarkSummary]:
    """One model's summaries with the first calibration that serves it: measured on this
    benchmark's responses (or not tied to one), on this model's responses and judge version
    (medtrust.judges.scope.fit), and holding the judge. When none does, summarise without and say
    why in the notes (a calibration for another judge, model or benchmark must not sink the report)."""
    from medtrust.data.records import DataError
    from medtrust.judges.scope import CalibrationFile, fit, provenance, read_scope

    why = []
    versions: dict[str, str] | None = None
    for cal in calibrations:
        scope = read_scope(cal)
        if scope.benchmarks is not None and bench.name not in scope.benchmarks:
            why.append(f"{Path(cal).name} was measured on {', '.join(scope.benchmarks)} responses")
            continue
        if versions is None:
            versions = run_judge_versions(bench, logs)
        group, refusal, warnings = fit(scope, model, versions, force=force)
        if refusal:
            why.append(refusal)
            continue
        try:
            out = bench.summarize(logs, seed=seed, calibration=CalibrationFile(str(cal), group or "overall"))
        except (DataError, ValueError) as e:
            why.append(f"{Path(cal).name}: {e}")
            continue
        for s in out:
            s.notes += warnings
            s.provenance.update(provenance(scope, group or "overall", bool(warnings)))
        return out
    out = bench.summarize(logs, seed=seed, calibration=None)
    if why:
        for s in out:
            s.notes.append(f"{bench.name}: no judge calibration applied ({'; '.join(why)}); raw rates only")
    return out


def run_judge_versions(bench: Any, logs: Sequence[Any], *, max_samples: int = 50) -> dict[str, str]:
    """{judge name: version} of the judges a run recorded, read with the benchmark's labelling
    reader (the versions a `medtrust label` file records for the same run) from its first
    labellable sample among the first ``max_samples`` of each log; {} when the benchmark has no
    reader or no sample has a verdict."""
    from itertools import islice

    from medtrust.labelling import LogSource

    if bench.labelling is None:
        return {}
    for lg in logs:
        samples = lg.samples
        if samples is None and lg.location:
            from inspect_ai.log import read_eval_log_samples

            samples = read_eval_log_samples(str(lg.location), all_samples_required=False)
        for task in bench.labelling.tasks:
            source = LogSource(lg, Path(str(lg.location)).name, "0" * 64, bench.name, task)
            for smp in islice(samples or [], max_samples):
                got = bench.labelling.read(smp, source)
                if not isinstance(got, str) and got.judge_versions:
                    return dict(got.judge_versions)
            break
    return {}


def _calibration_benchmarks(path: str) -> list[str] | None:
    """Benchmarks whose responses a calibration file was measured on (from a ``medtrust label``
    file), or None when it does not say (e.g. XSTest: it may serve any benchmark)."""
    try:
        payload = json.loads(read_text_bounded(path, what="summary file"))
    except (OSError, ValueError):
        return None
    return (payload.get("label_file") or {}).get("benchmarks")


def merge_run_shards(logs: Sequence[Any], provenance: dict[int, list[dict[str, Any]]] | None = None) -> list[Any]:
    """Logs with the shard logs of each run, task and model merged into one log
    (:func:`medtrust.shards.group_shards`; a rescoring's shards with those of the same rescoring),
    so that every summary treats a sharded run as one run. ``provenance`` ({id(log): [its
    log_provenance]}) gains the merged logs, holding every shard's entry."""

    def run_key(log: Any) -> tuple[str, str | None]:
        origin = rescored_from_of(log)
        return run_id_of(log), (str(origin.get("judge")) if origin else None)

    groups: dict[tuple[Any, ...], list[Any]] = defaultdict(list)
    for lg in logs:
        groups[(run_key(lg), lg.eval.task, lg.eval.model)].append(lg)
    merged = group_shards(logs, run_key)
    if provenance is not None:
        for lg in merged:
            if id(lg) not in provenance:
                members = groups[(run_key(lg), lg.eval.task, lg.eval.model)]
                provenance[id(lg)] = [p for m in members if shard_of(m) for p in provenance.get(id(m), [])]
    return merged


def _note_status(s: BenchmarkSummary, logs: Sequence[Any]) -> None:
    for log in logs:
        info = shard_of(log)
        if info and "indices" in info:
            missing = sorted(set(range(int(info["count"]))) - {i for i in info["indices"] if i is not None})
            if missing:
                s.notes.append(f"shard(s) {', '.join(map(str, missing))} of {info['count']} of this run have no log here: partial results "
                               "(run them with `medtrust run --resume`, or the shard command line: docs/scale-out.md)")
        if log.status != "success":
            name = ", ".join(Path(f).name for f in log_files(log)) if info else Path(str(log.location)).name
            s.notes.append(f"log {name} has status '{log.status}': partial results")
