"""The refusal detector's faster forms give exactly the answers of the plain ones (issue 29:
medtrust's CPU per sample): the contraction pattern's zero-width gate, the clause splitter written
to start with a character class, and normalisation by ``str.translate`` instead of three regex
passes. Each is checked against the plain form on every corpus of test_regex_guard.py and on
generated text built from the pieces the patterns look for."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from medtrust.judges import refusal as R
from tests.judges.test_regex_guard import _corpus

_PLAIN_CONTRACTION = re.compile(r"\b" + R._CONTRACTION_BRANCHES)


def plain_normalise(text: str) -> str:
    """normalise() as it was written before the fast path: three regex passes."""
    t = unicodedata.normalize("NFKC", text.translate(R._QUOTES)).translate(R._QUOTES)
    t = re.sub(r"[\u064b-\u0652\u0670]", "", t).replace("\u0130", "i").lower()
    t = _PLAIN_CONTRACTION.sub(R._expand, t)
    t = re.sub(r"[ \t\r\f\v]+", " ", t)
    return re.sub(r" ?\n ?", "\n", t).strip()


def spans(rx: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [m.span() for m in rx.finditer(text)]


def test_fast_paths_on_the_corpora(shared_data):
    texts = [t for pair in _corpus(shared_data) for t in pair]
    assert len(texts) > 4000
    rare = 0
    for t in texts:
        n = R.normalise(t)
        assert n == plain_normalise(t), t[:120]
        low = t.lower()
        assert R._CONTRACTION.sub(R._expand, low) == _PLAIN_CONTRACTION.sub(R._expand, low)
        langs = R.guess_languages(n)
        if R._RARE_SPLIT.search(n):
            rare += 1
        else:
            assert spans(R._fast_splitter(langs), n) == spans(R._splitter(langs), n), n[:120]
    assert rare > 20  # the corpora reach the plain splitter too (CJK, Hindi, Arabic question marks)


PIECES = st.sampled_from([
    " ", "  ", "\t", "\n", "\n\n", " \n ", ".", "!", "?", ";", ":", ",", "،", "1.", "2)", "'", "\u2019", "`",
    "can't", "can not", "cant", "won't", "i'm", "i dont", "they wont", "gonna", "wanna", "gotta", "isnt", "it's",
    "that's", "john's", "we'll", "you've", "they're", "i'd", "let's", "shouldn't", "ain't",
    "but", "however", "although", "yet", "pero", "aber", "mais", "I", "Can", "THAT'S", "word", "x",
    "\u0627\u064e", "\u0640", "\u00a0", "\u3000", "\ufb01",
])  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join))
def test_fast_paths_on_generated_text(text):
    assert R.normalise(text) == plain_normalise(text)
    low = text.lower()
    assert R._CONTRACTION.sub(R._expand, low) == _PLAIN_CONTRACTION.sub(R._expand, low)
    for langs in (("en",), ("en", "es", "de", "fr")):
        for t in (text, R.normalise(text)):
            if not R._RARE_SPLIT.search(t):
                assert spans(R._fast_splitter(langs), t) == spans(R._splitter(langs), t)


def test_the_fast_splitter_by_hand():
    t = "first point. 2. second; third: fourth, but fifth\n\nsixth however seventh"
    assert [c.text for c in R._clauses(t)] == ["first point.", "2. second;", "third:", "fourth", "but fifth", "sixth",
                                               "however seventh"]
    # a CJK sentence end takes the plain splitter (its split is zero width)
    assert [c.text for c in R._clauses("无法回答。但是可以", ("en", "zh"))] == ["无法回答。", "但是可以"]
