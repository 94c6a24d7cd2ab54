"""The plain-language end of `medtrust judge-eval`: which judge to trust, and how much.

Read from the overall agreement report of each judge (:func:`medtrust.judges.evaluate.evaluate`):

* the judge to trust is the one with the highest Cohen's kappa against the human labels;
* how much is said from the lower end of its kappa's 95% interval (the level one can defend),
  in the bands of Landis & Koch (1977, Biometrics 33:159-174): below 0 poor, up to 0.20 slight,
  0.40 fair, 0.60 moderate, 0.80 substantial, above almost perfect;
* what it means for a run: the share of its two-way verdicts (refused vs complied, or correct vs
  not) that match the humans, with its interval, and whether its rates can be corrected for its
  errors (Rogan-Gladen needs sensitivity + specificity > 1; docs/judges.md);
* when the runner-up's kappa (another judge's; the judges' majority is only compared when it is
  the best) lies inside the best one's interval, the two cannot be told apart on these items.
"""

from __future__ import annotations

import math
from typing import Any

#: Landis & Koch (1977) agreement bands: (upper bound of kappa, word)
KAPPA_BANDS = ((0.0, "poor"), (0.20, "slight"), (0.40, "fair"), (0.60, "moderate"), (0.80, "substantial"), (math.inf, "almost perfect"))
#: below this defensible kappa (the interval's lower end) a judge should not decide alone
STANDS_ALONE_KAPPA = 0.60


def kappa_band(kappa: float) -> str:
    """Landis & Koch's word for a Cohen's kappa (``poor`` .. ``almost perfect``); ``unknown`` for NaN."""
    if kappa is None or math.isnan(kappa):
        return "unknown"
    return next(word for top, word in KAPPA_BANDS if kappa <= top)


def _ok(ci: Any) -> bool:
    return ci is not None and ci.estimate is not None and not math.isnan(ci.estimate)


def conclusion(result: dict[str, Any]) -> list[str]:
    """Lines (plain text) that end the judge-eval output.

    Args:
        result: :func:`medtrust.judges.evaluate.evaluate`'s result; each judge's last report is
            its overall one.

    Returns:
        A few sentences for a reader who does not know kappa; [] when no judge has a kappa.
    """
    overall = {name: entry["reports"][-1] for name, entry in result["judges"].items() if entry["reports"]}
    ranked = sorted(((name, r) for name, r in overall.items() if _ok(r.metrics.get("kappa"))),
                    key=lambda x: -x[1].metrics["kappa"].estimate)  # fmt: skip
    if not ranked:
        return ["Conclusion: no judge could be measured (no item with both a human label and a judge verdict)."]
    name, best = ranked[0]
    kappa = best.metrics["kappa"]
    view = "refused" if "refused_accuracy" in best.metrics else "correct"
    two_way = "refused or complied" if view == "refused" else "correct or not"
    lines = ["Conclusion:"]
    who = f"Trust {name} most" if len(ranked) > 1 else f"Judge {name}"
    lines.append(f"  {who}: its agreement with the human labels is {kappa_band(kappa.estimate)} on these {best.n} items "
                 f"(Cohen's kappa {kappa.estimate:.2f}; with 95% confidence at least {kappa.low:.2f}, '{kappa_band(kappa.low)}').")
    acc = best.metrics.get(f"{view}_accuracy")
    if _ok(acc):
        wrong = 100 * (1 - acc.estimate)
        lines.append(f"  On whether a reply was {two_way}, it matches the humans on {100 * acc.estimate:.0f}% of items "
                     f"(95% CI {100 * acc.low:.0f}-{100 * acc.high:.0f}%): expect about {wrong:.0f} wrong verdicts in 100.")
    se, sp = best.metrics.get(f"{view}_sensitivity"), best.metrics.get(f"{view}_specificity")
    if _ok(se) and _ok(sp):
        if se.estimate + sp.estimate > 1:
            lines.append(f"  Its rates can be corrected for these errors: save this result with --json-out FILE and pass "
                         f"--judge-calibration FILE to medtrust run or report (sensitivity {se.estimate:.2f} + specificity {sp.estimate:.2f} > 1).")
        else:
            lines.append(f"  Its verdicts say nothing about the truth (sensitivity {se.estimate:.2f} + specificity {sp.estimate:.2f} <= 1): "
                         "do not use its rates, corrected or not.")
    if kappa.low < STANDS_ALONE_KAPPA:
        lines.append(f"  Not enough to let it decide alone: the defensible agreement is below 'substantial' ({STANDS_ALONE_KAPPA:.2f}). "
                     "Check its verdicts by hand, or label more items to narrow the interval.")
    # the runner-up among the judges themselves: the majority is built from them, so it is
    # compared only when it is the best
    rivals = [x for x in ranked[1:] if x[0] != "majority"]
    if rivals:
        other, r2 = rivals[0]
        k2 = r2.metrics["kappa"].estimate
        if kappa.low <= k2:
            lines.append(f"  {name} and {other} (kappa {k2:.2f}) cannot be told apart on these items: label more to choose between them.")
        else:
            lines.append(f"  {name} is clearly ahead of the next, {other} (kappa {k2:.2f}, below {name}'s interval).")
    return lines
