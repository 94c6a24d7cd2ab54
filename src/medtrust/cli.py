"""The `medtrust` command line: run | list | report | rescore | data fetch | judge-eval | ...

Thin: each subcommand lives in medtrust.commands and is imported only when used, so a broken
optional dependency never stops `medtrust run`. Benchmarks may add subcommands of their own
(``Benchmark.commands``, e.g. CARES-LLM's ``detector``).
"""

from __future__ import annotations

from typing import Any, Callable

import click

from medtrust.commands.groups import SuggestingGroup


def _run() -> click.Command:
    from medtrust.commands.run import run_command

    return run_command


def _list() -> click.Command:
    from medtrust.commands.run import list_command

    return list_command


def _report() -> click.Command:
    from medtrust.commands.report import report_command

    return report_command


def _rescore() -> click.Command:
    from medtrust.commands.rescore import rescore_command

    return rescore_command


def _judge_eval() -> click.Command:
    from medtrust.commands.judge_eval import judge_eval_command

    return judge_eval_command


def _data() -> click.Command:
    from medtrust.commands.data import data_group

    return data_group


def _label() -> click.Command:
    from medtrust.commands.label import label_command

    return label_command


#: name -> function returning the click command (imported on first use)
COMMANDS: dict[str, Callable[[], click.Command]] = {
    "run": _run, "list": _list, "report": _report, "rescore": _rescore, "judge-eval": _judge_eval, "data": _data,
    "label": _label,
}


def _benchmark_commands() -> dict[str, Any]:
    from medtrust.benchmarks.registry import BENCHMARKS

    return {name: make for b in BENCHMARKS for name, make in b.commands.items()}


class LazyGroup(SuggestingGroup):
    """The top-level group: commands are imported on first use; a misspelt one gets the closest name."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(_benchmark_commands()))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        make = COMMANDS.get(name) or _benchmark_commands().get(name)
        return make() if make is not None else None

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; Ctrl-C anywhere (even while inspect is still importing, before a run
        handles it with its resume hint) exits 130, the shell's code for SIGINT, not click's 1."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\ninterrupted (Ctrl-C). A run that had started can be finished with: medtrust run --resume --log-dir DIR", err=True)
            ctx.exit(130)


@click.group(cls=LazyGroup)
@click.version_option(package_name="medtrust")
def main() -> None:
    """medtrust: how far can a medical language or vision-language model be trusted?"""
    from medtrust.runner import offline_env

    offline_env()


if __name__ == "__main__":
    main()
