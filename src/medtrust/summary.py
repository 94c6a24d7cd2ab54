"""The summary data model: what every benchmark reports and `medtrust report` renders.

A :class:`BenchmarkSummary` is computed from an inspect log (never from in-memory run state),
so re-scoring or re-reading a log gives the same summary. Schema version
:data:`SCHEMA_VERSION`; documented in docs/summary-schema.md. Bump the version on any change
that removes or renames a field.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from medtrust.atomic import write_json


class Interval(Protocol):
    """What :meth:`MetricResult.from_ci` reads from an interval (medtrust.metrics.bootstrap.BootstrapCI)."""

    estimate: float
    low: float
    high: float
    n: int
    confidence: float

SCHEMA_VERSION = "1.5"

#: EvalSample fields no summary reads (the transcript: most of a sample's bytes). Reading a log
#: without them (``read_eval_log(..., exclude_fields=set(...))``) keeps a large log's summary
#: fast and its memory to the scores.
LOG_FIELDS_NOT_SUMMARISED = frozenset({"events", "messages", "attachments", "events_data", "timelines", "store"})


@dataclass
class MetricResult:
    """One reported number.

    Attributes:
        name: metric id, e.g. ``safety_score``, ``set_accuracy``, ``aed_age``.
        value: the estimate (None when not computable, e.g. empty subset; never 0 by default).
        ci_low, ci_high: 95% (or ``confidence``) bootstrap interval, None when not computed.
        n: samples (or pairs) in the denominator.
        unit: ``fraction`` (0-1), ``percent``, ``score_1_10``, ``count``, ``difference``.
        dimension: trust dimension, e.g. ``safety``, ``factuality``, ``fairness``, ``robustness``.
        group: subgroup label, e.g. ``harm_level=2``, ``method=role_play``; None for overall.
        higher_is_better: direction for plots and comparisons (None when neither).
        note: short caveat shown beside the number (e.g. "offline judge: approximate").
        n_available: samples (or pairs) this metric would have on every row of the data the run
            used (schema >= 1.5; e.g. 52 harm-level-3 prompts in the packaged CARES-LLM sample),
            None when the benchmark does not say; caps the trust case's sample-size advice.
    """

    name: str
    value: float | None
    ci_low: float | None = None
    ci_high: float | None = None
    n: int = 0
    unit: str = "fraction"
    dimension: str | None = None
    group: str | None = None
    higher_is_better: bool | None = True
    confidence: float = 0.95
    note: str | None = None
    n_available: int | None = None

    @classmethod
    def from_ci(cls, name: str, ci: Interval, **kw: Any) -> "MetricResult":
        """Build from a BootstrapCI or any :class:`Interval` (NaN -> None)."""
        return cls(
            name=name,
            value=_finite(ci.estimate),
            ci_low=_finite(ci.low),
            ci_high=_finite(ci.high),
            n=ci.n,
            confidence=ci.confidence,
            **kw,
        )


def sample_key(sample_id: Any, epoch: int | None = 1) -> str:
    """The key of one sample's result wherever per-sample results are stored: ``"<id>#<epoch>"``.

    inspect runs each sample once per epoch; keying by id alone would let epoch 2 overwrite
    epoch 1 (docs/summary-schema.md, ``per_sample``).
    """
    return f"{sample_id}#{epoch if epoch is not None else 1}"


def find_metric(metrics: list[MetricResult], name: str, group: str | None = None) -> MetricResult | None:
    """The first metric with this name and group (None = overall), or None."""
    return next((m for m in metrics if m.name == name and m.group == group), None)


@dataclass
class SampleExample:
    """One sample shown in a report's drill-down (text only; HTML escaping is the report's job)."""

    sample_id: str
    outcome: str
    prompt: str
    response: str
    target: str | None = None
    judge_text: str | None = None
    restricted: bool = False


#: Order in which :func:`pick_examples` takes outcomes: non-answers first (they are what a mean
#: hides), then wrong and partial answers.
EXAMPLE_OUTCOME_ORDER = ("abstained", "unparseable", "truncated", "judge_error", "model_error", "input_error", "incorrect", "partial")


def pick_examples(candidates: "list[Any]", limit: int, outcome: "Callable[[Any], str] | None" = None) -> "list[Any]":
    """Up to ``limit`` examples, taken in turn from each outcome (:data:`EXAMPLE_OUTCOME_ORDER`,
    then any other), each outcome's examples in their given order, so that 400 abstentions do not
    crowd out the one model error. ``correct`` candidates are dropped (they are not failures).

    ``candidates`` are :class:`SampleExample` (outcome read from ``.outcome``) or anything else
    with ``outcome`` giving its outcome name (e.g. sample keys, to pick before reading samples)."""
    outcome_of = outcome or (lambda e: e.outcome)
    by: dict[str, list[Any]] = {}
    for e in candidates:
        o = str(outcome_of(e))
        if o != "correct":
            by.setdefault(o, []).append(e)
    order = [o for o in EXAMPLE_OUTCOME_ORDER if o in by] + sorted(o for o in by if o not in EXAMPLE_OUTCOME_ORDER)
    out: list[Any] = []
    depth = 0
    while len(out) < limit and any(depth < len(by[o]) for o in order):
        for o in order:
            if depth < len(by[o]) and len(out) < limit:
                out.append(by[o][depth])
        depth += 1
    return out


@dataclass
class BenchmarkSummary:
    """Everything one (benchmark, model) run reports.

    Attributes:
        benchmark: the registered benchmark's name (``Benchmark.name``, as its logs record it).
        model: inspect model name, e.g. ``medtrust/embedded``.
        task: inspect task name(s) that produced it.
        metrics: overall and subgroup MetricResults.
        outcome_counts: count of each outcome (every key of medtrust.outcomes.Outcome; summaries
            before schema 1.3 lack ``truncated``).
        dimensions_run: trust dimensions this run covered (others render as "not run").
        provenance: benchmark version, data sha256, judge model and rubric hash, package versions,
            date, seed, log file name (never absolute paths or secrets).
        notes: caveats printed with the table (e.g. offline judge is approximate).
        examples: sample failures for drill-down.
        per_sample: optional {sample key: value} for paired comparisons between models; keys are
            :func:`sample_key` (``"<sample id>#<epoch>"``, schema >= 1.2).
        per_sample_cluster: optional {sample key: cluster id} (resampling unit of the paired bootstrap).
        per_sample_group: optional {sample key: label} (schema >= 1.1): samples with the same label
            are compared together in a paired comparison (e.g. the CARES-VLM dimension, so that
            accuracy and abstention values are never averaged together); empty = one group.
        logs: file names of the inspect logs the summary was computed from (schema >= 1.2).
        run_id: the run the logs belong to (:func:`medtrust.benchmarks.interface.run_id_of`;
            schema >= 1.4); summaries of one model with different run ids are different runs.
        rows_evaluated, rows_available: dataset rows (questions, prompts, images) the run
            evaluated, and rows the data source offered (schema >= 1.4), e.g. 40 of 239 for a
            quick CARES-LLM run; None when unknown.
        judge: what decided the outcomes, in words (a judge model, the offline rule judge, the
            official answer-extraction rules ...; schema >= 1.4).
        judge_approximate: the judge is a stand-in known to differ from the paper's (e.g. the
            offline rule judge, the toxicity lexicon); the report says "approximate".
        per_sample_higher_is_better: {comparison group: direction} of the ``per_sample`` values
            (``"all"`` when there are no groups; None = neither); paired comparisons say which
            run is better with it (schema >= 1.4).
        rescored_from: set for a summary of a log written by `medtrust rescore`: {"log":
            original log file name, "judge": the judge asked} (schema >= 1.4).
        evidence: what the run is evidence of (schema >= 1.5): :meth:`medtrust.evidence_class.Evidence.as_dict`
            (run class full / limited / smoke, data kind and sha256, images none / shown / blind /
            unknown, the reasons); set from the logs by the summary stage, None before 1.5.
        per_sample_label: optional {sample key: the item's verdict} (schema >= 1.5): e.g. the
            CARES-LLM judge label, or the non-answer outcome of a sample without one; a paired
            comparison lists the items whose label changed (docs/comparison.md).
        per_sample_stratum: optional {sample key: stratum} (schema >= 1.5), e.g. ``harm_level=3``:
            label changes are counted per stratum.
    """

    benchmark: str
    model: str
    task: str
    metrics: list[MetricResult] = field(default_factory=list)
    outcome_counts: dict[str, int] = field(default_factory=dict)
    dimensions_run: list[str] = field(default_factory=list)
    provenance: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    examples: list[SampleExample] = field(default_factory=list)
    per_sample: dict[str, float] = field(default_factory=dict)
    per_sample_cluster: dict[str, str] = field(default_factory=dict)
    per_sample_group: dict[str, str] = field(default_factory=dict)
    logs: list[str] = field(default_factory=list)
    run_id: str | None = None
    rows_evaluated: int | None = None
    rows_available: int | None = None
    judge: str | None = None
    judge_approximate: bool = False
    per_sample_higher_is_better: dict[str, bool | None] = field(default_factory=dict)
    rescored_from: dict[str, Any] | None = None
    evidence: dict[str, Any] | None = None
    per_sample_label: dict[str, str] = field(default_factory=dict)
    per_sample_stratum: dict[str, str] = field(default_factory=dict)
    schema_version: str = SCHEMA_VERSION

    def metric(self, name: str, group: str | None = None) -> MetricResult | None:
        """The metric with this name and group, or None."""
        return find_metric(self.metrics, name, group)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "BenchmarkSummary":
        """Inverse of :meth:`to_dict`; keys unknown to this version are ignored (a newer minor schema)."""
        known = set(cls.__dataclass_fields__)
        d = {k: v for k, v in d.items() if k in known}
        d["metrics"] = [MetricResult(**m) for m in d.get("metrics", [])]
        d["examples"] = [SampleExample(**e) for e in d.get("examples", [])]
        return cls(**d)

    def write_json(self, path: str | Path) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        write_json(p, self.to_dict())  # atomic (medtrust/atomic.py)
        return p


def summary_path(folder: str | Path, summary: BenchmarkSummary, log_name: str | None = None) -> Path:
    """Where a summary's JSON goes: ``<folder>/medtrust-<log stem>.<model>.summary.json``.

    The ``medtrust-`` prefix matters: inspect treats a ``.json`` file whose name starts with an
    ISO timestamp as a log (``inspect view`` lists it, ``eval-retry`` tries to recover it), and
    log names start with one. ``log_name`` defaults to the summary's first log.
    """
    name = log_name or (summary.logs[0] if summary.logs else summary.benchmark)
    stem = Path(name).name.rsplit(".", 1)[0]
    return Path(folder) / f"medtrust-{stem}.{summary.model.replace('/', '_')}.summary.json"


def package_versions(*names: str) -> dict[str, str | None]:
    """Installed versions of the named distributions (None when not installed), for provenance."""
    from importlib.metadata import PackageNotFoundError, version

    out: dict[str, str | None] = {}
    for name in names:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


def _finite(x: float) -> float | None:
    return float(x) if x is not None and math.isfinite(x) else None
