"""What `medtrust report` tells the terminal about the files it did not use.

Two kinds: **skipped** files looked like inspect logs but gave no summary (unreadable, another
task, superseded by a retry ...; :func:`medtrust.logs.load_summaries` says why), and **ignored**
files were not looked at, since their names are not inspect logs' (:func:`medtrust.logs.find_logs`:
``*.eval`` and timestamped ``*.json``). medtrust's and inspect's own side files (summaries,
mitigation comparisons, report data, ``logs.json``, estimates, batch ids, shard manifests, run
locks) are counted, not named.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

#: at most this many entries of a folder tree are looked at to list ignored files (a bound on a
#: report pointed at a huge folder by mistake)
MAX_WALK = 20_000
#: lines of each list printed in the terminal (the page lists every skipped file)
MAX_LINES = 15
#: name endings of files medtrust or inspect write beside the logs
SIDE_FILES = (".summary.json", ".mitigation.json", "logs.json", ".html", "report.json",
              "medtrust-estimate.json", "medtrust-batches.jsonl", ".shards.json", ".lock")
#: folders medtrust keeps beside the logs (run locks: medtrust.runlock.LOCK_DIR)
SIDE_FOLDERS = (".medtrust-locks",)


def ignored_files(paths: Iterable[str | Path], used: Iterable[Path]) -> tuple[list[Path], int, bool]:
    """Files under the given folders that were not taken as logs.

    Args:
        paths: the report's paths (files named explicitly are never "ignored": they were read).
        used: the files taken as logs (:func:`medtrust.logs.find_logs`).

    Returns:
        (other files, sorted; number of side files medtrust or inspect wrote; True when the walk
        stopped at :data:`MAX_WALK` entries).
    """
    taken = {Path(p).resolve() for p in used}
    others: list[Path] = []
    side = 0
    seen = 0
    for p in map(Path, paths):
        if not p.is_dir():
            continue
        for q in p.rglob("*"):
            seen += 1
            if seen > MAX_WALK:
                return sorted(others), side, True
            if not q.is_file() or q.resolve() in taken:
                continue
            if q.name.endswith(SIDE_FILES) or any(part in SIDE_FOLDERS for part in q.relative_to(p).parts[:-1]):
                side += 1
            else:
                others.append(q)
    return sorted(others), side, False


def _listed(lines: list[str], rows: Sequence[str], more: str) -> None:
    lines += [f"  {r}" for r in rows[:MAX_LINES]]
    if len(rows) > MAX_LINES:
        lines.append(f"  ... and {len(rows) - MAX_LINES} more{more}")


def terminal_lines(skipped: Sequence[dict[str, Any]], paths: Iterable[str | Path]) -> list[str]:
    """The lines `medtrust report` prints about skipped and ignored files ([] when none).

    Args:
        skipped: [{"file", "task", "reason"}] from :func:`medtrust.logs.load_summaries`.
        paths: the report's paths.
    """
    from medtrust.logs import find_logs

    paths = list(paths)
    lines: list[str] = []
    if skipped:
        lines.append(f"Skipped {len(skipped)} file(s) that gave no summary:")
        _listed(lines, [f"{s['file']}: {s['reason']}" for s in skipped], " (every one is listed in the page)")
    others, side, cut = ignored_files(paths, find_logs(paths))
    if others:
        lines.append(f"Ignored {len(others)} file(s) not named like inspect logs (*.eval, or *.json starting with a timestamp):")
        _listed(lines, [str(q) for q in others], "")
    if side:
        lines.append(f"Ignored {side} summary/report file(s) medtrust or inspect wrote beside the logs.")
    if cut:
        lines.append(f"(stopped looking for ignored files after {MAX_WALK} entries)")
    return lines
