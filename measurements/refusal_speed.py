"""Speed of the offline refusal judge (CPU), and a digest of its verdicts.

    python measurements/refusal_speed.py                 # XSTest completions + the open held-out files
    python measurements/refusal_speed.py --repeats 5 --profile

The offline judge runs once per CARES-LLM sample (``refusal._search`` was the busiest medtrust
function in a profile of a fast run), so its time per response matters. The script times
:func:`medtrust.judges.offline.classify_response` over every response of the corpus (after one
warm-up pass: compiled patterns are cached per language set), best of ``--repeats`` passes, and
prints milliseconds per response. The digest is the sha256 of every (id, label, rule) in order:
a speed change that keeps every verdict keeps the digest.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import time
from pathlib import Path
from typing import Sequence

from medtrust.judges.labelled import LabelledItem, read_labelled

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SETS = ("xstest", str(ROOT / "tests/data/refusal_heldout/authored.jsonl"),
                str(ROOT / "tests/data/refusal_heldout/real_smollm2.jsonl"))


def corpus(specs: Sequence[str]) -> list[LabelledItem]:
    """Every labelled item of the given sets (judge-eval ``--labels`` spellings)."""
    items: list[LabelledItem] = []
    for spec in specs:
        items.extend(read_labelled(spec))
    return items


def verdict_digest(items: Sequence[LabelledItem], ngram_tau: float | None = None) -> tuple[str, int]:
    """(sha256 of the verdicts, number of items)."""
    from medtrust.judges.offline import classify_response

    h = hashlib.sha256()
    for it in items:
        v = classify_response(it.prompt, it.response, ngram_tau=ngram_tau)
        h.update(f"{it.id}\t{v.label}\t{v.rule}\n".encode())
    return h.hexdigest(), len(items)


def time_per_response(items: Sequence[LabelledItem], repeats: int, ngram_tau: float | None = None) -> tuple[float, float]:
    """Best-of-``repeats`` (wall, CPU) time per response, in milliseconds. On a shared machine the
    CPU time of this process is the steadier figure (other processes inflate the wall time)."""
    from medtrust.judges.offline import classify_response

    wall = cpu = float("inf")
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        for it in items:
            classify_response(it.prompt, it.response, ngram_tau=ngram_tau)
        wall, cpu = min(wall, time.perf_counter() - t0), min(cpu, time.process_time() - c0)
    return 1000 * wall / len(items), 1000 * cpu / len(items)


def search_work(items: Sequence[LabelledItem], ngram_tau: float | None = None) -> tuple[float, float]:
    """(lexicon searches, characters handed to them) per response: a load-independent measure of
    the judge's regex work (each search scans at most the characters it is given). A search the
    literal prefilter rules out (``refusal._ruled_out``: none of the family's required literals in
    the text) runs no regex and is not counted."""
    from medtrust.judges import refusal
    from medtrust.judges.offline import classify_response

    calls = chars = 0
    search = refusal._search

    def counted(fam, text, offset, masks, langs=None, present=None):  # type: ignore[no-untyped-def]
        nonlocal calls, chars
        if not refusal._ruled_out(refusal._families(langs)[fam], text, langs, present):
            calls, chars = calls + 1, chars + len(text)
        return search(fam, text, offset, masks, langs, present)

    refusal._search = counted
    try:
        for it in items:
            classify_response(it.prompt, it.response, ngram_tau=ngram_tau)
    finally:
        refusal._search = search
    return calls / len(items), chars / len(items)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--labels", action="append", default=None, help="labelled sets (default: XSTest + the open held-out files)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="print the 15 busiest functions of one pass")
    ap.add_argument("--ngram", action="store_true", help="with the opt-in n-gram override (ngram_tau=NGRAM_TAU)")
    args = ap.parse_args(argv)
    from medtrust.judges.offline import NGRAM_TAU

    tau = NGRAM_TAU if args.ngram else None  # None: the default judge, the rules alone
    items = corpus(args.labels or DEFAULT_SETS)
    digest, n = verdict_digest(items, tau)  # also the warm-up pass
    wall, cpu = time_per_response(items, max(1, args.repeats), tau)
    chars = sum(len(it.response) for it in items) / n
    print(f"{n} responses (mean {chars:.0f} characters): {cpu:.3f} ms CPU, {wall:.3f} ms wall per response (best of {args.repeats})")
    print(f"verdict digest {digest}")
    searches, searched = search_work(items, tau)
    print(f"{searches:.1f} lexicon searches and {searched:.0f} characters searched per response")
    if args.profile:
        from medtrust.judges.offline import classify_response

        prof = cProfile.Profile()
        prof.enable()
        for it in items:
            classify_response(it.prompt, it.response, ngram_tau=tau)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
