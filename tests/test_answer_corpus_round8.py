"""Issue 22, round 8 of the answer readers: two blind files (130 answer and 40 judge replies each)
written by helpers who never saw the readers' code or any corpus, while the multilingual vocabulary
(medtrust.scorers.medical_terms) was being written.

tests/data/answer_corpus_round8.jsonl and judge_reply_corpus_round8.jsonl; ``group`` names the file:

- ``heldout19a``: a mixed European and Asian hospital deployment, about half the replies in English;
- ``heldout19b``: mostly non-English (at least 90 of 130 answer rows), in at least 15 languages.

Each was scored once on the readers round 8 started from (17f0376: 116/135 and 110/135 unambiguous)
and once on the round-8 readers (127/135 and 117/135; docs/judges.md, "Answer readers, round 8").
Neither was read: :func:`test_round8_unread_floor` keeps the readers from falling below the second
scoring.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import check_blind_files, floor_counts, load_corpus

ANSWERS = load_corpus("answer_corpus_round8.jsonl")
JUDGES = load_corpus("judge_reply_corpus_round8.jsonl")
#: (unambiguous answer rows right, judge replies right, non-answers right) on the round-8 readers;
#: 17f0376's readers read 87, 29, 23 and 84, 26, 20
UNREAD_FLOOR = {"heldout19a": (98, 29, 23), "heldout19b": (91, 26, 20)}


def test_round8_files():
    check_blind_files(ANSWERS, JUDGES, list(UNREAD_FLOOR))


@pytest.mark.parametrize("group", list(UNREAD_FLOOR))
def test_round8_unread_floor(group):
    """Files never read: the readers may not fall below what they read when scored on the round-8 readers."""
    got = floor_counts(ANSWERS, JUDGES, group)
    assert all(g >= f for g, f in zip(got, UNREAD_FLOOR[group])), (got, UNREAD_FLOOR[group])
