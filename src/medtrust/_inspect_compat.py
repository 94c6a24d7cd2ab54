"""The one place medtrust reaches into inspect_ai's private modules (``inspect_ai._...``, ``..._x``).

inspect does not export these names publicly; they may move in any inspect release. Every other
medtrust module (and test) imports them from here, so an inspect upgrade is checked in one file:
tests/test_inspect_compat.py fails when a name is gone or changed shape.

Checked against inspect_ai 0.3.285 (pyproject: ``inspect-ai>=0.3.285,<0.4``).

| name here | inspect's private name | what medtrust uses it for |
|---|---|---|
| :class:`PrerequisiteError` | ``inspect_ai._util.error.PrerequisiteError`` | inspect raises it for a missing SDK or API key; `medtrust run` and `rescore` turn it into one ``error:`` line, exit 2 |
| :func:`registry_create` | ``inspect_ai._util.registry.registry_create`` | `medtrust rescore`: build a scorer by its registered name (``medtrust/<name>``) with the options recorded in the log |
| :func:`registry_find`, :func:`registry_info` | ``inspect_ai._util.registry`` | ``models/args.py``: find a provider's ``ModelAPI`` class to read which ``-M`` arguments it takes |
| :class:`ModelConfig` | ``inspect_ai.model._model_config.ModelConfig`` | a log's recorded model roles (tests build one) |
| :func:`model_roles_config_to_model_roles` | ``inspect_ai.model._model_config`` | `medtrust rescore`: rebuild the judges a log recorded, with a new ``GenerateConfig`` merged in |
| :data:`inspect_json` | the module ``inspect_ai._util.json`` | ``secrets.py``: wrap its ``to_json_safe`` (every ``.eval`` member and the sample buffer) so that known secrets are redacted before anything is written |
| :func:`init_hooks` | ``inspect_ai.hooks._startup.init_hooks`` | ``progress.py``: load inspect's hooks before registering medtrust's progress hook, so inspect prints no "hooks enabled" banner; cosmetic only, None when a newer inspect moved it |
| :func:`enable_zstd_zipfile` | the module ``inspect_ai._util.zipfile`` | tests: lets the standard ``zipfile`` read the zstd members of ``.eval`` files |
"""

from __future__ import annotations

from typing import Callable

from inspect_ai._util import json as inspect_json
from inspect_ai._util.error import PrerequisiteError
from inspect_ai._util.registry import registry_create, registry_find, registry_info
from inspect_ai.model._model_config import ModelConfig, model_roles_config_to_model_roles

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
]


def enable_zstd_zipfile() -> None:
    """Make the standard library's ``zipfile`` read zstd-compressed members (inspect writes
    ``.eval`` files with them): importing inspect's zipfile module installs that support."""
    import inspect_ai._util.zipfile  # noqa: F401
