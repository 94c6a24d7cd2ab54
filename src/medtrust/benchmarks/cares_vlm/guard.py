"""Restricted-data guard: restricted CARES-VLM sources never reach a model endpoint off this machine.

MIMIC-CXR is credentialed PhysioNet data whose data-use agreement forbids sharing it with
third-party services (including online LLM APIs); Harvard-FairVLMed and OL3I are also released
under registration/research-use agreements (cares_vlm.md sec. 3, 10). medtrust therefore refuses
to send their images or text (question, reference answer for a judge) to a model that is not
local, unless the user passes ``--allow-remote-restricted`` (``RunOptions.allow_remote_restricted``).

"Local" means: a medtrust in-process provider (``medtrust/...``), an in-process inspect provider
(``hf``, ``vllm``, ``sglang``, ``transformer_lens``, ``mockllm``, ``none``), or any provider whose
``base_url`` host is a loopback address (``localhost``, ``127.0.0.0/8``, ``::1``). A provider with
no base_url (i.e. the vendor's public API) is remote.

The guard runs twice: in the run plan (``benchmark.plan``) before anything is evaluated (fails fast), and inside the
CARES-VLM solver for every restricted sample (covers ``inspect eval`` used directly).
"""

from __future__ import annotations

from typing import Any, Iterable

from medtrust.benchmarks.cares_vlm.schema import RESTRICTED_SOURCES
from medtrust.endpoints import is_loopback_url

#: providers that run in this process (no endpoint at all)
IN_PROCESS_PROVIDERS: frozenset[str] = frozenset(
    {"medtrust", "hf", "vllm", "sglang", "transformer_lens", "mockllm", "none"}
)

#: providers whose default endpoint is on this machine when no base_url is given
LOCAL_DEFAULT_PROVIDERS: dict[str, str] = {
    "ollama": "http://localhost:11434/v1",
    "llama-cpp-python": "http://localhost:8000/v1",
}


class RestrictedDataError(RuntimeError):
    """Raised when restricted data would be sent to a non-local endpoint."""


def endpoint_of(model: Any) -> tuple[str, str | None]:
    """(provider name, base_url) of an inspect ``Model`` or a model name string.

    A model name gives base_url None (resolved later by inspect from ``<PROVIDER>_BASE_URL``
    environment variables, which :func:`is_local_model` checks)."""
    if isinstance(model, str):
        return model.split("/", 1)[0], None
    # inspect's Model prints as "provider/model"; its ModelAPI holds the resolved base_url
    api = getattr(model, "api", None)
    return str(model).split("/", 1)[0], getattr(api, "base_url", None)


def is_local_model(model: Any) -> bool:
    """Whether a model (inspect ``Model`` or name string) runs on this machine (rules above)."""
    import os

    provider, base_url = endpoint_of(model)
    if provider in IN_PROCESS_PROVIDERS:
        return True
    if base_url is None and isinstance(model, str):
        base_url = os.environ.get(f"{provider.upper().replace('-', '_')}_BASE_URL")
    if base_url is None:
        base_url = LOCAL_DEFAULT_PROVIDERS.get(provider)
    return is_loopback_url(base_url)


def refusal_message(source: str, model: Any) -> str:
    """The explanation shown when the guard refuses."""
    provider, base_url = endpoint_of(model)
    where = base_url or f"the public endpoint of provider '{provider}'"
    return (
        f"refusing to send restricted CARES-VLM data ({source}) to a non-local model endpoint ({where}). "
        f"{source} is released under a data-use agreement (PhysioNet's for MIMIC-CXR) that forbids sharing "
        "it with third-party services. Use a local model (medtrust/..., hf/..., or a server on 127.0.0.1), "
        "or pass --allow-remote-restricted if your agreement permits this endpoint."
    )


def check_models(
    sources: Iterable[str], models: Iterable[Any], *, allow_remote_restricted: bool = False
) -> None:
    """Refuse before a run when any restricted source would go to any non-local model
    (evaluated models and judge models alike: a judge sees question and reference answer).

    Raises:
        RestrictedDataError: naming the source, the endpoint and the flag to override.
    """
    if allow_remote_restricted:
        return
    restricted = [s for s in sources if s in RESTRICTED_SOURCES]
    if not restricted:
        return
    for m in models:
        if not is_local_model(m):
            raise RestrictedDataError(refusal_message(restricted[0], m))
