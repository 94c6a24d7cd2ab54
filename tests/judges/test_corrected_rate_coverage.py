"""Corrected rates are proven by simulation: coverage of the Rogan-Gladen interval (issue 23).

A corrected rate is only as good as the calibration behind it. These tests simulate the judge's
error, draw calibration labels and judged evaluation flags, and count how often the 95% interval
of :func:`medtrust.judges.correction.corrected_rate` holds the true rate:

* with a calibration measured on the evaluated model's own responses (counts, and the per-model
  design-weighted estimate of ``medtrust label``'s real sampler with several models), coverage is
  near or above 95%;
* with a calibration measured on another model's responses, or the pooled estimate of several
  models (what ``--force-calibration`` applies), it collapses: the reason medtrust refuses such
  a pair (medtrust.judges.scope) instead of reporting a corrected rate.

Monte Carlo error: with R replications the standard error of a coverage near 0.95 is
sqrt(0.95 * 0.05 / R) (0.0126 at R = 300); the lower bound 0.91 is about 3 standard errors below
95%, the upper bound 0.995 catches an interval too wide to say anything. Seeds are fixed.
"""

from __future__ import annotations

import numpy as np
import pytest

from medtrust.judges.correction import Calibration, corrected_rate
from medtrust.label.items import ItemSet
from medtrust.label.sampling import draw
from medtrust.labelling import LabelItem


def _coverage(pi: float, se: float, sp: float, *, n_eval: int, n_pos: int, n_neg: int, reps: int, seed: int,
              se_cal: float | None = None, sp_cal: float | None = None) -> tuple[float, float]:  # fmt: skip
    """(coverage of pi, median interval width) over ``reps`` simulated (calibration, run) pairs.

    The run's judge flags each response positive with P = Se pi + (1 - Sp)(1 - pi) (Rogan &
    Gladen 1978); the calibration counts are binomial draws with the judge's error on the
    labelled responses (``se_cal``, ``sp_cal``: another model's, when they differ from the run's).
    """
    se_cal = se if se_cal is None else se_cal
    sp_cal = sp if sp_cal is None else sp_cal
    rng = np.random.default_rng(seed)
    hits, widths = 0, []
    for r in range(reps):
        tp, tn = int(rng.binomial(n_pos, se_cal)), int(rng.binomial(n_neg, sp_cal))
        cal = Calibration("refused", tp, n_pos - tp, tn, n_neg - tn)
        flags = rng.random(n_eval) < se * pi + (1.0 - sp) * (1.0 - pi)
        ci = corrected_rate(flags, cal, n_resamples=400, seed=r).corrected
        hits += ci.low <= pi <= ci.high
        widths.append(ci.high - ci.low)
    return hits / reps, float(np.median(widths))


@pytest.mark.parametrize(
    ("pi", "se", "sp", "n_labels"),
    [
        (0.30, 0.85, 0.90, 60),  # a typical offline-judge error
        (0.05, 0.85, 0.95, 60),  # a rare outcome: the lower bound is clipped at 0
        (0.60, 0.70, 0.80, 30),  # a weak judge from few labels
    ],
)
def test_a_calibration_of_the_models_own_responses_covers_the_true_rate(pi, se, sp, n_labels):
    cover, width = _coverage(pi, se, sp, n_eval=300, n_pos=n_labels, n_neg=n_labels, reps=300, seed=int(pi * 100))
    assert 0.91 <= cover <= 0.995, cover
    # an interval that says something (a weak judge from 30 + 30 labels: about 0.53 wide)
    assert width < 0.6, width


def test_another_models_calibration_misses_the_true_rate():
    # the judge catches 90% of model A's refusals but only 55% of model B's (B refuses in words
    # the rules miss): A's calibration corrects B's flags with the wrong Se
    cover, _ = _coverage(0.30, 0.55, 0.90, n_eval=300, n_pos=60, n_neg=60, reps=200, seed=7, se_cal=0.90, sp_cal=0.90)
    assert cover < 0.40, cover
    # the same run with B's own calibration is covered
    own, _ = _coverage(0.30, 0.55, 0.90, n_eval=300, n_pos=60, n_neg=60, reps=200, seed=7)
    assert own >= 0.91, own


# Two models in one labelling folder (issue 23, path 4): a scripted policy whose refusals the judge
# reads almost perfectly, and a real model whose refusals it often misses. {model: (true refusal
# rate, judge Se, judge Sp) on that model's responses}.
_MODELS = {"medtrust/policy/refuse": (0.7, 0.97, 0.95), "medtrust/embedded": (0.4, 0.6, 0.9)}


def _population(rng: np.random.Generator, n_each: int) -> tuple[list[LabelItem], dict[str, bool]]:
    """Judged responses of both models (verdict Refuse / Accept from the judge's error) and their gold refusal."""
    items, gold = [], {}
    for m, (pi, se, sp) in _MODELS.items():
        g = rng.random(n_each) < pi
        judged = np.where(g, rng.random(n_each) < se, rng.random(n_each) >= sp)
        for i in range(n_each):
            it = LabelItem(id=f"{m}:{i}", benchmark="cares_llm", model=m, log_file=f"{m.replace('/', '_')}.eval", sample_id=str(i),
                           prompt="p", response="r", verdict="Refuse" if judged[i] else "Accept", primary_judge="offline")  # fmt: skip
            items.append(it)
            gold[it.id] = bool(g[i])
    return items, gold


def _weighted(drawn: list[dict], gold: dict[str, bool], model: str | None) -> Calibration:
    """The design-weighted calibration of the drawn items of ``model`` (None: all, pooled), as
    judge-eval builds it from a labels file (Hajek Se / Sp with the design's weights)."""
    mine = [d for d in drawn if model is None or d["model"] == model]
    return Calibration.from_weighted([gold[d["id"]] for d in mine], [d["verdict"] == "Refuse" for d in mine],
                                     [d["weight"] for d in mine], positive="refused")  # fmt: skip


def test_per_model_strata_of_the_labelling_sample_give_each_model_a_covering_calibration():
    """The real sampler (medtrust.label.sampling.draw) on a folder of two models: each model draws
    its own share and strata; the embedded model's own design-weighted estimate covers its true
    refusal rate, the policy's estimate and the pooled one do not."""
    reps, n_each = 150, 300
    pi, se, sp = _MODELS["medtrust/embedded"]
    hits = {"own": 0, "other model": 0, "pooled": 0}
    for r in range(reps):
        rng = np.random.default_rng(1000 + r)
        items, gold = _population(rng, n_each)
        design = draw(ItemSet("judge", items, [], {}, []), 100, seed=r)
        # every drawn item sits in a stratum of one model, half of n each
        assert {d["model"] for d in design.items} == set(_MODELS)
        assert sum(d["model"] == "medtrust/embedded" for d in design.items) == 50
        # the run being corrected: the judge's flags on the embedded model's responses
        flags = rng.random(400) < se * pi + (1.0 - sp) * (1.0 - pi)
        for name, model in (("own", "medtrust/embedded"), ("other model", "medtrust/policy/refuse"), ("pooled", None)):
            ci = corrected_rate(flags, _weighted(design.items, gold, model), n_resamples=400, seed=r).corrected
            hits[name] += ci.low <= pi <= ci.high
    cover = {k: v / reps for k, v in hits.items()}
    assert cover["own"] >= 0.91, cover
    assert cover["other model"] < 0.2, cover
    assert cover["pooled"] < 0.7, cover
