"""The labels file: one design record, then append-only label and undo events (JSONL).

Layout (docs/labelling.md):

* line 1: ``{"record": "design", "format": "medtrust-labels", ...}``: the sampling design and the
  drawn items (prompt, response, automatic verdicts, stratum, inclusion probability, weight);
  :meth:`medtrust.label.sampling.Design.as_record`.
* then one line per action: ``{"record": "label", "item", "labeller", "label", "note", "time"}``
  or ``{"record": "undo", "item", "labeller", "time"}``.

Every action is written at once: one ``write`` on a file opened for appending, then ``fsync``,
so a crash loses at most the action in flight. Records are appended whole or not at all: a
write that fails (disk full) is cut back to the last whole record and raises
:class:`LabelWriteError`; a new file is written to a temporary name and renamed, so a failed
creation leaves no file. A line cut by a crash (the file does not end with a newline) is
dropped with a warning naming the file and line, moved to ``<file>.partial`` and cut from the
file when it is next opened; any other unreadable line is an error naming the file and line. Resuming = opening the file
again: each labeller's state is replayed from the events.

Undo removes the labeller's latest label that is still in force (the item becomes unlabelled
for that labeller, or gets back the label it had before a relabel). Several people can label
the same sample: in the same file (each with their own ``labeller`` name) or in separate files
started from the same design (``medtrust label OLD_LABELS.jsonl --out mine.jsonl``);
:func:`read_stores` merges files of one design and :func:`labeller_agreement` gives Cohen's kappa
per pair of labellers and Fleiss' kappa for three or more.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import threading
import warnings
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from medtrust.data.records import DataError

FORMAT = "medtrust-labels"
#: Labeller names: what a person would type, nothing that needs escaping in a file name or URL.
LABELLER_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")
MAX_NOTE_CHARS = 4000
#: largest labels file read (bytes; a design of 10,000 items with their texts is tens of MiB)
MAX_LABELS_FILE_BYTES = 1 << 30


class LabelWriteError(OSError):
    """A label (or a new labels file) could not be written, e.g. the disk is full; nothing of it
    was kept (the file holds whole records only). The message names the file and the cause."""

    def __str__(self) -> str:  # the message alone, without OSError's "[Errno N]"
        return str(self.strerror)


@dataclass(frozen=True)
class Event:
    """One line after the design: a label or an undo.

    Attributes:
        record: ``label`` | ``undo``.
        item: item id.
        labeller: who acted.
        label: the label (None for undo).
        note: free text (may be empty).
        time: UTC ISO time.
        line: 1-based line in its file (0 for an event not yet read back).
    """

    record: str
    item: str
    labeller: str
    label: str | None
    note: str
    time: str
    line: int = 0

    def as_record(self) -> dict[str, Any]:
        d: dict[str, Any] = {"record": self.record, "item": self.item, "labeller": self.labeller, "time": self.time}
        if self.record == "label":
            d.update(label=self.label, note=self.note)
        return d


def design_digest(design: dict[str, Any]) -> str:
    """sha256 (16 hex) of the drawn items' ids and inclusion probabilities: equal for files of one sample."""
    key = [(it["id"], round(float(it["inclusion_probability"]), 12)) for it in design.get("items", [])]
    return hashlib.sha256(json.dumps([design.get("task"), key]).encode()).hexdigest()[:16]


def check_labeller(name: str) -> str:
    """The name if valid, else ValueError (letters, digits, ``_ . @ -``; 1-64 characters)."""
    if not isinstance(name, str) or not LABELLER_RE.match(name):
        raise ValueError(f"labeller name {name!r} must be 1-64 letters, digits or _ . @ - (starting with a letter or digit)")
    return name


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def _check_design(path: Path, rec: Any) -> dict[str, Any]:
    if not isinstance(rec, dict) or rec.get("record") != "design" or rec.get("format") != FORMAT:
        raise DataError(path, f"not a medtrust labels file (line 1 must be a {FORMAT!r} design record)", line=1)
    for f in ("task", "labels", "items", "strata"):
        if f not in rec:
            raise DataError(path, "missing in the design record", line=1, field=f)
    for i, it in enumerate(rec["items"]):
        for f in ("id", "prompt", "response", "verdict", "stratum", "inclusion_probability", "weight"):
            if f not in it:
                raise DataError(path, f"item {i} has no {f!r}", line=1, field="items")
    return rec


def _parse_event(path: Path, line_no: int, rec: Any, design: dict[str, Any], ids: set[str]) -> Event:
    if not isinstance(rec, dict):
        raise DataError(path, "expected a JSON object", line=line_no)
    kind = rec.get("record")
    if kind not in ("label", "undo"):
        raise DataError(path, f"unknown record {kind!r} (expected label or undo)", line=line_no, field="record")
    for f in ("item", "labeller", "time"):
        if not isinstance(rec.get(f), str):
            raise DataError(path, "missing or not text", line=line_no, field=f)
    if rec["item"] not in ids:
        raise DataError(path, f"item {rec['item']!r} is not in this file's sample", line=line_no, field="item")
    label = rec.get("label")
    if kind == "label" and label not in design["labels"]:
        raise DataError(path, f"label {label!r} is not one of {design['labels']}", line=line_no, field="label")
    return Event(kind, rec["item"], rec["labeller"], label if kind == "label" else None, str(rec.get("note") or ""), rec["time"], line_no)


def _read(path: Path, *, repair: bool) -> tuple[dict[str, Any], list[Event]]:
    from medtrust.bounded import read_bounded

    raw = read_bounded(path, MAX_LABELS_FILE_BYTES, what="labels file")
    if raw and not raw.endswith(b"\n"):
        cut = raw.rfind(b"\n") + 1
        torn_line = raw.count(b"\n", 0, cut) + 1
        warnings.warn(f"{path}: line {torn_line} is cut short (a crash while it was written); dropped"
                      + (f", kept in {path}.partial" if repair else ""), UserWarning, stacklevel=3)  # fmt: skip
        if not repair:
            raw = raw[:cut]
        else:
            # a crash cut the last line: keep the fragment beside the file, never silently
            with open(str(path) + ".partial", "ab") as f:
                f.write(raw[cut:] + b"\n")
            with open(path, "r+b") as f:
                f.truncate(cut)
            raw = raw[:cut]
    lines = raw.decode("utf-8").split("\n")
    if not lines or not lines[0].strip():
        raise DataError(path, "empty labels file (no design record)", line=1)
    try:
        design = _check_design(path, json.loads(lines[0]))
    except json.JSONDecodeError as e:
        raise DataError(path, f"line is not JSON: {e.msg}", line=1) from None
    ids = {it["id"] for it in design["items"]}
    events = []
    for i, text in enumerate(lines[1:], start=2):
        if not text.strip():
            continue
        try:
            rec = json.loads(text)
        except json.JSONDecodeError as e:
            raise DataError(path, f"line is not JSON: {e.msg}", line=i) from None
        events.append(_parse_event(path, i, rec, design, ids))
    return design, events


class LabelStore:
    """One labels file, its design and its events; thread-safe appends.

    Raises (constructors): DataError for a file that is not a labels file or has a bad line.
    """

    def __init__(self, path: Path, design: dict[str, Any], events: list[Event]):
        self.path = path
        self.design = design
        self.items: list[dict[str, Any]] = design["items"]
        self.by_id = {it["id"]: it for it in self.items}
        self.labels: list[str] = list(design["labels"])
        self.events = events
        self._lock = threading.Lock()

    # ---------------------------------------------------------------- files
    @classmethod
    def create(cls, path: str | Path, design_record: dict[str, Any]) -> "LabelStore":
        """Start a new file with the design record.

        Raises:
            FileExistsError: the file exists and is not empty (open it to resume instead).
            LabelWriteError: the file could not be written (nothing is left behind).
        """
        from medtrust.atomic import write_bytes

        p = Path(path)
        if p.exists() and p.stat().st_size > 0:
            raise FileExistsError(f"{p} exists; open it to resume")
        _check_design(p, design_record)
        p.parent.mkdir(parents=True, exist_ok=True)
        try:  # whole or nothing: a full disk leaves no empty or half file
            write_bytes(p, (json.dumps(design_record, ensure_ascii=False) + "\n").encode("utf-8"), mode=0o600)
        except OSError as e:
            raise LabelWriteError(e.errno, f"{p}: cannot create the labels file ({e.strerror or e})") from None
        return cls(p, design_record, [])

    @classmethod
    def open(cls, path: str | Path) -> "LabelStore":
        """Open an existing file to resume (a line cut by a crash is moved to ``<file>.partial``)."""
        p = Path(path)
        design, events = _read(p, repair=True)
        return cls(p, design, events)

    def _append(self, record: dict[str, Any]) -> None:
        """Append one whole record, or nothing.

        Raises:
            LabelWriteError: the write or flush failed; the file is cut back to its size before.
        """
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND, 0o600)
        except OSError as e:
            raise LabelWriteError(e.errno, f"{self.path}: cannot write the label ({e.strerror or e})") from None
        try:
            size = os.fstat(fd).st_size
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            except OSError as e:
                try:  # a short write on a full disk: cut the half record off again
                    os.ftruncate(fd, size)
                    os.fsync(fd)
                except OSError:
                    pass
                raise LabelWriteError(e.errno, f"{self.path}: the label was not saved ({e.strerror or e}); "
                                               "free space and label it again") from None  # fmt: skip
        finally:
            os.close(fd)

    # ---------------------------------------------------------------- state
    def stack(self, labeller: str) -> list[Event]:
        """The labeller's label events still in force, oldest first."""
        return active_stack(self.events, labeller)

    def current(self, labeller: str) -> dict[str, Event]:
        """{item id: the label event in force} for one labeller."""
        return {e.item: e for e in self.stack(labeller)}

    def labellers(self) -> list[str]:
        """Everyone with at least one event, in order of first appearance."""
        return list(dict.fromkeys(e.labeller for e in self.events))

    def next_item(self, labeller: str) -> dict[str, Any] | None:
        """The first item (presentation order) the labeller has not labelled; None when done."""
        done = self.current(labeller)
        return next((it for it in self.items if it["id"] not in done), None)

    def progress(self, labeller: str) -> dict[str, int]:
        """{"done": labelled items, "total": sample size} for one labeller."""
        return {"done": len(self.current(labeller)), "total": len(self.items)}

    # ---------------------------------------------------------------- actions
    def add_label(self, labeller: str, item_id: str, label: str, note: str = "") -> Event:
        """Record a label (written and fsync'd before returning).

        Raises:
            ValueError: unknown item or label, bad labeller name, note too long.
            LabelWriteError: it could not be written (nothing kept, in the file or in memory).
        """
        check_labeller(labeller)
        if item_id not in self.by_id:
            raise ValueError(f"unknown item {item_id!r}")
        if label not in self.labels:
            raise ValueError(f"label {label!r} is not one of {self.labels}")
        note = str(note or "")
        if len(note) > MAX_NOTE_CHARS:
            raise ValueError(f"note longer than {MAX_NOTE_CHARS} characters")
        with self._lock:
            ev = Event("label", item_id, labeller, label, note, _now())
            self._append(ev.as_record())
            self.events.append(ev)
            return ev

    def undo(self, labeller: str) -> Event | None:
        """Undo the labeller's latest label in force; returns it (None when there is nothing to undo)."""
        check_labeller(labeller)
        with self._lock:
            stack = self.stack(labeller)
            if not stack:
                return None
            last = stack[-1]
            ev = Event("undo", last.item, labeller, None, "", _now())
            self._append(ev.as_record())
            self.events.append(ev)
            return last


def active_stack(events: Sequence[Event], labeller: str) -> list[Event]:
    """Replay one labeller's events: a label pushes, an undo removes the latest label of its item."""
    stack: list[Event] = []
    for e in events:
        if e.labeller != labeller:
            continue
        if e.record == "label":
            stack.append(e)
            continue
        for i in range(len(stack) - 1, -1, -1):
            if stack[i].item == e.item:
                del stack[i]
                break
    return stack


def read_stores(paths: Sequence[str | Path]) -> LabelStore:
    """Read one or several labels files of the same sample (read-only; events concatenated).

    Raises:
        DataError: a file is unreadable, or the files hold different samples (design digests differ).
    """
    if not paths:
        raise ValueError("no labels file given")
    first = Path(paths[0])
    design, events = _read(first, repair=False)
    digest = design_digest(design)
    for p in paths[1:]:
        d2, ev2 = _read(Path(p), repair=False)
        if design_digest(d2) != digest:
            raise DataError(p, f"holds a different sample than {first.name} (design digest {design_digest(d2)} != {digest})", line=1)
        events += ev2
    return LabelStore(first, design, events)


def is_label_file(path: str | Path) -> bool:
    """Whether ``path`` is a medtrust labels file (its first line is a design record)."""
    p = Path(path)
    if not p.is_file():
        return False
    try:
        with open(p, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return b'"format": "medtrust-labels"' in head.split(b"\n", 1)[0] or b'"format":"medtrust-labels"' in head.split(b"\n", 1)[0]


# ---------------------------------------------------------------- people vs people, people vs judges
def labeller_agreement(store: LabelStore) -> dict[str, Any]:
    """Agreement between labellers on the items they both labelled.

    Returns:
        {"labellers": [names], "pairs": [{"a", "b", "n", "agreement", "kappa"}], "fleiss_kappa",
        "fleiss_n"}: Cohen's kappa per pair (Cohen 1960) and, with three or more labellers,
        Fleiss' kappa (Fleiss 1971) on the items all of them labelled (NaN when undefined;
        None when fewer than two labellers / items).
    """
    from medtrust.judges.agreement import (
        accuracy,
        cohen_kappa,
        confusion_matrix,
        fleiss_kappa,
    )

    names = store.labellers()
    cur = {n: store.current(n) for n in names}
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            both = [k for k in cur[a] if k in cur[b]]
            if not both:
                pairs.append({"a": a, "b": b, "n": 0, "agreement": None, "kappa": None})
                continue
            cm = confusion_matrix([cur[a][k].label for k in both], [cur[b][k].label for k in both], labels=store.labels)  # type: ignore[misc]
            pairs.append({"a": a, "b": b, "n": len(both), "agreement": accuracy(cm), "kappa": cohen_kappa(cm)})
    out: dict[str, Any] = {"labellers": names, "pairs": pairs, "fleiss_kappa": None, "fleiss_n": 0}
    if len(names) >= 3:
        common = [k for k in store.by_id if all(k in cur[n] for n in names)]
        if common:
            out["fleiss_kappa"] = fleiss_kappa([[cur[n][k].label for n in names] for k in common], labels=store.labels)  # type: ignore[misc]
            out["fleiss_n"] = len(common)
    return out


def gold_labels(store: LabelStore, labeller: str | None = None) -> dict[str, str]:
    """{item id: gold label}: one labeller's labels, or the consensus of everyone's (most frequent;
    ties -> the more cautious label, :func:`medtrust.judges.agreement.majority_label`)."""
    from medtrust.judges.agreement import majority_label

    names = [labeller] if labeller is not None else store.labellers()
    cur = {n: store.current(n) for n in names}
    out: dict[str, str] = {}
    for it in store.items:
        got = [cur[n][it["id"]].label for n in names if it["id"] in cur[n]]
        lab = majority_label(got) if got else None
        if lab is not None:
            out[it["id"]] = lab
    return out


def adjusted_weights(store: LabelStore, labelled: set[str]) -> dict[str, float]:
    """Design weights of the labelled items, adjusted for items left unlabelled in their stratum:
    w = N_h / m_h with m_h the labelled items of stratum h (weighting-class adjustment; equal to
    1 / pi when the whole sample is labelled). Strata with no labelled item get no weight."""
    m: dict[int, int] = defaultdict(int)
    for it in store.items:
        if it["id"] in labelled:
            m[int(it["stratum"])] += 1
    strata = store.design["strata"]
    return {it["id"]: strata[int(it["stratum"])]["N"] / m[int(it["stratum"])] for it in store.items if it["id"] in labelled}


def labelled_items(store: LabelStore, labeller: str | None = None) -> tuple[list[Any], dict[str, Any]]:
    """The labelled sample as :class:`medtrust.judges.labelled.LabelledItem` (gold = people's label).

    Each item's ``extra`` holds ``weight`` (adjusted design weight), ``verdicts`` (every
    automatic judge's label), ``judge_versions``, ``stratum`` and ``primary_judge``.

    Returns:
        (items, info) with info = {task, labels, labellers, n_sample, n_labelled, agreement
        (:func:`labeller_agreement`), people_disagree (items where labellers differ), strata_unlabelled,
        design_digest, benchmarks (whose responses were labelled)}.

    Raises:
        ValueError: ``labeller`` has no label in the file.
    """
    from medtrust.judges.labelled import LabelledItem

    if labeller is not None and labeller not in store.labellers():
        raise ValueError(f"labeller {labeller!r} has no label in {store.path.name} (labellers: {store.labellers()})")
    gold = gold_labels(store, labeller)
    weights = adjusted_weights(store, set(gold))
    names = store.labellers()
    cur = {n: store.current(n) for n in names}
    people_disagree = sum(1 for k in gold if len({cur[n][k].label for n in names if k in cur[n]}) > 1)
    items = []
    for it in store.items:
        if it["id"] not in gold:
            continue
        items.append(LabelledItem(
            id=it["id"], prompt=it["prompt"], response=it["response"], label=gold[it["id"]], source_model=str(it.get("model") or ""),
            cluster=str(it.get("cluster") or it["id"]),
            extra={"weight": weights[it["id"]], "verdicts": dict(it.get("verdicts") or {}), "judge_versions": dict(it.get("judge_versions") or {}),
                   "stratum": int(it["stratum"]), "primary_judge": it.get("primary_judge")},
        ))  # fmt: skip
    labelled_strata = {int(store.by_id[k]["stratum"]) for k in gold}
    info = {
        "task": store.design["task"], "labels": store.labels, "labellers": names, "gold_from": labeller or "consensus",
        "n_sample": len(store.items), "n_labelled": len(items), "agreement": labeller_agreement(store),
        "people_disagree": people_disagree,
        "strata_unlabelled": [s["key"] for h, s in enumerate(store.design["strata"]) if h not in labelled_strata],
        "design_digest": design_digest(store.design),
        "benchmarks": sorted({str(it.get("benchmark")) for it in store.items}),
    }  # fmt: skip
    return items, info
