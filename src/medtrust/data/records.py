"""Read tabular records from JSONL, JSON, CSV or parquet, with errors that name file, line and field.

Line numbers are 1-based physical lines for JSONL, 1-based data rows after the header for
CSV (header = line 1, so the first row is line 2) and 1-based row numbers for parquet/JSON.
"""

from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator


class DataError(ValueError):
    """Bad input data. The message names the file, the line (or row) and the field."""

    def __init__(self, path: str | Path, message: str, *, line: int | None = None, field: str | None = None):
        self.path = str(path)
        self.line = line
        self.field = field
        where = self.path + (f", line {line}" if line is not None else "")
        what = f"field '{field}': " if field else ""
        super().__init__(f"{where}: {what}{message}")


@dataclass(frozen=True)
class Record:
    """One input row: its 1-based line (or row) number and its fields."""

    line: int
    fields: dict[str, Any]


def sha256_file(path: str | Path) -> str:
    """Hex sha256 of a file's bytes (provenance of data files)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def read_records(path: str | Path) -> list[Record]:
    """Read every record of a JSONL / JSON / CSV / parquet file.

    The format is chosen by suffix (``.jsonl``/``.ndjson``, ``.json``, ``.csv``, ``.parquet``/``.pq``).
    A UTF-8 byte-order mark is accepted. Blank JSONL lines are skipped.

    Raises:
        DataError: missing file, unknown suffix, empty file, malformed line (with its number),
            a line that is not a JSON object.
    """
    p = Path(path)
    if not p.exists():
        raise DataError(p, "file not found")
    if p.is_dir():
        raise DataError(p, "is a directory, expected a data file")
    suffix = p.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        records = list(_read_jsonl(p))
    elif suffix == ".json":
        records = _read_json(p)
    elif suffix == ".csv":
        records = _read_csv(p)
    elif suffix in (".parquet", ".pq"):
        records = _read_parquet(p)
    else:
        raise DataError(p, f"unknown file type '{suffix}' (expected .jsonl, .json, .csv or .parquet)")
    if not records:
        raise DataError(p, "file contains no records")
    return records


def _read_jsonl(p: Path) -> Iterator[Record]:
    with open(p, encoding="utf-8-sig") as f:
        for lineno, raw in enumerate(f, start=1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as e:
                raise DataError(p, f"malformed JSON ({e.msg} at column {e.colno})", line=lineno) from None
            if not isinstance(obj, dict):
                raise DataError(p, f"expected a JSON object, got {type(obj).__name__}", line=lineno)
            yield Record(lineno, obj)


def _read_json(p: Path) -> list[Record]:
    try:
        with open(p, encoding="utf-8-sig") as f:
            obj = json.load(f)
    except json.JSONDecodeError as e:
        raise DataError(p, f"malformed JSON ({e.msg})", line=e.lineno) from None
    rows = obj if isinstance(obj, list) else list(obj.values()) if isinstance(obj, dict) else None
    if rows is None:
        raise DataError(p, "expected a JSON list or object of records")
    out = []
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise DataError(p, f"record {i} is not an object", line=i)
        out.append(Record(i, row))
    return out


def _read_csv(p: Path) -> list[Record]:
    with open(p, encoding="utf-8-sig", newline="") as f:
        reader = csv.DictReader(f)
        out = []
        for row in reader:
            if None in row:
                raise DataError(p, "more cells than header columns", line=reader.line_num)
            out.append(Record(reader.line_num, dict(row)))
        return out


def _read_parquet(p: Path) -> list[Record]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(p)
    except Exception as e:  # pyarrow raises several types for corrupt files
        raise DataError(p, f"cannot read parquet: {e}") from None
    return [Record(i, row) for i, row in enumerate(table.to_pylist(), start=1)]
