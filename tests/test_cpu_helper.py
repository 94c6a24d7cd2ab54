"""tests/helpers/cpu.own_cpu_s: the heap alive before a timed call is frozen during it, the
collector's thresholds are the process's own, and everything is given back afterwards."""

from __future__ import annotations

import gc

from medtrust.gcsettings import run_gc
from tests.helpers.cpu import own_cpu_s


def test_own_cpu_s_freezes_the_earlier_heap_only_during_the_call():
    heap = [[i] for i in range(50_000)]  # alive before the call: a full collection would walk it
    thresholds = gc.get_threshold()
    seen: dict[str, object] = {}

    def call() -> None:
        seen["frozen"] = gc.get_freeze_count()
        seen["thresholds"] = gc.get_threshold()
        seen["collections"] = gc.collect()  # a full collection inside the call still runs

    took = own_cpu_s(call, repeat=2)
    assert seen["frozen"] >= len(heap)
    assert seen["thresholds"] == thresholds  # the call's own garbage is collected as often as anywhere
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == thresholds
    assert 0 <= took < 5


def test_own_cpu_s_runs_the_reset_before_each_call_untimed():
    calls: list[str] = []
    own_cpu_s(lambda: calls.append("call"), before=lambda: calls.append("reset"), repeat=3)
    assert calls == ["reset", "call"] * 3


def test_own_cpu_s_inside_a_frozen_run_leaves_the_freeze_to_its_owner():
    with run_gc(gen0=gc.get_threshold()[0]):
        frozen = gc.get_freeze_count()
        own_cpu_s(lambda: [[i] for i in range(1000)])
        assert gc.get_freeze_count() == frozen  # not unfrozen under run_gc's feet
    assert gc.get_freeze_count() == 0
