"""`medtrust report LOG_DIR_OR_FILES... --out report.html [--json summary.json]`."""

from __future__ import annotations

import sys

import click


@click.command("report")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--out", "-o", default="report.html", show_default=True, help="HTML scorecard to write.")
@click.option("--json", "json_out", default=None, help="Also write the report data as JSON (docs/report.md).")
@click.option("--baseline", default=None, help="Compare every model with this one (default: all pairs).")
@click.option("--title", default=None, help="Page title.")
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option("--latest", is_flag=True, help="Only the newest run of each model and benchmark (default: every run, labelled run 1, run 2 ...).")
def report_command(paths: tuple[str, ...], out: str, json_out: str | None, baseline: str | None, title: str | None, seed: int,
                   latest: bool) -> None:  # fmt: skip
    """Build the trust scorecard from inspect logs of medtrust tasks (never re-runs a model)."""
    from medtrust.report.build import build_report

    try:
        path = build_report(paths, out=out, json_out=json_out, baseline=baseline, seed=seed, title=title, latest=latest)
    except FileNotFoundError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    click.echo(f"Report: {path}")
    if json_out:
        click.echo(f"JSON: {json_out}")
