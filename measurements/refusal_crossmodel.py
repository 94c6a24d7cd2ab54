"""Cross-model (leave-one-source-model-out) agreement of medtrust's refusal judges with human labels.

    python measurements/refusal_crossmodel.py                       # XSTest v2 in ../shared (3 models)
    python measurements/refusal_crossmodel.py --labels more.jsonl   # plus a plain labelled file
    python measurements/refusal_crossmodel.py --json-out cm.json    # also write the numbers

Protocol (issue 13): for every source model M, the judge's tunable settings
(:data:`medtrust.judges.refusal.PARAM_GRID`) are chosen on the *other* source models only
(highest 3-way accuracy + refuse-vs-comply accuracy + 0.5 x Caution recall on those models;
ties -> the default settings), then the judge is measured on M. The phrase lexicon and the rules are fixed
code: they are not refit per fold (how they were developed is recorded in docs/judges.md).

Judges in the table:
- ``before``: the offline judge as it was at ``offline-rules-3`` (frozen copy in
  measurements/legacy/offline_rules3.py); it has no settings, so its numbers are the same in and
  out of fold - but its phrases were written while looking at all three XSTest models, so for
  XSTest they are in-sample figures.
- ``after``: :func:`medtrust.judges.offline.classify_response` with the fold's settings.
- ``string match``: the XSTest authors' refusal string match (``baselines/*_streval.csv``), for
  XSTest models only; it never says partial refusal, so its Caution recall is 0.
- ``abstention``: the CARES-VLM improved abstention detector (abstained -> Refuse, else Accept).

Columns: 3-way accuracy (Accept / Caution / Refuse), refuse-vs-comply accuracy (Caution counts
as refused), Caution recall (gold Caution items judged Caution), n.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import itertools
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Sequence

from medtrust.judges.labelled import XSTEST_LABELS, LabelledItem, default_xstest_dir, read_labelled

HERE = Path(__file__).resolve().parent


def _legacy_judge() -> Callable[[str, str], str]:
    spec = importlib.util.spec_from_file_location("offline_rules3", HERE / "legacy" / "offline_rules3.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["offline_rules3"] = mod
    spec.loader.exec_module(mod)
    return lambda p, r: mod.classify_response(p, r).label


def scores(gold: Sequence[str], pred: Sequence[str | None]) -> dict[str, float]:
    """3-way accuracy, refuse-vs-comply accuracy and Caution recall of ``pred`` against ``gold``."""
    n = len(gold)
    acc3 = sum(g == p for g, p in zip(gold, pred)) / n
    acc2 = sum((g == "Accept") == (p == "Accept") for g, p in zip(gold, pred)) / n
    cau = [p for g, p in zip(gold, pred) if g == "Caution"]
    rec = sum(p == "Caution" for p in cau) / len(cau) if cau else float("nan")
    return {"acc3": acc3, "acc2": acc2, "caution_recall": rec, "n": n, "n_caution": len(cau)}


#: weight of Caution recall against the two accuracies when choosing settings
CAUTION_WEIGHT = 0.5


def _objective(s: dict[str, float]) -> float:
    """Settings are ranked by 3-way + refuse-vs-comply accuracy + 0.5 x Caution recall on the
    tuning models (Caution is rare, so without the recall term the choice drifts to "never
    Caution"); ties -> the default settings."""
    rec = 0.0 if s["caution_recall"] != s["caution_recall"] else s["caution_recall"]
    return s["acc3"] + s["acc2"] + CAUTION_WEIGHT * rec


def string_match(folder: Path, items: Sequence[LabelledItem]) -> dict[str, str]:
    """XSTest authors' string-match labels by item id (only for items found in baselines/)."""
    out: dict[str, str] = {}
    for f in sorted((folder / "baselines").glob("xstest_v2_completions_*_streval.csv")):
        model = f.stem.removeprefix("xstest_v2_completions_").removesuffix("_streval")
        with open(f, encoding="utf-8-sig", newline="") as fh:
            for r in csv.DictReader(fh):
                lab = XSTEST_LABELS.get(r["strmatch_label"].strip())
                if lab:
                    out[f"{model}:{r['id']}"] = lab
    ids = {i.id for i in items}
    return {k: v for k, v in out.items() if k in ids}


def cross_model(items: Sequence[LabelledItem], ngram_tau: float | None = None,
                meaning_tau: float | None = None) -> dict[str, Any]:
    """Leave-one-source-model-out table: {model: {judge: scores}} plus the chosen settings.
    ``ngram_tau``: threshold of the offline judge's opt-in n-gram override (None: the rules alone);
    ``meaning_tau``: the Caution threshold of the opt-in meaning override, whose gated Refuse change
    runs at its packaged threshold (not together with ``ngram_tau``)."""
    from medtrust.judges.offline import (
        DEFAULT_PARAMS,
        PARAM_GRID,
        OfflineVerdict,
        apply_meaning,
        meaning_parts,
        ngram_override,
        overridable,
        verdict_from_analysis,
    )
    from medtrust.judges.refusal import analyse, detect_abstention

    by_model: dict[str, list[LabelledItem]] = defaultdict(list)
    for it in items:
        by_model[it.source_model or "unknown"].append(it)
    models = sorted(by_model)
    legacy = _legacy_judge()

    keys = sorted(PARAM_GRID)
    grid = [dict(zip(keys, vals)) for vals in itertools.product(*(PARAM_GRID[k] for k in keys))]
    # predictions of every setting on every item, computed once
    analyses = {it.id: analyse(it.response, it.prompt) for it in items}
    # the n-gram override reads only the reply, so what it makes of a rules' Accept is one label per
    # item, taken where the rules' verdict is overridable
    if_accept = {it.id: ngram_override(OfflineVerdict("Accept", "no_refusal"), it.response, tau=ngram_tau).label
                 for it in items} if ngram_tau is not None else {}
    # the meaning override reads the prompt and the reply, and its change depends on the rules'
    # label and rule: both models' probabilities once per item, the decision per setting
    parts: dict[str, dict[str, dict[str, float]]] = {}
    if meaning_tau is not None:
        if ngram_tau is not None:
            raise ValueError("give ngram_tau or meaning_tau, not both")
        parts = {it.id: meaning_parts(it.prompt, it.response) for it in items if it.response.strip()}
    preds: dict[int, dict[str, str]] = {}
    for gi, settings in enumerate(grid):
        params = DEFAULT_PARAMS.replace(**settings)
        verdicts = {it.id: verdict_from_analysis(analyses[it.id], params) for it in items}
        if parts:
            preds[gi] = {i: apply_meaning(v, parts[i], tau=meaning_tau).label if i in parts else v.label
                         for i, v in verdicts.items()}
        else:
            preds[gi] = {i: if_accept[i] if if_accept and overridable(v) else v.label for i, v in verdicts.items()}
    default_gi = next(gi for gi, s in enumerate(grid) if all(getattr(DEFAULT_PARAMS, k) == v for k, v in s.items()))

    folder = None
    try:
        folder = default_xstest_dir()
    except Exception:  # noqa: BLE001 - no XSTest folder: no baseline column
        pass
    smatch = string_match(folder, items) if folder is not None else {}

    table: dict[str, Any] = {}
    for held in models:
        test = by_model[held]
        train = [it for m in models if m != held for it in by_model[m]]
        gold_test = [it.label for it in test]
        best_gi, best = default_gi, -1.0
        if train:
            gold_train = [it.label for it in train]
            for gi in [default_gi] + [g for g in preds if g != default_gi]:
                val = _objective(scores(gold_train, [preds[gi][it.id] for it in train]))
                if val > best + 1e-12:
                    best_gi, best = gi, val
        row: dict[str, Any] = {
            "before": scores(gold_test, [legacy(it.prompt, it.response) for it in test]),
            "after": scores(gold_test, [preds[best_gi][it.id] for it in test]),
            "after_default": scores(gold_test, [preds[default_gi][it.id] for it in test]),
            "abstention": scores(gold_test, ["Refuse" if detect_abstention(it.response).abstained else "Accept" for it in test]),
            "settings": grid[best_gi],
        }
        if all(it.id in smatch for it in test):
            row["string match"] = scores(gold_test, [smatch[it.id] for it in test])
        table[held] = row
    return {"models": models, "table": table, "grid_size": len(grid)}


def format_markdown(result: dict[str, Any]) -> str:
    """Markdown table: one row per held-out model, before / after / string match."""
    lines = [
        "| held-out model | n (Caution) | before: 3-way / binary / Caution recall | after (cross-model): 3-way / binary / Caution recall | XSTest string match: 3-way / binary |",
        "|---|---|---|---|---|",
    ]
    for m in result["models"]:
        r = result["table"][m]
        b, a = r["before"], r["after"]
        sm = r.get("string match")
        sm_txt = f"{sm['acc3']:.3f} / {sm['acc2']:.3f}" if sm else "n/a"
        lines.append(
            f"| {m} | {a['n']} ({a['n_caution']}) | {b['acc3']:.3f} / {b['acc2']:.3f} / {b['caution_recall']:.2f} "
            f"| {a['acc3']:.3f} / {a['acc2']:.3f} / {a['caution_recall']:.2f} | {sm_txt} |"
        )
    lines.append("")
    lines.append("Settings chosen on the other models, per held-out model: " + "; ".join(
        f"{m}: {result['table'][m]['settings']}" for m in result["models"]))
    lines.append("Abstention detector (abstained -> Refuse) binary accuracy: " + ", ".join(
        f"{m} {result['table'][m]['abstention']['acc2']:.3f}" for m in result["models"]))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--labels", action="append", default=None,
                    help="labelled set(s) for judge-eval (default: xstest); repeat to pool; source_model defines the folds")
    ap.add_argument("--json-out", default=None)
    args = ap.parse_args(argv)
    items: list[LabelledItem] = []
    for spec in args.labels or ["xstest"]:
        items.extend(read_labelled(spec))
    result = cross_model(items)
    print(format_markdown(result))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
        print(f"\nWrote {args.json_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
