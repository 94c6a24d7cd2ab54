"""`medtrust rescore LOG...`: score finished logs again (medtrust.rescore), print and write their summaries.

Before any scoring, every judge model the rescoring will call (``--judge-model``, else the judges
recorded in the log) gets the same one-request preflight as `medtrust run`
(medtrust.preflight.preflight_endpoints), after the restricted-data check, so a closed port or a
bad key is one line at once.
Usage errors (a file that is not an inspect log, a dead judge endpoint) print ``error: ...`` and
exit 2, as `medtrust run` does.
"""

from __future__ import annotations

import sys

import click

from medtrust._inspect_compat import PrerequisiteError
from medtrust.logs import load_summaries, read_log
from medtrust.preflight import plain_error_text
from medtrust.rescore import rescore_log
from medtrust.runner import offline_env
from medtrust.summary import summary_path


@click.command("rescore")
@click.argument("logs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--judge-model", multiple=True, help="inspect model for the 'grader' role (repeatable).")
@click.option("--judge", type=click.Choice(["auto", "offline", "model"]), default=None, help="The judge option of scorers that have one: auto, offline rules, or the grader model.")
@click.option("--allow-remote-restricted", is_flag=True, help="Allow sending restricted data (credentialed sources such as MIMIC-CXR; docs/security.md) to a non-local judge.")
@click.option("--max-retries", type=click.IntRange(min=0), default=None, help="Retries of a failed judge call (default: inspect's).")
@click.option("--timeout", type=click.IntRange(min=1), default=None, help="Seconds one judge request may take (default: the provider's).")
@click.option("--preflight/--no-preflight", default=True, show_default=True,
              help="Check every judge endpoint with one tiny request before rescoring.")
def rescore_command(logs: tuple[str, ...], judge_model: tuple[str, ...], judge: str | None, allow_remote_restricted: bool,
                    max_retries: int | None, timeout: int | None, preflight: bool) -> None:  # fmt: skip
    """Score finished logs again (new judge, new rules) without calling the evaluated model."""
    offline_env()
    from inspect_ai.model import GenerateConfig

    try:
        for p in logs:  # every file checked before any judge call
            read_log(p, header_only=True)
    except ValueError as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    config = GenerateConfig(max_retries=max_retries, timeout=timeout) if max_retries is not None or timeout is not None else None
    for path in logs:
        try:
            dest = rescore_log(path, judge_models=list(judge_model), judge=judge, allow_remote_restricted=allow_remote_restricted,
                               generate_config=config, preflight=preflight)  # fmt: skip
        except ValueError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        except PrerequisiteError as e:  # e.g. the API key of a judge recorded in the log is not set
            click.echo(f"error: {path}: {' '.join(plain_error_text(e).split())}", err=True)
            sys.exit(2)
        click.echo(f"Rescored log: {dest}")
        summaries, _ = load_summaries([dest])
        for s in summaries:
            p = s.write_json(summary_path(dest.parent, s, dest.name))
            headline = next((m for m in s.metrics if m.group is None and m.value is not None), None)
            if headline is not None:
                from medtrust.report.criteria import share_metrics
                from medtrust.units import format_people

                # in the unit people read everywhere (shares in percent: medtrust.units)
                click.echo(f"{s.benchmark} · {s.model}: {headline.name} = {format_people(headline.value, headline.name, headline.unit, share_metrics(s.benchmark))}")
            click.echo(f"Summary JSON: {p}")
