"""Reading a run's logs while the run may still be writing them (polls in the CLI and reliability tests)."""

from __future__ import annotations

from pathlib import Path

from inspect_ai.log import EvalLog, read_eval_log


def headers_while_writing(log_dir: Path | str) -> list[EvalLog]:
    """The header of each ``.eval`` log in ``log_dir`` that reads whole. inspect rewrites a
    ``.eval`` zip in place as samples finish, so a poll can catch one without its end record
    ("EOCD not found", seen in CI twice) or with a half-written directory; such a log is left out,
    as not finished, and the next poll reads it whole."""
    heads = []
    for p in sorted(Path(log_dir).glob("*.eval")):
        try:
            heads.append(read_eval_log(str(p), header_only=True))
        except Exception:  # noqa: BLE001 - a zip cut off mid-write: ValueError, or whatever its half-written directory raises
            continue
    return heads
