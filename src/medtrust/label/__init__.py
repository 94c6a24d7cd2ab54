"""Human labels for a small, well-chosen sample of a run's responses (``medtrust label``).

- :mod:`.items`: inspect logs -> labellable items (prompt, response, image, automatic verdicts, strata):
  the loop over the logs; each benchmark's reader (``Benchmark.labelling``) makes the items of
  its samples, with the data types of :mod:`medtrust.labelling`.
- :mod:`.sampling`: the stratified sampling design (allocation, inclusion probabilities, weights).
- :mod:`.store`: the labels JSONL file (design record + append-only label / undo events), resume,
  inter-rater agreement.
- :mod:`.server`: the local web page (Flask) people label in.

The labels feed ``medtrust judge-eval --labels FILE`` (every judge measured on this model's own
responses, design-weighted) and ``--judge-calibration`` (Rogan-Gladen corrected rates). See
docs/labelling.md.
"""
