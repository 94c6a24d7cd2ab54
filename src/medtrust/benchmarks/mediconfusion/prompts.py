"""MediConfusion prompts, in medtrust's own words, following the official prompt *structure*.

Structure source: official ``models/*`` ``ask`` helpers and ``scripts/answering.py`` at
AIF4S/MediConfusion @ a3045b03 (doc sec. 3): MC shows the two options and asks for the letter,
FF and PS hide the options, GD shows them and ends on an answer cue, the FF judge rates closeness
of the free answer to each option from 1 to 10 in a three-line reply. The wording is ours.
"""

from __future__ import annotations

#: ``plain`` = the official layout for API models ("A: text" lines, "Answer:" cue);
#: ``default`` = the official layout for most open models (pseudo-JSON options, letter-priming cue).
PROMPT_FAMILIES = ("plain", "default")

_INSTRUCTION = "Look at the medical image and decide which option correctly answers the question."
_ONE_LETTER = "Reply with the letter of the correct option and nothing else."


def _options(option_a: str, option_b: str, family: str) -> str:
    if family == "default":
        return f'("A": {option_a})\n("B": {option_b})'
    return f"A: {option_a}\nB: {option_b}"


def mc_prompt(question: str, option_a: str, option_b: str, family: str = "plain") -> str:
    """MC prompt: instruction, question, both options, one-letter request, answer cue.

    Raises:
        ValueError: unknown family.
    """
    _check(family)
    cue = 'Answer: ("' if family == "default" else "Answer:"
    return f"{_INSTRUCTION}\nQuestion: {question}\nOptions:\n{_options(option_a, option_b, family)}\n{_ONE_LETTER}\n{cue}"


def gd_prompt(question: str, option_a: str, option_b: str, family: str = "plain") -> str:
    """GD prompt: like MC but without the one-letter sentence; the next token is scored."""
    _check(family)
    cue = 'Answer: ("' if family == "default" else "Answer:"
    return f"{_INSTRUCTION}\nQuestion: {question}\nOptions:\n{_options(option_a, option_b, family)}\n{cue}"


def ff_prompt(question: str) -> str:
    """FF prompt: the question alone, options hidden."""
    return f"Look at the medical image and answer the question.\nQuestion: {question}\nAnswer:"


def ps_prompt(question: str) -> str:
    """PS user turn: the question alone; each option's text is then scored as the assistant reply."""
    return f"Question: {question}"


JUDGE_SYSTEM = "You carefully assess how closely an AI assistant's answer matches given reference answers."


def judge_prompt(question: str, option_a: str, option_b: str, response: str) -> str:
    """FF judge input: question, the two options as candidates A and B, the response, the instruction."""
    return (
        f"Question: {question}\n"
        f"Candidate answer A: {option_a}\n"
        f"Candidate answer B: {option_b}\n"
        f"AI assistant's response:\n{response}\n[End of response]\n\n"
        "Rate from 1 to 10 how close the response is to each candidate answer. Do not judge whether "
        "the response is medically right; only judge closeness. Reply in exactly three lines:\n"
        "A: <score for candidate A>\nB: <score for candidate B>\n<one sentence explaining the scores>"
    )


def _check(family: str) -> None:
    if family not in PROMPT_FAMILIES:
        raise ValueError(f"unknown prompt family '{family}'; known: {', '.join(PROMPT_FAMILIES)}")
