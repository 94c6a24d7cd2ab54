"""inspect logs -> the items people can label, with every automatic verdict and the strata.

Two labelling tasks (``medtrust label --task``, :data:`medtrust.labelling.TASK_LABELS`):
``judge`` (Accept / Caution / Refuse) and ``answer`` (correct / incorrect / no_answer for
free-text answers a grader model judged). Which samples of a log are items, with the run's own
verdicts, strata and cluster, is the log's benchmark's business (``Benchmark.labelling``, each in
``benchmarks/<name>/labelling.py``); this module is the loop over the logs that every benchmark
shares:

1. every medtrust log under the paths is read with its benchmark's reader; a log of a
   benchmark without a reader, or of one not registered, is counted as left out with the reason
   (never skipped silently), as is every sample the reader finds nothing to label in;
2. on ``judge``-task items, every registered judge (``Benchmark.calibration.judges``: the
   offline rules, the abstention detectors ...) that the run did not record adds its verdict;
3. ``disagree`` marks items where the automatic judges disagree
   (:func:`medtrust.labelling.judges_disagree`).

A sample with no response (model error, input error) or no verdict (judge error) has nothing to
label and is left out of the population; the design records how many.
"""

from __future__ import annotations

import fnmatch
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from medtrust.labelling import TASK_LABELS, LabelItem, LogSource, judges_disagree


@dataclass
class ItemSet:
    """Items read from logs, and what they came from.

    Attributes:
        task: ``judge`` | ``answer``.
        items: the population to sample from.
        logs: [{file, sha256, task, model, status, samples}] of every log read.
        left_out: {reason: count} of samples with nothing to label.
        image_roots: folders whose files may be served as item images (absolute, resolved).
    """

    task: str
    items: list[LabelItem]
    logs: list[dict[str, Any]]
    left_out: dict[str, int]
    image_roots: list[str]


def add_judge_verdicts(items: Sequence[LabelItem]) -> None:
    """Record every registered named judge's verdict (and version) on ``judge``-task items that
    lack it, in registry order, one run of each judge over all of them (the judges run offline)."""
    from medtrust.benchmarks.registry import named_judges
    from medtrust.judges.labelled import LabelledItem

    for name, judge in named_judges().items():
        todo = [it for it in items if name not in it.verdicts]
        if not todo:
            continue
        # a judge reads prompt and response only: no gold label is given to it
        run = judge.run([LabelledItem(id=it.id, prompt=it.prompt, response=it.response, label="") for it in todo])
        for it, label in zip(todo, run.labels, strict=True):
            it.verdicts[name] = label
            it.judge_versions[name] = run.version


def read_items(paths: Iterable[str | Path], task: str, *, image_roots: Sequence[str | Path] = (), model: str | None = None) -> ItemSet:
    """Labellable items of every medtrust log under ``paths``.

    Args:
        paths: inspect log files or folders (searched like ``medtrust report``).
        task: ``judge`` or ``answer``.
        image_roots: extra folders whose images may be shown (beside the logs' own roots).
        model: only the logs of models matching this pattern (fnmatch, e.g. ``openai/*``): labels
            for one model's calibration (a calibration belongs to the model whose responses were
            labelled, medtrust.judges.scope); the other logs are counted as left out.

    Returns:
        ItemSet (items in log order).

    Raises:
        ValueError: unknown task, or no labellable item in the logs (the message counts why).
        FileNotFoundError: a path does not exist.
    """
    from medtrust.benchmarks.interface import benchmark_name_of
    from medtrust.benchmarks.registry import find_benchmark
    from medtrust.data.records import sha256_file
    from medtrust.logs import LogReadError, find_logs, read_log, sample_count
    from medtrust.restricted import is_restricted

    if task not in TASK_LABELS:
        raise ValueError(f"unknown labelling task {task!r} (expected one of {sorted(TASK_LABELS)})")
    paths = list(paths)
    items: list[LabelItem] = []
    logs: list[dict[str, Any]] = []
    left_out: Counter[str] = Counter()
    roots: list[str] = [str(r) for r in image_roots]
    for f in find_logs(paths):
        try:
            head = read_log(f, header_only=True)
        except LogReadError as e:
            if e.cause == "too large":  # a log, refused by its size: named, never read
                left_out[str(e)] += 1
            continue  # otherwise not an inspect log
        name = benchmark_name_of(head)
        if name is None:  # not written by a medtrust task
            continue
        if model is not None and not fnmatch.fnmatchcase(str(head.eval.model), model):
            left_out[f"model {head.eval.model} is not --model {model}"] += sample_count(head, f)
            continue
        bench = find_benchmark(name)
        if bench is None or bench.labelling is None:
            why = f"benchmark '{name}' is not registered" if bench is None else f"{bench.title} has no labelling reader"
            left_out[why] += sample_count(head, f)
            continue
        log = read_log(f)
        source = LogSource(log, f.name, sha256_file(f), bench.name, task)
        logs.append({"file": f.name, "sha256": source.sha256, "task": log.eval.task, "model": log.eval.model, "status": log.status,
                     "samples": len(log.samples or [])})  # fmt: skip
        roots += bench.labelling.image_roots(log)
        for s in log.samples or []:
            got = bench.labelling.read(s, source) if task in bench.labelling.tasks else f"{bench.title} has no {task}-task items"
            if isinstance(got, str):
                left_out[got] += 1
            else:
                got.restricted = got.restricted or is_restricted(s.metadata)
                items.append(got)
    if not items:
        why = "; ".join(f"{k}: {v}" for k, v in left_out.most_common()) or "no medtrust logs found"
        raise ValueError(f"no item to label for task {task!r} in {', '.join(map(str, paths))} ({why})")
    if task == "judge":
        add_judge_verdicts(items)
        for it in items:
            it.disagree = judges_disagree(task, it.verdicts)
    resolved = sorted({str(Path(r).expanduser().resolve()) for r in roots})
    return ItemSet(task, items, logs, dict(left_out), resolved)


def served_image_roots(recorded: Sequence[str | Path], given: Sequence[str | Path]) -> list[str]:
    """The folders the labelling page may serve images from: the folders the user passed
    (``--image-root``), resolved. A folder a log (or a labels file drawn from logs) records is
    never taken on its word: a crafted log could name ``/``; it is served only through a given
    folder that contains it, so it adds nothing the user did not pass.

    Args:
        recorded: image folders the logs name (``ItemSet.image_roots``, the labels file's design).
        given: folders the user passed.

    Returns:
        the given folders that exist, resolved, sorted, without duplicates.
    """
    out: set[str] = set()
    for g in given:
        try:
            out.add(str(Path(g).expanduser().resolve(strict=True)))
        except (OSError, RuntimeError):
            continue
    return sorted(out)


def unserved_image_roots(recorded: Sequence[str | Path], given: Sequence[str | Path]) -> list[str]:
    """Recorded image folders that lie in no given folder (named to the user, who may pass them)."""
    served = [Path(r) for r in served_image_roots(recorded, given)]
    out = []
    for r in recorded:
        try:
            p = Path(r).expanduser().resolve()
        except (OSError, RuntimeError):
            continue
        if not any(p == s or p.is_relative_to(s) for s in served):
            out.append(str(p))
    return sorted(set(out))


def restricted_count(items: Sequence[Any]) -> int:
    """Items (``LabelItem`` or their stored dicts) under a data-use restriction; an item of a
    labels file written before the flag existed is judged by its sample's source and data."""
    from medtrust.restricted import is_restricted

    n = 0
    for it in items:
        d = it if isinstance(it, dict) else it.as_dict()
        if "restricted" in d:
            n += bool(d["restricted"])
        else:
            n += is_restricted({"source": (d.get("strata") or {}).get("source"), "image_key": d.get("image")})
    return n
