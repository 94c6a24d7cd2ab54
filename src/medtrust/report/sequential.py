"""Sequential decisions in the report's trust case (docs/criteria.md, "Sequential trust case").

For a model whose summary carries sequential decisions (medtrust.decisions), :func:`apply` puts
them into the trust case (report.criteria.check) in place of the fixed-sample verdicts of the same
criterion: the verdict, the reason (where it was reached: samples, fraction of the data, the
confidence sequence), and the figures. A fixed-sample PASS or FAIL of another criterion of the
same stopped run gets a note that it is not anytime-valid.
"""

from __future__ import annotations

from typing import Any, Sequence

from medtrust.report.criteria import FAIL, INCONCLUSIVE, NOT_EVALUATED, PASS, model_case

CI_METHOD = "betting confidence sequence (anytime-valid)"


def apply(case: dict[str, Any], summaries: Sequence[Any], labels: Sequence[str]) -> dict[str, Any]:
    """Replace the fixed-sample verdicts of criteria a sequential run decided (module docstring)
    and recompute each model's case and the counts with the same rule as report.criteria.check."""
    by_model: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
    for s, lab in zip(summaries, labels):
        meta = (s.provenance or {}).get("sequential")
        if meta:
            by_model[(s.benchmark, lab)] = {r["criterion"]: r for r in meta.get("criteria", [])}
    if not by_model:
        return case
    for r in case["results"]:
        rec = by_model.get((r["benchmark"], r["model"]), {}).get(r["criterion"])
        if rec is None:
            if (r["benchmark"], r["model"]) in by_model and r["verdict"] in (PASS, FAIL):
                r["note"] = ((r.get("note") or "") + " The run stopped early for other criteria: this fixed-sample verdict is not anytime-valid.").strip()
            continue
        est = rec.get("estimate_corrected", rec.get("estimate"))
        r.update(verdict=rec["verdict"], reason=f"sequential: {rec['reason']}", value=est, ci_low=rec.get("ci_low"), ci_high=rec.get("ci_high"),
                 n=rec.get("members") or 0, corrected=bool(rec.get("corrected")), ci_method=CI_METHOD, more_samples=None, n_needed=None, likely=None,
                 sequential={k: rec.get(k) for k in ("clusters", "members", "samples_run", "fraction_used", "ci_low", "ci_high", "observed_share")})  # fmt: skip
    per_model: dict[str, list[str]] = {}
    for r in case["results"]:
        if r["model"]:
            per_model.setdefault(r["model"], []).append(r["verdict"])
    for lab in case["models"]:
        # check() gives every model a row for every criterion it matches: its own rows decide its case
        case["models"][lab] = model_case(per_model.get(lab, []))  # the same rule as report.criteria.check
    case["counts"] = {v: sum(r["verdict"] == v for r in case["results"]) for v in (PASS, FAIL, INCONCLUSIVE, NOT_EVALUATED)}
    return case
