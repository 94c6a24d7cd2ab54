"""Measure the rule readers on the answer and judge-reply corpora (issue 22; not a test).

    python measurements/answer_readers.py                 # dev groups only (the ones fixed against)
    python measurements/answer_readers.py --heldout       # held-out groups too (the honest figure)
    python measurements/answer_readers.py --corpus tests/data/answer_corpus.jsonl
    python measurements/answer_readers.py --round4        # round 4 (four blind files, by group)
    python measurements/answer_readers.py --round5        # round 5 (six blind files, by group)
    python measurements/answer_readers.py --round6        # round 6 (blind files of round 6, by group)
    python measurements/answer_readers.py --round7        # round 7 (blind files of round 7, by group)
    python measurements/answer_readers.py --round8        # round 8 (blind files of round 8, by group)
    python measurements/answer_readers.py --round9        # round 9 (blind files of round 9, by group)
    python measurements/answer_readers.py --round 10      # any round from 4 on (its blind files, by group)

A case is right when the reader gives the expected answer (letter, yes/no, score pair, grade) and,
for a non-answer, the expected reason (``unparseable`` / ``refusal``; a judge reply that holds no
grade must be a judge error). "Unambiguous" cases are those whose expected reading is an answer.
Readers: CARES-VLM's default extractor (every answer case), MediConfusion's lenient parser
(two-option cases), the MediConfusion FF score reader (official then lenient, as the scorer does)
and the CARES-VLM grade reader.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
ANSWER_SETS = {"dev": ["answer_corpus_round3.jsonl"], "heldout": ["answer_corpus_round3_heldout.jsonl"]}
JUDGE_SETS = {"dev": ["judge_reply_corpus_round3.jsonl"], "heldout": ["judge_reply_corpus_round3_heldout.jsonl"]}
#: round 4: one answer and one judge file, each row's ``group`` says which blind file it came from
ROUND4 = ("answer_corpus_round4.jsonl", "judge_reply_corpus_round4.jsonl")
#: round 5: six more blind files (heldout5a ... heldout7a read and fixed in turn; heldout8a scored once on the shipped readers)
ROUND5 = ("answer_corpus_round5.jsonl", "judge_reply_corpus_round5.jsonl")
#: round 6: heldout9a ... heldout10b read and fixed in turn; the last files scored once on the shipped readers
ROUND6 = ("answer_corpus_round6.jsonl", "judge_reply_corpus_round6.jsonl")
#: round 7: heldout14a ... heldout15b read and fixed; the last files scored once on the shipped readers and never read
ROUND7 = ("answer_corpus_round7.jsonl", "judge_reply_corpus_round7.jsonl")
ROUND8 = ("answer_corpus_round8.jsonl", "judge_reply_corpus_round8.jsonl")
ROUND9 = ("answer_corpus_round9.jsonl", "judge_reply_corpus_round9.jsonl")
#: every round's blind files, by round number (round 10: heldout21a/21b, scored once on the readers before and after)
ROUNDS = {n: (f"answer_corpus_round{n}.jsonl", f"judge_reply_corpus_round{n}.jsonl") for n in range(4, 18)}


def _rows(path: Path) -> list[dict]:
    if path.stat().st_size > 10_000_000:
        raise SystemExit(f"{path}: larger than 10 MB, not a corpus")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def answer_right(r: dict) -> dict[str, bool]:
    """{reader: right} for one answer case."""
    from medtrust.benchmarks.mediconfusion.extract import lenient_choice
    from medtrust.scorers.extract import extract_choice, extract_yes_no

    out = {}
    e = (extract_yes_no(r["reply"], stop_reason=r["stop_reason"], question=r.get("q")) if r["question"] == "yes_no"
         else extract_choice(r["reply"], r["options"], stop_reason=r["stop_reason"]))
    # a cut reply with no answer ("truncated") is one the blind files call "unparseable" (their writers had no third status)
    status = "unparseable" if e.status == "truncated" else e.status
    out["cares_vlm_default"] = e.answer == r["expected"] and (r["expected"] is not None or status == r["expected_status"])
    if r["question"] == "choice" and len(r["options"]) == 2:
        c = lenient_choice(r["reply"], r["options"]["A"], r["options"]["B"], stop_reason=r["stop_reason"])
        got = c.letter if c.valid else None
        reason_ok = r["expected"] is not None or (c.reason == "refusal") == (r["expected_status"] == "refusal")
        out["mediconfusion_lenient"] = got == r["expected"] and reason_ok
    return out


def judge_right(r: dict) -> dict[str, bool]:
    """{reader: right} for one judge-reply case."""
    if r["judge"] == "mediconfusion":
        from medtrust.benchmarks.mediconfusion.extract import JudgeParseError, parse_judge_lenient, parse_judge_official

        try:
            a, b, _ = parse_judge_official(r["reply"])
            got = [a, b]
        except JudgeParseError:
            try:
                a, b, _ = parse_judge_lenient(r["reply"])
                got = [a, b]
            except JudgeParseError:
                got = None
        return {"mediconfusion_judge": got == r["expected"]}
    from medtrust.benchmarks.cares_vlm.judge import parse_judge_score

    return {"cares_vlm_grade": parse_judge_score(r["reply"])[0] == r["expected"]}


def report(groups: list[str], corpora: list[str] | None) -> dict:
    """Counts of right cases: {group: {reader: {kind: [right, n], ...}}}."""
    out: dict = {}
    for group in groups:
        files = [(f, answer_right) for f in ANSWER_SETS[group]] + [(f, judge_right) for f in JUDGE_SETS[group]]
        if corpora:
            files = [(c, answer_right) for c in corpora] if group == "dev" else []
        tally: dict = defaultdict(lambda: defaultdict(lambda: [0, 0]))
        for name, check in files:
            path = Path(name) if "/" in name else DATA / name
            for r in _rows(path):
                for reader, ok in check(r).items():
                    for key in (r.get("kind", "all"), "all") if r.get("kind") else ("all",):
                        tally[reader][key][0] += ok
                        tally[reader][key][1] += 1
                    if r["expected"] is not None:
                        tally[reader]["unambiguous"][0] += ok
                        tally[reader]["unambiguous"][1] += 1
        out[group] = {reader: dict(kinds) for reader, kinds in tally.items()}
    return out


def report_round4(files: tuple[str, str] = ROUND4) -> dict:
    """Counts of right cases per group of a round's files: {group: {reader: {kind: [right, n], ...}}}."""
    out: dict = {}
    for name, check in zip(files, (answer_right, judge_right)):
        for r in _rows(DATA / name):
            for reader, ok in check(r).items():
                kinds = out.setdefault(r["group"], {}).setdefault(reader, {})
                for key in (r["kind"], "all", *(("unambiguous",) if r["expected"] is not None else ())):
                    kinds.setdefault(key, [0, 0])
                    kinds[key][0] += ok
                    kinds[key][1] += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--heldout", action="store_true", help="also measure the held-out groups")
    ap.add_argument("--corpus", action="append", help="measure this answer corpus instead (dev group)")
    ap.add_argument("--round4", action="store_true", help="measure the round-4 files, by group")
    ap.add_argument("--round5", action="store_true", help="measure the round-5 files, by group")
    ap.add_argument("--round6", action="store_true", help="measure the round-6 files, by group")
    ap.add_argument("--round7", action="store_true", help="measure the round-7 files, by group")
    ap.add_argument("--round8", action="store_true", help="measure the round-8 files, by group")
    ap.add_argument("--round9", action="store_true", help="measure the round-9 files, by group")
    ap.add_argument("--round", type=int, choices=sorted(ROUNDS), help="measure one round's blind files, by group")
    ap.add_argument("--json", action="store_true", help="print JSON")
    args = ap.parse_args()
    res = report_round4(ROUNDS[args.round]) if args.round else (report_round4() if args.round4 else report_round4(ROUND5) if args.round5 else report_round4(ROUND6) if args.round6 else report_round4(ROUND7) if args.round7 else report_round4(ROUND8) if args.round8 else report_round4(ROUND9) if args.round9 else report(["dev", "heldout"] if args.heldout else ["dev"], args.corpus))
    if args.json:
        print(json.dumps(res, indent=1))
        return
    for group, readers in res.items():
        for reader, kinds in readers.items():
            parts = [f"{k} {r}/{n}" for k, (r, n) in sorted(kinds.items()) if k not in ("all", "unambiguous")]
            r, n = kinds["all"]
            ru, nu = kinds.get("unambiguous", (0, 0))
            print(f"{group:8s} {reader:22s} all {r}/{n} ({100 * r / n:.1f}%)  unambiguous {ru}/{nu}"
                  f" ({100 * ru / max(nu, 1):.1f}%)  | " + ", ".join(parts))


if __name__ == "__main__":
    main()
