"""Letter extraction, threshold rule and judge parsing (values worked out by hand from doc sec. 3)."""

from __future__ import annotations

import pytest

from medtrust.benchmarks.mediconfusion.extract import (
    JudgeParseError,
    lenient_choice,
    official_choice,
    official_letter_scores,
    parse_judge_lenient,
    parse_judge_official,
    threshold_choice,
)


@pytest.mark.parametrize(
    "text, scores",
    [
        ("A", (10, 0)),
        ("B", (0, 10)),
        ("B.", (0, 10)),
        ("Answer: A", (10, 0)),
        ("A:", (10, 0)),
        ('("B")', (0, 10)),
        ('("B").', (0, 10)),
        ('B")', (0, 10)),
        ("the answer is\nB", (0, 10)),  # newline becomes a space
        # traps of the official detector
        ("A bilateral pleural effusion", (10, 0)),  # article "A" counts as A
        ("Answer: (B)", (0, 0)),  # "(B)" is not an accepted spelling
        ("A and B", (0, 0)),  # both present -> reset to 0/0
        ("b", (0, 0)),  # lower case not recognised
        ("B,", (0, 0)),  # trailing comma not accepted
        ("B!", (0, 0)),
        ("**A**", (0, 0)),
        ('A":', (0, 0)),
        ("B: A small mass in the liver", (0, 0)),  # echoing an option starting with "A " -> both
        ("I'm unable to view or interpret images.", (0, 0)),
        ("B  ", (0, 10)),  # split on single spaces leaves empty tokens, B still found
        (None, (0, 0)),
    ],
)
def test_official_detector(text, scores):
    assert official_letter_scores(text) == scores


def test_official_choice_reasons():
    assert official_choice("A and B").reason == "both_letters"
    assert official_choice("(A)").reason == "no_letter"
    assert official_choice("B.").letter == "B" and official_choice("B.").reason is None


@pytest.mark.parametrize(
    "text, letter",
    [
        ("A bilateral pleural effusion", "-"),  # article, not a choice
        ("Answer: (B)", "B"),
        ("A and B", "-"),
        ("b", "B"),
        ("a.", "A"),
        ("B!", "B"),
        ("B,", "B"),
        ("**A**", "A"),
        ('A": Terminating into the ophthalmic artery', "A"),
        ("B: A small mass in the liver", "B"),
        ("The answer is A. Actually, on reflection, the answer is B.", "B"),  # last cue wins
        ("<think>maybe A</think>B", "B"),
        ("The image is showing an aggravating pseudoaneurysm.", "B"),  # full option text matched
        ("It shows an aggravating pseudoaneurysm", "-"),  # partial text is not enough
        ("I'm unable to view or interpret images.", "-"),
    ],
)
def test_lenient_choice(text, letter):
    c = lenient_choice(text, "Terminating into the ophthalmic artery", "Showing an aggravating pseudoaneurysm")
    assert c.letter == letter


def test_lenient_refusal_reason():
    assert lenient_choice("I'm unable to view or interpret images.").reason == "refusal"
    assert lenient_choice("A and B").reason == "both_letters"


@pytest.mark.parametrize(
    "a, b, letter",
    [(7, 5, "-"), (8, 5, "A"), (5, 8, "B"), (5, 7, "-"), (10, 0, "A"), (0, 0, "-"), (1, 1, "-"), (2, 9, "B")],
)
def test_threshold_rule_default_3(a, b, letter):
    assert threshold_choice(a, b).letter == letter


def test_threshold_other_values():
    assert threshold_choice(7, 5, tr=2).letter == "A"
    assert threshold_choice(7, 5, tr=3).reason == "below_threshold"
    assert threshold_choice(10, 0, tr=10).letter == "A"
    assert threshold_choice(10, 1, tr=10).letter == "-"


def test_judge_official_parser():
    assert parse_judge_official("A: 8\nB: 3\nClose to A.") == (8, 3, "Close to A.")
    assert parse_judge_official("A: 8\n\n\nB: 3\n\nClose to A.") == (8, 3, "Close to A.")  # blank lines collapsed
    assert parse_judge_official("A: 2\nB: 9") == (2, 9, "")
    for bad in ("A: eight\nB: 3\nx", "A: 8", "", "Score A is 8 and B is 3", "**A: 8**\n**B: 3**\nx"):
        with pytest.raises(JudgeParseError):
            parse_judge_official(bad)


def test_judge_lenient_parser():
    assert parse_judge_lenient("**A: 8**\n**B: 3**\nreason")[:2] == (8, 3)
    assert parse_judge_lenient("Here are my scores.\nA = 7\nB = 2\nbecause")[:2] == (7, 2)
    assert parse_judge_lenient("Answer A: 4\nAnswer B: 9")[:2] == (4, 9)
    with pytest.raises(JudgeParseError):
        parse_judge_lenient("no scores here")
    with pytest.raises(JudgeParseError):
        parse_judge_lenient("A: 8\nB: 42")
