"""medtrust report: inspect logs -> versioned JSON -> self-contained HTML trust scorecard.

Entry points: :func:`medtrust.report.build.build_report`, :func:`medtrust.report.build.write_report`
and the click command :data:`medtrust.commands.report.report_command`. Layout: docs/report.md.
"""
