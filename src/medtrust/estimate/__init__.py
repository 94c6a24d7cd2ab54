"""Cost and time before a run (`medtrust run ... --estimate`, ``--max-cost``; docs/estimate.md).

* :mod:`.dryrun`: the requests, from the plan run against stand-in models;
* :mod:`.tokens`: offline token counts (the model's GGUF tokenizer and chat template);
* :mod:`.prices`: the dated price table and a user's override;
* :mod:`.run`: the estimate, its table and JSON, the ``--max-cost`` check.
"""
