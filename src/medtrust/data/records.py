"""Read tabular records from JSONL, JSON, CSV or parquet, with errors that name file, line and field.

Line numbers are 1-based physical lines for JSONL, 1-based data rows after the header for
CSV (header = line 1, so the first row is line 2) and 1-based row numbers for parquet/JSON.
"""

from __future__ import annotations

import codecs
import csv
import hashlib
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from medtrust.bounded import check_size, env_limit, read_bounded


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
    Text files are UTF-8 (a byte-order mark is accepted), or UTF-16/UTF-32 with a byte-order
    mark. Blank JSONL lines are skipped.

    Every value is checked once parsed: nesting deeper than :data:`MAX_DEPTH`, a number too
    long for Python (over 4,300 digits) and a lone surrogate (``"\\ud800"``, not Unicode text,
    which no log or model can take) are errors naming file, line and field.

    Bounded: a JSONL file is read line by line and a line over :data:`MAX_LINE_BYTES` is refused
    before it is read whole; a JSON, CSV or parquet file (read whole) over :data:`MAX_FILE_BYTES`
    is refused before it is read. Both name the file (and line) and the limit.

    Raises:
        DataError: missing file, unknown suffix, empty file, undecodable bytes (line and column),
            malformed line (with its number), a line that is not a JSON object, a value
            rejected above, a CSV field over the csv module's size limit, a line or file over
            its limit.
    """
    p = Path(path)
    if not p.exists():
        raise DataError(p, "file not found")
    if p.is_dir():
        raise DataError(p, "is a directory, expected a data file")
    suffix = p.suffix.lower()
    if suffix not in (".jsonl", ".ndjson"):
        check_file_size(p)
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
    for r in records:
        check_value(p, r.line, r.fields)
    return records


#: deepest nesting of lists/objects accepted in one record (real rows have 1-3 levels)
MAX_DEPTH = 32


#: longest JSONL line read (bytes; real rows are a few KiB): ``MEDTRUST_MAX_LINE_BYTES``
MAX_LINE_BYTES = env_limit("MAX_LINE_BYTES", 16 << 20)
#: largest data file read whole (JSON, CSV, parquet; bytes): ``MEDTRUST_MAX_FILE_BYTES``
MAX_FILE_BYTES = env_limit("MAX_FILE_BYTES", 1 << 30)
#: Python's limit on the digits of an int read from text (a longer one cannot become a number)
MAX_INT_DIGITS = 4300


def check_file_size(p: Path) -> None:
    """Refuse a file to be read whole when it is over :data:`MAX_FILE_BYTES`.

    Raises:
        DataError: naming the file, its size and the limit.
    """
    try:
        check_size(p, MAX_FILE_BYTES, what="file read whole", env="MAX_FILE_BYTES", error=DataError)
    except OSError as e:
        raise DataError(p, f"cannot read file ({e.strerror or e})") from None


class _LongNumber(str):
    """A JSON number with more digits than Python reads (kept as text so its field can be named)."""

_SURROGATE = re.compile("[\ud800-\udfff]")

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def read_text(p: Path) -> str:
    """A data file's text: UTF-8 (optional BOM), or UTF-16/32 announced by a BOM.

    Raises:
        DataError: bytes that are not valid text in that encoding (names line, column and the
            byte offset), or a file that looks like UTF-16 without a byte-order mark.
    """
    try:
        data = read_bounded(p, MAX_FILE_BYTES, what="file read whole", env="MAX_FILE_BYTES", error=DataError)
    except OSError as e:
        raise DataError(p, f"cannot read file ({e.strerror or e})") from None
    enc = next((e for bom, e in _BOMS if data.startswith(bom)), None)
    if enc is None:
        enc = "utf-8"
        head = data[:4096]
        if len(head) >= 4 and head.count(b"\x00") * 4 >= len(head):
            raise DataError(p, "looks like UTF-16/32 text without a byte-order mark; save it as UTF-8", line=1)
    try:
        return data.decode(enc)
    except UnicodeDecodeError as e:
        unit = 4 if enc == "utf-32" else 2 if enc == "utf-16" else 1
        prefix = data[: e.start - e.start % unit].decode(enc, errors="replace")
        line = prefix.count("\n") + 1
        column = len(prefix) - (prefix.rfind("\n") + 1) + 1
        bad = data[e.start : min(e.end, e.start + 4)].hex(" ")
        label = "UTF-8" if enc.startswith("utf-8") else enc.upper()
        raise DataError(
            p, f"not valid {label} text: bytes {bad} at column {column} (byte offset {e.start}: {e.reason}); save the file as UTF-8",
            line=line,
        ) from None


def check_value(p: Path | str, line: int, value: Any) -> None:
    """Refuse values no benchmark row can hold (see :func:`read_records`); iterative, so a deep
    value cannot exhaust Python's stack.

    Raises:
        DataError: naming file, line and the field (dotted path) at fault.
    """
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        v, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise DataError(p, f"nested more than {MAX_DEPTH} levels deep", line=line, field=where or None)
        if isinstance(v, _LongNumber):
            raise DataError(p, f"a number of {len(v.lstrip('-'))} digits, over Python's limit of {MAX_INT_DIGITS:,}", line=line,
                            field=where or None)  # fmt: skip
        if isinstance(v, str):
            m = _SURROGATE.search(v)
            if m:
                raise DataError(
                    p, f"lone surrogate U+{ord(m.group()):04X} at character {m.start()} (not valid Unicode text)", line=line, field=where or None
                )
        elif isinstance(v, dict):
            for k, x in v.items():
                key = str(k)
                if _SURROGATE.search(key):
                    raise DataError(p, "a field name holds a lone surrogate (not valid Unicode text)", line=line, field=where or None)
                stack.append((x, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(v, (list, tuple)):
            stack.extend((x, f"{where}[{i}]", depth + 1) for i, x in enumerate(v))


def _parse_int(text: str) -> Any:
    # a number too long for int() is kept as text and named with its field by check_value
    return _LongNumber(text) if len(text) - text.startswith("-") > MAX_INT_DIGITS else int(text)


def _loads(p: Path, text: str, line: int | None) -> Any:
    try:
        return json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        at = line if line is not None else e.lineno
        col = f" at column {e.colno}" if line is not None else ""
        raise DataError(p, f"malformed JSON ({e.msg}{col})", line=at) from None
    except RecursionError:
        raise DataError(p, "JSON nested too deeply to parse", line=line) from None
    except ValueError as e:  # int digit limit: "Exceeds the limit (4300 digits) for integer string conversion"
        raise DataError(p, f"a number in this record is too long ({str(e).split(';')[0]})", line=line) from None


def load_json(path: str | Path) -> Any:
    """A whole JSON file parsed with the checks of :func:`read_records` (encoding, depth, long
    numbers, lone surrogates), for files that are not a list of records.

    Raises:
        DataError: missing or bad file (names file, line, field).
    """
    p = Path(path)
    if not p.is_file():
        raise DataError(p, "file not found")
    check_file_size(p)
    obj = _loads(p, read_text(p), None)
    check_value(p, 1, obj)
    return obj


def load_toml(path: str | Path, *, max_bytes: int = 1_000_000) -> dict[str, Any]:
    """A TOML file (a settings table, not records), read with the encoding checks of :func:`read_text`.

    Raises:
        DataError: missing, larger than ``max_bytes``, unreadable, or not valid TOML (with tomllib's
            line and column).
    """
    import tomllib

    p = Path(path)
    if not p.is_file():
        raise DataError(p, "file not found")
    if p.stat().st_size > max_bytes:
        raise DataError(p, f"{p.stat().st_size} bytes is too big for this file (at most {max_bytes})")
    try:
        return tomllib.loads(read_text(p))
    except tomllib.TOMLDecodeError as e:
        raise DataError(p, f"not valid TOML: {e}") from None


def _lines(text: str) -> list[str]:
    # physical lines as universal newlines read them (a raw CR cannot occur inside a JSON string)
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _text_lines(p: Path) -> Iterator[tuple[int, str]]:
    """(1-based line number, text) of a text file, read a line at a time: no line over
    :data:`MAX_LINE_BYTES` is held whole. Line breaks as universal newlines read them; encodings
    and their errors as :func:`read_text`.

    Raises:
        DataError: a line over the limit (file, line, limit), undecodable bytes (line, column, offset).
    """
    try:
        f = open(p, "rb")
    except OSError as e:
        raise DataError(p, f"cannot read file ({e.strerror or e})") from None
    with f:
        head = f.read(4096)
        f.seek(0)
        enc = next((e for bom, e in _BOMS if head.startswith(bom)), None)
        if enc is None and len(head) >= 4 and head.count(b"\x00") * 4 >= len(head):
            raise DataError(p, "looks like UTF-16/32 text without a byte-order mark; save it as UTF-8", line=1)
        if enc is not None and not enc.startswith("utf-8"):  # UTF-16/32 (rare): read whole, within the file limit
            check_file_size(p)
            for lineno, line in enumerate(_lines(read_text(p)), start=1):
                if len(line.encode(enc)) > MAX_LINE_BYTES:
                    raise _line_too_long(p, lineno)
                yield lineno, line
            return
        if head.startswith(codecs.BOM_UTF8):
            f.read(3)
        lineno, offset = 0, f.tell()
        while True:
            raw = f.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise _line_too_long(p, lineno + 1)
            # a raw CR cannot occur inside a JSON string: CR and CRLF end lines too (universal newlines)
            parts = raw.rstrip(b"\n").replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n") if b"\r" in raw else [raw.rstrip(b"\n")]
            for part in parts:
                lineno += 1
                try:
                    yield lineno, part.decode("utf-8")
                except UnicodeDecodeError as e:
                    prefix = part[: e.start].decode("utf-8", errors="replace")
                    bad = part[e.start : min(e.end, e.start + 4)].hex(" ")
                    raise DataError(
                        p, f"not valid UTF-8 text: bytes {bad} at column {len(prefix) + 1} (byte offset {offset + e.start}: "
                           f"{e.reason}); save the file as UTF-8", line=lineno,
                    ) from None  # fmt: skip
                offset += len(part) + 1
            offset += len(raw) - sum(len(x) + 1 for x in parts)


def _line_too_long(p: Path, lineno: int) -> DataError:
    return DataError(p, f"line longer than the limit of {MAX_LINE_BYTES:,} bytes (set MEDTRUST_MAX_LINE_BYTES to raise it)", line=lineno)


def _read_jsonl(p: Path) -> Iterator[Record]:
    for lineno, raw in _text_lines(p):
        if not raw.strip():
            continue
        obj = _loads(p, raw, lineno)
        if not isinstance(obj, dict):
            raise DataError(p, f"expected a JSON object, got {type(obj).__name__}", line=lineno)
        yield Record(lineno, obj)


def _read_json(p: Path) -> list[Record]:
    obj = _loads(p, read_text(p), None)
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
    reader = csv.DictReader(io.StringIO(read_text(p), newline=""))
    out = []
    try:
        for row in reader:
            if None in row:
                raise DataError(p, "more cells than header columns", line=reader.line_num)
            out.append(Record(reader.line_num, dict(row)))
    except csv.Error as e:
        raise DataError(p, f"malformed CSV ({e})", line=reader.line_num + 1) from None
    return out


def _read_parquet(p: Path) -> list[Record]:
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(p)
    except Exception as e:  # pyarrow raises several types for corrupt files
        raise DataError(p, f"cannot read parquet: {e}") from None
    return [Record(i, row) for i, row in enumerate(table.to_pylist(), start=1)]
