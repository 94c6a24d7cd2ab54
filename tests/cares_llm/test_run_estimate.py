"""The CARES-LLM banner's run-time estimate uses the xllamacpp engine's measured speeds
(docs/performance.md), not the old embedded engine's (issue 27)."""

from __future__ import annotations

from medtrust.benchmarks.cares_llm.benchmark import CPU_TOKENS_PER_S, plan, run_time_estimate
from medtrust.options import RunOptions


def test_estimate_by_hand() -> None:
    # 239 samples x 256 tokens = 61,184 tokens: 61184 / 106 / 60 = 9.6 min; / 7.2 / 60 = 141.6 min
    line = run_time_estimate(239, 256, load_average=3.25)
    assert "up to about 10 minutes for 239 samples of at most 256 tokens" in line
    assert "up to about 142 on a busy one" in line
    assert "106 tokens/s at load 2" in line and "7.2 tokens/s at load 12" in line and "load average now 3.2" in line


def test_figures_are_the_ones_in_docs_performance() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "performance.md").read_text()
    (quiet_load, quiet), (busy_load, busy) = CPU_TOKENS_PER_S
    assert f"4 slots {quiet:g}" in doc and f"**{busy:g}** at 4 slots" in doc


def test_full_run_banner_on_the_packaged_model_only() -> None:
    full = plan(RunOptions(full=True, model=["medtrust/embedded"]))
    line = next(b for b in full.banner if "packaged model needs" in b)
    assert "for 239 samples of at most 256 tokens" in line and "roughly" not in line
    assert not any("packaged model needs" in b for b in plan(RunOptions(full=True, model=["mockllm/model"])).banner)
    assert not any("packaged model needs" in b for b in plan(RunOptions(model=["medtrust/embedded"])).banner)  # the quick run
