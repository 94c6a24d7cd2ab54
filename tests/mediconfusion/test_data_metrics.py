"""Dataset loading and the official metrics: real rows, hand-made cases, trivial policies."""

from __future__ import annotations

import csv
import json
import random

import pytest

from medtrust.benchmarks.mediconfusion.dataset import (
    CATEGORIES,
    category_denominators,
    load_pairs,
    packaged_file,
    resolve_image,
)
from medtrust.benchmarks.mediconfusion.metrics import (
    ImageChoice,
    group_pairs,
    headline_cis,
    official_metrics,
    pair_score,
    swap_metrics,
)
from medtrust.data.records import DataError, sha256_file

PAIRS = load_pairs()


def test_packaged_files_identical_to_shared(shared_data):
    for name in ("dataset.json", "image_dict.json", "statistics.json"):
        assert sha256_file(packaged_file(name)) == sha256_file(shared_data / "mediconfusion" / name)


def test_pairs_real_rows():
    assert len(PAIRS) == 176
    assert PAIRS[0].pair_id == "10001" and PAIRS[-1].pair_id == "10176"
    p = PAIRS[0]
    assert p.locals == (20192, 20053)
    assert p.images[0] == "train/radiology/images/ROCO_28778.jpg"
    assert p.categories == (("Cerebral", "Vascular"), ("Cerebral", "Vascular"))
    assert p.gold == ("A", "B")
    assert p.option_b == "Showing an aggravating pseudoaneurysm"
    golds = [q.gold for q in PAIRS]
    assert golds.count(("A", "B")) == 88 and golds.count(("B", "A")) == 88
    assert len({loc for q in PAIRS for loc in q.locals}) == 228


def test_category_denominators_equal_official_statistics(shared_data):
    official = json.loads((shared_data / "mediconfusion" / "statistics.json").read_text())
    ours = category_denominators(PAIRS)
    assert ours == official
    assert ours["Cerebral"] == 79 and ours["Nuclear Medicine"] == 14 and sum(ours.values()) == 441


def test_official_csv_layout(tmp_path):
    # The official dataset.csv: unnamed pandas index, `id`, then fields; lists as Python literals.
    raw = json.loads(packaged_file("dataset.json").read_text())
    fields = list(next(iter(raw.values())).keys())
    path = tmp_path / "dataset.csv"
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["", "id", *fields])
        for i, (pid, row) in enumerate(raw.items()):
            w.writerow([i, pid, *[repr(row[k]) if isinstance(row[k], list) else row[k] for k in fields]])
    pairs = load_pairs(path)
    assert pairs == PAIRS or [(p.pair_id, p.categories, p.gold, p.locals, p.question) for p in pairs] == [
        (p.pair_id, p.categories, p.gold, p.locals, p.question) for p in PAIRS
    ]
    bad = tmp_path / "bad.csv"
    text = path.read_text().replace("\"['Cerebral', 'Vascular']\"", "\"__import__('os')\"", 1)
    bad.write_text(text)
    with pytest.raises(DataError, match=r"line 2: field 'category_1': not a list literal"):
        load_pairs(bad)


def test_data_errors_name_field(tmp_path):
    raw = json.loads(packaged_file("dataset.json").read_text())
    one = {"10001": dict(raw["10001"], im_2_correct="A")}
    p = tmp_path / "d.json"
    p.write_text(json.dumps(one))
    with pytest.raises(DataError, match="field 'im_2_correct'.*opposite"):
        load_pairs(p)
    del one["10001"]["question"]
    p.write_text(json.dumps(one))
    with pytest.raises(DataError, match="line 1: field 'question': missing value"):
        load_pairs(p)


def test_resolve_image_both_layouts(tmp_path):
    pair = PAIRS[0]
    assert resolve_image(tmp_path, pair, 0) is None
    (tmp_path / "20192.jpg").write_bytes(b"x")
    assert resolve_image(tmp_path, pair, 0) == tmp_path / "20192.jpg"
    roco = tmp_path / "roco-dataset" / "data" / "train" / "radiology" / "images"
    roco.mkdir(parents=True)
    (roco / "ROCO_62117.jpg").write_bytes(b"x")
    assert resolve_image(tmp_path, pair, 1) == roco / "ROCO_62117.jpg"
    (tmp_path / "10053.jpg").write_bytes(b"x")  # old ids = current - 10000
    assert resolve_image(tmp_path, pair, 1) == tmp_path / "10053.jpg"


# --- metrics -------------------------------------------------------------------------------


def _choices(policy):
    out = []
    for p in PAIRS:
        for slot in (1, 2):
            out.append(ImageChoice(p.pair_id, slot, p.gold[slot - 1], policy(p, slot), p.categories[slot - 1]))
    return group_pairs(out)


def test_always_a_exact():
    m = official_metrics(_choices(lambda p, s: "A"))
    assert (m.set_accuracy, m.individual_accuracy, m.confusion, m.invalid_rate) == (0.0, 50.0, 100.0, 0.0)
    assert m.counts["confused"]["total"] == 176 and m.counts["valids"]["total"] == 176
    assert m.precision is None  # no valid, non-confused pair


def test_perfect_exact():
    m = official_metrics(_choices(lambda p, s: p.gold[s - 1]))
    assert (m.set_accuracy, m.individual_accuracy, m.confusion, m.invalid_rate, m.precision) == (100.0, 100.0, 0.0, 0.0, 100.0)
    for cat in CATEGORIES:
        assert m.per_category[cat]["set_accuracy"] == 100.0


def test_coin_flip_near_25():
    sets = []
    for seed in range(200):
        rng = random.Random(seed)
        sets.append(official_metrics(_choices(lambda p, s: rng.choice("AB"))).set_accuracy)
    mean = sum(sets) / len(sets)
    assert 24.0 < mean < 26.0  # expectation 25, s.e. of the mean over 200 seeds ~0.23


def test_confusion_denominator_excludes_invalid_pairs():
    # hand-made: 4 pairs. p1 A/A (confused), p2 A/- (invalid, not in denominator), p3 right, p4 swapped
    c = [
        ImageChoice("1", 1, "A", "A", ("Cardiac",)), ImageChoice("1", 2, "B", "A", ("Cardiac",)),
        ImageChoice("2", 1, "A", "A", ("Spinal",)), ImageChoice("2", 2, "B", "-", ("Spinal",)),
        ImageChoice("3", 1, "B", "B", ("Cardiac",)), ImageChoice("3", 2, "A", "A", ("Pulmonary",)),
        ImageChoice("4", 1, "A", "B", ("Cardiac",)), ImageChoice("4", 2, "B", "A", ("Cardiac",)),
    ]  # fmt: skip
    m = official_metrics(group_pairs(c))
    assert m.counts["confused"]["total"] == 1 and m.counts["valids"]["total"] == 3
    assert m.confusion == pytest.approx(100 / 3)  # not 1/4
    assert m.confusion_all_pairs == 25.0
    assert m.set_accuracy == 25.0 and m.individual_accuracy == 50.0 and m.invalid_rate == 12.5
    assert m.precision == 50.0  # 1 set-correct of 2 valid non-confused pairs
    # per category, official weighting: Cardiac on both images of p1 and p4 adds 2 each
    assert m.counts["confused"]["Cardiac"] == 2 and m.counts["valids"]["Cardiac"] == 5
    assert m.per_category["Cardiac"]["confusion"] == pytest.approx(40.0)
    assert m.per_category["Spinal"]["invalid_rate"] == 50.0  # 1 of 2 Spinal images
    assert m.per_category["Pulmonary"]["set_accuracy"] == 100.0


def test_pair_score_matches_official_shape():
    p = PAIRS[0]
    s = pair_score(ImageChoice("10001", 1, "A", "A", p.categories[0]), ImageChoice("10001", 2, "B", "B", p.categories[1]))
    assert s["set_score"]["Cerebral"] == 2 and s["set_score"]["total"] == 1
    assert s["individual_score"]["Vascular"] == 2 and s["individual_score"]["total"] == 2
    assert s["valid_pairs"]["total"] == 1 and s["confused"]["total"] == 0


def _wilson(k: float, n: float, z: float = 1.959963984540054) -> tuple[float, float]:
    # Wilson (1927): (p + z^2/2n +- z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n), written out here
    p = k / n
    c, h = p + z * z / (2 * n), z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (c - h) / (1 + z * z / n), (c + h) / (1 + z * z / n)


def test_headline_cis_by_pair():
    """Every headline metric is a proportion with the pair-clustered Wilson interval (CIs changed
    from the pair bootstrap: values recomputed by hand with Wilson's formula)."""
    rng = random.Random(3)
    pairs = _choices(lambda p, s: rng.choice("AB"))
    cis = headline_cis(pairs)
    m = official_metrics(pairs)
    k_set = m.counts["set_score"]["total"]
    assert 100 * cis["set_accuracy"].estimate == pytest.approx(m.set_accuracy)
    assert 100 * cis["confusion"].estimate == pytest.approx(m.confusion)
    assert cis["set_accuracy"].n_clusters == 176 and cis["set_accuracy"].n_eff == 176  # one value per pair: plain Wilson
    assert (cis["set_accuracy"].low, cis["set_accuracy"].high) == pytest.approx(_wilson(k_set, 176), abs=1e-12)
    # confusion: a proportion of the pairs with both answers valid (all of them here)
    assert (cis["confusion"].low, cis["confusion"].high) == pytest.approx(_wilson(m.counts["confused"]["total"], 176), abs=1e-12)
    # always "A": confused on every pair. The interval is no longer the zero-width [100, 100]:
    # 176 / (176 + z^2) = 0.978640 is Wilson's lower bound at p = 1
    always_a = headline_cis(_choices(lambda p, s: "A"))
    assert (always_a["confusion"].low, always_a["confusion"].high) == (pytest.approx(176 / (176 + 1.959963984540054**2), abs=1e-12), 1.0)
    assert always_a["confusion"].low == pytest.approx(0.978640, abs=1e-6)
    # individual accuracy: 176 of 352 images right, the two images of a pair in one cluster.
    # Each pair has exactly one right image, so the pair totals have no spread: the design effect
    # is floored at 1 and n_eff = 352 images
    ind = always_a["individual_accuracy"]
    assert ind.estimate == 0.5 and ind.n == 352 and ind.n_clusters == 176 and ind.n_eff == 352
    assert (ind.low, ind.high) == pytest.approx(_wilson(176, 352), abs=1e-12)
    # precision: no pair with two different valid answers -> undefined, never 0
    assert always_a["precision"].n == 0 and always_a["precision"].estimate != always_a["precision"].estimate  # NaN


def test_confusion_without_valid_pairs_is_undefined_not_zero():
    """0 valid pairs: confusion is undefined (None); the official score files write 0, which
    zero_when_undefined=True reproduces for comparisons with them."""
    pairs = _choices(lambda p, s: "-")[:3]
    m = official_metrics(pairs)
    assert m.confusion is None and m.precision is None
    assert m.invalid_rate == 100.0 and m.set_accuracy == 0.0
    assert all(pc["confusion"] is None for pc in m.per_category.values())
    faithful = official_metrics(pairs, zero_when_undefined=True)
    assert faithful.confusion == 0.0 and all(pc["confusion"] == 0.0 for pc in faithful.per_category.values())
    # one pair with both valid, one not: confusion is 1 of 1 valid pair, not of 2 pairs
    mixed = [pairs[0], (ImageChoice(pairs[1][0].pair_id, 1, pairs[1][0].gold, "A", ()), ImageChoice(pairs[1][1].pair_id, 2, pairs[1][1].gold, "A", ()))]
    assert official_metrics(mixed).confusion == 100.0 and official_metrics(mixed).confusion_all_pairs == 50.0


def test_swap_metrics_hand_made():
    # image always answers by position "A" in both orders -> fully position-biased
    orig = [c for pair in _choices(lambda p, s: "A") for c in pair]
    swp = [ImageChoice(c.pair_id, c.slot, "B" if c.gold == "A" else "A", "A", c.categories) for c in orig]
    sm = swap_metrics(orig, swp)
    assert sm.a_rate == 100.0 and sm.position_bias == 50.0
    assert sm.order_consistency == 0.0 and sm.set_accuracy_both_orders == 0.0
    # content-consistent perfect model
    orig = [c for pair in _choices(lambda p, s: p.gold[s - 1]) for c in pair]
    swp = [ImageChoice(c.pair_id, c.slot, "B" if c.gold == "A" else "A", "B" if c.gold == "A" else "A", c.categories) for c in orig]
    sm = swap_metrics(orig, swp)
    assert (sm.set_accuracy_both_orders, sm.a_rate, sm.position_bias, sm.order_consistency) == (100.0, 50.0, 0.0, 100.0)
