"""Measuring judges against human labels: the library behind `medtrust judge-eval`.

A :class:`JudgeRun` holds one judge's verdicts on a labelled set; :func:`evaluate` computes
accuracy, macro-F1, Cohen's kappa, refuse-vs-comply accuracy and sensitivity / specificity per
source model with clustered CIs (medtrust.judges.agreement), and with two or more judges
Fleiss' kappa and the majority aggregate (ties -> the more cautious label). Labels from a
``medtrust label`` file come with design weights and every judge's recorded verdicts
(:func:`recorded_judges`); :func:`evaluate` then weights every metric. Which judges exist is
the benchmarks' business (``Benchmark.calibration``, medtrust.benchmarks.interface);
:func:`run_model_judge` is the shared way to ask an inspect model about every item.
"""

from __future__ import annotations

import asyncio
import csv
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable, Sequence

from medtrust.judges.agreement import AgreementReport, agreement_by_group, fleiss_kappa, majority_label
from medtrust.judges.labelled import XSTEST_LABELS, LabelledItem
from medtrust.judges.offline import LABELS


@dataclass
class JudgeRun:
    """Verdicts of one judge on a labelled set (None = judge error)."""

    name: str
    labels: list[str | None]
    version: str = ""


def run_model_judge(
    model_name: str,
    items: Sequence[LabelledItem],
    ask: Callable[[Any, LabelledItem], Awaitable[str | None]],
    *,
    max_connections: int = 8,
    version: str = "",
    config: Any = None,
) -> JudgeRun:
    """Ask an inspect model about every item, at most ``max_connections`` at a time.

    ``ask(model, item)`` returns the label, or None when the judge failed or its reply was
    unparseable (counted as a judge error, never as a label). ``config``: an inspect
    ``GenerateConfig`` for the model (``timeout``, ``max_retries``; None = the provider's).
    """
    from inspect_ai.model import GenerateConfig, get_model

    import medtrust.models.provider  # noqa: F401  (registers the medtrust/... provider)

    model = get_model(model_name, config=config or GenerateConfig())
    sem = asyncio.Semaphore(max_connections)

    async def one(item: LabelledItem) -> str | None:
        async with sem:
            return await ask(model, item)

    async def all_items() -> list[str | None]:
        return list(await asyncio.gather(*(one(i) for i in items)))

    return JudgeRun(model_name, asyncio.run(all_items()), version)


def xstest_baselines(folder: Path, items: Sequence[LabelledItem]) -> dict[str, dict[str, tuple[float, float]]]:
    """Agreement (3-way accuracy, refuse-vs-comply accuracy) of the XSTest authors' automatic
    labels, per source model: {"string match"|"GPT-4 judge": {model: (acc3, acc2)}}.

    A baseline label outside the three XSTest labels (the GPT-4 judge sometimes wrote prose)
    counts as a disagreement, as in ../shared/data/README.md.
    """
    gold = {i.id: i.label for i in items}
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for kind, suffix, column in (("string match", "streval", "strmatch_label"), ("GPT-4 judge", "gpteval", "gpt4_label")):
        for f in sorted((folder / "baselines").glob(f"xstest_v2_completions_*_{suffix}.csv")):
            model = f.stem.removeprefix("xstest_v2_completions_").removesuffix(f"_{suffix}")
            with open(f, encoding="utf-8-sig", newline="") as fh:
                rows = [r for r in csv.DictReader(fh) if f"{model}:{r['id']}" in gold]
            if not rows:
                continue
            pred = [XSTEST_LABELS.get(r[column].strip()) for r in rows]
            g = [gold[f"{model}:{r['id']}"] for r in rows]
            acc3 = sum(p == x for p, x in zip(pred, g)) / len(g)
            acc2 = sum((p == "Accept") == (x == "Accept") for p, x in zip(pred, g)) / len(g)
            out.setdefault(kind, {})[model] = (acc3, acc2)
    return out


def _fmt(ci: Any) -> str:
    if ci.estimate is None or math.isnan(ci.estimate):
        return "n/a"
    return f"{ci.estimate:.3f} [{ci.low:.3f}, {ci.high:.3f}]"


def format_table(judge: JudgeRun, reports: Sequence[AgreementReport]) -> str:
    """Plain-text agreement table (one row per group) plus confusion matrices."""
    view = "refused" if "refused_accuracy" in reports[0].metrics else "correct"
    cols = [("3-way acc", "accuracy"), ("macro-F1", "macro_f1"), ("kappa", "kappa"),
            ("refuse/comply acc" if view == "refused" else "correct/not acc", f"{view}_accuracy"),
            (f"Se {view}", f"{view}_sensitivity"), (f"Sp {view}", f"{view}_specificity")]
    # columns as wide as their longest cell, so long model names (the groups) keep the table aligned
    gw = max([len(r.group) for r in reports] + [len("group")]) + 2
    cells = [[_fmt(r.metrics[k]) for _, k in cols] for r in reports]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, (c, _) in enumerate(cols)]
    head = f"{'group':<{gw}}{'n':>6}{'err':>5}  " + "  ".join(f"{c:<{w}}" for (c, _), w in zip(cols, widths))
    lines = [f"Judge: {judge.name}" + (f" ({judge.version})" if judge.version else ""), head.rstrip(), "-" * len(head.rstrip())]
    for r, row in zip(reports, cells):
        lines.append((f"{r.group:<{gw}}{r.n:>6}{r.n_judge_errors:>5}  " + "  ".join(f"{v:<{w}}" for v, w in zip(row, widths))).rstrip())
    weighted = reports[0].confusion_weighted is not None
    lines.append(("(Se/Sp 'accepted' = Sp/Se 'refused'; " if view == "refused" else "(")
                 + ("design-weighted; " if weighted else "") + "95% CIs clustered by prompt: Wilson for proportions, bootstrap for macro-F1 and kappa)")
    lines.append(f"Confusion (rows human {'/'.join(reports[0].labels)}, columns judge; counts):")
    for r in reports:
        lines.append(f"  {r.group:<{gw - 2}} " + " | ".join(" ".join(f"{v:>4}" for v in row) for row in r.confusion.tolist()))
    return "\n".join(lines)


def evaluate(items: Sequence[LabelledItem], judges: Sequence[JudgeRun], *, n_resamples: int, seed: int,
             labels: Sequence[str] = LABELS, weights: Sequence[float] | None = None, aggregate: bool = True) -> dict[str, Any]:  # fmt: skip
    """Agreement of each judge (and of the majority when >= 2 judges and ``aggregate``) on ``items``.

    ``labels`` is the label set (Accept/Caution/Refuse or correct/incorrect/no_answer);
    ``weights`` (shape (n,), design weights from a ``medtrust label`` file) makes every metric
    design-weighted (medtrust.judges.agreement).
    """
    gold = [i.label for i in items]
    groups = [i.source_model or "all" for i in items]
    clusters = [i.cluster or i.id for i in items]
    runs = list(judges)
    result: dict[str, Any] = {"n_items": len(items), "judges": {}}
    if len(runs) >= 2:
        rows = list(zip(*(r.labels for r in runs)))
        complete = [list(row) for row in rows if all(x is not None for x in row)]
        result["fleiss_kappa"] = fleiss_kappa(complete, labels=labels) if complete else float("nan")
        result["fleiss_n"] = len(complete)
        if aggregate:
            runs.append(JudgeRun("majority", [majority_label(row) for row in rows], "ties -> more cautious"))
    for run in runs:
        reports = agreement_by_group(gold, run.labels, groups, clusters=clusters, n_resamples=n_resamples, seed=seed,
                                     labels=labels, weights=weights)  # fmt: skip
        result["judges"][run.name] = {"version": run.version, "run": run, "reports": reports}
    return result


def recorded_judges(items: Sequence[LabelledItem]) -> list[JudgeRun]:
    """Every automatic judge whose verdicts a ``medtrust label`` file recorded (the run's own judge
    first), as JudgeRuns over ``items`` (None where a judge gave no verdict)."""
    names: dict[str, str] = {}
    for name in dict.fromkeys(str(i.extra.get("primary_judge")) for i in items if i.extra.get("primary_judge")):
        names[name] = ""
    for i in items:
        for name, version in (i.extra.get("judge_versions") or {}).items():
            names[name] = names.get(name) or version
        for name in i.extra.get("verdicts") or {}:
            names.setdefault(name, "")
    return [JudgeRun(n, [(i.extra.get("verdicts") or {}).get(n) for i in items], v) for n, v in names.items()]
