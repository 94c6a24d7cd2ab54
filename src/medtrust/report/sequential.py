"""Sequential decisions in the report's trust case (docs/criteria.md, "Sequential trust case").

For a model whose summary carries sequential decisions (medtrust.decisions), :func:`apply` puts
them into the trust case (report.criteria.check) in place of the fixed-sample verdicts of the same
criterion: the verdict, the reason (where it was reached: samples, fraction of the data, the
confidence sequence), and the figures. A fixed-sample PASS or FAIL of another criterion of the
same stopped run gets a note that it is not anytime-valid.

:func:`apply_change` does the same for the change case (``[[vs_baseline]]``, report.noninferiority):
a candidate whose run decided them against the report's own approved baseline (the same
``record_sha256``, medtrust.sequential.change) gets the anytime-valid verdicts, reasons, mean
difference and confidence sequence in place of the fixed-sample ones, ``ci_method`` naming the
confidence sequence; the judge-drift marking of the comparison stays, and the change case is
recomputed with the one rule (noninferiority.change_case).
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


def apply_change(change: dict[str, Any] | None, summaries: Sequence[Any], labels: Sequence[str], record_sha256: str | None) -> dict[str, Any] | None:
    """Replace the fixed-sample ``vs_baseline`` verdicts of candidates whose sequential run decided
    them (module docstring). ``change``: noninferiority.check's result; ``record_sha256``: the
    report's approved baseline (None: no frozen baseline, so no sequential decision applies and a
    note says why)."""
    from medtrust.report.noninferiority import INCONCLUSIVE as INC, INFERIOR, NON_INFERIOR, NOT_EVALUATED as NE, change_case

    if not change:
        return change
    by_cand: dict[str, dict[str, Any]] = {}
    for s, lab in zip(summaries, labels):
        meta = ((s.provenance or {}).get("sequential") or {}).get("change_control")
        if meta:
            by_cand[lab] = meta
    if not by_cand:
        return change
    for r in change["results"]:
        meta = by_cand.get(r["candidate"])
        if meta is None:
            continue
        rec = next((c for c in meta.get("criteria", []) if c["criterion"] == r["criterion"]), None)
        if rec is None:
            continue
        against = (meta.get("baseline") or {}).get("record_sha256")
        if record_sha256 is None or against != record_sha256:
            r["note"] = (f"The sequential run decided this against another baseline record ({(meta.get('baseline') or {}).get('file')}, "
                         f"record_sha256 {str(against)[:12]}...): the fixed-sample verdict is shown; its samples stopped early, so it is not anytime-valid.")  # fmt: skip
            continue
        if r["verdict"] == NE and r["reason"].startswith("not comparable"):
            continue  # the runs' settings differ: no verdict, sequential or not
        r.update(verdict=rec["verdict"], reason=f"sequential: {rec['reason']}", diff=rec.get("diff"), ci_low=rec.get("ci_low"),
                 ci_high=rec.get("ci_high"), confidence=rec.get("confidence", r["confidence"]), ci_method=meta.get("ci_method"),
                 n=rec.get("pairs") or 0, discordant=None,
                 sequential={k: rec.get(k) for k in ("clusters", "pairs", "samples_run", "fraction_used", "counts", "alpha")})  # fmt: skip
    for cand in change["models"]:
        rows = [x for x in change["results"] if x["candidate"] == cand]
        change["models"][cand] = change_case([(x["verdict"], x.get("reliable", True)) for x in rows])
    change["counts"] = {v: sum(x["verdict"] == v for x in change["results"]) for v in (NON_INFERIOR, INFERIOR, INC, NE)}
    return change
