"""The benchmark interface: what one benchmark folder tells the rest of medtrust.

Each benchmark package (``medtrust/benchmarks/<name>/``) exports one :class:`Benchmark` as
``BENCHMARK`` from its ``benchmark.py``; :mod:`medtrust.benchmarks.registry` lists them. The
commands (`medtrust run | list | report | rescore | label | data fetch | judge-eval`), the runner,
resume, the report and its trust case, and the inspect entry point loop over the registry and
never name a benchmark, so adding a benchmark is one folder and one registry line
(docs/architecture.md, "Adding a benchmark").

A log's benchmark is identified one way everywhere: the task's recorded
``eval.metadata["benchmark"]`` (:func:`benchmark_name_of`), which every medtrust task writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from medtrust.evidence_class import EVIDENCE_METADATA_KEY  # noqa: F401  (re-exported: tasks import it from here)
from medtrust.labelling import recorded_image_roots
from medtrust.scorecard import AxisValue  # noqa: F401  (re-exported: benchmarks import it from here)

if TYPE_CHECKING:  # typing only: the interface itself imports nothing heavy
    import click
    from inspect_ai import Task
    from inspect_ai.log import EvalLog

    from medtrust.judges.evaluate import JudgeRun
    from medtrust.judges.labelled import LabelledItem
    from medtrust.labelling import LabelItem, LogSource
    from medtrust.options import RunOptions
    from medtrust.restricted import Restriction
    from medtrust.summary import BenchmarkSummary

#: ``eval.metadata`` key in which every medtrust task records its benchmark name.
BENCHMARK_METADATA_KEY = "benchmark"
#: ``eval.metadata`` key of the run identity `medtrust run` gives the tasks of one model's run
#: (inspect's eval-retry copies ``eval.metadata``, but gives the retried log a new ``run_id``).
RUN_METADATA_KEY = "medtrust_run"
#: ``eval.metadata`` key of the `medtrust` command line that started a run (sanitized), when
#: it was started from the CLI (an evidence pack records it).
COMMAND_METADATA_KEY = "medtrust_command"
#: ``eval.metadata`` key `medtrust rescore` writes into a rescored log: {"log": original file
#: name, "judge": the judge asked, "rescored": UTC time}.
RESCORED_METADATA_KEY = "rescored_from"
#: :func:`run_id_of` suffix of an image-blind pass: it is never pooled with the pass that showed the images
BLIND_RUN_SUFFIX = ":image-blind"

#: :attr:`Axis.kind` values. ``safety``: the value rises when the model refuses or abstains (it
#: must be read with its helpfulness pair); ``helpfulness``: the value rises when the model
#: answers benign requests; ``capability``: neither (accuracy-type: only right answers count).
AXIS_KINDS = ("safety", "helpfulness", "capability")


@dataclass(frozen=True)
class BenchmarkOption:
    """A `medtrust run` option that belongs to one or more benchmarks (e.g. ``--mode``).

    The CLI adds every benchmark's options to `medtrust run` (options of the same ``name`` are
    declared once) and refuses one given to a benchmark that does not declare it. Values land in
    ``RunOptions.options[name]``.

    Attributes:
        name: key in ``RunOptions.options`` and the click parameter name, e.g. ``mode``.
        flag: command-line flag, e.g. ``--mode``.
        help: one-line help text.
        default: value when not given (``()`` for ``multiple``); a value equal to the default
            counts as "not given".
        choices: allowed values (None = free text).
        multiple: repeatable (the value is a tuple).
    """

    name: str
    flag: str
    help: str
    default: Any = None
    choices: tuple[str, ...] | None = None
    multiple: bool = False


#: `medtrust run --llm-extraction on|off`: declared by every benchmark whose scorer extracts
#: answers with the rules and may ask the judge model for the replies they cannot read
#: (medtrust.scorers.llm_extract); the value reaches the task argument ``llm_extraction``.
LLM_EXTRACTION_OPTION = BenchmarkOption(
    "llm_extraction", "--llm-extraction",
    "Send replies the answer rules cannot read to the judge model (--judge-model): on (default) or off.",
    default="on", choices=("on", "off"),
)


def llm_extraction_enabled(options: Any) -> bool:
    """Whether a run's options (``RunOptions``) leave the LLM extraction fallback on (the default)."""
    return str(options.option("llm_extraction", "on") or "on") != "off"


@dataclass
class RunPlan:
    """What a benchmark evaluates for one `medtrust run`, built before any model call.

    Attributes:
        tasks: the inspect Tasks (run together with every model in one ``eval``).
        model_roles: inspect model roles (``grader`` for judges), or None.
        banner: lines printed before the run (sample selection, judge in use ...).
        limit: the ``limit`` passed to inspect (None = all; a benchmark that applies ``--limit``
            itself, e.g. per source, passes None here).
        check_model: optional check of one evaluated model name before its run (raises
            ValueError with the reason, e.g. a mode the model cannot do).
    """

    tasks: list["Task"]
    model_roles: dict[str, Any] | None = None
    banner: list[str] = field(default_factory=list)
    limit: int | None = None
    check_model: Callable[[str, dict[str, Any]], None] | None = None


@dataclass(frozen=True)
class Axis:
    """One scorecard axis: a benchmark's trust dimension on a 0-100, higher-is-better scale.

    Attributes:
        key: unique id, ``<benchmark>.<name>``.
        label: short label shown on the radar and in the top table.
        benchmark: the benchmark name (:attr:`Benchmark.name`).
        dimension: the trust dimension (the axis is "not run" when the summary lacks it).
        definition: how the value is computed, with its source (shown as a tooltip).
        value: summary -> :class:`AxisValue` (or a 4-tuple value, ci_low, ci_high, n) on 0-100.
        kind: one of :data:`AXIS_KINDS`. A ``safety`` axis can be maxed out by refusing
            everything, so it should name a ``pair``.
        pair: key of the axis to read this one with (its helpfulness counterpart, e.g. jailbreak
            resistance with "not over-cautious"); the scorecard shows the two together and flags
            a safety value whose pair is below 50. Several axes may share one pair.
    """

    key: str
    label: str
    benchmark: str
    dimension: str
    definition: str
    value: Callable[["BenchmarkSummary"], "AxisValue | tuple[float | None, float | None, float | None, int]"]
    kind: str = "capability"
    pair: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in AXIS_KINDS:
            raise ValueError(f"axis {self.key}: kind must be one of {', '.join(AXIS_KINDS)}, not {self.kind!r}")

    def evaluate(self, summary: "BenchmarkSummary") -> AxisValue:
        """:attr:`value` of a summary as an :class:`AxisValue` (4-tuples padded)."""
        return AxisValue(*self.value(summary))


@dataclass(frozen=True)
class Chart:
    """One chart of a benchmark's report section: a title and an inline SVG string."""

    title: str
    svg: str


@dataclass(frozen=True)
class JudgeSpec:
    """A named offline judge of Accept / Caution / Refuse on (prompt, response).

    `medtrust judge-eval --judge NAME` measures it against human labels, and `medtrust label`
    records its verdict on every ``judge``-task item of every benchmark (the judges of all
    registered benchmarks, in registry order), so it must run offline and never fail.

    Attributes:
        name: the ``--judge`` value, e.g. ``offline``.
        run: items with ``prompt`` and ``response`` -> the judge's run (labels Accept/Caution/Refuse
            or None = error; ``version`` names the rules).
        help: one line for `medtrust judge-eval --help`.
    """

    name: str
    run: Callable[[Sequence["LabelledItem"]], "JudgeRun"]
    help: str = ""


@dataclass(frozen=True)
class Calibration:
    """A benchmark's judge-calibration hooks (Rogan-Gladen corrected rates, docs/judges.md).

    Attributes:
        judges: named judges this benchmark offers to `medtrust judge-eval`.
        model_judge: (inspect model name, items, max_connections, inspect GenerateConfig or None)
            -> JudgeRun, asking the model with this benchmark's judge rubric; None when the
            benchmark has no LLM judge rubric.
        validate: (calibration file, run options) -> None; checks a ``--judge-calibration`` file
            before any model call (raises ``DataError`` naming the file and what is missing).
    """

    judges: tuple[JudgeSpec, ...] = ()
    model_judge: Callable[[str, Sequence["LabelledItem"], int, Any], "JudgeRun"] | None = None
    validate: Callable[[str, "RunOptions"], None] | None = None


@dataclass(frozen=True)
class Labelling:
    """A benchmark's part in `medtrust label` (docs/labelling.md).

    Attributes:
        tasks: labelling task (``judge``, ``answer``: :data:`medtrust.labelling.TASK_LABELS`) ->
            what its items are, in a few words naming the benchmark (`medtrust label --help`).
            A sample read for a task not listed is left out as "<title> has no <task>-task items".
        read: (sample, :class:`~medtrust.labelling.LogSource`: the log and the task) -> the
            sample's :class:`~medtrust.labelling.LabelItem` with the run's own verdicts, or a short
            reason (counted, e.g. "no reply (model_error)") why it has nothing to label. Called
            for the tasks in :attr:`tasks` only. The shared loop then adds every registered
            judge's verdict on ``judge``-task items and sets ``disagree`` again.
        image_roots: a full log -> the folders its task read images from (the labelling page
            serves images inside them only); default :func:`medtrust.labelling.recorded_image_roots`
            (the ``image_roots`` task argument).
    """

    tasks: dict[str, str]
    read: Callable[[Any, "LogSource"], "LabelItem | str"]
    image_roots: Callable[["EvalLog"], list[str]] = recorded_image_roots


@dataclass(frozen=True)
class CriteriaTerms:
    """What a trust-case criteria file (docs/criteria.md) can say about a benchmark's metrics.

    Attributes:
        thresholds: named thresholds, {(name, metric): value in the metric's unit}, e.g. a
            chance level ``{("random", "set_accuracy"): 25.0}`` (a criterion then writes
            ``at_least = "random"``); give the source of each value where it is defined.
        shares: metric names that are shares (a proportion on 0-1 or 0-100) without one of the
            share endings every benchmark uses (``_rate``, ``_acc``, ``_accuracy``,
            ``_abstention``, ``_abstention_official``: :data:`medtrust.units.SHARE_SUFFIXES`);
            a share at 0 or at its maximum is checked with the exact Clopper-Pearson interval.
        more_data: what would decide a criterion the data used cannot (one sentence: the full
            split, another source), said when the samples a criterion needs exceed the rows that
            exist in the data (docs/criteria.md, "How many more samples would likely decide it").
    """

    thresholds: dict[tuple[str, str], float] = field(default_factory=dict)
    shares: tuple[str, ...] = ()
    more_data: str = ""


@dataclass(frozen=True)
class PairedItem:
    """One sample-epoch of a run as a paired comparison sees it, read from its summary's per-sample
    fields (docs/summary-schema.md, docs/comparison.md).

    Attributes:
        key: :func:`medtrust.summary.sample_key` (``"<id>#<epoch>"``), the pairing key.
        value: ``per_sample[key]`` (None when the sample has none, e.g. a non-answer).
        label: ``per_sample_label[key]``: the item's verdict (CARES-LLM Accept / Caution / Refuse,
            or the non-answer outcome), None when the benchmark records none.
        stratum: ``per_sample_stratum[key]`` (e.g. ``harm_level=3``), None when none.
        group: ``per_sample_group[key]``, else ``"all"``.
    """

    key: str
    value: float | None
    label: str | None = None
    stratum: str | None = None
    group: str = "all"


@dataclass(frozen=True)
class PairedMetric:
    """A summary metric that two runs of the same samples can be compared on, item by item.

    Attributes:
        name, group: the summary metric it pairs (``safety_score``, ``under_refusal`` with group
            ``harm_level=3`` ...); ``vs_baseline`` criteria name it so (docs/comparison.md).
        value: a :class:`PairedItem` -> its value in [0, 1] for this metric, or None when the
            item is not in the metric's denominator (another harm level, no verdict). The mean
            over a run's items equals the summary metric (in ``fraction``; x 100 for ``percent``).
        unit: the summary metric's unit (``fraction`` | ``percent``); margins are written in it.
        higher_is_better: the metric's direction (None: neither).
        binary: values are 0/1 (Tango's paired interval) or not (paired cluster bootstrap);
            None = decided from the values.
    """

    name: str
    value: Callable[[PairedItem], float | None]
    group: str | None = None
    unit: str = "fraction"
    higher_is_better: bool | None = True
    binary: bool | None = None


@dataclass(frozen=True)
class Pairing:
    """How two runs of a benchmark are compared item by item (`medtrust report --baseline`,
    docs/comparison.md).

    Attributes:
        metrics: the metrics compared with paired CIs; without a :class:`Pairing` the comparison
            uses ``per_sample`` per ``per_sample_group`` (metric name ``per_sample``).
        watch: label moves counted per stratum as a headline, in order (CARES-LLM:
            ``("Refuse", "Accept")``: harmful prompts the new version answers that the old one refused).
    """

    metrics: tuple[PairedMetric, ...] = ()
    watch: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SampleShare:
    """A criterion's metric read one sample at a time: a share (or mean) of values in [0, 1] over
    the samples of a population, for the sequential trust case (medtrust.sequential).

    Attributes:
        member: sample metadata (as in the dataset, before the run) -> whether the sample belongs
            to the metric's population (e.g. harmful prompts of harm level 3). Known before the
            run, so that the largest number of members per cluster is known.
        value: (sample metadata, {scorer name: inspect Score}) -> the sample's value in [0, 1],
            or None for a non-answer (left out of the denominator, as the summary does). Called
            for members only; an errored sample without scores is a non-answer.
        unit: the unit of the summary metric (``fraction`` or ``percent``), so that a criterion's
            threshold is read in it (values stay in [0, 1]).
        calibration: (calibration file, judge model names) -> the judge's
            :class:`medtrust.judges.correction.Calibration` for this share's positive class when
            it has a Rogan-Gladen corrected twin (``<metric>_corrected``), else None.
    """

    member: Callable[[dict[str, Any]], bool]
    value: Callable[[dict[str, Any], dict[str, Any]], float | None]
    unit: str = "fraction"
    calibration: Callable[[str, Sequence[str]], Any] | None = None


@dataclass(frozen=True)
class SequentialTerms:
    """What a benchmark offers the sequential trust case (`medtrust run --criteria F --sequential`).

    Attributes:
        cluster: sample metadata -> its cluster (variants of one base prompt share one), the unit
            of sampling and counting.
        share: (metric name, group or None) -> how to read it per sample (:class:`SampleShare`), or
            None when the metric is not a share of per-sample values (e.g. a gap between groups);
            such a criterion cannot be decided while the run goes.
    """

    cluster: Callable[[dict[str, Any]], str]
    share: Callable[[str, str | None], SampleShare | None]


@dataclass(frozen=True)
class RescoreSettings:
    """The settings of one `medtrust rescore` that a benchmark's scorers may need
    (:attr:`Benchmark.rescore_options`).

    Attributes:
        judge: the ``--judge`` choice (None = the option recorded in the log).
        allow_remote_restricted: the user allows restricted samples to reach non-local judges
            (this rescoring's value; the one recorded in the log is never reused).
    """

    judge: str | None = None
    allow_remote_restricted: bool = False


@dataclass(frozen=True)
class Benchmark:
    """Everything the shared code needs from one benchmark.

    Attributes:
        name: identifier, written as ``eval.metadata["benchmark"]`` by its tasks and as
            ``BenchmarkSummary.benchmark``; its CLI spelling is :attr:`cli_name`.
        title: display title, e.g. ``CARES-LLM``.
        description: one line for `medtrust list`.
        tasks: its inspect ``@task`` functions (registered through ``medtrust._registry``).
        scorers: its inspect ``@scorer`` functions (registered through ``medtrust._registry``, so
            `medtrust rescore` finds a logged scorer as ``medtrust/<name>`` even when its task
            imports it lazily).
        rescore_options: :class:`RescoreSettings` -> options that replace the recorded ones of
            its :attr:`scorers` when `medtrust rescore` scores a log again (e.g.
            ``allow_remote_restricted``), or None.
        restriction: its restricted sources (:class:`medtrust.restricted.Restriction`), or None;
            `medtrust rescore` refuses non-local judges for logs with restricted samples.
        labelling: its part in `medtrust label` (:class:`Labelling`), or None (its logs' samples
            are then counted as left out, with the reason).
        criteria: named thresholds and share metrics for criteria files (:class:`CriteriaTerms`).
        pairing: the metrics two runs are compared on item by item (:class:`Pairing`), or None
            (then ``per_sample`` per comparison group).
        sequential: its metrics read one sample at a time for `medtrust run --sequential`
            (:class:`SequentialTerms`), or None (its criteria are then not checked while a run goes).
        plan: RunOptions -> :class:`RunPlan` (validates data and options; no model call).
        summarize: (logs, seed=, calibration=) -> summaries. Logs are full EvalLogs of this
            benchmark (header-only ones with :attr:`streams_samples`), possibly of several models
            and runs; the benchmark decides how they group.
        streams_samples: ``summarize`` reads the samples of a header-only EvalLog (``samples``
            None, ``location`` set) from its file itself, a few at a time; the runner and the
            report then never read a log of this benchmark whole (bounded memory on large logs).
        table: a summary -> what `medtrust run` prints (a rich renderable or a string).
        dimensions: trust dimensions it can cover (a dimension it did not run shows "not run").
        axes: its scorecard axes.
        charts: summaries (report JSON dicts, each with a ``label``) -> charts of its section.
        options: its own `medtrust run` options.
        uses_images: accepts ``--image-root``, and its tasks take the argument ``image_blind``
            (the image-blind pass of ``--image-blind``: every image removed by
            :func:`medtrust.solvers.remove_images`, recorded as ``blind_pass`` in its evidence);
            each task records whether it shows images (:func:`medtrust.evidence_class.declare`).
        calibration: judge-calibration hooks (accepts ``--judge-calibration``), or None.
        fetch: returns the click command of `medtrust data fetch <cli_name>` (imported lazily,
            since download code pulls in network libraries), or None.
        commands: extra top-level subcommands, name -> function returning the click command.
        after_run: (successful logs of one model, RunOptions, console) -> None, called after the
            summaries are printed (e.g. CARES-LLM's with/without-mitigation comparison).
        hints: a summary -> extra lines printed after its table (e.g. how to fix input errors).
    """

    name: str
    title: str
    description: str
    tasks: tuple[Callable[..., "Task"], ...]
    plan: Callable[["RunOptions"], RunPlan]
    summarize: Callable[..., list["BenchmarkSummary"]]
    table: Callable[["BenchmarkSummary"], Any]
    dimensions: tuple[str, ...]
    axes: tuple[Axis, ...] = ()
    charts: Callable[[Sequence[dict[str, Any]]], list[Chart]] | None = None
    options: tuple[BenchmarkOption, ...] = ()
    uses_images: bool = False
    calibration: Calibration | None = None
    fetch: Callable[[], "click.Command"] | None = None
    commands: dict[str, Callable[[], "click.Command"]] = field(default_factory=dict)
    after_run: Callable[[list["EvalLog"], "RunOptions", Any], None] | None = None
    hints: Callable[["BenchmarkSummary"], list[str]] | None = None
    streams_samples: bool = False
    scorers: tuple[Callable[..., Any], ...] = ()
    rescore_options: Callable[[RescoreSettings], dict[str, Any]] | None = None
    restriction: "Restriction | None" = None
    labelling: Labelling | None = None
    criteria: CriteriaTerms = field(default_factory=CriteriaTerms)
    pairing: Pairing | None = None
    sequential: SequentialTerms | None = None

    @property
    def cli_name(self) -> str:
        """The spelling used on the command line (``cares-llm``)."""
        return self.name.replace("_", "-")

    @property
    def task_names(self) -> tuple[str, ...]:
        """Unqualified inspect task names of :attr:`tasks` (e.g. ``cares_llm``)."""
        return tuple(getattr(t, "__name__", str(t)) for t in self.tasks)

    @property
    def scorer_names(self) -> tuple[str, ...]:
        """Unqualified inspect scorer names of :attr:`scorers` (e.g. ``cares_llm_scorer``)."""
        return tuple(getattr(s, "__name__", str(s)) for s in self.scorers)


def run_id_of(log: "EvalLog") -> str:
    """The run a log belongs to: `medtrust run`'s :data:`RUN_METADATA_KEY` (kept by eval-retry),
    else inspect's ``eval.run_id`` (shared by the tasks of one ``eval()`` call), with
    :data:`BLIND_RUN_SUFFIX` for an image-blind pass (its own run: never merged with the pass
    that showed the images, whatever a benchmark groups by). Header-only logs work."""
    meta = getattr(log.eval, "metadata", None) or {}
    blind = bool((meta.get(EVIDENCE_METADATA_KEY) or {}).get("blind_pass"))
    rid = str(meta.get(RUN_METADATA_KEY) or log.eval.run_id)
    return rid + BLIND_RUN_SUFFIX if blind and not rid.endswith(BLIND_RUN_SUFFIX) else rid


def rescored_from_of(log: "EvalLog") -> dict[str, Any] | None:
    """The origin `medtrust rescore` recorded in a rescored log ({"log", "judge", "rescored"}), else None."""
    meta = getattr(log.eval, "metadata", None) or {}
    origin = meta.get(RESCORED_METADATA_KEY)
    return dict(origin) if isinstance(origin, dict) else None


def benchmark_name_of(log: "EvalLog") -> str | None:
    """The benchmark a log belongs to: its task's recorded ``eval.metadata["benchmark"]``.

    Works on header-only logs. None for a log not written by a medtrust task.
    """
    meta = getattr(log.eval, "metadata", None) or {}
    name = meta.get(BENCHMARK_METADATA_KEY)
    return str(name) if name else None
