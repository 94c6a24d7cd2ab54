"""`medtrust data fetch <benchmark>`: the download commands that benchmarks offer (``Benchmark.fetch``)."""

from __future__ import annotations

from typing import Any

import click

from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.commands.groups import SuggestingGroup


class FetchGroup(SuggestingGroup):
    """`medtrust data fetch`: one subcommand per benchmark with a fetch hook, imported on use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [b.cli_name for b in BENCHMARKS if b.fetch is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        b = next((b for b in BENCHMARKS if b.fetch is not None and name in (b.cli_name, b.name)), None)
        return b.fetch() if b is not None and b.fetch is not None else None


@click.group("data")
def data_group() -> None:
    """Benchmark data."""


@data_group.group("fetch", cls=FetchGroup)
def fetch_group(**_: Any) -> None:
    """Download official benchmark files (needs network access)."""
