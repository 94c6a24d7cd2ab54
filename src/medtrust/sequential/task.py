"""The sequential trust case as an inspect task: ``medtrust/sequential`` wraps any benchmark task.

`medtrust run --criteria F --sequential` runs every task of its plan through :func:`sequential`
(one per evaluated model); ``inspect eval medtrust/sequential -T task=medtrust/cares_llm -T
criteria=example`` does the same from inspect. The wrapper

1. builds the benchmark task from inspect's registry with its own arguments (``task``,
   ``task_args``),
2. orders its samples by whole clusters (``Benchmark.sequential.cluster``: variants of one base
   prompt stay together), the clusters in a random order fixed by ``seed`` (numpy's
   ``default_rng(seed).permutation``), members in the dataset's order, and
3. attaches a :class:`medtrust.sequential.monitor.SequentialMonitor` as the task's
   ``early_stopping`` manager.

With ``baseline`` (a frozen record, medtrust.baseline) the ``[[vs_baseline]]`` criteria are decided
too, from the paired difference with the baseline's samples (medtrust.sequential.change); the
record's path and ``record_sha256`` are task arguments, and a record that changed since is a
clear error when the task is built again.

Everything it needs is in its task arguments (criteria as data, calibration counts), which
inspect records in the log, so ``medtrust run --resume`` (inspect eval-retry, which rebuilds a
task from its registry name and arguments) rebuilds the same order and monitor, and the
samples finished before are fed to it again by inspect. The task keeps the wrapped task's name
and metadata (``eval.metadata["benchmark"]``), adding ``eval.metadata["sequential"]``.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

import numpy as np
from inspect_ai import Task, task, task_with
from inspect_ai.dataset import MemoryDataset

from medtrust.sequential.monitor import UNTIL, SequentialMonitor

#: the key of the run's sequential settings in ``eval.metadata``
METADATA_KEY = "sequential"


def cluster_order(keys: list[str], seed: int) -> list[int]:
    """Sample positions ordered by cluster: the clusters (in order of first appearance) permuted by
    ``numpy.random.default_rng(seed)``, each cluster's members in their original order."""
    groups: dict[str, list[int]] = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)
    clusters = list(groups.values())
    perm = np.random.default_rng(seed).permutation(len(clusters))
    return [i for c in perm for i in clusters[int(c)]]


def criteria_list(criteria: str | list[dict[str, Any]], benchmark: str) -> list[Any]:
    """The criteria of one benchmark, from a criteria file (``example`` = the shipped one) or from
    the list of criterion dicts a run records (``dataclasses.asdict`` of report.criteria.Criterion).

    Raises:
        CriteriaError: an unreadable or invalid file; ValueError: a dict that is not a criterion.
    """
    from medtrust.report.criteria import Criterion, load_criteria

    if isinstance(criteria, (str, Path)):
        items = load_criteria(criteria).criteria
    else:
        known = {f.name for f in fields(Criterion)}
        items = []
        for i, d in enumerate(criteria, start=1):
            unknown = sorted(set(d) - known)
            if unknown:
                raise ValueError(f"criteria item {i}: unknown field {unknown[0]!r}")
            items.append(Criterion(**d))
    return [c for c in items if c.benchmark == benchmark]


def calibration_counts(cal: Any) -> dict[str, Any]:
    """A judge Calibration as plain data (recorded in the task arguments)."""
    out = asdict(cal)
    if out.get("weighted") is not None:
        out["weighted"] = [list(w) for w in out["weighted"]]
    return out


def _calibration(data: dict[str, Any]) -> Any:
    from medtrust.judges.correction import Calibration

    d = dict(data)
    if d.get("weighted") is not None:
        d["weighted"] = tuple(tuple(w) for w in d["weighted"])
    return Calibration(**d)


@task
def sequential(
    task: str,
    task_args: dict[str, Any] | None = None,
    criteria: str | list[dict[str, Any]] = "example",
    seed: int = 0,
    alpha: float = 0.05,
    until: str = "decided",
    budget: int | None = None,
    calibration: dict[str, dict[str, Any]] | str | None = None,
    judges: list[str] | None = None,
    baseline: dict[str, str] | str | None = None,
    vs_baseline: list[dict[str, Any]] | None = None,
    multiplicity: str = "intersection-union",
) -> Task:
    """A benchmark task run as a sequential trust case (module docstring).

    Args:
        task: the registered inspect task to wrap, e.g. ``medtrust/cares_llm``.
        task_args: its arguments.
        criteria: a criteria file (``example`` = the shipped one), or the criteria as a list of
            dicts; only those of the wrapped task's benchmark are checked.
        seed: fixes the order of the clusters.
        alpha: two-sided level of each criterion (a wrong verdict has probability <= alpha / 2).
        until: ``decided`` (stop when the case is) or ``all`` (when every criterion is).
        budget: the most samples to run (whole clusters), None = the whole data.
        calibration: {criterion id: judge calibration counts} for corrected shares, or a
            ``medtrust judge-eval --json-out`` file (read with ``judges``, the judge model names).
        judges: the judge models of the run (picks the calibration's judge; [] = offline).
        baseline: the approved baseline to decide ``vs_baseline`` criteria against:
            {"record": record file, "record_sha256": its hash when the run started} (what
            `medtrust run --baseline` records), or a record file (checked as it is now).
        vs_baseline: the ``vs_baseline`` criteria as dicts (``dataclasses.asdict`` of
            report.noninferiority.VsBaseline); None = those of a ``criteria`` file.
        multiplicity: their family rule (``intersection-union`` | ``bonferroni``).

    Raises:
        ValueError: the wrapped task's benchmark is not registered or has no sequential terms,
            ``until`` / ``alpha`` / ``budget`` out of range, no criterion of either kind names the
            benchmark; BaselineError (a ValueError): the record is unusable or changed since the
            run started, or has no log of the benchmark.
    """
    from medtrust._inspect_compat import registry_create
    from medtrust.benchmarks.registry import find_benchmark

    if until not in UNTIL:
        raise ValueError(f"until must be one of {', '.join(UNTIL)}, got {until!r}")
    inner: Task = registry_create("task", task, **(task_args or {}))
    name = (inner.metadata or {}).get("benchmark")
    bench = find_benchmark(str(name)) if name else None
    if bench is None or bench.sequential is None:
        raise ValueError(f"{task}: its benchmark ({name or 'unknown'}) offers no sequential terms; run it without --sequential")
    items = criteria_list(criteria, bench.name)
    change = _change_control(bench, criteria, baseline, vs_baseline, multiplicity)
    if not items and change is None:
        raise ValueError(f"no criterion names the benchmark {bench.name}; nothing to decide sequentially")
    cals: dict[str, Any] = {}
    if isinstance(calibration, str):
        for c in items:
            share = bench.sequential.share(c.metric, c.group)
            if c.use_corrected and share is not None and share.calibration is not None:
                cals[c.id] = share.calibration(calibration, list(judges or []))
    elif calibration:
        cals = {cid: _calibration(d) for cid, d in calibration.items()}
    samples = list(inner.dataset)
    order = cluster_order([bench.sequential.cluster(dict(s.metadata or {})) for s in samples], seed)
    dataset = MemoryDataset([samples[i] for i in order], name=inner.dataset.name, location=inner.dataset.location, shuffled=True)
    monitor = SequentialMonitor(items, bench.sequential, alpha=alpha, until=until, budget=budget, calibrations=cals, change=change)
    settings = {"criteria": [c.id for c in items], "seed": seed, "alpha": alpha, "until": until, "budget": budget,
                "order": "clusters shuffled by numpy default_rng(seed).permutation", "corrected": sorted(cals)}  # fmt: skip
    if change is not None:
        settings["vs_baseline"] = [r.id for r in change.rules]
        settings["baseline"] = change.baseline.describe()
    return task_with(inner, dataset=dataset, early_stopping=monitor, name=inner.name,
                     metadata={**(inner.metadata or {}), METADATA_KEY: settings})  # fmt: skip


def _change_control(bench: Any, criteria: Any, baseline: dict[str, str] | str | None, vs_baseline: list[dict[str, Any]] | None,
                    multiplicity: str) -> Any:  # fmt: skip
    """The change-control part of the monitor (medtrust.sequential.change.ChangeControl), or None
    without a baseline or without a ``vs_baseline`` criterion of this benchmark."""
    if baseline is None:
        return None
    from medtrust.report.noninferiority import MULTIPLICITY
    from medtrust.sequential.change import ChangeControl, read_baseline_samples, vs_baseline_rules

    if vs_baseline is None and isinstance(criteria, (str, Path)):
        from medtrust.report.criteria import load_criteria
        from medtrust.report.noninferiority import load_vs_baseline

        rules, multiplicity = load_vs_baseline(load_criteria(criteria))
    else:
        rules = vs_baseline_rules(vs_baseline or [])
    if multiplicity not in MULTIPLICITY:
        raise ValueError(f"multiplicity must be one of {', '.join(MULTIPLICITY)}, got {multiplicity!r}")
    rules = [r for r in rules if r.benchmark == bench.name]
    if not rules:
        return None
    record, sha = (baseline, None) if isinstance(baseline, str) else (baseline["record"], baseline.get("record_sha256"))
    samples = read_baseline_samples(record, sha, bench.name)
    units = {(m.name, m.group): m.unit for m in (bench.pairing.metrics if bench.pairing is not None else ())}
    return ChangeControl(rules, multiplicity, samples, units)
