"""The estimate against what a real run then used (docs/estimate.md, "Accuracy").

    python measurements/estimate_accuracy.py [--out result.json]

Scenarios, each with the embedded model (the one real model this machine has):
1. CARES-LLM, 20 rows, max_tokens 64, offline judge;
2. CARES-LLM, 10 rows, max_tokens 32, the embedded model as LLM judge too (judge requests and retries);
3. MediConfusion MC, 20 samples (10 pairs) on generated stand-in images, max_tokens 16.
For each: `medtrust run ... --estimate` then the same run for real; per role (model, judge) the
requests and the input / output tokens that inspect logged (each model call's usage) beside the
estimate's figures and ranges.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("INSPECT_LOG_LEVEL", "warning")


def real_usage(folder: Path) -> dict:
    """{role: {requests, input_tokens, output_tokens}} from every model call the log recorded."""
    from inspect_ai.log import list_eval_logs, read_eval_log

    log = read_eval_log(list_eval_logs(str(folder), formats=["eval"])[0].name)
    out: dict = {}
    for s in log.samples:
        for e in s.events:
            if e.event != "model":
                continue
            role = "model" if e.role is None else e.role
            u = e.output.usage
            r = out.setdefault(role, {"requests": 0, "input_tokens": 0, "output_tokens": 0})
            r["requests"] += 1
            r["input_tokens"] += u.input_tokens if u else 0
            r["output_tokens"] += u.output_tokens if u else 0
    return out


def scenario(name: str, args: list[str], folder: Path) -> dict:
    from click.testing import CliRunner

    from medtrust.cli import main

    r = CliRunner().invoke(main, ["run", *args, "--estimate", "--log-dir", str(folder)])
    if r.exit_code != 0:
        return {"scenario": name, "error": f"{r.exception!r}: {r.output[-2000:]}"}
    est = json.loads((folder / "medtrust-estimate.json").read_text())
    t0 = time.perf_counter()
    r = CliRunner().invoke(main, ["run", *args, "--no-preflight", "--log-dir", str(folder)])
    if r.exit_code != 0:
        return {"scenario": name, "error": f"{r.exception!r}: {r.output[-2000:]}"}
    real = real_usage(folder)
    rows = []
    for e in est["roles"]:
        role = "model" if e["role"] == "model" else e["role"].partition("#")[0]
        got = real.get(role, {"requests": 0, "input_tokens": 0, "output_tokens": 0})
        rows.append({"role": e["role"], "model": e["model"], "estimate_requests": e["requests_range"], "real_requests": got["requests"],
                     "estimate_input_tokens": e["input_tokens"], "real_input_tokens": got["input_tokens"],
                     "estimate_output_tokens": e["output_tokens"], "real_output_tokens": got["output_tokens"],
                     "token_count_exact": e["token_count_exact"]})  # fmt: skip
    return {"scenario": name, "rows": rows, "run_seconds": round(time.perf_counter() - t0, 1), "estimate_wall_seconds": est["wall_seconds"],
            "load_average": os.getloadavg()[0]}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    from medtrust.benchmarks.mediconfusion.dataset import load_pairs
    from tests.mediconfusion.conftest import write_standins

    results = []
    with tempfile.TemporaryDirectory(prefix="medtrust-est-") as d:
        root = write_standins(Path(d) / "images", load_pairs())
        plans = [
            ("CARES-LLM 20 rows, offline judge", ["-b", "cares-llm", "--limit", "20", "--max-tokens", "64"]),
            ("CARES-LLM 10 rows, embedded model as LLM judge", ["-b", "cares-llm", "--limit", "10", "--max-tokens", "32", "--judge-model", "medtrust/embedded"]),
            ("MediConfusion MC, 20 samples, stand-in images", ["-b", "mediconfusion", "--image-root", str(root), "--limit", "20", "--max-tokens", "16"]),
        ]  # fmt: skip
        for i, (name, args) in enumerate(plans):
            res = scenario(name, args, Path(d) / f"s{i}")
            results.append(res)
            print(json.dumps(res), flush=True)
    print("\n| scenario | role | requests: estimate / real | input tokens: estimate / real | output tokens: estimate range / real |")
    print("|---|---|---|---|---|")
    for res in results:
        for r in res.get("rows", []):
            req = r["estimate_requests"]
            req_s = str(req[0]) if req[0] == req[1] else f"{req[0]}-{req[1]}"
            tin = r["estimate_input_tokens"]
            tin_s = f"{tin[0]:,}" if tin[0] == tin[1] else f"{tin[0]:,}-{tin[1]:,}"
            print(f"| {res['scenario']} | {r['role']} | {req_s} / {r['real_requests']} | {tin_s} / {r['real_input_tokens']:,} | "
                  f"0-{r['estimate_output_tokens'][1]:,} / {r['real_output_tokens']:,} |")
    print("\n| scenario | wall time: estimate / real (s) | load average |")
    print("|---|---|---|")
    for res in results:
        if "rows" in res:
            print(f"| {res['scenario']} | {res['estimate_wall_seconds']:.0f} / {res['run_seconds']:.0f} | {res['load_average']:.1f} |")
    if a.out:
        Path(a.out).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
