"""`medtrust run --shards N`: one run's samples in N shards, each its own inspect eval in its own
process, merged into one result (docs/scale-out.md).

inspect runs different tasks in different processes, but not one task's samples across
processes or machines; one Python process tops out at the CPU its event loop can use per sample
(docs/performance.md). A sharded run therefore splits the samples (medtrust.shards: a stable hash
of each sample's cluster key, so a cluster's variants stay together) and runs every shard as the
same `medtrust run` command line with ``--shards N --shard K --run-id RID``:

- :func:`run_sharded` (the run's own process): checks data and options once (the benchmark's
  plan, the endpoints' preflight), writes the run's manifest (``medtrust-run-<RID>.shards.json``:
  the options and every shard's command line, no secret), starts the shards on the engine
  (medtrust.engines: ``local`` child processes, or ``ray`` tasks) with ``--max-connections``
  split between them (it is the total), names every shard that failed and exits non-zero, else
  summarises the run as one: the logs of every shard merged per task and model
  (:func:`medtrust.logs.merge_run_shards`), so the numbers, CIs included, are those of the same
  run in one piece.
- :func:`run_shard` (a shard's process, also what a Kubernetes Job or a Slurm array task runs):
  the plan with the task argument ``shard="K/N"`` (``"K/N@L"`` with ``--limit L``: the shards
  split the first L samples), one inspect eval whose log records the run identity and
  ``eval.metadata["medtrust_shard"] = {"index": K, "count": N}``; no summary (the run's process,
  `medtrust report` or `medtrust run --resume` makes it).
- :func:`resume_sharded`: `medtrust run --resume` of a sharded run: every shard with an
  unfinished log is finished by inspect's eval-retry in its own process, every shard without a
  log is started from the manifest, then the run is summarised as one.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import sys
import uuid
from pathlib import Path
from typing import Any, Sequence

from medtrust.benchmarks.interface import RUN_METADATA_KEY, Benchmark, rescored_from_of, run_id_of
from medtrust.benchmarks.registry import BENCHMARKS, benchmark_of, get_benchmark
from medtrust.engines import ShardResult, run_commands
from medtrust.logs import find_logs, merge_run_shards, read_log, resolve_retries, unfinished_logs
from medtrust.options import RunOptions
from medtrust.preflight import preflight
from medtrust.runner import (
    RunIncomplete,
    RunInterrupted,
    check_log_dir,
    eval_tasks,
    logs_by_model,
    make_console,
    offline_env,
    resume_latest,
    retry_logs,
    run_benchmark,
    summarize_and_print,
)
from medtrust.shards import MAX_SHARDS, SHARD_METADATA_KEY, SHARD_TASK_ARG, ShardSpec, shard_of
from medtrust.summary import BenchmarkSummary

#: total connections of a sharded run without ``--max-connections``: inspect's default per model
#: (``inspect_ai`` ``DEFAULT_MAX_CONNECTIONS``), split between the shards like a given total
DEFAULT_TOTAL_CONNECTIONS = 10
#: exit statuses of a shard that was interrupted (Ctrl-C: `medtrust run` exits 130; killed by SIGINT)
INTERRUPTED = (130, -2)


def run_or_resume(opts: RunOptions, *, console: Any = None) -> list[BenchmarkSummary]:
    """`medtrust run`: a run in shards (:func:`run_sharded`), a shard's or a sharded run's resume
    (:func:`resume_shard`, :func:`resume_sharded`), else the runner's run or resume in one piece."""
    check_shard_options(opts)
    if not opts.resume:
        return run_sharded(opts, console=console) if opts.shards is not None else run_benchmark(opts, console=console)
    if opts.shard is not None:
        return resume_shard(opts, console=console or make_console())
    names = unfinished_logs(opts.log_dir)
    if names and is_sharded(names):
        return resume_sharded(opts, names, console=console)
    return resume_latest(opts, console=console)


# ------------------------------------------------------------------ checks and command lines
def check_shardable(bench: Benchmark) -> None:
    """Raise ValueError unless every task of the benchmark takes the ``shard`` argument
    (medtrust.shards.select), naming the task that does not."""
    import inspect as pyinspect

    for fn in bench.tasks:
        params = pyinspect.signature(getattr(fn, "__wrapped__", fn)).parameters
        if SHARD_TASK_ARG not in params:
            raise ValueError(f"--shards: {bench.cli_name} cannot be sharded (its task {getattr(fn, '__name__', fn)} takes no "
                             f"'{SHARD_TASK_ARG}' argument; docs/scale-out.md says how a benchmark supports it)")  # fmt: skip


def check_shard_options(opts: RunOptions) -> None:
    """Refuse sharded-run options that cannot work, before any work (one line each).

    Raises:
        ValueError: shard count outside 1..MAX_SHARDS; ``shard`` without ``shards`` or out of
            range, or without ``run_id``; ``-T shard`` given as well; ``-M api_key`` (a key on a
            command line is visible to every user of the machine: set the provider's key
            variable, which every shard inherits); ``--ray-address`` without ``--engine ray``.
    """
    n = opts.shards
    if n is None:
        if opts.shard is not None:
            raise ValueError("--shard K needs --shards N (shard K of N, 0-based)")
        return
    if not 1 <= n <= MAX_SHARDS:
        raise ValueError(f"--shards must be 1 to {MAX_SHARDS}, not {n}")
    if opts.shard is not None:
        if not 0 <= opts.shard < n:
            raise ValueError(f"--shard must be 0 to {n - 1} (0-based) for --shards {n}, not {opts.shard}")
        if not opts.run_id:
            raise ValueError("--shard K needs --run-id RID, the same for every shard of the run (e.g. the Slurm array job id), "
                             "so that its log joins the others as one run")  # fmt: skip
    if SHARD_TASK_ARG in opts.task_args:
        raise ValueError(f"-T {SHARD_TASK_ARG}=... and --shards: give --shards N (and --shard K) only")
    if "api_key" in opts.model_args:
        raise ValueError("--shards: -M api_key would put the key on every shard's command line, where other users of the machine "
                         "can read it; set the provider's API key variable instead (every shard inherits it)")  # fmt: skip
    if opts.ray_address and opts.engine != "ray":
        raise ValueError("--ray-address applies to --engine ray only")


def split_connections(total: int, n: int) -> list[int]:
    """``total`` connections split between ``n`` shards as evenly as whole numbers allow (the
    first ``total mod n`` shards get one more).

    Raises:
        ValueError: fewer connections than shards (a shard needs at least one).
    """
    if total < n:
        raise ValueError(f"--max-connections {total} is the total across shards: at least one per shard, so at most {total} shards")
    return [total // n + (1 if k < total % n else 0) for k in range(n)]


def _arg(flag: str, key: str, value: Any) -> str:
    """``KEY=VALUE`` for ``-M`` / ``-T`` that reads back as the same value (`medtrust run` types
    numbers and true/false).

    Raises:
        ValueError: a value that a command line cannot carry unchanged (a list, a dict, or a
            text that would read back as a number or a boolean).
    """
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (int, float)):
        text = repr(value)
    elif isinstance(value, str):
        text = value
        probe = text.strip().lower()
        retyped = probe in ("true", "false")
        for conv in (int, float):
            try:
                conv(text)
                retyped = True
            except ValueError:
                pass
        if retyped:
            raise ValueError(f"{flag} {key}={value!r}: a text that reads as a number or boolean cannot go on a shard's command line")
    else:
        raise ValueError(f"{flag} {key}: a {type(value).__name__} value cannot go on a shard's command line")
    return f"{key}={text}"


def run_argv(opts: RunOptions) -> list[str]:
    """The `medtrust run` arguments that give ``opts`` again (options that only the run's own
    process uses, ``--resume``, ``--report``, ``--engine``, ``--ray-address``, left out).
    tests/test_shards.py reads them back through the CLI and compares."""
    bench = get_benchmark(opts.benchmark)
    a: list[str] = ["--benchmark", bench.cli_name]
    for m in opts.model:
        a += ["--model", str(m)]
    for j in opts.judge_models:
        a += ["--judge-model", str(j)]
    if opts.judge_calibration:
        a += ["--judge-calibration", str(opts.judge_calibration)]
    for k, v in opts.data.items():
        a += ["--data", f"{k}={v}"]
    for k, v in opts.image_roots.items():
        a += ["--image-root", f"{k}={v}"]
    if opts.limit is not None:
        a += ["--limit", str(opts.limit)]
    if opts.full:
        a.append("--full")
    a += ["--log-dir", str(opts.log_dir), "--seed", str(opts.seed)]
    if opts.max_tokens is not None:
        a += ["--max-tokens", str(opts.max_tokens)]
    if opts.allow_remote_restricted:
        a.append("--allow-remote-restricted")
    for k, v in opts.model_args.items():
        a += ["-M", _arg("-M", k, v)]
    for k, v in opts.task_args.items():
        a += ["-T", _arg("-T", k, v)]
    if opts.max_connections is not None:
        a += ["--max-connections", str(opts.max_connections)]
    if opts.max_retries is not None:
        a += ["--max-retries", str(opts.max_retries)]
    if opts.timeout is not None:
        a += ["--timeout", str(opts.timeout)]
    if not opts.preflight:
        a.append("--no-preflight")
    if opts.display is not None:
        a += ["--display", opts.display]
    declared = {o.name: o for b in BENCHMARKS for o in b.options}
    for name, value in opts.options.items():
        o = declared.get(name)
        if o is None or value is None or value == o.default or value == ():
            continue
        for v in (value if o.multiple else [value]):
            a += [o.flag, str(v)]
    if opts.shards is not None:
        a += ["--shards", str(opts.shards)]
    if opts.shard is not None:
        a += ["--shard", str(opts.shard)]
    if opts.run_id:
        a += ["--run-id", opts.run_id]
    return a


def shard_options(opts: RunOptions, index: int, run_id: str, connections: int) -> RunOptions:
    """The options of shard ``index`` of a run: the run's, with its share of the connections, no
    preflight (the run's process made it), and none of the run-only options."""
    return dataclasses.replace(opts, shard=index, run_id=run_id, max_connections=connections, preflight=False, resume=False,
                               report=False, engine="local", ray_address=None)  # fmt: skip


def shard_command(opts: RunOptions) -> list[str]:
    """A shard's command line: this Python, ``-m medtrust.cli run`` and :func:`run_argv`."""
    return [sys.executable, "-m", "medtrust.cli", "run", *run_argv(opts)]


def resume_command(log_dir: str, index: int, count: int, run_id: str, connections: int, opts: RunOptions) -> list[str]:
    """The command line that finishes shard ``index``'s unfinished logs (eval-retry)."""
    cmd = [sys.executable, "-m", "medtrust.cli", "run", "--resume", "--log-dir", str(log_dir), "--shards", str(count),
           "--shard", str(index), "--run-id", run_id, "--max-connections", str(connections)]  # fmt: skip
    if opts.max_retries is not None:
        cmd += ["--max-retries", str(opts.max_retries)]
    if opts.timeout is not None:
        cmd += ["--timeout", str(opts.timeout)]
    if opts.display is not None:
        cmd += ["--display", opts.display]
    return cmd


# ------------------------------------------------------------------ the manifest
def manifest_path(log_dir: str | Path, run_id: str) -> Path:
    """``<log_dir>/medtrust-run-<run_id>.shards.json`` (the ``medtrust-`` prefix: neither inspect
    nor medtrust takes it for a log)."""
    return Path(log_dir) / f"medtrust-run-{run_id}.shards.json"


def write_manifest(opts: RunOptions, run_id: str, commands: Sequence[tuple[int, list[str]]]) -> Path:
    """Write the run's manifest: its options (to start a shard that never started, on resume) and
    every shard's command line. No secret: ``-M api_key`` is refused for sharded runs."""
    payload = {
        "run_id": run_id, "benchmark": get_benchmark(opts.benchmark).name, "shards": opts.shards,
        "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "options": dataclasses.asdict(dataclasses.replace(opts, resume=False, report=False, shard=None, run_id=run_id)),
        "commands": [["medtrust", *argv[3:]] for _, argv in commands],
    }  # fmt: skip
    path = manifest_path(opts.log_dir, run_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    from medtrust.atomic import write_text

    write_text(path, json.dumps(payload, indent=2, default=str))
    return path


def read_manifest(log_dir: str | Path, run_id: str) -> RunOptions | None:
    """The options recorded in a run's manifest, or None when it has none (e.g. shards started by
    a Slurm array) or it is unreadable (up to 1 MB is read)."""
    path = manifest_path(log_dir, run_id)
    try:
        with open(path, encoding="utf-8") as f:
            payload = json.loads(f.read(1_000_000))
        fields = {f.name for f in dataclasses.fields(RunOptions)}
        return RunOptions(**{k: v for k, v in payload["options"].items() if k in fields})
    except (OSError, ValueError, KeyError, TypeError):
        return None


# ------------------------------------------------------------------ running
def run_sharded(opts: RunOptions, *, console: Any = None) -> list[BenchmarkSummary]:
    """`medtrust run --shards N` (and ``--shard K``: :func:`run_shard`).

    Returns:
        the run's summaries, every shard's logs merged (one per model, as a run in one piece).

    Raises:
        ValueError: bad options or data (before any shard starts).
        medtrust.engines.EngineError: the engine cannot start (Ray missing or unreachable).
        RunInterrupted: Ctrl-C (the shards keep what they finished; `--resume` goes on).
        RunIncomplete: a shard failed (each failed shard is named with its last output line).
    """
    console = console or make_console()
    check_shard_options(opts)
    if opts.shard is not None:
        return run_shard(opts, console=console)
    bench = get_benchmark(opts.benchmark)
    check_shardable(bench)
    check_log_dir(opts.log_dir)
    if opts.judge_calibration and bench.calibration and bench.calibration.validate:
        bench.calibration.validate(opts.judge_calibration, opts)
    plan = bench.plan(opts)  # the whole run: data and options checked once, the banner
    for line in plan.banner:
        console.print(line)
    if plan.check_model is not None:
        for model in opts.model:
            plan.check_model(model, opts.model_args)
    n = int(opts.shards or 1)
    total = opts.max_connections or DEFAULT_TOTAL_CONNECTIONS
    connections = split_connections(total, n)
    if opts.preflight:
        preflight(opts, console)
    run_id = opts.run_id or uuid.uuid4().hex
    commands = [(k, shard_command(shard_options(opts, k, run_id, connections[k]))) for k in range(n)]
    write_manifest(opts, run_id, commands)
    console.print(f"Run {run_id}: {n} shard(s) on the {opts.engine} engine, {total} connections in all ({', '.join(map(str, connections))})")
    results = _run_shards(opts, commands, n, console)
    return finish(bench, opts, run_id, n, results, console=console)


def _echo(console: Any) -> Any:
    return lambda line: console.print(line, markup=False, highlight=False, soft_wrap=True)


def _run_shards(opts: RunOptions, commands: Sequence[tuple[int, list[str]]], n: int, console: Any) -> list[ShardResult]:
    """The shard commands on the run's engine, their progress lines read into one line for the
    run (medtrust.shard_progress; the local engine passes each shard's output here, Ray prints
    it itself).

    Raises:
        RunInterrupted: Ctrl-C (the shards got it too and keep what they finished).
    """
    from medtrust.shard_progress import ShardProgress

    echo = _echo(console)
    reporter = ShardProgress(n, echo) if opts.display is None else None
    try:
        return run_commands(opts.engine, commands, echo=reporter.feed if reporter else echo, address=opts.ray_address)
    except KeyboardInterrupt:
        raise RunInterrupted(f"run interrupted; finished samples are kept in {opts.log_dir}. "
                             f"Resume with: medtrust run --resume --log-dir {opts.log_dir}") from None
    finally:
        if reporter is not None:
            reporter.close()


def run_shard(opts: RunOptions, *, console: Any = None) -> list[BenchmarkSummary]:
    """One shard of a run in this process (``--shards N --shard K --run-id RID``): the plan with
    ``shard="K/N"`` (``"K/N@L"`` when the benchmark gives inspect a ``limit`` L: the shards split
    the run's first L samples, so together they are the run's samples), one inspect eval.

    Returns:
        [] (a shard prints no summary: the run is summarised from all its shards' logs).

    Raises:
        RunInterrupted: Ctrl-C. RunIncomplete: a task of this shard did not finish.
    """
    console = console or make_console()
    bench = get_benchmark(opts.benchmark)
    check_shardable(bench)
    check_log_dir(opts.log_dir)
    k, n, run_id = int(opts.shard or 0), int(opts.shards or 1), str(opts.run_id)
    spec = ShardSpec(k, n)
    sopts = dataclasses.replace(opts, task_args={**opts.task_args, SHARD_TASK_ARG: str(spec)})
    plan = bench.plan(sopts)
    if plan.limit is not None:  # inspect would cut each shard: the shards cut the run's samples instead
        spec = ShardSpec(k, n, first=plan.limit)
        sopts = dataclasses.replace(opts, task_args={**opts.task_args, SHARD_TASK_ARG: str(spec)})
        plan = bench.plan(sopts)
    if opts.preflight:
        preflight(sopts, console)
    logs = eval_tasks(plan.tasks, sopts, model=opts.model, model_roles=plan.model_roles, limit=None,
                      metadata={RUN_METADATA_KEY: run_id, SHARD_METADATA_KEY: {"index": k, "count": n}})  # fmt: skip
    _check_finished(logs, f"shard {k} of {n}", opts, console)
    done = sum(lg.results.completed_samples for lg in logs if lg.results)
    console.print(f"shard {k} of {n} of run {run_id}: {done} samples done ({', '.join(Path(str(lg.location)).name for lg in logs)})")
    return []


def _check_finished(logs: Sequence[Any], what: str, opts: RunOptions, console: Any) -> None:
    bad = [lg for lg in logs if lg.status != "success"]
    for lg in bad:
        console.print(f"[red]{what}: {lg.eval.task} ({lg.eval.model}) did not finish ({lg.status}); the log keeps what was done: {lg.location}[/]")
    if bad:
        raise RunIncomplete(f"{what}: {len(bad)} task(s) did not finish; resume with: medtrust run --resume --log-dir {opts.log_dir}")


def finish(bench: Benchmark | None, opts: RunOptions, run_id: str, n: int, results: Sequence[ShardResult], *,
           console: Any) -> list[BenchmarkSummary]:  # fmt: skip
    """After the shards ended: name every shard that failed (and raise), else summarise the run
    from all its shards' logs (:func:`summarize_run`)."""
    failed = [r for r in results if not r.ok]
    for r in failed:
        console.print(f"[red]shard {r.index} of {n} failed (exit status {r.returncode}): {_last_line(r.tail)}[/]")
    if failed and all(r.returncode in INTERRUPTED for r in failed):
        raise RunInterrupted(f"run interrupted; finished samples are kept in {opts.log_dir}. Resume with: medtrust run --resume --log-dir {opts.log_dir}")
    if failed:
        names = ", ".join(str(r.index) for r in failed)
        raise RunIncomplete(f"shard(s) {names} of {n} failed ({_last_line(failed[0].tail)}); the other shards' logs are kept. "
                            f"Resume with: medtrust run --resume --log-dir {opts.log_dir}")  # fmt: skip
    return summarize_run(bench, opts, run_id, console=console)


def _last_line(tail: Sequence[str]) -> str:
    """The most telling of a shard's last output lines: its last error line, else its last line."""
    lines = [t.strip() for t in tail if t.strip()]
    errors = [t for t in lines if t.lower().startswith(("error", "traceback")) or "Error" in t]
    return (errors or lines or ["no output"])[-1][:300]


def summarize_run(bench: Benchmark | None, opts: RunOptions, run_id: str, *, console: Any) -> list[BenchmarkSummary]:
    """Summaries of a sharded run from its logs in ``opts.log_dir`` (the logs recording ``run_id``,
    an eval-retry superseding the log it finished), each model's shard logs merged per task, each
    printed and written as for a run in one piece; then the benchmark's ``after_run``."""
    heads = []
    for f in find_logs([opts.log_dir]):
        h = read_log(f, header_only=True)
        if run_id_of(h) == run_id and rescored_from_of(h) is None:
            heads.append((f, h))
    superseded, _ = resolve_retries(heads)
    logs = [h for f, h in heads if f not in superseded]
    if not logs:
        raise RunIncomplete(f"no log of run {run_id} in {opts.log_dir}")
    bench = bench or benchmark_of(logs[0])
    if bench is None:
        raise ValueError(f"the logs of run {run_id} are not of a registered benchmark")
    summaries: list[BenchmarkSummary] = []
    for _model, model_logs in logs_by_model(logs).items():
        merged = merge_run_shards(model_logs)
        summaries += summarize_and_print(bench, merged, opts, console=console)
        if bench.after_run is not None:
            bench.after_run(merged, opts, console)
    console.print(f"inspect logs: {opts.log_dir}  (view with `inspect view --log-dir {opts.log_dir}`)")
    return summaries


# ------------------------------------------------------------------ resume
def resume_shard(opts: RunOptions, *, console: Any) -> list[BenchmarkSummary]:
    """A shard's `--resume` (``--resume --shards N --shard K --run-id RID``): inspect's
    eval-retry of that shard's unfinished logs of that run, in this process."""
    offline_env()
    names = [str(f) for f, h in _run_logs(opts.log_dir, str(opts.run_id)) if h.status != "success" and (shard_of(h) or {}).get("index") == opts.shard]
    if not names:
        console.print(f"shard {opts.shard} of run {opts.run_id}: nothing unfinished in {opts.log_dir}")
        return []
    retried = retry_logs(names, opts)  # progress from the logs' counts; Ctrl-C: RunInterrupted (exit 130)
    _check_finished(retried, f"shard {opts.shard} of {opts.shards}", opts, console)
    console.print(f"shard {opts.shard} of {opts.shards} of run {opts.run_id}: finished ({', '.join(Path(str(lg.location)).name for lg in retried)})")
    return []


def _run_logs(log_dir: str, run_id: str) -> list[tuple[Path, Any]]:
    """(file, header) of every log of ``run_id`` in ``log_dir`` (rescorings left out), the newest
    of each inspect task only (eval-retry keeps the task id)."""
    newest: dict[str, tuple[Path, Any]] = {}
    for f in find_logs([log_dir]):
        h = read_log(f, header_only=True)
        if run_id_of(h) != run_id or rescored_from_of(h) is not None:
            continue
        key = str(h.eval.task_id or f)
        if key not in newest or str(h.eval.created) > str(newest[key][1].eval.created):
            newest[key] = (f, h)
    return list(newest.values())


def is_sharded(log_names: Sequence[str]) -> bool:
    """Whether the unfinished logs `--resume` found belong to a sharded run."""
    return any(shard_of(read_log(n, header_only=True)) for n in log_names)


def resume_sharded(opts: RunOptions, names: Sequence[str], *, console: Any = None) -> list[BenchmarkSummary]:
    """`medtrust run --resume` of a sharded run (``names``: its unfinished logs, :func:`medtrust.logs.unfinished_logs`).

    Every shard with an unfinished log is finished by eval-retry in its own process (one
    :func:`resume_command` each); every shard without any log (it never started) is started
    from the run's manifest; ``--max-connections`` (default :data:`DEFAULT_TOTAL_CONNECTIONS`)
    is split between them. Then the run is summarised as one (:func:`summarize_run`).

    Raises:
        RunIncomplete: a shard failed again, or a shard has no log and the run has no manifest
            (shards started outside `medtrust run --shards`, e.g. a Slurm array): it names the
            shard and the command line to run it.
    """
    console = console or make_console()
    head = read_log(names[0], header_only=True)
    run_id = run_id_of(head)
    n = int((shard_of(head) or {}).get("count") or 1)
    logs = _run_logs(opts.log_dir, run_id)
    present = {(shard_of(h) or {}).get("index") for _, h in logs}
    unfinished = sorted({(shard_of(h) or {}).get("index") for _, h in logs if h.status != "success"} - {None})
    missing = [k for k in range(n) if k not in present]
    recorded = read_manifest(opts.log_dir, run_id)
    if missing and recorded is None:
        raise RunIncomplete(f"shard(s) {', '.join(map(str, missing))} of {n} of run {run_id} have no log in {opts.log_dir} and the run "
                            f"has no manifest to start them from; run each with its shard command line: medtrust run <the run's options> "
                            f"--shards {n} --shard K --run-id {run_id}")  # fmt: skip
    todo = unfinished + missing
    total = opts.max_connections or (recorded.max_connections if recorded else None) or DEFAULT_TOTAL_CONNECTIONS
    connections = split_connections(total, len(todo)) if todo else []
    commands = []
    for k, c in zip(todo, connections):
        if k in missing:
            assert recorded is not None
            commands.append((k, shard_command(shard_options(dataclasses.replace(recorded, log_dir=opts.log_dir), k, run_id, c))))
        else:
            commands.append((k, resume_command(opts.log_dir, k, n, run_id, c, opts)))
    for k in todo:
        console.print(f"Resuming shard {k} of {n} of run {run_id}" + (" (no log yet: starting it)" if k in missing else ""))
    results = _run_shards(opts, commands, len(commands), console)  # the progress line counts the shards it runs
    bench = benchmark_of(head)
    return finish(bench, dataclasses.replace(recorded or opts, log_dir=opts.log_dir, seed=recorded.seed if recorded else opts.seed),
                  run_id, n, results, console=console)  # fmt: skip
