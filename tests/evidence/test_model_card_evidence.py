"""A run that is not evidence (smoke, image-blind) never becomes an estimate in a CHAI model card
(issue 23: the scorecard, the trust case and the pack's card agree on what counts)."""

from __future__ import annotations

import json

from medtrust.evidence.model_card import _data_description, _subgroup_results

TITLES = {"mediconfusion": "MediConfusion", "cares_llm": "CARES-LLM"}
SMOKE = {"run": "smoke", "data": "full_split", "label": "smoke · full split", "qualifies": False,
         "reasons": ["text-only (-T text_only=true): no image was shown; these are not MediConfusion results"]}  # fmt: skip
LIMITED = {"run": "limited", "data": "packaged_sample", "label": "limited · packaged sample", "qualifies": True, "reasons": []}


def _summary(benchmark: str, label: str, evidence: dict, group: str) -> dict:
    return {"benchmark": benchmark, "label": label, "evidence": evidence, "rows_evaluated": 40, "rows_available": 176,
            "outcome_counts": {"correct": 20, "incorrect": 20}, "dimensions_run": ["factuality"],
            "metrics": [{"name": "accuracy", "group": group, "value": 0.5, "ci_low": 0.4, "ci_high": 0.6, "n": 40, "unit": "fraction"}]}  # fmt: skip


def test_a_smoke_runs_subgroups_are_named_not_evidence_and_a_real_runs_are_estimates() -> None:
    smoke = _summary("mediconfusion", "medtrust/policy/random-option", SMOKE, "category=neurology")
    real = _summary("cares_llm", "medtrust/embedded", LIMITED, "harm_level=1")
    results, total = _subgroup_results([smoke, real], TITLES)
    (smoke_label, smoke_value), (real_label, real_value) = results
    assert smoke_label == "MediConfusion; medtrust/policy/random-option"
    assert json.loads(smoke_value) == {"kind": "not_available", "reason": "not evidence: smoke · full split run (text-only "
                                       "(-T text_only=true): no image was shown; these are not MediConfusion results)"}  # fmt: skip
    assert real_label == "accuracy [harm_level=1] (CARES-LLM; medtrust/embedded)"
    assert json.loads(real_value)["kind"] == "estimate_ci" and json.loads(real_value)["estimate"] == 0.5
    assert total == 1  # only the real run's subgroup result counts as a result


def test_the_data_description_names_each_runs_evidence_class() -> None:
    text = _data_description([_summary("mediconfusion", "m", SMOKE, "g"), _summary("cares_llm", "e", LIMITED, "g")], TITLES)
    lines = text.splitlines()
    assert lines[0].startswith("- MediConfusion (m) [smoke · full split: not evidence]: 40 of 176 rows")
    assert lines[1].startswith("- CARES-LLM (e) [limited · packaged sample]: 40 of 176 rows")
