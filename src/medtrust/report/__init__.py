"""medtrust report: inspect logs -> versioned JSON -> self-contained HTML trust scorecard.

Stages, each one module: the logs (:mod:`medtrust.logs`), the data (:mod:`medtrust.report.data`),
the page (:mod:`medtrust.report.html`); :mod:`medtrust.report.build` passes through them once.
Entry points: :func:`medtrust.report.build.build_report`, :func:`medtrust.report.build.write_report`
and the click command :data:`medtrust.commands.report.report_command`. Layout: docs/report.md.
"""
