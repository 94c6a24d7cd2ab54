"""Restricted-data guard: restricted CARES-VLM sources never reach a model endpoint off this machine.

MIMIC-CXR is credentialed PhysioNet data whose data-use agreement forbids sharing it with
third-party services (including online LLM APIs); Harvard-FairVLMed and OL3I are also released
under registration/research-use agreements (cares_vlm.md sec. 3, 10). medtrust therefore refuses
to send their images or text (question, reference answer for a judge, the model's reply for a
toxicity service) to any model that is not local, unless the user passes
``--allow-remote-restricted`` (``RunOptions.allow_remote_restricted``).

Which models are checked: the evaluated model **and every model bound to any role** (the
``grader``, several judges). Where each one sends its requests is decided by
:mod:`medtrust.endpoints` (provider arguments, then the provider's variables, then inspect's
``INSPECT_EVAL_MODEL_BASE_URL``, then its default; proxies; ``unknown`` fails closed).

Where the guard runs (every route, each before any request carrying restricted data):

- ``medtrust run -b cares-vlm``: the run plan (``benchmark.plan``) checks model and judge names with their ``-M``
  arguments before anything is evaluated (:func:`check_models`);
- ``medtrust rescore`` / ``rescore_log(judge_models=...)``: before scoring (:data:`RESTRICTION`, as
  ``Benchmark.restriction``);
- every route, ``inspect eval medtrust/cares_vlm --model-role grader=...`` included: the
  CARES-VLM solver checks the instantiated active model and all role models before it
  generates a restricted sample, and the scorer checks the judges before a judge call
  (:func:`check_active_models`).

The generic guard (is a sample restricted, may these models see it, the error type) is
:mod:`medtrust.restricted`; this module holds what is CARES-VLM's: which sources are restricted
(``schema.RESTRICTED_SOURCES``), the words of a refusal, and :data:`RESTRICTION` (the
``Benchmark.restriction`` that `medtrust rescore` checks), with the guard's functions bound to it.

Limits (docs/security.md): the guard decides from configuration and the SDK clients it can
read; it cannot see what a local server forwards to (a loopback proxy to a cloud API is local to
it), and a provider unknown to medtrust is refused rather than trusted.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from medtrust.benchmarks.cares_vlm.schema import OFFICIAL_FILES, RESTRICTED_SOURCES, SOURCE_NAMES
from medtrust.endpoints import Endpoint, is_loopback_url, model_endpoint
from medtrust.restricted import RestrictedDataError, Restriction, is_local_model, marker_reason, resolve_models

__all__ = [
    "RESTRICTION",
    "data_restriction",
    "identify",
    "RestrictedDataError",
    "check_active_models",
    "check_models",
    "is_local_model",
    "is_loopback_url",
    "refusal_message",
    "is_restricted_sample",
    "resolve_models",
]

#: the Perspective API (toxicity scorer ``perspective``): a remote Google service
PERSPECTIVE_URL = "https://commentanalyzer.googleapis.com"


def refusal_message(source: str, refused: Sequence[Endpoint] | Any) -> str:
    """The explanation shown when the guard refuses: names source, model, role and URL of each."""
    if not isinstance(refused, (list, tuple)):
        refused = [model_endpoint(refused)]
    where = "; ".join(e.describe() for e in refused)
    return (
        f"refusing to send restricted CARES-VLM data ({source}) to a non-local model endpoint: {where}. "
        f"{source} is released under a data-use agreement (PhysioNet's for MIMIC-CXR) that forbids sharing "
        "it with third-party services. Use a local model (medtrust/..., hf/..., or a server on 127.0.0.1), "
        "or pass --allow-remote-restricted if your agreement permits this endpoint."
    )


# ------------------------------------------------------------------ restriction decided from the data itself

#: identifiers only the restricted sources' rows carry (cares_vlm.md sec. 2.3, 2.5, 2.6; the
#: MIMIC-CXR-JPG layout pNN/pNNNNNNNN/sNNNNNNNN/<dicom id>.jpg). Fixed-shape patterns: linear time.
RESTRICTED_IDENTIFIERS: tuple[tuple[str, str, re.Pattern[str]], ...] = (
    ("mimic_cxr", "a MIMIC-CXR-JPG image path (pNN/pNNNNNNNN/sNNNNNNNN/<dicom id>.jpg)",
     re.compile(r"(?:^|/)p1\d/p1\d{7}/s\d{8}/[0-9a-f]{8}(?:-[0-9a-f]{8}){4}\.(?:jpg|dcm)$")),
    ("mimic_cxr", "a MIMIC-CXR DICOM id as the image name", re.compile(r"(?:^|/)[0-9a-f]{8}(?:-[0-9a-f]{8}){4}\.(?:jpg|dcm)$")),
    ("fairvlmed", "a Harvard-FairVLMed image name (slo_fundus_NNNNN)", re.compile(r"(?:^|/)slo_fundus_\d{5}\.(?:jpg|png|npz)$")),
    ("ol3i", "an OL3I hashed image name", re.compile(r"(?:^|/)[A-Za-z0-9_-]{43}=\.jpg$")),
)  # fmt: skip
#: columns of MIMIC's own tables (patient, study, image, admission ids)
MIMIC_FIELDS = ("subject_id", "study_id", "dicom_id", "hadm_id")
#: what the image keys of a public source look like (cares_vlm.md sec. 2-3); a row that does not
#: is "in doubt" and its file is treated as restricted
PUBLIC_KEYS: dict[str, tuple[str, re.Pattern[str]]] = {
    "iu_xray": ("CXR<n>_IM-<n>/<n>.png", re.compile(r"^CXR\d+_IM-\d+(?:-\d+)*/\d+\.png$")),
    "ham10000": ("ISIC_<7 digits>.jpg", re.compile(r"(?:^|/)ISIC_\d{7}\.jpg$")),
    "omnimedvqa": ("Images/<dataset>/...", re.compile(r"^Images/")),
}
#: official annotation file names of the restricted sources
RESTRICTED_FILE_NAMES = {Path(OFFICIAL_FILES[s]).name.lower(): s for s in RESTRICTED_SOURCES}


def identify(metadata: Mapping[str, Any] | None) -> str | None:
    """Why a row or sample is restricted by its own identifiers (:data:`RESTRICTED_IDENTIFIERS`
    on its image key, :data:`MIMIC_FIELDS` among its fields), or None."""
    m = metadata or {}
    key = m.get("image_key", m.get("image"))
    if isinstance(key, str) and len(key) <= 4096:
        for src, what, pattern in RESTRICTED_IDENTIFIERS:
            if pattern.search(key):
                return f"{what}: {SOURCE_NAMES[src]} data"
    found = [f for f in MIMIC_FIELDS if f in m]
    if found:
        return f"MIMIC identifier column(s) {', '.join(found)}: MIMIC-CXR data"
    return None


def data_restriction(source: str, path: str | Path, rows: Sequence[Any], image_root: str | Path | None) -> str | None:
    """Why a loaded annotation file is restricted, or None (docs/security.md, "mislabelled sources").

    Decided from the data, not only from the source name the user typed, first reason wins:

    1. the source is restricted (MIMIC-CXR, FairVLMed, OL3I);
    2. the file has the official name of a restricted source's file (``mimic_factuality.jsonl``);
    3. a marker file or a credentialed licence next to the file or the image folder
       (:func:`medtrust.restricted.marker_reason`);
    4. a row carries a restricted source's identifiers (:func:`identify`);
    5. in doubt: a row of a public source whose image key does not look like that source's
       (:data:`PUBLIC_KEYS`) makes the whole file restricted.

    Args:
        source: the source id the file was passed as.
        path: the annotation file.
        rows: its rows, each with ``line`` (0-based), ``image_key`` and ``fields`` (raw mapping).
        image_root: the source's image folder.
    """
    if source in RESTRICTED_SOURCES:
        return f"{SOURCE_NAMES[source]} is released under a data-use agreement"
    named = RESTRICTED_FILE_NAMES.get(Path(path).name.lower())
    if named:
        return f"the file is named like the {SOURCE_NAMES[named]} annotation file ({Path(path).name})"
    why = marker_reason(path) or marker_reason(image_root)
    if why:
        return why
    for r in rows:
        hit = identify({"image_key": r.image_key, **dict(getattr(r, "fields", None) or {})})
        if hit:
            return f"line {r.line + 1}: {hit}"
    shape = PUBLIC_KEYS.get(source)
    if shape is not None:
        for r in rows:
            if not shape[1].search(r.image_key):
                return (f"line {r.line + 1}: image key {r.image_key[:80]!r} does not look like {SOURCE_NAMES[source]}'s "
                        f"({shape[0]}); treated as restricted when in doubt")  # fmt: skip
    return None


#: CARES-VLM's restriction: its restricted sources, its data's identifiers and the words of a refusal
RESTRICTION = Restriction(sources=RESTRICTED_SOURCES, refusal=refusal_message, identify=identify)


def is_restricted_sample(metadata: Mapping[str, Any] | None) -> bool:
    """A sample is restricted when flagged so or when its source is (a log edited to clear the
    flag still names the source)."""
    return RESTRICTION.covers(metadata)


def check_models(
    sources: Iterable[str],
    models: Iterable[Any],
    *,
    allow_remote_restricted: bool = False,
    env: Mapping[str, str] | None = None,
    reasons: Mapping[str, str | None] | None = None,
) -> list[Endpoint]:
    """:meth:`medtrust.restricted.Restriction.check_models` for CARES-VLM's sources: refuse
    before a run when any restricted source (or a source restricted by its data: ``reasons``,
    {source: why}, from :func:`data_restriction`) would go to any non-local model.

    Raises:
        RestrictedDataError: naming the source and, for every refused model, its role and URL.
    """
    return RESTRICTION.check_models(sources, models, allow_remote_restricted=allow_remote_restricted, env=env, reasons=reasons)


def check_active_models(source: str, *, roles_only: bool = False, extra: Sequence[Endpoint] = ()) -> None:
    """:meth:`medtrust.restricted.Restriction.check_active_models` with CARES-VLM's refusal:
    inside a running sample, refuse when the active model or any role model is not local.

    Raises:
        RestrictedDataError: naming model, role and URL of each non-local one.
    """
    RESTRICTION.check_active_models(source, roles_only=roles_only, extra=extra)
