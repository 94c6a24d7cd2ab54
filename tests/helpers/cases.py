"""Parametrisation shared by the case tables of the refusal rounds (tests/judges/test_refusal_round*.py)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest


def case_params(cases: Sequence[tuple], known_misses: Mapping[str, str]) -> list:
    """One ``pytest.param`` per case tuple, its id the tuple's first field; a case named in
    ``known_misses`` is a strict xfail with the reason given there (so a miss that starts passing
    fails the run until it is taken off the list)."""
    return [pytest.param(*c, id=c[0], marks=[pytest.mark.xfail(reason=known_misses[c[0]], strict=True)] if c[0] in known_misses else [])
            for c in cases]
