"""Acceptance: GPT-4o's real MediConfusion outputs (a third-party run of the official code) replayed
through medtrust's parser, threshold rule and metrics reproduce every stored per-pair score and
the official totals exactly. Data: ../shared/data/mediconfusion/peer_results/ (not shipped)."""

from __future__ import annotations

import json

import pytest

from medtrust.benchmarks.mediconfusion.dataset import load_pairs
from medtrust.benchmarks.mediconfusion.extract import lenient_choice, official_choice
from medtrust.benchmarks.mediconfusion.metrics import group_pairs, official_metrics, pair_score, total_scores
from medtrust.benchmarks.mediconfusion.replay import load_official_results, replay_ff, replay_mc

PAIRS = load_pairs()


def _peer(shared_data, name):
    return shared_data / "mediconfusion" / "peer_results" / name


@pytest.mark.parametrize(
    "results, totals, expected",
    [
        ("gpt_mc.json", "gpt_mc_score.json", {"set_score": 30, "individual_score": 189, "confused": 116, "invalid": 20, "valids": 157, "valid_pairs": 41}),
        ("gpt_mc@9316769.json", "gpt_mc_score@9316769.json", {"set_score": 36, "individual_score": 201, "confused": 117, "invalid": 15, "valids": 161, "valid_pairs": 44}),
    ],
)
def test_mc_replay_exact(shared_data, results, totals, expected):
    res = load_official_results(_peer(shared_data, results))
    assert len(res) == 176
    # image-level: our official detector gives the stored 10/0 scores for every raw text
    for pid, entry in res.items():
        for im in ("im1", "im2"):
            a = entry["answer"][im]["answer"]
            c = official_choice(a["full_answer"])
            assert (c.score_a, c.score_b) == (a["A"], a["B"]), (pid, im, a["full_answer"])
    pairs = group_pairs(replay_mc(res, PAIRS))
    for c1, c2 in pairs:
        assert pair_score(c1, c2) == res[c1.pair_id]["score"], c1.pair_id
    tot = total_scores(pairs)
    assert tot == json.loads(_peer(shared_data, totals).read_text())  # all categories, all counters
    assert {k: v["total"] for k, v in tot.items()} == expected


def test_mc_replay_headline_numbers(shared_data):
    m = official_metrics(group_pairs(replay_mc(load_official_results(_peer(shared_data, "gpt_mc.json")), PAIRS)))
    assert m.set_accuracy == pytest.approx(100 * 30 / 176)
    assert m.individual_accuracy == pytest.approx(100 * 189 / 352)
    assert m.confusion == pytest.approx(100 * 116 / 157)
    assert m.invalid_rate == pytest.approx(100 * 20 / 352)
    assert m.per_category["Cerebral"]["set_accuracy"] == pytest.approx(100 * 15 / 79)


def test_ff_replay_exact(shared_data):
    res = load_official_results(_peer(shared_data, "gpt_gpt4.json"))
    pairs = group_pairs(replay_ff(res, PAIRS, tr=3))
    for c1, c2 in pairs:
        assert pair_score(c1, c2) == res[c1.pair_id]["score"], c1.pair_id
    tot = total_scores(pairs)
    assert tot == json.loads(_peer(shared_data, "gpt_gpt4_score.json").read_text())
    t = {k: v["total"] for k, v in tot.items()}
    assert (t["set_score"], t["individual_score"], t["invalid"]) == (5, 85, 202)
    # a lower threshold decides more images: tr=1 leaves only the ties invalid
    ties = sum(res[p]["answer"][im]["A"] == res[p]["answer"][im]["B"] for p in res for im in ("im1", "im2"))
    assert total_scores(group_pairs(replay_ff(res, PAIRS, tr=1)))["invalid"]["total"] == ties


def test_lenient_parser_differences_on_gpt4o(shared_data):
    """The lenient parser agrees with the official one on every GPT-4o MC letter; it only labels
    the 20 undecided replies (all "I'm unable to ..."/"I'm sorry") as refusals."""
    res = load_official_results(_peer(shared_data, "gpt_mc.json"))
    pairs_off = replay_mc(res, PAIRS, parser="official")
    pairs_len = replay_mc(res, PAIRS, parser="lenient")
    assert [c.choice for c in pairs_off] == [c.choice for c in pairs_len]
    reasons = [
        lenient_choice(res[c.pair_id]["answer"][f"im{c.slot}"]["answer"]["full_answer"]).reason for c in pairs_off if c.choice == "-"
    ]
    assert len(reasons) == 20 and set(reasons) == {"refusal"}
