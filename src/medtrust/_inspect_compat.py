"""The one place medtrust reaches into inspect_ai's private modules (``inspect_ai._...``, ``..._x``).

inspect does not export these names publicly; they may move in any inspect release. Every other
medtrust module (and test) imports them from here, so an inspect upgrade is checked in one file:
tests/test_inspect_compat.py fails when a name is gone or changed shape.

Checked against inspect_ai 0.3.285 (pyproject: ``inspect-ai>=0.3.285,<0.4``).

| name here | inspect's private name | what medtrust uses it for |
|---|---|---|
| :class:`PrerequisiteError` | ``inspect_ai._util.error.PrerequisiteError`` | inspect raises it for a missing SDK or API key; `medtrust run` and `rescore` turn it into one ``error:`` line, exit 2 |
| :func:`registry_create` | ``inspect_ai._util.registry.registry_create`` | `medtrust rescore`: build a scorer by its registered name (``medtrust/<name>``) with the options recorded in the log |
| :func:`registry_find`, :func:`registry_info` | ``inspect_ai._util.registry`` | ``models/args.py``: find a provider's ``ModelAPI`` class to read which ``-M`` arguments it takes; ``sequential/run.py``: the registry name of a plan's task |
| :func:`registry_params` | ``inspect_ai._util.registry`` | ``sequential/run.py``: the arguments a plan's task was built with (wrapped as ``medtrust/sequential``, which eval-retry rebuilds from them) |
| :class:`ModelConfig` | ``inspect_ai.model._model_config.ModelConfig`` | a log's recorded model roles (tests build one) |
| :func:`model_roles_config_to_model_roles` | ``inspect_ai.model._model_config`` | `medtrust rescore`: rebuild the judges a log recorded, with a new ``GenerateConfig`` merged in |
| :data:`inspect_json` | the module ``inspect_ai._util.json`` | ``secrets.py``: wrap its ``to_json_safe`` (every ``.eval`` member and the sample buffer) so that known secrets are redacted before anything is written |
| :func:`set_batch_log_callback` | ``inspect_ai.model._providers.util.batch_log.set_batch_log_callback`` | ``batch.py``: receive inspect's batch messages ("Created batch <id> ...") to record the submitted batch ids in the log folder |
| :func:`init_hooks` | ``inspect_ai.hooks._startup.init_hooks`` | :func:`register_hook` (``progress.py``, ``sequential/monitor.py``): load inspect's hooks before registering medtrust's, so inspect prints no "hooks enabled" banner; cosmetic only, None when a newer inspect moved it |
| :func:`enable_zstd_zipfile` | the module ``inspect_ai._util.zipfile`` | tests: lets the standard ``zipfile`` read the zstd members of ``.eval`` files |
| :func:`sample_active` | ``inspect_ai.log._samples.sample_active`` | ``egress.py``: the sample an eval is running in this context (its metadata says whether restricted data is in flight) |
| :func:`sample_state` | ``inspect_ai.solver._task_state.sample_state`` | ``egress.py``: the ``TaskState`` of that sample (its metadata as the solvers see it) |
"""

from __future__ import annotations

from typing import Callable

from inspect_ai._util import json as inspect_json
from inspect_ai._util.error import PrerequisiteError
from inspect_ai._util.registry import registry_create, registry_find, registry_info, registry_params
from inspect_ai.log._samples import sample_active
from inspect_ai.model._model_config import ModelConfig, model_roles_config_to_model_roles
from inspect_ai.model._providers.util.batch_log import set_batch_log_callback
from inspect_ai.solver._task_state import sample_state

init_hooks: Callable[[], None] | None
try:
    from inspect_ai.hooks._startup import init_hooks
except ImportError:  # cosmetic only (progress.py): a newer inspect may move it
    init_hooks = None

__all__ = [
    "ModelConfig",
    "PrerequisiteError",
    "enable_zstd_zipfile",
    "init_hooks",
    "inspect_json",
    "model_roles_config_to_model_roles",
    "registry_create",
    "registry_find",
    "registry_info",
    "register_hook",
    "registry_params",
    "sample_active",
    "sample_state",
    "set_batch_log_callback",
]


_REGISTERED_HOOKS: set[str] = set()


def register_hook(name: str, description: str, hook_class: type) -> None:
    """Register an inspect ``Hooks`` class once by name, after inspect has loaded its own hooks:
    inspect prints a "hooks enabled" banner the first time it loads hooks if any is registered, so
    loading them first keeps medtrust's output clean (hooks registered later are still called:
    inspect looks them up at every event)."""
    if name in _REGISTERED_HOOKS:
        return
    from inspect_ai.hooks import hooks

    try:
        if init_hooks is not None:
            init_hooks()
    except Exception:  # noqa: BLE001 - cosmetic only; a newer inspect may change it
        pass
    hooks(name=name, description=description)(hook_class)
    _REGISTERED_HOOKS.add(name)


def enable_zstd_zipfile() -> None:
    """Make the standard library's ``zipfile`` read zstd-compressed members (inspect writes
    ``.eval`` files with them): importing inspect's zipfile module installs that support."""
    import inspect_ai._util.zipfile  # noqa: F401
