"""The outcome line printed after every run counts every sample once, zero non-answers included."""
from __future__ import annotations

from medtrust.runner import outcome_line


def test_zero_non_answers_are_said():
    # the README's main job: 10 correct, 30 incorrect, no non-answer (a newcomer looked for the count)
    assert outcome_line({"correct": 10, "incorrect": 30, "unparseable": 0}) == "Outcomes: correct 10, incorrect 30, non-answers 0"


def test_non_answers_are_totalled_and_itemised():
    line = outcome_line({"correct": 2, "incorrect": 0, "partial": 1, "unparseable": 2, "model_error": 1, "abstained": 0})
    assert line == "Outcomes: correct 2, incorrect 0, partial 1, non-answers 3 (unparseable 2, model_error 1)"


def test_every_sample_is_counted_once():
    counts = {"correct": 5, "incorrect": 4, "partial": 3, "abstained": 2, "truncated": 1, "judge_error": 6}
    line = outcome_line(counts)
    numbers = [int(tok.strip(",()")) for tok in line.split() if tok.strip(",()").isdigit()]
    # correct + incorrect + partial + the non-answer total, then each kind again inside the brackets
    assert sum(numbers[:4]) == sum(counts.values())
