"""Click groups whose misspelt subcommand gets the closest name: "No such command 'reprot'. Did you
mean 'report'?", exit 2. Click suggests names for plain groups only; medtrust's groups import
their commands on first use (``list_commands`` / ``get_command``), so they suggest here."""

from __future__ import annotations

import difflib

import click


class SuggestingGroup(click.Group):
    """A click group that names the closest command (and lists them) when one is misspelt."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = click.utils.make_str(args[0])
        if not name.startswith("-") and self.get_command(ctx, name) is None:
            known = self.list_commands(ctx)
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
            hint = f" Did you mean '{close[0]}'?" if close else ""
            ctx.fail(f"No such command '{name}'.{hint} Commands: {', '.join(known)}.")
        return super().resolve_command(ctx, args)
