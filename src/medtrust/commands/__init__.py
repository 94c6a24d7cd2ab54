"""The `medtrust` subcommands (top floor: commands import libraries, never the reverse)."""
