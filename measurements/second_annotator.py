"""How far a second, independent annotator agrees with the refusal labels, and where the judge's
errors fall (issue 22: is the held-out target of 0.85 3-way above what the labels themselves carry?).

    python measurements/second_annotator.py             # the rules alone (seconds)
    python measurements/second_annotator.py --meaning   # also the meaning override (torch; about 2 min on 2 cores)

Data: tests/data/refusal_heldout/second_annotator/round16.jsonl, one line per row of the retired files
sealed_round16 and sealed_round16b (240 rows): ``{"id", "label", "unsure"}``, labelled in round 18
(2026-12-05) by two annotator sessions that saw only the prompt, the reply and the label rules of
the writers' brief, shuffled, never the writers' labels, notes or kinds (README of that folder).

Printed, for the second annotator against the writers' labels (each file and pooled): 3-way
agreement, refuse-vs-not agreement (Caution counts as refused), Cohen's kappa (Cohen 1960;
:func:`medtrust.judges.agreement.cohen_kappa`), the writers' Caution read Caution, and the
confusion matrix; then the judge's 3-way agreement with the writers' labels on the rows where both
annotators agree (consensus) and on the rest (disputed). Proportions carry the cluster-adjusted
95% Wilson interval (medtrust.metrics.proportion), kappa the cluster-bootstrap percentile interval.

Caveat: both annotators are AI helper sessions, not people; agreement between them bounds the
noise of one reading of the rules, not the agreement of clinicians.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

from medtrust.bounded import MAX_SMALL_INPUT_BYTES, check_size
from medtrust.data.records import DataError, read_records
from medtrust.judges.agreement import agreement, confusion_matrix
from medtrust.judges.labelled import LabelledItem, read_labelled
from medtrust.judges.offline import LABELS

ROOT = Path(__file__).resolve().parents[1]

HELDOUT = ROOT / "tests" / "data" / "refusal_heldout"
SECOND = HELDOUT / "second_annotator" / "round16.jsonl"
FILES = {"sealed_round16": HELDOUT / "sealed_round16.jsonl", "sealed_round16b": HELDOUT / "sealed_round16b.jsonl"}
COMMAND = "python measurements/second_annotator.py"


def read_second_labels(path: Path = SECOND) -> dict[str, tuple[str, bool]]:
    """``{row id: (label, unsure)}`` from a JSON-lines file of ``{"id", "label", "unsure"}``, read by
    :func:`medtrust.data.records.read_records` (encodings, a byte-order mark, blank lines, line
    breaks and malformed lines as there).

    Raises:
        medtrust.data.records.DataError (a ValueError naming file, line and field): what
            ``read_records`` refuses, an ``id`` that is not a string or is given twice, a ``label``
            outside Accept/Caution/Refuse, an ``unsure`` that is not true or false.
        medtrust.bounded's size error: the file is over ``MAX_SMALL_INPUT_BYTES``.
    """
    check_size(path, MAX_SMALL_INPUT_BYTES, what="second-annotator labels")
    out: dict[str, tuple[str, bool]] = {}
    for rec in read_records(path):
        row = rec.fields
        if not isinstance(row.get("id"), str):
            raise DataError(path, "expected a string", line=rec.line, field="id")
        if row.get("label") not in LABELS:
            raise DataError(path, f"{row.get('label')!r} is not one of {LABELS}", line=rec.line, field="label")
        if not isinstance(row.get("unsure"), bool):
            raise DataError(path, "must be true or false", line=rec.line, field="unsure")
        if row["id"] in out:
            raise DataError(path, f"{row['id']!r} given twice", line=rec.line, field="id")
        out[row["id"]] = (row["label"], row["unsure"])
    return out


def annotator_agreement(first: Sequence[str], second: Sequence[str], clusters: Sequence[str]) -> dict[str, Any]:
    """Agreement of two annotators' labels on the same rows.

    Args:
        first, second: shape (n,), labels in Accept/Caution/Refuse (``first`` = the writers').
        clusters: shape (n,), resampling unit per row.

    Returns:
        ``{"n", "acc3", "acc2", "kappa", "caution_recall", "confusion"}``: acc3 = share of rows with
        the same label; acc2 = same refuse-vs-not view (Caution counts as refused); kappa = Cohen's
        kappa of the 3x3 matrix (p_o - p_e) / (1 - p_e) (Cohen 1960, Educ. Psychol. Meas. 20:37-46);
        caution_recall = share of ``first``'s Caution rows that ``second`` labels Caution (None when
        there is none); each proportion ``{"value", "ci"}`` (cluster-adjusted 95% Wilson), kappa the
        cluster-bootstrap 95% percentile interval; confusion = counts, rows ``first``, columns
        ``second``, in the order Accept, Caution, Refuse.

    Raises:
        ValueError: the sequences differ in length or hold a label outside the three.
    """
    report = agreement(first, second, clusters=clusters)
    m = report.metrics
    cm = report.confusion
    cau = LABELS.index("Caution")
    ci = lambda c: {"value": round(c.estimate, 3), "ci": [round(c.low, 3), round(c.high, 3)]}  # noqa: E731
    return {
        "n": report.n,
        "acc3": ci(m["accuracy"]),
        "acc2": ci(m["refused_accuracy"]),
        "kappa": ci(m["kappa"]),
        "caution_recall": None if cm[cau].sum() == 0 else round(float(cm[cau, cau] / cm[cau].sum()), 3),
        "confusion": cm.tolist(),
    }


def judge_on_consensus(items: Sequence[LabelledItem], second: dict[str, tuple[str, bool]],
                       judge: Callable[[LabelledItem], str]) -> dict[str, Any]:
    """The judge's 3-way agreement with the writers' labels on consensus rows (the second
    annotator gave the same label) and on disputed rows, and with the second annotator's labels.

    Returns:
        ``{"consensus": (right, n), "disputed": (right, n), "vs_second": (right, n),
        "disputed_judge_sides_with_second": k}`` (counts; k = disputed rows where the judge gave
        the second annotator's label).
    """
    cons = dis = cons_right = dis_right = sides = vs2 = 0
    for it in items:
        pred, other = judge(it), second[it.id][0]
        vs2 += pred == other
        if other == it.label:
            cons += 1
            cons_right += pred == it.label
        else:
            dis += 1
            dis_right += pred == it.label
            sides += pred == other
    return {"consensus": (cons_right, cons), "disputed": (dis_right, dis), "vs_second": (vs2, len(items)),
            "disputed_judge_sides_with_second": sides}


def main(argv: Sequence[str] | None = None) -> int:
    """Print the tables of the module docstring; 0, or 1 when the label file does not cover
    exactly the rows of :data:`FILES` (printed to stderr)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--meaning", action="store_true", help="also the meaning override (needs torch and transformers)")
    args = parser.parse_args(argv)
    from medtrust.judges.offline import classify_response

    second = read_second_labels(SECOND)
    items = {name: read_labelled(str(path)) for name, path in FILES.items()}
    ids = {it.id for rows in items.values() for it in rows}
    missing, extra = ids - set(second), set(second) - ids
    if missing or extra:
        print(f"{SECOND}: {len(missing)} rows without a second label, {len(extra)} unknown ids", file=sys.stderr)
        return 1
    judges: dict[str, Callable[[LabelledItem], str]] = {"rules": lambda it: classify_response(it.prompt, it.response).label}
    if args.meaning:
        from medtrust.judges.offline import meaning_override

        judges["meaning override"] = lambda it: meaning_override(
            classify_response(it.prompt, it.response), it.prompt, it.response).label
    groups = {**items, "pooled": [it for rows in items.values() for it in rows]}
    print("| set | rows | 3-way | refuse-vs-not | kappa | writers' Caution read Caution | unsure |")
    print("|---|---|---|---|---|---|---|")
    for name, rows in groups.items():
        a = annotator_agreement([it.label for it in rows], [second[it.id][0] for it in rows],
                                [it.cluster or it.id for it in rows])
        unsure = sum(second[it.id][1] for it in rows)
        recall = "-" if a["caution_recall"] is None else f"{a['caution_recall']:.3f}"
        print(f"| {name} | {a['n']} | {a['acc3']['value']:.3f} {a['acc3']['ci']} | {a['acc2']['value']:.3f} {a['acc2']['ci']} "
              f"| {a['kappa']['value']:.3f} {a['kappa']['ci']} | {recall} | {unsure} |")
    pooled = groups["pooled"]
    cm = confusion_matrix([it.label for it in pooled], [second[it.id][0] for it in pooled])
    print(f"\nconfusion, pooled (rows writers, columns second annotator; {', '.join(LABELS)}): {cm.tolist()}")
    unsure_rows = [it for it in pooled if second[it.id][1]]
    print(f"3-way agreement on rows the second annotator marked unsure: "
          f"{sum(second[it.id][0] == it.label for it in unsure_rows)}/{len(unsure_rows)}; on the rest: "
          f"{sum(second[it.id][0] == it.label for it in pooled if not second[it.id][1])}/{len(pooled) - len(unsure_rows)}")
    print("\n| judge | vs writers, consensus rows | vs writers, disputed rows | vs second annotator | disputed rows where the judge gave the second label |")
    print("|---|---|---|---|---|")
    for jname, judge in judges.items():
        r = judge_on_consensus(pooled, second, judge)
        fmt = lambda t: f"{t[0]}/{t[1]} = {t[0] / t[1]:.3f}" if t[1] else "-"  # noqa: E731
        print(f"| {jname} | {fmt(r['consensus'])} | {fmt(r['disputed'])} | {fmt(r['vs_second'])} | {r['disputed_judge_sides_with_second']} |")
    print(f"\n{COMMAND}{' --meaning' if args.meaning else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
