"""Everything medtrust registers with inspect (target of the ``inspect_ai`` entry point).

Importing this module registers the ``medtrust`` model provider and every benchmark's tasks
(their ``@task`` functions register on import of the benchmark registry), so that
``inspect eval medtrust/<task> --model <any inspect model>`` and ``medtrust run`` use the same code.
"""

# ruff: noqa: F401
from medtrust.benchmarks.registry import BENCHMARKS
from medtrust.models.provider import medtrust_provider

#: every task function of every registered benchmark (keeps the imports' purpose explicit)
TASKS = [t for b in BENCHMARKS for t in b.tasks]

# scorers that their task module imports lazily: `medtrust rescore` looks them up by name
from medtrust.benchmarks.cares_vlm.scorer import cares_vlm_scorer

# redact known secrets (API keys) from everything inspect writes or prints (medtrust/secrets.py)
from medtrust.secrets import install as _install_redaction

_install_redaction()
