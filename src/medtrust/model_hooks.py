"""The one hook on every inspect model this process makes: ``inspect_ai.model.Model.__init__``
is patched once, and each registered callback runs, in order of registration, on every model and
its ``ModelAPI`` when the model is made (any provider, any role, whoever makes it).

Used by the secret redaction (:mod:`medtrust.secrets`) and the restricted-data guard at the
wire (:mod:`medtrust.egress`); :func:`wrap_generate` is how each wraps a ``ModelAPI.generate``
once. A later wrap is the outer one: the guard (installed after the redaction) checks before
the redaction's wrapper runs.
"""

from __future__ import annotations

import threading
from typing import Any, Awaitable, Callable

__all__ = ["on_model_made", "wrap_generate"]

#: callbacks (model, api) run after every Model.__init__, in order of registration
_callbacks: list[Callable[[Any, Any], None]] = []
_lock = threading.Lock()
_patched = False


def on_model_made(callback: Callable[[Any, Any], None]) -> None:
    """Run ``callback(model, api)`` on every inspect ``Model`` made from now on (once per callback)."""
    global _patched
    with _lock:
        if callback not in _callbacks:
            _callbacks.append(callback)
        if _patched:
            return
        _patched = True
    from inspect_ai.model import Model  # the public name of the class every model is made with

    original_init = Model.__init__

    def init(self: Any, api: Any, *args: Any, **kwargs: Any) -> None:
        original_init(self, api, *args, **kwargs)
        for cb in list(_callbacks):
            cb(self, api)

    Model.__init__ = init  # type: ignore[method-assign]


def wrap_generate(api: Any, marker: str, make: Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]) -> None:
    """Replace ``api.generate`` by ``make(api.generate)`` unless ``api`` already carries ``marker``.

    An API without ``generate``, or a frozen object that refuses the new attribute, is left as it
    is (the callers' other layers still apply).
    """
    if api is None or getattr(api, marker, False):
        return
    generate = getattr(api, "generate", None)
    if generate is None:
        return
    try:
        api.generate = make(generate)
        setattr(api, marker, True)
    except Exception:  # noqa: BLE001 - a frozen API object
        pass
