"""Human-labelled (prompt, response, label) sets for measuring judges.

Two formats:

* **XSTest v2** (Röttger et al., NAACL 2024; github.com/paul-rottger/xstest, file layout
  ``xstest_v2_completions_<model>.csv`` with columns id, type, prompt, completion,
  annotation_1, annotation_2, agreement, final_label). ``final_label`` maps to CARES labels:
  1_full_compliance -> Accept, 2_full_refusal -> Refuse, 3_partial_refusal -> Caution
  (approximate: XSTest counts an answer with warnings as compliance).
  The completions fall under the model vendors' terms: medtrust never ships them; the user
  points ``--labels`` at a local copy (or ``xstest`` resolves ``$MEDTRUST_XSTEST_DIR`` or the
  project's ``../shared/data/labelled/xstest``).
* **medtrust label** files (docs/labelling.md): read by :mod:`medtrust.label.store`.
* **Plain** JSONL / JSON / CSV / parquet (via :func:`medtrust.data.records.read_records`) with
  fields ``prompt``, ``response``, ``label`` (Accept | Caution | Refuse, any case; "Reject" and
  the XSTest label strings accepted), optional ``id`` and ``source_model``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from medtrust.data.records import DataError, read_records

XSTEST_LABELS = {
    "1_full_compliance": "Accept",
    "2_full_refusal": "Refuse",
    "3_partial_refusal": "Caution",
}
_PLAIN_LABELS = {"accept": "Accept", "caution": "Caution", "refuse": "Refuse", "reject": "Refuse"}
_XSTEST_COLUMNS = ("id", "prompt", "completion", "final_label")
_XSTEST_GLOB = "xstest_v2_completions_*.csv"


@dataclass(frozen=True)
class LabelledItem:
    """One human-labelled response.

    Attributes:
        id: unique within the set (XSTest: "<model>:<id>").
        prompt: the prompt the source model saw.
        response: the source model's response.
        label: gold label, "Accept" | "Caution" | "Refuse".
        source_model: model that wrote the response ("" when unknown).
        cluster: resampling unit for CIs (XSTest: the prompt id, shared by the source models).
        extra: other fields kept for reports (e.g. XSTest "type").
    """

    id: str
    prompt: str
    response: str
    label: str
    source_model: str = ""
    cluster: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)


def default_xstest_dir() -> Path:
    """Where ``--labels xstest`` looks: $MEDTRUST_XSTEST_DIR, else ../shared/data/labelled/xstest
    beside the current directory or the installed package's repository.

    Raises:
        DataError: no directory with XSTest completion files was found (the message says how
            to obtain them; medtrust does not ship them).
    """
    candidates: list[Path] = []
    env = os.environ.get("MEDTRUST_XSTEST_DIR")
    if env:
        candidates.append(Path(env))
    here = Path(__file__).resolve()
    for base in (Path.cwd(), *here.parents[:4]):
        candidates.append(base.parent / "shared" / "data" / "labelled" / "xstest")
        candidates.append(base / "shared" / "data" / "labelled" / "xstest")
    for c in candidates:
        if c.is_dir() and any(c.glob(_XSTEST_GLOB)):
            return c
    raise DataError(
        "xstest",
        "XSTest v2 completions not found; download xstest_v2_completions_*.csv from the XSTest "
        "repository (vendor terms: internal evaluation only) and pass the folder with --labels, "
        "or set MEDTRUST_XSTEST_DIR",
    )


def read_xstest(path: str | Path) -> list[LabelledItem]:
    """Read XSTest v2 completions: one CSV file, or every ``xstest_v2_completions_*.csv`` in a
    folder (sorted by name; baseline files with extra suffixes are skipped).

    Returns:
        Items in file order; source_model from the file name (e.g. "gpt4"), cluster = prompt id.

    Raises:
        DataError: missing file/folder, a missing column, or an unknown ``final_label``
            (message names file, line and field).
    """
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.glob(_XSTEST_GLOB) if f.stem.count("_") == 3)
        if not files:
            raise DataError(p, f"no {_XSTEST_GLOB} files in this folder")
    else:
        files = [p]
    items: list[LabelledItem] = []
    for f in files:
        model = f.stem.removeprefix("xstest_v2_completions_")
        records = read_records(f)
        missing = [c for c in _XSTEST_COLUMNS if c not in records[0].fields]
        if missing:
            raise DataError(f, "missing XSTest column", line=1, field=missing[0])
        for rec in records:
            raw = str(rec.fields["final_label"]).strip()
            if raw not in XSTEST_LABELS:
                raise DataError(
                    f, f"unknown label {raw!r} (expected one of {sorted(XSTEST_LABELS)})",
                    line=rec.line, field="final_label",
                )
            rid = str(rec.fields["id"])
            items.append(
                LabelledItem(
                    id=f"{model}:{rid}",
                    prompt=str(rec.fields["prompt"]),
                    response=str(rec.fields["completion"] or ""),
                    label=XSTEST_LABELS[raw],
                    source_model=model,
                    cluster=rid,
                    extra={"type": rec.fields.get("type", "")},
                )
            )
    return items


def read_plain(path: str | Path) -> list[LabelledItem]:
    """Read a plain labelled set (fields prompt, response, label; optional id, source_model).

    Raises:
        DataError: missing field, non-text prompt/response, unknown label, duplicate id.
    """
    p = Path(path)
    items: list[LabelledItem] = []
    seen: set[str] = set()
    for rec in read_records(p):
        f = rec.fields
        for name in ("prompt", "response", "label"):
            if name not in f or f[name] is None:
                raise DataError(p, "missing", line=rec.line, field=name)
        for name in ("prompt", "response"):
            if not isinstance(f[name], str):
                raise DataError(p, f"expected text, got {type(f[name]).__name__}", line=rec.line, field=name)
        raw = str(f["label"]).strip()
        label = XSTEST_LABELS.get(raw) or _PLAIN_LABELS.get(raw.lower())
        if label is None:
            raise DataError(p, f"unknown label {raw!r} (expected Accept, Caution or Refuse)", line=rec.line, field="label")
        iid = str(f.get("id", rec.line))
        if iid in seen:
            raise DataError(p, f"duplicate id {iid!r}", line=rec.line, field="id")
        seen.add(iid)
        items.append(
            LabelledItem(
                id=iid, prompt=f["prompt"], response=f["response"], label=label,
                source_model=str(f.get("source_model") or ""), cluster=str(f.get("cluster", iid)),
            )
        )
    return items


def read_labelled(spec: str | Path) -> list[LabelledItem]:
    """Read a labelled set from ``spec``: "xstest" (see :func:`default_xstest_dir`), an XSTest
    folder or CSV (detected by its columns), a ``medtrust label`` file (gold = the labellers'
    consensus; design weights in ``extra["weight"]``: :func:`medtrust.label.store.labelled_items`),
    or a plain file.

    Raises:
        DataError: as the readers above.
    """
    if str(spec) == "xstest":
        return read_xstest(default_xstest_dir())
    p = Path(spec)
    from medtrust.label.store import is_label_file, labelled_items, read_stores

    if is_label_file(p):
        return labelled_items(read_stores([p]))[0]
    if p.is_dir():
        return read_xstest(p)
    if p.suffix.lower() == ".csv" and p.exists():
        header = p.open(encoding="utf-8-sig").readline()
        if all(c in header for c in ("completion", "final_label")):
            return read_xstest(p)
    return read_plain(p)
