"""Issue 22, round 9 of the answer readers: two blind files (130 answer and 40 judge replies each)
written by helpers who never saw the readers' code or any corpus, with ids that name nothing.

tests/data/answer_corpus_round9.jsonl and judge_reply_corpus_round9.jsonl; ``group`` names the file:

- ``heldout20a``: a hospital network in several countries using reasoning models and chat assistants,
  about half the replies in English;
- ``heldout20b``: mostly non-English (100 of 130 answer rows), in 27 languages other than English.

Each was scored once on the readers round 9 started from (f5ef3cf: 123/133 and 111/133 unambiguous)
and once on the round-9 readers (128/133 and 120/133; docs/judges.md, "Answer readers, round 9"),
counts only. Neither was read: :func:`test_round9_unread_floor` keeps the readers from falling below
the second scoring.
"""

from __future__ import annotations

import pytest

from tests.helpers.readers import check_blind_files, floor_counts, load_corpus

ANSWERS = load_corpus("answer_corpus_round9.jsonl")
JUDGES = load_corpus("judge_reply_corpus_round9.jsonl")
#: (unambiguous answer rows right, judge replies right, non-answers right) on the round-9 readers;
#: f5ef3cf's readers read 98, 25, 21 and 90, 21, 22
UNREAD_FLOOR = {"heldout20a": (100, 28, 21), "heldout20b": (92, 28, 22)}


def test_round9_files():
    check_blind_files(ANSWERS, JUDGES, list(UNREAD_FLOOR))


@pytest.mark.parametrize("group", list(UNREAD_FLOOR))
def test_round9_unread_floor(group):
    """Files never read: the readers may not fall below what they read when scored on the round-9 readers."""
    got = floor_counts(ANSWERS, JUDGES, group)
    assert all(g >= f for g, f in zip(got, UNREAD_FLOOR[group])), (got, UNREAD_FLOOR[group])
