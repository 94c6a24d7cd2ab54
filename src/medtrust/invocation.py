"""The command line of the running `medtrust` command, as it can be written down.

The ``medtrust`` group (:mod:`medtrust.cli`) keeps its raw arguments in the click context
(``ctx.meta``, :data:`ARGV_KEY`); :func:`command_line` gives them back shell-quoted, with secrets
removed (``-M api_key=...``, key shapes, secret environment values: :mod:`medtrust.report.sanitize`)
and absolute paths cut to their last part, so a pack or a log may record how it was made.
"""

from __future__ import annotations

import shlex

#: ``click.Context.meta`` key under which the group keeps its raw arguments
ARGV_KEY = "medtrust.argv"


def command_line() -> str | None:
    """``medtrust <args>`` of the running command (sanitized), or None outside the `medtrust` CLI."""
    import click

    from medtrust.report.sanitize import sanitize_text

    ctx = click.get_current_context(silent=True)
    argv = None if ctx is None else ctx.meta.get(ARGV_KEY)
    if argv is None:
        return None
    return sanitize_text(shlex.join(["medtrust", *argv]))
