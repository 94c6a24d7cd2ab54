"""Measured agreement of the offline CARES judge with human labels, written into the package.

    python measurements/refusal_agreement.py           # measure, print, write src/medtrust/judges/offline_agreement.json
    python measurements/refusal_agreement.py --check   # measure and compare with the packaged file (exit 1 when it differs)
    python measurements/refusal_agreement.py --no-heldout   # while developing: leaves the held-out and sealed sets alone

The run note printed after every `medtrust run` with the offline judge quotes the packaged file
(:func:`medtrust.judges.offline.agreement_note`), so the figures it states are the ones measured
here and nowhere else. Every judge figure is measured three times, for the default judge (``offline``:
the rules alone), with the opt-in n-gram override of rounds 11-12 (``ngram``, ``ngram_tau=NGRAM_TAU``;
the run note of a run with ``offline_ngram=true`` quotes these) and with the opt-in meaning override
of rounds 16-17 (``meaning``, ``meaning_tau=MEANING_TAU`` with its gated Refuse change; needs torch and
transformers, and adds about 15 minutes on 2 cores; ``offline_meaning=true``). Three measurements:

1. **XSTest v2, leave one source model out** (the protocol of measurements/refusal_crossmodel.py:
   settings chosen on the other two models, judge measured on the held-out one), against the
   XSTest authors' string match on the same items.
2. **The sealed held-out files** tests/data/refusal_heldout/sealed_round18.jsonl (and each later
   round's files; :data:`SEALED_SETS`; each written by someone who did not read the rules; see their
   README), with the shipped default settings, against the XSTest string match
   (:func:`medtrust.judges.string_match.xstest_string_match`) on the same items. Older sealed files
   whose errors were read (three in round 6, sealed_round5 and sealed_round6 in round 7,
   sealed_round7 in round 8, sealed_round8b in round 9, sealed_round8 in round 10, sealed_round16
   and sealed_round16b in round 18, sealed_round17 and sealed_round17b in round 20) and the files that chose a setting (sealed_round9 to
   sealed_round14b, development files of round 17) are
   measured as development sets (:data:`RETIRED_SETS`, keys ``retired_*``), never as held out.
3. **The issue-22 kinds** tests/data/refusal_kinds/: the dev file (read while fixing) and the
   held-out file (not read while fixing), reported separately.

Per set: 3-way accuracy (Accept / Caution / Refuse), refuse-vs-not accuracy (Caution counts as
refused), Caution recall (gold Caution judged Caution), each with the cluster-adjusted 95% Wilson
interval (medtrust.metrics.proportion; clusters = the set's ``cluster`` field). The file holds
numbers only: no XSTest text (vendor terms) and no response of any set.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from medtrust.bounded import MAX_SMALL_INPUT_BYTES, read_bounded
from medtrust.judges.labelled import LabelledItem, read_labelled

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "src" / "medtrust" / "judges" / "offline_agreement.json"
#: the sealed held-out files still sealed, in the order they were written (a new round adds
#: names): round 18's sealed_round18 and sealed_round18b (five styles each, two helpers; written
#: blind during round 18, scored once) and sealed_round19 and sealed_round19b (five more styles each,
#: two helpers; written blind in the stop before round 20, scored once on round 20's starting judge and
#: once on its candidate, counts only)
SEALED_SETS = {name: ROOT / "tests" / "data" / "refusal_heldout" / f"{name}.jsonl"
               for name in ("sealed_round18", "sealed_round18b", "sealed_round19", "sealed_round19b")}
#: sealed files whose errors were read (round 6: the first three; round 7: sealed_round5, sealed_round6;
#: round 8: sealed_round7; round 9: sealed_round8b; round 10: sealed_round8) or that chose a setting
#: (round 17: rounds 9-14b, its development files; round 18: sealed_round16 and sealed_round16b,
#: four rows read and their errors counted while developing; round 20: sealed_round17 and sealed_round17b,
#: scored three times and their errors read while developing): development sets from then on, measured and
#: reported apart, never quoted by the run note as held out (their last held-out figures are in
#: docs/judges.md)
RETIRED_SETS = {f"retired_{name}": ROOT / "tests" / "data" / "refusal_heldout" / f"{name}.jsonl"
                for name in ("sealed", "sealed_round3", "sealed_round4", "sealed_round5", "sealed_round6",
                             "sealed_round7", "sealed_round8b", "sealed_round8", "sealed_round9",
                             "sealed_round10", "sealed_round11", "sealed_round12", "sealed_round13",
                             "sealed_round13b", "sealed_round14", "sealed_round14b",
                             "sealed_round16", "sealed_round16b", "sealed_round17", "sealed_round17b")}
#: retired files the packaged n-gram model and hidden-state probe were not trained on (they were
#: sealed when the models were fitted; round 17 retrained on rounds 9-14b and found no development
#: gain, devlog step 22; rounds 16/16b were retired in round 18 after the models were fitted), so the
#: training scripts leave them out and ``--check`` still reproduces the models
NOT_TRAINED_ON = tuple(f"retired_{name}" for name in (
    "sealed_round9", "sealed_round10", "sealed_round11", "sealed_round12", "sealed_round13",
    "sealed_round13b", "sealed_round14", "sealed_round14b", "sealed_round16", "sealed_round16b",
    "sealed_round17", "sealed_round17b"))
KINDS = {"kinds_dev": ROOT / "tests" / "data" / "refusal_kinds" / "dev.jsonl",
         "kinds_heldout": ROOT / "tests" / "data" / "refusal_kinds" / "heldout.jsonl"}
COMMAND = "python measurements/refusal_agreement.py"


def _proportion(flags: Sequence[bool], clusters: Sequence[str]) -> dict[str, Any]:
    from medtrust.metrics.proportion import proportion_ci

    if not flags:
        return {"value": None, "ci": None, "n": 0}
    ci = proportion_ci([float(f) for f in flags], list(clusters))
    return {"value": round(ci.estimate, 3), "ci": [round(ci.low, 3), round(ci.high, 3)], "n": len(flags)}


def agreement(items: Sequence[LabelledItem], judge: Callable[[LabelledItem], str]) -> dict[str, Any]:
    """3-way accuracy, refuse-vs-not accuracy and Caution recall of ``judge`` on ``items``, each
    ``{"value", "ci" [low, high], "n"}`` (cluster-adjusted Wilson, 95%)."""
    pred = [judge(it) for it in items]
    gold = [it.label for it in items]
    cl = [it.cluster or it.id for it in items]
    cau = [i for i, g in enumerate(gold) if g == "Caution"]
    return {
        "acc3": _proportion([p == g for p, g in zip(pred, gold)], cl),
        "acc2": _proportion([(p == "Accept") == (g == "Accept") for p, g in zip(pred, gold)], cl),
        "caution_recall": _proportion([pred[i] == "Caution" for i in cau], [cl[i] for i in cau]),
    }


def measure(heldout: bool = True) -> dict[str, Any]:
    """Every figure of the packaged file (module docstring). ``heldout=False`` skips the sealed
    and held-out sets (for use while the rules are being changed)."""
    from medtrust.judges.offline import (
        MEANING_JUDGE_VERSION,
        MEANING_TAU,
        NGRAM_JUDGE_VERSION,
        NGRAM_TAU,
        OFFLINE_JUDGE_VERSION,
        classify_response,
    )
    from medtrust.judges.refusal import detector_version
    from medtrust.judges.string_match import xstest_string_match

    sys.path.insert(0, str(HERE))
    try:
        import refusal_crossmodel
    finally:
        sys.path.remove(str(HERE))

    offline = lambda it: classify_response(it.prompt, it.response).label  # noqa: E731
    with_ngram = lambda it: classify_response(it.prompt, it.response, ngram_tau=NGRAM_TAU).label  # noqa: E731
    with_meaning = lambda it: classify_response(it.prompt, it.response, meaning_tau=MEANING_TAU).label  # noqa: E731
    smatch = lambda it: xstest_string_match(it.response)  # noqa: E731
    xs_items = read_labelled("xstest")
    cm = refusal_crossmodel.cross_model(xs_items)
    cm_ngram = refusal_crossmodel.cross_model(xs_items, ngram_tau=NGRAM_TAU)
    cm_meaning = refusal_crossmodel.cross_model(xs_items, meaning_tau=MEANING_TAU)
    xstest = {}
    for model in cm["models"]:
        row = cm["table"][model]
        a, g, s = row["after"], cm_ngram["table"][model]["after"], row["string match"]
        mo = cm_meaning["table"][model]["after"]
        xstest[model] = {"n": a["n"], "n_caution": a["n_caution"], "settings": row["settings"],
                         "offline": {k: round(a[k], 3) for k in ("acc3", "acc2", "caution_recall")},
                         "ngram": {k: round(g[k], 3) for k in ("acc3", "acc2", "caution_recall")},
                         "meaning": {k: round(mo[k], 3) for k in ("acc3", "acc2", "caution_recall")},
                         "string_match": {k: round(s[k], 3) for k in ("acc3", "acc2")}}
    out: dict[str, Any] = {
        "judge_version": OFFLINE_JUDGE_VERSION, "ngram_version": NGRAM_JUDGE_VERSION,
        "meaning_version": MEANING_JUDGE_VERSION,
        "detector_version": detector_version(), "command": COMMAND,
        "xstest_cross_model": xstest,
    }
    sets = {**RETIRED_SETS, "kinds_dev": KINDS["kinds_dev"]}
    if heldout:
        sets = {**SEALED_SETS, **RETIRED_SETS, **KINDS}
    for name, path in sets.items():
        items = read_labelled(str(path))
        raw = read_bounded(path, MAX_SMALL_INPUT_BYTES, what="labelled set")
        out[name] = {"file": str(path.relative_to(ROOT)), "n": len(items),
                     # the suite checks a sealed file by this digest, never by running the judge on it
                     "sha256": hashlib.sha256(raw).hexdigest(),
                     "languages": len(_languages(raw)),
                     "styles": len({it.source_model for it in items}),
                     "offline": agreement(items, offline), "ngram": agreement(items, with_ngram),
                     "meaning": agreement(items, with_meaning),
                     "string_match": agreement(items, smatch)}
    return out


def _languages(raw: bytes) -> set[str]:
    """The ``language`` values of a labelled JSONL file's bytes (the reader keeps no language)."""
    return {json.loads(line).get("language", "") for line in raw.decode("utf-8").splitlines() if line.strip()}


def format_markdown(m: dict[str, Any]) -> str:
    """The tables of docs/judges.md."""
    f = lambda d: "n/a" if d["value"] is None else f"{d['value']:.3f}"  # noqa: E731
    ci = lambda d: "" if d["ci"] is None else f" [{d['ci'][0]:.3f}, {d['ci'][1]:.3f}]"  # noqa: E731
    lines = ["| XSTest held-out model (n, Caution) | offline: 3-way / refuse-vs-not / Caution recall "
             "| with the n-gram override: 3-way / refuse-vs-not / Caution recall "
             "| with the meaning override: 3-way / refuse-vs-not / Caution recall | string match: 3-way / refuse-vs-not |",
             "|---|---|---|---|---|"]
    for model, r in m["xstest_cross_model"].items():
        o, ro, mo, s = r["offline"], r["ngram"], r["meaning"], r["string_match"]
        lines.append(f"| {model} ({r['n']}, {r['n_caution']}) | {o['acc3']:.3f} / {o['acc2']:.3f} / {o['caution_recall']:.2f} "
                     f"| {ro['acc3']:.3f} / {ro['acc2']:.3f} / {ro['caution_recall']:.2f} "
                     f"| {mo['acc3']:.3f} / {mo['acc2']:.3f} / {mo['caution_recall']:.2f} | {s['acc3']:.3f} / {s['acc2']:.3f} |")
    lines += ["", "| set (n) | judge | 3-way [95% CI] | refuse-vs-not [95% CI] | Caution recall [95% CI] (n Caution) |", "|---|---|---|---|---|"]
    for name in (*SEALED_SETS, *RETIRED_SETS, "kinds_dev", "kinds_heldout"):
        if name not in m:
            continue
        for judge in ("offline", "ngram", "meaning", "string_match"):
            r = m[name][judge]
            lines.append(f"| {name} ({m[name]['n']}) | {judge} | {f(r['acc3'])}{ci(r['acc3'])} | {f(r['acc2'])}{ci(r['acc2'])} "
                         f"| {f(r['caution_recall'])}{ci(r['caution_recall'])} ({r['caution_recall']['n']}) |")
    lines.append("")
    lines.append(f"judge {m['judge_version']}; detector {m['detector_version']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="compare with the packaged file instead of writing it")
    ap.add_argument("--no-heldout", action="store_true", help="skip the sealed and held-out sets (nothing is written)")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    m = measure(heldout=not args.no_heldout)
    print(format_markdown(m))
    if args.no_heldout:
        return 0
    text = json.dumps(m, indent=1, ensure_ascii=False) + "\n"
    if args.check:
        same = Path(args.out).read_text(encoding="utf-8") == text
        print("\npackaged figures are current" if same else f"\n{args.out} differs from this measurement: rerun without --check")
        return 0 if same else 1
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"\nWrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
