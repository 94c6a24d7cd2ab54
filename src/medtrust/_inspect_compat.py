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
| :func:`install_fast_thin_text` | ``inspect_ai.log._util.thin_text`` (and its import in ``inspect_ai.log._log``) | ``_registry.py``: the same result as inspect's sample-summary text shortening without ``textwrap`` for texts that need no shortening (docs/performance.md) |
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
    "inspect_thin_text",
    "set_inspect_thin_text",
    "install_fast_thin_text",
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


#: texts the fast path is checked against before it replaces inspect's ``thin_text``
_THIN_PROBES = ("", "a", "  two  words ", "tab\tand\nnewline\r\n", "nbsp\u00a0and\u2003em space", "x" * 1024, "x" * 1025,
                " ".join(["word"] * 300), "y" * 9000, "a-b--c hyphen-ated")  # fmt: skip


def install_fast_thin_text() -> bool:
    """Replace inspect's ``thin_text`` (``textwrap.shorten(text[:SCAN], width=WIDTH, placeholder="...")``,
    run on every text field of every sample summary, several times per sample) by an exact
    equivalent that skips ``textwrap`` when the whitespace-collapsed text already fits.

    Why it is exact: ``shorten`` first collapses the text's whitespace (``" ".join(text.split())``)
    and returns that string unchanged when it is at most ``width`` long (one line that fits, no
    whitespace left to drop); longer texts go to inspect's own function. It is installed only when
    inspect's names are as expected and it gives inspect's result on :data:`_THIN_PROBES`;
    tests/test_inspect_compat.py compares the two on random texts.

    Returns:
        True when installed (or already installed), False when inspect's shape differs (then
        inspect's own function stays).
    """
    try:
        from inspect_ai.log import _log as log_module
        from inspect_ai.log import _util as util_module
    except ImportError:
        return False
    original = getattr(util_module, "thin_text", None)
    if getattr(original, "_medtrust_fast", False):
        return True
    width, scan = getattr(util_module, "THIN_TEXT_WIDTH", None), getattr(util_module, "THIN_TEXT_SCAN", None)
    if not callable(original) or not isinstance(width, int) or not isinstance(scan, int):
        return False

    def thin_text(text: str) -> str:
        collapsed = " ".join(text[:scan].split())
        return collapsed if len(collapsed) <= width else original(text)

    if any(thin_text(p) != original(p) for p in _THIN_PROBES):
        return False
    thin_text._medtrust_fast = True  # type: ignore[attr-defined]
    thin_text.original = original  # type: ignore[attr-defined]
    for module in (util_module, log_module):
        if getattr(module, "thin_text", None) is original:
            module.thin_text = thin_text  # type: ignore[attr-defined]
    return True


def inspect_thin_text() -> Callable[[str], str] | None:
    """The ``thin_text`` inspect's sample summaries call now (``inspect_ai.log._log``), or None."""
    try:
        from inspect_ai.log import _log as log_module
    except ImportError:
        return None
    return getattr(log_module, "thin_text", None)


def set_inspect_thin_text(fn: Callable[[str], str]) -> None:
    """Make inspect's sample summaries use ``fn`` as ``thin_text`` (measurements/overhead.py times
    inspect's own against :func:`install_fast_thin_text`'s)."""
    from inspect_ai.log import _log as log_module
    from inspect_ai.log import _util as util_module

    util_module.thin_text = fn  # type: ignore[attr-defined]
    log_module.thin_text = fn  # type: ignore[attr-defined]
