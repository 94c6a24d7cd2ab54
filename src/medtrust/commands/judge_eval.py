"""`medtrust judge-eval`: measure judges against human labels.

    medtrust judge-eval --judge offline --labels xstest
    medtrust judge-eval --judge offline --judge openai/gpt-4o-mini --labels my_labels.jsonl
    medtrust judge-eval --judge abstention --labels xstest --json-out cal.json

Each ``--judge`` is a named judge that a benchmark offers (``Benchmark.calibration.judges``:
CARES-LLM's ``offline`` rule judge, CARES-VLM's ``abstention`` / ``abstention-official``
detectors ...) or any inspect model name, which is asked with the judge rubric of the first
benchmark that has one (CARES-LLM: temperature 0, max_tokens 4 with one retry at 8). For every
judge the command prints accuracy, macro-F1, Cohen's kappa, refuse-vs-comply accuracy and
sensitivity / specificity, per source model and overall, with clustered 95% CIs (Wilson for
the proportions, bootstrap for macro-F1 and kappa), and
the confusion matrices (medtrust.judges.evaluate). With two or more judges it adds Fleiss' kappa
and the majority aggregate. For an XSTest folder with a ``baselines/`` subfolder the XSTest
authors' string match and GPT-4 judge are shown beside (accuracies only).

A ``medtrust label`` file (docs/labelling.md) holds a stratified sample of one run's responses
with every automatic judge's recorded verdict: without ``--judge``, every recorded judge is
measured (no model is called); gold = the people's consensus (``--labeller`` picks one person);
every metric is design-weighted (weights 1 / inclusion probability, adjusted for unlabelled
items), and the JSON keeps the weighted items so ``--judge-calibration`` redraws them in its
bootstrap. Agreement between labellers (Cohen's kappa per pair) is printed and stored.

    medtrust judge-eval --labels labels.jsonl --json-out cal.json

Every model judge first gets `medtrust run`'s one-request preflight (``--no-preflight`` skips it;
``--timeout`` / ``--max-retries`` bound its requests); a bad ``--judge``, ``--labels`` or
``--labeller`` is one ``error: ...`` line, exit 2.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Sequence

import click

from medtrust.atomic import write_json
from medtrust.benchmarks.registry import BENCHMARKS, named_judges
from medtrust.judges.evaluate import JudgeRun, evaluate, format_table, recorded_judges, xstest_baselines
from medtrust.judges.labelled import LabelledItem, default_xstest_dir, read_labelled
from medtrust.judges.offline import LABELS, OFFLINE_JUDGE_VERSION


class JudgeEvalUsageError(ValueError):
    """A bad ``--judge`` / ``--labels`` / ``--labeller`` value: one ``error:`` line, exit 2."""


def _model_judge() -> Any:
    """The first registered benchmark's model judge (``Calibration.model_judge``), or None."""
    return next((b.calibration.model_judge for b in BENCHMARKS if b.calibration and b.calibration.model_judge), None)


def check_judge_names(names: Sequence[str]) -> list[str]:
    """Refuse a ``--judge`` value that is neither a named judge nor an inspect model name
    (``<api>/<model>``), naming the closest named judge; returns the model names among them.

    Raises:
        JudgeEvalUsageError: "unknown judge 'ofline' (did you mean 'offline'?); a judge is ...".
    """
    from medtrust.suggest import did_you_mean

    known = named_judges()
    models = []
    for name in names:
        if name in known:
            continue
        if "/" in name.strip("/") and _model_judge() is not None:
            models.append(name)
            continue
        hint = did_you_mean(name, list(known))
        model_form = " or an inspect model name <api>/<model> (e.g. openai/gpt-4o-mini)" if _model_judge() is not None else ""
        raise JudgeEvalUsageError(f"unknown judge '{name}'{hint}; a judge is one of: {', '.join(known)}{model_form}")
    return models


def run_judge(name: str, items: Sequence[LabelledItem], *, max_connections: int = 8, config: Any = None) -> JudgeRun:
    """Run one ``--judge`` value: a benchmark's named judge, else an inspect model asked with the
    first registered judge rubric (``config``: inspect ``GenerateConfig`` for the model).

    Raises:
        JudgeEvalUsageError: an unknown judge name (see :func:`check_judge_names`).
    """
    spec = named_judges().get(name)
    if spec is not None:
        return spec.run(items)  # type: ignore[attr-defined]
    check_judge_names([name])
    return _model_judge()(name, items, max_connections, config)


@click.command("judge-eval")
@click.option("--judge", "judges", multiple=True, default=(),
              help="A named judge (" + "; ".join(f"'{j.name}': {j.help}" for b in BENCHMARKS if b.calibration for j in b.calibration.judges)
                   + ") or an inspect model name (repeat for several judges). Default: offline; for a `medtrust label` file, "
                   "every judge it recorded.")
@click.option("--labels", required=True, help="Labelled set: 'xstest', an XSTest folder/CSV, a `medtrust label` file, or a "
                                              "JSONL/CSV/parquet file with prompt, response, label.")
@click.option("--labeller", default=None, help="`medtrust label` file: gold = this person's labels (default: consensus of all).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Use only the first N items (at least 1).")
@click.option("--n-resamples", type=click.IntRange(min=1), default=1000, show_default=True, help="Bootstrap replicates for CIs (at least 1).")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--max-connections", type=click.IntRange(min=1), default=8, show_default=True, help="Concurrent calls to an LLM judge.")
@click.option("--max-retries", type=click.IntRange(min=0), default=None, help="Retries of a failed LLM judge call (default: inspect's).")
@click.option("--timeout", type=click.IntRange(min=1), default=None, help="Seconds one LLM judge request may take (default: the provider's).")
@click.option("--preflight/--no-preflight", default=True, show_default=True,
              help="Check every LLM judge endpoint with one tiny request before reading the labelled set.")
@click.option("--json-out", type=click.Path(dir_okay=False), default=None, help="Also write the results as JSON.")
def judge_eval_command(judges: tuple[str, ...], labels: str, labeller: str | None, limit: int | None, n_resamples: int, seed: int,
                       max_connections: int, max_retries: int | None, timeout: int | None, preflight: bool,
                       json_out: str | None) -> None:  # fmt: skip
    """Measure judges against human labels (Accept/Caution/Refuse, or correct/incorrect/no answer)."""
    try:
        _judge_eval(judges, labels, labeller, limit, n_resamples, seed, max_connections, max_retries, timeout, preflight, json_out)
    except JudgeEvalUsageError as e:  # nothing was measured yet: one line, exit 2 as `medtrust run`
        click.echo(f"error: {e}", err=True)
        sys.exit(2)


def _judge_eval(judges: tuple[str, ...], labels: str, labeller: str | None, limit: int | None, n_resamples: int, seed: int,
                max_connections: int, max_retries: int | None, timeout: int | None, preflight: bool, json_out: str | None) -> None:  # fmt: skip
    from inspect_ai.model import GenerateConfig

    from medtrust.data.records import DataError
    from medtrust.label.store import is_label_file, labelled_items, read_stores

    model_names = check_judge_names(judges)
    if preflight and model_names:
        from medtrust.preflight import preflight_endpoints

        try:
            preflight_endpoints([("judge", name, {}) for name in dict.fromkeys(model_names)])
        except ValueError as e:
            raise JudgeEvalUsageError(str(e)) from None
    for name in model_names if not preflight else ():  # still refuse, before any work, a judge that cannot be built
        from inspect_ai.model import get_model

        from medtrust.preflight import plain_error_text

        try:
            get_model(name, memoize=False)
        except Exception as e:  # noqa: BLE001 - unknown provider, key not set ...
            raise JudgeEvalUsageError(f"judge {name} is not usable: {type(e).__name__}: {' '.join(plain_error_text(e).split())[:300]}") from None
    store_info: dict | None = None
    try:
        if is_label_file(labels):
            items, store_info = labelled_items(read_stores([labels]), labeller)
            if not items:
                raise JudgeEvalUsageError(f"{labels}: no item is labelled yet")
        else:
            if labeller is not None:
                raise JudgeEvalUsageError("--labeller applies to `medtrust label` files only")
            items = read_labelled(labels)
    except (DataError, ValueError) as e:
        raise JudgeEvalUsageError(str(e)) from None
    if limit is not None:
        items = items[:limit]
    label_set = tuple(store_info["labels"]) if store_info else LABELS
    if store_info and not judges:
        runs = recorded_judges(items)
    else:
        if label_set != LABELS:
            raise JudgeEvalUsageError(f"{labels} holds {'/'.join(label_set)} labels: only the judges it recorded can be measured (omit --judge)")
        config = GenerateConfig(max_retries=max_retries, timeout=timeout)
        runs = [run_judge(j, items, max_connections=max_connections, config=config) for j in (judges or ("offline",))]
    weights = [float(i.extra["weight"]) for i in items] if store_info else None
    result = evaluate(items, runs, n_resamples=n_resamples, seed=seed, labels=label_set, weights=weights,
                      aggregate=not (store_info and not judges))  # fmt: skip
    click.echo(f"Labelled set: {labels} ({len(items)} items)")
    label_models = sorted({i.source_model for i in items if i.source_model})
    click.echo(f"  responses of: {', '.join(label_models) or 'models not recorded'} (a calibration from these labels applies to "
               + ("each of these models, from its own estimate)" if len(label_models) > 1 else "this model only)"))
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
    from medtrust.judges.conclusion import conclusion

    click.echo("")
    click.echo("\n".join(conclusion(result)))
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
        from medtrust.invocation import command_line

        payload = {
            "labels": labels, "n_items": len(items), "offline_judge_version": OFFLINE_JUDGE_VERSION, "command_line": command_line(),
            "label_set": list(label_set), "label_file": store_info,
            # whose responses were labelled: a calibration applies to these models only (medtrust.judges.scope)
            "label_models": label_models,
            "fleiss_kappa": result.get("fleiss_kappa"),
            "judges": {n: {"version": e["version"], "reports": [r.as_dict() for r in e["reports"]]} for n, e in result["judges"].items()},
            "baselines": {k: {m: {"accuracy": a, "refused_accuracy": b} for m, (a, b) in v.items()} for k, v in base.items()},
        }
        write_json(json_out, payload, default=float, ensure_ascii=True)
        click.echo(f"\nWrote {json_out}")
