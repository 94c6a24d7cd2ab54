"""`medtrust run` and `medtrust list`: options parsed into RunOptions, then the runner.

The benchmark-specific options (``--mode``, ``--dimension``, ``--mitigation`` ...) come from the
registry (``Benchmark.options``); one given to a benchmark that does not declare it is refused
with one line, as are ``--image-root`` for a benchmark without images and
``--judge-calibration`` for one without a calibration hook.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from medtrust._inspect_compat import PrerequisiteError
from medtrust.benchmarks.interface import Benchmark, BenchmarkOption
from medtrust.benchmarks.registry import BENCHMARKS, get_benchmark
from medtrust.options import DEFAULT_MODEL, RunOptions
from medtrust.engines import EngineError
from medtrust.preflight import plain_error_text
from medtrust.runner import RunIncomplete, RunInterrupted


def _pairs(values: tuple[str, ...], default_key: str = "default") -> dict[str, str]:
    """Parse KEY=VALUE options (a bare VALUE goes under ``default_key``)."""
    out: dict[str, str] = {}
    for v in values:
        if "=" in v and not v.startswith(("/", ".")):
            k, _, val = v.partition("=")
            out[k.strip()] = val.strip()
        else:
            out[default_key] = v
    return out


def _key_values(values: tuple[str, ...], flag: str) -> dict[str, str]:
    """Parse KEY=VALUE options that have no default key (``-T``).

    Raises:
        click.UsageError: a value without ``=`` or with an empty key, named as given.
    """
    for v in values:
        if "=" not in v or not v.partition("=")[0].strip():
            raise click.UsageError(f"{flag} {v}: expected KEY=VALUE (e.g. {flag} judge_max_tokens=64)")
    return _pairs(values)


def _structured(key: str, v: str, flag: str = "-T") -> Any:
    """A ``-T`` / ``-M`` value: a mapping or list written as JSON/YAML (``data={"ham10000":
    "f.jsonl"}``, ``default_headers={"X-Auth": "..."}``) is read as inspect's own ``-T``/``-M``
    read it (YAML, of which JSON is a part); anything else as :func:`_typed`.

    Raises:
        click.UsageError: a ``{...}`` / ``[...]`` value that does not parse, naming ``FLAG KEY``.
    """
    text = v.strip()
    if not text.startswith(("{", "[")):
        return _typed(v)
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        where = getattr(e, "problem_mark", None)
        at = f" at column {where.column + 1}" if where is not None else ""
        raise click.UsageError(f"{flag} {key}: not a valid mapping or list{at} ({getattr(e, 'problem', None) or 'cannot be read'}); "
                               'write it as JSON, e.g. -T data=\'{"ham10000": "file.jsonl"}\'') from None  # fmt: skip


def _mapping_task_args(opts: RunOptions) -> None:
    """``-T data={...}`` / ``-T image_roots={...}`` given as mappings join ``--data`` /
    ``--image-root`` (which win on the same source), so the benchmark's plan sees them as it sees
    the options (file checks, the restricted-data guard). Other values stay task arguments.

    Raises:
        click.UsageError: a mapping whose keys or values are not text, naming ``-T KEY``.
    """
    for key, into in (("data", opts.data), ("image_roots", opts.image_roots)):
        value = opts.task_args.get(key)
        if not isinstance(value, dict):
            continue
        bad = [k for k, v in value.items() if not isinstance(v, str) or not isinstance(k, str)]
        if bad:
            raise click.UsageError(f"-T {key}: expected {{source: path}}, got {bad[0]!r}: {value[bad[0]]!r}")
        for k, v in value.items():
            into.setdefault(k, str(v))
        del opts.task_args[key]


def _typed(v: str) -> Any:
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(v.lower(), v)


def benchmark_options() -> dict[str, tuple[BenchmarkOption, list[Benchmark]]]:
    """Every benchmark option by name, with the benchmarks that declare it."""
    out: dict[str, tuple[BenchmarkOption, list[Benchmark]]] = {}
    for b in BENCHMARKS:
        for o in b.options:
            out.setdefault(o.name, (o, []))[1].append(b)
    return out


def _given(value: Any, default: Any) -> bool:
    return value is not None and value != default and value != ()


def check_options(bench: Benchmark, opts: RunOptions) -> None:
    """Refuse options that the chosen benchmark would silently ignore (one line each)."""
    for name, (opt, owners) in benchmark_options().items():
        if _given(opts.options.get(name), opt.default) and bench not in owners:
            names = " or ".join(f"--benchmark {b.cli_name}" for b in owners)
            raise click.UsageError(f"{opt.flag} applies to {names} only (this run: {bench.cli_name})")
    if opts.image_roots and not bench.uses_images:
        raise click.UsageError(f"--image-root: {bench.cli_name} uses no images")
    if (opts.image_blind or opts.image_input) and not bench.uses_images:
        raise click.UsageError(f"{'--image-blind' if opts.image_blind else '--image-input'}: {bench.cli_name} uses no images")
    if opts.force_calibration and not opts.judge_calibration:
        raise click.UsageError("--force-calibration applies to a --judge-calibration file")
    if opts.judge_calibration and bench.calibration is None:
        with_cal = " or ".join(f"--benchmark {b.cli_name}" for b in BENCHMARKS if b.calibration)
        raise click.UsageError(f"--judge-calibration applies to {with_cal} only (this run: {bench.cli_name})")


def check_task_args(bench: Benchmark, task_args: dict[str, Any]) -> None:
    """Refuse a ``-T`` key that none of the benchmark's tasks accepts, naming the closest one."""
    import inspect as pyinspect

    from medtrust.suggest import did_you_mean

    accepted: set[str] = set()
    for task in bench.tasks:
        fn = getattr(task, "__wrapped__", task)
        accepted |= {p for p in pyinspect.signature(fn).parameters}
    for key in task_args:
        if key not in accepted:
            hint = did_you_mean(key, sorted(accepted))
            raise click.UsageError(f"-T {key}: not an argument of the {bench.cli_name} task{hint}; known: {', '.join(sorted(accepted))}")


def _benchmark_param(ctx: click.Context, param: click.Parameter, value: str) -> str:
    try:
        return get_benchmark(value).cli_name
    except ValueError as e:
        raise click.BadParameter(str(e)) from None


def _add_benchmark_options(cmd: click.Command) -> click.Command:
    for opt, _owners in benchmark_options().values():
        kind = click.Choice(list(opt.choices)) if opt.choices else None
        cmd.params.append(click.Option([opt.flag, opt.name], multiple=opt.multiple, default=opt.default, type=kind, help=opt.help))
    return cmd


@click.command("list")
def list_command() -> None:
    """List the benchmarks."""
    for b in BENCHMARKS:
        click.echo(f"{b.cli_name:15s} {b.description}")


@_add_benchmark_options
@click.command("run")
@click.option("--benchmark", "-b", default=get_benchmark(None).cli_name, show_default=True, callback=_benchmark_param,
              help="Benchmark to run: " + ", ".join(b.cli_name for b in BENCHMARKS) + ".")
@click.option("--model", "-m", multiple=True, help=f"inspect model name (repeatable). Default: {DEFAULT_MODEL} (offline).")
@click.option("--judge-model", multiple=True, help="inspect model for the 'grader' role (repeatable: several judges). Default: offline judge.")
@click.option("--judge-calibration", type=click.Path(exists=True, dir_okay=False), default=None, help="judge-eval JSON (--json-out): report Rogan-Gladen corrected rates.")
@click.option("--force-calibration", is_flag=True,
              help="Apply --judge-calibration although its labels came from another model or judge version (with a warning).")
@click.option("--data", multiple=True, help="Data file: PATH (single-file benchmarks; 'hf' = hub for CARES-LLM) or SOURCE=PATH.")
@click.option("--image-root", multiple=True, help="Image folder: DIR or SOURCE=DIR.")
@click.option("--image-blind", is_flag=True,
              help="Image benchmarks: also ask every question with its image removed (blind accuracy, answer-flip rate); "
                   "the only pass a model without image input may run, labelled image-blind everywhere.")
@click.option("--image-input", multiple=True, metavar="MODEL",
              help="Declare that MODEL takes images (repeatable), for a provider medtrust does not know.")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Max samples per task (at least 1).")
@click.option("--full", is_flag=True, help="Run every packaged row, not the quick default sample.")
@click.option("--log-dir", default="medtrust-logs", show_default=True, help="Where inspect logs and summaries go.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed for the model's sampling, the policies and the bootstrap (the quick default sample of rows is fixed).")
@click.option("--max-tokens", type=click.IntRange(min=1), default=None, help="Generation limit in tokens, at least 1 (default: the benchmark's).")
@click.option("--allow-remote-restricted", is_flag=True, help="Allow sending restricted data (credentialed sources such as MIMIC-CXR; docs/security.md) to a non-local endpoint.")
@click.option("-M", "model_args", multiple=True, help="Model arg KEY=VALUE (inspect -M).")
@click.option("-T", "task_args", multiple=True, help="Task arg KEY=VALUE (inspect -T).")
@click.option("--max-connections", type=click.IntRange(min=1), default=None, help="Concurrent model calls.")
@click.option("--max-retries", type=click.IntRange(min=0), default=None, help="Retries of a failed model call (default: inspect's).")
@click.option("--timeout", type=click.IntRange(min=1), default=None, help="Seconds one model request may take (default: the provider's).")
@click.option("--preflight/--no-preflight", default=True, show_default=True,
              help="Check every model and judge endpoint with one tiny request before the run.")
@click.option("--resume", is_flag=True, help="Resume the latest unfinished log in --log-dir (inspect eval-retry).")
@click.option("--report", "write_report", is_flag=True, help="Write the HTML scorecard at the end.")
@click.option("--display", type=click.Choice(["full", "conversation", "rich", "plain", "log", "none"]), default=None,
              help="Use inspect's display instead of medtrust's progress lines.")
@click.option("--criteria", type=str, default=None, help="Criteria TOML ('example' = the shipped one): the trust case after the run (docs/criteria.md).")
@click.option("--sequential", is_flag=True,
              help="With --criteria: draw samples by cluster in a seeded order and stop once the case is decided (anytime-valid); --limit is the sample budget; "
                   "with --baseline also the [[vs_baseline]] change case.")
@click.option("--decide-all", is_flag=True, help="With --sequential: go on until every criterion is decided, not only the case.")
@click.option("--baseline", default=None, metavar="RECORD|FAMILY",
              help="With --sequential: decide the criteria file's [[vs_baseline]] criteria against this approved baseline while the run "
                   "goes (paired, anytime-valid) and stop once they are decided too (docs/comparison.md).")
@click.option("--estimate", is_flag=True, help="Print and write requests, tokens, cost and time; call no model (docs/estimate.md).")
@click.option("--max-cost", type=click.FloatRange(min=0), default=None, help="US dollars: refuse to start when the estimated cost is above it.")
@click.option("--prices", type=click.Path(exists=True, dir_okay=False), default=None, help="Price table TOML overriding the packaged one.")
@click.option("--latency", type=click.FloatRange(min=0, min_open=True), default=None, help="Seconds per request for the estimated wall time (default 2).")
@click.option("--batch", is_flag=True, help="Send requests through the provider's batch API (about half price, hours; docs/estimate.md).")
@click.option("--shards", type=click.IntRange(min=1), default=None,
              help="Split the run's samples into N shards, each its own inspect eval in its own process; --max-connections is the total (docs/scale-out.md).")
@click.option("--shard", type=click.IntRange(min=0), default=None,
              help="With --shards N and --run-id: run only shard K (0-based) here (the unit for Kubernetes Jobs, Slurm array tasks).")
@click.option("--run-id", default=None, help="Run identity to record; every shard of one run gives the same.")
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where shards run: child processes, or Ray tasks (pip install 'medtrust[ray]').")
@click.option("--ray-address", default=None, help="With --engine ray: an existing Ray cluster (default: a local Ray started for the run).")
def run_command(**kw: Any) -> None:
    """Evaluate a model on a benchmark (default: the embedded model on the first listed benchmark, offline)."""
    bench = get_benchmark(kw["benchmark"])
    opts = RunOptions(
        benchmark=bench.cli_name,
        model=list(kw["model"]) or [DEFAULT_MODEL],
        judge_models=list(kw["judge_model"]),
        judge_calibration=kw["judge_calibration"],
        data=_pairs(kw["data"]),
        image_roots=_pairs(kw["image_root"]),
        limit=kw["limit"],
        full=kw["full"],
        log_dir=kw["log_dir"],
        seed=kw["seed"],
        max_tokens=kw["max_tokens"],
        options={name: kw[name] for name in benchmark_options()},
        allow_remote_restricted=kw["allow_remote_restricted"],
        model_args={k: _structured(k, v, "-M") for k, v in _pairs(kw["model_args"]).items()},
        task_args={k: _structured(k, v) for k, v in _key_values(kw["task_args"], "-T").items()},
        resume=kw["resume"],
        report=kw["write_report"],
        max_connections=kw["max_connections"],
        max_retries=kw["max_retries"],
        timeout=kw["timeout"],
        display=kw["display"],
        preflight=kw["preflight"],
        criteria=kw["criteria"],
        sequential=kw["sequential"],
        decide_all=kw["decide_all"],
        baseline=kw["baseline"],
        estimate=kw["estimate"],
        max_cost=kw["max_cost"],
        prices=kw["prices"],
        latency=kw["latency"],
        batch=True if kw["batch"] else None,
        shards=kw["shards"],
        shard=kw["shard"],
        run_id=kw["run_id"],
        engine=kw["engine"],
        ray_address=kw["ray_address"],
        image_blind=kw["image_blind"],
        image_input=list(kw["image_input"]),
        force_calibration=kw["force_calibration"],
    )
    if opts.sequential and not opts.criteria:
        raise click.UsageError("--sequential needs --criteria FILE (the criteria it decides)")
    if opts.criteria:
        from medtrust.report.criteria import CriteriaError, load_criteria

        try:  # read before any model call: a typo found after a paid run costs the run
            load_criteria(opts.criteria)
        except CriteriaError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)
    if opts.decide_all and not opts.sequential:
        raise click.UsageError("--decide-all applies to --sequential runs only")
    if opts.baseline and not opts.sequential:
        # the fixed-sample comparison with a baseline is `medtrust report --baseline` (docs/comparison.md)
        raise click.UsageError("--baseline applies to --sequential runs only (for the fixed-sample comparison: medtrust report LOGS --baseline RECORD)")
    if opts.shards is not None and (opts.sequential or opts.estimate):
        # a sequential run decides from one ordered stream of samples; an estimate calls no model
        raise click.UsageError(f"--shards cannot be combined with {'--sequential' if opts.sequential else '--estimate'}")
    check_options(bench, opts)
    check_task_args(bench, opts.task_args)
    _mapping_task_args(opts)
    from medtrust.sharded import run_or_resume

    try:
        summaries = run_or_resume(opts)
    except PrerequisiteError as e:  # e.g. an API key variable not set for the chosen provider
        click.echo("error: " + plain_error_text(e), err=True)
        sys.exit(2)
    except RunInterrupted as e:
        click.echo(f"\n{e}", err=True)
        sys.exit(130)
    except RunIncomplete as e:  # work was lost: never exit 0
        click.echo(f"error: {e}", err=True)
        sys.exit(1)
    except (ValueError, FileNotFoundError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except EngineError as e:  # an engine that cannot start (Ray missing or unreachable)
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if opts.report and summaries:
        from medtrust.report.build import write_report

        path = write_report(opts.log_dir, out=f"{opts.log_dir}/report.html", calibration=opts.judge_calibration,
                            force_calibration=opts.force_calibration)
        click.echo(f"Report: {path}")
    elif summaries:
        click.echo(f"Scorecard: medtrust report {opts.log_dir} --out report.html")
