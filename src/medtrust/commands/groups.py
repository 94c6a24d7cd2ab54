"""Click groups whose misspelt subcommand gets the closest name: "No such command 'reprot'. Did you
mean 'report'?", exit 2. Click suggests names for plain groups only; medtrust's groups import
their commands on first use (``list_commands`` / ``get_command``), so they suggest here."""

from __future__ import annotations

import click

from medtrust.suggest import did_you_mean


class SuggestingGroup(click.Group):
    """A click group that names the closest command (and lists them) when one is misspelt."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name = click.utils.make_str(args[0])
        if not name.startswith("-") and self.get_command(ctx, name) is None:
            known = self.list_commands(ctx)
            hint = did_you_mean(name, known, sentence=True)
            ctx.fail(f"No such command '{name}'.{hint} Commands: {', '.join(known)}.")
        return super().resolve_command(ctx, args)
