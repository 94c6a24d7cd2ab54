"""`medtrust baseline`: approve a run as the baseline of a model family, check it, check its judges.

    medtrust baseline set runs/v1 --family triage-bot --by "review board" --anchor labels.jsonl
    medtrust baseline check triage-bot            # every sha256 again (a family name is looked up in the current folder)
    medtrust baseline drift runs/v1/medtrust-baseline-triage-bot.json [--judge openai/gpt-4o-mini]
    medtrust baseline recalibrate RECORD --judge offline
    medtrust report runs/v1 runs/v2 --baseline triage-bot --criteria board.toml

``set`` freezes one finished run (medtrust.baseline); ``check`` recomputes every hash; ``drift``
judges the anchor sets again with today's judges (the offline judges always, a model judge when
named with ``--judge``; its check is stored beside the record for the report) and exits 1 when a
judge drifted; ``recalibrate`` makes today's verdicts of a judge the new reference after a
deliberate judge change (docs/comparison.md). Errors are one ``error:`` line, exit 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click


def _fail(e: Exception) -> None:
    click.echo(f"error: {e}", err=True)
    sys.exit(2)


def _load(value: str) -> Any:
    """The baseline a RECORD argument names (a file, or a family with a record in the current folder)."""
    from medtrust.baseline import BaselineError, find_baseline, load_baseline

    found = find_baseline(value, [Path.cwd()])
    if found is None:
        raise BaselineError(f"no baseline record {value!r} (give the record file, or a family name from the folder that holds its record)")
    return load_baseline(found)


@click.group("baseline")
def baseline_group() -> None:
    """Approved baselines for change control (docs/comparison.md)."""


@baseline_group.command("set")
@click.argument("run", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--family", default=None, help="The model family it is the approved baseline of (default: the run's model name).")
@click.option("--out", default=None, type=click.Path(dir_okay=False), help="Record file (default: <log folder>/medtrust-baseline-<family>.json).")
@click.option("--run", "run_id", default=None, help="The run id (a prefix is enough) when the logs hold several runs.")
@click.option("--by", "approved_by", default=None, help="Who approved it (recorded as given).")
@click.option("--note", default=None, help="A note recorded with it.")
@click.option("--anchor", "anchors", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="A `medtrust label` file frozen with it as an anchor set for judge drift (repeatable).")
@click.option("--replace", is_flag=True, help="Replace the family's existing baseline (the new record names the old one).")
def set_command(run: tuple[str, ...], family: str | None, out: str | None, run_id: str | None, approved_by: str | None, note: str | None,
                anchors: tuple[str, ...], replace: bool) -> None:  # fmt: skip
    """Freeze a finished run (its logs, by sha256) as the approved baseline of a model family."""
    from medtrust.baseline import BaselineError, load_baseline, set_baseline
    from medtrust.invocation import command_line

    try:
        path = set_baseline(run, family=family, out=out, run=run_id, approved_by=approved_by, note=note, anchors=anchors, replace=replace,
                            command_line=command_line())  # fmt: skip
        b = load_baseline(path)
    except (BaselineError, FileNotFoundError) as e:
        _fail(e)
    _print(b)
    click.echo(f"Baseline record: {path}")


def _print(b: Any) -> None:
    d = b.describe()
    click.echo(f"Baseline {d['family']}: {d['model']}, run {d['run_id']}, approved {d['approved']}" + (f" by {d['approved_by']}" if d["approved_by"] else ""))
    for lg in d["logs"]:
        click.echo(f"  log    {lg['file']}  sha256 {lg['sha256'][:16]}  {lg['task']}")
    for a in d["anchors"]:
        click.echo(f"  anchor {a['file']}  sha256 {a['sha256'][:16]}  {a['n_labelled']} labelled items, judges {', '.join(a['judges'])}")


@baseline_group.command("check")
@click.argument("record")
def check_command(record: str) -> None:
    """Recompute every sha256 of a baseline (record, logs, anchor sets); exit 2 when one changed."""
    from medtrust.baseline import BaselineError

    try:
        b = _load(record)
    except BaselineError as e:
        _fail(e)
    _print(b)
    click.echo("every sha256 matches the approval")


def _rejudge(b: Any, judges: tuple[str, ...]) -> list[dict[str, Any]]:
    """Drift rows of the offline judges and of each ``--judge`` (model judges asked now)."""
    from medtrust.baseline import baseline_drift
    from medtrust.commands.judge_eval import run_judge
    from medtrust.compare.drift import anchor_items, judge_drift
    from medtrust.judges.labelled import LabelledItem

    rows = [r for r in baseline_drift(b) if r.get("rechecked") and r["judge"] not in judges]
    for entry, path in zip(b.record.get("anchors", []), b.anchor_paths):
        items, _ = anchor_items(str(path))
        blind = [LabelledItem(id=i.id, prompt=i.prompt, response=i.response, label="") for i in items]
        for name in judges:
            ref = entry["judges"].get(name)
            if ref is None:
                raise click.ClickException(f"anchor set {entry['file']} has no reference verdicts of {name} (judges: {', '.join(entry['judges'])})")
            run = run_judge(name, blind)
            rows.append({**judge_drift(items, entry["labels"], name, ref["verdicts"], run.labels, version_then=ref.get("version", ""),
                                       version_now=run.version), "rechecked": True, "anchor": entry["file"]})  # fmt: skip
    return rows


@baseline_group.command("drift")
@click.argument("record")
@click.option("--judge", "judges", multiple=True, help="Also judge the anchor sets again with this judge (a model name asks the model; repeatable).")
def drift_command(record: str, judges: tuple[str, ...]) -> None:
    """Judge every anchor set again with today's judges: sensitivity and specificity then and now; exit 1 when a judge drifted."""
    from medtrust.baseline import BaselineError, store_drift
    from medtrust.commands.judge_eval import JudgeEvalUsageError

    try:
        b = _load(record)
        if not b.record.get("anchors"):
            raise BaselineError(f"{b.path.name} has no anchor set (`medtrust baseline set --anchor LABELS.jsonl`)")
        rows = _rejudge(b, judges)
    except (BaselineError, JudgeEvalUsageError) as e:
        _fail(e)
    for r in rows:
        then, now = r["then"], r["now"]
        click.echo(f"{'DRIFTED' if r['flagged'] else 'stable ':<8} {r['judge']} on {r['anchor']} ({r['n']} items): "
                   + "; ".join(f"{q} then {then[q]['estimate']:.3f} [{then[q]['low']:.3f}, {then[q]['high']:.3f}] now {now[q]['estimate']:.3f}"
                               for q in ("sensitivity", "specificity") if then[q]["estimate"] is not None and now[q]["estimate"] is not None)
                   + f". {r['reason']}")  # fmt: skip
    if judges:
        click.echo(f"Stored: {store_drift(b, [r for r in rows if r['judge'] in judges])}")
    if any(r["flagged"] for r in rows):
        sys.exit(1)


@baseline_group.command("recalibrate")
@click.argument("record")
@click.option("--judge", "judge", required=True, help="The judge whose verdicts of today become the anchor sets' reference.")
def recalibrate_command(record: str, judge: str) -> None:
    """After a deliberate judge change: make today's verdicts of JUDGE on the anchor sets the new reference (the old one is kept in the record's history)."""
    from medtrust.baseline import BaselineError, update_anchor_judge
    from medtrust.commands.judge_eval import JudgeEvalUsageError, run_judge
    from medtrust.compare.drift import anchor_items
    from medtrust.judges.labelled import LabelledItem

    try:
        b = _load(record)
        done = 0
        for k, (entry, path) in enumerate(zip(b.record.get("anchors", []), b.anchor_paths)):
            items, _ = anchor_items(str(path))
            run = run_judge(judge, [LabelledItem(id=i.id, prompt=i.prompt, response=i.response, label="") for i in items])
            update_anchor_judge(b, k, judge, run.version, {i.id: lab for i, lab in zip(items, run.labels)})
            done += 1
        if not done:
            raise BaselineError(f"{b.path.name} has no anchor set")
    except (BaselineError, JudgeEvalUsageError) as e:
        _fail(e)
    click.echo(f"{judge}: today's verdicts are the reference of {done} anchor set(s) in {b.path.name} (record sha256 {b.record['record_sha256'][:16]})")
