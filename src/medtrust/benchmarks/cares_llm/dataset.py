"""CARES-18K records: loading, validation, filters, and inspect Samples.

Schema (cares_llm.md sec. 1.2): six columns, no id column. medtrust derives

- ``row_id = "<split>-<content id>"``: the content id is the first 12 hex digits of sha1 over
  the six columns (:func:`content_id`), so a row keeps its id when the file is reordered,
  filtered or extended (resume, paired comparisons between runs, mitigation arms). A row whose
  six columns repeat an earlier row is a *duplicate*: it is kept (counts stay those of the
  file) with ``-dup2``, ``-dup3``... appended, and reported (:func:`duplicate_rows`, task
  metadata ``duplicate_rows``, a note in the summary);
- ``family_id = sha1(base_prompt)[:16]`` (a base prompt and its rewrites share it).

Until medtrust 0.x (issue 14) ``row_id`` was ``"<split>-<index:05d>"`` (position in the file);
logs from then pair with new ones by prompt text, not by id.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from dataclasses import asdict, dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

from inspect_ai.dataset import MemoryDataset, Sample

from medtrust.data.records import DataError, Record, read_records, sha256_file

HUB_ID = "HFXM/CARES-18K"
#: pinned hub revision (the one a third-party toolkit pins; cares_llm.md sec. 1.1)
HUB_REVISION = "49f6ff9caffe31bbd33b6272b72ef0b78a23ff26"
PACKAGED_FILE = "cares18k_test_sample.jsonl"

METHODS = ("direct", "indirect", "obfuscate", "role_play")
GENERATION_MODELS = ("gpt", "gemini", "claude", "deepseek")
HARM_LEVELS = (0, 1, 2, 3)
PRINCIPLES = tuple(range(8))
PRINCIPLE_NAMES = (
    "Patient Privacy and Consent",
    "Clinical Ethics and Professional Conduct",
    "Discrimination and Healthcare Bias",
    "Health Misinformation and Disinformation",
    "Self-harm and Unsafe Behavior",
    "Illicit Medical Practices and Unethical Use",
    "AI, Technology and Clinical Safety Boundaries",
    "Community and Public Health Responsibility",
)
COLUMNS = ("principle_index", "generation_model", "harmful_level", "method", "base_prompt", "prompt")


@dataclass(frozen=True)
class CaresRecord:
    """One validated CARES-18K row (fields as in the official schema plus derived ids)."""

    row_id: str
    split: str
    line: int
    principle_index: int
    generation_model: str
    harmful_level: int
    method: str
    base_prompt: str
    prompt: str
    family_id: str


def packaged_data_path() -> Path:
    """The 239 real CARES-18K test rows shipped in the package (MIT; see the README beside them)."""
    return Path(str(resources.files("medtrust.data") / "cares_llm" / PACKAGED_FILE))


def content_id(fields: dict[str, Any]) -> str:
    """First 12 hex digits of sha1 over the six CARES-18K columns (JSON, in :data:`COLUMNS` order)."""
    payload = json.dumps([fields.get(c) for c in COLUMNS], ensure_ascii=False, default=str)
    return hashlib.sha1(payload.encode("utf-8")).hexdigest()[:12]


def duplicate_rows(records: Iterable[CaresRecord]) -> dict[str, list[int]]:
    """{row id of the first occurrence: file lines of every occurrence} for rows repeated in the file."""
    out: dict[str, list[int]] = {}
    lines: dict[str, list[int]] = {}
    for r in records:
        lines.setdefault(r.row_id.split("-dup", 1)[0], []).append(r.line)
    for rid, ls in lines.items():
        if len(ls) > 1:
            out[rid] = ls
    return out


def family_id(base_prompt: str) -> str:
    """Stable family id: first 16 hex digits of sha1 of the base prompt text."""
    return hashlib.sha1(base_prompt.encode("utf-8")).hexdigest()[:16]


def _int_field(path: str, line: int, field: str, value: Any, allowed: Sequence[int]) -> int:
    if isinstance(value, bool):
        raise DataError(path, f"expected an integer in {list(allowed)}, got {value!r}", line=line, field=field)
    try:
        iv = int(value) if not isinstance(value, float) or value.is_integer() else None
    except (TypeError, ValueError):
        iv = None
    if iv is None or iv not in allowed:
        raise DataError(path, f"expected an integer in {list(allowed)}, got {value!r}", line=line, field=field)
    return iv


def _enum_field(path: str, line: int, field: str, value: Any, allowed: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in allowed:
        hint = ""
        if isinstance(value, str):
            norm = value.strip().lower().replace("-", "_").replace(" ", "_")
            fixes = {"obfuscation": "obfuscate", "roleplay": "role_play"}
            guess = fixes.get(norm, norm)
            if guess in allowed:
                hint = f" (did you mean '{guess}'?)"
        raise DataError(path, f"unknown value {value!r}; expected one of {list(allowed)}{hint}", line=line, field=field)
    return value


def _text_field(path: str, line: int, field: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DataError(path, "empty or missing text", line=line, field=field)
    return value


def validate_record(rec: Record, *, path: str, split: str, index: int) -> CaresRecord:
    """Validate one raw row and derive its ids.

    Accepts the official column names and ``cares_``-prefixed aliases.

    Raises:
        DataError: missing column, unknown enum value, out-of-range level/principle, empty text
            (message names file, line and field).
    """
    f = {k[len("cares_"):] if k.startswith("cares_") else k: v for k, v in rec.fields.items()}
    for col in COLUMNS:
        if col not in f:
            raise DataError(path, "missing column", line=rec.line, field=col)
    base = _text_field(path, rec.line, "base_prompt", f["base_prompt"])
    r = CaresRecord(
        row_id="",
        split=split,
        line=rec.line,
        principle_index=_int_field(path, rec.line, "principle_index", f["principle_index"], PRINCIPLES),
        generation_model=_enum_field(path, rec.line, "generation_model", f["generation_model"], GENERATION_MODELS),
        harmful_level=_int_field(path, rec.line, "harmful_level", f["harmful_level"], HARM_LEVELS),
        method=_enum_field(path, rec.line, "method", f["method"], METHODS),
        base_prompt=base,
        prompt=_text_field(path, rec.line, "prompt", f["prompt"]),
        family_id=family_id(base),
    )
    # the id hashes the validated values, so "3" in a CSV and 3 in a JSONL give the same id
    return replace(r, row_id=f"{split}-{content_id({c: getattr(r, c) for c in COLUMNS})}")


def load_records(path: str | Path | None = None, *, split: str = "test") -> list[CaresRecord]:
    """Load and validate CARES-18K rows from a local file (JSONL, JSON, CSV, parquet).

    Args:
        path: file path; None = the packaged 239-row real test sample; ``hf`` or
            ``hf:<split>`` = the hub dataset at the pinned revision (needs network and ``datasets``).
        split: split name used in row ids (and the hub split to load).

    Raises:
        DataError: any invalid row (file, line, field named) or unreadable file.
    """
    if path is not None and str(path).startswith("hf"):
        hub_split = str(path).split(":", 1)[1] if ":" in str(path) else split
        return load_hub(hub_split)
    p = Path(path) if path is not None else packaged_data_path()
    records = read_records(p)
    return _number_duplicates([validate_record(r, path=str(p), split=split, index=i) for i, r in enumerate(records)])


def _number_duplicates(records: list[CaresRecord]) -> list[CaresRecord]:
    """Give the 2nd, 3rd ... occurrence of a repeated row the id ``<row id>-dup2``, ``-dup3`` ..."""
    seen: dict[str, int] = {}
    out = []
    for r in records:
        n = seen[r.row_id] = seen.get(r.row_id, 0) + 1
        out.append(r if n == 1 else replace(r, row_id=f"{r.row_id}-dup{n}"))
    return out


def load_hub(split: str = "test", revision: str = HUB_REVISION) -> list[CaresRecord]:
    """Load a split of ``HFXM/CARES-18K`` from the hub at a pinned revision.

    Raises:
        DataError: ``datasets`` missing, or the hub unreachable (offline: use a local file).
    """
    try:
        import datasets  # type: ignore[import-not-found]
    except ImportError:
        raise DataError(HUB_ID, "loading from the hub needs `pip install medtrust[hub]`; or pass a local --data file") from None
    try:
        ds = datasets.load_dataset(HUB_ID, split=split, revision=revision)
    except Exception as e:
        raise DataError(HUB_ID, f"cannot load split '{split}' at revision {revision[:10]} (network access needed; offline, pass a local parquet/JSONL/CSV with --data): {e}") from None
    src = f"{HUB_ID}@{revision[:10]}"
    return _number_duplicates([validate_record(Record(i + 1, row), path=src, split=split, index=i) for i, row in enumerate(ds)])


def composition(records: Iterable[CaresRecord]) -> dict[str, dict[str, int]]:
    """Counts per harm level, method, principle and generation model (printed with every run)."""
    recs = list(records)
    return {
        "harmful_level": dict(sorted(Counter(str(r.harmful_level) for r in recs).items())),
        "method": dict(sorted(Counter(r.method for r in recs).items())),
        "principle_index": dict(sorted(Counter(str(r.principle_index) for r in recs).items())),
        "generation_model": dict(sorted(Counter(r.generation_model for r in recs).items())),
    }


def direct_prompt_mismatches(records: Iterable[CaresRecord]) -> list[str]:
    """Row ids of ``direct`` rows whose prompt differs from base_prompt (should be none)."""
    return [r.row_id for r in records if r.method == "direct" and r.prompt != r.base_prompt]


def filter_records(
    records: Sequence[CaresRecord],
    *,
    harm_levels: Sequence[int] | None = None,
    methods: Sequence[str] | None = None,
    principles: Sequence[int] | None = None,
    generation_models: Sequence[str] | None = None,
    shuffle_seed: int | None = None,
    limit: int | None = None,
) -> list[CaresRecord]:
    """Subset rows. Shuffle (seeded, ``random.Random(seed)``) happens before ``limit``.

    Raises:
        ValueError: a filter value that is not a valid enum value.
    """
    for name, vals, allowed in (
        ("harm_levels", harm_levels, HARM_LEVELS),
        ("methods", methods, METHODS),
        ("principles", principles, PRINCIPLES),
        ("generation_models", generation_models, GENERATION_MODELS),
    ):
        bad = [v for v in (vals or []) if v not in allowed]
        if bad:
            raise ValueError(f"{name}: unknown value(s) {bad}; expected values in {list(allowed)}")
    out = [
        r
        for r in records
        if (harm_levels is None or r.harmful_level in harm_levels)
        and (methods is None or r.method in methods)
        and (principles is None or r.principle_index in principles)
        and (generation_models is None or r.generation_model in generation_models)
    ]
    if shuffle_seed is not None:
        out = list(out)
        random.Random(shuffle_seed).shuffle(out)
    return out[:limit] if limit is not None else out


def record_to_sample(r: CaresRecord) -> Sample:
    """One CARES row -> inspect Sample; the prompt is the single user turn, unchanged."""
    meta = asdict(r)
    meta.pop("prompt")
    return Sample(id=r.row_id, input=r.prompt, target=str(r.harmful_level), metadata=meta)


def cares_dataset(records: Sequence[CaresRecord], *, name: str = "cares18k", location: str | None = None) -> MemoryDataset:
    """inspect MemoryDataset over validated records."""
    return MemoryDataset([record_to_sample(r) for r in records], name=name, location=location)


def data_sha256(path: str | Path | None) -> str:
    """sha256 of the data file used (packaged file when None)."""
    return sha256_file(Path(path) if path is not None else packaged_data_path())
