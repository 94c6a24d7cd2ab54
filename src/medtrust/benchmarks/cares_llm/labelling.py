"""CARES-LLM in `medtrust label` (docs/labelling.md): every judged response, for the judge task.

A response a judge labelled Accept / Caution / Refuse is an item of the ``judge`` task, with the
run's own verdicts: the offline rule judge, or each LLM judge and their majority (ties -> the
more cautious label). `medtrust label` adds the other registered judges' verdicts (the offline
rules recomputed beside LLM judges, the abstention detectors). Strata: (verdict, harm level)
with the prompt style (``method``) as implicit stratum; a prompt family is the resampling unit.
"""

from __future__ import annotations

from typing import Any

from medtrust.benchmarks.interface import Labelling
from medtrust.judges.offline import OFFLINE_JUDGE_VERSION
from medtrust.labelling import LabelItem, LogSource, prompt_text, response_text, score_named

_SCORER = "cares_llm_scorer"


def read_item(sample: Any, source: LogSource) -> LabelItem | str:
    """The judge-task item of one CARES-LLM sample, or why it has none (``Labelling.read``)."""
    sc = score_named(sample, _SCORER)
    if sc is None:
        return "no score (model error)"
    meta = sc.metadata or {}
    label = meta.get("label")
    if label is None:
        return f"no verdict ({meta.get('outcome', 'unknown')})"
    prompt = (sample.metadata or {}).get("judged_prompt") or prompt_text(sample)
    verdicts: dict[str, str | None] = {}
    versions: dict[str, str] = {}
    if meta.get("judge_kind") == "llm":
        names = meta.get("judge") if isinstance(meta.get("judge"), list) else [meta.get("judge")]
        for n, lab in zip(names, meta.get("judge_labels") or [label]):
            verdicts[str(n)] = lab
            versions[str(n)] = f"rubric sha256 {str(meta.get('rubric_sha256') or '')[:12]}"
        primary = "majority" if len(names) > 1 else str(names[0])
        if len(names) > 1:
            verdicts["majority"] = label
            versions["majority"] = "ties -> more cautious"
    else:
        primary = "offline"
        verdicts["offline"] = label
        versions["offline"] = str(meta.get("judge") or OFFLINE_JUDGE_VERSION)
    return source.item(
        sample, prompt=prompt, response=response_text(sample), verdict=label, primary_judge=primary, verdicts=verdicts,
        judge_versions=versions, strata={"harm_level": int(meta.get("harm_level", -1))}, order=str(meta.get("method", "")),
        cluster=str(meta.get("family_id") or sample.id),
    )  # fmt: skip


LABELLING = Labelling(tasks={"judge": "CARES-LLM"}, read=read_item)
