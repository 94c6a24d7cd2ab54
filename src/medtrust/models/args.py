"""Route ``-M`` model arguments to where the chosen inspect provider can take them.

``medtrust run -M key=value`` passes model arguments to the provider's constructor. Providers
differ: OpenAI-compatible ones forward unknown arguments to the SDK client (``-M max_retries=0``
is the SDK's retry count), while others (``ollama``, ``llama-cpp-python``) take a fixed set and
raise ``TypeError: unexpected keyword argument`` deep inside inspect. :func:`split_model_args`
reads the provider's constructor signature first: an argument it cannot take but that is an
inspect ``GenerateConfig`` field (``max_retries``, ``timeout``, ``max_connections`` ...) becomes
that generation setting; any other is refused with a message naming provider and accepted
arguments.
"""

from __future__ import annotations

import inspect as pyinspect
from typing import Any


def provider_class(model_name: str) -> type | None:
    """The inspect ``ModelAPI`` class of ``provider/model``, or None when it cannot be loaded
    (unknown provider, SDK missing: inspect then reports it in its own words)."""
    from medtrust._inspect_compat import registry_find, registry_info

    provider = model_name.split("/", 1)[0]
    try:
        found = registry_find(lambda i: i.type == "modelapi" and i.name.split("/")[-1] == provider)
    except Exception:  # noqa: BLE001
        return None
    for wrapper in found:
        if registry_info(wrapper).name.split("/")[-1] != provider:
            continue
        # @modelapi registers a wrapper around the provider function that returns the class
        try:
            wrapped = pyinspect.getclosurevars(wrapper).nonlocals.get("wrapped")
            cls = wrapped if isinstance(wrapped, type) else wrapped() if callable(wrapped) else None
        except Exception:  # noqa: BLE001 - e.g. PrerequisiteError for a missing SDK
            return None
        return cls if isinstance(cls, type) else None
    return None


def split_model_args(model_name: str, model_args: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(arguments for the provider, GenerateConfig settings) from ``-M`` arguments.

    Args:
        model_name: inspect model name.
        model_args: the ``-M`` arguments (``base_url``/``api_key`` already taken out or not).

    Returns:
        Both dicts; unchanged (all to the provider) when the provider takes ``**kwargs`` or
        cannot be loaded.

    Raises:
        ValueError: an argument the provider does not take and that is no generation setting.
    """
    from inspect_ai.model import GenerateConfig

    cls = provider_class(model_name)
    if cls is None or not model_args:
        return dict(model_args), {}
    params = pyinspect.signature(cls.__init__).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return dict(model_args), {}
    accepted = {n for n in params if n not in ("self", "model_name", "config")}
    provider_args: dict[str, Any] = {}
    config_args: dict[str, Any] = {}
    for k, v in model_args.items():
        if k in accepted or k in ("base_url", "api_key"):
            provider_args[k] = v
        elif k in GenerateConfig.model_fields:
            config_args[k] = v
        else:
            raise ValueError(
                f"-M {k}=...: provider '{model_name.split('/', 1)[0]}' takes no argument '{k}' "
                f"(it takes: {', '.join(sorted(accepted)) or 'none'}; generation settings such as max_retries are also accepted)"
            )
    return provider_args, config_args
