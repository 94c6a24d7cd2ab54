"""Would a learned text classifier beside the rules carry better to unseen writers? (issue 22, rounds 10 and 11)

    python measurements/refusal_learned_probe.py                      # current rules, about 8 min on 2 cores
    python measurements/refusal_learned_probe.py --rules-at 66ebaad:sealed_round8b --rules-at 1a335b4:sealed_round7 \\
        --rules-at 47c0e50:sealed_round5,sealed_round6 --rules-at 793e651:sealed,sealed_round3,sealed_round4
    # round 11's decision (devlog step 16), the shipped model's 2**16 buckets:
    python measurements/refusal_learned_probe.py --buckets-log2 16 --rules-at 66ebaad:sealed_round8b \\
        --rules-at 1a335b4:sealed_round7 --rules-at 47c0e50:sealed_round5,sealed_round6 \\
        --rules-at 793e651:sealed,sealed_round3,sealed_round4 --rules-at 0b1573b:sealed_round8

A probe, not a judge: nothing here is packaged (round 11's shipped model is trained by
measurements/train_refusal_ngram.py with the settings this probe chose). It asks whether a multinomial logistic regression on
hashed character 2-5-grams and word 1-2-grams of the reply (scikit-learn; TF-IDF, sublinear term
frequency, balanced class weights, C=5) could override the offline rules where it is confident.

Protocol (leave one group out; a group is one labelled file, so one writer and its styles):

* For each of our own labelled files (the open authored and SmolLM2 sets, the issue-22 kinds and
  every retired sealed file; never a sealed file), the classifier is trained on all the other
  files and scores this one: the classifier alone, and the rules with the classifier's label
  taking over where its probability is at least ``tau`` (``tau`` in 0.5, 0.6, 0.7, 0.8).
* The rules on a retired file are tuned on it, so "rules + classifier" there flatters the rules.
  ``--rules-at COMMIT:FILE[,FILE]`` replaces the rule verdicts on those files by the verdicts of
  the rules at ``COMMIT`` (run in a temporary ``git worktree``), the last rules before the file was
  read: the honest "unseen writer" baseline (docs: measurements/refusal_devlog.md step 15).
* XSTest v2 (``MEDTRUST_XSTEST_DIR``; real replies of three models) is scored by a classifier
  trained on all our own files; it never trains on XSTest, whose completions may not be shipped
  (data/README.md), so the numbers say how the override would behave on real replies.
* ``--sealed`` also scores the sealed files (:data:`SEALED_SETS`, aggregate figures only) with a
  classifier trained on all our own files: run once per round, with every policy printed, after the
  decision rule has been written down (devlog step 15), never to choose ``tau``.

Prints one row per policy: 3-way accuracy / refuse-vs-not accuracy / Caution recall per group,
and pooled over the retired files. No row text is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from measurements.refusal_agreement import KINDS, RETIRED_SETS, SEALED_SETS, agreement  # noqa: E402
from medtrust.judges.labelled import LabelledItem, read_plain  # noqa: E402

LABELS = ("Accept", "Caution", "Refuse")
TAUS = (0.5, 0.6, 0.7, 0.8)
OPEN = {"authored": ROOT / "tests/data/refusal_heldout/authored.jsonl",
        "smollm2": ROOT / "tests/data/refusal_heldout/real_smollm2.jsonl"}
#: round 11's training files: scored by today's rules, which never read them, they are unseen
#: writers too, and pooled with the retired files
TRAIN = {p.stem: p for p in sorted((ROOT / "tests/data/refusal_train").glob("*.jsonl"))}

_VERDICTS_SCRIPT = """
import json, sys
from medtrust.judges.labelled import read_plain
from medtrust.judges.offline import classify_response
def rules(p, r):
    return classify_response(p, r)  # the rules alone (round 11's n-gram override is opt-in)
print(json.dumps([[v.label, v.rule] for v in (rules(it.prompt, it.response) for it in read_plain(sys.argv[1]))]))
"""


def _rules_at(commit: str, files: list[Path]) -> dict[Path, list[tuple[str, str]]]:
    """Rule verdicts (label, rule id) on ``files`` from the rules at ``commit`` (a temporary
    worktree, its own src/)."""
    out: dict[Path, list[tuple[str, str]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        wt = Path(tmp) / "wt"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(wt), commit],
                       check=True, capture_output=True)
        try:
            env = {**os.environ, "PYTHONPATH": str(wt / "src")}
            for f in files:
                res = subprocess.run([sys.executable, "-c", _VERDICTS_SCRIPT, str(f)], cwd=wt, env=env,
                                     check=True, capture_output=True, text=True)
                out[f] = [tuple(v) for v in json.loads(res.stdout)]
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)], capture_output=True)
    return out


def _model(C: float = 5.0, buckets_log2: int = 20):
    from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline, make_union

    def grams(analyzer: str, n: tuple[int, int]):
        return make_pipeline(HashingVectorizer(analyzer=analyzer, ngram_range=n, n_features=2**buckets_log2, alternate_sign=False,
                                               norm=None), TfidfTransformer(sublinear_tf=True))
    return make_pipeline(make_union(grams("char_wb", (2, 5)), grams("word", (1, 2))),
                         LogisticRegression(C=C, max_iter=3000, class_weight="balanced"))


def _scores(items: list[LabelledItem], pred: list[str]) -> tuple[float, float, float]:
    """3-way, refuse-vs-not and Caution recall of ``pred`` (one label per item), by
    measurements/refusal_agreement.py's :func:`agreement` (ids are unique across the files)."""
    by_id = {it.id: p for it, p in zip(items, pred)}
    m = agreement(items, lambda it: by_id[it.id])
    return m["acc3"]["value"], m["acc2"]["value"], m["caution_recall"]["value"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rules-at", action="append", default=[], metavar="COMMIT:FILE[,FILE]",
                    help="rule verdicts on these sealed_* files from the rules at COMMIT (before the file was read)")
    ap.add_argument("--sealed", action="store_true", help="also score the sealed files, aggregate only (once per round)")
    ap.add_argument("--buckets-log2", type=int, default=20, help="hashed buckets per bag, as a power of 2 (round 11's model: 16)")
    args = ap.parse_args(argv)
    import numpy as np

    from medtrust.judges.offline import OfflineVerdict, classify_response, overridable

    def rules_now(items: list[LabelledItem]) -> list[tuple[str, str]]:
        return [(v.label, v.rule) for v in (classify_response(it.prompt, it.response) for it in items)]

    # round 11: the training files nobody had read when they were first scored join as groups
    groups: dict[str, Path] = {**OPEN, **KINDS, **RETIRED_SETS, **TRAIN}
    data = {g: read_plain(p) for g, p in groups.items()}
    rules = {g: rules_now(items) for g, items in data.items()}
    for spec in args.rules_at:
        commit, names = spec.split(":", 1)
        wanted = {f"retired_{n}": RETIRED_SETS[f"retired_{n}"] for n in names.split(",")}
        for g, verdicts in zip(wanted, _rules_at(commit, list(wanted.values())).values()):
            rules[g] = verdicts
            print(f"# rules on {g} from {commit}")

    def policies(g_rules: list[tuple[str, str]], proba: np.ndarray, classes: list[str]) -> dict[str, list[str]]:
        clf = [classes[i] for i in proba.argmax(1)]
        labels = [lab for lab, _ in g_rules]
        out = {"rules": labels, "classifier": clf}
        for tau in TAUS:
            out[f"override tau={tau}"] = [c if (c != r and p >= tau) else r for r, c, p in zip(labels, clf, proba.max(1))]
        # round 11: only a rules' Accept may change; and the shipped form, which also keeps an
        # answer the rules found after a hedge (judges.offline.overridable)
        for tau in TAUS:
            out[f"from Accept tau={tau}"] = [c if (r == "Accept" and p >= tau) else r for r, c, p in zip(labels, clf, proba.max(1))]
        for tau in TAUS:
            out[f"shipped tau={tau}"] = [c if (overridable(OfflineVerdict(lab, rule)) and p >= tau) else lab
                                         for (lab, rule), c, p in zip(g_rules, clf, proba.max(1))]
        return out

    results: dict[str, dict[str, tuple[float, float, float]]] = {}
    pooled: dict[str, tuple[list[LabelledItem], list[str]]] = {}
    for g in groups:
        train = [it for h in groups if h != g for it in data[h]]
        m = _model(buckets_log2=args.buckets_log2).fit([it.response for it in train], [it.label for it in train])
        proba = m.predict_proba([it.response for it in data[g]])
        for name, pred in policies(rules[g], proba, list(m.classes_)).items():
            results.setdefault(name, {})[g] = _scores(data[g], pred)
            if g.startswith("retired_") or g in TRAIN:
                pi, pp = pooled.setdefault(name, ([], []))
                pi.extend(data[g])
                pp.extend(pred)
    everything = [it for g in groups for it in data[g]]
    m = _model(buckets_log2=args.buckets_log2).fit([it.response for it in everything], [it.label for it in everything])
    if args.sealed:
        for g, path in SEALED_SETS.items():
            items = read_plain(path)
            proba = m.predict_proba([it.response for it in items])
            for name, pred in policies(rules_now(items), proba, list(m.classes_)).items():
                results.setdefault(name, {})[g] = _scores(items, pred)
    xs_dir = os.environ.get("MEDTRUST_XSTEST_DIR")
    if xs_dir:
        from medtrust.judges.labelled import read_labelled

        for f in sorted(Path(xs_dir).glob("xstest_v2_completions_*.csv")):
            items = read_labelled(f)
            g = "xstest_" + f.stem.rsplit("_", 1)[-1]
            proba = m.predict_proba([it.response for it in items])
            for name, pred in policies(rules_now(items), proba, list(m.classes_)).items():
                results.setdefault(name, {})[g] = _scores(items, pred)
    cols = list(next(iter(results.values())))
    print("policy".ljust(20) + "".join(c.replace("retired_", "r_")[:22].rjust(24) for c in cols) + "   pooled unseen".rjust(24))
    for name, per in results.items():
        row = "".join(("%.3f/%.3f/%.3f" % per[c]).rjust(24) for c in cols)
        print(name.ljust(20) + row + ("%.3f/%.3f/%.3f" % _scores(*pooled[name])).rjust(24))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
