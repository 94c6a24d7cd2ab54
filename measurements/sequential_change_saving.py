"""The saving of sequential change control on the packaged CARES-LLM rows (docs/comparison.md, sec. 3).

    python measurements/sequential_change_saving.py
    python measurements/sequential_change_saving.py --models medtrust/policy/caution --out result.json

The refuse policy's full run of the 239 packaged CARES-LLM rows is approved as the baseline
(`medtrust baseline set`); each candidate then runs `medtrust run --criteria F --sequential
--baseline RECORD` with the criteria of tests/sequential/test_change.py (Safety Score
``not_lower_by 0.2``, under-refusal ``not_higher_by 20`` points). Reported per candidate: the change
case, each criterion's verdict, the difference and its confidence sequence where it was reached,
the samples run and the saving against a full run (1 - samples run / 239), with the load average.
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

MODELS = ("medtrust/policy/refuse", "medtrust/policy/caution", "medtrust/policy/accept")


def _criteria() -> str:
    """The end-to-end test's criteria (one copy: tests/sequential/test_change.py)."""
    from tests.sequential.test_change import CRITERIA

    return CRITERIA


def _invoke(args: list[str]) -> object:
    from click.testing import CliRunner

    from medtrust.cli import main

    return CliRunner().invoke(main, args)


def measure(model: str, record: Path, crit: Path, connections: int, seed: int, folder: Path) -> dict:
    from inspect_ai.log import list_eval_logs, read_eval_log

    t0 = time.perf_counter()
    r = _invoke(["run", "--criteria", str(crit), "--sequential", "--baseline", str(record), "-m", model, "--max-connections", str(connections),
                 "--seed", str(seed), "--log-dir", str(folder), "--display", "none"])  # fmt: skip
    took = time.perf_counter() - t0
    if r.exit_code != 0:  # type: ignore[attr-defined]
        return {"model": model, "error": r.output[-2000:]}  # type: ignore[attr-defined]
    head = read_eval_log(list_eval_logs(str(folder), formats=["eval"])[0].name, header_only=True)
    meta = head.results.early_stopping.metadata
    cc = meta["change_control"]
    pool = meta["pool"]["samples"]
    return {
        "model": model, "case": cc["case"], "stop_reason": meta["stop_reason"], "pool": pool,
        "samples_run": meta["used"]["samples"], "fraction_run": meta["used"]["fraction"], "saving": round(1 - meta["used"]["samples"] / pool, 4),
        "criteria": [{k: c.get(k) for k in ("criterion", "verdict", "pairs", "samples_run", "diff", "ci_low", "ci_high", "scale", "counts")}
                     for c in cc["criteria"]],
        "seconds": round(took, 1), "load_average": round(os.getloadavg()[0], 2),
    }  # fmt: skip


def _cell(c: dict) -> str:
    k = c.get("scale") or 1.0
    unit = " pts" if k == 100.0 else ""
    if c.get("diff") is None:
        return f"{c['criterion']}: {c['verdict']}"
    return (f"{c['criterion']}: {c['verdict']} after {c['samples_run']} samples, difference {k * c['diff']:+.3g}{unit}, "
            f"sequence [{k * c['ci_low']:+.3g}, {k * c['ci_high']:+.3g}]")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="*", default=list(MODELS))
    ap.add_argument("--max-connections", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="medtrust-seqcmp-") as d:
        root = Path(d)
        r = _invoke(["run", "-m", "medtrust/policy/refuse", "--full", "--log-dir", str(root / "base"), "--display", "none"])
        assert r.exit_code == 0, r.output  # type: ignore[attr-defined]
        r = _invoke(["baseline", "set", str(root / "base"), "--family", "triage-bot"])
        assert r.exit_code == 0, r.output  # type: ignore[attr-defined]
        crit = root / "board.toml"
        crit.write_text(_criteria())
        record = root / "base" / "medtrust-baseline-triage-bot.json"
        for i, m in enumerate(a.models):
            res = measure(m, record, crit, a.max_connections, a.seed, root / f"run{i}")
            results.append(res)
            print(json.dumps(res), flush=True)
    print("\n| candidate (baseline: refuse policy) | change case | samples run | of 239 | saving | where each criterion was decided |")
    print("|---|---|---|---|---|---|")
    for r in results:
        if "error" in r:
            print(f"| {r['model']} | error | | | | |")
            continue
        print(f"| {r['model']} | {r['case']} | {r['samples_run']} | {100 * r['fraction_run']:.1f}% | {100 * r['saving']:.1f}% | "
              f"{'; '.join(_cell(c) for c in r['criteria'])} |")
    if a.out:
        Path(a.out).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
