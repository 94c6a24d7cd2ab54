"""Approved baselines: a finished run frozen by the sha256 of its logs (docs/comparison.md).

`medtrust baseline set RUN --family NAME` writes a baseline record,
``<log folder>/medtrust-baseline-<family>.json`` by default (a path with ``--out``): the run's
logs (file, path, sha256, task, benchmark, status, samples, :func:`medtrust.logs.log_provenance`
with each judge's configuration), who approved it and when, and optionally **anchor sets**
(`medtrust label` files) with each judge's verdicts on them at approval time, the reference
for judge drift (:mod:`medtrust.compare.drift`). The record ends with ``record_sha256``, the
sha256 of its own canonical JSON, which detects an edit (it is not a signature: an evidence pack
signs, docs/evidence.md).

**Frozen** means checked on every use: :func:`load_baseline` recomputes the sha256 of the record,
of every log and of every anchor file and refuses the baseline (:class:`BaselineError`, naming
the file, the sha256 approved and the sha256 now) when one changed or is missing. A record is
found by its path, or by family name in the folders of the logs a report reads
(:func:`find_baseline`). Names no benchmark.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from medtrust.benchmarks.interface import run_id_of
from medtrust.benchmarks.registry import benchmark_of
from medtrust.data.records import DataError, load_json, sha256_file
from medtrust.logs import LogReadError, find_logs, log_provenance, read_log, resolve_retries, sample_count

FORMAT = "medtrust-baseline"
VERSION = 1
PREFIX = "medtrust-baseline-"
#: A baseline record larger than this is refused unread (records are kilobytes to a few megabytes).
MAX_RECORD_BYTES = 64 << 20
_FAMILY_RE = re.compile(r"[^A-Za-z0-9_.-]+")


class BaselineError(ValueError):
    """A baseline that cannot be set or used; the message names the file and what is wrong."""


def family_file_name(family: str) -> str:
    """``medtrust-baseline-<family>.json`` (characters other than letters, digits, ``_ . -`` become ``-``)."""
    return f"{PREFIX}{_FAMILY_RE.sub('-', family).strip('-') or 'baseline'}.json"


def record_digest(record: dict[str, Any]) -> str:
    """sha256 of a record's canonical JSON (sorted keys, no spaces) without ``record_sha256``."""
    body = {k: v for k, v in record.items() if k != "record_sha256"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")).hexdigest()


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _stored_path(p: Path, folder: Path) -> str:
    """A path as the record keeps it: relative to the record's folder when inside it (the folder
    can move as a whole), else absolute."""
    try:
        return str(p.resolve().relative_to(folder.resolve()))
    except ValueError:
        return str(p.resolve())


def _resolve(stored: str, folder: Path) -> Path:
    p = Path(stored)
    return p if p.is_absolute() else folder / p


@dataclass
class Baseline:
    """A baseline record read by :func:`load_baseline`, every hash checked.

    Attributes:
        path: the record file.
        record: its JSON (format in docs/comparison.md).
        log_paths: the run's log files (resolved).
        anchor_paths: the anchor labels files (resolved), in record order.
        sha256: sha256 of the record file itself (the report's provenance names it).
    """

    path: Path
    record: dict[str, Any]
    log_paths: list[Path]
    anchor_paths: list[Path] = field(default_factory=list)
    sha256: str = ""

    @property
    def family(self) -> str:
        return str(self.record["family"])

    @property
    def log_sha256s(self) -> set[str]:
        return {str(lg["sha256"]) for lg in self.record["logs"]}

    def describe(self) -> dict[str, Any]:
        """What the report shows of it (no absolute path)."""
        r = self.record
        return {"family": r["family"], "model": r["model"], "run_id": r["run_id"], "benchmarks": r["benchmarks"], "approved": r["approved"],
                "approved_by": r.get("approved_by"), "note": r.get("note"), "file": self.path.name, "sha256": self.sha256,
                "record_sha256": r["record_sha256"], "logs": [{"file": lg["file"], "sha256": lg["sha256"], "task": lg["task"]} for lg in r["logs"]],
                "anchors": [{"file": a["file"], "sha256": a["sha256"], "n_labelled": a["n_labelled"], "judges": sorted(a["judges"])}
                            for a in r.get("anchors", [])]}  # fmt: skip


def _run_logs(paths: Iterable[str | Path], run: str | None) -> tuple[list[tuple[Path, Any]], str]:
    """The medtrust logs of one run among ``paths`` (eval-retry resolved), and its run id.

    Raises:
        BaselineError: no medtrust log, several runs (listed) and no ``run`` naming one, or an
            unfinished log.
    """
    heads: list[tuple[Path, Any]] = []
    for f in find_logs(paths):
        try:
            h = read_log(f, header_only=True)
        except LogReadError:
            continue
        if benchmark_of(h) is not None:
            heads.append((f, h))
    if not heads:
        raise BaselineError(f"no medtrust log in {', '.join(map(str, paths))}")
    superseded, run_of = resolve_retries(heads)
    runs: dict[str, list[tuple[Path, Any]]] = {}
    for f, h in heads:
        if f not in superseded:
            runs.setdefault(run_of.get(f) or run_id_of(h), []).append((f, h))
    if run is not None:
        runs = {k: v for k, v in runs.items() if k.startswith(run)}
        if not runs:
            raise BaselineError(f"no run id starts with {run!r} in these logs")
    if len(runs) > 1:
        lines = "; ".join(f"{rid} ({v[0][1].eval.model}, {len(v)} log(s), started {min(str(h.eval.created) for _, h in v)})"
                          for rid, v in runs.items())  # fmt: skip
        raise BaselineError(f"these logs hold {len(runs)} runs: {lines}. Name one with --run RUN_ID (a prefix is enough) or give its log files")
    rid, logs = next(iter(runs.items()))
    models = sorted({str(h.eval.model) for _, h in logs})
    if len(models) > 1:
        raise BaselineError(f"run {rid} has logs of several models ({', '.join(models)}); give one model's log files")
    unfinished = [f.name for f, h in logs if h.status != "success"]
    if unfinished:
        raise BaselineError(f"run {rid} is not finished ({', '.join(unfinished)}): finish it with `medtrust run --resume` before approving it")
    return logs, rid


def anchor_record(path: str | Path, folder: Path) -> dict[str, Any]:
    """An anchor set as the record keeps it: the `medtrust label` file by sha256, its labelled
    items' count and digest, and each recorded judge's version and verdict per labelled item
    (the reference a judge is checked against later).

    Raises:
        BaselineError: not a labels file, or nothing labelled in it.
    """
    from medtrust.label.store import is_label_file, labelled_items, read_stores

    p = Path(path)
    if not is_label_file(p):
        raise BaselineError(f"{p}: not a `medtrust label` file (an anchor set is one)")
    try:
        items, info = labelled_items(read_stores([p]))
    except (DataError, ValueError) as e:
        raise BaselineError(f"{p}: {e}") from None
    if not items:
        raise BaselineError(f"{p}: no item is labelled yet; an anchor set needs people's labels")
    judges: dict[str, dict[str, Any]] = {}
    for it in items:
        for name, verdict in (it.extra.get("verdicts") or {}).items():
            j = judges.setdefault(name, {"version": "", "verdicts": {}, "since": _now(), "source": "labels file"})
            j["verdicts"][it.id] = verdict
            j["version"] = j["version"] or str((it.extra.get("judge_versions") or {}).get(name) or "")
    return {"file": p.name, "path": _stored_path(p, folder), "sha256": sha256_file(p), "design_digest": info["design_digest"],
            "task": info["task"], "labels": list(info["labels"]), "n_labelled": len(items), "benchmarks": info["benchmarks"], "judges": judges}  # fmt: skip


def set_baseline(paths: Sequence[str | Path], *, family: str | None = None, out: str | Path | None = None, run: str | None = None,
                 approved_by: str | None = None, note: str | None = None, anchors: Sequence[str | Path] = (),
                 replace: bool = False, command_line: str | None = None) -> Path:  # fmt: skip
    """Freeze one finished run as the approved baseline of a model family (module docstring).

    Args:
        paths: the run's log files or its log folder.
        family: the model family it is approved for (default: the run's model name).
        out: the record file (default ``<folder of the first log>/medtrust-baseline-<family>.json``).
        run: a run id (or prefix) when the folder holds several runs.
        approved_by, note: recorded as given.
        anchors: `medtrust label` files frozen with it as anchor sets for judge drift.
        replace: overwrite an existing record of the family (the new one names the old one's
            ``record_sha256`` in ``replaces``).
        command_line: the approving command, as recorded (:func:`medtrust.invocation.command_line`,
            passed in by the command so that this library never reads the CLI's context).

    Returns:
        the record's path.

    Raises:
        BaselineError: no run, several runs, an unfinished run, a bad anchor file, an existing
            record without ``replace``.
    """
    logs, rid = _run_logs(paths, run)
    model = str(logs[0][1].eval.model)
    fam = family or model
    target = Path(out) if out is not None else logs[0][0].parent / family_file_name(fam)
    folder = target.parent
    previous = None
    if target.exists():
        if not replace:
            raise BaselineError(f"{target} exists (family {fam!r} already has a baseline); use --replace to approve a new one")
        try:
            previous = json.loads(target.read_text(encoding="utf-8")).get("record_sha256")
        except (OSError, json.JSONDecodeError, AttributeError):
            previous = "unreadable"
    entries = []
    for f, h in sorted(logs, key=lambda x: str(x[1].eval.created)):
        bench = benchmark_of(h)
        entries.append({"file": f.name, "path": _stored_path(f, folder), "sha256": sha256_file(f), "task": h.eval.task,
                        "benchmark": bench.name if bench else None, "status": h.status, "samples": sample_count(h, f),
                        "provenance": log_provenance(h, f)})  # fmt: skip
    record: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "family": fam, "model": model, "run_id": rid,
        "benchmarks": sorted({e["benchmark"] for e in entries if e["benchmark"]}), "approved": _now(), "approved_by": approved_by,
        "note": note, "command_line": command_line, "replaces": previous, "logs": entries,
        "anchors": [anchor_record(a, folder) for a in anchors],
    }  # fmt: skip
    record["record_sha256"] = record_digest(record)
    write_record(target, record)
    return target


def write_record(path: Path, record: dict[str, Any]) -> None:
    """Write a record whole or not at all (temporary file, then rename)."""
    from medtrust.atomic import write_text

    path.parent.mkdir(parents=True, exist_ok=True)
    write_text(path, json.dumps(record, indent=2, ensure_ascii=False) + "\n")  # the one atomic writer (medtrust/atomic.py)


def read_record(path: str | Path) -> dict[str, Any]:
    """A baseline record's JSON, format checked (no hash is checked here: :func:`load_baseline`).

    Raises:
        BaselineError: missing, larger than :data:`MAX_RECORD_BYTES`, not JSON, not a record.
    """
    p = Path(path)
    if not p.is_file():
        raise BaselineError(f"{p}: no such baseline record")
    if p.stat().st_size > MAX_RECORD_BYTES:
        raise BaselineError(f"{p}: larger than {MAX_RECORD_BYTES >> 20} MB; not a baseline record")
    try:
        rec = load_json(p)
    except DataError as e:
        raise BaselineError(str(e)) from None
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise BaselineError(f"{p}: not a medtrust baseline record (field 'format' must be {FORMAT!r})")
    if rec.get("version") != VERSION:
        raise BaselineError(f"{p}: baseline record version {rec.get('version')!r}; this medtrust reads version {VERSION}")
    for key, kind in (("family", str), ("model", str), ("run_id", str), ("logs", list), ("record_sha256", str)):
        if not isinstance(rec.get(key), kind):
            raise BaselineError(f"{p}: field {key!r} missing or not {kind.__name__}")
    return rec


def _checked(stored: dict[str, Any], folder: Path, what: str, record: Path) -> Path:
    """The file a record entry names, its sha256 checked; a file moved with the record's folder is
    found beside the record by name."""
    p = _resolve(str(stored.get("path") or stored.get("file")), folder)
    if not p.is_file() and (folder / str(stored.get("file"))).is_file():
        p = folder / str(stored.get("file"))
    if not p.is_file():
        raise BaselineError(f"{record}: the approved {what} {stored.get('file')} is missing (looked for {p})")
    now = sha256_file(p)
    if now != stored.get("sha256"):
        raise BaselineError(f"{record}: the approved {what} {p.name} changed since it was approved: sha256 now {now[:16]}..., "
                            f"approved {str(stored.get('sha256'))[:16]}...; the baseline cannot be used")  # fmt: skip
    return p


def load_baseline(path: str | Path) -> Baseline:
    """Read a baseline record and check every hash (module docstring).

    Raises:
        BaselineError: the record is unreadable or was edited, or a log or anchor file is missing
            or changed (the message names it, with both sha256).
    """
    p = Path(path)
    rec = read_record(p)
    if record_digest(rec) != rec["record_sha256"]:
        raise BaselineError(f"{p}: the record was edited after it was approved (record_sha256 does not match its content)")
    folder = p.parent
    logs = [_checked(lg, folder, "log", p) for lg in rec["logs"]]
    anchors = [_checked(a, folder, "anchor set", p) for a in rec.get("anchors", [])]
    return Baseline(p, rec, logs, anchors, sha256_file(p))


def find_baseline(value: str, folders: Iterable[str | Path]) -> Path | None:
    """The baseline record ``value`` names: a record file, or a family whose record
    (:func:`family_file_name`) lies in one of ``folders`` (a log file's folder counts); None
    when there is none (``value`` is then a model label: an unfrozen comparison)."""
    p = Path(value)
    if p.is_file() and p.suffix == ".json":
        return p
    for f in folders:
        d = Path(f)
        d = d if d.is_dir() else d.parent
        cand = d / family_file_name(value)
        if cand.is_file():
            return cand
    return None


def update_anchor_judge(baseline: Baseline, anchor: int, judge: str, version: str, verdicts: dict[str, str | None]) -> None:
    """Re-calibrate: make a judge's verdicts of today the reference of an anchor set (after a
    deliberate judge change has been measured again), keep the old reference in ``history``,
    and rewrite the record with a new ``record_sha256``."""
    rec = baseline.record
    entry = rec["anchors"][anchor]
    old = entry["judges"].get(judge)
    if old is not None:
        entry.setdefault("history", []).append({"judge": judge, "version": old.get("version"), "since": old.get("since"),
                                                "replaced": _now()})  # fmt: skip
    entry["judges"][judge] = {"version": version, "verdicts": {k: v for k, v in verdicts.items() if v is not None}, "since": _now(),
                              "source": "recalibrated"}  # fmt: skip
    rec["record_sha256"] = record_digest(rec)
    write_record(baseline.path, rec)
    baseline.sha256 = sha256_file(baseline.path)


def drift_file(b: Baseline) -> Path:
    """Where `medtrust baseline drift` keeps its checks of judges that need a model call:
    ``<record>.drift.json`` beside the record."""
    return b.path.with_name(b.path.stem + ".drift.json")


def stored_drift(b: Baseline) -> list[dict[str, Any]]:
    """The latest stored check per (anchor, judge) made for this record (its ``record_sha256``);
    [] when there is none or the file is unreadable (the report then says "not re-checked")."""
    f = drift_file(b)
    if not f.is_file() or f.stat().st_size > MAX_RECORD_BYTES:
        return []
    try:
        doc = load_json(f)
    except DataError:
        return []
    if not isinstance(doc, dict) or doc.get("record_sha256") != b.record["record_sha256"]:
        return []
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for c in doc.get("checks") or []:
        if isinstance(c, dict) and "judge" in c:
            latest[(str(c.get("anchor")), str(c["judge"]))] = c
    return list(latest.values())


def store_drift(b: Baseline, checks: Sequence[dict[str, Any]]) -> Path:
    """Append checks (each with ``anchor``, ``judge``, ``checked``) to :func:`drift_file`."""
    f = drift_file(b)
    old = []
    if f.is_file():
        try:
            doc = load_json(f)
            if isinstance(doc, dict) and doc.get("record_sha256") == b.record["record_sha256"]:
                old = list(doc.get("checks") or [])
        except DataError:
            old = []
    write_record(f, {"record_sha256": b.record["record_sha256"], "checks": old + [{**c, "checked": _now()} for c in checks]})
    return f


def baseline_drift(b: Baseline) -> list[dict[str, Any]]:
    """Judge drift of every judge of every anchor set of a baseline: offline judges are judged
    again now (:func:`medtrust.compare.drift.recheck_named_judges`); a judge that needs a model
    call shows its latest stored check (`medtrust baseline drift --judge MODEL`), else "not re-checked"."""
    from medtrust.compare.drift import recheck_named_judges

    stored = {(c.get("anchor"), c["judge"]): c for c in stored_drift(b)}
    out = []
    for entry, path in zip(b.record.get("anchors", []), b.anchor_paths):
        for row in recheck_named_judges(entry, str(path)):
            if not row.get("rechecked") and (entry["file"], row["judge"]) in stored:
                row = {**stored[(entry["file"], row["judge"])], "rechecked": True}
            out.append({**row, "anchor": entry["file"]})
    return out


def baseline_summaries(b: Baseline, *, seed: int = 0, calibration: str | Sequence[str] | None = None) -> tuple[list[Any], list[dict[str, Any]]]:
    """The summaries of a baseline's logs (:func:`medtrust.logs.load_summaries`), each marked with
    ``provenance["approved_baseline"]`` = {family, file, record_sha256, approved}, and the logs skipped."""
    from medtrust.logs import load_summaries

    sums, skipped = load_summaries(b.log_paths, seed=seed, calibration=calibration)
    mark = {"family": b.family, "file": b.path.name, "record_sha256": b.record["record_sha256"], "approved": b.record["approved"]}
    for s in sums:
        s.provenance["approved_baseline"] = dict(mark)
    return sums, skipped
