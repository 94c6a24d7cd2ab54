"""The EU AI Act Annex IV technical-documentation sections, answered where evaluation evidence can.

Regulation (EU) 2024/1689, Article 11(1) and Annex IV list what the technical documentation of
a high-risk AI system holds. :data:`SECTIONS` paraphrases every point of Annex IV (1(a)-(h),
2(a)-(h), 3 to 9) and says for each whether a medtrust evidence pack answers it
(``answered``), answers a part of it (``partly``), or not (``not covered``). :func:`annex_iv_markdown`
writes the document: for each point the status, what the pack holds for it (figures,
files) and, where not covered, the words "Not covered by this evidence". The provider's own
documentation answers the rest; this document never fills it in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from medtrust.evidence.model_card import _fmt, failure_lines, judge_lines

NOT_COVERED = "Not covered by this evidence."


@dataclass(frozen=True)
class Section:
    """One Annex IV point: its number, a paraphrase of its heading, and what the pack answers.

    Attributes:
        number: Annex IV numbering, e.g. ``2(g)``.
        heading: the point paraphrased (not the Regulation's words).
        status: ``answered`` | ``partly`` | ``not covered``.
        evidence: context -> Markdown lines of what the pack holds for it (None: nothing).
    """

    number: str
    heading: str
    status: str
    evidence: Callable[[dict[str, Any]], list[str]] | None = None


def _versions(ctx: dict[str, Any]) -> list[str]:
    runs = ctx["runs"]
    lines = [f"- Software that produced the evidence: " + ", ".join(f"{k} {v}" for k, v in ctx["versions"].items() if v) + "."]
    for r in runs:
        lines.append(f"- Model as evaluated: `{r['model']}` (task {r['task']}, log {r['file']}; model arguments and generation settings in pack.json).")
    lines.append("- The model's own software version and update requirements are the provider's to document.")
    return lines


def _testing(ctx: dict[str, Any]) -> list[str]:
    data = ctx["data"]
    titles = data.get("benchmark_titles", {})
    lines = ["Testing procedure: offline benchmark runs with inspect_ai through medtrust; every sample ends as correct, incorrect or "
             "an explicit non-answer, counted; 95% CIs (cluster-adjusted Wilson for shares, cluster bootstrap otherwise).", "",
             "Testing data and its main characteristics:"]  # fmt: skip
    for s in data.get("summaries", []):
        rows = f"{s.get('rows_evaluated')} of {s.get('rows_available')} rows" if s.get("rows_evaluated") is not None else "rows not recorded"
        lines.append(f"- {titles.get(s['benchmark'], s['benchmark'])}, {s['label']}: {rows}; dimensions {', '.join(s.get('dimensions_run') or [])}.")
    lines += ["", "Metrics (accuracy, robustness, safety; 0-100 with 95% CI):"]
    axes = {a["key"]: a for a in data.get("axes", [])}
    for row in data.get("scorecard", []):
        for key, c in row["axes"].items():
            if c["status"] == "run":
                lines.append(f"- {row['model']} · {axes[key]['label']}: {_fmt(c['value'])} [{_fmt(c['ci_low'])}, {_fmt(c['ci_high'])}], n={c['n']}.")
            elif c["status"] in ("n/a", "not meaningful"):
                lines.append(f"- {row['model']} · {axes[key]['label']}: {c['status']} ({c.get('note')}).")
    n_sub = sum(1 for s in data.get("summaries", []) for m in s["metrics"] if m.get("group") or m.get("dimension") == "fairness")
    lines += ["", f"Potentially discriminatory impacts: {n_sub} subgroup / fairness estimates with CIs (summaries/, model-card/)."
              if n_sub else "Potentially discriminatory impacts: no subgroup result in these runs.",
              "", "Test logs and reports: logs/ (or their sha256 where they hold restricted data), report/report.html and "
              "report/report.json, dated in pack.json; manifest.json lists every file's sha256 and the Merkle root"
              + (f", signed with Ed25519 key {ctx['key_id']}" if ctx.get("key_id") else " (this pack is not signed; the signature of "
                 "responsible persons is the provider's)") + "."]  # fmt: skip
    return lines


def _robustness_security(ctx: dict[str, Any]) -> list[str]:
    axes = {a["key"]: a for a in ctx["data"].get("axes", [])}
    hits = [f"- {row['model']} · {axes[k]['label']}: {_fmt(c['value'])} [{_fmt(c['ci_low'])}, {_fmt(c['ci_high'])}]"
            for row in ctx["data"].get("scorecard", []) for k, c in row["axes"].items()
            if c["status"] == "run" and any(w in (axes[k]["label"] + axes[k]["dimension"]).lower() for w in ("jailbreak", "robust", "privacy"))]  # fmt: skip
    return (["Resistance measured by this evidence (adversarial prompts, perturbed inputs, privacy probes):", *hits] if hits else
            ["No run in this pack measures resistance to adversarial use."]) + ["The cybersecurity measures themselves are the provider's."]


def _capabilities(ctx: dict[str, Any]) -> list[str]:
    data = ctx["data"]
    labels = data.get("models", [])
    lines = ["Overall and per-group accuracy: see 2(g) and model-card/ (FairnessEquity).", "", "Foreseeable failure modes seen in these runs:"]
    lines += failure_lines(data.get("summaries", []), data, labels) or ["- none recorded."]
    lines += ["", "Human oversight measures and input specifications of the deployed system: not covered by this evidence."]
    return lines


def _metrics_fit(ctx: dict[str, Any]) -> list[str]:
    data = ctx["data"]
    lines = [f"- {a['label']} ({a['benchmark']}): {a['definition']}" for a in data.get("axes", [])
             if any(r["axes"].get(a["key"], {}).get("status") not in (None, "not run") for r in data.get("scorecard", []))]  # fmt: skip
    crit = data.get("criteria")
    if crit:
        lines.append(f"- The board's criteria ({crit.get('file')}, sha256 {crit.get('sha256')}) state which values are acceptable.")
    lines += judge_lines(data.get("summaries", []), ctx["calibrations"])
    lines.append("Whether these metrics fit the system's intended purpose is the provider's argument to make.")
    return lines


def _risk(ctx: dict[str, Any]) -> list[str]:
    crit = ctx["data"].get("criteria")
    if not crit:
        return []
    return [f"Input to risk management: the trust case of {crit.get('file')}: " + ", ".join(f"{m}: {v}" for m, v in crit.get("models", {}).items()) + "."]


#: Annex IV of Regulation (EU) 2024/1689, every point paraphrased, with what a pack answers
SECTIONS: tuple[Section, ...] = (
    Section("1(a)", "Intended purpose, provider name, and the system's version and its relation to earlier versions", "not covered"),
    Section("1(b)", "How the system interacts with hardware or software outside it, other AI systems included", "not covered"),
    Section("1(c)", "Versions of the relevant software or firmware and requirements for updating them", "partly", _versions),
    Section("1(d)", "The forms in which the system is placed on the market or put into service", "not covered"),
    Section("1(e)", "The hardware the system is meant to run on", "not covered"),
    Section("1(f)", "For a system that is a product component: pictures of its exterior, marking and internal layout", "not covered"),
    Section("1(g)", "A basic description of the user interface given to the deployer", "not covered"),
    Section("1(h)", "Instructions for use for the deployer", "not covered"),
    Section("2(a)", "Methods and steps of development, including pre-trained systems or third-party tools and how they were used", "not covered"),
    Section("2(b)", "Design specifications: the general logic, key design choices and their rationale, what the system optimises, expected output", "not covered"),
    Section("2(c)", "System architecture and the computational resources used to develop, train, test and validate it", "not covered"),
    Section("2(d)", "Data requirements: training data sets, their provenance, scope, characteristics, labelling and cleaning", "not covered"),
    Section("2(e)", "Assessment of the human oversight measures needed (Article 14)", "not covered"),
    Section("2(f)", "Pre-determined changes to the system and its performance", "not covered"),
    Section("2(g)", "Validation and testing procedures: the test data and its characteristics, the metrics of accuracy, robustness and "
                    "other requirements and of potentially discriminatory impacts, dated and signed test logs and reports", "answered", _testing),
    Section("2(h)", "Cybersecurity measures put in place", "partly", _robustness_security),
    Section("3", "Monitoring, functioning and control: capabilities and limits of performance (accuracy overall and for the persons or "
                 "groups concerned), foreseeable unintended outcomes and risks, human oversight, input data specifications", "partly", _capabilities),
    Section("4", "Why the performance metrics suit this particular system", "partly", _metrics_fit),
    Section("5", "The risk management system (Article 9)", "not covered", _risk),
    Section("6", "Relevant changes made by the provider over the system's lifecycle", "not covered"),
    Section("7", "Harmonised standards applied, or the other solutions and specifications used to meet Chapter III, Section 2", "not covered"),
    Section("8", "A copy of the EU declaration of conformity (Article 47)", "not covered"),
    Section("9", "The system for evaluating performance after placing on the market, with the post-market monitoring plan (Article 72)", "not covered"),
)

_STATUS = {"answered": "Answered by this evidence.", "partly": "Partly answered by this evidence; the rest is the provider's.",
           "not covered": NOT_COVERED}  # fmt: skip


def annex_iv_markdown(data: dict[str, Any], *, runs: Sequence[dict[str, Any]], versions: dict[str, Any], created: str,
                      calibrations: Sequence[dict[str, Any]] = (), key_id: str | None = None) -> str:  # fmt: skip
    """The Annex IV document (Markdown) for a pack.

    Args:
        data: the pack's report data (restricted examples withheld), ``benchmark_titles`` added.
        runs: pack.json's runs (model, task, file ...).
        versions: {package: version}.
        created: the pack's UTC time.
        calibrations: judge-eval payloads (``_file`` set).
        key_id: the signing key's id when the pack is signed.
    """
    ctx = {"data": data, "runs": runs, "versions": versions, "calibrations": calibrations, "key_id": key_id}
    out = ["# EU AI Act, Annex IV: what this evaluation evidence answers", "",
           "Regulation (EU) 2024/1689, Article 11(1) and Annex IV (technical documentation of a high-risk AI system). Headings are "
           "paraphrased; the Regulation's text governs. Each point says whether this evidence pack answers it; "
           f"\"{NOT_COVERED}\" marks what only the provider's own documentation can answer.", "",
           f"Pack made {created}; models: {', '.join(data.get('models', [])) or 'none'}.", ""]  # fmt: skip
    for sec in SECTIONS:
        out += [f"## {sec.number}. {sec.heading}", "", f"**{_STATUS[sec.status]}**", ""]
        lines = sec.evidence(ctx) if sec.evidence else []
        if lines:
            out += [*lines, ""]
    return "\n".join(out).rstrip() + "\n"
