"""Round 9 of the judge-reply readers: kinds of judge replies in 28 languages.

tests/data/judge_kinds_round9.jsonl: 201 replies a colleague wrote independently of the code (no
``source`` field), then members of the same kinds written while fixing (``source: round9_own``):
other wordings and languages, and null cases that must stay null. Each row holds ``judge``
(``mediconfusion``: the lenient reader's [A, B] pair; ``cares_vlm``: the default grade), ``reply``,
``expected`` (null: no usable value, a judge error: conflicting pairs or grades, one score only, no
grade), ``lang`` and ``kind``.

Kinds read (src/medtrust/scorers/judge_text.py and the two readers): score labels of other
languages, "X von/sur/из/üzerinden/av/trên/จาก/از/من 10", scales written first ("10点満点中X点",
"10점 만점에 X점", "满分10分，得X分"), number words of many languages, non-ASCII digits, description
letters of other scripts, JSON/YAML keys of other languages, "A: [[6]]", "Scores for A and B: 7 and 1",
B before A, sentences scoring both, decimal commas; conflicts stay judge errors.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import judge_reading, load_corpus

ROWS = load_corpus("judge_kinds_round9.jsonl")

#: rows the readers still read wrong (strict xfails, so a fix shows): reply -> why
KNOWN_MISSES: dict[str, str] = {}


def _right(r: dict) -> bool:
    got = judge_reading(r)
    if isinstance(r["expected"], list):
        return got is not None and [float(x) for x in got] == [float(x) for x in r["expected"]]
    return got == r["expected"]


def test_round9_file():
    assert len(ROWS) >= 231
    own = [r for r in ROWS if r.get("source") == "round9_own"]
    assert len(own) >= 30
    assert all(r["lang"] and r["kind"] for r in ROWS)
    assert any(r["expected"] is None for r in own)


@pytest.mark.parametrize(
    "r",
    [pytest.param(r, id=f"{i}-{r['judge']}-{r['lang']}-{r['kind']}",
                  marks=[pytest.mark.xfail(reason=KNOWN_MISSES[r["reply"]], strict=True)] if r["reply"] in KNOWN_MISSES else [])
     for i, r in enumerate(ROWS)],
)
def test_round9_judge_rows(r):
    assert _right(r), (r["reply"], judge_reading(r))
