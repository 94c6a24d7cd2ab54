"""medtrust speed benchmark (issue 6): one command, prints a JSON report and a Markdown table.

    python measurements/speed.py                     # everything (about 5-10 min on 2 shared cores)
    python measurements/speed.py --only bootstrap    # one part: server | overhead | bootstrap | memory | embedded | fresh
    python measurements/speed.py --only embedded --slots 1 --slots 4   # embedded throughput per slot count
    python measurements/speed.py --only fresh        # README's main command in a new venv from a fresh clone (minutes; network)
    python measurements/speed.py --out results.json

Parts:
- server: a real llama.cpp server (llama.cpp's own server through xllamacpp,
  ``tests/helpers/llama_server.py``, embedded SmolLM2 GGUF, 127.0.0.1, one slot) answers the
  same CARES-LLM prompts three ways: medtrust (inspect eval through
  ``openai-api``), a minimal raw async load generator (aiohttp, same concurrency; the practical
  ceiling), and a sequential one-request-at-a-time loop (like the official scripts).
- overhead: harness time per sample with an instant scripted model (``medtrust/policy/refuse``).
- bootstrap: ``cluster_bootstrap_ci`` on 41,000 samples x 10,000 resamples.
- memory: peak RSS of a 41,000-sample CARES-LLM run with ``medtrust/policy/refuse`` (a subprocess).
- embedded: generated tokens/s and samples/s of the embedded model (medtrust's xllamacpp
  backend) at each ``--slots`` count, the same CARES-LLM prompts sent that many at a time; each
  count in its own process, rounds interleaved to share a busy machine's noise.
- fresh: README's main command, read from README.md and run exactly as written, in a new venv
  made from a fresh ``git clone`` of this checkout's HEAD: wall time of the install part, of
  ``medtrust run``, and to the run's first line and first progress line. The package caches (pip's,
  uv's) are whatever this machine has (say so when quoting the figure); ``--fresh-no-cache``
  turns both off.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("INSPECT_LOG_LEVEL", "warning")


def machine() -> dict:
    import psutil

    return {
        "cpu": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "ram_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "python": platform.python_version(),
        "load_avg_at_start": [round(x, 2) for x in os.getloadavg()],
    }


def cares_prompts(n: int) -> list[str]:
    from medtrust.benchmarks.cares_llm.dataset import load_records

    return [r.prompt for r in load_records()[:n]]


# -- server ---------------------------------------------------------------------------------


async def raw_load(base_url: str, prompts: list[str], concurrency: int, max_tokens: int) -> float:
    """Send every prompt as a chat request, ``concurrency`` at a time; return wall seconds."""
    import aiohttp

    sem = asyncio.Semaphore(concurrency)
    async with aiohttp.ClientSession() as session:

        async def one(p: str) -> None:
            body = {"model": "smollm2", "messages": [{"role": "user", "content": p}], "max_tokens": max_tokens, "temperature": 0.0}
            async with sem, session.post(f"{base_url}/chat/completions", json=body, headers={"Authorization": "Bearer x"}) as r:
                r.raise_for_status()
                await r.json()

        t = time.perf_counter()
        await asyncio.gather(*(one(p) for p in prompts))
        return time.perf_counter() - t


def sequential(base_url: str, prompts: list[str], max_tokens: int) -> float:
    import urllib.request

    t = time.perf_counter()
    for p in prompts:
        body = json.dumps({"model": "smollm2", "messages": [{"role": "user", "content": p}], "max_tokens": max_tokens, "temperature": 0.0}).encode()
        req = urllib.request.Request(f"{base_url}/chat/completions", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req) as r:
            json.load(r)
    return time.perf_counter() - t


def medtrust_run(base_url: str, n: int, concurrency: int, max_tokens: int, log_dir: str) -> float:
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.runner import RunOptions, eval_tasks

    os.environ["LLAMACPP_API_KEY"] = "x"
    opts = RunOptions(log_dir=log_dir, display="none", model_args={"max_retries": 0}, max_connections=concurrency)
    t = time.perf_counter()
    log = eval_tasks(cares_llm(sample_limit=n, max_tokens=max_tokens), opts, model="openai-api/llamacpp/smollm2", model_base_url=base_url)[0]
    wall = time.perf_counter() - t
    assert log.status == "success" and len(log.samples) == n
    return wall


def bench_server(n: int, concurrency: int, max_tokens: int) -> dict:
    from tests.helpers.llama_server import llama_server

    prompts = cares_prompts(n)
    with tempfile.TemporaryDirectory() as d, llama_server(Path(d)) as srv:
        asyncio.run(raw_load(srv.base_url, prompts[:4], concurrency, max_tokens))  # warm-up
        # interleave to share the noise of a busy machine between the three methods
        raw = asyncio.run(raw_load(srv.base_url, prompts, concurrency, max_tokens))
        med = medtrust_run(srv.base_url, n, concurrency, max_tokens, str(Path(d) / "logs"))
        seq = sequential(srv.base_url, prompts, max_tokens)
    return {
        "samples": n, "concurrency": concurrency, "max_tokens": max_tokens,
        "medtrust_samples_per_s": n / med, "raw_async_samples_per_s": n / raw, "sequential_samples_per_s": n / seq,
        "ratio_medtrust_vs_raw": raw / med, "ratio_medtrust_vs_sequential": seq / med,
        "wall_s": {"medtrust": med, "raw_async": raw, "sequential": seq},
    }


# -- harness overhead, memory -----------------------------------------------------------------


def big_data_file(n: int, path: Path) -> Path:
    """n CARES rows (the 239 packaged rows repeated, prompts made unique) as JSONL."""
    from medtrust.benchmarks.cares_llm.dataset import packaged_data_path

    rows = [json.loads(x) for x in packaged_data_path().read_text(encoding="utf-8").splitlines() if x.strip()]
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            r = dict(rows[i % len(rows)])
            r["prompt"] = f"{r['prompt']} [{i}]"
            f.write(json.dumps(r) + "\n")
    return path


RUN_SNIPPET = """
import json, resource, sys, time
from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.runner import RunOptions, eval_tasks
data, n, log_dir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
t = time.perf_counter()
task = cares_llm(data=data)
t_task = time.perf_counter() - t
opts = RunOptions(log_dir=log_dir, display="none")
log = eval_tasks(task, opts, model="medtrust/policy/refuse", max_connections=64)[0]
wall = time.perf_counter() - t
assert log.status == "success", log.status
t2 = time.perf_counter()
from medtrust.benchmarks.cares_llm.summary import summarize_log
s = summarize_log(log.location)
t_sum = time.perf_counter() - t2
print(json.dumps({"n": n, "wall_s": wall, "task_build_s": t_task, "summary_s": t_sum,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "samples": len(log.samples or [])}))
"""


def scripted_run(n: int) -> dict:
    with tempfile.TemporaryDirectory() as d:
        data = big_data_file(n, Path(d) / "rows.jsonl")
        res = subprocess.run([sys.executable, "-c", RUN_SNIPPET, str(data), str(n), str(Path(d) / "logs")],
                             capture_output=True, text=True, env={**os.environ, "HF_HUB_OFFLINE": "1"})
        if res.returncode != 0:
            raise RuntimeError(res.stderr[-3000:])
        out = json.loads(res.stdout.strip().splitlines()[-1])
    out["per_sample_ms"] = 1000 * out["wall_s"] / n
    return out


# -- bootstrap, embedded --------------------------------------------------------------------


def bench_bootstrap(n: int = 41_000, resamples: int = 10_000) -> dict:
    import numpy as np

    from medtrust.metrics.bootstrap import cluster_bootstrap_ci

    rng = np.random.default_rng(0)
    values = rng.integers(0, 2, n).astype(float)
    clusters = rng.integers(0, n // 4, n)  # ~4 samples per family, like CARES rewrites
    out = {"n": n, "resamples": resamples}
    for name, cl in (("clustered", clusters), ("unclustered", None)):
        t = time.perf_counter()
        ci = cluster_bootstrap_ci(values, cl, n_resamples=resamples, seed=0)
        out[f"{name}_s"] = time.perf_counter() - t
        out[f"{name}_ci"] = [ci.low, ci.high]
    return out


EMBEDDED_SNIPPET = """
import asyncio, json, os, sys, time
from inspect_ai.model import ChatMessageUser, GenerateConfig
from medtrust.benchmarks.cares_llm.dataset import load_records
from medtrust.models.embedded import GGUFBackend, embedded_gguf_path
slots, n, max_tokens = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
prompts = [r.prompt for r in load_records()[:n]]
t = time.perf_counter()
backend = GGUFBackend(embedded_gguf_path(), name="embedded", n_parallel=slots)
load_s = time.perf_counter() - t
cfg = GenerateConfig(max_tokens=max_tokens, temperature=0.0)

async def main():
    await backend.generate([ChatMessageUser(content="Hello.")], GenerateConfig(max_tokens=4))  # warm-up
    t = time.perf_counter()
    outs = await asyncio.gather(*(backend.generate([ChatMessageUser(content=p)], cfg) for p in prompts))
    return time.perf_counter() - t, outs

wall, outs = asyncio.run(main())
backend.close()
gen = sum(o.usage.output_tokens for o in outs)
print(json.dumps({"slots": slots, "samples": n, "max_tokens": max_tokens, "load_s": load_s, "wall_s": wall, "generated_tokens": gen,
                  "prompt_tokens": sum(o.usage.input_tokens for o in outs), "generated_tokens_per_s": gen / wall, "samples_per_s": n / wall,
                  "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY"), "load_avg": [round(x, 2) for x in os.getloadavg()]}))
"""


def bench_embedded(slots: list[int], n: int = 16, max_tokens: int = 64, rounds: int = 2) -> dict:
    """Embedded model throughput at each slot count: ``n`` CARES-LLM prompts, all submitted at
    once (the backend decodes ``slots`` of them together), greedy, ``max_tokens`` each. One
    process per measurement (the model loads in each), slot counts interleaved over ``rounds``."""
    runs: list[dict] = []
    for _ in range(rounds):
        for k in slots:
            res = subprocess.run([sys.executable, "-c", EMBEDDED_SNIPPET, str(k), str(n), str(max_tokens)], capture_output=True, text=True,
                                 env={**os.environ, "HF_HUB_OFFLINE": "1"})  # fmt: skip
            if res.returncode != 0:
                raise RuntimeError(res.stderr[-3000:])
            runs.append(json.loads(res.stdout.strip().splitlines()[-1]))
            print(f"  embedded slots={k}: {runs[-1]['generated_tokens_per_s']:.1f} tok/s, {runs[-1]['samples_per_s']:.2f} samples/s, "
                  f"load {runs[-1]['load_avg']}", file=sys.stderr)
    best = {k: max((r for r in runs if r["slots"] == k), key=lambda r: r["generated_tokens_per_s"]) for k in slots}
    out: dict = {"runs": runs, "best_generated_tokens_per_s": {str(k): best[k]["generated_tokens_per_s"] for k in slots}}
    if 1 in best:
        out["speedup_vs_1_slot"] = {str(k): best[k]["generated_tokens_per_s"] / best[1]["generated_tokens_per_s"] for k in slots}
    return out


def readme_main_command() -> tuple[str, str]:
    """README's main command, split into its install part and its run part (the text from
    ``medtrust run`` on). Raises ValueError naming README.md when the block or the run is missing."""
    text = (REPO / "README.md").read_text(encoding="utf-8")[:200_000]
    start, end = text.find("<!-- main -->"), text.find("<!-- /main -->")
    if start < 0 or end < start:
        raise ValueError("README.md: no <!-- main --> ... <!-- /main --> block")
    cmd = " ".join(line.strip() for line in text[start:end].splitlines()[1:] if line.strip() and not line.startswith("```"))
    install, sep, run = cmd.rpartition("&& medtrust run")
    if not sep:
        raise ValueError(f"README.md: the main command does not end in '&& medtrust run ...': {cmd!r}")
    return install.strip(), "medtrust run" + run


def bench_fresh(no_cache: bool = False) -> dict:
    """README's main command, exactly as written there (its install part, then ``medtrust run``),
    in a new venv made from a fresh clone of HEAD; times the install, the run, and the run's first
    line and first progress line (seconds from the start of the run). The model cache starts cold."""
    import re
    import shutil

    install_cmd, run_cmd = readme_main_command()
    with tempfile.TemporaryDirectory(prefix="medtrust-fresh-") as d:
        clone, venv = Path(d) / "medtrust", Path(d) / "venv"
        subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(REPO), str(clone)], check=True)
        head = subprocess.run(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
        env.update(PATH=f"{venv / 'bin'}:{env.get('PATH', '')}", VIRTUAL_ENV=str(venv), HF_HUB_OFFLINE="1",
                   MEDTRUST_CACHE=str(Path(d) / "cache"), PYTHONUNBUFFERED="1")
        if no_cache:
            env.update(PIP_NO_CACHE_DIR="1", UV_NO_CACHE="1")
        t = time.perf_counter()
        inst = subprocess.run(["bash", "-c", install_cmd], cwd=clone, env=env, capture_output=True, text=True)
        install_s = time.perf_counter() - t
        if inst.returncode != 0:
            raise RuntimeError(inst.stdout[-2000:] + inst.stderr[-3000:])
        t = time.perf_counter()
        run = subprocess.Popen(["bash", "-c", f"{run_cmd} --log-dir {Path(d) / 'logs'}"], cwd=clone, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)  # fmt: skip
        first = first_progress = None
        lines = []
        for line in run.stdout:  # type: ignore[union-attr]
            now = time.perf_counter() - t
            lines.append(f"[{now:6.1f}s] {line.rstrip()}")
            first = first if first is not None else now
            if first_progress is None and re.match(r"(loading model|progress )", line):
                first_progress = now
        rc = run.wait()
        run_s = time.perf_counter() - t
        built = [x for x in (inst.stdout + inst.stderr).splitlines() if ("Building wheel" in x or x.lstrip().startswith("Built ")) and "medtrust" not in x]
        shutil.rmtree(venv, ignore_errors=True)
    return {"commit": head, "command": f"{install_cmd} && {run_cmd}", "no_cache": no_cache, "install_s": install_s, "run_s": run_s,
            "total_s": install_s + run_s, "run_exit": rc, "first_line_s": first, "first_progress_line_s": first_progress,
            "wheels_built": built, "run_output": lines[:6] + lines[-3:]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=["server", "overhead", "bootstrap", "memory", "embedded", "fresh"], action="append")
    ap.add_argument("--slots", type=int, action="append", help="embedded: slot counts to measure (default 1 and 4)")
    ap.add_argument("--embedded-samples", type=int, default=16)
    ap.add_argument("--embedded-rounds", type=int, default=2)
    ap.add_argument("--fresh-no-cache", action="store_true", help="fresh: no pip or uv download cache")
    ap.add_argument("--server-samples", type=int, default=40)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--max-tokens", type=int, default=16)
    ap.add_argument("--overhead-samples", type=int, default=2000)
    ap.add_argument("--memory-samples", type=int, default=41_000)
    ap.add_argument("--out", default=None, help="write the JSON report here")
    a = ap.parse_args()
    parts = a.only or ["bootstrap", "embedded", "overhead", "server", "memory"]
    report: dict = {"machine": machine()}
    for part in parts:
        t = time.perf_counter()
        if part == "server":
            report[part] = bench_server(a.server_samples, a.concurrency, a.max_tokens)
        elif part == "overhead":
            report[part] = scripted_run(a.overhead_samples)
        elif part == "memory":
            report[part] = scripted_run(a.memory_samples)
        elif part == "bootstrap":
            report[part] = bench_bootstrap()
        elif part == "embedded":
            report[part] = bench_embedded(a.slots or [1, 4], a.embedded_samples, rounds=a.embedded_rounds)
        elif part == "fresh":
            report[part] = bench_fresh(a.fresh_no_cache)
        print(f"[{part}] {time.perf_counter() - t:.1f} s: {json.dumps(report[part])}", file=sys.stderr)
    report["machine"]["load_avg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    report["self_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    text = json.dumps(report, indent=2)
    print(text)
    if a.out:
        Path(a.out).write_text(text)


if __name__ == "__main__":
    main()
