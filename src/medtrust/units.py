"""One unit per metric for people: what the terminal, the scorecard, the charts and a criteria
file all use (docs/criteria.md, "Units").

Summaries keep each metric in the unit its benchmark computes it in (``MetricResult.unit``:
CARES-LLM's rates and Safety Score are fractions 0-1, CARES-VLM's and MediConfusion's numbers
percent, as their papers print them). For people every **share** (a rate, an accuracy, an
abstention share, a score that is a share such as CARES-LLM's Safety Score) is shown in
**percent**; every other metric in its own unit (AED gaps in percentage points, judge grades on
1-10, counts). Which metrics are shares is said in one place: the name endings in
:data:`SHARE_SUFFIXES`, and each benchmark's ``Benchmark.criteria.shares`` for the others.
"""

from __future__ import annotations

from typing import Sequence

FRACTION, PERCENT = "fraction", "percent"
#: name endings of metrics that are shares (0-1 or 0-100); every benchmark names its rates,
#: accuracies and abstention shares so; ``_corrected`` twins are shares too
SHARE_SUFFIXES = ("_rate", "_acc", "_accuracy", "_abstention", "_abstention_official")
#: how many of the metric's unit one of each share unit is
SCALE = {FRACTION: 1.0, PERCENT: 100.0}


def is_share(name: str, shares: Sequence[str] = ()) -> bool:
    """Whether a metric is a share: its name (or its ``_corrected`` twin's base) ends in one of
    :data:`SHARE_SUFFIXES` or is one of ``shares`` (the benchmark's ``criteria.shares``)."""
    base = name.removesuffix("_corrected")
    return base in shares or base.endswith(SHARE_SUFFIXES)


def people_unit(name: str, unit: str | None, shares: Sequence[str] = ()) -> str | None:
    """The unit a metric is shown and written in for people: ``percent`` for a share stored as
    a fraction or in percent, else its own ``unit``."""
    return PERCENT if unit in SCALE and is_share(name, shares) else unit


def to_people(value: float | None, name: str, unit: str | None, shares: Sequence[str] = ()) -> float | None:
    """``value`` (in the metric's ``unit``) in its :func:`people_unit` (a fraction share x 100)."""
    if value is None:
        return None
    target = people_unit(name, unit, shares)
    return value * SCALE[target] / SCALE[unit] if unit in SCALE and target in SCALE else value  # type: ignore[index]


def format_people(value: float | None, name: str, unit: str | None, shares: Sequence[str] = (), *, digits: int = 1) -> str:
    """A value as people read it: ``25.0%`` for a share, ``0.42`` style for the rest ("n/a" for None)."""
    v = to_people(value, name, unit, shares)
    if v is None:
        return "n/a"
    target = people_unit(name, unit, shares)
    if target == PERCENT:
        return f"{v:.{digits}f}%"
    if unit == "count":
        return f"{v:.0f}"
    return f"{v:.{digits + 1}f}" if unit == "score_1_10" else f"{v:.3f}"
