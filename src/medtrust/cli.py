"""The `medtrust` command line: run | list | report | rescore | data fetch | judge-eval | pack | verify | baseline | ...

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


def _pack() -> click.Command:
    from medtrust.commands.pack import pack_command

    return pack_command


def _verify() -> click.Command:
    from medtrust.commands.pack import verify_command

    return verify_command


def _baseline() -> click.Command:
    from medtrust.commands.baseline import baseline_group

    return baseline_group


def _label() -> click.Command:
    from medtrust.commands.label import label_command

    return label_command


#: name -> function returning the click command (imported on first use)
COMMANDS: dict[str, Callable[[], click.Command]] = {
    "run": _run, "list": _list, "report": _report, "rescore": _rescore, "judge-eval": _judge_eval, "data": _data,
    "label": _label, "pack": _pack, "verify": _verify, "baseline": _baseline,
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

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Keep the raw arguments for the record (:func:`medtrust.invocation.command_line`)."""
        from medtrust.invocation import ARGV_KEY

        ctx.meta[ARGV_KEY] = list(args)
        return super().parse_args(ctx, args)

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
