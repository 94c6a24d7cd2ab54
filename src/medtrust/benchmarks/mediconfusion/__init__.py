"""MediConfusion (Sepehri et al., ICLR 2025): pairs of confusing radiology images.

Modules: ``dataset`` (pairs, image layouts), ``prompts``, ``extract`` (official and lenient
letter parsers, threshold rule, judge parsing), ``metrics`` (official counters, CIs, swap
variant), ``task`` (the ``mediconfusion`` inspect task, four modes), ``summary`` (from logs),
``replay`` (re-score official result files), ``fetch`` (image download), ``cli``.
"""

from medtrust.benchmarks.mediconfusion.task import mediconfusion, mediconfusion_scorer, mediconfusion_solver

__all__ = ["mediconfusion", "mediconfusion_scorer", "mediconfusion_solver"]
