"""CARES-VLM (Xia et al. 2024, arXiv 2406.06007): trust of medical vision-language models.

Data layer (``schema``, ``dataset``, ``images``), prompt variants (``prompts``, ``solvers``),
inspect tasks (``task``), restricted-data guard (``guard``), ``medtrust run`` entry (``cli``)
and annotation download (``fetch``); scoring lives in ``extract``/``abstention``/``judge``/
``toxicity``/``scorer``/``metrics``/``summary``. See docs/benchmarks/cares_vlm.md.
"""
