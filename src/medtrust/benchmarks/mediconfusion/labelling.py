"""MediConfusion in `medtrust label` (docs/labelling.md): free-form (``ff``) answers for the answer task.

A free-form answer that the ``grader`` judged is an item of the ``answer`` task: correct /
incorrect as the scorer decided, abstained or unparseable as no answer. The page shows the
question, both options and the correct option for this image; the strata are (verdict, source)
with the image's first category as implicit stratum, and a pair is the resampling unit.
"""

from __future__ import annotations

from typing import Any

from medtrust.benchmarks.interface import Labelling
from medtrust.labelling import LabelItem, LogSource, input_image, prompt_text, recorded_image_roots, response_text, score_named

_SCORER = "mediconfusion_scorer"
#: scorer outcome -> answer-task label (other outcomes have no verdict to compare with people)
_VERDICT = {"correct": "correct", "incorrect": "incorrect", "abstained": "no_answer", "unparseable": "no_answer"}


def read_item(sample: Any, source: LogSource) -> LabelItem | str:
    """The answer-task item of one free-form sample, or why it has none (``Labelling.read``)."""
    sc = score_named(sample, _SCORER)
    if sc is None:
        return "no score (model error)"
    meta = sc.metadata or {}
    if meta.get("mode") != "ff":
        return "not a free-form (ff) answer"
    outcome = str(meta.get("outcome", ""))
    if outcome not in _VERDICT:
        return f"no verdict ({outcome or 'unknown'})"
    smeta = sample.metadata or {}
    grader = source.grader
    verdict = _VERDICT[outcome]
    ref = (f"Question: {smeta.get('question', '')}\nOption A: {smeta.get('option_a', '')}\nOption B: {smeta.get('option_b', '')}\n"
           f"Correct option for this image: {smeta.get('gold')}")  # fmt: skip
    cats = smeta.get("categories") or []
    return source.item(
        sample, prompt=prompt_text(sample), response=response_text(sample), verdict=verdict, primary_judge=grader,
        verdicts={grader: verdict},
        judge_versions={grader: "MediConfusion ff judge (two scores, threshold rule); abstained/unparseable = no_answer"},
        strata={"source": "mediconfusion"}, order=str(cats[0] if cats else ""),
        cluster=str(smeta.get("pair_id") or sample.id), reference=ref, image=input_image(sample),
    )  # fmt: skip


def image_roots(log: Any) -> list[str]:
    """The image folder the task was given: ``image_roots``, or ``image_root`` (its former name,
    still what older logs recorded)."""
    old = (log.eval.task_args or {}).get("image_root")
    return recorded_image_roots(log) + ([str(old)] if old else [])


LABELLING = Labelling(tasks={"answer": "MediConfusion free-form"}, read=read_item, image_roots=image_roots)
