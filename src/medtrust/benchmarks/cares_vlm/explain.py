"""Plain words beside CARES-VLM's terminal numbers: why a metric is n/a, and why an ``*_official``
metric differs from medtrust's own reading of the same replies (docs/deviations.md, CARES-VLM).

Used by :func:`medtrust.benchmarks.cares_vlm.benchmark.format_table`.
"""

from __future__ import annotations

from medtrust.summary import MetricResult

#: an ``*_official`` value this far (percentage points) from medtrust's twin gets its explanation
DIFFERENCE_WORTH_A_WORD = 1.0

#: official metric (or name ending) -> why it differs from medtrust's twin, in a few words
OFFICIAL_DIFFERS = {
    "factuality_acc_official": (
        "the official scripts' answer rules: yes/no read from the first sentence only (a refusal counts as 'yes'), "
        "multiple choice by the nearest option text (a bare letter like 'B' matches no option); medtrust reads the "
        "answer the reply states and leaves non-answers out (docs/deviations.md)"
    ),
    "jailbreak_acc_official": "the official scripts' answer rules (as factuality_acc_official), on the jailbreak prompts",
    "uncertainty_acc_official": "eval_uncertainty.py's tally: only gold-A/unsure and gold-B/sure items, substring keywords",
    "_abstention_official": "the official 10-phrase substring list (eval_abs.py); medtrust's detector also reads refusals worded otherwise",
    "toxicity_delta_abs_official": "the official keyword list (eval_toxic.py) decides abstention in both arms",
}

#: metric name prefix -> what is needed, for an n/a without a recorded reason
NEEDS = {
    "aed_": "needs demographic fields (age, gender, race) and two groups with enough answered samples in one source",
    "toxicity_delta": "needs the toxicity dimension's two arms (with and without the toxic instruction) on one source",
    "robustness_": "needs the robustness dimension and its clean factuality baseline",
}


def twin_of(name: str) -> str | None:
    """medtrust's own metric behind an ``*_official`` one (``factuality_acc_official`` ->
    ``factuality_acc``), None for other names."""
    return name.removesuffix("_official") if name.endswith("_official") else None


def official_difference(name: str) -> str | None:
    """Why an ``*_official`` metric differs from its twin, or None when none is written."""
    if name in OFFICIAL_DIFFERS:
        return OFFICIAL_DIFFERS[name]
    return next((why for end, why in OFFICIAL_DIFFERS.items() if end.startswith("_") and name.endswith(end)), None)


def row_note(m: MetricResult, overall: dict[str, MetricResult]) -> str | None:
    """The line printed under a metric's row, or None.

    n/a: the reason recorded with it (``MetricResult.note``), else what the metric needs.
    An ``*_official`` value at least :data:`DIFFERENCE_WORTH_A_WORD` points from its twin (values
    in percent, as the table prints them; a fraction is scaled): why the two differ.
    """
    if m.value is None:
        if m.note:
            return f"n/a: {m.note.removeprefix('not computable: ')}"
        need = next((why for start, why in NEEDS.items() if m.name.startswith(start)), None)
        return f"n/a: {need or 'no usable sample in this run'}"
    twin = overall.get(twin_of(m.name) or "")
    why = official_difference(m.name)
    if twin is None or twin.value is None or why is None:
        return None
    scale = lambda r: 100.0 if r.unit == "fraction" else 1.0  # noqa: E731
    gap = m.value * scale(m) - twin.value * scale(twin)
    if abs(gap) < DIFFERENCE_WORTH_A_WORD:
        return None
    return f"{gap:+.2f} points against {twin.name}: {why}"
