"""The trust case's "why" for a review board: one plain sentence or two per criterion result.

The rule itself and its technical reason (CI bounds, Clopper-Pearson, Rogan-Gladen, Se + Sp) are
:mod:`medtrust.report.criteria`'s; the page keeps that reason behind a detail element. This
module only words the result for people who do not read statistics: values in the unit people
see (:mod:`medtrust.units`), the 95% interval as "could plausibly be anywhere from .. to ..",
a corrected rate as "corrected for the automatic judge's known mistakes".
"""

from __future__ import annotations

from typing import Any

from medtrust.report.criteria import share_metrics
from medtrust.units import format_people

#: criteria operator -> the words of the requirement
OP_WORDS = {"at_least": "at least", "above": "above", "at_most": "at most", "below": "below"}


def plain_why(r: dict[str, Any], title: str | None = None) -> str:
    """The plain-language why of one criterion result (``CriterionResult.as_dict()``).

    Args:
        r: the result: verdict, value, ci_low, ci_high, n, threshold, op, unit, metric, corrected,
            note, more_samples, likely, ci_method, model.
        title: the benchmark's display title (default its name).

    Returns:
        One to three sentences, no jargon.
    """
    shares = share_metrics(r["benchmark"])

    def show(v: Any) -> str:
        return format_people(v, r["metric"], r.get("unit"), shares)

    need = f"{OP_WORDS.get(r['op'], r['op'])} {show(r['threshold'])}" if r.get("threshold") is not None else "the threshold"
    verdict, v, lo, hi = r["verdict"], r.get("value"), r.get("ci_low"), r.get("ci_high")
    if verdict == "NOT_EVALUATED":
        if not r.get("model"):
            return f"Not checked: no model in this report was run on {title or r['benchmark']}."
        ev = r.get("evidence")
        if not ev:  # the trust case's row for a model that never ran the benchmark
            return f"Not checked: {r['model']} was not run on {title or r['benchmark']}."
        if ev.get("qualifies") is False:
            return (f"Not checked: {r['model']}'s run of {title or r['benchmark']} cannot count as evidence here "
                    f"({ev.get('label')}: {'; '.join(ev.get('reasons') or []) or 'see how it was computed'}).")
        if r.get("metric_used") is None:
            return "Not checked: this run has no such number (the part of the benchmark was not run, or it could not be computed)."
        return "Not checked: the number could not be computed in this run."
    span = f"from {show(lo)} to {show(hi)}" if lo is not None and hi is not None else None
    if verdict == "PASS":
        text = f"Met. The measured value is {show(v)}; allowing for chance, it could plausibly be {span}, all of it {need}."
    elif verdict == "FAIL":
        text = f"Not met. The measured value is {show(v)}; allowing for chance, it could plausibly be {span}, none of it {need}."
    elif span is None:
        text = f"Undecided. The value {show(v)} comes without a margin of error, so it can neither be shown to be {need} nor not."
    else:
        text = (f"Undecided. The measured value is {show(v)}, but with {r.get('n')} samples it could plausibly be anywhere {span}: "
                f"partly {need}, partly not.")
        if r.get("more_samples"):
            likely = "met" if r.get("likely") == "PASS" else "not met"
            text += f" About {r['more_samples']} more samples would probably settle it (most likely as {likely})."
        elif r.get("decidable") is False:
            text += (f" The data this run used has only {r.get('n_available')} such samples, too few to settle it: "
                     "it takes a larger data set (see how it was computed).")
        else:
            text += " More samples are unlikely to settle it: the value sits right at the threshold."
    if r.get("ci_method") == "clopper-pearson":
        text += f" Every one of the {r.get('n')} samples gave the same result, so the margin of error is taken from an exact count."
    if r.get("corrected"):
        text += " The number is corrected for the automatic judge's known mistakes, as measured against human labels."
    elif str(r.get("note") or "").startswith("corrected rate not computable"):
        text += " The judge's known mistakes could not be corrected for here, so the uncorrected number is used."
    return text
