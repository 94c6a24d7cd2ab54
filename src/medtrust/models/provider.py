"""The ``medtrust`` inspect provider: one registered ModelAPI dispatching to backends.

inspect resolves ``medtrust/<rest>`` to this provider with ``model_name=<rest>``; the first
path segment of ``<rest>`` picks a backend (see docs/architecture.md, "Model names").
Backends are imported lazily so that a run with a policy model never imports llama.cpp or torch.
"""

from __future__ import annotations

import importlib
from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelAPI, ModelOutput, modelapi
from inspect_ai.tool import ToolChoice, ToolInfo

#: first name segment -> "module:factory"; factory(model_name, config, **model_args) -> backend
BACKENDS: dict[str, str] = {
    "embedded": "medtrust.models.embedded:create_backend",
    "gguf": "medtrust.models.embedded:create_backend",
    "policy": "medtrust.models.policy:create_policy_backend",
    "scripted": "medtrust.models.policy:create_scripted_backend",
    "hf-vision": "medtrust.models.hf_vision:create_backend",
}


class MedtrustModelAPI(ModelAPI):
    """inspect ModelAPI that forwards ``generate`` to a medtrust backend.

    The backend object is exposed as ``self.backend`` so benchmarks can reach optional
    capabilities (e.g. :class:`medtrust.models.capabilities.LogprobScorer`).

    Raises:
        ValueError: unknown backend name (message lists the known ones).
    """

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig = GenerateConfig(),
        **model_args: Any,
    ) -> None:
        super().__init__(model_name=model_name, base_url=base_url, api_key=api_key, config=config)
        kind = model_name.split("/", 1)[0]
        if kind not in BACKENDS:
            known = ", ".join(f"medtrust/{k}" for k in BACKENDS)
            raise ValueError(f"unknown medtrust model 'medtrust/{model_name}'; known: {known}")
        module_name, factory_name = BACKENDS[kind].split(":")
        factory = getattr(importlib.import_module(module_name), factory_name)
        self.backend = factory(model_name, config, **model_args)

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        return await self.backend.generate(input, config)

    def max_connections(self) -> int:
        # local in-process backends serialise anyway; more connections only add contention
        return int(getattr(self.backend, "max_connections", 1))

    def connection_key(self) -> str:
        return f"medtrust/{self.model_name}"

    async def aclose(self) -> None:
        close = getattr(self.backend, "close", None)
        if close is not None:
            close()


@modelapi(name="medtrust")
def medtrust_provider() -> type[ModelAPI]:
    """Register the ``medtrust`` provider with inspect."""
    return MedtrustModelAPI
