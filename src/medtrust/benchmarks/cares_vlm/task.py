"""The CARES-VLM inspect task: one task per trust dimension.

``inspect eval medtrust/cares_vlm -T dimension=factuality -T data=... --model <vlm>`` and
``medtrust run --benchmark cares-vlm`` build the same task. Which sources and variants each
dimension uses follows cares_vlm.md sec. 5 (paper sec. 3-7, Tables 1-6, 15):

============  ==========================================  =====================================
dimension     sources                                     variants
============  ==========================================  =====================================
factuality    all 7                                       factuality
uncertainty   IU-Xray, HAM10000, OL3I, OmniMedVQA         uncertainty (1 or 2 turns)
fairness      MIMIC-CXR, FairVLMed, HAM10000, OL3I        factuality (sliced by demographics)
jailbreak     all 7                                       jailbreak-1..3
overcautious  all 7                                       overcautiousness-1..3
toxicity      all 7                                       factuality (baseline) + toxicity
privacy       all 7 (ACC on MIMIC only)                   privacy-z1, z2, f1, f2
robustness    IU-Xray, OL3I (noise); FairVLMed, Omni (OOD)  noise; robustness
============  ==========================================  =====================================

A dimension runs on the listed sources for which an annotation file is given (or found in
the fetch cache); others are skipped and named in the task metadata.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset
from inspect_ai.model import GenerateConfig

from medtrust.benchmarks.cares_vlm.dataset import SourceData, load_source, make_sample
from medtrust.benchmarks.cares_vlm.prompts import TEMPLATE_VERSION, TEMPLATES, template_sha256
from medtrust.benchmarks.cares_vlm.schema import (
    DEMOGRAPHIC_SOURCES,
    DIMENSIONS,
    OFFICIAL_FILES,
    SOURCES,
    normalise_source,
)
from medtrust.benchmarks.cares_vlm.solvers import cares_vlm_generate, cares_vlm_noise
from medtrust.benchmarks.interface import EVIDENCE_METADATA_KEY
from medtrust.evidence_class import declare
from medtrust.images import stand_in_reason
from medtrust.solvers import remove_images, skip_input_errors
from medtrust.restricted import PERMISSION_KEY, is_restricted
from medtrust.benchmarks.cares_vlm.metrics import image_cluster
from medtrust.shards import select

log = logging.getLogger(__name__)

BENCHMARK_VERSION = "1"
#: generation limit of the evaluated model unless ``max_tokens`` is given
DEFAULT_MAX_TOKENS = 512

CLOSED_SOURCES = ("iu_xray", "ham10000", "ol3i", "omnimedvqa")

#: dimension -> list of (sources, variant, overrides for metadata)
PLAN: dict[str, list[tuple[tuple[str, ...], str, dict[str, Any]]]] = {
    "factuality": [(SOURCES, "factuality", {})],
    "uncertainty": [(CLOSED_SOURCES, "uncertainty", {})],
    "fairness": [(DEMOGRAPHIC_SOURCES, "factuality", {"dimension": "fairness"})],
    "jailbreak": [(SOURCES, f"jailbreak-{i}", {}) for i in (1, 2, 3)],
    "overcautious": [(SOURCES, f"overcautiousness-{i}", {}) for i in (1, 2, 3)],
    "toxicity": [
        (SOURCES, "factuality", {"dimension": "toxicity", "scoring": "toxicity"}),
        (SOURCES, "toxicity", {}),
    ],
    "privacy": [(SOURCES, v, {}) for v in ("privacy-z1", "privacy-z2", "privacy-f1", "privacy-f2")],
    "robustness": [(("iu_xray", "ol3i"), "noise", {}), (("fairvlmed", "omnimedvqa"), "robustness", {})],
}


class NoImagesError(ValueError):
    """Every image of a run is missing: almost surely an unset or wrong ``--image-root``."""


def default_data_dir() -> Path:
    """Where ``medtrust data fetch cares-vlm`` puts the annotation files
    (``$MEDTRUST_CARES_VLM_DATA``, else ``~/.cache/medtrust/cares_vlm``), laid out as the
    official repo's ``data/`` folder."""
    env = os.environ.get("MEDTRUST_CARES_VLM_DATA")
    return Path(env) if env else Path.home() / ".cache" / "medtrust" / "cares_vlm"


def resolve_data_files(data: dict[str, str] | None) -> dict[str, Path]:
    """{source id: annotation file} from user paths, else from the fetch cache.

    Keys ``<source>_demographics`` are side tables and are not returned here.

    Raises:
        ValueError: unknown source name.
    """
    out: dict[str, Path] = {}
    for k, v in (data or {}).items():
        if k.endswith("_demographics") or k.endswith("-demographics"):
            continue
        out[normalise_source(k)] = Path(v).expanduser()
    if not data:
        base = default_data_dir()
        for src, rel in OFFICIAL_FILES.items():
            if (base / rel).is_file():
                out[src] = base / rel
    return out


def demographics_files(data: dict[str, str] | None) -> dict[str, Path]:
    """{source id: side table} from ``data`` keys ``<source>_demographics``."""
    out: dict[str, Path] = {}
    for k, v in (data or {}).items():
        for suffix in ("_demographics", "-demographics"):
            if k.endswith(suffix):
                out[normalise_source(k[: -len(suffix)])] = Path(v).expanduser()
    return out


def load_sources(
    wanted: list[str],
    data: dict[str, str] | None,
    image_roots: dict[str, str] | None,
    *,
    limit_per_source: int | None = None,
) -> tuple[list[SourceData], list[str]]:
    """Load the wanted sources that have an annotation file; returns (loaded, skipped names).

    The image root of a source defaults to ``<annotation file folder>/images`` (the official
    layout). Raises DataError for bad files (names file, line, field)."""
    files = resolve_data_files(data)
    demo = demographics_files(data)
    roots = {normalise_source(k): v for k, v in (image_roots or {}).items()}
    loaded, skipped = [], []
    for src in wanted:
        if src not in files:
            skipped.append(src)
            continue
        root = roots.get(src) or str(files[src].parent / "images")
        loaded.append(load_source(src, files[src], root, demographics_path=demo.get(src), limit=limit_per_source))
    return loaded, skipped


def check_images_present(sources: list[SourceData]) -> dict[str, int]:
    """Missing-image count per source; fails fast when no source has a single usable image.

    Raises:
        NoImagesError: naming the ``--image-root SOURCE=DIR`` to set and where it looked.
    """
    missing = {sd.source: sd.missing_images() for sd in sources}
    if sources and all(missing[sd.source] == len(sd.rows) for sd in sources):
        looked = "; ".join(f"{sd.source}: {sd.resolver.root}" for sd in sources)
        first = sources[0]
        example = first.resolver.resolve(first.rows[0].image_key).error if first.rows else ""
        raise NoImagesError(
            "no image of this run was found, so nothing can be sent to the model. Set the image folder of "
            f"each source with --image-root SOURCE=DIR (e.g. --image-root {sources[0].source}=/path/to/images); "
            f"looked in {looked}. First error: {example}"
        )
    for sd in sources:
        if missing[sd.source]:
            log.warning(
                "cares_vlm: %d of %d %s samples have no usable image (set --image-root %s=DIR); "
                "they are recorded as input_error", missing[sd.source], len(sd.rows), sd.source, sd.source,
            )
    return missing


def _scorer(scorer_args: dict[str, Any] | None, allow_remote_restricted: bool = False, llm_extraction: bool = True) -> Any:
    # the scoring builder's module; imported lazily so dataset code works without it
    from medtrust.benchmarks.cares_vlm.scorer import cares_vlm_scorer

    return cares_vlm_scorer(**{"allow_remote_restricted": allow_remote_restricted, "llm_extraction": llm_extraction,
                               **(scorer_args or {})})


def official_file(source: str, path: Path) -> bool:
    """Whether an annotation file is the official one of its source: its git blob id is the one
    `medtrust data fetch cares-vlm` verifies (schema.BLOB_IDS)."""
    from medtrust.benchmarks.cares_vlm.schema import BLOB_IDS, git_blob_id

    expected = BLOB_IDS.get(source)
    if expected is None or path.stat().st_size > MAX_BLOB_CHECK_BYTES:
        return False
    return git_blob_id(path.read_bytes()) == expected


#: annotation files larger than this are not hashed for the official-file check (the official
#: files are at most ~15 MiB)
MAX_BLOB_CHECK_BYTES = 256 * 1024 * 1024


def task_evidence(loaded: list[SourceData], data: dict[str, str] | None, limit_per_source: int | None, image_blind: bool) -> dict[str, Any]:
    """The evidence facts of a CARES-VLM task (medtrust.evidence_class): every source's file is the
    official one (its git blob id matches, or it came from the fetch cache) -> full split, else a
    user file; ``limit_per_source`` below a source's rows makes the run limited; an image folder of
    stand-ins (medtrust.images.STAND_IN_MARKER) makes it a smoke run; ``image_blind`` is the
    image-blind pass."""
    official = {sd.source: (not data) or official_file(sd.source, sd.path) for sd in loaded}
    limited = [f"limit_per_source {limit_per_source}: {len(sd.rows)} of {sd.rows_available} {sd.source} rows" for sd in loaded
               if limit_per_source is not None and sd.rows_available is not None and len(sd.rows) < sd.rows_available]  # fmt: skip
    smoke = [f"{sd.source}: {why}" for sd in loaded if (why := stand_in_reason(sd.resolver.root))]
    kind = "stand_in" if smoke else ("full_split" if all(official.values()) else "user_file")
    note = "; ".join(f"{sd.source}: {'official' if official[sd.source] else 'user'} file {sd.path.name} ({sd.rows_available or len(sd.rows)} rows)"
                     for sd in loaded)  # fmt: skip
    return declare(data=kind, data_sha256={sd.source: sd.sha256 for sd in loaded}, data_note=note, limited=limited, smoke=smoke,
                   images="shown", blind_pass=image_blind)


@task
def cares_vlm(
    dimension: str = "factuality",
    data: dict[str, str] | None = None,
    image_roots: dict[str, str] | None = None,
    sources: list[str] | str | None = None,
    limit_per_source: int | None = None,
    uncertainty_turns: int = 1,
    noise_mode: str = "cares",
    noise_sigma: float | None = None,
    seed: int = 0,
    allow_remote_restricted: bool = False,
    temperature: float = 0.0,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    scorer_args: dict[str, Any] | None = None,
    llm_extraction: bool = True,
    shard: str | None = None,
    image_blind: bool = False,
) -> Task:
    """CARES-VLM task for one trust dimension (see module docstring for sources and variants).

    Args:
        dimension: one of ``factuality, uncertainty, fairness, jailbreak, overcautious, toxicity,
            privacy, robustness``.
        data: {source: annotation file}; ``<source>_demographics`` keys give side tables (e.g.
            FairVLMed metadata). None: the files fetched by ``medtrust data fetch cares-vlm``.
        image_roots: {source: image folder}; default ``<annotation folder>/images``.
        sources: restrict to these sources (ids or aliases; comma-separated string accepted).
        limit_per_source: first N rows of each source (balanced quick runs).
        uncertainty_turns: 1 (official code, default) or 2 (paper figure: follow-up turn).
        noise_mode: robustness image noise, ``cares`` (official, with its uint8 wrap-around) or
            ``gaussian`` (proper additive noise, ``noise_sigma`` in 0-255 pixel units).
        seed: noise seed (per image: seed and line).
        allow_remote_restricted: let restricted sources reach a non-local endpoint.
        temperature, max_tokens: decoding (greedy by default; upstream sampled, deviation 14).
        scorer_args: keyword arguments for ``cares_vlm_scorer``.
        llm_extraction: with a judge model bound (role ``grader``), closed-question replies the
            rules cannot read are sent to it (``extracted_by="llm"``); False turns it off.
        shard: ``"K/N"`` (``"K/N@L"``): only shard K of N of the samples, every question and
            variant about one image together (medtrust.shards; `medtrust run --shards`); the
            task metadata still describes every row of the run.
        image_blind: the image-blind pass (``medtrust run --image-blind``): the same samples with
            every image removed (medtrust.solvers.remove_images); the log is labelled blind.

    Raises:
        ValueError: unknown dimension or source, no annotation file for any source of the dimension.
        NoImagesError: no image found for any sample.
        DataError: malformed annotation file.
    """
    if dimension not in DIMENSIONS:
        raise ValueError(f"unknown CARES-VLM dimension '{dimension}'; known: {', '.join(DIMENSIONS)}")
    if uncertainty_turns not in (1, 2):
        raise ValueError("uncertainty_turns must be 1 or 2")
    if noise_mode not in ("cares", "gaussian"):
        raise ValueError(f"unknown noise_mode '{noise_mode}' (cares | gaussian)")
    if noise_mode == "gaussian" and noise_sigma is None:
        raise ValueError("noise_mode='gaussian' needs noise_sigma (0-255 pixel units)")
    if isinstance(sources, str):
        sources = [s for s in sources.split(",") if s.strip()]
    only = {normalise_source(s) for s in sources} if sources else None
    plan = PLAN[dimension]
    wanted = [s for s in SOURCES if any(s in srcs for srcs, _, _ in plan) and (only is None or s in only)]
    loaded, skipped = load_sources(wanted, data, image_roots, limit_per_source=limit_per_source)
    if not loaded:
        raise ValueError(
            f"CARES-VLM {dimension}: no annotation file for any of its sources ({', '.join(wanted) or 'none selected'}). "
            "Pass --data SOURCE=FILE, or run `medtrust data fetch cares-vlm` when online."
        )
    missing = check_images_present(loaded)
    by_src = {sd.source: sd for sd in loaded}
    samples = []
    for srcs, variant, overrides in plan:
        turns = uncertainty_turns if variant == "uncertainty" else 1
        for src in srcs:
            sd = by_src.get(src)
            if sd is None:
                continue
            for row in sd.rows:
                noise = None
                if variant == "noise":
                    noise = {"mode": noise_mode, "sigma": noise_sigma, "seed": seed * 1_000_003 + row.line}
                sample = make_sample(row, sd.image(row), variant, turns=turns, noise=noise, **overrides)
                if allow_remote_restricted and is_restricted(sample.metadata):
                    sample.metadata[PERMISSION_KEY] = True  # this run's permission (medtrust/egress.py)
                samples.append(sample)
    variants = sorted({v for _, v, _ in plan})
    metadata = {
        "benchmark": "cares_vlm",
        "benchmark_version": BENCHMARK_VERSION,
        "dimension": dimension,
        "sources": [sd.source for sd in loaded],
        "sources_skipped": skipped,
        "data_sha256": {sd.source: sd.sha256 for sd in loaded},
        "data_files": {sd.source: sd.path.name for sd in loaded},
        "rows": {sd.source: len(sd.rows) for sd in loaded},
        "rows_available": {sd.source: sd.rows_available if sd.rows_available is not None else len(sd.rows) for sd in loaded},
        "images_missing": missing,
        "restricted": {sd.source: sd.restricted for sd in loaded},
        "template_version": TEMPLATE_VERSION,
        "template_sha256": {v: template_sha256(v) for v in variants if v in TEMPLATES},
        "uncertainty_turns": uncertainty_turns,
        "noise": {"mode": noise_mode, "sigma": noise_sigma, "seed": seed} if dimension == "robustness" else None,
        "decoding": {"temperature": temperature, "max_tokens": max_tokens},
        EVIDENCE_METADATA_KEY: task_evidence(loaded, data, limit_per_source, image_blind),
    }
    blind = [remove_images()] if image_blind else []
    return Task(
        name=f"cares_vlm_{dimension}" + ("_image_blind" if image_blind else ""),
        dataset=select(MemoryDataset(samples, name=f"cares_vlm_{dimension}"), shard, cluster=lambda s: image_cluster(s.metadata, s.id)),
        solver=[skip_input_errors(), *blind, cares_vlm_noise(), cares_vlm_generate(allow_remote_restricted=allow_remote_restricted)],
        scorer=_scorer(scorer_args, allow_remote_restricted, llm_extraction),
        config=GenerateConfig(temperature=temperature, max_tokens=max_tokens),
        metadata=metadata,
        version=BENCHMARK_VERSION,
    )
