"""medtrust speed benchmark (issue 6): one command, prints a JSON report and a Markdown table.

    python measurements/speed.py                     # everything (about 5-10 min on 2 shared cores)
    python measurements/speed.py --only bootstrap    # one part: server | overhead | bootstrap | memory | embedded
    python measurements/speed.py --out results.json

Parts:
- server: a real llama.cpp server (``python -m llama_cpp.server``, embedded SmolLM2 GGUF,
  127.0.0.1) answers the same CARES-LLM prompts three ways: medtrust (inspect eval through
  ``openai-api``), a minimal raw async load generator (aiohttp, same concurrency; the practical
  ceiling), and a sequential one-request-at-a-time loop (like the official scripts).
- overhead: harness time per sample with an instant scripted model (``medtrust/policy/refuse``).
- bootstrap: ``cluster_bootstrap_ci`` on 41,000 samples x 10,000 resamples.
- memory: peak RSS of a 41,000-sample CARES-LLM run with ``medtrust/policy/refuse`` (a subprocess).
- embedded: tokens/s of the embedded model through llama-cpp-python.
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


def bench_embedded(max_tokens: int = 64) -> dict:
    from llama_cpp import Llama

    from medtrust.models.embedded import embedded_gguf_path

    llm = Llama(model_path=str(embedded_gguf_path()), n_ctx=2048, n_threads=2, verbose=False, seed=0)
    prompts = cares_prompts(5)
    toks, t = 0, time.perf_counter()
    for p in prompts:
        r = llm.create_chat_completion(messages=[{"role": "user", "content": p}], max_tokens=max_tokens, temperature=0.0)
        toks += r["usage"]["completion_tokens"]
    wall = time.perf_counter() - t
    return {"prompts": len(prompts), "completion_tokens": toks, "wall_s": wall, "generated_tokens_per_s": toks / wall}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", choices=["server", "overhead", "bootstrap", "memory", "embedded"], action="append")
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
            report[part] = bench_embedded()
        print(f"[{part}] {time.perf_counter() - t:.1f} s: {json.dumps(report[part])}", file=sys.stderr)
    report["machine"]["load_avg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    report["self_peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    text = json.dumps(report, indent=2)
    print(text)
    if a.out:
        Path(a.out).write_text(text)


if __name__ == "__main__":
    main()
