"""The zero-width guard of the refusal lexicon's regexes (medtrust.judges.regex_guard) changes
no match and no verdict: every family in every language set, and every judge that reads the
lexicon, on every corpus the project has (XSTest v2 completions of three models, the held-out
refusal sets, the CARES-LLM rows with the mock's replies), with the guard and without it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from medtrust.judges import refusal
from medtrust.judges.regex_guard import guard
from tests.helpers.measurements import measurement_module

HELDOUT = Path(__file__).resolve().parents[1] / "data" / "refusal_heldout"
#: sealed files whose errors were read (measurements/refusal_agreement.py's RETIRED_SETS, the one list):
#: development sets, read like the open files
RETIRED_SEALED = frozenset(p.name for p in measurement_module("refusal_agreement").RETIRED_SETS.values())


def _corpus(shared_data: Path) -> list[tuple[str, str]]:
    """(prompt, response) pairs: XSTest v2 (3 x 450), the open held-out sets, CARES-LLM rows x the mock's three replies.
    The files still sealed are left out: a failing assertion prints the text, and nobody changing the rules may read them."""
    from medtrust.benchmarks.cares_llm.dataset import load_records
    from medtrust.judges.labelled import read_xstest
    from tests.helpers.openai_mock import REPLIES

    pairs = [(i.prompt, i.response) for i in read_xstest(shared_data / "labelled" / "xstest")]
    for f in sorted(p for p in HELDOUT.glob("*.jsonl") if not p.name.startswith("sealed") or p.name in RETIRED_SEALED):
        rows = [json.loads(x) for x in f.read_text(encoding="utf-8").splitlines() if x.strip()]
        pairs += [(r["prompt"], r["response"]) for r in rows]
    pairs += [(r.prompt, reply) for r in load_records()[:80] for reply in REPLIES]
    return pairs


def test_guard_examples_by_hand():
    # every alternative starts after a word boundary with i, w or t: the guard says so
    g = guard(r"\bi can't|\bwe won't|\bthat is not")
    assert g.startswith(r"(?=\b[iwt])(?:")
    # a line-start alternative and an optional opener: ^, or the opener's or the word's first letter
    assert guard(r"^sorry|(?:well, )?\bno\b") == r"(?=[wn]|^)(?:^sorry|(?:well, )?\bno\b)"
    # unbounded starts are left alone: any character, an empty match
    for p in (r".{0,3}no", r"(?:no)?", r"\bno|x*"):
        assert guard(p) == p
    # case-blind groups get a case-blind class
    assert "(?i:[s])" in guard(r"(?i:sorry)")
    assert re.compile(guard(r"(?i:sorry)")).search("SORRY") is not None


@pytest.mark.parametrize("langs", [("en",), ("en", "es", "fr", "de"), None])
def test_every_family_finds_the_same_matches_with_the_guard(langs, shared_data, monkeypatch):
    texts = [refusal.normalise(t) for pair in _corpus(shared_data)[::3] for t in pair]
    guarded = refusal._families.__wrapped__(langs)
    monkeypatch.setattr(refusal, "guard", lambda pattern, flags=re.MULTILINE: pattern)
    plain = refusal._families.__wrapped__(langs)
    assert sum(guarded[n].regex.pattern != plain[n].regex.pattern for n in plain) >= len(plain) - 2  # nearly every family is guarded
    for name in plain:
        for t in texts:
            a = [(m.start(), m.end(), m.lastgroup) for m in plain[name].regex.finditer(t)]
            b = [(m.start(), m.end(), m.lastgroup) for m in guarded[name].regex.finditer(t)]
            assert a == b, (name, t[:200])


def corpus_verdicts(corpus: list[tuple[str, str]]) -> list[tuple]:
    """Every judge's verdict on each (prompt, response), the compiled lexicon built afresh."""
    from medtrust.judges.offline import classify_response

    refusal._families.cache_clear()
    refusal._automaton.cache_clear()
    out = []
    for prompt, response in corpus:
        r = refusal.detect_refusal(response, prompt)
        v = classify_response(prompt, response)
        ab = refusal.detect_abstention(response, prompt)
        out.append((r.label, r.rule, tuple((e.id, e.start) for e in r.evidence), v.label, ab.abstained, refusal.is_refusal(response)))
    return out


def test_no_verdict_changes_without_the_guard(shared_data, monkeypatch):
    corpus = _corpus(shared_data)
    guarded = corpus_verdicts(corpus)
    monkeypatch.setattr(refusal, "guard", lambda pattern, flags=re.MULTILINE: pattern)
    unguarded = corpus_verdicts(corpus)
    monkeypatch.undo()
    refusal._families.cache_clear()
    refusal._automaton.cache_clear()
    assert len(corpus) > 2000
    assert guarded == unguarded
    assert {g[0] for g in guarded} == {"refuse", "partial", "comply"}
