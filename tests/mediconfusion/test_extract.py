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
        ("It shows an aggravating pseudoaneurysm", "B"),  # only B's own words (round 4: partial option text names it)
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
    assert parse_judge_lenient("**A: 8**\n**B: 3**\nreason") == (8.0, 3.0, "reason")
    assert parse_judge_lenient("Here are my scores.\nA = 7\nB = 2\nbecause")[:2] == (7, 2)
    assert parse_judge_lenient("Answer A: 4\nAnswer B: 9")[:2] == (4, 9)
    with pytest.raises(JudgeParseError):
        parse_judge_lenient("no scores here")
    with pytest.raises(JudgeParseError):
        parse_judge_lenient('{"A": 7}')  # B missing


@pytest.mark.parametrize(
    "reply, scores",
    [
        # JSON and fenced JSON replies, decimal ratings kept
        ('{"A": 7, "B": 2}', (7.0, 2.0)),
        ('```json\n{"A": 7, "B": 2, "reason": "closer to A"}\n```', (7.0, 2.0)),
        ("A: 7.5\nB: 4\nclose to A", (7.5, 4.0)),
        ('{"score_a": "6.5", "score_b": "9/10"}', (6.5, 9.0)),
        ('{"scores": {"A": 7, "B": 2}, "reason": "x"}', (7.0, 2.0)),
        ('{\n  "Option A": 3,\n  "Option B": 8.5\n}', (3.0, 8.5)),
        ("Score for A: 8/10\nScore for B: 3/10", (8.0, 3.0)),
        ("<think>A seems a 7, maybe an 8</think>\nA: 8\nB: 2\nreason", (8.0, 2.0)),
    ],
)
def test_judge_json_and_decimal_replies(reply, scores):
    with pytest.raises(JudgeParseError):
        parse_judge_official(reply)  # the official parser cannot read these (its run would crash)
    assert parse_judge_lenient(reply)[:2] == scores


def test_decimal_judge_scores_meet_the_threshold_rule():
    # 5.5 vs 8: 8 - 5.5 = 2.5 < 3 -> invalid; read as 5 vs 8 it would wrongly pick B
    a, b, _ = parse_judge_lenient("A: 5.5\nB: 8")
    assert (a, b) == (5.5, 8.0) and threshold_choice(a, b).letter == "-"
    # 7.5 vs 4.5: exactly 3 apart -> A
    assert threshold_choice(*parse_judge_lenient("A: 7.5\nB: 4.5")[:2]).letter == "A"
