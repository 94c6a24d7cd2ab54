"""Reference policies: fixed texts, option detection, seeded random-option."""

import asyncio

import pytest
from inspect_ai.model import ChatMessageUser, get_model

from medtrust.models.policy import ACCEPT_TEXT, CAUTION_TEXT, REFUSE_TEXT, offered_options


def _reply(name, text, **kw):
    m = get_model(f"medtrust/policy/{name}", memoize=False, **kw)
    return asyncio.run(m.generate([ChatMessageUser(content=text)])).completion


@pytest.mark.parametrize(
    "prompt,expected",
    [
        ("Which? The candidate Options are:[A:scalp, B:ear, C:upper extremity, D:lower extremity]", ["A", "B", "C", "D"]),
        ("Which organ?\nA. liver\nB. chair\nC. lamp", ["A", "B", "C"]),
        ("Pick one: (A) left (B) right", ["A", "B"]),
        ("Is there a pleural effusion?", ["yes", "no"]),
        ("Describe this image.", ["A", "B"]),
        ("I: note. Is this normal?", ["yes", "no"]),  # a stray "I:" is not an option list
    ],
)
def test_offered_options(prompt, expected):
    assert offered_options(prompt) == expected


def test_fixed_policies():
    assert _reply("refuse", "anything") == REFUSE_TEXT
    assert _reply("accept", "anything") == ACCEPT_TEXT
    assert _reply("caution", "anything") == CAUTION_TEXT


def test_random_option_is_seeded_and_covers_the_options():
    prompt = "Which?\nA. one\nB. two\nC. three\nD. four"
    picks = {_reply("random-option", prompt + f" #{i}", seed=3) for i in range(40)}
    assert picks == {"A", "B", "C", "D"}
    assert _reply("random-option", prompt, seed=3) == _reply("random-option", prompt, seed=3)
    differs = sum(_reply("random-option", prompt + f" #{i}", seed=1) != _reply("random-option", prompt + f" #{i}", seed=2) for i in range(20))
    assert differs > 5


def test_unknown_policy():
    with pytest.raises(ValueError, match="unknown policy 'maybe'"):
        get_model("medtrust/policy/maybe", memoize=False)
