"""The sequential trust case: criteria checked while a run goes, stopping once the case is decided.

* :mod:`.betting`: the anytime-valid test of a bounded mean (hedged betting confidence sequence);
* :mod:`.correction`: the same for a Rogan-Gladen corrected share (judge calibration);
* :mod:`.monitor`: inspect's early-stopping manager that applies it in a running task;
* :mod:`.task`: ``medtrust/sequential``, the inspect task that wraps a benchmark task with it;
* :mod:`.run`: what `medtrust run --sequential` adds to a run (tasks per model, the decisions table);
  the decisions in summaries and in the report: medtrust.decisions, medtrust.report.sequential;
* :mod:`.simulate`: the error rates by simulation (docs/criteria.md, "Sequential trust case").
"""
