"""The CHAI Applied Model Card, filled from a run's evidence and validated against the published schema.

The Coalition for Health AI publishes its Applied Model Card as an XML Schema (v0.2, vendored in
``medtrust/data/schemas/chai-mc-v0.2/`` with its licence, commit and date). :func:`model_card_xml`
writes one card per evaluated model: what the evaluation evidence can say is filled from the run
(evaluation data, metrics with their 95% CIs, subgroup results, known failure modes, limitations
from medtrust's list of deviations, the judges and their measured agreement, the board's
criteria and verdicts); every field only the developer or deployer can fill (release, intended
use, users, population, risk level, funding ...) holds an explicit :data:`PLACEHOLDER`, never an
invented value. :func:`validate_card` checks a card against the schema (``xmlschema``, offline)
and returns the JSON rendering of the same content. Field by field: docs/evidence.md.

Metric values follow the convention of CHAI's own example cards: ``ValueJson`` holds
``{"kind": "estimate_ci", "estimate", "lower", "upper", "level", "unit"}`` (medtrust adds ``n``),
or ``{"kind": "not_available", "reason"}`` where the evidence has no number.
"""

from __future__ import annotations

import functools
import json
import math
import xml.etree.ElementTree as ET
from importlib.resources import files
from typing import Any, Sequence

#: the CHAI schema's version and XML namespace
SCHEMA_VERSION = "v0.2"
NAMESPACE = "https://mc.chai.org/v0.2/schema.xsd"
#: where the vendored schema lives (package data)
SCHEMA_DIR = ("data", "schemas", "chai-mc-v0.2")
#: the start of every field the evidence cannot fill
PLACEHOLDER = "[TO BE COMPLETED BY THE DEPLOYER]"
#: subgroup results written into one card at most (all of them stay in the pack's summaries)
MAX_SUBGROUP_RESULTS = 200


class ModelCardError(ValueError):
    """A card that the CHAI schema rejects (the message gives the schema's reason and path)."""


def placeholder(what: str) -> str:
    """An explicit placeholder: ``[TO BE COMPLETED BY THE DEPLOYER] <what>``."""
    return f"{PLACEHOLDER} {what}"


@functools.lru_cache(maxsize=1)
def chai_schema() -> Any:
    """The vendored CHAI Applied Model Card schema as an ``xmlschema.XMLSchema`` (loaded once,
    never online: the XML-Signature import resolves to the copy ``xmlschema`` ships)."""
    import xmlschema

    path = files("medtrust").joinpath(*SCHEMA_DIR, "schema.xsd")
    return xmlschema.XMLSchema(str(path), allow="local")


def validate_card(xml_text: str) -> dict[str, Any]:
    """Validate a card against the CHAI schema; returns its JSON rendering (decoded by the schema).

    Raises:
        ModelCardError: the schema's first reason, with the element's path.
    """
    import xmlschema

    schema = chai_schema()
    try:
        schema.validate(xml_text)
    except xmlschema.XMLSchemaValidationError as e:
        raise ModelCardError(f"the model card does not validate against CHAI {SCHEMA_VERSION}: {e.reason} (at {e.path})") from None
    except xmlschema.XMLSchemaException as e:
        raise ModelCardError(f"the model card is not well-formed XML: {type(e).__name__}: {str(e)[:300]}") from None
    data = schema.to_dict(xml_text)
    return {"schema": f"CHAI Applied Model Card {SCHEMA_VERSION}", "namespace": NAMESPACE, "card": _plain(data)}


def _plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items() if not k.startswith("@xmlns")}
    if isinstance(x, list):
        return [_plain(v) for v in x]
    return x


# ------------------------------------------------------------------ the evidence, in sentences
def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.1f}"


def _finite(x: Any) -> float | None:
    return float(x) if isinstance(x, (int, float)) and math.isfinite(x) else None


def value_json(value: Any, low: Any, high: Any, *, unit: str, n: int | None = None, reason: str | None = None) -> str:
    """CHAI ``ValueJson``: an estimate with its 95% interval, or ``not_available`` with the reason."""
    v = _finite(value)
    if v is None:
        return json.dumps({"kind": "not_available", "reason": reason or "not computable"}, ensure_ascii=False)
    d: dict[str, Any] = {"kind": "estimate_ci", "estimate": round(v, 6), "lower": _finite(low), "upper": _finite(high), "level": 95, "unit": unit}
    if d["lower"] is not None:
        d["lower"] = round(d["lower"], 6)
    if d["upper"] is not None:
        d["upper"] = round(d["upper"], 6)
    if n is not None:
        d["n"] = n
    return json.dumps(d, ensure_ascii=False)


def _axes_results(data: dict[str, Any], labels: Sequence[str], kinds: Sequence[str]) -> list[tuple[str, str]]:
    axes = {a["key"]: a for a in data.get("axes", [])}
    titles = data.get("benchmark_titles", {})
    out = []
    for row in data.get("scorecard", []):
        if row["model"] not in labels:
            continue
        for key, cell in row["axes"].items():
            ax = axes.get(key)
            if ax is None or ax["kind"] not in kinds or cell["status"] == "not run":
                continue
            label = f"{ax['label']} ({titles.get(ax['benchmark'], ax['benchmark'])}; {row['model']}; 0-100)"
            reason = cell.get("note") if cell["status"] != "not meaningful" else f"not meaningful: {cell.get('note')}"
            out.append((label, value_json(cell["value"], cell["ci_low"], cell["ci_high"], unit="score 0-100", n=cell.get("n"), reason=reason)))
    return out


def _subgroup_results(summaries: Sequence[dict[str, Any]], titles: dict[str, str]) -> tuple[list[tuple[str, str]], int]:
    out, total = [], 0
    for s in summaries:
        ev = s.get("evidence") or {}
        if ev.get("qualifies") is False:
            # a smoke or image-blind run is not evidence (docs/criteria.md): named, never an estimate
            out.append((f"{titles.get(s['benchmark'], s['benchmark'])}; {s['label']}",
                        value_json(None, None, None, unit="", reason=f"not evidence: {ev.get('label')} run ({'; '.join(ev.get('reasons') or [])})")))
            continue
        for m in s["metrics"]:
            if m.get("group") is None and m.get("dimension") != "fairness":
                continue
            total += 1
            if len(out) >= MAX_SUBGROUP_RESULTS:
                continue
            where = f"{m['group']}" if m.get("group") else "overall"
            label = f"{m['name']} [{where}] ({titles.get(s['benchmark'], s['benchmark'])}; {s['label']})"
            out.append((label, value_json(m.get("value"), m.get("ci_low"), m.get("ci_high"), unit=m.get("unit") or "fraction", n=m.get("n"),
                                          reason=m.get("note"))))  # fmt: skip
    return out, total


def criterion_category(r: dict[str, Any], data: dict[str, Any]) -> str:
    """The CHAI KeyMetrics category of a criterion result: ``FairnessEquity`` for a subgroup or a
    fairness metric, ``SafetyReliability`` when the metric's dimension has a safety axis, else
    ``UsefulnessUsabilityEfficacy``."""
    dim = next((m.get("dimension") for s in data.get("summaries", []) if s["benchmark"] == r.get("benchmark")
                for m in s["metrics"] if m["name"] == r.get("metric")), None)  # fmt: skip
    if r.get("group") or dim == "fairness":
        return "FairnessEquity"
    kinds = {a["kind"] for a in data.get("axes", []) if a["benchmark"] == r.get("benchmark") and a["dimension"] == dim}
    return "SafetyReliability" if "safety" in kinds else "UsefulnessUsabilityEfficacy"


def _criteria_lines(data: dict[str, Any], labels: Sequence[str], benchmarks: set[str], category: str | None = None) -> tuple[list[str], list[str]]:
    """(goals, verdicts) of the board's criteria on these benchmarks for these labels (of one category)."""
    case = data.get("criteria") or {}
    goals: dict[str, str] = {}
    verdicts = []
    for r in case.get("results", []):
        if r.get("benchmark") not in benchmarks or (r.get("model") and r["model"] not in labels):
            continue
        if category is not None and criterion_category(r, data) != category:
            continue
        op = {"at_least": ">=", "at_most": "<=", "above": ">", "below": "<"}.get(r.get("op"), r.get("op"))
        group = f" [{r['group']}]" if r.get("group") else ""
        goals[r["criterion"]] = f"- `{r['criterion']}`: {r.get('description') or ''} ({r['metric']}{group} {op} {r.get('threshold')} {r.get('unit') or ''})".rstrip()
        if r.get("model") and r.get("value") is None:
            verdicts.append(f"- **{r['verdict']}** `{r['criterion']}` for {r['model']}: {r.get('reason')}")
        elif r.get("model"):
            ci = f"[{_fmt(r.get('ci_low'))}, {_fmt(r.get('ci_high'))}]"
            verdicts.append(f"- **{r['verdict']}** `{r['criterion']}` for {r['model']}: {_fmt(r.get('value'))} (95% CI {ci}, n={r.get('n')}): {r.get('reason')}")
    return list(goals.values()), verdicts


def _fmt(x: Any) -> str:
    v = _finite(x)
    return "n/a" if v is None else f"{v:.4g}"


def judge_lines(summaries: Sequence[dict[str, Any]], calibrations: Sequence[dict[str, Any]]) -> list[str]:
    """The judges that decided outcomes, and each measured agreement with people (judge-eval files)."""
    lines = []
    for s in summaries:
        if s.get("judge"):
            approx = " (an approximate stand-in for the paper's judge)" if s.get("judge_approximate") else ""
            lines.append(f"- {s['label']} ({s['benchmark']}): outcomes decided by {s['judge']}{approx}.")
    for cal in calibrations:
        name = cal.get("_file", "calibration")
        for judge, entry in (cal.get("judges") or {}).items():
            overall = next((r for r in entry.get("reports", []) if r.get("group") == "overall"), None)
            if overall is None:
                continue
            parts = []
            for key in ("accuracy", "kappa", "macro_f1"):
                m = (overall.get("metrics") or {}).get(key)
                if m:
                    parts.append(f"{key} {_fmt(m.get('estimate'))} (95% CI {_fmt(m.get('low'))} to {_fmt(m.get('high'))})")
            weighted = " design-weighted" if cal.get("label_file") else ""
            lines.append(f"- Judge `{judge}` against human labels ({name}, n={overall.get('n')}{weighted}): " + "; ".join(parts) + ".")
    return lines


def failure_lines(summaries: Sequence[dict[str, Any]], data: dict[str, Any], labels: Sequence[str]) -> list[str]:
    """Known failure modes the run shows: non-answers by kind, wrong answers, failed criteria, caveats."""
    lines = []
    for s in summaries:
        counts = s.get("outcome_counts") or {}
        total = sum(counts.values())
        bad = {k: v for k, v in counts.items() if k not in ("correct", "partial") and v}
        if total and bad:
            lines.append(f"- {s['label']} ({s['benchmark']}): " + ", ".join(f"{k} {v} of {total}" for k, v in sorted(bad.items())) + ".")
        for note in s.get("notes") or []:
            lines.append(f"- {s['label']}: {note}")
    for row in data.get("scorecard", []):
        if row["model"] in labels:
            lines += [f"- {row['model']}: {c['caveat']}" for c in row["axes"].values() if c.get("caveat")]
    for r in (data.get("criteria") or {}).get("results", []):
        if r.get("model") in labels and r.get("verdict") == "FAIL":
            lines.append(f"- Failed criterion `{r['criterion']}` ({r.get('description') or r['metric']}): {r.get('reason')}")
    return lines


def deviation_leads(text: str, benchmarks: Sequence[str], all_titles: Sequence[str]) -> list[str]:
    """The limitations a reader must know, from docs/deviations.md: the bold lead of every bullet
    in the sections of the run's benchmarks and in the general sections (those that name no
    benchmark). Line by line, no pattern (linear time)."""
    out: list[str] = []
    keep = True
    section = ""
    for line in text.splitlines():
        if line.startswith("## ") or line.startswith("### "):
            section = line.lstrip("#").strip()
            named = [t for t in all_titles if t.lower() in section.lower()]
            keep = not named or any(t in benchmarks for t in named)
            continue
        if keep and line.startswith("- **"):
            end = line.find("**", 4)
            if end > 4:
                out.append(f"- {line[4:end].strip()} ({section})")
    return out


# ------------------------------------------------------------------ the card
def _el(parent: ET.Element, tag: str, text: str | None = None) -> ET.Element:
    e = ET.SubElement(parent, f"{{{NAMESPACE}}}{tag}")
    if text is not None:
        e.text = text
    return e


def _metric(parent: ET.Element, tag: str, *, goal: str, results: list[tuple[str, str]], interpretation: str, test_type: str,
            data_desc: str, validation: str) -> None:  # fmt: skip
    km = _el(parent, tag)
    _el(km, "MetricGoal", goal)
    res = _el(km, "Results")
    if not results:
        results = [("Not evaluated by this evidence", json.dumps({"kind": "not_available", "reason": "no run in this pack measures it"}))]
    for label, vj in results:
        mr = _el(res, "MetricResult")
        _el(mr, "Label", label)
        _el(mr, "ValueJson", vj)
    _el(km, "Interpretation", interpretation)
    _el(km, "TestType", test_type)
    _el(km, "TestingDataDescription", data_desc)
    _el(km, "ValidationProcessAndJustification", validation)


def _data_description(summaries: Sequence[dict[str, Any]], titles: dict[str, str]) -> str:
    lines = []
    for s in summaries:
        rows = f"{s['rows_evaluated']} of {s['rows_available']} rows" if s.get("rows_evaluated") is not None and s.get("rows_available") is not None else "rows: not recorded"
        total = sum((s.get("outcome_counts") or {}).values())
        data = [lf.get("data_sha256") for lf in (s.get("provenance") or {}).get("log_files", []) if lf.get("data_sha256")]
        digest = f"; data sha256 {json.dumps(data[0], sort_keys=True)}" if data else ""
        ev = s.get("evidence") or {}
        what = "" if not ev.get("label") else f" [{ev['label']}{'' if ev.get('qualifies', True) else ': not evidence'}]"
        lines.append(f"- {titles.get(s['benchmark'], s['benchmark'])} ({s['label']}){what}: {rows}, {total} scored samples, "
                     f"dimensions {', '.join(s.get('dimensions_run') or []) or 'n/a'}{digest}.")  # fmt: skip
    return "\n".join(lines) or "No run."


def model_card_xml(model: str, data: dict[str, Any], *, calibrations: Sequence[dict[str, Any]] = (), limitations: Sequence[str] = (),
                   medtrust_version: str = "", uses_images: dict[str, bool] | None = None,
                   references: dict[str, str] | None = None) -> str:  # fmt: skip
    """One CHAI Applied Model Card (XML text) for ``model`` from the pack's report data.

    Args:
        model: the evaluated model's inspect name (``summary.model``).
        data: the report data (:func:`medtrust.report.data.report_data`, restricted examples
            withheld), with ``benchmark_titles`` {name: title} added.
        calibrations: judge-eval JSON payloads used (each with ``_file``: its name in the pack).
        limitations: lines for the limitations (e.g. :func:`deviation_leads`).
        medtrust_version: the version that made the card.
        uses_images: {benchmark: whether its prompts carry images}.
        references: {benchmark: its citation} for ``EvaluationReferences``.

    Returns:
        the XML text (UTF-8 declaration); validate with :func:`validate_card`.
    """
    titles = data.get("benchmark_titles", {})
    mine = [s for s in data.get("summaries", []) if s["model"] == model]
    labels = list(dict.fromkeys(s["label"] for s in mine))
    benches = {s["benchmark"] for s in mine}
    ET.register_namespace("", NAMESPACE)
    root = ET.Element(f"{{{NAMESPACE}}}AppliedModelCard")

    basic = _el(root, "BasicInfo")
    _el(basic, "ModelName", f"{model} (the model as evaluated: its inspect model name; the product name is the deployer's)")
    _el(basic, "ModelDeveloper", placeholder("the organisation that developed the model."))
    _el(basic, "DeveloperContact", placeholder("contact of the developer."))
    rel = _el(root, "ReleaseInfo")
    for tag, what in (("ReleaseStage", "release stage (design, pilot, in production ...)."), ("ReleaseDate", "release date."),
                      ("ReleaseVersion", "the released version (the evaluated model name is in BasicInfo)."),
                      ("GlobalAvailability", "where the solution is available.")):  # fmt: skip
        _el(rel, tag, placeholder(what))
    _el(rel, "RegulatoryApproval", placeholder("regulatory approvals or clearances, if any."))
    summ = _el(root, "ModelSummary")
    _el(summ, "Summary", placeholder("what the solution does and for whom."))
    kw = _el(summ, "Keywords")
    _el(kw, "Keyword", placeholder("keywords."))
    uses = _el(root, "UsesAndDirections")
    for tag, what in (("IntendedUseAndWorkflow", "intended use and clinical workflow."), ("PrimaryIntendedUsers", "primary intended users."),
                      ("HowToUse", "how to use the solution."), ("TargetedPatientPopulation", "targeted patient population."),
                      ("CautionedOutOfScopeSettings", "settings in which use is cautioned or out of scope.")):  # fmt: skip
        _el(uses, tag, placeholder(what))

    warn = _el(root, "Warnings")
    fail = failure_lines(mine, data, labels)
    risks = ["Measured by this evidence (medtrust evaluation):", *(fail or ["- no failure outcome recorded in these runs."]), "",
             "Limitations of the evaluation (medtrust docs/deviations.md, in this pack as docs/deviations.md):",
             *(limitations or ["- the list of deviations was not available to this installation."]), "",
             placeholder("risks and limitations known from development and deployment.")]  # fmt: skip
    _el(warn, "KnownRisksAndLimitations", "\n".join(risks))
    sub, n_sub = _subgroup_results(mine, titles)
    bias = ["Subgroup and fairness results measured by this evidence: "
            + (f"{n_sub} estimates with 95% CIs (KeyMetrics / FairnessEquity" + (f", the first {len(sub)}" if n_sub > len(sub) else "")
               + "; every one in summaries/)." if n_sub else "none (no run in this pack reports subgroups)."),
            placeholder("biases and ethical considerations known from development and deployment.")]  # fmt: skip
    _el(warn, "KnownBiasesOrEthicalConsiderations", "\n".join(bias))
    _el(warn, "ClinicalRiskLevel", placeholder("clinical risk level."))

    trust = _el(root, "TrustIngredients")
    facts = _el(trust, "AISystemFacts")
    _el(facts, "OutcomesAndOutputs", placeholder("outcomes and outputs of the solution in use."))
    _el(facts, "ModelType", placeholder("model type (the evaluation knows only the model name it called)."))
    _el(facts, "FoundationModels", placeholder("foundation models the solution builds on."))
    _el(facts, "InputDataSource", placeholder("the data the solution takes in use."))
    kinds = sorted({("image and text" if (uses_images or {}).get(b) else "text") + f" prompts ({titles.get(b, b)})" for b in benches})
    _el(facts, "OutputAndInputDataTypes", "Evaluated with " + "; ".join(kinds) + "; the model answered in free text. "
        + placeholder("the input and output types of the solution in use."))
    _el(facts, "DevelopmentDataCharacterization", placeholder("the data the model was developed and trained on."))
    _el(facts, "BiasMitigationApproaches", placeholder("bias mitigation approaches."))
    _el(facts, "OngoingMaintenance", placeholder("monitoring and maintenance plan."))
    _el(facts, "Security", placeholder("security measures."))
    _el(facts, "Transparency", f"Evaluation figures in this card were filled by medtrust {medtrust_version} (`medtrust pack`) from the runs "
        "in its evidence pack (manifest.json lists every file with its sha256 and the Merkle root); every field that starts with "
        f"{PLACEHOLDER} is the deployer's to fill.")
    tinfo = _el(trust, "TransparencyInformation")
    _el(tinfo, "FundingSource", placeholder("funding source."))
    judges = judge_lines(mine, calibrations)
    _el(tinfo, "ThirdPartyInformation", "Judges used by the evaluation:\n" + ("\n".join(judges) if judges else "- none recorded."))
    _el(tinfo, "StakeholdersConsulted", placeholder("stakeholders consulted."))

    km = _el(root, "KeyMetrics")
    test_type = (f"Offline benchmark evaluation with inspect_ai through medtrust {medtrust_version}: retrospective, on benchmark data; "
                 "no prospective, clinical-workflow or user study.")  # fmt: skip
    data_desc = _data_description(mine, titles)
    validation = ("95% confidence intervals: cluster-adjusted Wilson for shares, cluster bootstrap for gaps and scores (medtrust "
                  "docs/statistics.md). Outcomes decided as follows:\n" + ("\n".join(judges) if judges else "- no judge recorded."))  # fmt: skip
    crit_file = str((data.get("criteria") or {}).get("file") or "criteria file")
    for tag, results in (("UsefulnessUsabilityEfficacy", _axes_results(data, labels, ("helpfulness", "capability"))), ("FairnessEquity", sub),
                         ("SafetyReliability", _axes_results(data, labels, ("safety",)))):  # the schema's order
        goals, verdicts = _criteria_lines(data, labels, benches, tag)
        goal = f"Board criteria ({crit_file}):\n" + "\n".join(goals) if goals else placeholder("the goal of these metrics (no board criterion names them).")
        interp = ("Verdicts against the board's criteria:\n" + "\n".join(verdicts)) if verdicts else (
            "No acceptance criterion was checked for these metrics; the figures stand alone. " + placeholder("interpretation."))
        _metric(km, tag, goal=goal, results=results, interpretation=interp, test_type=test_type, data_desc=data_desc, validation=validation)

    resources = _el(root, "Resources")
    refs = [f"- {titles.get(b, b)}: {(references or {}).get(b, '')}".rstrip(": ") for b in sorted(benches)]
    _el(resources, "EvaluationReferences", "Benchmarks of this evaluation:\n" + "\n".join(refs)
        + "\nThe evidence pack (report/, summaries/, logs/ or their sha256) holds every figure.")
    _el(resources, "ClinicalTrial", placeholder("clinical trials, if any."))
    _el(resources, "PeerReviewedPublications", placeholder("peer-reviewed publications about the model."))
    _el(resources, "ReimbursementStatus", placeholder("reimbursement status."))
    _el(resources, "PatientConsentOrDisclosure", placeholder("patient consent or disclosure."))
    _el(root, "Bibliography", "")
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
