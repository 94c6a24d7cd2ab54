"""The benchmark registry: every benchmark medtrust knows, one line each.

The CLI, the runner, resume, rescore, labelling, the report and its criteria, and the inspect
entry point loop over :data:`BENCHMARKS` and never name a benchmark; the first one is the
default of `medtrust run`. To add one: write its folder (``benchmarks/<name>/benchmark.py`` exporting a
:class:`~medtrust.benchmarks.interface.Benchmark` as ``BENCHMARK``) and add one line below.
Code outside the package (a plugin, a test) calls :func:`register` instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from medtrust.benchmarks.cares_llm.benchmark import BENCHMARK as CARES_LLM
from medtrust.benchmarks.cares_vlm.benchmark import BENCHMARK as CARES_VLM
from medtrust.benchmarks.interface import Benchmark, JudgeSpec, benchmark_name_of
from medtrust.benchmarks.mediconfusion.benchmark import BENCHMARK as MEDICONFUSION
from medtrust.suggest import closest

if TYPE_CHECKING:
    from inspect_ai.log import EvalLog

#: Every registered benchmark, in the order `medtrust list` and the scorecard show them.
BENCHMARKS: list[Benchmark] = [CARES_LLM, CARES_VLM, MEDICONFUSION]


def register(benchmark: Benchmark) -> Benchmark:
    """Add (or replace, by name) a benchmark at run time; returns it.

    Its tasks are not registered with inspect by this call: decorate them with ``@task`` in a
    module that is imported (inspect's registry is global).
    """
    BENCHMARKS[:] = [b for b in BENCHMARKS if b.name != benchmark.name] + [benchmark]
    return benchmark


def unregister(name: str) -> None:
    """Remove a benchmark added with :func:`register` (tests)."""
    BENCHMARKS[:] = [b for b in BENCHMARKS if b.name != name]


def find_benchmark(name: str) -> Benchmark | None:
    """The registered benchmark called ``name`` (either spelling, ``a_b`` or ``a-b``), or None."""
    return next((b for b in BENCHMARKS if name in (b.name, b.cli_name)), None)


def closest_benchmarks(name: str) -> list[Benchmark]:
    """The registered benchmarks whose command-line spelling is closest to a misspelt ``name``
    (medtrust.suggest.closest: difflib's ratio, at least 0.6, every tie kept), or []."""
    known = {b.cli_name: b for b in BENCHMARKS}
    return [known[c] for c in closest(name.replace("_", "-").lower(), list(known))]


def did_you_mean(name: str, *, cli_spelling: bool = True) -> str:
    """`` (did you mean '<closest>'?)`` for a misspelt benchmark name (:func:`closest_benchmarks`;
    ``'a' or 'b'`` when two are equally close), in the command-line spelling or, with
    ``cli_spelling=False``, as ``Benchmark.name``; ``""`` when none is close."""
    close = closest_benchmarks(name)
    if not close:
        return ""
    return " (did you mean " + " or ".join(f"'{b.cli_name if cli_spelling else b.name}'" for b in close) + "?)"


def get_benchmark(name: str | None = None) -> Benchmark:
    """The benchmark called ``name`` (``cares-llm`` and ``cares_llm`` both work); None = the
    default (the first registered, `medtrust run`'s default).

    Raises:
        ValueError: unknown name; the message lists the known names and the closest one.
    """
    if name is None:
        if not BENCHMARKS:
            raise ValueError("no benchmark is registered")
        return BENCHMARKS[0]
    found = find_benchmark(name)
    if found is None:
        raise ValueError(f"unknown benchmark '{name}'{did_you_mean(name)}; known: {', '.join(b.cli_name for b in BENCHMARKS)}")
    return found


def named_judges() -> dict[str, JudgeSpec]:
    """Every registered benchmark's named judges (``Benchmark.calibration.judges``) by name, in
    registry order: `medtrust judge-eval --judge NAME` and the verdicts `medtrust label` records."""
    return {j.name: j for b in BENCHMARKS if b.calibration for j in b.calibration.judges}


def benchmark_of(log: "EvalLog") -> Benchmark | None:
    """The registered benchmark of a log (from its recorded ``eval.metadata``), or None."""
    name = benchmark_name_of(log)
    return find_benchmark(name) if name else None
