"""medtrust.gcsettings.run_gc: a run's garbage-collector settings, and everything given back after."""

from __future__ import annotations

import gc

from medtrust.gcsettings import GEN0_THRESHOLD, run_gc


def test_run_gc_freezes_the_heap_raises_gen0_and_restores_both():
    before, frozen_before = gc.get_threshold(), gc.get_freeze_count()
    alive = [object() for _ in range(1000)]  # noqa: F841 - alive at entry: frozen
    with run_gc():
        assert gc.get_threshold() == (GEN0_THRESHOLD, before[1], before[2])
        assert gc.get_freeze_count() > frozen_before + 1000
        with run_gc(gen0=5):  # nested: the outer settings stay
            assert gc.get_threshold()[0] == GEN0_THRESHOLD
        assert gc.get_threshold()[0] == GEN0_THRESHOLD
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_run_gc_restores_after_an_error_and_still_collects_cycles():
    before = gc.get_threshold()

    class Node:
        pass

    try:
        with run_gc(gen0=10):
            a, b = Node(), Node()
            a.other, b.other = b, a  # a cycle made during the run: garbage once dropped
            del a, b
            assert gc.collect() >= 2  # collections still find it, only less often
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_run_gc_without_collect_freezes_without_a_full_pass():
    alive = [object() for _ in range(1000)]  # noqa: F841 - alive at entry: frozen
    full_passes = gc.get_stats()[2]["collections"]
    with run_gc(gen0=gc.get_threshold()[0], collect=False):
        assert gc.get_stats()[2]["collections"] == full_passes  # no full collection at entry
        assert gc.get_freeze_count() > 1000
    assert gc.get_freeze_count() == 0
    full_passes = gc.get_stats()[2]["collections"]
    with run_gc(gen0=gc.get_threshold()[0]):
        assert gc.get_stats()[2]["collections"] == full_passes + 1  # the default collects once
