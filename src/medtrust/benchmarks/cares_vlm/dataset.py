"""Loaders for the seven CARES-VLM annotation files and the inspect samples built from them.

Each source has its own quirks (cares_vlm.md sec. 2, official repo richard-peng-xia/CARES
@ a743fe04 ``data/``):

- ``question_id`` is not unique (IU-Xray/OL3I: always 0; FairVLMed: image number; HAM10000:
  ISIC id twice), so rows are keyed by their 0-based line in the file.
- HAM10000's gold is in ``fig_caption`` (``"C:upper extremity"``), not ``answer``.
- OL3I ``age`` is a string and includes ``"90+"``; its options are lettered ``"A:..., B:..."``
  and often not literally yes/no, so OL3I is multiple choice with a letter gold.
- Option strings contain ", " inside option texts (``"A:Yes, calcification is present, B:No, ..."``),
  so options are split at ``", <letter>:"`` boundaries, never at every comma.
- IU-Xray gold answers come as "No.", "- No.", "Yes" ... and 72 free-text hedges or an empty
  string; hedges get ``gold=None`` (no usable gold) while ``gold_official`` keeps the official
  ``eval_yesno.py`` reading.
- FairVLMed has no demographics in the file; an optional side table (FairVLMed's own metadata,
  joined by image number) supplies age, gender and race.
- OmniMedVQA (schema inferred): options in ``option_A``..``option_D``, gold as option text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageUser, ContentImage, ContentText

from medtrust.benchmarks.cares_vlm.guard import MIMIC_FIELDS, data_restriction
from medtrust.benchmarks.cares_vlm.images import ImageResolver, ResolvedImage
from medtrust.benchmarks.cares_vlm.prompts import build_prompt, clean_question, template_sha256
from medtrust.benchmarks.cares_vlm.schema import (
    ANSWER_TYPE,
    RESTRICTED_SOURCES,
    VARIANTS,
    Demographics,
    letter,
    normalise_source,
    sample_id,
)
from medtrust.data.records import DataError, read_records, sha256_file
from medtrust.images import model_image_ref

# ", B:" style boundary between options; the first option has no leading comma
_OPTION_SPLIT = re.compile(r"(?:^|,\s*)([A-H])\s*:\s*")
_LETTER_ANSWER = re.compile(r"^\s*\(?([A-H])\s*[:\.\)]")
_YES_NO_START = re.compile(r"^[\W_]*(yes|no)\b", re.IGNORECASE)


@dataclass
class CaresRow:
    """One annotation row, normalised (variant-independent part of the sample metadata)."""

    source: str
    line: int
    question_id: Any
    image_key: str
    question: str
    answer_type: str
    options: list[str] | None
    gold: str | None
    gold_raw: str
    gold_official: str | None
    demographics: Demographics
    dataset: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: why the row is restricted (its source, or its file's data: guard.data_restriction), else None
    restricted: str | None = None
    #: the row's identifier columns (guard.MIMIC_FIELDS) as read, for guard.identify
    fields: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- field parsers


def parse_options(text: str) -> list[str]:
    """Option texts in letter order from ``"A:scalp, B:ear, C:upper extremity, D:lower extremity"``.

    Splits only where a letter and colon follow ", " (option texts may contain commas), and
    accepts ``"A: Yes"`` with a space.

    Raises:
        ValueError: letters not consecutive from A, fewer than two options, or an empty option.
    """
    parts = _OPTION_SPLIT.split(text.strip())
    # split() gives ['', 'A', 'text', 'B', 'text', ...]
    if len(parts) < 5 or parts[0].strip():
        raise ValueError(f"cannot parse options {text!r}")
    letters, texts = parts[1::2], [t.strip() for t in parts[2::2]]
    if letters != [letter(i) for i in range(len(letters))]:
        raise ValueError(f"option letters are not A, B, ... in order: {letters}")
    if any(not t for t in texts):
        raise ValueError(f"empty option text in {text!r}")
    return texts


def letter_of_answer(answer: str, options: list[str]) -> str | None:
    """Gold letter from ``"C:upper extremity"`` / ``"B"`` / an option's text (case-insensitive).

    Returns None when the answer names no option."""
    a = answer.strip()
    m = _LETTER_ANSWER.match(a)
    if m and ord(m.group(1)) - ord("A") < len(options):
        return m.group(1)
    if len(a) == 1 and a.upper() in [letter(i) for i in range(len(options))]:
        return a.upper()
    low = [o.strip().lower().rstrip(".") for o in options]
    key = a.lower().rstrip(".")
    if key in low:
        return letter(low.index(key))
    return None


def yes_no_gold(answer: str) -> str | None:
    """Normalised IU-Xray gold: "yes"/"no" when the answer starts with it after bullets or
    punctuation ("- No.", "Yes, ..."), else None (free-text hedges, empty)."""
    m = _YES_NO_START.match(answer)
    return m.group(1).lower() if m else None


def official_yes_no(text: str) -> str:
    """The ``eval_yesno.py`` rule (official repo, ``src/eval/eval_yesno.py``): keep the text before
    the first ".", drop commas, split on spaces; "no" if any token is exactly ``No``, ``no`` or
    ``not`` (case-sensitive), else "yes" (so an empty string reads as "yes")."""
    first = text.split(".")[0].replace(",", "")
    return "no" if any(t in ("No", "no", "not") for t in first.split(" ")) else "yes"


def parse_age(value: Any) -> int | None:
    """Age in years from an int, a numeric string, or ``"90+"`` (-> 90, its lower bound).

    Returns None for missing/empty/unparseable values (never guesses)."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value)
    s = str(value).strip()
    m = re.fullmatch(r"(\d{1,3})(\.\d+)?\s*(\+)?", s)
    return int(m.group(1)) if m else None


def age_bin(age: int | None, raw: Any = None) -> str | None:
    """Decade bin ``"60-69"``; ``"90+"`` for 90 and over (OL3I's top-coded ``"90+"`` and
    HAM10000's 90 fall together). The paper's Fig. 4a uses decade bins (cares_vlm.md sec. 5.3)."""
    if age is None:
        return None
    if age >= 90 or (isinstance(raw, str) and raw.strip().endswith("+")):
        return "90+"
    lo = (age // 10) * 10
    return f"{lo}-{lo + 9}"


_GENDER = {"male": "male", "m": "male", "man": "male", "female": "female", "f": "female", "woman": "female"}
_RACE = {
    "white": "Caucasian", "caucasian": "Caucasian",
    "black": "African American", "african american": "African American", "black or african american": "African American",
    "asian": "Asian",
    "hispanic": "Hispanic", "hispanic or latino": "Hispanic", "latino": "Hispanic",
    "native american": "Native American", "american indian": "Native American",
    "american indian or alaska native": "Native American",
}


def normalise_gender(value: Any) -> str | None:
    """``male``/``female`` (case-insensitive, M/F accepted); None for anything else."""
    return _GENDER.get(str(value).strip().lower()) if value not in (None, "") else None


def normalise_race(value: Any, ethnicity: Any = None) -> str | None:
    """The paper's race groups (Caucasian, African American, Hispanic, Native American, Asian).

    When ``ethnicity`` says Hispanic, the group is Hispanic whatever the race (FairVLMed keeps
    race and ethnicity apart; the paper's FairVLMed heat-map shows Hispanic as a race group,
    cares_vlm.md sec. 2.3, inferred). Unknown values are kept verbatim; empty -> None."""
    if ethnicity is not None and str(ethnicity).strip().lower() in ("hispanic", "hispanic or latino", "latino"):
        return "Hispanic"
    if value in (None, ""):
        return None
    s = str(value).strip()
    return _RACE.get(s.lower(), s)


def _demographics(age_raw: Any, gender: Any, race: Any = None, ethnicity: Any = None) -> Demographics:
    age = parse_age(age_raw)
    return {
        "age": age,
        "age_bin": age_bin(age, age_raw),
        "gender": normalise_gender(gender),
        "race": normalise_race(race, ethnicity),
    }


_NO_DEMOGRAPHICS: Demographics = {"age": None, "age_bin": None, "gender": None, "race": None}


# ---------------------------------------------------------------- side tables


def image_number(key: Any) -> int | None:
    """The last run of digits in an image key or id (``slo_fundus_08731.jpg`` -> 8731,
    ``data_08731.npz`` -> 8731, 8731 -> 8731); None when there are no digits."""
    digits = re.findall(r"\d+", str(key))
    return int(digits[-1]) if digits else None


def load_demographics_table(path: str | Path) -> dict[int, Demographics]:
    """A per-subject side table (e.g. FairVLMed's metadata CSV) keyed by image number.

    The id column is the first of ``filename``, ``image``, ``file``, ``id``, ``question_id``
    present; demographics from ``age``, ``gender``/``sex``, ``race`` and optional ``ethnicity``.

    Raises:
        DataError: no id column, or no demographic column (names file and field).
    """
    recs = read_records(path)
    cols = {k.lower(): k for k in recs[0].fields}
    id_col = next((cols[c] for c in ("filename", "image", "file", "id", "question_id") if c in cols), None)
    if id_col is None:
        raise DataError(path, "no id column (expected filename, image, file, id or question_id)", line=recs[0].line)
    if not any(c in cols for c in ("age", "gender", "sex", "race")):
        raise DataError(path, "no demographic column (expected age, gender/sex or race)", line=recs[0].line)
    out: dict[int, Demographics] = {}
    for r in recs:
        f = {k.lower(): v for k, v in r.fields.items()}
        num = image_number(r.fields[id_col])
        if num is None:
            raise DataError(path, f"no image number in {r.fields[id_col]!r}", line=r.line, field=id_col)
        out[num] = _demographics(f.get("age"), f.get("gender", f.get("sex")), f.get("race"), f.get("ethnicity"))
    return out


# ---------------------------------------------------------------- per-source loaders


def _text_field(path: Path, line: int, fields: dict[str, Any], name: str) -> str:
    if name not in fields:
        raise DataError(path, "missing field", line=line, field=name)
    v = fields[name]
    if not isinstance(v, str):
        raise DataError(path, f"expected a string, got {type(v).__name__}", line=line, field=name)
    return v


def _options_field(path: Path, line: int, fields: dict[str, Any]) -> list[str]:
    if isinstance(fields.get("options"), str):
        try:
            return parse_options(fields["options"])
        except ValueError as e:
            raise DataError(path, str(e), line=line, field="options") from None
    opts = [fields[f"option_{letter(i)}"] for i in range(8) if fields.get(f"option_{letter(i)}") not in (None, "")]
    if len(opts) < 2:
        raise DataError(path, "no options (expected 'options' or option_A..option_D)", line=line, field="options")
    return [str(o).strip() for o in opts]


def load_rows(
    source: str,
    path: str | Path,
    *,
    demographics_table: dict[int, Demographics] | None = None,
) -> list[CaresRow]:
    """Read and normalise every row of one source's annotation file.

    Args:
        source: source id or alias (``"HAM10000"``, ``"iu-xray"``...).
        path: the annotation file (JSONL as shipped; CSV/parquet/JSON also read).
        demographics_table: optional {image number: demographics} (FairVLMed side table), joined
            by the number in the row's image key; overrides inline demographics when present.

    Returns:
        rows in file order; ``line`` is the 0-based physical line index.

    Raises:
        DataError: a missing or malformed field (names file, 1-based line, field).
    """
    src = normalise_source(source)
    p = Path(path)
    out: list[CaresRow] = []
    for rec in read_records(p):
        f, ln = rec.fields, rec.line
        image_key = _text_field(p, ln, f, "image")
        question = _text_field(p, ln, f, "text" if "text" in f else "question")
        atype = ANSWER_TYPE[src]
        options: list[str] | None = None
        gold_field = "fig_caption" if src == "ham10000" else "answer"
        gold_raw = f.get(gold_field)
        if gold_raw is None:
            raise DataError(p, "missing gold answer", line=ln, field=gold_field)
        gold_raw = str(gold_raw)
        if atype == "yes_no":
            gold = yes_no_gold(gold_raw)
            gold_official = official_yes_no(gold_raw)
        elif atype == "multiple_choice":
            options = _options_field(p, ln, f)
            gold = letter_of_answer(gold_raw, options)
            if gold is None and src != "omnimedvqa":
                raise DataError(p, f"gold {gold_raw!r} names none of the options {options}", line=ln, field=gold_field)
            gold_official = gold
        else:
            gold = gold_raw.strip() or None
            gold_official = gold
        if src in ("ham10000", "ol3i", "mimic_cxr"):
            demo = _demographics(f.get("age"), f.get("gender"), f.get("race"), f.get("ethnicity"))
        else:
            demo = dict(_NO_DEMOGRAPHICS)  # type: ignore[assignment]
        if demographics_table is not None:
            num = image_number(image_key)
            if num is not None and num in demographics_table:
                demo = dict(demographics_table[num])  # type: ignore[assignment]
        extra = {"label": f["label"]} if "label" in f else {}
        ids = {k: f[k] for k in MIMIC_FIELDS if k in f}
        out.append(
            CaresRow(
                source=src,
                line=ln - 1,
                question_id=f.get("question_id"),
                image_key=image_key,
                question=clean_question(question),
                answer_type=atype,
                options=options,
                gold=gold,
                gold_raw=gold_raw,
                gold_official=gold_official,
                demographics=demo,
                dataset=f.get("dataset"),
                extra=extra,
                fields=ids,
            )
        )
    return out


# ---------------------------------------------------------------- samples


def row_metadata(
    row: CaresRow,
    image: ResolvedImage,
    variant: str,
    *,
    dimension: str | None = None,
    scoring: str | None = None,
    turns: int = 1,
    noise: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``Sample.metadata`` for one row and variant (keys and meanings: schema.py)."""
    v = VARIANTS[variant]
    return {
        "source": row.source,
        "question_id": row.question_id,
        "line": row.line,
        "image_key": row.image_key,
        "image_path": image.path if image.error is None else None,
        "image_sha256": image.sha256,
        "answer_type": row.answer_type,
        "question": row.question,
        "options": row.options,
        "gold": row.gold,
        "gold_raw": row.gold_raw,
        "gold_official": row.gold_official,
        "dimension": dimension or v["dimension"],
        "variant": variant,
        "scoring": scoring or v["scoring"],
        "template_sha256": template_sha256("uncertainty-2turn" if turns == 2 else variant),
        "turns": turns,
        "noise": noise,
        "demographics": dict(row.demographics),
        "restricted": bool(row.restricted) or row.source in RESTRICTED_SOURCES,
        "input_error": f"{image.error} ({row.source} line {row.line + 1})" if image.error else None,
        "dataset": row.dataset,
    }


def make_sample(
    row: CaresRow,
    image: ResolvedImage,
    variant: str,
    **meta_kw: Any,
) -> Sample:
    """One inspect Sample: a user message with the image (when usable) then the variant's text.

    A sample whose image is missing/unreadable gets a text-only input and ``input_error`` set;
    the CARES-VLM solver does not send it to the model and the scorer records ``input_error``.
    """
    turns = meta_kw.get("turns", 1)
    text = build_prompt(row.question, variant, turns=turns)
    content: list[Any] = [ContentText(text=text)]
    if image.error is None and image.path is not None:
        content.insert(0, ContentImage(image=model_image_ref(image.path)))
    meta = row_metadata(row, image, variant, **meta_kw)
    return Sample(
        id=sample_id(row.source, row.line, variant),
        input=[ChatMessageUser(content=content)],
        target=row.gold or "",
        metadata=meta,
    )


@dataclass
class SourceData:
    """A loaded source: rows, resolver (images checked once), and the file's provenance.

    ``rows_available`` is the file's row count before ``limit`` (None: same as ``len(rows)``);
    ``restricted``: why its data is restricted (``guard.data_restriction``), else None."""

    source: str
    path: Path
    sha256: str
    rows: list[CaresRow]
    resolver: ImageResolver
    rows_available: int | None = None
    restricted: str | None = None

    def image(self, row: CaresRow) -> ResolvedImage:
        return self.resolver.resolve(row.image_key)

    def missing_images(self) -> int:
        """Rows whose image is missing or unreadable."""
        return sum(1 for r in self.rows if self.image(r).error is not None)


def load_source(
    source: str,
    path: str | Path,
    image_root: str | Path | None,
    *,
    demographics_path: str | Path | None = None,
    limit: int | None = None,
    workers: int = 4,
) -> SourceData:
    """Load one source, then resolve and check each distinct image once.

    Args:
        limit: keep the first ``limit`` rows (file order) before images are checked.

    Raises:
        DataError: bad annotation or side-table file.
    """
    src = normalise_source(source)
    table = load_demographics_table(demographics_path) if demographics_path else None
    rows = load_rows(src, path, demographics_table=table)
    available = len(rows)
    # decided on every row of the file, before --limit: a file is restricted as a whole
    why = data_restriction(src, path, rows, image_root)
    if why:
        for r in rows:
            r.restricted = why
    if limit is not None:
        rows = rows[:limit]
    resolver = ImageResolver(image_root, src)
    resolver.resolve_all((r.image_key for r in rows), workers=workers)
    return SourceData(src, Path(path), sha256_file(path), rows, resolver, rows_available=available, restricted=why)


def build_dataset(
    sources: Iterable[SourceData],
    variants: Iterable[str],
    *,
    name: str = "cares_vlm",
    **meta_kw: Any,
) -> MemoryDataset:
    """Samples for every (source, row, variant), sources in the given order, rows in file order."""
    vs = list(variants)
    samples = [make_sample(r, sd.image(r), v, **meta_kw) for sd in sources for r in sd.rows for v in vs]
    return MemoryDataset(samples, name=name)
