"""MediConfusion (Sepehri et al., ICLR 2025): pairs of confusing radiology images.

Modules: ``dataset`` (pairs, image layouts), ``prompts``, ``extract`` (official and lenient
letter parsers, threshold rule, judge parsing), ``metrics`` (official counters, CIs, swap
variant), ``task`` (the ``mediconfusion`` inspect task, four modes), ``scorer`` (the
``mediconfusion_scorer``), ``summary`` (from logs), ``labelling`` (free-form answers for
`medtrust label`), ``replay`` (re-score official result files), ``fetch`` (image download),
``benchmark`` (the registered ``Benchmark``).
"""

from medtrust.benchmarks.mediconfusion.scorer import mediconfusion_scorer
from medtrust.benchmarks.mediconfusion.task import mediconfusion, mediconfusion_solver

__all__ = ["mediconfusion", "mediconfusion_scorer", "mediconfusion_solver"]
