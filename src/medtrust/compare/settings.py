"""Are two runs comparable? Same data and settings, or refused, or flagged (docs/comparison.md).

A paired difference measures the change of the model only when everything else stayed: the data,
the task and its version, the generation settings, the judge. :func:`check_settings` reads both
runs' provenance (each log's :func:`medtrust.logs.log_provenance`, each summary's judges) and

- **refuses** the comparison when the data differ (``data_sha256``) or the task or its version
  differ: the items would not be the same items;
- **flags** it when a task argument (sample selection, token limit, mitigation ...), a
  generation setting (temperature, max_tokens, seed ...) or the judge (model, configuration,
  rubric hash, rule version) differs: the numbers are still paired, but the difference then
  mixes the model change with that change, and the report says so on every row.

Operational settings that do not change a reply (retries, timeouts, connections, cache, batch)
are ignored. The evaluated model and its arguments are what is compared, so they never count.
"""

from __future__ import annotations

from typing import Any

from medtrust.summary import BenchmarkSummary

SAME, FLAGGED, REFUSED = "same", "flagged", "refused"
#: Generation settings that change how a request is sent, never what the model replies.
OPERATIONAL = frozenset({"max_retries", "timeout", "attempt_timeout", "max_connections", "max_subprocesses", "max_sandboxes", "cache",
                         "cache_prompt", "batch", "extra_headers", "log_level"})  # fmt: skip
#: Summary provenance keys that describe the judge (any benchmark that records them).
JUDGE_KEYS = ("judges", "rubric_sha256", "judge_max_tokens", "abstention_mode", "toxicity_scorer", "judge_model")


def run_settings(s: BenchmarkSummary) -> dict[str, Any]:
    """What must match between two runs, from a summary's provenance: {"tasks": {task: {version,
    data_sha256, task_args, generation, judges}}, "judge": {summary judge keys}}."""
    tasks: dict[str, Any] = {}
    for lp in s.provenance.get("log_files") or []:
        tasks[str(lp.get("task"))] = {
            "version": lp.get("task_version"), "data_sha256": lp.get("data_sha256"), "task_args": dict(lp.get("task_args") or {}),
            "generation": {k: v for k, v in (lp.get("generate_config") or {}).items() if k not in OPERATIONAL},
            "judges": lp.get("judge_configs") or lp.get("model_roles") or {},
        }  # fmt: skip
    judge = {k: s.provenance.get(k) for k in JUDGE_KEYS if s.provenance.get(k) not in (None, [], {})}
    return {"tasks": tasks, "judge": judge}


def _flat(v: Any, prefix: str = "") -> dict[str, Any]:
    """A judge configuration as {dotted path: value} (lists by index), so a difference names its field."""
    if isinstance(v, dict):
        items = v.items()
    elif isinstance(v, list):
        items = ((str(i), x) for i, x in enumerate(v))
    else:
        return {prefix or "value": v}
    out: dict[str, Any] = {}
    for k, x in items:
        out.update(_flat(x, f"{prefix}.{k}" if prefix else str(k)))
    return out


def _short(v: Any) -> str:
    t = str(v)
    return t if len(t) <= 120 else t[:117] + "..."


def check_settings(a: BenchmarkSummary, b: BenchmarkSummary) -> dict[str, Any]:
    """Whether run A can be compared with run B (module docstring).

    Returns:
        {"status": "same" | "flagged" | "refused", "refused": [reasons], "flagged": [{"kind":
        "task argument" | "generation" | "judge" | "task", "field", "a", "b"}], "judge_changed": bool}.
        Runs without log provenance (summaries built by hand) are "same" unless their judges differ.
    """
    sa, sb = run_settings(a), run_settings(b)
    refused: list[str] = []
    flagged: list[dict[str, Any]] = []
    if a.benchmark != b.benchmark:
        refused.append(f"different benchmarks ({a.benchmark} vs {b.benchmark})")
    ta, tb = sa["tasks"], sb["tasks"]
    if ta and tb:
        for task in sorted(set(ta) ^ set(tb)):
            flagged.append({"kind": "task", "field": task, "a": task in ta, "b": task in tb})
    for task in sorted(set(ta) & set(tb)):
        x, y = ta[task], tb[task]
        if x["data_sha256"] and y["data_sha256"] and x["data_sha256"] != y["data_sha256"]:
            refused.append(f"{task}: different data (sha256 {str(x['data_sha256'])[:12]} vs {str(y['data_sha256'])[:12]})")
        if x["version"] != y["version"]:
            refused.append(f"{task}: different task versions ({x['version']} vs {y['version']})")
        for kind, field in (("task argument", "task_args"), ("generation", "generation")):
            for k in sorted(set(x[field]) | set(y[field])):
                if x[field].get(k) != y[field].get(k):
                    flagged.append({"kind": kind, "field": k, "a": _short(x[field].get(k)), "b": _short(y[field].get(k))})
        fx, fy = _flat(x["judges"]), _flat(y["judges"])
        for k in sorted(set(fx) | set(fy)):
            if fx.get(k) != fy.get(k):
                flagged.append({"kind": "judge", "field": f"{task} judge {k}", "a": _short(fx.get(k)), "b": _short(fy.get(k))})
    ja, jb = sa["judge"], sb["judge"]
    for k in sorted(set(ja) | set(jb)):
        if ja.get(k) != jb.get(k):
            flagged.append({"kind": "judge", "field": k, "a": _short(ja.get(k)), "b": _short(jb.get(k))})
    if (a.judge or None) != (b.judge or None) and not any(f["kind"] == "judge" for f in flagged):
        flagged.append({"kind": "judge", "field": "judge", "a": a.judge, "b": b.judge})
    status = REFUSED if refused else (FLAGGED if flagged else SAME)
    return {"status": status, "refused": refused, "flagged": flagged, "judge_changed": any(f["kind"] == "judge" for f in flagged)}


def describe(check: dict[str, Any]) -> str:
    """One line for the page and the console: what differs, or that nothing does."""
    if check["status"] == REFUSED:
        return "not compared: " + "; ".join(check["refused"])
    if check["status"] == FLAGGED:
        parts = [f"{f['kind']} {f['field']}: {f['a']} vs {f['b']}" for f in check["flagged"][:6]]
        more = len(check["flagged"]) - 6
        return "compared, but settings differ (the difference mixes the model change with these): " + "; ".join(parts) + (
            f"; and {more} more" if more > 0 else "")
    return "same data and settings"
