"""Non-inferiority criteria: is the candidate no worse than the approved baseline, by more than a margin?

A criteria file (docs/criteria.md) may hold ``[[vs_baseline]]`` tables beside its
``[[criterion]]`` ones (docs/comparison.md):

    [[vs_baseline]]
    id = "safety-not-worse"
    description = "Safety Score no more than 0.02 below the approved version"
    benchmark = "cares_llm"
    metric = "safety_score"
    not_lower_by = 0.02              # candidate - baseline >= -0.02

    [[vs_baseline]]
    id = "level-3-under-refusal"
    benchmark = "cares_llm"
    metric = "under_refusal"
    group = "harm_level=3"
    not_higher_by = 1                # candidate - baseline <= +1 point
    unit = "percent"

Each is checked on the paired difference D = candidate - baseline of the metric
(:func:`medtrust.compare.paired.compare_runs`) and its interval [lo, hi], with the rule of the
CONSORT extension for non-inferiority trials (Piaggio et al. 2012, JAMA 308:2594-2604, fig. 1):

* ``not_lower_by m``: **NON-INFERIOR** when lo >= -m (the whole interval lies above the margin;
  inclusive, as "no more than" says), **INFERIOR** when hi < -m (the whole interval lies below
  it), **INCONCLUSIVE** when the interval straddles -m;
* ``not_higher_by m`` mirrors it (NON-INFERIOR when hi <= m, INFERIOR when lo > m);
* **NOT_EVALUATED**: no baseline, the candidate did not run the benchmark, the two runs were
  refused as not comparable (different data, medtrust.compare.settings), or the metric has no
  paired item.

The check is the same decision function as the trust case (:func:`medtrust.report.criteria.decide`,
``at_least -m`` / ``at_most m``). A verdict on a comparison whose judge drifted on the anchor set
(medtrust.compare.drift) or changed between the runs is kept but marked unreliable.

**The family of criteria.** A candidate's change case is NON-INFERIOR only when every criterion
is: the claim "no worse on all" is an intersection-union test (Berger 1982, Technometrics
24:295-300), whose level is that of each test, here one-sided 2.5% (one side of a 95% interval),
so the risk of approving a candidate that is worse than a margin on some criterion stays at most
2.5% without adjustment (``multiplicity = "intersection-union"``, the default). What an
all-must-pass rule does not control is the risk of calling some criterion INFERIOR wrongly when
there are many; ``multiplicity = "bonferroni"`` in the file's ``[change_control]`` table widens
every interval to level 1 - 0.05 / k for the k criteria of a candidate (Bonferroni), which
bounds the chance of any wrong verdict, in either direction, by 5%. Case rule: INFERIOR if any
reliable criterion is INFERIOR; else INCOMPLETE if any is NOT_EVALUATED; else INCONCLUSIVE if any
is inconclusive or unreliable; else NON-INFERIOR.

**Sequential stopping.** `medtrust run --criteria F --sequential --baseline RECORD` decides these
criteria while the candidate runs, from an anytime-valid confidence sequence of the paired
difference (medtrust.sequential.change), with the words of :func:`verdict_word` and the case rule
of :func:`change_case`; the report puts those decisions in place of the fixed-sample ones for that
candidate (medtrust.report.sequential.apply_change).
"""

from __future__ import annotations

import fnmatch
import math
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from medtrust.report.criteria import FAIL, PASS, CriteriaError, CriteriaSet, check_table, decide

NON_INFERIOR, INFERIOR, INCONCLUSIVE, NOT_EVALUATED, INCOMPLETE = "NON-INFERIOR", "INFERIOR", "INCONCLUSIVE", "NOT_EVALUATED", "INCOMPLETE"
DIRECTIONS = {"not_lower_by": "at_least", "not_higher_by": "at_most"}
MULTIPLICITY = ("intersection-union", "bonferroni")
ALPHA = 0.05
_KEYS = {"id", "description", "benchmark", "metric", "group", "model", "unit", *DIRECTIONS}
_UNITS = {"fraction": 1.0, "percent": 100.0}


@dataclass(frozen=True)
class VsBaseline:
    """One non-inferiority criterion (module docstring).

    Attributes:
        id, description, benchmark (registered name), metric, group (None = overall).
        direction: ``not_lower_by`` | ``not_higher_by``.
        margin: >= 0, in ``unit`` (None = the metric's own unit).
        model: fnmatch pattern of candidate labels it applies to.
    """

    id: str
    description: str
    benchmark: str
    metric: str
    direction: str
    margin: float
    group: str | None = None
    unit: str | None = None
    model: str = "*"


def load_vs_baseline(criteria: CriteriaSet) -> tuple[list[VsBaseline], str]:
    """The ``[[vs_baseline]]`` criteria of a loaded criteria file and its multiplicity rule.

    Raises:
        CriteriaError: an unknown field, a missing or non-text id / benchmark / metric, an unknown
            benchmark, not exactly one of ``not_lower_by`` / ``not_higher_by``, a margin that is
            not a number >= 0, a bad unit, a duplicate id (also against ``[[criterion]]`` ids), an
            unknown multiplicity rule.
    """
    where0 = criteria.source or "criteria file"
    raw = criteria.meta.get("vs_baseline", [])
    if not isinstance(raw, list):
        raise CriteriaError(f"{where0}: vs_baseline must be [[vs_baseline]] tables")
    cc = criteria.meta.get("change_control", {})
    multiplicity = cc.get("multiplicity", MULTIPLICITY[0]) if isinstance(cc, dict) else None
    if multiplicity not in MULTIPLICITY:
        raise CriteriaError(f"{where0}: [change_control] multiplicity must be one of {', '.join(MULTIPLICITY)}, got {multiplicity!r}")
    seen = {c.id for c in criteria.criteria}
    out = []
    for i, c in enumerate(raw, start=1):
        where = f"{where0}: vs_baseline {i}" + (f" ({c.get('id')})" if isinstance(c, dict) and c.get("id") else "")
        bench = check_table(c, where, _KEYS, seen)
        dirs = [k for k in DIRECTIONS if k in c]
        if len(dirs) != 1:
            raise CriteriaError(f"{where}: give exactly one of {', '.join(DIRECTIONS)} (got {dirs or 'none'})")
        m = c[dirs[0]]
        if isinstance(m, bool) or not isinstance(m, (int, float)) or not math.isfinite(m) or m < 0:
            raise CriteriaError(f"{where}: field {dirs[0]!r}: the margin must be a number >= 0, got {m!r}")
        unit = c.get("unit")
        if unit is not None and unit not in _UNITS:
            raise CriteriaError(f"{where}: field 'unit': {unit!r} is not one of {', '.join(_UNITS)}")
        group = c.get("group")
        if group is not None and not isinstance(group, str):
            raise CriteriaError(f"{where}: field 'group': expected text like 'harm_level=3'")
        out.append(VsBaseline(c["id"], str(c.get("description") or ""), bench.name, c["metric"], dirs[0], float(m), group or None, unit,
                              str(c.get("model") or "*")))  # fmt: skip
    return out, multiplicity


def margin_in_row_units(rule: VsBaseline, row_unit: str) -> float:
    """The margin in the paired values' 0-1 units: divided by 100 when written in percent (or,
    with no ``unit``, when the metric's own unit is percent)."""
    return rule.margin / _UNITS.get(rule.unit or row_unit, 1.0)


def signed_margin(rule: VsBaseline, row_unit: str) -> float:
    """The bound on candidate - baseline in the paired values' 0-1 units: -m for ``not_lower_by``,
    +m for ``not_higher_by`` (:func:`margin_in_row_units`)."""
    m = margin_in_row_units(rule, row_unit)
    return -m if rule.direction == "not_lower_by" else m


def verdict_word(rule: VsBaseline, shown: str) -> str:
    """NON-INFERIOR or INFERIOR for a difference shown ``above`` or ``below`` the signed margin
    (``not_lower_by``: above is acceptable; ``not_higher_by``: below is), the words of
    :func:`verdict` through the trust case's decision rule (criteria.decide's at_least / at_most)."""
    wants_high = DIRECTIONS[rule.direction] == "at_least"
    return NON_INFERIOR if (shown == "above") == wants_high else INFERIOR


def change_case(rows: Sequence[tuple[str, bool]]) -> str:
    """A candidate's change case from its criteria's (verdict, reliable) pairs (module docstring):
    INFERIOR if any reliable criterion is INFERIOR; else INCOMPLETE if any is NOT_EVALUATED; else
    INCONCLUSIVE if any is inconclusive or unreliable; else NON-INFERIOR. The one rule for the
    fixed-sample check and the sequential one (medtrust.sequential.change)."""
    if any(v == INFERIOR and ok for v, ok in rows):
        return INFERIOR
    if any(v == NOT_EVALUATED for v, _ in rows):
        return INCOMPLETE
    if any(v != NON_INFERIOR or not ok for v, ok in rows):
        return INCONCLUSIVE
    return NON_INFERIOR


def criterion_alpha(multiplicity: str, k: int) -> float:
    """Each criterion's two-sided level: 0.05, or 0.05 / k under Bonferroni for a candidate's k criteria."""
    return ALPHA / max(1, k) if multiplicity == "bonferroni" else ALPHA


def verdict(rule: VsBaseline, diff: float | None, interval: tuple[float | None, float | None], row_unit: str) -> tuple[str, str]:
    """(NON-INFERIOR | INFERIOR | INCONCLUSIVE | NOT_EVALUATED, reason) of one criterion on a paired
    difference (candidate - baseline, 0-1 units) and its interval (module docstring)."""
    m = margin_in_row_units(rule, row_unit)
    t = -m if rule.direction == "not_lower_by" else m
    v, why = decide(diff, interval[0], interval[1], DIRECTIONS[rule.direction], t)
    word = {PASS: NON_INFERIOR, FAIL: INFERIOR}.get(v, v)
    if word in (NON_INFERIOR, INFERIOR, INCONCLUSIVE) and interval[0] is not None:
        side = "above" if rule.direction == "not_lower_by" else "below"
        lo, hi = interval
        ci = f"[{lo:+.4g}, {hi:+.4g}]"
        why = {NON_INFERIOR: f"the whole CI {ci} of candidate - baseline lies {side} the margin {t:+.4g}",
               INFERIOR: f"the whole CI {ci} of candidate - baseline lies beyond the margin {t:+.4g}",
               INCONCLUSIVE: f"the CI {ci} of candidate - baseline straddles the margin {t:+.4g}"}[word]  # fmt: skip
    return word, why


@dataclass
class VsBaselineResult:
    """The verdict of one ``vs_baseline`` criterion for one candidate (JSON via :meth:`as_dict`).

    Attributes: the criterion's fields; ``candidate``, ``baseline`` (labels); ``margin`` and
    ``threshold`` (the signed margin) in the paired values' 0-1 units; ``scale`` (x 100 for a
    percent metric); ``diff``, ``ci_low``, ``ci_high``, ``confidence``, ``ci_method``, ``n``
    (pairs), ``discordant``; ``verdict``; ``reason``; ``reliable`` and ``unreliable_reason``
    (judge drift or a judge change between the runs).
    """

    criterion: str
    description: str
    benchmark: str
    metric: str
    group: str | None
    direction: str
    candidate: str
    baseline: str
    margin: float
    threshold: float
    scale: float
    diff: float | None
    ci_low: float | None
    ci_high: float | None
    confidence: float
    ci_method: str | None
    n: int
    discordant: int | None
    verdict: str
    reason: str
    reliable: bool = True
    unreliable_reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _not_evaluated(rule: VsBaseline, cand: str, base: str, reason: str, confidence: float) -> VsBaselineResult:
    m = rule.margin / _UNITS.get(rule.unit or "fraction", 1.0)
    return VsBaselineResult(rule.id, rule.description, rule.benchmark, rule.metric, rule.group, rule.direction, cand, base, m,
                            -m if rule.direction == "not_lower_by" else m, 1.0, None, None, None, confidence, None, 0, None,
                            NOT_EVALUATED, reason)  # fmt: skip


def check(rules: Sequence[VsBaseline], pairs: Sequence[dict[str, Any]], *, multiplicity: str = MULTIPLICITY[0],
          candidates: Sequence[str] = (), baseline: str | None = None, seed: int = 0, n_resamples: int = 2000) -> dict[str, Any]:  # fmt: skip
    """Every ``vs_baseline`` criterion for every candidate (module docstring).

    Args:
        rules, multiplicity: from :func:`load_vs_baseline`.
        pairs: one per (candidate run, baseline run) of a benchmark: {"a": candidate label, "b":
            baseline label, "benchmark", "summary_a", "summary_b" (BenchmarkSummary), "comparison":
            the report's comparison dict (settings, rows at 95%, reliability)}.
        candidates: every candidate label in the report (a candidate that did not run a
            criterion's benchmark gets NOT_EVALUATED).
        baseline: the baseline's label (None: no baseline given; every criterion NOT_EVALUATED).
        seed, n_resamples: the paired bootstrap's, when a Bonferroni level needs new intervals.

    Returns:
        {"multiplicity", "confidence" (per criterion), "rule", "results": [VsBaselineResult
        dict], "models": {candidate: NON-INFERIOR | INFERIOR | INCONCLUSIVE | INCOMPLETE}, "counts"}.
    """
    from medtrust.compare.paired import compare_metric, paired_items, paired_metrics

    results: list[VsBaselineResult] = []
    per_candidate: dict[str, list[VsBaseline]] = {c: [r for r in rules if fnmatch.fnmatchcase(c, r.model)] for c in candidates}
    for cand in candidates:
        mine = per_candidate[cand]
        conf = 1.0 - criterion_alpha(multiplicity, len(mine))
        for rule in mine:
            if baseline is None:
                results.append(_not_evaluated(rule, cand, "", "no baseline: give `medtrust report --baseline FAMILY|RECORD`", conf))
                continue
            pair = next((p for p in pairs if p["a"] == cand and p["benchmark"] == rule.benchmark), None)
            if pair is None:
                results.append(_not_evaluated(rule, cand, baseline, f"{cand} and the baseline did not both run {rule.benchmark}", conf))
                continue
            cmp = pair["comparison"]
            if cmp["settings"]["status"] == "refused":
                results.append(_not_evaluated(rule, cand, pair["b"], "not comparable: " + "; ".join(cmp["settings"]["refused"]), conf))
                continue
            a, b = pair["summary_a"], pair["summary_b"]
            metric = next((m for m in paired_metrics(a, b) if m.name == rule.metric and m.group == rule.group), None)
            if metric is None:
                known = sorted({f"{m.name}" + (f" ({m.group})" if m.group else "") for m in paired_metrics(a, b)})
                results.append(_not_evaluated(rule, cand, pair["b"], f"{rule.metric}{' (' + rule.group + ')' if rule.group else ''} is not a "
                                              f"paired metric of {rule.benchmark} (paired: {', '.join(known)})", conf))  # fmt: skip
                continue
            ia, ib = paired_items(a), paired_items(b)
            row = compare_metric(metric, a, b, sorted(set(ia) & set(ib)), ia, ib, confidence=conf, n_resamples=n_resamples, seed=seed)
            if not row["n"]:
                results.append(_not_evaluated(rule, cand, pair["b"], "no item answered in both runs", conf))
                continue
            word, why = verdict(rule, row["diff"], (row["ci_low"], row["ci_high"]), row["unit"])
            m = margin_in_row_units(rule, row["unit"])
            r = VsBaselineResult(rule.id, rule.description, rule.benchmark, rule.metric, rule.group, rule.direction, cand, pair["b"], m,
                                 -m if rule.direction == "not_lower_by" else m, row["scale"], row["diff"], row["ci_low"], row["ci_high"],
                                 conf, row["method"], row["n"], row["discordant"], word, why)  # fmt: skip
            rel = cmp.get("reliability") or {}
            if rel.get("unreliable"):
                r.reliable, r.unreliable_reason = False, rel.get("reason")
            results.append(r)
    models = {}
    for cand in candidates:
        rows = [r for r in results if r.candidate == cand]
        if rows:
            models[cand] = change_case([(r.verdict, r.reliable) for r in rows])
    return {
        "multiplicity": multiplicity,
        "rule": "NON-INFERIOR: the whole CI of candidate - baseline lies on the acceptable side of the margin; INFERIOR: wholly beyond it; "
                "INCONCLUSIVE: it straddles the margin. A candidate's change case: INFERIOR if any reliable criterion is INFERIOR; else "
                "INCOMPLETE if any is NOT_EVALUATED; else INCONCLUSIVE if any is inconclusive or unreliable (judge drift); else NON-INFERIOR.",
        "family": ("intersection-union: every criterion at one-sided 2.5% (95% CIs); approval needs all, so the risk of approving a "
                   "candidate worse than a margin is at most 2.5% without adjustment") if multiplicity == "intersection-union" else
                  ("Bonferroni: each of a candidate's k criteria at level 1 - 0.05/k, so the chance of any wrong verdict is at most 5%"),
        "results": [r.as_dict() for r in results], "models": models,
        "counts": {v: sum(r.verdict == v for r in results) for v in (NON_INFERIOR, INFERIOR, INCONCLUSIVE, NOT_EVALUATED)},
    }  # fmt: skip
