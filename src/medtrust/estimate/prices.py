"""Prices per million tokens: the packaged, dated table (``medtrust/data/prices/prices.toml``)
and a user's table that overrides it (``--prices FILE``, same format, consulted first).

A model no table lists has an *unknown price*: the estimate says so and never guesses. A model
whose requests stay on this machine (the ``local`` entries, or a loopback ``base_url``) has no
API price.
"""

from __future__ import annotations

import fnmatch
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

PACKAGED = Path(__file__).resolve().parents[1] / "data" / "prices" / "prices.toml"
#: a price table is a short text file; anything bigger is not one
MAX_BYTES = 1_000_000
_FIELDS = {"models", "input", "output", "batch_input", "batch_output", "source", "local"}


class PriceError(ValueError):
    """A price table that cannot be used; the message names the file, entry and field."""


@dataclass(frozen=True)
class Price:
    """US dollars per million tokens for one model (batch_*: None = the provider has no batch price)."""

    model: str
    input: float
    output: float
    batch_input: float | None
    batch_output: float | None
    source: str
    table: str
    as_of: str | None
    local: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class PriceTable:
    """Parsed entries of one file, in order (first match wins)."""

    path: str
    as_of: str | None
    entries: tuple[dict[str, Any], ...]


def load_table(path: str | Path) -> PriceTable:
    """Read and check one price table.

    Raises:
        PriceError: unreadable, too big, not TOML, or an entry with a missing / unknown field or a
            price that is not a finite number >= 0.
    """
    from medtrust.data.records import DataError, load_toml

    p = Path(path)
    try:
        doc = load_toml(p, max_bytes=MAX_BYTES)
    except DataError as e:
        raise PriceError(str(e)) from None
    raw = doc.get("price")
    if not isinstance(raw, list) or not raw:
        raise PriceError(f"{p}: no [[price]] entries")
    entries = []
    for i, e in enumerate(raw, start=1):
        where = f"{p}: price entry {i}"
        if not isinstance(e, dict):
            raise PriceError(f"{where}: expected a table")
        unknown = sorted(set(e) - _FIELDS)
        if unknown:
            raise PriceError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(sorted(_FIELDS))})")
        models = e.get("models")
        if not isinstance(models, list) or not models or not all(isinstance(m, str) and m for m in models):
            raise PriceError(f"{where}: field 'models' must be a list of model names or patterns")
        for f in ("input", "output", "batch_input", "batch_output"):
            v = e.get(f)
            if v is None and f in ("batch_input", "batch_output"):
                continue
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
                raise PriceError(f"{where}: field {f!r} must be a number >= 0 (US dollars per million tokens), got {v!r}")
        if ("batch_input" in e) != ("batch_output" in e):
            raise PriceError(f"{where}: give both batch_input and batch_output, or neither")
        if not isinstance(e.get("source"), str) or not e["source"].strip():
            raise PriceError(f"{where}: field 'source' (where the price comes from) is missing")
        entries.append(e)
    as_of = doc.get("as_of")
    return PriceTable(str(p), str(as_of) if as_of is not None else None, tuple(entries))


def tables(user: str | Path | None) -> list[PriceTable]:
    """The user's table (if any) and then the packaged one."""
    return ([load_table(user)] if user else []) + [load_table(PACKAGED)]


def price_of(model: str, tabs: list[PriceTable], *, base_url: str | None = None) -> Price | None:
    """The price of an inspect model name (first matching entry of the first table that has one);
    a loopback ``base_url`` means local (no API price); None = unknown."""
    from medtrust.endpoints import is_loopback_url

    if base_url and is_loopback_url(base_url):
        return Price(model, 0.0, 0.0, None, None, f"{base_url} is this machine (no API price)", "", None, local=True)
    for t in tabs:
        for e in t.entries:
            if any(fnmatch.fnmatchcase(model, pat) for pat in e["models"]):
                return Price(model, float(e["input"]), float(e["output"]), _opt(e.get("batch_input")), _opt(e.get("batch_output")),
                             str(e["source"]), t.path, t.as_of, bool(e.get("local", False)))  # fmt: skip
    return None


def _opt(v: Any) -> float | None:
    return None if v is None else float(v)
