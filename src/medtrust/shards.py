"""Shards of one run: which samples a shard holds, and a run's shard logs read as one log.

`medtrust run --shards N` splits a run's samples into N disjoint shards; each shard is its own
inspect eval in its own process (or Ray task, or Kubernetes/Slurm job), writing its own ``.eval``
with the run's identity and its shard index (docs/scale-out.md). This module is the part every
benchmark and every reader of logs needs:

- **Which samples.** A task that can be sharded takes a ``shard`` argument (``"K/N"``, K in
  0..N-1; ``"K/N@L"`` = shard K of the first L samples, the run's ``--limit``) and calls
  :func:`select` on its dataset with its cluster key (CARES-LLM: the prompt family; CARES-VLM:
  the image; MediConfusion: the pair). A sample belongs to shard ``sha256(cluster key) mod N``
  (:func:`shard_index`): stable across processes, machines and Python versions, and a
  cluster's variants always land in the same shard, so paired statistics and cluster bootstrap
  see whole clusters. The argument is a task argument on purpose: inspect records it in the log
  and eval-retry rebuilds the same shard from it (``medtrust run --resume``).
- **One log.** :func:`merge_logs` presents the shard logs of one task, model and run as one
  ``EvalLog``: the first shard's header with the shards' counts, times and usage added, the
  ``shard`` argument removed, the samples of every shard in inspect's own order, and the shard
  files in ``eval.metadata["medtrust_shard"]["files"]``. Benchmarks read samples through
  :func:`full_log`, :func:`sample_summaries` and :func:`read_samples`, which read every shard's
  file of a merged log (and the one file of any other log), so a summary of a 3-shard run is the
  summary of the same run done in one piece (tests/test_shards.py).
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

#: ``eval.metadata`` key of a shard log: {"index": K, "count": N}; a merged log (:func:`merge_logs`)
#: has {"count": N, "indices": [...], "files": [every shard's log file]} instead.
SHARD_METADATA_KEY = "medtrust_shard"
#: the task argument that selects a shard (:func:`select`)
SHARD_TASK_ARG = "shard"
#: most shards of one run (a shard is a process with its own start-up: more would cost more than it gives)
MAX_SHARDS = 1024

_SPEC = re.compile(r"^\s*(\d{1,4})\s*/\s*(\d{1,4})\s*(?:@\s*(\d{1,12})\s*)?$")


@dataclass(frozen=True)
class ShardSpec:
    """Shard ``index`` of ``count`` (0-based), of the first ``first`` samples (None = all).

    Written and parsed as ``"K/N"`` or ``"K/N@L"`` (:meth:`parse`, ``str()``)."""

    index: int
    count: int
    first: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS:
            raise ValueError(f"shard count must be 1 to {MAX_SHARDS}, not {self.count}")
        if not 0 <= self.index < self.count:
            raise ValueError(f"shard index must be 0 to {self.count - 1} (0-based) for {self.count} shards, not {self.index}")
        if self.first is not None and self.first < 1:
            raise ValueError(f"a shard's sample limit must be at least 1, not {self.first}")

    def __str__(self) -> str:
        return f"{self.index}/{self.count}" + (f"@{self.first}" if self.first is not None else "")

    @classmethod
    def parse(cls, text: "str | ShardSpec") -> "ShardSpec":
        """``"K/N"`` or ``"K/N@L"`` -> ShardSpec.

        Raises:
            ValueError: not of that form, or K not in 0..N-1 (the message quotes the text).
        """
        if isinstance(text, ShardSpec):
            return text
        m = _SPEC.match(str(text))
        if m is None:
            raise ValueError(f"shard {text!r}: expected K/N (shard K of N, 0-based), optionally @L (of the first L samples)")
        try:
            return cls(int(m[1]), int(m[2]), int(m[3]) if m[3] else None)
        except ValueError as e:
            raise ValueError(f"shard {text!r}: {e}") from None


def shard_index(key: str, count: int) -> int:
    """The shard (0..count-1) of a cluster key: the first 8 bytes of ``sha256(key)`` as an
    unsigned big-endian integer, modulo ``count``. Stable everywhere (Python's ``hash`` is
    salted per process); over many keys the shards are about equal in size (a uniform hash)."""
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big") % count


def select(dataset: Any, shard: "str | ShardSpec | None", cluster: Callable[[Any], Any] | None = None) -> Any:
    """The samples of ``dataset`` in one shard (a task's dataset, before inspect sees it).

    Args:
        dataset: an inspect ``Dataset``.
        shard: ``"K/N"`` / ``"K/N@L"`` (:class:`ShardSpec`), or None for the whole dataset.
        cluster: sample -> cluster key (samples that must stay together: a prompt family, an
            image, a pair); None = the sample id.

    Returns:
        the dataset itself when ``shard`` is None, else a new dataset of the shard's samples in
        dataset order (first cut to the first L samples with ``@L``, as inspect's ``limit`` cuts).

    Raises:
        ValueError: a malformed ``shard`` (:meth:`ShardSpec.parse`).
    """
    if shard is None or shard == "":
        return dataset
    spec = ShardSpec.parse(shard)
    if spec.first is not None:
        dataset = dataset[: spec.first]
    key = cluster or (lambda s: s.id)
    return dataset.filter(lambda s: shard_index(str(key(s)), spec.count) == spec.index)


# ------------------------------------------------------------------ logs
def shard_of(log: Any) -> dict[str, Any] | None:
    """A log's shard record (``eval.metadata["medtrust_shard"]``), None for a log of a run in one
    piece. Works on header-only logs."""
    info = (getattr(log.eval, "metadata", None) or {}).get(SHARD_METADATA_KEY)
    return dict(info) if isinstance(info, dict) else None


def log_files(log: Any) -> list[str]:
    """The files holding a log's samples: every shard's file of a merged log, else its location."""
    info = shard_of(log)
    if info and info.get("files"):
        return [str(f) for f in info["files"]]
    return [str(log.location)] if log.location else []


def sample_order(sample_id: int | str, epoch: int) -> tuple[int, str]:
    """inspect's sample order in a log read whole (``inspect_ai.log._log.sort_samples``: epoch,
    then id, integer ids zero-padded to 20 digits)."""
    return (epoch, sample_id if isinstance(sample_id, str) else str(sample_id).zfill(20))


def sample_summaries(log: Any) -> Iterator[tuple[str, Any]]:
    """(file, inspect ``EvalSampleSummary``) of every sample of a log, from its file(s), without
    reading any sample whole (a merged log: every shard's file, one after the other)."""
    from inspect_ai.log import read_eval_log_sample_summaries

    for path in log_files(log):
        for r in read_eval_log_sample_summaries(path):
            yield path, r


def read_samples(keys: Sequence[tuple[str, int | str, int]], *, exclude_fields: set[str] | None = None,
                 chunk: int = 500) -> Iterator[Any]:  # fmt: skip
    """Full samples by (file, id, epoch), in the order given, ``chunk`` at a time per file (one
    zip reader per chunk), optionally without some fields (e.g. the transcript)."""
    from inspect_ai.log import read_eval_log_samples_by_id

    i = 0
    while i < len(keys):
        path = keys[i][0]
        j = i
        while j < len(keys) and j - i < chunk and keys[j][0] == path:
            j += 1
        yield from read_eval_log_samples_by_id(path, [(k[1], k[2]) for k in keys[i:j]], exclude_fields=exclude_fields)
        i = j


def full_log(log: Any) -> Any:
    """The log with its samples: itself when they are read (or it has no file), else read from
    its file, or for a merged log from every shard's file and merged (:func:`merge_logs`)."""
    from inspect_ai.log import read_eval_log

    if log.samples is not None or not log.location:
        return log
    info = shard_of(log)
    if info and info.get("files"):
        return merge_logs([read_eval_log(f) for f in info["files"]])
    return read_eval_log(log.location)


def merge_logs(logs: Sequence[Any]) -> Any:
    """The shard logs of one task, model and run as one ``EvalLog``.

    The header is the first shard's (by index) with: ``status`` "success" only when every shard's
    is (else the first other status, with its error); the ``shard`` task argument removed; the
    sample counts, model usage and first start / last end of all shards; and
    ``eval.metadata["medtrust_shard"] = {"count", "indices", "files"}`` (:func:`log_files`); the
    dataset's size and sample ids those of all shards (with ``K/N@L`` that is the L samples the
    run used, where a run in one piece records its whole dataset's size).
    ``location`` stays the first shard's file (so a summary names a real file). Samples (when
    every shard was read whole) are all shards' samples in inspect's order (:func:`sample_order`),
    so anything computed from them equals the same run in one piece; header-only shards give a
    header-only merged log. Epoch reductions are joined per scorer.

    Raises:
        ValueError: no logs, or logs of different tasks, models or shard counts.
    """
    if not logs:
        raise ValueError("no shard logs to merge")
    infos = [shard_of(lg) or {} for lg in logs]
    tasks = {(lg.eval.task, lg.eval.model, info.get("count")) for lg, info in zip(logs, infos)}
    if len(tasks) > 1:
        raise ValueError(f"shard logs of different tasks, models or shard counts cannot be merged: {sorted(map(str, tasks))}")
    order = sorted(range(len(logs)), key=lambda i: (infos[i].get("index", 0), str(logs[i].location)))
    logs = [logs[i] for i in order]
    infos = [infos[i] for i in order]
    first = logs[0]
    merged = first.model_copy(update={"samples": None, "reductions": None}, deep=True)
    merged.location = first.location
    spec = merged.eval
    shard_arg = (spec.task_args or {}).get(SHARD_TASK_ARG)
    first_n = ShardSpec.parse(str(shard_arg)).first if shard_arg else None
    if first_n is not None and spec.config.limit is None:
        spec.config.limit = first_n  # the shards split the run's first L samples: the run in one piece records limit L
    spec.task_args = {k: v for k, v in (spec.task_args or {}).items() if k != SHARD_TASK_ARG}
    spec.task_args_passed = {k: v for k, v in (spec.task_args_passed or {}).items() if k != SHARD_TASK_ARG}
    spec.created = min(str(lg.eval.created) for lg in logs)
    spec.metadata = {**(spec.metadata or {}), SHARD_METADATA_KEY: {
        "count": infos[0].get("count", len(logs)), "indices": [info.get("index") for info in infos],
        "files": [str(lg.location) for lg in logs]}}  # fmt: skip
    merged.metadata = {**(merged.metadata or {}), SHARD_METADATA_KEY: spec.metadata[SHARD_METADATA_KEY]}
    if all(lg.eval.dataset.samples is not None for lg in logs):  # the shards' datasets together
        spec.dataset.samples = sum(lg.eval.dataset.samples for lg in logs)
    if all(lg.eval.dataset.sample_ids is not None for lg in logs):
        spec.dataset.sample_ids = sorted((i for lg in logs for i in lg.eval.dataset.sample_ids), key=lambda i: sample_order(i, 1))
    bad = next((lg for lg in logs if lg.status != "success"), None)
    merged.status = "success" if bad is None else bad.status
    merged.error = None if bad is None else bad.error
    if all(lg.results is not None for lg in logs):
        merged.results.total_samples = sum(lg.results.total_samples for lg in logs)
        merged.results.completed_samples = sum(lg.results.completed_samples for lg in logs)
    else:
        merged.results = None
    starts = [lg.stats.started_at for lg in logs if lg.stats.started_at]
    ends = [lg.stats.completed_at for lg in logs if lg.stats.completed_at]
    merged.stats.started_at = min(starts) if starts else ""
    merged.stats.completed_at = max(ends) if len(ends) == len(logs) else ""
    for field in ("model_usage", "role_usage"):
        total: dict[str, Any] = {}
        for lg in logs:
            for name, usage in (getattr(lg.stats, field, None) or {}).items():
                total[name] = total[name] + usage if name in total else usage
        setattr(merged.stats, field, total)
    if all(lg.samples is not None for lg in logs):
        samples = [s for lg in logs for s in lg.samples]
        samples.sort(key=lambda s: sample_order(s.id, s.epoch))
        merged.samples = samples
    if any(lg.reductions for lg in logs):
        by_scorer: dict[tuple[str, str | None], Any] = {}
        for lg in logs:
            for red in lg.reductions or []:
                key = (red.scorer, red.reducer)
                if key not in by_scorer:
                    by_scorer[key] = red.model_copy(update={"samples": []}, deep=True)
                by_scorer[key].samples.extend(red.samples)
        for red in by_scorer.values():
            red.samples.sort(key=lambda s: sample_order(s.sample_id, 1))
        merged.reductions = list(by_scorer.values())
    return merged


def group_shards(logs: Iterable[Any], run_key: Callable[[Any], Any]) -> list[Any]:
    """Logs with the shard logs of each (run, task, model, shard count) merged into one
    (:func:`merge_logs`); other logs unchanged. Order: each group where its first log was.

    Args:
        logs: EvalLogs (read whole or header only; one group's members all one way).
        run_key: log -> what tells its run apart (the run identity, and for a rescoring its judge).
    """
    out: list[Any] = []
    groups: dict[tuple[Any, ...], list[Any]] = defaultdict(list)
    for lg in logs:
        info = shard_of(lg)
        if info is None or "index" not in info:
            out.append(lg)
            continue
        key = (run_key(lg), lg.eval.task, lg.eval.model, info.get("count"))
        if key not in groups:
            out.append(key)
        groups[key].append(lg)
    return [merge_logs(groups[x]) if isinstance(x, tuple) else x for x in out]


def shard_names(names: Sequence[str], logs: Sequence[Any]) -> list[str]:
    """Log file names of a summary with a merged log's first file replaced by every shard's file."""
    expand = {Path(str(lg.location)).name: [Path(f).name for f in log_files(lg)] for lg in logs if shard_of(lg)}
    out: list[str] = []
    for name in names:
        for n in expand.get(name, [name]):
            if n not in out:
                out.append(n)
    return out
