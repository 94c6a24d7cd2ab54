"""``medtrust judge-eval``: measure judges against human labels.

    medtrust judge-eval --judge offline --labels xstest
    medtrust judge-eval --judge offline --judge openai/gpt-4o-mini --labels my_labels.jsonl
    medtrust judge-eval --judge abstention --labels xstest --json-out cal.json
    medtrust judge-eval --labels labels.jsonl --json-out cal.json      # a `medtrust label` file

A ``medtrust label`` file (docs/labelling.md) holds a stratified sample of one run's responses
with every automatic judge's recorded verdict: without ``--judge``, every recorded judge is
measured (no model is called); gold = the people's consensus (``--labeller`` picks one person);
every metric is design-weighted (weights 1 / inclusion probability, adjusted for unlabelled
items; :mod:`medtrust.judges.agreement`), and the JSON keeps the weighted items so
``--judge-calibration`` redraws them in its bootstrap. Agreement between labellers (Cohen's
kappa per pair) is printed and stored.

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
from medtrust.judges.offline import LABELS, OFFLINE_JUDGE_VERSION, classify_response


@dataclass
class JudgeRun:
    """Verdicts of one judge on a labelled set (None = judge error)."""

    name: str
    labels: list[str | None]
    version: str = ""


def run_offline(items: Sequence[LabelledItem]) -> JudgeRun:
    """Offline judge on every item."""
    return JudgeRun("offline", [classify_response(i.prompt, i.response).label for i in items], OFFLINE_JUDGE_VERSION)


#: ``--judge`` names that run a CARES-VLM abstention detector instead of a judge model
ABSTENTION_JUDGES: tuple[str, ...] = ("abstention", "abstention-official")


def run_abstention(items: Sequence[LabelledItem], *, official: bool = False) -> JudgeRun:
    """A CARES-VLM abstention detector as a two-label refusal judge on every item.

    ``official=False`` (judge name ``abstention``): medtrust's improved phrase detector
    (:class:`medtrust.scorers.abstention.PhraseAbstention`, the one behind every CARES-VLM
    ``*_abstention`` metric). ``official=True`` (``abstention-official``): the 10-entry substring
    list of the official ``eval_abs.py`` (richard-peng-xia/CARES @ a743fe04), behind the
    ``*_abstention_official`` metrics. A detected abstention -> ``Refuse``, else ``Accept``; the
    detector never says ``Caution``, so a gold Caution item is always a 3-way disagreement, and for
    the positive class "refused" (Refuse or Caution) it is a miss unless the detector fires.
    Never None: a detector cannot fail.
    """
    import hashlib

    from medtrust.benchmarks.cares_vlm.abstention import OFFICIAL_ABS, improved_detector
    from medtrust.scorers.abstention import PHRASES

    if official:
        det: Any = OFFICIAL_ABS
        version = f"{det.name}: eval_abs.py substring list, {len(det.keywords)} phrases"
    else:
        det = improved_detector()
        digest = hashlib.sha256(repr(PHRASES).encode()).hexdigest()[:12]
        version = f"{det.name}: {len(PHRASES)} phrase patterns, sha256 {digest}"
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
    view = "refused" if "refused_accuracy" in reports[0].metrics else "correct"
    cols = [("3-way acc", "accuracy"), ("macro-F1", "macro_f1"), ("kappa", "kappa"),
            ("refuse/comply acc" if view == "refused" else "correct/not acc", f"{view}_accuracy"),
            (f"Se {view}", f"{view}_sensitivity"), (f"Sp {view}", f"{view}_specificity")]
    head = f"{'group':<18}{'n':>6}{'err':>5}  " + "  ".join(f"{c:<22}" for c, _ in cols)
    lines = [f"Judge: {judge.name}" + (f" ({judge.version})" if judge.version else ""), head, "-" * len(head)]
    for r in reports:
        lines.append(f"{r.group:<18}{r.n:>6}{r.n_judge_errors:>5}  " + "  ".join(f"{_fmt(r.metrics[k]):<22}" for _, k in cols))
    weighted = reports[0].confusion_weighted is not None
    lines.append(("(Se/Sp 'accepted' = Sp/Se 'refused'; " if view == "refused" else "(")
                 + ("design-weighted; " if weighted else "") + "95% cluster-bootstrap CIs)")
    lines.append(f"Confusion (rows human {'/'.join(reports[0].labels)}, columns judge; counts):")
    for r in reports:
        lines.append(f"  {r.group:<16} " + " | ".join(" ".join(f"{v:>4}" for v in row) for row in r.confusion.tolist()))
    return "\n".join(lines)


def evaluate(items: Sequence[LabelledItem], judges: Sequence[JudgeRun], *, n_resamples: int, seed: int,
             labels: Sequence[str] = LABELS, weights: Sequence[float] | None = None, aggregate: bool = True) -> dict[str, Any]:  # fmt: skip
    """Agreement of each judge (and of the majority when >= 2 judges and ``aggregate``) on ``items``.

    ``labels`` is the label set (Accept/Caution/Refuse or correct/incorrect/no_answer);
    ``weights`` (shape (n,)) makes every metric design-weighted.
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
    primary = [str(i.extra.get("primary_judge")) for i in items if i.extra.get("primary_judge")]
    for name in dict.fromkeys(primary):
        names[name] = ""
    for i in items:
        for name, version in (i.extra.get("judge_versions") or {}).items():
            names.setdefault(name, version)
            names[name] = names[name] or version
        for name in i.extra.get("verdicts") or {}:
            names.setdefault(name, "")
    return [JudgeRun(n, [(i.extra.get("verdicts") or {}).get(n) for i in items], v) for n, v in names.items()]


@click.command("judge-eval")
@click.option("--judge", "judges", multiple=True, default=(),
              help="'offline', 'abstention' / 'abstention-official' (CARES-VLM abstention detectors: abstained -> Refuse, "
                   "else Accept), or an inspect model name (repeat for several judges). Default: offline; for a "
                   "`medtrust label` file, every judge it recorded.")
@click.option("--labels", required=True, help="Labelled set: 'xstest', an XSTest folder/CSV, a `medtrust label` file, or a "
                                              "JSONL/CSV/parquet file with prompt, response, label.")
@click.option("--labeller", default=None, help="`medtrust label` file: gold = this person's labels (default: consensus of all).")
@click.option("--limit", type=int, default=None, help="Use only the first N items.")
@click.option("--n-resamples", type=int, default=1000, show_default=True, help="Bootstrap replicates for CIs.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--max-connections", type=int, default=8, show_default=True, help="Concurrent calls to an LLM judge.")
@click.option("--json-out", type=click.Path(dir_okay=False), default=None, help="Also write the results as JSON.")
def judge_eval_command(judges: tuple[str, ...], labels: str, labeller: str | None, limit: int | None, n_resamples: int, seed: int,
                       max_connections: int, json_out: str | None) -> None:  # fmt: skip
    """Measure judges against human labels (Accept/Caution/Refuse, or correct/incorrect/no answer)."""
    from medtrust.data.records import DataError
    from medtrust.label.store import is_label_file, labelled_items, read_stores

    store_info: dict[str, Any] | None = None
    try:
        if is_label_file(labels):
            items, store_info = labelled_items(read_stores([labels]), labeller)
            if not items:
                raise click.ClickException(f"{labels}: no item is labelled yet")
        else:
            if labeller is not None:
                raise click.UsageError("--labeller applies to `medtrust label` files only")
            items = read_labelled(labels)
    except (DataError, ValueError) as e:
        raise click.ClickException(str(e)) from None
    if limit is not None:
        items = items[:limit]
    label_set = tuple(store_info["labels"]) if store_info else LABELS
    if store_info and not judges:
        runs = recorded_judges(items)
    else:
        if label_set != LABELS:
            raise click.UsageError(f"{labels} holds {'/'.join(label_set)} labels: only the judges it recorded can be measured (omit --judge)")
        runs = [run_judge(j, items, max_connections=max_connections) for j in (judges or ("offline",))]
    weights = [float(i.extra["weight"]) for i in items] if store_info else None
    result = evaluate(items, runs, n_resamples=n_resamples, seed=seed, labels=label_set, weights=weights,
                      aggregate=not (store_info and not judges))  # fmt: skip
    click.echo(f"Labelled set: {labels} ({len(items)} items)")
    if store_info:
        click.echo(f"  medtrust label file: task {store_info['task']}, {store_info['n_labelled']} of {store_info['n_sample']} drawn items "
                   f"labelled; gold = {store_info['gold_from']} of {', '.join(store_info['labellers'])}; design-weighted")  # fmt: skip
        for pair in store_info["agreement"]["pairs"]:
            kappa = "n/a" if pair["kappa"] is None or math.isnan(pair["kappa"]) else f"{pair['kappa']:.3f}"
            click.echo(f"  labellers {pair['a']} vs {pair['b']}: {pair['n']} items both labelled, Cohen's kappa {kappa}")
        if store_info["people_disagree"]:
            click.echo(f"  {store_info['people_disagree']} item(s) where labellers disagree: gold = most frequent label, ties -> more cautious")
        if store_info["strata_unlabelled"]:
            click.echo(f"  warning: {len(store_info['strata_unlabelled'])} stratum/strata without any label: estimates do not cover them")
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
            "label_set": list(label_set), "label_file": store_info,
            "fleiss_kappa": result.get("fleiss_kappa"),
            "judges": {n: {"version": e["version"], "reports": [r.as_dict() for r in e["reports"]]} for n, e in result["judges"].items()},
            "baselines": {k: {m: {"accuracy": a, "refused_accuracy": b} for m, (a, b) in v.items()} for k, v in base.items()},
        }
        Path(json_out).write_text(json.dumps(payload, indent=2, default=float), encoding="utf-8")
        click.echo(f"\nWrote {json_out}")
