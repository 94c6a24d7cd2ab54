"""The ``cares_llm`` inspect task (CARES-LLM, Chen et al. 2025, arXiv 2505.11413).

The ``prompt`` column goes to the model as one user turn, unchanged; an optional system
prompt is off by default. Run with ``inspect eval medtrust/cares_llm --model <any model>`` or
``medtrust run``.
"""

from __future__ import annotations

import logging
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.model import GenerateConfig
from inspect_ai.solver import Solver, generate, system_message

from medtrust.benchmarks.cares_llm.dataset import (
    cares_dataset,
    composition,
    data_sha256,
    filter_records,
    duplicate_rows,
    load_records,
)
from medtrust.benchmarks.cares_llm.judge import OFFICIAL_MAX_TOKENS, RUBRIC_SHA256
from medtrust.benchmarks.cares_llm.scorer import OFFLINE_JUDGE_ID, cares_llm_scorer
from medtrust.shards import select
from medtrust.benchmarks.interface import EVIDENCE_METADATA_KEY
from medtrust.evidence_class import declare

log = logging.getLogger(__name__)

#: bump when prompts, judge rubric, parsing or metrics change in a way that moves numbers
TASK_VERSION = 1
DEFAULT_MAX_TOKENS = 256


def _int_list(v: str | list[int] | int | None) -> list[int] | None:
    if v is None or v == "":
        return None
    if isinstance(v, int):
        return [v]
    if isinstance(v, str):
        return [int(x) for x in v.split(",") if x.strip()]
    return [int(x) for x in v]


def _str_list(v: str | list[str] | None) -> list[str] | None:
    if v is None or v == "":
        return None
    if isinstance(v, str):
        return [x.strip() for x in v.split(",") if x.strip()]
    return list(v)


def _evidence(data: str | None, split: str, sha: str | None, rows_available: int, rows: int, sample_limit: int | None, filters: dict) -> dict:
    """The evidence facts of a CARES-LLM task (medtrust.evidence_class): the packaged rows are a
    sample of the test split (239 of 9,239); ``hf`` loads the official split from the hub; a
    local file is the user's (its sha256 recorded). A row filter or ``sample_limit`` makes the
    run limited."""
    limited = [f"{k}={v}: a subset of the rows" for k, v in filters.items() if v not in (None, "", [])]
    if sample_limit is not None and rows < rows_available:
        limited.append(f"sample_limit {sample_limit}: {rows} of {rows_available} rows (the quick default is a seeded sample)")
    if data is None:
        kind, note = "packaged_sample", f"packaged CARES-18K test sample ({rows_available} of the 9,239 test rows)"
    elif str(data).startswith("hf"):
        kind, note = "full_split", f"CARES-18K {split} split from the hub ({rows_available} rows)"
    else:
        kind, note = "user_file", f"user file {Path(str(data)).name} ({rows_available} rows)"
    return declare(data=kind, data_sha256=sha, data_note=note, limited=limited)


@task
def cares_llm(
    data: str | None = None,
    split: str = "test",
    harm_levels: str | list[int] | None = None,
    methods: str | list[str] | None = None,
    principles: str | list[int] | None = None,
    generation_models: str | list[str] | None = None,
    shuffle_seed: int | None = None,
    sample_limit: int | None = None,
    system_prompt: str | None = None,
    judge: str = "auto",
    faithful_parse: bool = False,
    judge_max_tokens: int = OFFICIAL_MAX_TOKENS,
    offline_ngram: bool = False,
    offline_meaning: bool = False,
    max_tokens: int = DEFAULT_MAX_TOKENS,
    mitigation: str = "off",
    mitigation_detector: str | None = None,
    mitigation_placement: str = "system",
    shard: str | None = None,
) -> Task:
    """CARES-LLM safety evaluation.

    Args:
        data: local JSONL/JSON/CSV/parquet file, ``hf`` / ``hf:<split>`` for the hub, or None
            for the 239 packaged real test rows.
        split: split name used in sample ids (and hub split).
        harm_levels, methods, principles, generation_models: filters (lists or comma strings).
        shuffle_seed: seeded shuffle before ``sample_limit``.
        sample_limit: keep the first N rows after filtering/shuffling.
        system_prompt: optional system message (off by default, as in the paper).
        judge: ``auto`` | ``offline`` | ``model`` (see ``cares_llm_scorer``).
        faithful_parse: official substring parsing of judge text.
        judge_max_tokens: the LLM judge's token limit (official 4, retried at 8); raise it for a
            judge that reasons before its verdict (e.g. 1024).
        offline_ngram: ``True`` (``-T offline_ngram=true``): the offline judge's opt-in n-gram
            override after its rules (docs/judges.md, "The n-gram override").
        offline_meaning: ``True`` (``-T offline_meaning=true``): the offline judge's opt-in meaning
            override after its rules (docs/judges.md, "The meaning override"; needs torch and
            transformers: ``pip install 'medtrust[vision]'``). Not together with ``offline_ngram``.
        max_tokens: generation limit of the evaluated model.
        mitigation: ``off`` | ``detector`` | ``oracle`` | ``always`` (jailbreak-style reminder).
        mitigation_detector: a saved detector file, or None / ``default`` for the packaged one.
        mitigation_placement: ``system`` (a system message) or ``user`` (a prefix of the user turn,
            for models without a system role); the judge always sees the original prompt.
        shard: ``"K/N"`` (``"K/N@L"``): only shard K of N of the rows, a prompt family's rows
            together (medtrust.shards; `medtrust run --shards`); the task metadata still
            describes every row of the run.

    Raises:
        DataError: invalid data file (file, line, field named).
        ValueError: bad filter values or mitigation mode.
    """
    records = load_records(data, split=split)
    rows_available = len(records)
    available = composition(records)
    duplicates = duplicate_rows(records)
    if duplicates:
        log.warning(
            "cares_llm: %d rows of %s repeat an earlier row (file lines %s); they are kept as <row id>-dupN",
            sum(len(v) - 1 for v in duplicates.values()), data or "the packaged file",
            "; ".join(", ".join(map(str, v)) for v in list(duplicates.values())[:5]),
        )
    filters = {"harm_levels": harm_levels, "methods": methods, "principles": principles, "generation_models": generation_models}
    records = filter_records(
        records,
        harm_levels=_int_list(harm_levels),
        methods=_str_list(methods),
        principles=_int_list(principles),
        generation_models=_str_list(generation_models),
        shuffle_seed=shuffle_seed,
        limit=sample_limit,
    )
    if not records:
        raise ValueError("no CARES rows left after filtering")
    sha = data_sha256(data) if data is None or not str(data).startswith("hf") else None
    solvers: list[Solver] = []
    if system_prompt:
        solvers.append(system_message(system_prompt))
    if mitigation != "off":
        from medtrust.benchmarks.cares_llm.mitigation import mitigation_solver

        mitigation_step = mitigation_solver(mitigation, detector=mitigation_detector, placement=mitigation_placement)
        if mitigation_step is not None:
            solvers.append(mitigation_step)
    solvers.append(generate())
    return Task(
        dataset=select(cares_dataset(records, location=str(data) if data else "medtrust:packaged/cares18k_test_sample.jsonl"), shard,
                       cluster=lambda s: s.metadata["family_id"]),
        solver=solvers,
        scorer=cares_llm_scorer(judge=judge, faithful_parse=faithful_parse, judge_max_tokens=judge_max_tokens,
                                offline_ngram=offline_ngram, offline_meaning=offline_meaning),
        config=GenerateConfig(max_tokens=max_tokens, temperature=0.0),
        version=TASK_VERSION,
        metadata={
            "benchmark": "cares_llm",
            "data_sha256": sha,
            "data_source": str(data) if data else "packaged",
            "composition": composition(records),
            "composition_available": available,
            "rows_available": rows_available,
            EVIDENCE_METADATA_KEY: _evidence(data, split, sha, rows_available, len(records), sample_limit, filters),
            "rubric_sha256": RUBRIC_SHA256,
            "judge_max_tokens": judge_max_tokens,
            "offline_judge": OFFLINE_JUDGE_ID,
            "mitigation": mitigation,
            "system_prompt": system_prompt,
            "duplicate_rows": duplicates,
        },
    )
