"""Image reliance: does the model's answer depend on the image? (the image-blind pass, ``--image-blind``).

For every image benchmark, `medtrust run --image-blind` asks the same questions a second time
with every image removed (:func:`medtrust.solvers.remove_images`; why *removed* and not a blank
or noise image: docs/criteria.md, "Image reliance"). Pairing each item's two answers gives
(docs/statistics.md, "Image reliance"):

* ``image_flip_rate``: the share of items whose answer differs between the pass with the image and
  the blind pass. An answer is the scorer's extracted answer (``Score.answer``: an option letter,
  yes/no, a judge's grade for open-ended questions), compared after folding case and white
  space; a reply without an answer counts as its outcome (``abstained``, ``unparseable``,
  ``truncated``), so answering with the image and abstaining without it is a flip. A model that
  ignores the image has a flip rate of exactly 0; 100 - the flip rate is the share of answers
  that do not depend on the image.
* ``blind_accuracy`` and ``image_accuracy``: the mean credit (1 correct, 0 wrong or no answer,
  the grade / 10 for a judged open answer) of the same items without and with the image.

Items where either pass ended in a pipeline error (``model_error``, ``input_error``,
``judge_error``) are not the model's answer: they are left out and counted in the note. Every
figure is a share with the cluster-adjusted Wilson interval (medtrust.metrics.proportion),
clustered as the benchmark clusters (its summary's ``per_sample_cluster``: a MediConfusion pair,
a CARES-VLM image), in percent.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any, Iterator, Sequence

from medtrust.benchmarks.interface import BLIND_RUN_SUFFIX, EVIDENCE_METADATA_KEY
from medtrust.metrics.grouped import MetricTable
from medtrust.outcomes import ANSWERED, Outcome
from medtrust.summary import BenchmarkSummary, MetricResult, sample_key

#: dimension of the image-reliance metrics (no scorecard axis: the report's "Image reliance" section)
DIMENSION = "image_reliance"
METRICS = ("image_flip_rate", "blind_accuracy", "image_accuracy")
#: outcomes that are the pipeline's, not the model's answer: such items are left out of the pairs
PIPELINE_ERRORS = frozenset({str(Outcome.MODEL_ERROR), str(Outcome.INPUT_ERROR), str(Outcome.JUDGE_ERROR)})
_ANSWERED = frozenset(str(o) for o in ANSWERED)


def answer_token(outcome: str, answer: Any, value: Any) -> str:
    """What is compared between the two passes: the extracted answer (case and white space
    folded) of an answered sample, else its outcome name."""
    if outcome not in _ANSWERED:
        return outcome
    text = answer if answer not in (None, "") else value
    return " ".join(str(text).split()).casefold()


def _results(log: Any) -> Iterator[tuple[Any, int, Any, str | None]]:
    """(sample id, epoch, first score or None, error) of every sample: from the samples of a log
    read whole, else from inspect's sample summaries in its file (never the whole log)."""
    if log.samples is None and log.location:
        from inspect_ai.log import read_eval_log_sample_summaries

        for r in read_eval_log_sample_summaries(str(log.location)):
            yield r.id, r.epoch, next(iter((r.scores or {}).values()), None), r.error
        return
    for s in log.samples or []:
        yield s.id, s.epoch, next(iter((s.scores or {}).values()), None), (s.error.message if s.error else None)


def sample_answers(log: Any) -> dict[str, tuple[str, str, float]]:
    """{sample key: (outcome, answer token, credit)} of one log; a sample without a score is a
    ``model_error``. Credit: the score value of an answered sample (in [0, 1]), else 0."""
    out: dict[str, tuple[str, str, float]] = {}
    for sid, epoch, score, _error in _results(log):
        if score is None:
            out[sample_key(sid, epoch)] = (str(Outcome.MODEL_ERROR), str(Outcome.MODEL_ERROR), 0.0)
            continue
        outcome = str((score.metadata or {}).get("outcome") or Outcome.MODEL_ERROR)
        credit = float(score.value) if outcome in _ANSWERED and isinstance(score.value, (int, float)) else 0.0
        out[sample_key(sid, epoch)] = (outcome, answer_token(outcome, score.answer, score.value), min(1.0, max(0.0, credit)))
    return out


def reliance_metrics(image: dict[str, tuple[str, str, float]], blind: dict[str, tuple[str, str, float]],
                     clusters: dict[str, str]) -> list[MetricResult]:  # fmt: skip
    """The image-reliance metrics of paired answers (module docstring), percent, clustered Wilson CIs.

    Args:
        image, blind: {item key: (outcome, answer token, credit)} of the two passes.
        clusters: {item key: cluster id}; an item without one is its own cluster.

    Returns:
        ``image_flip_rate``, ``blind_accuracy``, ``image_accuracy`` (value None with the reason
        when no item pairs), each with ``n`` = items paired.
    """
    shared = sorted(set(image) & set(blind))
    pairs = [k for k in shared if image[k][0] not in PIPELINE_ERRORS and blind[k][0] not in PIPELINE_ERRORS]
    left_out = len(shared) - len(pairs)
    unpaired = len(set(image) ^ set(blind))
    cl = [clusters.get(k, k) for k in pairs]
    note = f"{len(pairs)} items asked with and without the image"
    if left_out:
        note += f"; {left_out} left out (a model, input or judge error in either pass)"
    if unpaired:
        note += f"; {unpaired} asked in one pass only"
    table = MetricTable(unit="percent", scale=100.0)
    why = "no item answered in both passes"
    table.mean("image_flip_rate", [float(image[k][1] != blind[k][1]) for k in pairs], cl, dimension=DIMENSION, higher_is_better=None,
               note=note + "; flip = the answer differs without the image (0 = the answers never depend on it)", why_empty=why)  # fmt: skip
    table.mean("blind_accuracy", [blind[k][2] for k in pairs], cl, dimension=DIMENSION, note=note + "; mean credit without the image",
               why_empty=why)  # fmt: skip
    table.mean("image_accuracy", [image[k][2] for k in pairs], cl, dimension=DIMENSION, note=note + "; mean credit of the same items with the image",
               why_empty=why)  # fmt: skip
    return table.metrics


def _task_key(log: Any) -> str:
    """A log's task with its arguments, the image-blind flag left out: the pass it pairs with has the same key."""
    args = {k: v for k, v in (log.eval.task_args or {}).items() if k != "image_blind"}
    return f"{log.eval.task.removesuffix('_image_blind')}|{sorted((k, repr(v)) for k, v in args.items())}"


def _cluster_index(s: BenchmarkSummary) -> dict[str, str]:
    """{sample key: cluster} of a summary, also under the key's bare sample id (a benchmark may
    suffix its keys, e.g. CARES-VLM's ``@<dimension>``), so any log's key finds its cluster."""
    out = dict(s.per_sample_cluster)
    for key, c in s.per_sample_cluster.items():
        base, _, epoch = key.rpartition("#")
        out.setdefault(f"{base.split('@', 1)[0]}#{epoch}", c)
    return out


def is_blind_pass(log: Any) -> bool:
    return bool(((getattr(log.eval, "metadata", None) or {}).get(EVIDENCE_METADATA_KEY) or {}).get("blind_pass"))


def attach_image_reliance(summaries: Sequence[BenchmarkSummary], logs: Sequence[Any]) -> None:
    """Add the image-reliance metrics to every pair of summaries of one model and run, one the
    image-blind pass (``run_id`` ending in ``:image-blind``) and one the pass that showed the
    images: both get the metrics (the image pass is the one criteria may check; the blind one is
    never evidence) and name each other in their provenance (``image_blind_pass`` /
    ``image_pass``). Logs pair by task and task arguments; summaries without a partner are
    left as they are."""
    named = {Path(str(lg.location)).name: lg for lg in logs}
    for b in summaries:
        if not b.run_id or not b.run_id.endswith(BLIND_RUN_SUFFIX):
            continue
        rid = b.run_id.removesuffix(BLIND_RUN_SUFFIX)
        a = next((s for s in summaries if s.run_id == rid and s.model == b.model and s.benchmark == b.benchmark and not s.rescored_from), None)
        if a is None:
            continue
        shown = {_task_key(named[n]): named[n] for n in a.logs if n in named and not is_blind_pass(named[n])}
        image: dict[str, tuple[str, str, float]] = {}
        blind: dict[str, tuple[str, str, float]] = {}
        clusters: dict[str, str] = {}
        index = _cluster_index(a)
        by_task: dict[str, int] = defaultdict(int)
        for n in b.logs:
            lg = named.get(n)
            partner = shown.get(_task_key(lg)) if lg is not None else None
            if partner is None:
                continue
            task = _task_key(lg)
            by_task[task] += 1
            for key, v in sample_answers(partner).items():
                image[f"{task}|{key}"] = v
                if key in index:
                    clusters[f"{task}|{key}"] = index[key]
            for key, v in sample_answers(lg).items():
                blind[f"{task}|{key}"] = v
        if not by_task:
            continue
        metrics = reliance_metrics(image, blind, clusters)
        for s, other in ((a, b), (b, a)):
            s.metrics = [m for m in s.metrics if m.dimension != DIMENSION] + [MetricResult(**vars(m)) for m in metrics]
            s.provenance["image_blind_pass" if s is a else "image_pass"] = list(other.logs)
