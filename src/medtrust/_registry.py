"""Everything medtrust registers with inspect (target of the ``inspect_ai`` entry point).

Importing this module registers the ``medtrust`` model provider and every registered benchmark's
tasks and scorers (their ``@task`` / ``@scorer`` functions register with inspect when the
benchmark registry imports their modules), so that ``inspect eval medtrust/<task> --model <any
inspect model>``, ``medtrust run`` and ``medtrust rescore`` (scorers looked up as
``medtrust/<name>``) use the same code. No benchmark is named here.
"""

# ruff: noqa: F401
from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.models.provider import medtrust_provider

#: every task function of every registered benchmark (keeps the imports' purpose explicit)
TASKS = [t for b in BENCHMARKS for t in b.tasks]
# the sequential trust case wraps any benchmark task (`medtrust run --sequential`, eval-retry finds it here)
from medtrust.sequential.task import sequential

#: every scorer function of every registered benchmark (`medtrust rescore` finds them by name)
SCORERS = [s for b in BENCHMARKS for s in b.scorers]

# redact known secrets (API keys) from everything inspect writes or prints (medtrust/secrets.py)
from medtrust.secrets import install as _install_redaction

_install_redaction()

# the restricted-data guard at the wire, for every model, role, solver and scorer (medtrust/egress.py)
from medtrust.egress import install as _install_egress

_install_egress()
