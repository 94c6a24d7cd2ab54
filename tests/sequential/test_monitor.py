"""The early-stopping manager (medtrust.sequential.monitor) on hand-made samples and scores:
results used in the planned order whatever order they finish in, errored samples, the budget,
``until``, criteria that cannot be decided, corrected shares."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import pytest

from medtrust.benchmarks.interface import SampleShare, SequentialTerms
from medtrust.judges.correction import Calibration
from medtrust.report.criteria import Criterion
from medtrust.sequential.monitor import SequentialMonitor
from medtrust.sequential.task import cluster_order


def share(metric: str, group: str | None) -> SampleShare | None:
    if metric != "rate":
        return None
    return SampleShare(member=lambda m: group is None or m["g"] == group.partition("=")[2],
                       value=lambda m, scores: scores["s"].value if scores else None)  # fmt: skip


TERMS = SequentialTerms(cluster=lambda m: m["c"], share=share)


def crit(cid: str, op: str, t: float, group: str | None = None, metric: str = "rate") -> Criterion:
    return Criterion(id=cid, description="", benchmark="b", metric=metric, op=op, threshold=t, group=group)


def samples(values: list[list[float]]) -> tuple[list[SimpleNamespace], dict[str, float]]:
    """Clusters of samples with their values: ids c<i>-<j>."""
    out, vals = [], {}
    for i, cl in enumerate(values):
        for j, v in enumerate(cl):
            sid = f"c{i}-{j}"
            out.append(SimpleNamespace(id=sid, metadata={"c": f"c{i}", "g": "a" if j == 0 else "b"}))
            vals[sid] = v
    return out, vals


def run(monitor: SequentialMonitor, smp: list[SimpleNamespace], vals: dict[str, float], order: list[str] | None = None,
        errored: set[str] = frozenset(), serial: bool = False) -> tuple[dict, list]:  # fmt: skip
    """Schedule every sample in dataset order (as inspect does) and complete them in ``order``;
    ``serial``: one at a time (schedule, complete, schedule ...), as with one connection."""

    async def finish(sid: str) -> None:
        if sid in errored:
            monitor.sample_failed(sid)
        else:
            await monitor.complete_sample(sid, 1, {"s": SimpleNamespace(score=SimpleNamespace(value=vals[sid]))})

    async def go():
        await monitor.start_task(SimpleNamespace(model="m", eval_id="e1"), smp, 1)
        if serial:
            stops = []
            for s in smp:
                stops.append(await monitor.schedule_sample(s.id, 1))
                if stops[-1] is None:
                    await finish(s.id)
            return await monitor.complete_task(), stops
        stops = [await monitor.schedule_sample(s.id, 1) for s in smp]
        ran = [s.id for s, st in zip(smp, stops) if st is None]
        for sid in order or ran:
            if sid in ran:
                await finish(sid)
        return await monitor.complete_task(), stops

    return asyncio.run(go())


def test_finishing_order_never_changes_the_decisions():
    rng = random.Random(0)
    smp, vals = samples([[float(rng.random() < 0.6) for _ in range(rng.randint(1, 3))] for _ in range(60)])
    ids = [s.id for s in smp]
    base, _ = run(SequentialMonitor([crit("r", "at_most", 0.2)], TERMS, until="all"), smp, vals)
    for seed in range(3):
        shuffled = ids[:]
        random.Random(seed).shuffle(shuffled)
        other, _ = run(SequentialMonitor([crit("r", "at_most", 0.2)], TERMS, until="all"), smp, vals, order=shuffled)
        assert other["criteria"] == base["criteria"]
    assert base["criteria"][0]["verdict"] == "FAIL" and base["case"] == "FAIL"


def test_a_cluster_waits_for_an_earlier_slow_sample():
    smp, vals = samples([[1.0], [1.0], [1.0], [1.0]])
    m = SequentialMonitor([crit("r", "at_most", 0.05)], TERMS)

    async def go():
        await m.start_task(SimpleNamespace(model="m", eval_id="e2"), smp, 1)
        for sid in ("c1-0", "c2-0", "c3-0"):  # the first sample is still running
            await m.complete_sample(sid, 1, {"s": SimpleNamespace(score=SimpleNamespace(value=1.0))})
        assert m.next_cluster == 0 and m.states[0].verdict is None  # nothing used out of order
        await m.complete_sample("c0-0", 1, {"s": SimpleNamespace(score=SimpleNamespace(value=1.0))})
        return m

    m = asyncio.run(go())
    # t = 0.05: all ones reach 2/alpha at the third observation (tests/sequential/test_betting.py, by hand)
    assert m.states[0].verdict == "FAIL" and m.states[0].reached["members"] == 3 and m.case == "FAIL"


def test_once_decided_every_later_sample_is_skipped_with_the_reason():
    smp, vals = samples([[1.0]] * 10)
    meta, stops = run(SequentialMonitor([crit("r", "at_most", 0.05)], TERMS), smp, vals, serial=True)
    assert [s is None for s in stops] == [True] * 3 + [False] * 7
    assert all(s.reason == "case decided: FAIL (r FAIL)" for s in stops[3:])
    assert meta["skipped"] == 7 and meta["used"]["samples"] == 3 and meta["stopped_at"]["fraction_used"] == 0.3


def test_errored_samples_are_non_answers_and_do_not_stall():
    smp, vals = samples([[1.0]] * 6)
    meta, _ = run(SequentialMonitor([crit("r", "at_most", 0.05)], TERMS), smp, vals, errored={"c0-0", "c1-0"})
    r = meta["criteria"][0]
    # two errors (left out of the denominator), then three ones decide it
    assert (r["verdict"], r["members"], r["samples_run"]) == ("FAIL", 3, 5)


def test_budget_skips_whole_clusters_and_leaves_undecided_criteria_inconclusive():
    smp, vals = samples([[0.0, 1.0]] * 10)
    meta, stops = run(SequentialMonitor([crit("r", "at_most", 0.5)], TERMS, budget=5), smp, vals)
    assert sum(s is None for s in stops) == 4  # two clusters of 2 fit in 5 samples, the third would not
    assert all("budget" in s.reason for s in stops if s is not None)
    r = meta["criteria"][0]
    assert r["verdict"] == "INCONCLUSIVE" and "within the budget of 5 samples" in r["reason"] and r["fraction_used"] == 0.2


def test_until_all_goes_on_after_a_fail_and_a_criterion_that_is_no_share_blocks_a_pass():
    rng = random.Random(1)
    smp, vals = samples([[1.0, float(rng.random() < 0.05)] for _ in range(200)])
    crits = [crit("a-high", "at_most", 0.2, group="g=a"), crit("b-low", "at_most", 0.5, group="g=b")]
    decided, _ = run(SequentialMonitor(crits, TERMS), smp, vals, serial=True)
    assert decided["case"] == "FAIL" and decided["criteria"][1]["verdict"] == "INCONCLUSIVE"
    everything, _ = run(SequentialMonitor(crits, TERMS, until="all"), smp, vals, serial=True)
    assert [c["verdict"] for c in everything["criteria"]] == ["FAIL", "PASS"]
    assert everything["used"]["samples"] > decided["used"]["samples"]
    # a criterion that is not a per-sample share: NOT_EVALUATED, so the case cannot PASS; the run stops
    # once the others are decided (more samples could not change the case)
    passing = [crit("b-low", "at_most", 0.5, group="g=b"), crit("gap", "at_most", 5.0, metric="gap")]
    meta, _ = run(SequentialMonitor(passing, TERMS), smp, vals, serial=True)
    assert [c["verdict"] for c in meta["criteria"]] == ["PASS", "NOT_EVALUATED"] and meta["case"] == "INCONCLUSIVE"
    assert meta["used"]["samples"] < len(smp) and meta["stop_reason"].endswith("(case INCONCLUSIVE)")
    assert "not a share of per-sample values" in meta["criteria"][1]["reason"]


def test_a_corrected_share_needs_the_observed_flags_beyond_the_calibration_box():
    smp, vals = samples([[1.0]] * 40)
    exact = Calibration("accepted", tp=5000, fn=0, tn=5000, fp=0)
    loose = Calibration("accepted", tp=60, fn=40, tn=60, fp=40)  # Se = Sp = 0.6: the box reaches Se + Sp <= 1
    c = crit("r", "at_most", 0.05)
    meta, _ = run(SequentialMonitor([c], TERMS, calibrations={"r": exact}), smp, vals)
    r = meta["criteria"][0]
    assert r["verdict"] == "FAIL" and r["corrected"] and r["calibration"]["t_high"] == pytest.approx(0.05, abs=0.002)
    assert r["estimate_corrected"] == pytest.approx(1.0)
    meta, _ = run(SequentialMonitor([c], TERMS, calibrations={"r": loose}), smp, vals)
    r = meta["criteria"][0]
    assert not r["corrected"] and "raw rate used" in r["note"] and r["verdict"] == "FAIL"


def test_more_than_one_epoch_is_refused():
    smp, _ = samples([[1.0]])
    with pytest.raises(ValueError, match="one epoch"):
        asyncio.run(SequentialMonitor([crit("r", "at_most", 0.05)], TERMS).start_task(SimpleNamespace(model="m", eval_id="x"), smp, 2))


def test_cluster_order_keeps_clusters_whole_and_is_fixed_by_the_seed():
    keys = ["a", "b", "a", "c", "b", "a"]
    order = cluster_order(keys, 3)
    assert sorted(order) == list(range(6)) and order == cluster_order(keys, 3)
    seen = [keys[i] for i in order]
    assert seen == sorted(seen, key=lambda k: seen.index(k))  # each cluster contiguous
    assert [i for i in order if keys[i] == "a"] == [0, 2, 5]  # members in dataset order
    assert {tuple(cluster_order(keys, s)) for s in range(20)} != {tuple(order)}
