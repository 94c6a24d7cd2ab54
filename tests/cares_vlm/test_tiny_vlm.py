"""Every CARES-VLM dimension on a tiny random LLaVA (tests/helpers/tiny_vlm.py, built in code, never
downloaded) served by ``medtrust/hf-vision``: the first 2 real annotation rows of each of the four
files, real HAM10000 images, stand-in images for IU-Xray, OL3I and FairVLMed (conftest.py).

A random model mostly writes word salad, so most closed answers are ``unparseable``: what is
checked is the plumbing, not the numbers. Every sample ends in an explicit outcome; every
dimension reports its metrics, each either a number with a finite CI or an explicit
"not computable" (value None, n 0); counts add up between logs, outcomes and metric n.
Open-ended FairVLMed replies are graded by a scripted ``grader`` (always "6").
"""

from __future__ import annotations

import hashlib
import json
import math

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

import medtrust._registry  # noqa: F401
from medtrust.benchmarks.cares_vlm.benchmark import plan_dimensions
from medtrust.benchmarks.cares_vlm.summary import summarize_logs
from medtrust.benchmarks.cares_vlm.task import cares_vlm
from medtrust.outcomes import ANSWERED, Outcome, outcome_counts

ROWS = 2

#: headline metrics of each dimension (leaderboard columns; race: no source here has race data)
HEADLINES = {
    "factuality": ["factuality_acc"],
    "uncertainty": ["uncertainty_acc", "uncertainty_oc"],
    "fairness": ["aed_age", "aed_gender"],
    "jailbreak": ["jailbreak_acc", "jailbreak_abstention", "jailbreak_acc_drop"],
    "overcautious": ["overcautious_abstention"],
    "toxicity": ["toxicity_delta_tox", "toxicity_delta_abs"],
    "privacy": ["privacy_zero_shot_abstention", "privacy_few_shot_abstention"],
    "robustness": ["robustness_noise_acc", "robustness_noise_abstention", "robustness_ood_abstention"],
}


@pytest.mark.slow
@pytest.mark.vision
def test_tiny_vlm_runs_every_dimension(cares_files, ham_images, standin_root, tmp_path):
    pytest.importorskip("torch")
    from tests.helpers.tiny_vlm import tiny_vlm_dir

    roots = {"ham10000": str(ham_images)}
    for src in ("iu_xray", "ol3i", "fairvlmed"):
        keys = [json.loads(ln)["image"] for ln in open(cares_files[src]).readlines()[:ROWS]]
        roots[src] = str(standin_root(src, keys))
    model = get_model("medtrust/hf-vision", model_path=str(tiny_vlm_dir("llava")), memoize=False)
    grader = get_model("medtrust/scripted", respond=lambda m: "6", memoize=False)
    dims = plan_dimensions([])  # as `medtrust run`: fairness comes from the factuality samples
    assert "fairness" not in dims and len(dims) == 7
    tasks = [cares_vlm(dimension=d, data=dict(cares_files), image_roots=roots, limit_per_source=ROWS, max_tokens=8,
                       scorer_args={"toxicity": "lexicon"}) for d in dims]
    logs = inspect_eval(tasks, model=model, model_roles={"grader": grader}, log_dir=str(tmp_path), display="none",
                        fail_on_error=False, log_images=False)
    expected = {"factuality": 8, "uncertainty": 6, "jailbreak": 24, "overcautious": 24, "toxicity": 16, "privacy": 32, "robustness": 6}
    per_dim: dict[str, dict[str, int]] = {}
    for lg in logs:
        assert lg.status == "success", lg.error
        dim = lg.eval.task.split("_vlm_")[-1]
        assert len(lg.samples) == expected[dim]
        for s in lg.samples:  # every sample ends in an explicit outcome, with a reply
            sc = s.scores["cares_vlm_scorer"]
            assert Outcome(sc.metadata["outcome"]) not in (Outcome.MODEL_ERROR, Outcome.INPUT_ERROR), (s.id, sc.explanation)
            assert s.output.completion.strip(), s.id
            assert "abstained" in sc.metadata and "abstained_official" in sc.metadata
        per_dim[dim] = outcome_counts(s.scores["cares_vlm_scorer"] for s in lg.samples)
        assert sum(per_dim[dim].values()) == expected[dim]
    # HAM10000 ran on the real images: the image in the input is the real file, hashed in the metadata
    ham = [s for s in logs[0].samples if s.metadata["source"] == "ham10000"]
    assert len(ham) == ROWS
    for s in ham:
        real = ham_images / s.metadata["image_key"].split("/")[-1]
        assert s.metadata["image_sha256"] == hashlib.sha256(real.read_bytes()).hexdigest()
        assert any(c.type == "image" for c in s.input[0].content)
    # open-ended FairVLMed: judged 6/10 unless the random reply abstains
    fv = [s.scores["cares_vlm_scorer"] for s in logs[0].samples if s.metadata["source"] == "fairvlmed"]
    assert all(sc.metadata["outcome"] in ("partial", "abstained") for sc in fv)
    assert all(sc.value == pytest.approx(0.6) for sc in fv if sc.metadata["outcome"] == "partial")

    (summary,) = summarize_logs([lg.location for lg in logs], n_resamples=100)
    assert set(summary.dimensions_run) == set(HEADLINES)
    assert sum(summary.outcome_counts.values()) == sum(expected.values())
    for dim, names in HEADLINES.items():
        for name in names:
            m = summary.metric(name)
            assert m is not None, (dim, name)
            assert m.dimension == dim
            if m.value is None:
                assert m.n == 0 and m.note.startswith("not computable"), m
            else:
                assert m.n > 0 and math.isfinite(m.value), m
                assert m.ci_low is not None and m.ci_high is not None and m.ci_low <= m.value + 1e-9 <= m.ci_high + 2e-9, m
    # counts add up: abstention metrics cover every reply; accuracy covers the scoreable ones
    assert summary.metric("jailbreak_abstention").n == 24
    assert summary.metric("overcautious_abstention").n == 24
    assert summary.metric("privacy_zero_shot_abstention").n + summary.metric("privacy_few_shot_abstention").n == 32
    assert summary.metric("robustness_ood_abstention").n == ROWS  # FairVLMed only (no OmniMedVQA file)
    for dim, name in (("factuality", "factuality_acc"), ("jailbreak", "jailbreak_acc")):
        c = per_dim[dim]
        scoreable = sum(c[str(o)] for o in ANSWERED) + c["abstained"]
        assert summary.metric(name).n == scoreable
        # a random model's babble is often cut by the token limit before any answer: truncated
        assert scoreable + c["unparseable"] + c["truncated"] + c["judge_error"] == expected[dim]
    # paired-comparison keys cover the per-sample values and carry their variant group
    assert set(summary.per_sample) == set(summary.per_sample_group)
    assert {g.split("=", 1)[1] for g in summary.per_sample_group.values()} >= {"factuality", "overcautiousness-1", "privacy-z1", "robustness"}
    assert str(ham_images) not in json.dumps(summary.to_dict())
