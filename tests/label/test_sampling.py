"""The sampling design: allocation and selection worked by hand, and a draw from a real log."""

from __future__ import annotations

import json
import math
from collections import Counter

import numpy as np
import pytest

from medtrust.judges.offline import classify_response
from medtrust.label.items import read_items
from medtrust.labelling import judges_disagree
from medtrust.label.sampling import (
    DEFAULT_PRIOR_ERROR,
    allocate,
    draw,
    prior_errors,
    systematic,
)


def test_allocate_neyman_with_floor_by_hand() -> None:
    # a_h = N_h sqrt(q(1-q)): disagreement stratum q=0.5, two agreement strata q=0.15
    s = math.sqrt(0.15 * 0.85)
    # y = 8 a / sum a = (4.308, 3.077, 0.615): stratum 3 is lifted to its floor of 1, the other 7 are
    # shared 5 : 3.571 -> (4.084, 2.916) -> floors (4, 2) + the one left goes to the larger remainder
    assert allocate([10, 10, 2], [5.0, 10 * s, 2 * s], 8) == [4, 3, 1]
    # no bound binds: (1.736, 8.264) -> (1, 8) + 1 to the larger remainder
    assert allocate([3, 20], [1.5, 20 * s], 10) == [2, 8]
    # a stratum smaller than its share is taken whole; the rest goes to the other
    assert allocate([2, 50], [100.0, 1.0], 10) == [2, 8]
    # n at least the population: a census
    assert allocate([2, 3], [1.0, 1.0], 9) == [2, 3]
    # all priorities zero: proportional to size
    assert allocate([10, 30], [0.0, 0.0], 8) == [2, 6]
    with pytest.raises(ValueError, match="smaller than the number of strata"):
        allocate([5, 5, 5], [1, 1, 1], 2)


def test_systematic_sample_gives_every_position_probability_n_over_N() -> None:
    rng = np.random.default_rng(0)
    hits = Counter()
    reps = 4000
    for _ in range(reps):
        pos = systematic(7, 3, rng)
        assert len(pos) == 3 and len(set(pos)) == 3
        hits.update(pos)
    # exact inclusion probability 3/7 = 0.4286 for each of the 7 positions (binomial sd ~ 0.008)
    for p in range(7):
        assert hits[p] / reps == pytest.approx(3 / 7, abs=0.03)
    assert systematic(4, 9, rng) == [0, 1, 2, 3]


def test_disagreement_rule() -> None:
    assert judges_disagree("judge", {"offline": "Accept", "gpt": "Caution"})
    assert not judges_disagree("judge", {"offline": "Caution", "abstention": "Accept", "abstention-official": "Refuse"})
    assert judges_disagree("judge", {"offline": "Refuse", "abstention": "Accept"})
    assert judges_disagree("judge", {"offline": "Accept", "abstention": "Refuse"})
    assert not judges_disagree("judge", {"offline": "Accept", "abstention": "Accept", "majority": "Refuse"})
    assert judges_disagree("judge", {"abstention": "Accept", "abstention-official": "Refuse"})
    assert not judges_disagree("judge", {"offline": None, "abstention": "Refuse"})
    assert judges_disagree("answer", {"g": "correct", "g (official parse)": "incorrect"})
    assert not judges_disagree("answer", {"g": "correct"})


def test_items_from_a_real_log_carry_every_verdict(llm_log) -> None:
    from inspect_ai.log import read_eval_log

    s = read_items([llm_log], "judge")
    log = read_eval_log(str(llm_log))
    assert len(s.items) == len(log.samples) == 60 and s.left_out == {}
    by_id = {x.sample_id: x for x in s.items}
    for sample in log.samples:
        it = by_id[str(sample.id)]
        # the run's own verdict is the logged one; the offline judge recomputed on the same text agrees with it
        assert it.verdict == sample.scores["cares_llm_scorer"].metadata["label"]
        assert it.verdicts["offline"] == classify_response(it.prompt, it.response).label == it.verdict
        assert it.response == sample.output.completion
        assert it.strata == {"harm_level": int(sample.metadata["harmful_level"])}
        assert it.order == sample.metadata["method"] and it.primary_judge == "offline"
    # the premise rejection is exactly the disagreement: the offline judge calls it Refuse, the
    # abstention detectors see no abstention (with one shared refusal detector, the "I don't
    # know the dose, but ..." answer is Caution for the judge and no abstention: no disagreement)
    clash = {"There is no reason why that would be true; the claim is not accurate."}
    assert {x.id for x in s.items if x.disagree} == {x.id for x in s.items if x.response in clash}


def test_draw_records_strata_and_inclusion_probabilities(llm_log) -> None:
    s = read_items([llm_log], "judge")
    d = draw(s, 20, seed=3)
    rec = d.as_record()
    assert rec["format"] == "medtrust-labels" and rec["task"] == "judge" and rec["n"] == len(rec["items"]) == 20
    assert sum(st["N"] for st in rec["strata"]) == 60 and sum(st["n"] for st in rec["strata"]) == 20
    # 20 // 2 = 10 strata at most: the finest key (disagree, verdict, harm level) is coarsened when it has more
    finest = len({(x.disagree, x.verdict, x.strata["harm_level"]) for x in s.items})
    assert rec["stratify_by"] == (["disagree", "verdict", "harm_level"] if finest <= 10 else ["disagree", "verdict"])
    for it in rec["items"]:
        st = rec["strata"][it["stratum"]]
        assert it["inclusion_probability"] == pytest.approx(st["n"] / st["N"])
        assert it["weight"] == pytest.approx(st["N"] / st["n"])
        assert "verdict" in it and it["id"].startswith(rec["population"]["logs"][0]["sha256"][:8] + ":")
    # weights of the drawn items of a stratum add up to its population size (Horvitz-Thompson)
    for h, st in enumerate(rec["strata"]):
        assert sum(it["weight"] for it in rec["items"] if it["stratum"] == h) == pytest.approx(st["N"])
        assert st["q"] == pytest.approx(0.5 if st["key"]["disagree"] else DEFAULT_PRIOR_ERROR)
    # disagreement strata are sampled at a higher rate than agreement strata (q = 0.5 vs 0.15)
    rate = lambda dis: sum(st["n"] for st in rec["strata"] if st["key"]["disagree"] is dis) / sum(st["N"] for st in rec["strata"] if st["key"]["disagree"] is dis)  # noqa: E731
    assert rate(True) > rate(False)
    # same seed, same sample; another seed, another
    assert [x["id"] for x in draw(s, 20, seed=3).items] == [x["id"] for x in d.items]
    assert [x["id"] for x in draw(s, 20, seed=4).items] != [x["id"] for x in d.items]
    json.dumps(rec)  # the design is JSON
    assert draw(s, 500, seed=0).n == 60  # a census when n exceeds the population


def test_prior_errors_from_an_earlier_calibration(tmp_path) -> None:
    # rows people A/C/R, columns judge: the judge said Accept 10 times, people agreed 8 times -> q = 0.2;
    # Caution 4 times, people agreed once -> 0.75 clipped to 0.5; Refuse never said -> default
    cal = {"judges": {"offline": {"reports": [{"group": "overall", "labels": ["Accept", "Caution", "Refuse"],
                                               "confusion": [[8, 1, 0], [1, 1, 0], [1, 2, 0]]}]}}}
    p = tmp_path / "cal.json"
    p.write_text(json.dumps(cal))
    got = prior_errors(str(p), "offline", ["Accept", "Caution", "Refuse"])
    assert got["q"] == {"Accept": pytest.approx(0.2), "Caution": 0.5, "Refuse": DEFAULT_PRIOR_ERROR}
    from medtrust.data.records import DataError

    with pytest.raises(DataError, match="judge 'gpt' not in file"):
        prior_errors(str(p), "gpt", ["Accept"])


def test_answer_task_needs_free_form_answers(llm_log) -> None:
    with pytest.raises(ValueError, match="no item to label for task 'answer'.*CARES-LLM has no answer-task items: 60"):
        read_items([llm_log], "answer")


def test_open_ended_grades_map_to_answer_labels() -> None:
    from types import SimpleNamespace

    from inspect_ai.log import EvalSample
    from inspect_ai.model import ModelOutput
    from inspect_ai.scorer import Score

    from medtrust.benchmarks.cares_vlm.labelling import read_item
    from medtrust.labelling import LogSource

    def _vlm_item(task, s, log, sha, name):
        return read_item(s, LogSource(log, name, sha, "cares_vlm", task))

    log = SimpleNamespace(eval=SimpleNamespace(model="m", model_roles={"grader": SimpleNamespace(model="openai/judge")}))

    def sample(outcome: str, grade, official, sid: str = "s") -> EvalSample:
        meta = {"outcome": outcome, "abstained": outcome == "abstained", "abstained_official": False, "judge_score": grade,
                "judge_score_official": official}
        return EvalSample(id=sid, epoch=1, input="What is shown?", target="effusion", output=ModelOutput.from_content("m", "an effusion"),
                          metadata={"source": "mimic", "variant": "factuality", "answer_type": "open_ended", "gold": "effusion",
                                    "image_path": "/x/a.png", "image_sha256": "ab"},
                          scores={"cares_vlm_scorer": Score(value=0.5, metadata=meta)})  # fmt: skip

    it = _vlm_item("answer", sample("partial", 5.0, 5.0), log, "0" * 64, "a.eval")
    assert (it.verdict, it.primary_judge, it.disagree, it.reference) == ("correct", "openai/judge", False, "Reference answer: effusion")
    it = _vlm_item("answer", sample("partial", 4.0, 6.0), log, "0" * 64, "a.eval")  # medtrust's grade 4 vs the official parse's 6
    assert it.verdict == "incorrect" and it.disagree and it.verdicts == {"openai/judge": "incorrect", "openai/judge (official parse)": "correct"}
    assert _vlm_item("answer", sample("abstained", None, None), log, "0" * 64, "a.eval").verdict == "no_answer"
    assert _vlm_item("answer", sample("judge_error", None, None), log, "0" * 64, "a.eval") == "no verdict (judge_error)"
    assert _vlm_item("judge", sample("partial", 4.0, 6.0), log, "0" * 64, "a.eval").verdict == "Accept"
