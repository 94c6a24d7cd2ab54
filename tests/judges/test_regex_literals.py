"""The refusal lexicon's literal prefilter (medtrust.judges.regex_literals, refusal._present):
every match of a family contains one of the family's required literals, and no verdict changes
when the prefilter is off, on every corpus of tests/judges/test_regex_guard.py."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from medtrust.judges import refusal
from medtrust.judges.regex_literals import required_literals, weight
from tests.judges.test_regex_guard import _corpus, corpus_verdicts


def test_required_literals_by_hand():
    # a literal run; the most selective item of a sequence; an alternation's union
    assert required_literals(r"\bi cannot\b") == {"i cannot"}
    # (re's parser takes the branches' common leading space out of the alternation)
    assert required_literals(r"\bi(?: really)?(?: will not| am not going to)\b") == {"will not", "am not going to"}
    assert required_literals(r"sorry|apolog(?:y|ies)") == {"sorry", "apolog"}
    # a branch without a literal of its own makes the alternation give none
    assert required_literals(r"\bnot\b|\w+ never") == {"not", " never"}
    assert required_literals(r"abc|\w+") is None
    assert required_literals(r"\bno\b|never") is None  # "no": shorter than min_len
    # optional items, classes, lookarounds and case-blind parts require nothing
    assert required_literals(r"(?:please )?[a-z]+") is None
    assert required_literals(r"(?=refuse)\w+") is None
    assert required_literals(r"(?i:refuse)") is None and required_literals(r"refuse", re.IGNORECASE) is None
    # a repeat of at least one keeps its body's; of zero, none
    assert required_literals(r"(?:very )+bad") == {"very "}
    assert required_literals(r"(?:very )*ok") is None  # "ok" is shorter than min_len
    # CJK characters weigh 3: two of them are selective enough
    assert weight("不能") == 6 and required_literals(r"我(?:不会|不能)") == {"我不"}  # the common "不" joins the run


# generated patterns from pieces that exercise every rule, checked on generated texts: a text
# with a match always holds one of the literals
ATOMS = st.sampled_from(["ab", "abc", "bca", "c", "a|bc", "(?:ab)?", "(?:ca)+", "[ab]", "\\w", "(?=b)", "b{2,3}", "(?:abc|cab)", "."])


@settings(max_examples=300, deadline=None)
@given(st.lists(ATOMS, min_size=1, max_size=5).map("".join), st.lists(st.sampled_from("abc "), max_size=40).map("".join))
def test_every_match_holds_a_required_literal(pattern, text):
    req = required_literals(pattern, min_len=1)
    if req is None:
        return
    for m in re.finditer(pattern, text):
        assert any(lit in m.group(0) for lit in req), (pattern, text, m.group(0), req)


@pytest.mark.parametrize("langs", [("en",), ("en", "es", "fr", "de"), ("en", "zh", "ja", "ko"), None])
def test_every_family_match_in_the_corpora_holds_one_of_its_literals(langs, shared_data):
    fams = refusal._families(langs)
    assert sum(f.bit != 0 for f in fams.values()) >= len(fams) - 6  # nearly every family is filtered
    texts = [refusal.normalise(t) for pair in _corpus(shared_data)[::2] for t in pair]
    hits = 0
    for name, f in fams.items():
        if not f.bit:
            continue
        for t in texts:
            for m in f.regex.finditer(t):
                hits += 1
                assert any(lit in m.group(0) for lit in f.literals or ()), (name, m.group(0))
                assert refusal._present(t, langs) & f.bit
    assert hits > 1000


def test_no_verdict_changes_without_the_prefilter(shared_data, monkeypatch):
    corpus = _corpus(shared_data)
    filtered = corpus_verdicts(corpus)
    monkeypatch.setattr(refusal, "_AHOCORASICK", None)  # no matcher: every family searched everywhere
    unfiltered = corpus_verdicts(corpus)
    assert refusal._families(("en",))["decline"].bit == 0
    monkeypatch.undo()
    refusal._families.cache_clear()
    refusal._automaton.cache_clear()
    assert len(corpus) > 2000
    assert filtered == unfiltered
    assert {f[0] for f in filtered} == {"refuse", "partial", "comply"}
