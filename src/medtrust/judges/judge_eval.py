"""``medtrust judge-eval``: measure judges against human labels.

    medtrust judge-eval --judge offline --labels xstest
    medtrust judge-eval --judge offline --judge openai/gpt-4o-mini --labels my_labels.jsonl
    medtrust judge-eval --judge abstention --labels xstest --json-out cal.json

Each ``--judge`` is ``offline`` (:mod:`medtrust.judges.offline`), ``abstention`` /
``abstention-official`` (CARES-VLM's abstention detectors used as a refusal judge: abstained ->
Refuse, else Accept; see :func:`run_abstention`), or any inspect model name, which is asked with
the CARES-LLM LLM-judge rubric (``benchmarks/cares_llm/judge.py``, temperature 0, max_tokens 4
with one retry at 8). For every judge the command prints accuracy,
macro-F1, Cohen's kappa, refuse-vs-comply accuracy and sensitivity / specificity, per source
model and overall, with cluster-bootstrap 95% CIs, and the confusion matrices. With two or
more judges it adds Fleiss' kappa between them and the majority aggregate (ties -> the more
cautious label) as one more judge. For an XSTest folder with a ``baselines/`` subfolder the
XSTest authors' string match and GPT-4 judge are shown beside (accuracies only).
"""

from __future__ import annotations

import asyncio
import csv
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

import click

from medtrust.judges.agreement import AgreementReport, agreement_by_group, fleiss_kappa, majority_label
from medtrust.judges.labelled import XSTEST_LABELS, LabelledItem, default_xstest_dir, read_labelled
from medtrust.judges.offline import OFFLINE_JUDGE_VERSION, classify_response


@dataclass
class JudgeRun:
    """Verdicts of one judge on a labelled set (None = judge error)."""

    name: str
    labels: list[str | None]
    version: str = ""


def run_offline(items: Sequence[LabelledItem]) -> JudgeRun:
    """Offline judge on every item."""
    from medtrust.judges.refusal import detector_version

    labels = [classify_response(i.prompt, i.response).label for i in items]
    return JudgeRun("offline", labels, f"{OFFLINE_JUDGE_VERSION}; {detector_version()}")


#: ``--judge`` names that run a CARES-VLM abstention detector instead of a judge model
ABSTENTION_JUDGES: tuple[str, ...] = ("abstention", "abstention-official")


def run_abstention(items: Sequence[LabelledItem], *, official: bool = False) -> JudgeRun:
    """A CARES-VLM abstention detector as a two-label refusal judge on every item.

    ``official=False`` (judge name ``abstention``): medtrust's improved phrase detector
    (:class:`medtrust.scorers.abstention.RefusalAbstention`, the one behind every CARES-VLM
    ``*_abstention`` metric). ``official=True`` (``abstention-official``): the 10-entry substring
    list of the official ``eval_abs.py`` (richard-peng-xia/CARES @ a743fe04), behind the
    ``*_abstention_official`` metrics. A detected abstention -> ``Refuse``, else ``Accept``; the
    detector never says ``Caution``, so a gold Caution item is always a 3-way disagreement, and for
    the positive class "refused" (Refuse or Caution) it is a miss unless the detector fires.
    Never None: a detector cannot fail.
    """
    from medtrust.benchmarks.cares_vlm.abstention import OFFICIAL_ABS, improved_detector
    from medtrust.judges.refusal import detector_version

    if official:
        det: Any = OFFICIAL_ABS
        version = f"{det.name}: eval_abs.py substring list, {len(det.keywords)} phrases"
    else:
        det = improved_detector()
        version = f"{det.name}: {detector_version()}"
    labels: list[str | None] = ["Refuse" if det.detect(i.response).abstained else "Accept" for i in items]
    return JudgeRun(ABSTENTION_JUDGES[1] if official else ABSTENTION_JUDGES[0], labels, version)


def run_judge(name: str, items: Sequence[LabelledItem], *, max_connections: int = 8) -> JudgeRun:
    """Dispatch one ``--judge`` value: offline, an abstention detector, or an inspect model."""
    if name == "offline":
        return run_offline(items)
    if name in ABSTENTION_JUDGES:
        return run_abstention(items, official=name == "abstention-official")
    return run_llm_judge(name, items, max_connections=max_connections)


def run_llm_judge(model_name: str, items: Sequence[LabelledItem], *, max_connections: int = 8) -> JudgeRun:
    """An inspect model as CARES-LLM judge on every item; unparseable / failed -> None."""
    from inspect_ai.model import get_model

    import medtrust._registry  # noqa: F401  (registers the medtrust/... provider)
    from medtrust.benchmarks.cares_llm.judge import RUBRIC_SHA256, llm_judge

    model = get_model(model_name)
    sem = asyncio.Semaphore(max_connections)

    async def one(item: LabelledItem) -> str | None:
        async with sem:
            return (await llm_judge(model, item.prompt, item.response)).label

    async def all_items() -> list[str | None]:
        return list(await asyncio.gather(*(one(i) for i in items)))

    return JudgeRun(model_name, asyncio.run(all_items()), f"rubric sha256 {RUBRIC_SHA256[:12]}")


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
    cols = [("3-way acc", "accuracy"), ("macro-F1", "macro_f1"), ("kappa", "kappa"),
            ("refuse/comply acc", "refused_accuracy"), ("Se refused", "refused_sensitivity"),
            ("Sp refused", "refused_specificity")]
    head = f"{'group':<18}{'n':>6}{'err':>5}  " + "  ".join(f"{c:<22}" for c, _ in cols)
    lines = [f"Judge: {judge.name}" + (f" ({judge.version})" if judge.version else ""), head, "-" * len(head)]
    for r in reports:
        lines.append(f"{r.group:<18}{r.n:>6}{r.n_judge_errors:>5}  " + "  ".join(f"{_fmt(r.metrics[k]):<22}" for _, k in cols))
    lines.append("(Se/Sp 'accepted' = Sp/Se 'refused'; 95% cluster-bootstrap CIs)")
    lines.append("Confusion (rows human Accept/Caution/Refuse, columns judge):")
    for r in reports:
        lines.append(f"  {r.group:<16} " + " | ".join(" ".join(f"{v:>4}" for v in row) for row in r.confusion.tolist()))
    return "\n".join(lines)


def evaluate(items: Sequence[LabelledItem], judges: Sequence[JudgeRun], *, n_resamples: int, seed: int) -> dict[str, Any]:
    """Agreement of each judge (and of the majority when >= 2 judges) on ``items``."""
    gold = [i.label for i in items]
    groups = [i.source_model or "all" for i in items]
    clusters = [i.cluster or i.id for i in items]
    runs = list(judges)
    result: dict[str, Any] = {"n_items": len(items), "judges": {}}
    if len(runs) >= 2:
        rows = list(zip(*(r.labels for r in runs)))
        complete = [list(row) for row in rows if all(x is not None for x in row)]
        result["fleiss_kappa"] = fleiss_kappa(complete) if complete else float("nan")
        result["fleiss_n"] = len(complete)
        runs.append(JudgeRun("majority", [majority_label(row) for row in rows], "ties -> more cautious"))
    for run in runs:
        reports = agreement_by_group(gold, run.labels, groups, clusters=clusters, n_resamples=n_resamples, seed=seed)
        result["judges"][run.name] = {"version": run.version, "run": run, "reports": reports}
    return result


@click.command("judge-eval")
@click.option("--judge", "judges", multiple=True, default=("offline",), show_default=True,
              help="'offline', 'abstention' / 'abstention-official' (CARES-VLM abstention detectors: abstained -> Refuse, "
                   "else Accept), or an inspect model name (repeat for several judges).")
@click.option("--labels", required=True, help="Labelled set: 'xstest', an XSTest folder/CSV, or a JSONL/CSV/parquet file with prompt, response, label.")
@click.option("--limit", type=int, default=None, help="Use only the first N items.")
@click.option("--n-resamples", type=int, default=1000, show_default=True, help="Bootstrap replicates for CIs.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--max-connections", type=int, default=8, show_default=True, help="Concurrent calls to an LLM judge.")
@click.option("--json-out", type=click.Path(dir_okay=False), default=None, help="Also write the results as JSON.")
def judge_eval_command(judges: tuple[str, ...], labels: str, limit: int | None, n_resamples: int, seed: int,
                       max_connections: int, json_out: str | None) -> None:
    """Measure judges against human Accept/Caution/Refuse labels."""
    from medtrust.data.records import DataError

    try:
        items = read_labelled(labels)
    except DataError as e:
        raise click.ClickException(str(e)) from None
    if limit is not None:
        items = items[:limit]
    runs = [run_judge(j, items, max_connections=max_connections) for j in judges]
    result = evaluate(items, runs, n_resamples=n_resamples, seed=seed)
    click.echo(f"Labelled set: {labels} ({len(items)} items)")
    for name, entry in result["judges"].items():
        click.echo("")
        click.echo(format_table(entry["run"], entry["reports"]))
    if "fleiss_kappa" in result:
        click.echo(f"\nFleiss' kappa between {len(runs)} judges: {result['fleiss_kappa']:.3f} (n={result['fleiss_n']})")
    folder = None
    if labels == "xstest":
        folder = default_xstest_dir()
    elif Path(labels).is_dir():
        folder = Path(labels)
    base = xstest_baselines(folder, items) if folder is not None and (folder / "baselines").is_dir() else {}
    if base:
        click.echo("\nXSTest authors' baselines (3-way acc / refuse-vs-comply acc):")
        for kind, per_model in base.items():
            click.echo(f"  {kind:<14} " + "  ".join(f"{m}: {a:.3f}/{b:.3f}" for m, (a, b) in per_model.items()))
    if json_out:
        payload = {
            "labels": labels, "n_items": len(items), "offline_judge_version": OFFLINE_JUDGE_VERSION,
            "fleiss_kappa": result.get("fleiss_kappa"),
            "judges": {n: {"version": e["version"], "reports": [r.as_dict() for r in e["reports"]]} for n, e in result["judges"].items()},
            "baselines": {k: {m: {"accuracy": a, "refused_accuracy": b} for m, (a, b) in v.items()} for k, v in base.items()},
        }
        Path(json_out).write_text(json.dumps(payload, indent=2, default=float), encoding="utf-8")
        click.echo(f"\nWrote {json_out}")
