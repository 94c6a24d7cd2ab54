"""Sequential decisions recorded in a log, read back for summaries (medtrust.sequential writes them).

A run stopped by the sequential trust case (`medtrust run --sequential`, medtrust.sequential) has
fewer samples than its data, chosen by a rule that looked at the results. Its summary's
fixed-sample CIs are those of the samples that ran; what a board may rely on is the sequential
decision (anytime-valid), which inspect keeps as the log's early-stopping metadata
(``results.early_stopping``, manager :data:`MANAGER`). :func:`attach` copies it into the summary
(``provenance["sequential"]``) with a note, wherever a log is summarised (run, resume, report);
the report's trust case then uses it (medtrust.report.sequential).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

#: the early-stopping manager name of medtrust's sequential monitor
MANAGER = "medtrust-sequential"


def decisions(log: Any) -> dict[str, Any] | None:
    """The sequential decisions a log records (a header-only log will do), or None."""
    results = getattr(log, "results", None)
    es = getattr(results, "early_stopping", None) if results is not None else None
    if es is None or es.manager != MANAGER:
        return None
    return dict(es.metadata or {})


def attach(summary: Any, logs: Sequence[Any]) -> None:
    """Record the decisions of ``summary``'s own log (if it was a sequential run) in its provenance,
    with a note; a rescoring of a sequential log gets a note only (the decisions were made on the
    original scores)."""
    from medtrust.benchmarks.interface import rescored_from_of

    for lg in logs:
        if summary.logs and Path(str(lg.location)).name not in summary.logs:
            continue
        meta = decisions(lg)
        if meta is None:
            continue
        if rescored_from_of(lg) is not None:
            summary.notes.append("This log rescores a sequential run: its decisions were made on the original scores and are not repeated here.")
            return
        summary.provenance["sequential"] = meta
        used, pool = meta.get("used") or {}, meta.get("pool") or {}
        summary.notes.append(f"Sequential trust case: {used.get('samples')} of {pool.get('samples')} samples ran ({meta.get('stop_reason') or 'data or budget used up'}); "
                             "the CIs here are fixed-sample CIs of those samples, the trust case uses the anytime-valid decisions.")  # fmt: skip
        return
