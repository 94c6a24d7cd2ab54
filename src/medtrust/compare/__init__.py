"""Change control between runs: paired comparison (:mod:`.paired`), comparability of settings
(:mod:`.settings`) and judge drift on a frozen anchor set (:mod:`.drift`); docs/comparison.md."""
