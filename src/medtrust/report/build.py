"""`medtrust report`: inspect logs -> summaries -> report data -> one self-contained HTML scorecard.

The entry of the report, passing once through each stage, in order:

1. logs (:mod:`medtrust.logs`): find the logs, summarise each with its own benchmark's
   ``summarize`` (logs of other tasks are listed as skipped), keep the newest runs with ``--latest``;
2. data (:mod:`medtrust.report.data`): scorecard, run notes, comparisons, trust case,
   provenance, as versioned JSON-ready data (no absolute paths, no secrets: :mod:`.sanitize`);
3. HTML (:mod:`medtrust.report.html`): the page from that data.

Never re-runs a model; names no benchmark. Public entry points: :func:`build_report` (paths ->
HTML [+ JSON]) and :func:`write_report` (the one ``medtrust run --report`` calls). The JSON
layout is documented in docs/report.md; the per-benchmark summaries inside it follow
docs/summary-schema.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from medtrust.atomic import write_json, write_text
from medtrust.logs import latest_runs, load_summaries
from medtrust.report.data import report_data
from medtrust.report.html import render_html
from medtrust.summary import BenchmarkSummary


class NoLogsError(ValueError):
    """Nothing to report: no medtrust log among the given paths."""


def build_report(paths: Iterable[str | Path], out: str | Path = "report.html", json_out: str | Path | None = None, *,
                 baseline: str | None = None, seed: int = 0, title: str | None = None, criteria: str | Path | None = None,
                 calibration: str | Sequence[str] | None = None, latest: bool = False, force_calibration: bool = False,
                 on_skipped: Callable[[list[dict[str, Any]]], None] | None = None) -> Path:  # fmt: skip
    """Read the logs under ``paths``, write the HTML page (and the JSON when ``json_out``).

    ``baseline``: a model label to compare every run with, or a frozen baseline (a record file
    or family name, medtrust.baseline): its logs are read from the record (every hash checked),
    every other run is compared with it item by item, its anchor sets check the judges for drift,
    and ``[[vs_baseline]]`` criteria give the change case (docs/comparison.md).

    ``on_skipped`` is called with the skipped logs ([{"file", "task", "reason"}]) before the page
    is written (the CLI prints them).

    With ``criteria`` (a criteria TOML file) the page opens with the trust case and the JSON is
    always written (``json_out``, else next to the page as ``<out>.json``). ``calibration``
    (one or several ``medtrust judge-eval --json-out`` files) gives Rogan-Gladen corrected rates
    to the runs of the models (and judge versions) its labels came from; ``force_calibration``
    applies it to the others too, with a warning in their notes.
    Several runs of a model are shown side by side (run 1, run 2 ...); with ``latest`` only the
    newest run of each model and benchmark (:func:`medtrust.logs.latest_runs`), the page naming those left out.

    Returns:
        the HTML path.

    Raises:
        FileNotFoundError: a path does not exist.
        CriteriaError: the criteria file is unusable (raised before any log is read).
        BaselineError: the frozen baseline is unusable (a log or anchor changed, the record edited).
        NoLogsError: no medtrust log could be summarised (nothing found, or every file skipped;
            the message lists each skipped file with its reason). Nothing is written then.
        OSError: the page or JSON cannot be written (e.g. a read-only folder).
    """
    crit = None
    if criteria is not None:
        from medtrust.report.criteria import load_criteria
        from medtrust.report.noninferiority import load_vs_baseline

        crit = load_criteria(criteria)
        load_vs_baseline(crit)  # refused before any log is read, as the file's other criteria
    paths = list(paths)
    approved = approved_baseline(baseline, paths)
    summaries, skipped, left_out = collect_summaries(paths, seed=seed, calibration=calibration, latest=latest,
                                                    force_calibration=force_calibration)  # fmt: skip
    change = None
    if approved is not None:
        from medtrust.baseline import baseline_drift, baseline_summaries

        base, base_skipped = baseline_summaries(approved, seed=seed, calibration=calibration)
        frozen = approved.log_sha256s
        # the approved run's own logs among the report's paths are the baseline, not a candidate
        summaries = base + [s for s in summaries if not {lp.get("sha256") for lp in s.provenance.get("log_files", [])} <= frozen]
        skipped = list(skipped) + base_skipped
        change = {"baseline": approved.describe(), "drift": baseline_drift(approved)}
        baseline = None
    if on_skipped is not None:
        on_skipped(list(skipped))
    data = report_data(summaries, skipped, baseline=baseline, seed=seed, title=title, criteria=crit, calibration=calibration,
                       left_out=left_out, change=change,
                       sample_reader=sample_reader(paths + (approved.log_paths if approved else [])))  # fmt: skip
    if crit is not None and json_out is None:
        json_out = Path(out).with_suffix(".json")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_text(out, render_html(data))  # atomic: a crash keeps the old page whole (medtrust/atomic.py)
    if json_out is not None:
        jp = Path(json_out)
        jp.parent.mkdir(parents=True, exist_ok=True)
        write_json(jp, data)
    return out


def approved_baseline(value: str | None, paths: Sequence[str | Path]) -> Any:
    """The frozen baseline ``--baseline`` names (a record file, or a family with a record in the
    folders of ``paths``; every hash checked: medtrust.baseline.load_baseline), or None when
    ``value`` is None or a model label (an unfrozen comparison against that run).

    Raises:
        BaselineError: the record is unusable (edited, a log or anchor changed or missing).
    """
    if value is None:
        return None
    from medtrust.baseline import find_baseline, load_baseline

    found = find_baseline(value, paths)
    return load_baseline(found) if found is not None else None


def sample_reader(paths: Sequence[str | Path]) -> Any:
    """reader(summary, sample key) -> {"prompt", "response", "restricted"} read from the summary's
    logs among ``paths`` (None when not found): the texts of flipped items."""
    from medtrust.labelling import prompt_text, response_text
    from medtrust.logs import find_logs, read_sample
    from medtrust.restricted import RESTRICTED_KEY

    by_name = {p.name: p for p in find_logs(paths)}

    def read(summary: BenchmarkSummary, key: str) -> dict[str, Any] | None:
        for name in summary.logs:
            if name in by_name and (smp := read_sample(by_name[name], key)) is not None:
                return {"prompt": prompt_text(smp), "response": response_text(smp), "restricted": bool((smp.metadata or {}).get(RESTRICTED_KEY))}
        return None

    return read


def collect_summaries(paths: Iterable[str | Path], *, seed: int = 0, calibration: str | Sequence[str] | None = None,
                      latest: bool = False, force_calibration: bool = False) -> tuple[list[BenchmarkSummary], list[dict[str, Any]], list[BenchmarkSummary]]:  # fmt: skip
    """The report's first stage: (summaries, skipped logs with their reason, runs left out by ``latest``).

    ``calibration`` applies to the runs of the model and judge version its labels came from;
    ``force_calibration`` applies it to the others too (:func:`medtrust.logs.load_summaries`).

    Raises:
        FileNotFoundError: a path does not exist.
        NoLogsError: no medtrust log could be summarised (the message lists each skipped file).
    """
    paths = list(paths)
    summaries, skipped = load_summaries(paths, seed=seed, calibration=calibration, force_calibration=force_calibration)
    if not summaries:
        where = ", ".join(str(p) for p in paths)
        if not skipped:
            raise NoLogsError(f"no inspect log (*.eval, timestamped *.json) found in {where}")
        reasons = "; ".join(f"{s['file']}: {s['reason']}" for s in skipped[:10])
        raise NoLogsError(f"no medtrust log could be summarised in {where} ({len(skipped)} skipped: {reasons})")
    left_out: list[BenchmarkSummary] = []
    if latest:
        summaries, left_out = latest_runs(summaries)
    return summaries, skipped, left_out


def write_report(log_dir: str | Path, out: str | Path = "report.html", json_out: str | Path | None = None, **kw: Any) -> Path:
    """The scorecard of every medtrust log in ``log_dir`` (what ``medtrust run --report`` calls)."""
    return build_report([log_dir], out=out, json_out=json_out, **kw)
