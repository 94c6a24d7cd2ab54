"""`medtrust report LOG_DIR_OR_FILES... --out report.html [--json summary.json]`."""

from __future__ import annotations

import sys

import click


@click.command("report")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--out", "-o", default="report.html", show_default=True, help="HTML scorecard to write.")
@click.option("--json", "json_out", default=None, help="Also write the report data as JSON (docs/report.md).")
@click.option("--baseline", default=None,
              help="Compare every run with this one: a frozen baseline (record file or family name, `medtrust baseline set`; "
                   "docs/comparison.md) or a model label (default: all pairs).")
@click.option("--title", default=None, help="Page title.")
@click.option("--seed", type=int, default=0, show_default=True, help="Bootstrap seed.")
@click.option("--criteria", default=None,
              help="Criteria TOML (docs/criteria.md; 'example' = the shipped example): PASS / FAIL / INCONCLUSIVE per criterion; also writes the JSON.")
@click.option("--judge-calibration", "calibration", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="judge-eval JSON (--json-out): Rogan-Gladen corrected rates (repeatable; the first that fits a run is used).")
@click.option("--force-calibration", is_flag=True,
              help="Apply a --judge-calibration to runs of other models or judge versions than its labels' (with a warning in the notes).")
@click.option("--latest", is_flag=True, help="Only the newest run of each model and benchmark (default: every run, labelled run 1, run 2 ...).")
def report_command(paths: tuple[str, ...], out: str, json_out: str | None, baseline: str | None, title: str | None, seed: int,
                   criteria: str | None, calibration: tuple[str, ...], force_calibration: bool, latest: bool) -> None:  # fmt: skip
    """Build the trust scorecard from inspect logs of medtrust tasks (never re-runs a model)."""
    from pathlib import Path

    from medtrust.report.build import NoLogsError, build_report
    from medtrust.report.criteria import CriteriaError
    from medtrust.report.inventory import terminal_lines

    def tell(skipped: list) -> None:  # named in the terminal too, not only in the page
        for line in terminal_lines(skipped, paths):
            click.echo(line)

    try:
        path = build_report(paths, out=out, json_out=json_out, baseline=baseline, seed=seed, title=title, criteria=criteria,
                            calibration=list(calibration), force_calibration=force_calibration, latest=latest, on_skipped=tell)  # fmt: skip
    except CriteriaError as e:
        raise click.ClickException(str(e)) from None
    except NoLogsError as e:
        click.echo(f"error: {e}", err=True)
        for line in terminal_lines([], paths):  # the skipped ones are in the message; say what was not even looked at
            click.echo(line, err=True)
        sys.exit(2)
    except (FileNotFoundError, ValueError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except OSError as e:  # e.g. --out on a read-only filesystem: one line, no traceback
        click.echo(f"error: cannot write the report ({e.strerror or e}: {e.filename or out})", err=True)
        sys.exit(1)
    click.echo(f"Report: {path}")
    if json_out or criteria:
        click.echo(f"JSON: {json_out or Path(out).with_suffix('.json')}")
    if criteria:
        import json

        case = json.loads(Path(json_out or Path(out).with_suffix(".json")).read_text(encoding="utf-8"))["criteria"]
        for r in case["results"]:
            click.echo(f"  {r['verdict']:<14} {r['criterion']:<34} {r['model'] or '-':<28} {r['reason']}")
        for m, v in case["models"].items():
            click.echo(f"Trust case for {m}: {v}")
