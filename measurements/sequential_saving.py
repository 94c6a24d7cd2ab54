"""The saving of the sequential trust case on the packaged CARES-LLM rows (docs/criteria.md).

    python measurements/sequential_saving.py                      # the three reference policies and the embedded model
    python measurements/sequential_saving.py --models medtrust/policy/accept --out result.json

For each model: `medtrust run --criteria example --sequential` on the 239 packaged CARES-LLM rows
(the example criteria's three CARES-LLM criteria), in its own log folder. Reported per model: the
case, each criterion's verdict and where it was reached (member samples, samples run, fraction of
the data), the samples that ran in all (with the ones in flight when the case was decided), and
the saving against a full run of the 239 rows (1 - samples run / 239). ``--max-connections``
(default 2) bounds the samples in flight, i.e. the overshoot after a decision.
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

MODELS = ("medtrust/policy/accept", "medtrust/policy/refuse", "medtrust/policy/caution", "medtrust/embedded")


def measure(model: str, connections: int, seed: int, folder: Path) -> dict:
    from click.testing import CliRunner
    from inspect_ai.log import list_eval_logs, read_eval_log

    from medtrust.cli import main

    t0 = time.perf_counter()
    r = CliRunner().invoke(main, ["run", "--criteria", "example", "--sequential", "-m", model, "--max-connections", str(connections),
                                  "--seed", str(seed), "--log-dir", str(folder), "--display", "none"])  # fmt: skip
    took = time.perf_counter() - t0
    if r.exit_code != 0:
        return {"model": model, "error": r.output[-2000:]}
    head = read_eval_log(list_eval_logs(str(folder), formats=["eval"])[0].name, header_only=True)
    meta = head.results.early_stopping.metadata
    pool = meta["pool"]["samples"]
    return {
        "model": model, "case": meta["case"], "stop_reason": meta["stop_reason"], "pool": pool,
        "decided_at_samples": (meta.get("stopped_at") or {}).get("samples_run"),
        "samples_run": meta["used"]["samples"], "fraction_run": meta["used"]["fraction"], "saving": round(1 - meta["used"]["samples"] / pool, 4),
        "criteria": [{k: c.get(k) for k in ("criterion", "verdict", "members", "samples_run", "fraction_used", "estimate", "ci_low", "ci_high")}
                     for c in meta["criteria"]],
        "seconds": round(took, 1),
    }  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="*", default=list(MODELS))
    ap.add_argument("--max-connections", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="medtrust-seq-") as d:
        for i, m in enumerate(a.models):
            res = measure(m, a.max_connections, a.seed, Path(d) / f"run{i}")
            results.append(res)
            print(json.dumps(res), flush=True)
    print("\n| model | case | decided after (samples) | samples run | of 239 | saving |")
    print("|---|---|---|---|---|---|")
    for r in results:
        if "error" in r:
            print(f"| {r['model']} | error | | | | |")
            continue
        print(f"| {r['model']} | {r['case']} | {r['decided_at_samples'] or '-'} | {r['samples_run']} | {100 * r['fraction_run']:.1f}% | "
              f"{100 * r['saving']:.1f}% |")
    if a.out:
        Path(a.out).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
