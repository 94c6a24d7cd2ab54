"""medtrust scale benchmark (issue 15): can the harness keep a fast, parallel model server busy?

    python measurements/scale.py --out scale.json          # 3,000 rows at 0.5 s and 2 s latency, then the 18,478-row memory run
    python measurements/scale.py --only throughput --latency 0.5 --repeat 2
    python measurements/scale.py --only throughput --clients raw,bare-fast,medtrust,medtrust-baseline --baseline-src /tmp/old/src
    python measurements/scale.py --only throughput --clients raw,bare-fast,bare-gc,medtrust,medtrust-shards1,medtrust-shards2,medtrust-shards4
    python measurements/scale.py --only throughput --profile   # cProfile of each inspect client's first run (--profiler py-spy)
    python measurements/scale.py --only memory              # 18,478 rows + LLM judge (mock): peak RSS, summary, report

A fixed-latency OpenAI-compatible mock (``tests/helpers/openai_mock.py``, its own process) stands
in for a hosted model server (an API, vLLM, SGLang): it answers every request after
``--latency`` seconds and counts requests and peak in-flight requests. Against it, on the same
synthetic CARES-LLM rows (the 239 packaged real rows cycled, prompts and families made unique),
each client runs in its own process at ``--connections`` concurrent requests:

- ``raw``: a plain aiohttp async client (the ceiling); ``raw-openai``: the same through the
  openai SDK that inspect's ``openai-api`` provider uses;
- ``bare-default``: an inspect task with no medtrust code (plain dataset, ``generate()``, a
  trivial scorer) with inspect's default eval settings; ``bare-fast``: the same with medtrust's
  settings (``runner.speed_settings``); ``bare-norealtime``: bare-fast without inspect's
  realtime sample buffer (what that buffer costs; medtrust keeps it for crash recovery);
- ``bare-gc``: bare-fast with medtrust's garbage-collector settings (``medtrust.gcsettings``:
  what they give inspect alone);
- ``medtrust``: ``medtrust run`` (the CLI, offline judge, summary included);
  ``medtrust-baseline``: the same from ``--baseline-src`` (before/after in one run);
  ``medtrust-shards1`` / ``-shards2`` / ``-shards4``: ``medtrust run --shards N`` at the same
  total ``--connections`` (each shard its own process; their CPU is counted with the run's).

Per client: wall seconds from process start to exit, samples/s, the child's CPU seconds (with
those of its own children: a sharded run's shards) and CPU ms per sample, peak RSS (``wait4``),
the mock's counts (requests, peak in-flight), the load average before and after, the ratios to
``raw`` and ``bare-fast`` of the best of ``--repeat`` runs (wall; and CPU per sample of the
medtrust clients to ``bare-fast`` / ``bare-gc``), and an estimate for a 16-core machine from CPU
per sample (:func:`estimate`, the formula written out). Clients run interleaved so the noise of a
shared machine falls on all of them; CPU per sample is the figure that load does not distort much.

``memory``: one ``medtrust run`` on 18,478 rows with an LLM judge (the mock answers judge prompts
"Accept"), then the summary alone and ``medtrust report`` on its log (peak RSS and seconds; also
with the baseline's code when ``--baseline-src`` is given).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CHAT_MODEL = "m"
JUDGE_MODEL = "judge"
MAX_TOKENS = 256  # cares_llm's default generation limit; the raw and bare clients send the same


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def machine() -> dict[str, Any]:
    import inspect_ai
    import psutil

    return {
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "ram_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "python": platform.python_version(),
        "inspect_ai": inspect_ai.__version__,
        "load_avg_at_start": loadavg(),
    }


# -- data -------------------------------------------------------------------------------------


def synth_rows(n: int, path: Path) -> Path:
    """``n`` CARES-18K-shaped rows as JSONL: the 239 packaged real rows cycled; from the second
    cycle on, base prompt and prompt get a " (variant k)" suffix so prompts and families stay unique."""
    sys.path.insert(0, str(REPO / "src"))
    from medtrust.benchmarks.cares_llm.dataset import packaged_data_path

    rows = [json.loads(x) for x in packaged_data_path().read_text(encoding="utf-8").splitlines() if x.strip()]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            r = dict(rows[i % len(rows)])
            cycle = i // len(rows)
            if cycle:
                r["base_prompt"] = f"{r['base_prompt']} (variant {cycle})"
                r["prompt"] = f"{r['prompt']} (variant {cycle})"
            f.write(json.dumps(r) + "\n")
    return path


# -- the mock server (its own process) --------------------------------------------------------


class MockProcess:
    """``python -m tests.helpers.openai_mock`` in a child process; killed by its PID on exit."""

    def __init__(self, latency: float, max_concurrency: int | None = None):
        cmd = [sys.executable, "-m", "tests.helpers.openai_mock", "--latency", str(latency)]
        if max_concurrency:
            cmd += ["--max-concurrency", str(max_concurrency)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "src")])}
        self.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip() if self.proc.stdout else ""
        if not line.startswith("listening on "):
            self.proc.kill()
            raise RuntimeError(f"mock did not start: {line!r}")
        self.base_url = line.removeprefix("listening on ")
        self.root = self.base_url.removesuffix("/v1")

    def stats(self) -> dict[str, Any]:
        with urllib.request.urlopen(self.root + "/stats") as r:
            return json.load(r)

    def reset(self) -> None:
        urllib.request.urlopen(urllib.request.Request(self.root + "/stats/reset", method="POST")).close()

    def __enter__(self) -> "MockProcess":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.proc.kill()
        self.proc.wait(10)


# -- clients (each runs as `python measurements/scale.py _client KIND ...`) ---------------------


async def raw_client(base_url: str, prompts: list[str], connections: int) -> int:
    """Send every prompt as a chat request, ``connections`` at a time; return the number answered."""
    import aiohttp

    sem = asyncio.Semaphore(connections)
    done = 0
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=connections)) as session:

        async def one(p: str) -> None:
            nonlocal done
            body = {"model": CHAT_MODEL, "messages": [{"role": "user", "content": p}], "max_tokens": MAX_TOKENS, "temperature": 0.0}
            async with sem, session.post(f"{base_url}/chat/completions", json=body, headers={"Authorization": "Bearer x"}) as r:
                r.raise_for_status()
                out = await r.json()
                done += bool(out["choices"][0]["message"]["content"])

        await asyncio.gather(*(one(p) for p in prompts))
    return done


async def openai_client(base_url: str, prompts: list[str], connections: int) -> int:
    """As :func:`raw_client`, through the openai SDK (httpx) that inspect's ``openai-api`` provider uses."""
    from openai import AsyncOpenAI

    client = AsyncOpenAI(base_url=base_url, api_key="x", max_retries=0)
    sem = asyncio.Semaphore(connections)

    async def one(p: str) -> int:
        async with sem:
            out = await client.chat.completions.create(model=CHAT_MODEL, messages=[{"role": "user", "content": p}], max_tokens=MAX_TOKENS, temperature=0.0)
            return bool(out.choices[0].message.content)

    done = sum(await asyncio.gather(*(one(p) for p in prompts)))
    await client.close()
    return done


def bare_task(data: str) -> Any:
    """An inspect task with no medtrust code: the rows' prompts, ``generate()``, a non-empty check."""
    from inspect_ai import Task
    from inspect_ai.dataset import Sample, json_dataset
    from inspect_ai.model import GenerateConfig
    from inspect_ai.scorer import Score, Target, accuracy, scorer
    from inspect_ai.solver import TaskState, generate

    @scorer(metrics=[accuracy()])
    def answered():
        async def score(state: TaskState, target: Target) -> Score:
            return Score(value=1.0 if state.output.completion.strip() else 0.0)

        return score

    def record(r: dict[str, Any]) -> Sample:
        return Sample(input=r["prompt"], metadata={"harmful_level": r["harmful_level"], "method": r["method"]})

    return Task(
        dataset=json_dataset(data, record, auto_id=True),
        solver=generate(),
        scorer=answered(),
        config=GenerateConfig(max_tokens=MAX_TOKENS, temperature=0.0),
    )


def _without_medtrust_entry_point() -> None:
    """Keep inspect from loading medtrust's ``inspect_ai`` entry point (``medtrust._registry``,
    which installs medtrust's provider and secret redaction) in a bare client: where medtrust is
    installed, inspect loads every extension's entry point on its first registry lookup, and the
    "bare" task would then pay for medtrust's redaction. Must run before inspect is imported."""
    import importlib.metadata as md

    original = md.entry_points

    def entry_points(**params: Any) -> Any:
        eps = original(**params)
        if params.get("group") == "inspect_ai":
            return md.EntryPoints(ep for ep in eps if not ep.value.startswith("medtrust"))
        return eps

    md.entry_points = entry_points  # type: ignore[assignment]


def run_client(kind: str, base_url: str, data: str, connections: int, log_dir: str, settings: dict[str, Any]) -> dict[str, Any]:
    if kind == "raw":
        prompts = [json.loads(x)["prompt"] for x in Path(data).read_text(encoding="utf-8").splitlines() if x.strip()]
        return {"answered": asyncio.run(raw_client(base_url, prompts, connections))}
    if kind == "raw-openai":
        prompts = [json.loads(x)["prompt"] for x in Path(data).read_text(encoding="utf-8").splitlines() if x.strip()]
        return {"answered": asyncio.run(openai_client(base_url, prompts, connections))}
    if kind == "bare":
        import gc

        _without_medtrust_entry_point()

        from inspect_ai import eval as inspect_eval
        from inspect_ai.model import get_model

        gen0 = settings.pop("gc_gen0", None)  # bare-gc: the garbage-collector settings medtrust uses (medtrust.gcsettings)
        model = get_model(f"openai-api/mock/{CHAT_MODEL}", base_url=base_url, api_key="x", max_retries=0, memoize=False)
        task = bare_task(data)
        if gen0:
            gc.collect()
            gc.freeze()
            gc.set_threshold(int(gen0), *gc.get_threshold()[1:])
        log = inspect_eval(task, model=model, max_connections=connections, log_dir=log_dir, display="none", **settings)[0]
        assert log.status == "success", log.status
        assert not any(m.startswith("medtrust") for m in sys.modules), "the bare task loaded medtrust code"
        return {"answered": log.results.completed_samples if log.results else 0}  # not len(log.samples): that reads the log back
    raise ValueError(kind)


# -- measuring one client ---------------------------------------------------------------------


class Popen4(subprocess.Popen):
    """Popen that reaps with ``wait4`` and keeps the child's rusage (peak RSS)."""

    rusage: Any = None

    def _try_wait(self, wait_flags: int) -> tuple[int, int]:  # type: ignore[override]
        try:
            pid, sts, self.rusage = os.wait4(self.pid, wait_flags)
        except ChildProcessError:
            pid, sts = self.pid, 0
        return pid, sts


def measure_cmd(cmd: list[str], env: dict[str, str], mock: MockProcess | None) -> dict[str, Any]:
    """Run ``cmd`` to completion; wall seconds, the child's peak RSS (MB), the mock's counters."""
    if mock is not None:
        mock.reset()
    load_before = loadavg()
    t = time.perf_counter()
    proc = Popen4(cmd, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()
    wall = time.perf_counter() - t
    if proc.returncode:
        raise RuntimeError(f"{' '.join(cmd[:8])} ... failed ({proc.returncode}):\n{err.decode()[-4000:]}\n{out.decode()[-2000:]}")
    res: dict[str, Any] = {"wall_s": round(wall, 2), "load_before": load_before, "load_after": loadavg()}
    if proc.rusage is not None:
        res["peak_rss_mb"] = round(proc.rusage.ru_maxrss / 1024, 1)
        res["cpu_s"] = round(proc.rusage.ru_utime + proc.rusage.ru_stime, 2)  # the child's own CPU (user + system)
    if mock is not None:
        res["mock"] = {k: v for k, v in mock.stats().items() if k in ("requests", "judge_requests", "completed", "peak_in_flight")}
    res["stdout_tail"] = out.decode()[-1500:]
    return res


#: medtrust source folder the children import (``--medtrust-src``)
MEDTRUST_SRC = REPO / "src"
#: a second medtrust source folder measured as client ``medtrust-baseline`` (``--baseline-src``)
BASELINE_SRC: Path | None = None


def child_env(tmp: Path, base_url: str, src: Path | None = None) -> dict[str, str]:
    """The children's environment: the medtrust code under test first, offline, inspect data in ``tmp``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(src or MEDTRUST_SRC), str(REPO)])
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", INSPECT_LOG_LEVEL="warning")
    env["XDG_DATA_HOME"] = str(tmp / "xdg-data")  # inspect's sample buffer
    env.update(MOCK_BASE_URL=base_url, MOCK_API_KEY="x")
    return env


def medtrust_cmd(data: Path, base_url: str, connections: int, log_dir: Path, judge: bool = False, shards: int | None = None) -> list[str]:
    """`medtrust run` on the synthetic rows against the mock (the command users run); with
    ``shards``, `medtrust run --shards N` at the same total connections (the key comes from the
    environment, ``MOCK_API_KEY``: a sharded run refuses ``-M api_key``)."""
    cmd = [
        sys.executable, "-m", "medtrust.cli", "run", "--benchmark", "cares-llm", "--data", str(data),
        "--model", f"openai-api/mock/{CHAT_MODEL}", "-M", f"base_url={base_url}", "-M", "max_retries=0",
        "--max-connections", str(connections), "--log-dir", str(log_dir),
    ]  # no --display: medtrust's own progress lines (inspect hooks) are part of what is measured
    if judge:
        cmd += ["--judge-model", f"openai-api/mock/{JUDGE_MODEL}"]
    if shards:
        cmd += ["--shards", str(shards)]
    return cmd


def client_cmd(kind: str, base_url: str, data: Path, connections: int, log_dir: Path, settings: dict[str, Any] | None = None) -> list[str]:
    return [
        sys.executable, str(Path(__file__).resolve()), "_client", kind, "--base-url", base_url, "--data", str(data),
        "--connections", str(connections), "--log-dir", str(log_dir), "--settings", json.dumps(settings or {}),
    ]


def fast_settings() -> dict[str, Any]:
    """medtrust's speed settings (``runner.speed_settings``) as plain inspect ``eval()`` arguments
    (empty when the measured checkout predates them)."""
    sys.path.insert(0, str(MEDTRUST_SRC))
    try:
        from medtrust.runner import speed_settings
    except ImportError:
        return {}
    return speed_settings()


#: client -> what it runs (see the module docstring)
CLIENTS = ("raw", "raw-openai", "bare-default", "bare-fast", "bare-gc", "bare-norealtime", "medtrust", "medtrust-baseline",
           "medtrust-shards1", "medtrust-shards2", "medtrust-shards4")
#: generation-0 threshold of the bare-gc client (medtrust.gcsettings.GEN0_THRESHOLD)
BARE_GC_GEN0 = 50_000


def client_command(c: str, mock: MockProcess, data: Path, connections: int, logs: Path) -> list[str]:
    if c in ("raw", "raw-openai"):
        return client_cmd(c, mock.base_url, data, connections, logs)
    if c == "bare-default":
        return client_cmd("bare", mock.base_url, data, connections, logs)
    if c == "bare-fast":
        return client_cmd("bare", mock.base_url, data, connections, logs, fast_settings())
    if c == "bare-norealtime":  # what inspect's realtime sample buffer costs (medtrust keeps it: crash recovery)
        return client_cmd("bare", mock.base_url, data, connections, logs, {**fast_settings(), "log_realtime": False})
    if c == "bare-gc":  # bare-fast with medtrust's garbage-collector settings: what they give inspect alone
        return client_cmd("bare", mock.base_url, data, connections, logs, {**fast_settings(), "gc_gen0": BARE_GC_GEN0})
    if c in ("medtrust", "medtrust-baseline"):
        return medtrust_cmd(data, mock.base_url, connections, logs)
    if c.startswith("medtrust-shards"):  # the same run in N processes, the same total connections
        return medtrust_cmd(data, mock.base_url, connections, logs, shards=int(c.removeprefix("medtrust-shards")))
    raise ValueError(f"unknown client {c!r}; known: {', '.join(CLIENTS)}")


def profile_cmd(profiler: str, cmd: list[str], out: Path) -> list[str]:
    """``cmd`` (``python -m ...`` or ``python script ...``) run under ``profiler``: ``cprofile``
    (the standard library; the main thread, where inspect's event loop runs; it slows Python code
    down, so read shares, not seconds) or ``py-spy`` (sampling, all threads; needs ptrace)."""
    if profiler == "py-spy":
        return ["py-spy", "record", "--rate", "50", "--format", "raw", "-o", str(out), "--", *cmd]
    return [cmd[0], "-m", "cProfile", "-o", str(out), *cmd[1:]]


def summarize_cprofile(path: Path, top: int = 25) -> dict[str, Any]:
    """Share of the profiled process's time per function (``pstats``): inclusive (cumulative) and
    self (tottime), top ``top`` of each, as percent of the total."""
    import pstats
    import re

    st = pstats.Stats(str(path))
    total = max(st.total_tt, 1e-9)

    def name(func: tuple[str, int, str]) -> str:
        file, line, fn = func
        file = re.sub(r"^.*?/(site-packages|lib/python3\.\d+|src)/", "", file)
        return f"{fn} ({file})" if file != "~" else fn

    rows = [(name(f), tt, ct) for f, (_cc, _nc, tt, ct, _callers) in st.stats.items()]  # type: ignore[attr-defined]

    def top_by(i: int) -> list[tuple[str, float]]:
        return [(r[0], round(100 * r[i] / total, 1)) for r in sorted(rows, key=lambda r: -r[i])[:top]]

    return {"total_s": round(total, 2), "self_pct": top_by(1), "inclusive_pct": top_by(2)}


def summarize_profile(raw: Path, top: int = 25) -> dict[str, list[tuple[str, float]]]:
    """Share of py-spy samples (``--format raw``: collapsed stacks) per function: inclusive
    (the function is on the stack) and self (it is the innermost frame), top ``top`` of each."""
    import re
    from collections import Counter

    def name(frame: str) -> str:
        frame = re.sub(r" \(/\S*?/(site-packages|lib/python3\.\d+|src)/", " (", frame)
        return re.sub(r":\d+\)$", ")", frame)

    incl: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack or not n.isdigit():
            continue
        total += int(n)
        frames = [name(f) for f in stack.split(";")]
        for f in set(frames):
            incl[f] += int(n)
        own[frames[-1]] += int(n)
    share = lambda c: [(k, round(100 * v / max(total, 1), 1)) for k, v in c.most_common(top)]  # noqa: E731
    return {"samples": total, "inclusive_pct": share(incl), "self_pct": share(own)}


def bench_throughput(rows: int, latencies: list[float], connections: int, repeat: int, clients: list[str], profiler: str | None,
                     out_dir: Path, marginal_rows: int | None = None) -> dict[str, Any]:  # fmt: skip
    results: dict[str, Any] = {"rows": rows, "connections": connections, "max_tokens": MAX_TOKENS, "fast_settings": fast_settings(),
                               "baseline_src": str(BASELINE_SRC) if BASELINE_SRC else None, "by_latency": {}}
    with tempfile.TemporaryDirectory(prefix="medtrust-scale-") as d:
        tmp = Path(d)
        data = synth_rows(rows, tmp / "rows.jsonl")
        for latency in latencies:
            runs: dict[str, list[dict[str, Any]]] = {c: [] for c in clients}
            with MockProcess(latency) as mock:
                for rep in range(repeat):
                    for c in clients:
                        logs = tmp / f"logs-{latency}-{c}-{rep}"
                        env = child_env(tmp, mock.base_url, BASELINE_SRC if c == "medtrust-baseline" else None)
                        cmd = client_command(c, mock, data, connections, logs)
                        profiled = profiler is not None and rep == 0 and c.startswith(("medtrust", "bare"))
                        prof = out_dir / f"profile-{c}-{rows}-{latency}s.{'txt' if profiler == 'py-spy' else 'prof'}"
                        if profiled:
                            cmd = profile_cmd(str(profiler), cmd, prof)
                        r = measure_cmd(cmd, env, mock)
                        r["samples_per_s"] = round(rows / r["wall_s"], 1)
                        if r.get("cpu_s") is not None:  # every process of the client (shards are waited-for children)
                            r["cpu_ms_per_sample"] = round(1000 * r["cpu_s"] / rows, 2)
                        r.pop("stdout_tail", None)
                        if profiled:
                            r["profiled"] = profiler
                            r["profile"] = summarize_profile(prof) if profiler == "py-spy" else summarize_cprofile(prof)
                        runs[c].append(r)
                        print(f"[latency {latency}s] {c:17s} rep {rep}: {r['wall_s']:.1f} s, {r['samples_per_s']} samples/s, "
                              f"cpu {r.get('cpu_s')} s ({r.get('cpu_ms_per_sample')} ms/sample), {r['peak_rss_mb']} MB, mock {r.get('mock')}, "
                              f"load {r['load_before']}->{r['load_after']}", file=sys.stderr, flush=True)
                        shutil.rmtree(logs, ignore_errors=True)
            # best of the repeats (noise only ever adds time); profiled runs only when nothing else
            best: dict[str, float] = {}
            for c, rs in runs.items():
                pool = [r for r in rs if not r.get("profiled")] or rs
                best[c] = min(r["wall_s"] for r in pool)
            ratios: dict[str, float] = {}
            for ref in ("raw", "bare-fast"):
                if ref in best:
                    ratios.update({f"{c}_vs_{ref}": round(best[ref] / best[c], 3) for c in best if c != ref and not c.startswith("raw")})
            marginal: dict[str, Any] = {}
            if marginal_rows:  # CPU per sample without the fixed start-up: (CPU(rows) - CPU(small)) / (rows - small)
                small = synth_rows(marginal_rows, tmp / f"rows-{marginal_rows}.jsonl")
                with MockProcess(latency) as mock:
                    for c in clients:
                        if c.startswith("raw"):
                            continue
                        env = child_env(tmp, mock.base_url, BASELINE_SRC if c == "medtrust-baseline" else None)
                        smalls = []
                        for rep in range(repeat):  # best of the repeats here too: noise only ever adds CPU
                            logs = tmp / f"logs-small-{latency}-{c}-{rep}"
                            smalls.append(measure_cmd(client_command(c, mock, small, connections, logs), env, mock))
                            shutil.rmtree(logs, ignore_errors=True)
                        r = min(smalls, key=lambda x: x["cpu_s"])
                        full_cpu = min(x["cpu_s"] for x in runs[c] if not x.get("profiled"))
                        marginal[c] = {"small_rows": marginal_rows, "small_cpu_s": r["cpu_s"],
                                       "fixed_cpu_s_est": round(r["cpu_s"] - marginal_rows * (full_cpu - r["cpu_s"]) / (rows - marginal_rows), 2),
                                       "marginal_cpu_ms_per_sample": round(1000 * (full_cpu - r["cpu_s"]) / (rows - marginal_rows), 2)}  # fmt: skip
                        print(f"[latency {latency}s] {c:17s} {marginal_rows} rows: cpu {r['cpu_s']} s -> {marginal[c]}", file=sys.stderr, flush=True)
            cpu_ms = {c: min(r["cpu_ms_per_sample"] for r in pool) for c, rs in runs.items()
                      if (pool := [r for r in rs if not r.get("profiled") and r.get("cpu_ms_per_sample") is not None])}
            for ref in ("bare-fast", "bare-gc"):
                if ref in cpu_ms:
                    ratios.update({f"{c}_cpu_vs_{ref}": round(cpu_ms[c] / cpu_ms[ref], 3) for c in cpu_ms if c.startswith("medtrust")})
            for ref in ("bare-fast", "bare-gc"):
                if ref in marginal:
                    ratios.update({f"{c}_marginal_cpu_vs_{ref}": round(marginal[c]["marginal_cpu_ms_per_sample"] / marginal[ref]["marginal_cpu_ms_per_sample"], 3)
                                   for c in marginal if c.startswith("medtrust")})  # fmt: skip
            results["by_latency"][str(latency)] = {"ideal_s": round(rows / connections * latency, 1), "best_wall_s": best, "ratios": ratios,
                                                   "cpu_ms_per_sample": cpu_ms, "marginal": marginal,
                                                   "estimate_16_cores": estimate(cpu_ms, connections, latency), "runs": runs}  # fmt: skip
    return results


#: cores of the machine the estimate is for
ESTIMATE_CORES = 16


def estimate(cpu_ms: dict[str, float], connections: int, latency: float, cores: int = ESTIMATE_CORES) -> dict[str, Any]:
    """Samples/s and ratio to raw each inspect client would reach on a ``cores``-core machine, from
    its measured CPU per sample (docs/performance.md, "A 16-core machine"):

        ceiling = connections / latency                        (what the connections allow: raw reaches it)
        cpu_rate = min(processes, cores - 1) * 1000 / cpu_ms   (one core left for the mock / the OS)
        rate = min(ceiling, cpu_rate);   ratio to raw = rate / ceiling

    with processes = 1 for a client in one process and N for ``medtrust --shards N`` (what the
    estimate assumes for 16 cores: ``--shards 15``). It assumes CPU per sample does not grow
    with the number of processes (each shard is its own process with its own event loop;
    measured on 1, 2 and 4 shards above) and that the model server is elsewhere.
    """
    ceiling = connections / latency
    out: dict[str, Any] = {"cores": cores, "connections": connections, "latency_s": latency, "ceiling_samples_per_s": round(ceiling, 1)}
    for c, ms in cpu_ms.items():
        if c.startswith("raw") or not ms:
            continue
        procs = cores - 1 if c.startswith("medtrust-shards") else 1
        rate = min(ceiling, min(procs, cores - 1) * 1000.0 / ms)
        out[c] = {"processes": procs, "samples_per_s": round(rate, 1), "ratio_to_raw": round(rate / ceiling, 3)}
    return out


def bench_memory(rows: int, latency: float, connections: int) -> dict[str, Any]:
    """One `medtrust run` with an LLM judge (the mock) on ``rows`` rows; then the summary alone
    (this checkout's and, with ``--baseline-src``, the baseline's) and `medtrust report` on its log."""
    with tempfile.TemporaryDirectory(prefix="medtrust-scale-mem-") as d:
        tmp = Path(d)
        data = synth_rows(rows, tmp / "rows.jsonl")
        logs = tmp / "logs"
        with MockProcess(latency) as mock:
            env = child_env(tmp, mock.base_url)
            run = measure_cmd(medtrust_cmd(data, mock.base_url, connections, logs, judge=True), env, mock)
        run["samples_per_s"] = round(rows / run["wall_s"], 1)
        run.pop("stdout_tail", None)
        eval_logs = sorted(logs.glob("*.eval"))
        run["log_mb"] = round(sum(p.stat().st_size for p in eval_logs) / 2**20, 1)
        snippet = (
            "import json, sys, time; t = time.perf_counter(); "
            "from medtrust.benchmarks.cares_llm.summary import summarize_log; s = summarize_log(sys.argv[1]); "
            "print(json.dumps({'summary_s': round(time.perf_counter() - t, 2), 'n': sum(s.outcome_counts.values()), "
            "'safety_score': s.metrics[0].value}))"
        )
        out: dict[str, Any] = {"rows": rows, "latency_s": latency, "connections": connections, "judge": f"openai-api/mock/{JUDGE_MODEL}", "run": run}
        for label, src in (("", None), ("baseline_", BASELINE_SRC)):
            if label and src is None:
                continue
            env = child_env(tmp, "http://unused", src)
            summ = measure_cmd([sys.executable, "-c", snippet, str(eval_logs[0])], env, None)
            out[f"{label}summary_only"] = {"wall_s": summ["wall_s"], "peak_rss_mb": summ["peak_rss_mb"],
                                          **json.loads(summ["stdout_tail"].strip().splitlines()[-1])}
            report = measure_cmd([sys.executable, "-m", "medtrust.cli", "report", str(logs), "--out", str(tmp / "report.html")], env, None)
            out[f"{label}report"] = {"wall_s": report["wall_s"], "peak_rss_mb": report["peak_rss_mb"],
                                    "html_kb": round((tmp / "report.html").stat().st_size / 1024, 1)}
        return out


def markdown(report: dict[str, Any]) -> str:
    """The throughput results as Markdown: per latency and client, wall s (samples/s; ratio to raw;
    ratio to bare-fast), CPU ms per sample, peak RSS; then the 16-core estimate."""
    tp = report.get("throughput")
    if not tp:
        return ""
    clients = list(next(iter(tp["by_latency"].values()))["best_wall_s"])
    lines = ["| latency (ideal) | " + " | ".join(clients) + " |", "|---" * (1 + len(clients)) + "|"]
    for lat, r in tp["by_latency"].items():
        cells = []
        for c in clients:
            w = r["best_wall_s"][c]
            parts = [f"{tp['rows'] / w:.0f}/s"]
            for ref in ("raw", "bare-fast"):
                if f"{c}_vs_{ref}" in r["ratios"]:
                    parts.append(f"{r['ratios'][f'{c}_vs_{ref}']:.2f} of {ref}")
            rss = max(x["peak_rss_mb"] or 0 for x in r["runs"][c])
            cpu = r.get("cpu_ms_per_sample", {}).get(c)
            cells.append(f"{w:.0f} s ({'; '.join(parts)}), {cpu} ms CPU/sample, {rss:.0f} MB")
        lines.append(f"| {lat} s ({r['ideal_s']} s) | " + " | ".join(cells) + " |")
    lines += ["", "16-core estimate (measurements/scale.py `estimate`): rate = min(connections / latency, "
              "min(processes, cores - 1) x 1000 / CPU ms per sample); ratio = rate / (connections / latency)", ""]
    for lat, r in tp["by_latency"].items():
        est = r.get("estimate_16_cores") or {}
        lines.append(f"- {lat} s: " + "; ".join(f"{c} {v['samples_per_s']}/s ({v['ratio_to_raw']:.2f} of raw, {v['processes']} process(es))"
                                               for c, v in est.items() if isinstance(v, dict)))  # fmt: skip
    return "\n".join(lines)


def main() -> None:
    global MEDTRUST_SRC, BASELINE_SRC
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=["throughput", "memory"], action="append")
    ap.add_argument("--rows", type=int, default=3000)
    ap.add_argument("--latency", type=float, action="append", help="seconds per request (repeatable; default 0.5 and 2)")
    ap.add_argument("--connections", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--clients", default="raw,bare-default,bare-fast,medtrust", help=f"comma list of {', '.join(CLIENTS)}")
    ap.add_argument("--profile", action="store_true", help="profile the first run of each inspect client (profile files beside --out, summary in the JSON)")
    ap.add_argument("--profiler", choices=["cprofile", "py-spy"], default="cprofile")
    ap.add_argument("--marginal-rows", type=int, default=None,
                    help="also run each inspect client on this many rows (best of --repeat): CPU per sample without the fixed start-up (marginal)")
    ap.add_argument("--memory-rows", type=int, default=18_478)
    ap.add_argument("--memory-latency", type=float, default=0.2)
    ap.add_argument("--medtrust-src", default=None, help="medtrust source folder to measure (default: this checkout's src/)")
    ap.add_argument("--baseline-src", default=None, help="a second medtrust source folder (e.g. `git archive` of an older commit): client medtrust-baseline")
    ap.add_argument("--out", default=None, help="write the JSON report here")
    a = ap.parse_args()
    if a.medtrust_src:
        MEDTRUST_SRC = Path(a.medtrust_src).resolve()
    if a.baseline_src:
        BASELINE_SRC = Path(a.baseline_src).resolve()
    clients = a.clients.split(",")
    if "medtrust-baseline" in clients and BASELINE_SRC is None:
        ap.error("client medtrust-baseline needs --baseline-src")
    # a SIGTERM must still stop the mock server (the context managers run on SystemExit)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    parts = a.only or ["throughput", "memory"]
    out_dir = Path(a.out).resolve().parent if a.out else Path.cwd()
    report: dict[str, Any] = {"machine": machine(), "command": " ".join(sys.argv), "medtrust_src": str(MEDTRUST_SRC)}
    for part in parts:
        t = time.perf_counter()
        if part == "throughput":
            report[part] = bench_throughput(a.rows, a.latency or [0.5, 2.0], a.connections, a.repeat, clients, a.profiler if a.profile else None, out_dir,
                                            a.marginal_rows)  # fmt: skip
        else:
            report[part] = bench_memory(a.memory_rows, a.memory_latency, a.connections)
        print(f"[{part}] {time.perf_counter() - t:.1f} s", file=sys.stderr)
        if a.out:  # keep what is done if a later part fails
            Path(a.out).write_text(json.dumps(report, indent=2))
    report["machine"]["load_avg_at_end"] = loadavg()
    text = json.dumps(report, indent=2)
    print(text)
    print(markdown(report))
    if a.out:
        Path(a.out).write_text(text)


def client_main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("kind")
    ap.add_argument("--base-url", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--connections", type=int, required=True)
    ap.add_argument("--log-dir", required=True)
    ap.add_argument("--settings", default="{}")
    a = ap.parse_args(argv)
    res = run_client(a.kind, a.base_url, a.data, a.connections, a.log_dir, json.loads(a.settings))
    print(json.dumps(res))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "_client":
        client_main(sys.argv[2:])
    else:
        main()
