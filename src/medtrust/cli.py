"""The `medtrust` command line: run | list | report | rescore | data fetch | judge-eval | detector.

Thin: parses options into :class:`medtrust.runner.RunOptions` and calls the benchmark's
``cli.run``. Subcommands owned by other modules are imported only when used, so a broken
optional dependency never stops `medtrust run`.
"""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any

import click
from inspect_ai._util.error import PrerequisiteError

from medtrust.runner import BENCHMARKS, DEFAULT_MODEL, RunInterrupted, RunOptions, benchmark_module, offline_env

#: name -> "module:attribute" of a click command defined elsewhere
LAZY_COMMANDS: dict[str, str] = {
    "report": "medtrust.report.cli:report_command",
    "rescore": "medtrust.rescore:rescore_command",
    "judge-eval": "medtrust.judges.judge_eval:judge_eval_command",
    "detector": "medtrust.benchmarks.cares_llm.detector:detector_group",
    "label": "medtrust.commands.label:label_command",
}
#: `medtrust data fetch <benchmark>` -> "module:attribute"
FETCH_COMMANDS: dict[str, str] = {
    "cares-vlm": "medtrust.benchmarks.cares_vlm.fetch:fetch_command",
    "mediconfusion": "medtrust.benchmarks.mediconfusion.fetch:fetch_command",
}


def _load(target: str) -> click.Command:
    module, attr = target.split(":")
    return getattr(importlib.import_module(module), attr)


class LazyGroup(click.Group):
    """A click group whose extra commands are imported on first use."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.lazy = lazy or {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            return _load(self.lazy[name])
        return super().get_command(ctx, name)


def _pairs(values: tuple[str, ...], option: str, default_key: str = "default") -> dict[str, str]:
    """Parse KEY=VALUE options (a bare VALUE goes under ``default_key``)."""
    out: dict[str, str] = {}
    for v in values:
        if "=" in v and not v.startswith(("/", ".")):
            k, _, val = v.partition("=")
            out[k.strip()] = val.strip()
        else:
            out[default_key] = v
    return out


def _typed(v: str) -> Any:
    for conv in (int, float):
        try:
            return conv(v)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(v.lower(), v)


def _check_options(opts: RunOptions) -> None:
    """Refuse options that the chosen benchmark would silently ignore."""
    only = {
        "--mode": ("mediconfusion", opts.mode is not None),
        "--dimension": ("cares-vlm", bool(opts.dimensions)),
        "--mitigation": ("cares-llm", opts.mitigation != "off"),
        "--judge-calibration": (("cares-llm", "cares-vlm"), opts.judge_calibration is not None),
    }
    for option, (benchmark, given) in only.items():
        allowed = (benchmark,) if isinstance(benchmark, str) else benchmark
        if given and opts.benchmark not in allowed:
            names = " or ".join(f"--benchmark {b}" for b in allowed)
            raise click.UsageError(f"{option} applies to {names} only (this run: {opts.benchmark})")


@click.group(cls=LazyGroup, lazy=LAZY_COMMANDS)
@click.version_option(package_name="medtrust")
def main() -> None:
    """medtrust: how far can a medical language or vision-language model be trusted?"""
    offline_env()


@main.command("list")
def list_command() -> None:
    """List the benchmarks."""
    for name, (_, desc) in BENCHMARKS.items():
        click.echo(f"{name:15s} {desc}")


@main.command("run")
@click.option("--benchmark", "-b", default="cares-llm", show_default=True, type=click.Choice(list(BENCHMARKS)), help="Benchmark to run.")
@click.option("--model", "-m", multiple=True, help=f"inspect model name (repeatable). Default: {DEFAULT_MODEL} (offline).")
@click.option("--judge-model", multiple=True, help="inspect model for the 'grader' role (repeatable: several judges). Default: offline judge.")
@click.option("--judge-calibration", type=click.Path(exists=True, dir_okay=False), default=None, help="judge-eval JSON (--json-out): report Rogan-Gladen corrected rates.")
@click.option("--data", multiple=True, help="Data file: PATH (CARES-LLM; 'hf' = hub) or SOURCE=PATH (CARES-VLM).")
@click.option("--image-root", multiple=True, help="Image folder: DIR or SOURCE=DIR.")
@click.option("--limit", type=int, default=None, help="Max samples per task.")
@click.option("--full", is_flag=True, help="Run every packaged row, not the quick default sample.")
@click.option("--log-dir", default="medtrust-logs", show_default=True, help="Where inspect logs and summaries go.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--max-tokens", type=int, default=None, help="Generation limit (default: benchmark's).")
@click.option("--mode", type=click.Choice(["mc", "ff", "gd", "ps"]), default=None, help="MediConfusion mode.")
@click.option("--dimension", multiple=True, help="CARES-VLM dimension(s) to run (default all).")
@click.option("--mitigation", type=click.Choice(["off", "detector", "oracle", "always"]), default="off", show_default=True, help="CARES-LLM jailbreak-style reminder.")
@click.option("--allow-remote-restricted", is_flag=True, help="Allow sending restricted-source data (MIMIC-CXR, FairVLMed, OL3I) to a non-local endpoint.")
@click.option("-M", "model_args", multiple=True, help="Model arg KEY=VALUE (inspect -M).")
@click.option("-T", "task_args", multiple=True, help="Task arg KEY=VALUE (inspect -T).")
@click.option("--max-connections", type=int, default=None, help="Concurrent model calls.")
@click.option("--resume", is_flag=True, help="Resume the latest unfinished log in --log-dir (inspect eval-retry).")
@click.option("--report", "write_report", is_flag=True, help="Write the HTML scorecard at the end.")
@click.option("--display", default=None, help="inspect display: full, rich, plain, none.")
def run_command(**kw: Any) -> None:
    """Evaluate a model on a benchmark (default: the embedded model on CARES-LLM, offline)."""
    opts = RunOptions(
        benchmark=kw["benchmark"],
        model=list(kw["model"]) or [DEFAULT_MODEL],
        judge_models=list(kw["judge_model"]),
        judge_calibration=kw["judge_calibration"],
        data=_pairs(kw["data"], "--data"),
        image_roots=_pairs(kw["image_root"], "--image-root"),
        limit=kw["limit"],
        full=kw["full"],
        log_dir=kw["log_dir"],
        seed=kw["seed"],
        max_tokens=kw["max_tokens"],
        mode=kw["mode"],
        dimensions=list(kw["dimension"]),
        mitigation=kw["mitigation"],
        allow_remote_restricted=kw["allow_remote_restricted"],
        model_args={k: _typed(v) for k, v in _pairs(kw["model_args"], "-M").items()},
        task_args={k: _typed(v) for k, v in _pairs(kw["task_args"], "-T").items()},
        resume=kw["resume"],
        report=kw["write_report"],
        max_connections=kw["max_connections"],
        display=kw["display"],
    )
    _check_options(opts)
    try:
        if opts.resume:
            from medtrust.runner import resume_latest

            resume_latest(opts)
            return
        summaries = benchmark_module(opts.benchmark).run(opts)
    except PrerequisiteError as e:  # e.g. an API key variable not set for the chosen provider
        click.echo("error: " + re.sub(r"\[/?[a-z ]+\]", "", str(e)).replace("ERROR: ", "").strip(), err=True)
        sys.exit(2)
    except RunInterrupted as e:
        click.echo(f"\n{e}", err=True)
        sys.exit(130)
    except (ValueError, FileNotFoundError) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    if opts.report and summaries:
        from medtrust.report.build import write_report

        path = write_report(opts.log_dir, out=f"{opts.log_dir}/report.html", calibration=opts.judge_calibration)
        click.echo(f"Report: {path}")
    elif summaries:
        click.echo(f"Scorecard: medtrust report {opts.log_dir} --out report.html")


@main.group("data", cls=LazyGroup)
def data_group() -> None:
    """Benchmark data."""


@data_group.group("fetch", cls=LazyGroup, lazy=FETCH_COMMANDS)
def fetch_group() -> None:
    """Download official benchmark files (needs network access)."""


if __name__ == "__main__":
    main()
