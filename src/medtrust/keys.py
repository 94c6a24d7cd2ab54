"""API keys given on the command line, kept in memory only (never in a log or a file).

inspect records a model's ``model_args`` and ``base_url`` in its log, so `medtrust run --resume`
(inspect's eval-retry) rebuilds the model with them, but never an API key. A key given with
``-M api_key=...`` reaches the resumed model through inspect's ``override_api_key`` hook
(:class:`CommandLineKeyHook`): only for the environment variables that the model's own provider
reads, and only while :func:`api_key_for` is active.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from inspect_ai.hooks import ApiKeyOverride, Hooks, hooks

#: env var name -> key, while a resume with a command-line key runs
_KEYS: dict[str, str] = {}
_registered = False


class CommandLineKeyHook(Hooks):
    """Supplies the command-line key for the provider's key variables (disabled otherwise)."""

    def enabled(self) -> bool:
        return bool(_KEYS)

    def override_api_key(self, data: ApiKeyOverride) -> str | None:
        return _KEYS.get(data.env_var_name)


def provider_key_vars(model_name: str, api_key: str, base_url: str | None = None) -> list[str]:
    """The environment variables from which ``model_name``'s provider reads its key.

    Raises:
        ValueError: the provider cannot be built here (the message says which variable to set).
    """
    from inspect_ai.model import get_model

    try:
        return list(get_model(model_name, api_key=api_key, base_url=base_url, memoize=False).api.api_key_vars)
    except Exception as e:  # noqa: BLE001 - reported with the model name
        raise ValueError(f"cannot apply -M api_key to {model_name} ({type(e).__name__}); set the provider's API key variable instead") from None


@contextmanager
def api_key_for(model_name: str, api_key: str | None, base_url: str | None = None) -> Iterator[None]:
    """While active, models of ``model_name``'s provider get ``api_key`` (no-op when None);
    ``base_url`` as recorded in the log (some providers need one to be built)."""
    global _registered
    if not api_key:
        yield
        return
    names = provider_key_vars(model_name, api_key, base_url)
    if not _registered:
        hooks(name="medtrust_command_line_key", description="an API key given with -M api_key, in memory only")(CommandLineKeyHook)
        _registered = True
    _KEYS.update(dict.fromkeys(names, api_key))
    try:
        yield
    finally:
        for n in names:
            _KEYS.pop(n, None)
