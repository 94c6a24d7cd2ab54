"""Options of one `medtrust run`, shared by every benchmark (:class:`RunOptions`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The model `medtrust run` evaluates when none is given: offline, shipped with the package.
DEFAULT_MODEL = "medtrust/embedded"


@dataclass
class RunOptions:
    """Options of one `medtrust run` (all benchmarks; each uses the ones it needs).

    Attributes:
        benchmark: a registered benchmark name (either spelling, ``a-b`` or ``a_b``); None = the
            default, the registry's first (``registry.get_benchmark(None)``).
        model: inspect model names (all in one inspect eval).
        judge_models: inspect model names for the ``grader`` role; empty = offline judge.
        judge_calibration: ``medtrust judge-eval --json-out`` file; adds Rogan-Gladen corrected
            rates (benchmarks with a calibration hook only).
        data: {source: path} data files (a single-file benchmark uses key ``default``).
        image_roots: {source: directory} image roots (benchmarks that use images only).
        limit: max samples per task (None = all).
        full: run every packaged row instead of the quick default sample.
        log_dir: where inspect logs and summaries go.
        seed: seed for shuffling, policies and bootstrap.
        max_tokens: generation limit (None = benchmark default).
        options: the benchmark's own options by name (``BenchmarkOption.name``), e.g.
            ``{"mode": "mc"}``, ``{"dimensions": ("factuality",)}``.
        allow_remote_restricted: send restricted-source data to a non-local endpoint.
        model_args: extra ``-M`` args for the evaluated model.
        task_args: extra ``-T`` args for the task.
        resume: continue the latest unfinished log in log_dir (inspect eval-retry).
        report: also write the HTML scorecard after the run.
        max_connections: concurrent model calls (None = provider default).
        max_retries: retries of a failed model call (None = inspect's default).
        timeout: seconds a model request may take before it counts as failed (None = provider default).
        display: inspect's display (full, rich, plain, log, none); None = medtrust's own progress
            lines and no inspect display.
        preflight: check every model and judge endpoint with one tiny request before the run.
        criteria: a criteria file (``example`` = the shipped one): the trust case is printed after
            the run; with ``sequential`` it is decided while the run goes (docs/criteria.md).
        sequential: draw samples by cluster in a seeded order and stop once the case is decided
            (medtrust.sequential); ``limit`` is then the sample budget.
        decide_all: with ``sequential``, go on until every criterion is decided.
        baseline: with ``sequential``: an approved baseline (a record file, or a family with a
            record in ``log_dir``, as `medtrust report --baseline`); the criteria file's
            ``[[vs_baseline]]`` criteria are then decided while the run goes
            (medtrust.sequential.change, docs/comparison.md).
        estimate: print and write the cost and time estimate, call no model (medtrust.estimate).
        max_cost: refuse to start when the estimated cost (US dollars) is above it.
        prices: a price table (TOML) overriding the packaged one.
        latency: seconds per request for the estimate's wall time (None = its stated default).
        batch: send requests through the provider's batch API (inspect ``GenerateConfig.batch``:
            True, or the batch size).
        shards: split the run's samples into this many shards, each its own inspect eval in its
            own process (medtrust.sharded, docs/scale-out.md); None = the run in one piece.
        shard: with ``shards``: run only this shard (0-based) in this process: the shard command
            line that an engine, a Kubernetes Job or a Slurm array task runs.
        run_id: the run identity to record (``eval.metadata["medtrust_run"]``); the shards of one
            run share it. None = a new one.
        engine: where shards run: ``local`` (child processes) or ``ray`` (Ray tasks).
        ray_address: the Ray cluster for ``engine="ray"`` (None = a local Ray instance for the run).
        image_blind: also run the image-blind pass of an image benchmark (every image removed:
            image reliance); the only pass a model without image input may run.
        image_input: models declared to take images (for a provider medtrust does not know).
        force_calibration: apply ``judge_calibration`` although its labels came from another
            model or judge version (with a warning in the summary's notes).
    """

    benchmark: str | None = None
    model: list[str] = field(default_factory=lambda: [DEFAULT_MODEL])
    judge_models: list[str] = field(default_factory=list)
    judge_calibration: str | None = None
    data: dict[str, str] = field(default_factory=dict)
    image_roots: dict[str, str] = field(default_factory=dict)
    limit: int | None = None
    full: bool = False
    log_dir: str = "medtrust-logs"
    seed: int = 0
    max_tokens: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    allow_remote_restricted: bool = False
    model_args: dict[str, Any] = field(default_factory=dict)
    task_args: dict[str, Any] = field(default_factory=dict)
    resume: bool = False
    report: bool = False
    max_connections: int | None = None
    max_retries: int | None = None
    timeout: int | None = None
    display: str | None = None
    preflight: bool = True
    criteria: str | None = None
    sequential: bool = False
    decide_all: bool = False
    baseline: str | None = None
    estimate: bool = False
    max_cost: float | None = None
    prices: str | None = None
    latency: float | None = None
    batch: bool | int | None = None
    shards: int | None = None
    shard: int | None = None
    run_id: str | None = None
    engine: str = "local"
    ray_address: str | None = None
    image_blind: bool = False
    image_input: list[str] = field(default_factory=list)
    force_calibration: bool = False

    def option(self, name: str, default: Any = None) -> Any:
        """A benchmark option's value (``default`` when not given)."""
        value = self.options.get(name)
        return default if value is None else value
