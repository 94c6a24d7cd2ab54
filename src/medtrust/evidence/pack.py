"""`medtrust pack`: a report's inputs and outputs as one folder and one archive, hashed and optionally signed.

:func:`build_pack` takes what `medtrust report` takes (logs, a criteria file, judge-eval
calibration files) plus labels files and data files, and writes (docs/evidence.md):

- ``logs/``, ``criteria/``, ``calibration/``, ``labels/``: the inputs, copied, except those that
  hold restricted data, which are listed by sha256 only;
- ``report/report.html`` and ``report/report.json``, ``summaries/``: the report, built here from
  the same logs (restricted examples withheld);
- ``model-card/<model>.xml`` (CHAI Applied Model Card v0.2, validated) and ``.json``;
  ``annex-iv.md``; ``docs/deviations.md`` (the limitations the card cites); ``README.md``;
- ``pack.json``: time, versions, command lines, each run's model, judge and generation
  configuration, the data files by sha256 (never copied), restricted samples per log;
- ``manifest.json``: every file with its sha256 and size, the files listed by hash only, and
  the Merkle root (:mod:`.merkle`); ``manifest.sig``: an Ed25519 signature of the manifest
  (:mod:`.signing`), when a key is given.

Everything is written to a staging folder first; every file is checked for restricted text and
images (:mod:`.restricted_content`) before the folder takes its name and the archive
(``<out>.tar.gz``) is written. A failed check, a bad key or a card the schema rejects leaves nothing.
"""

from __future__ import annotations

import datetime as _dt
import gzip
import hashlib
import json
import os
import platform
import shutil
import tarfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from medtrust.atomic import write_bytes, write_text
from medtrust.bounded import MAX_SMALL_INPUT_BYTES, read_at_most
from medtrust.evidence.merkle import merkle_root
from medtrust.evidence.restricted_content import MAX_SCAN_BYTES, RestrictedContent, learn_from_logs

FORMAT = "medtrust-evidence-pack"
FORMAT_VERSION = "1.0"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
#: files of a pack that the manifest does not list (the manifest itself and its signature)
UNLISTED = (MANIFEST, SIGNATURE)
#: a copied input (criteria, calibration, labels) larger than this is listed by hash only: medtrust's
#: one limit for small inputs (medtrust/bounded.py), imported as MAX_SMALL_INPUT_BYTES


class PackError(ValueError):
    """The pack cannot be made (nothing is left behind); the message names the file and the reason."""


@dataclass
class PackResult:
    """What :func:`build_pack` wrote.

    Attributes:
        folder, archive: the pack folder and its ``.tar.gz``.
        root: the Merkle root (hex).
        key_id: the signing key's id (``sha256:<hex>``), None when not signed.
        stored, referenced: manifest paths copied / listed by hash only (with the reason).
        restricted_logs: {log file: restricted sample ids}.
    """

    folder: Path
    archive: Path
    root: str
    key_id: str | None
    stored: list[str] = field(default_factory=list)
    referenced: dict[str, str] = field(default_factory=dict)
    restricted_logs: dict[str, list[str]] = field(default_factory=dict)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_path(path: Path) -> str:
    """sha256 of a file, read in 1 MiB blocks (any size)."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(2**20), b""):
            h.update(block)
    return h.hexdigest()


def deviations_file() -> Path | None:
    """medtrust's docs/deviations.md beside the source tree (a source checkout or an editable install), or None."""
    import medtrust

    p = Path(medtrust.__file__).resolve().parents[2] / "docs" / "deviations.md"
    return p if p.is_file() else None


class _Staging:
    """The staging folder and the manifest entries being collected."""

    def __init__(self, folder: Path, content: RestrictedContent) -> None:
        self.folder = folder
        self.content = content
        self.entries: dict[str, dict[str, Any]] = {}

    def _unique(self, rel: str) -> str:
        base, n = rel, 2
        while rel in self.entries:
            stem, dot, ext = base.rpartition(".")
            rel = f"{stem}-{n}.{ext}" if dot and "/" not in ext else f"{base}-{n}"
            n += 1
        return rel

    def write(self, rel: str, data: bytes | str, role: str) -> str:
        rel = self._unique(rel)
        raw = data.encode("utf-8") if isinstance(data, str) else data
        dest = self.folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(dest, raw)  # flushed before the staging folder is renamed (medtrust/atomic.py)
        self.entries[rel] = {"path": rel, "sha256": sha256_bytes(raw), "bytes": len(raw), "stored": True, "role": role}
        return rel

    def copy_or_reference(self, src: Path, rel: str, role: str, *, restricted_reason: str | None = None) -> str:
        """Copy ``src`` unless it holds restricted content (then list it by sha256 only)."""
        rel = self._unique(rel)
        size = src.stat().st_size
        reason = restricted_reason
        if reason is None and self.content:
            limit = MAX_SCAN_BYTES if role == "log" else MAX_SMALL_INPUT_BYTES
            if size > limit:
                reason = f"larger than {limit} bytes: cannot be checked for restricted data"
            else:
                hit = self.content.find(read_at_most(src, limit), src.name)
                if hit is not None:
                    reason = f"holds restricted data ({hit})"
        digest = sha256_path(src)
        if reason is not None:
            self.entries[rel] = {"path": rel, "sha256": digest, "bytes": size, "stored": False, "role": role,
                                 "reason": f"listed by sha256 only: {reason}"}  # fmt: skip
            return rel
        dest = self.folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
        if sha256_path(dest) != digest:
            raise PackError(f"{src} changed while it was being copied into the pack")
        self.entries[rel] = {"path": rel, "sha256": digest, "bytes": size, "stored": True, "role": role}
        return rel

    def reference(self, rel: str, digest: str, size: int | None, role: str, reason: str) -> str:
        rel = self._unique(rel)
        self.entries[rel] = {"path": rel, "sha256": digest, "bytes": size, "stored": False, "role": role, "reason": reason}
        return rel


def _withhold(summaries: Sequence[Any], content: RestrictedContent) -> int:
    """Withhold the text of every example that is restricted or carries restricted text; returns how many."""
    from medtrust.report.data import WITHHELD

    n = 0
    for s in summaries:
        for ex in s.examples:
            fields = ("prompt", "response", "target", "judge_text")
            if ex.restricted or any(isinstance(getattr(ex, f), str) and content.find_text(getattr(ex, f)) for f in fields):
                for f in fields:
                    if getattr(ex, f) is not None:
                        setattr(ex, f, WITHHELD)
                ex.restricted = True
                n += 1
    return n


def _inspect_command(lp: dict[str, Any]) -> str:
    """An equivalent `inspect eval` line from a log's recorded task and model arguments (sanitized)."""
    import shlex

    task = str(lp.get("task_registry_name") or lp.get("task"))
    parts = ["inspect", "eval", task if "/" in task else f"medtrust/{task}", "--model", str(lp.get("model"))]
    for k, v in (lp.get("task_args") or {}).items():
        parts += ["-T", f"{k}={json.dumps(v) if not isinstance(v, str) else v}"]
    for k, v in (lp.get("model_args") or {}).items():
        parts += ["-M", f"{k}={json.dumps(v) if not isinstance(v, str) else v}"]
    for role, cfg in (lp.get("model_roles") or {}).items():
        name = cfg.get("model") if isinstance(cfg, dict) else cfg
        parts += ["--model-role", f"{role}={name}"]
    return shlex.join(parts)


def _runs(log_paths: Sequence[Path], content: RestrictedContent) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(pack.json runs: provenance, command lines, restricted counts; data files by recorded sha256)."""
    from medtrust.benchmarks.interface import COMMAND_METADATA_KEY, benchmark_name_of
    from medtrust.logs import LogReadError, log_provenance, read_log

    runs, data = [], []
    for p in log_paths:
        try:
            head = read_log(p, header_only=True)
        except LogReadError as e:
            runs.append({"file": p.name, "error": str(e).replace(str(p), p.name)})
            continue
        lp = log_provenance(head, p)
        lp["task_registry_name"] = getattr(head.eval, "task_registry_name", None)
        meta = head.eval.metadata or {}
        lp.update(benchmark=benchmark_name_of(head), run_id=meta.get("medtrust_run"), inspect_version=getattr(head.eval.packages, "get", lambda k: None)("inspect_ai"),
                  command_line=meta.get(COMMAND_METADATA_KEY), equivalent_inspect_command=_inspect_command(lp),
                  restricted_samples=len(content.logs.get(p.name, [])))  # fmt: skip
        runs.append(lp)
        recorded = lp.get("data_sha256")
        names = meta.get("data_files") if isinstance(meta.get("data_files"), dict) else {}
        for source, digest in (recorded.items() if isinstance(recorded, dict) else [(meta.get("data_source"), recorded)] if recorded else []):
            data.append({"log": p.name, "source": source, "file": names.get(source) if source else None, "sha256": digest,
                         "copied": False})  # fmt: skip
    return runs, data


def _tar(folder: Path, archive: Path, mtime: float) -> None:
    """``folder`` as a gzip tar at ``archive``: sorted members, fixed owner and time (same bytes for the same pack)."""
    tmp = archive.with_name(archive.name + ".partial")
    with tmp.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=int(mtime)) as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:  # fmt: skip
        for path in sorted(folder.rglob("*"), key=lambda q: q.relative_to(folder).as_posix()):
            info = tarfile.TarInfo(f"{folder.name}/{path.relative_to(folder).as_posix()}")
            info.mtime, info.uid, info.gid, info.uname, info.gname = int(mtime), 0, 0, "", ""
            if path.is_dir():
                info.type, info.mode = tarfile.DIRTYPE, 0o755
                tar.addfile(info)
            else:
                info.size, info.mode = path.stat().st_size, 0o644
                with path.open("rb") as f:
                    tar.addfile(info, f)
    os.replace(tmp, archive)


def _readme(result_root: str | None, signed: bool) -> str:
    return "\n".join([
        "# medtrust evidence pack", "",
        "What is here and how to check it: medtrust docs/evidence.md. In short:", "",
        "- `report/`: the scorecard (HTML) and its data (JSON), with the trust case when criteria were given;",
        "- `summaries/`: each run's summary (metrics with 95% CIs, subgroups, outcome counts);",
        "- `logs/`, `criteria/`, `calibration/`, `labels/`: the inputs (those holding restricted data are listed in manifest.json by sha256 only);",
        "- `model-card/`: the CHAI Applied Model Card (XML, validated against the CHAI v0.2 schema, and JSON);",
        "- `annex-iv.md`: the EU AI Act Annex IV points this evidence answers, and those it does not;",
        "- `pack.json`: when, with which versions, command lines, model and judge configurations, data files by sha256;",
        "- `manifest.json`: every file's sha256 and the Merkle root" + ("; `manifest.sig`: its Ed25519 signature." if signed else "."), "",
        "Check it: `medtrust verify <this folder or its .tar.gz>` (add `--public-key KEY` to require the signer, "
        "`--expect-root HEX` to compare with a root recorded elsewhere).", "",
    ])  # fmt: skip


def build_pack(paths: Sequence[str | Path], out: str | Path, *, criteria: str | Path | None = None, calibration: Sequence[str | Path] = (),
               labels: Sequence[str | Path] = (), data_files: Sequence[str | Path] = (), title: str | None = None, seed: int = 0,
               latest: bool = False, force_calibration: bool = False, sign_key: Any = None, deviations: str | Path | None = None,
               command_line: str | None = None) -> PackResult:  # fmt: skip
    """Write the evidence pack of the logs under ``paths`` to the folder ``out`` and ``out.tar.gz``.

    Args:
        paths: log files or folders (as `medtrust report`).
        out: the pack folder to create (it must not exist; nor ``<out>.tar.gz``).
        criteria: the board's criteria TOML ('example' = the shipped one).
        calibration: `medtrust judge-eval --json-out` files (as `medtrust report --judge-calibration`).
        force_calibration: as `medtrust report --force-calibration` (a calibration applied to models
            whose responses it was not measured on, the warning in their summaries' notes).
        labels: `medtrust label` files (copied, or listed by hash when they hold restricted items).
        data_files: data files to list by sha256 (never copied); matched against the logs' recorded hashes.
        title, seed, latest: as `medtrust report`.
        sign_key: an Ed25519 private key (:func:`medtrust.evidence.signing.load_private_key`), or None.
        deviations: medtrust's docs/deviations.md (default: the one beside the source, when present).
        command_line: the command that made the pack (pack.json).

    Returns:
        :class:`PackResult`.

    Raises:
        PackError: ``out`` exists, an input is missing, restricted data would reach the pack, or a
            model card does not validate (nothing is left behind).
        CriteriaError, NoLogsError, FileNotFoundError: as `medtrust report`.
    """
    from medtrust.benchmarks.registry import BENCHMARKS
    from medtrust.evidence.annex_iv import annex_iv_markdown
    from medtrust.evidence.model_card import ModelCardError, deviation_leads, model_card_xml, validate_card
    from medtrust.evidence.signing import sign
    from medtrust.logs import find_logs
    from medtrust.report.build import collect_summaries
    from medtrust.report.data import report_data
    from medtrust.report.html import render_html
    from medtrust.report.sanitize import sanitize
    from medtrust.summary import package_versions, summary_path

    out = Path(out)
    archive = out.with_name(out.name + ".tar.gz")
    for p in (out, archive):
        if p.exists():
            raise PackError(f"{p} already exists: an evidence pack is never overwritten (choose another --out)")
    inputs = [("criteria", criteria)] if criteria not in (None, "example") else []
    inputs += [("calibration", c) for c in calibration] + [("labels", x) for x in labels] + [("data", d) for d in data_files]
    for role, p in inputs:
        if not Path(p).is_file():
            raise PackError(f"{role} file not found: {p}")
    crit = None
    if criteria is not None:
        from medtrust.report.criteria import load_criteria

        crit = load_criteria(criteria)
    cal = [str(c) for c in calibration]
    summaries, skipped, left_out = collect_summaries(paths, seed=seed, calibration=cal or None, latest=latest,
                                                    force_calibration=force_calibration)  # fmt: skip
    log_paths = find_logs(paths)
    content = learn_from_logs(log_paths)
    withheld = _withhold(summaries, content)
    data = report_data(summaries, skipped, seed=seed, title=title, criteria=crit, calibration=cal or None, left_out=left_out)
    data["benchmark_titles"] = {b.name: b.title for b in BENCHMARKS}
    now = _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0)
    created = now.isoformat()
    versions = {**package_versions("medtrust", "inspect-ai", "cryptography", "xmlschema"), "python": platform.python_version()}

    staging = out.with_name(f".{out.name}.partial-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        st = _Staging(staging, content)
        for p in log_paths:
            why = None
            if p.name in content.logs:
                why = f"holds {len(content.logs[p.name])} restricted sample(s)"
            st.copy_or_reference(p, f"logs/{p.name}", "log", restricted_reason=why)
        if criteria is not None:
            from medtrust.report.criteria import EXAMPLE

            src = Path(EXAMPLE) if str(criteria) == "example" else Path(criteria)
            st.copy_or_reference(src, f"criteria/{src.name}", "criteria")
        cal_payloads = []
        for c in calibration:
            rel = st.copy_or_reference(Path(c), f"calibration/{Path(c).name}", "calibration")
            try:
                payload = json.loads(read_at_most(Path(c), MAX_SMALL_INPUT_BYTES).decode("utf-8"))
            except (OSError, ValueError):
                payload = {}
            cal_payloads.append({**(payload if isinstance(payload, dict) else {}), "_file": rel})
        for x in labels:
            st.copy_or_reference(Path(x), f"labels/{Path(x).name}", "labels")
        runs, recorded_data = _runs(log_paths, content)
        for d in data_files:
            dp = Path(d)
            digest = sha256_path(dp)
            matches = sorted({r["log"] for r in recorded_data if r["sha256"] == digest})
            st.reference(f"data/{dp.name}", digest, dp.stat().st_size, "data",
                         "data files are listed by sha256, never copied (licences such as MIMIC's forbid it)"
                         + (f"; recorded by {', '.join(matches)}" if matches else "; recorded by no log of this pack"))  # fmt: skip

        st.write("report/report.json", json.dumps(data, indent=2, ensure_ascii=False, default=str), "report")
        st.write("report/report.html", render_html(data), "report")
        for s in summaries:
            st.write(f"summaries/{summary_path('.', s).name}", json.dumps(sanitize(s.to_dict()), indent=2, ensure_ascii=False, default=str), "summary")

        dev_path = Path(deviations) if deviations is not None else deviations_file()
        leads: list[str] = []
        if dev_path is not None and dev_path.is_file():
            dev_text = read_at_most(dev_path, 2_000_000).decode("utf-8", errors="replace")
            st.write("docs/deviations.md", dev_text, "documentation")
            run_titles = [b.title for b in BENCHMARKS if any(s.benchmark == b.name for s in summaries)]
            leads = deviation_leads(dev_text, run_titles, [b.title for b in BENCHMARKS])
        key_id = None
        if sign_key is not None:
            from medtrust.evidence.signing import key_id as _key_id, public_key_raw

            key_id = _key_id(public_key_raw(sign_key))
        uses_images = {b.name: bool(b.uses_images) for b in BENCHMARKS}
        references = {b.name: b.description for b in BENCHMARKS}
        for model in dict.fromkeys(s.model for s in summaries):
            xml = model_card_xml(model, data, calibrations=cal_payloads, limitations=leads, medtrust_version=versions.get("medtrust") or "",
                                 uses_images=uses_images, references=references)  # fmt: skip
            try:
                rendered = validate_card(xml)
            except ModelCardError as e:
                raise PackError(f"model card of {model}: {e}") from None
            slug = "".join(c if c.isalnum() or c in "-_." else "_" for c in model)
            st.write(f"model-card/{slug}.xml", xml, "model card")
            st.write(f"model-card/{slug}.json", json.dumps(rendered, indent=2, ensure_ascii=False), "model card")
        st.write("annex-iv.md", annex_iv_markdown(data, runs=runs, versions=versions, created=created, calibrations=cal_payloads, key_id=key_id),
                 "technical documentation")  # fmt: skip
        st.write("README.md", _readme(None, sign_key is not None), "documentation")
        pack_info = sanitize({
            "format": FORMAT, "format_version": FORMAT_VERSION, "created": created, "versions": versions,
            "command_lines": {
                "pack": command_line,
                "runs": [{"log": r["file"], "command_line": r.get("command_line"), "equivalent_inspect_command": r.get("equivalent_inspect_command")}
                         for r in runs if "error" not in r],
                "judge_eval": [{"file": c["_file"], "command_line": c.get("command_line")} for c in cal_payloads],
            },
            "runs": runs,
            "judges": [{"run": s.get("label"), "benchmark": s["benchmark"], "judge": s.get("judge"), "approximate": s.get("judge_approximate")}
                       for s in data["summaries"]],
            "calibrations": data["provenance"].get("calibrations"),
            "criteria": data["provenance"].get("criteria"),
            "data_files": recorded_data,
            "restricted": {"logs": {k: len(v) for k, v in content.logs.items()}, "examples_withheld": withheld,
                           "rule": "inputs holding restricted text or images are listed by sha256 only; examples withheld (docs/evidence.md)"},
            "skipped_logs": skipped,
            "signed_by": key_id,
        })  # fmt: skip
        st.write("pack.json", json.dumps(pack_info, indent=2, ensure_ascii=False, default=str), "pack facts")

        # the guarantee: no file about to be archived holds restricted text or images
        if content:
            for rel, entry in sorted(st.entries.items()):
                if entry["stored"]:
                    hit = content.find((staging / rel).read_bytes(), rel)
                    if hit is not None:
                        raise PackError(f"refusing to write the pack: {rel} would carry restricted data ({hit}); nothing was written")
        listed = {rel for rel, e in st.entries.items() if e["stored"]}
        on_disk = {q.relative_to(staging).as_posix() for q in staging.rglob("*") if q.is_file()}
        if on_disk != listed:  # a file written outside the manifest would escape every check
            raise PackError(f"internal error: files not in the manifest: {sorted(on_disk ^ listed)}")
        entries = sorted(st.entries.values(), key=lambda e: e["path"].encode("utf-8"))
        root = merkle_root((e["path"], e["sha256"]) for e in entries)
        manifest = {"format": FORMAT, "format_version": FORMAT_VERSION, "created": created, "hash": "sha256",
                    "merkle": "leaf = sha256(0x00 || path || 0x00 || sha256hex); node = sha256(0x01 || left || right); "
                              "sorted by UTF-8 path; an odd last node is carried up (docs/evidence.md)",
                    "files": entries, "merkle_root": root}  # fmt: skip
        manifest_bytes = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        write_bytes(staging / MANIFEST, manifest_bytes)
        if sign_key is not None:
            record = {**sign(sign_key, manifest_bytes), "signed": MANIFEST, "signed_sha256": sha256_bytes(manifest_bytes)}
            write_text(staging / SIGNATURE, json.dumps(record, indent=2) + "\n")
        os.rename(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    try:
        _tar(out, archive, now.timestamp())
    except BaseException:
        archive.with_name(archive.name + ".partial").unlink(missing_ok=True)
        raise
    return PackResult(folder=out, archive=archive, root=root, key_id=key_id,
                      stored=[e["path"] for e in entries if e["stored"]],
                      referenced={e["path"]: e["reason"] for e in entries if not e["stored"]},
                      restricted_logs=dict(content.logs))  # fmt: skip
