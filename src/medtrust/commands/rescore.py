"""`medtrust rescore LOG...`: score finished logs again (medtrust.rescore), print and write their summaries."""

from __future__ import annotations

import sys

import click

from medtrust.rescore import rescore_log
from medtrust.runner import offline_env
from medtrust.summary import summary_path


@click.command("rescore")
@click.argument("logs", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--judge-model", multiple=True, help="inspect model for the 'grader' role (repeatable).")
@click.option("--judge", type=click.Choice(["auto", "offline", "model"]), default=None, help="CARES-LLM judge choice.")
@click.option("--allow-remote-restricted", is_flag=True, help="Allow sending restricted-source data (MIMIC-CXR, FairVLMed, OL3I) to a non-local judge.")
def rescore_command(logs: tuple[str, ...], judge_model: tuple[str, ...], judge: str | None, allow_remote_restricted: bool) -> None:
    """Score finished logs again (new judge, new rules) without calling the evaluated model."""
    offline_env()
    from medtrust.report.build import load_summaries

    for path in logs:
        try:
            dest = rescore_log(path, judge_models=list(judge_model), judge=judge, allow_remote_restricted=allow_remote_restricted)
        except ValueError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
        click.echo(f"Rescored log: {dest}")
        summaries, _ = load_summaries([dest])
        for s in summaries:
            p = s.write_json(summary_path(dest.parent, s, dest.name))
            headline = next((m for m in s.metrics if m.group is None and m.value is not None), None)
            if headline is not None:
                click.echo(f"{s.benchmark} · {s.model}: {headline.name} = {headline.value:.3f}")
            click.echo(f"Summary JSON: {p}")
