"""The MediConfusion inspect task: samples, the four mode solvers (MC, FF, GD, PS) and the scorer.

One sample per image (two per pair, sharing ``pair_id``); with ``swap=True`` each image is also
asked with options A and B exchanged. Every sample ends as an explicit outcome
(medtrust.outcomes); the official metrics count every non-answer as the invalid choice "-",
as the official code counts a failed call (0/0 scores). Mode facts:
../shared/docs/benchmarks/mediconfusion.md sec. 3.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import (
    ChatMessageSystem,
    ChatMessageUser,
    ContentImage,
    ContentText,
    GenerateConfig,
    ModelOutput,
    get_model,
)
from inspect_ai.scorer import Score, Scorer, Target, scorer
from inspect_ai.solver import Generate, Solver, TaskState, solver

from medtrust.benchmarks.mediconfusion.dataset import Pair, load_pairs, packaged_file, resolve_image
from medtrust.data.paths import UnsafePathError
from medtrust.benchmarks.mediconfusion.extract import (
    DEFAULT_THRESHOLD,
    INVALID,
    Choice,
    JudgeParseError,
    lenient_choice,
    official_choice,
    parse_judge_lenient,
    parse_judge_official,
    threshold_choice,
)
from medtrust.judges.refusal import is_refusal
from medtrust.benchmarks.mediconfusion.metrics import confusion, individual_accuracy, invalid_rate, set_accuracy
from medtrust.benchmarks.mediconfusion.prompts import (
    JUDGE_SYSTEM,
    PROMPT_FAMILIES,
    ff_prompt,
    gd_prompt,
    judge_prompt,
    mc_prompt,
    ps_prompt,
)
from medtrust.images import model_image_ref
from medtrust.models.capabilities import logprob_scorer
from medtrust.outcomes import Outcome, answered_score, non_answer_score
from medtrust.scorers.budget import ReaderBudgetExceeded, read_within
from medtrust.scorers.extract import refusal_phrase
from medtrust.solvers import INPUT_ERROR_KEY, input_error_of, skip_input_errors

MODES = ("mc", "ff", "gd", "ps")
#: Official MC decoding override: greedy, 32 new tokens (doc sec. 3.2).
MC_MAX_TOKENS = 32
#: FF answers are free text; the official code leaves the model default, we cap for local models.
FF_MAX_TOKENS = 512
#: Official judge temperature (doc sec. 3.1).
JUDGE_TEMPERATURE = 0.7
#: top_logprobs requested from servers in GD mode.
GD_TOP_LOGPROBS = 20


class ModeNotSupported(ValueError):
    """The model cannot run the requested mode (e.g. PS on an API without log-probabilities)."""


def check_mode_support(model: Any, mode: str) -> None:
    """Fail before a run when the model cannot do ``mode``.

    GD needs a :class:`~medtrust.models.capabilities.LogprobScorer` backend or a provider that
    returns top log-probabilities from ``generate`` (OpenAI-compatible servers); medtrust's own
    backends without LogprobScorer (policies, scripted) cannot. PS always needs a LogprobScorer.

    Raises:
        ModeNotSupported: with the reason and the modes that would work.
    """
    if mode not in ("gd", "ps"):
        return
    m = get_model(model) if isinstance(model, str) else model
    if logprob_scorer(m) is not None:
        return
    is_medtrust = type(m.api).__module__.startswith("medtrust.")
    if mode == "gd" and not is_medtrust:
        return  # generate(logprobs=True) is tried; a provider that returns none gives model_error per sample
    raise ModeNotSupported(
        f"model '{m}' cannot run MediConfusion mode '{mode}': "
        + (
            "PS needs log-likelihoods of option texts, which only local backends expose (medtrust/embedded, medtrust/gguf, medtrust/hf-vision)"
            if mode == "ps"
            else "GD needs next-token log-probabilities; this medtrust backend has none"
        )
        + "; use --mode mc or --mode ff"
    )


def _swap(letter: str) -> str:
    return {"A": "B", "B": "A"}.get(letter, letter)


def build_samples(
    pairs: list[Pair],
    *,
    mode: str,
    image_root: str | Path | None,
    text_only: bool = False,
    prompt_family: str = "plain",
    swap: bool = False,
) -> list[Sample]:
    """Two samples per pair (``<pair>-im1``, ``<pair>-im2``), plus ``-swap`` twins when ``swap``.

    The user message is the image followed by the mode's prompt text. A missing image file is
    recorded as ``metadata["input_error"]`` (medtrust.solvers; scored ``input_error``), never silently dropped.

    Raises:
        ValueError: unknown mode/family, or no image root for a non-text-only run.
    """
    if mode not in MODES:
        raise ValueError(f"unknown MediConfusion mode '{mode}'; known: {', '.join(MODES)}")
    if prompt_family not in PROMPT_FAMILIES:
        raise ValueError(f"unknown prompt family '{prompt_family}'; known: {', '.join(PROMPT_FAMILIES)}")
    if image_root is None and not text_only:
        raise ValueError(
            "MediConfusion needs its images: pass --image-root DIR (get them with "
            "`medtrust data fetch mediconfusion --dest DIR`), or `-T text_only=true` for a smoke run without images"
        )
    samples = []
    for pair in pairs:
        for slot in (1, 2):
            refused = None
            try:
                path = None if text_only else resolve_image(image_root, pair, slot - 1)  # type: ignore[arg-type]
            except UnsafePathError as e:  # the row names a file outside the image root: never opened
                path, refused = None, f"pair {pair.pair_id} image {slot}: image path refused: {e}"
            for swapped in (False, True) if swap else (False,):
                opt_a, opt_b = (pair.option_b, pair.option_a) if swapped else (pair.option_a, pair.option_b)
                gold = _swap(pair.gold[slot - 1]) if swapped else pair.gold[slot - 1]
                if mode == "mc":
                    text = mc_prompt(pair.question, opt_a, opt_b, prompt_family)
                elif mode == "gd":
                    text = gd_prompt(pair.question, opt_a, opt_b, prompt_family)
                elif mode == "ff":
                    text = ff_prompt(pair.question)
                else:
                    text = ps_prompt(pair.question)
                content: Any
                if text_only or path is None:
                    content = text
                else:
                    content = [ContentImage(image=model_image_ref(path)), ContentText(text=text)]
                md: dict[str, Any] = {
                    "pair_id": pair.pair_id,
                    "slot": slot,
                    "gold": gold,
                    "swapped": swapped,
                    "option_a": opt_a,
                    "option_b": opt_b,
                    "question": pair.question,
                    "categories": list(pair.categories[slot - 1]),
                    "image": pair.images[slot - 1],
                    "image_local": pair.locals[slot - 1],
                    "text_only": text_only,
                }
                if not text_only and path is None:
                    md[INPUT_ERROR_KEY] = refused or f"image not found: {pair.locals[slot - 1]}.jpg (or {pair.images[slot - 1]}) under {image_root}"
                sid = f"{pair.pair_id}-im{slot}" + ("-swap" if swapped else "")
                samples.append(Sample(id=sid, input=[ChatMessageUser(content=content)], target=gold, metadata=md))
    return samples


@solver
def mediconfusion_solver(mode: str = "mc", max_tokens: int | None = None) -> Solver:
    """Answer one image in the given mode.

    - mc: greedy generation, ``max_tokens`` (default 32) new tokens.
    - ff: generation with the model's default sampling, ``max_tokens`` (default 512).
    - gd: log-probabilities of "A" and "B" as the next token (LogprobScorer backend, else
      ``generate(logprobs=True, top_logprobs=20, max_tokens=1)``); the larger wins, ties go to
      A as ``argmax`` does in the official code. Stored in ``metadata["letter_scores"]``.
    - ps: length-normalised log-likelihood (mean token log-prob, i.e. log of the geometric mean
      of token probabilities, official sec. 3.4) of each option text as the assistant reply;
      A wins only if strictly larger (official: ties go to B). Stored in ``letter_scores``.
    The chosen letter (gd/ps) becomes the assistant message so the log shows it.
    """

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        md = state.metadata
        if mode == "mc":
            return await generate(state, temperature=0.0, max_tokens=max_tokens or MC_MAX_TOKENS)
        if mode == "ff":
            return await generate(state, max_tokens=max_tokens or FF_MAX_TOKENS)
        model = get_model()
        backend = logprob_scorer(model)
        if mode == "gd":
            if backend is not None:
                lp = await backend.next_token_logprobs(state.messages, ["A", "B"])
                scores = {"A": float(lp["A"]), "B": float(lp["B"])}
            else:
                out = await model.generate(
                    state.messages,
                    config=GenerateConfig(max_tokens=1, temperature=0.0, logprobs=True, top_logprobs=GD_TOP_LOGPROBS),
                )
                if out.error:
                    state.output = out
                    return state
                scores = _letters_from_top_logprobs(out)
                if scores is None:
                    state.output = ModelOutput.from_content(
                        model=str(model), content="", stop_reason="unknown",
                        error="GD mode: the provider returned no log-probabilities; use a local backend or --mode mc",
                    )  # fmt: skip
                    return state
            if math.isinf(scores["A"]) and math.isinf(scores["B"]):
                letter = ""  # neither letter among the top log-probabilities: invalid
            else:
                letter = "A" if scores["A"] >= scores["B"] else "B"
        else:
            if backend is None:
                raise ModeNotSupported(f"model '{model}' cannot score continuations (PS mode)")
            res = await backend.continuation_logprobs(state.messages, [md["option_a"], md["option_b"]])
            scores = {"A": res[0].mean_logprob, "B": res[1].mean_logprob}
            letter = "A" if scores["A"] > scores["B"] else "B"
        md["letter_scores"] = scores
        state.output = ModelOutput.from_content(model=str(model), content=letter)
        state.messages.append(state.output.message)
        return state

    return solve


def _letters_from_top_logprobs(out: ModelOutput) -> dict[str, float] | None:
    # Best log-probability of a first token that is the bare letter (leading space allowed).
    lps = out.choices[0].logprobs if out.choices else None
    if lps is None or not lps.content:
        return None
    first = lps.content[0]
    cands = [(first.token, first.logprob)] + [(t.token, t.logprob) for t in (first.top_logprobs or [])]
    best = {"A": -math.inf, "B": -math.inf}
    for tok, lp in cands:
        t = tok.strip()
        if t in best:
            best[t] = max(best[t], float(lp))
    return best


def _choice_meta(prefix: str, c: Choice) -> dict[str, Any]:
    return {f"choice_{prefix}": c.letter, f"reason_{prefix}": c.reason}


@scorer(metrics=[set_accuracy(), individual_accuracy(), confusion(), invalid_rate()])
def mediconfusion_scorer(
    mode: str = "mc",
    parser: str = "official",
    tr: float = DEFAULT_THRESHOLD,
    judge_temperature: float = JUDGE_TEMPERATURE,
) -> Scorer:
    """Score one image: decided letter vs gold, with an explicit outcome.

    Score metadata (read by the summary): ``pair_id``, ``slot``, ``gold``, ``swapped``,
    ``categories``, ``mode``, ``epoch``, ``choice`` (primary letter or "-"), ``choice_official`` and
    ``choice_lenient`` (MC), ``score_a``/``score_b`` (pair fed to the threshold rule),
    ``reason`` (why invalid), FF: ``judge_text``, ``judge_parse``.

    Outcomes: correct/incorrect for a decided letter; ``abstained`` when an undecided reply is a
    refusal; ``truncated`` when an undecided MC reply was cut by the token limit before stating
    an answer; ``unparseable`` for other undecided replies (no letter, both letters, FF scores
    within the threshold); ``judge_error`` for a judge reply without scores for A and B (the
    official parser first, then JSON and tolerant lines, decimals kept) or a failed judge call; ``model_error``; ``input_error`` for a missing image.

    Args:
        mode: mc | ff | gd | ps.
        parser: MC letter parser deciding ``choice``: ``official`` (faithful) or ``lenient``.
        tr: threshold of the official rule (default 3).
        judge_temperature: FF judge sampling temperature (official 0.7).
    """
    if parser not in ("official", "lenient"):
        raise ValueError(f"parser must be 'official' or 'lenient', got {parser!r}")

    async def score(state: TaskState, target: Target) -> Score:
        md = state.metadata
        base: dict[str, Any] = {
            "pair_id": md["pair_id"],
            "slot": md["slot"],
            "gold": md["gold"],
            "swapped": md.get("swapped", False),
            "categories": md.get("categories", []),
            "mode": mode,
            "epoch": state.epoch,  # pairs are formed per epoch (metrics.pair_key)
            "choice": INVALID,
        }
        if input_error_of(md):
            return non_answer_score(Outcome.INPUT_ERROR, input_error_of(md), **base)
        if state.output is None or state.output.error:
            err = state.output.error if state.output is not None else "no model output"
            return non_answer_score(Outcome.MODEL_ERROR, f"model error: {err}", **base)
        text = state.output.completion
        extra: dict[str, Any] = {}
        if mode == "mc":
            try:
                off = read_within(official_choice, text, tr)
                len_ = read_within(lenient_choice, text, md["option_a"], md["option_b"], stop_reason=state.output.stop_reason)
            except ReaderBudgetExceeded as e:
                return non_answer_score(Outcome.UNPARSEABLE, str(e), answer=INVALID, reader_budget_exceeded=True, **base)
            extra |= _choice_meta("official", off) | _choice_meta("lenient", len_)
            chosen = off if parser == "official" else len_
        elif mode in ("gd", "ps"):
            ls = md.get("letter_scores", {})
            extra["letter_scores"] = ls
            # the solver's letter goes through the official detector, as the official adapters return the letter
            chosen = official_choice(text, tr) if text else Choice(INVALID, 0, 0, reason="no_letter")
        else:
            judged = await _judge(md, text, judge_temperature)
            if isinstance(judged, Score):
                judged.metadata = {**base, **(judged.metadata or {})}
                return judged
            a, b, reason, how, judge_text = judged
            chosen = threshold_choice(a, b, tr)
            extra |= {"judge_text": judge_text, "judge_parse": how, "judge_reason": reason}
        meta = base | extra | {"choice": chosen.letter, "score_a": chosen.score_a, "score_b": chosen.score_b, "reason": chosen.reason}
        if chosen.valid:
            ok = chosen.letter == md["gold"]
            return answered_score(1.0 if ok else 0.0, Outcome.CORRECT if ok else Outcome.INCORRECT, answer=chosen.letter, **meta)
        outcome = Outcome.UNPARSEABLE
        if mode == "mc" and not len_.valid:
            # how the reply reads decides the kind of non-answer, whichever parser picked the letter
            outcome = {"refusal": Outcome.ABSTAINED, "truncated": Outcome.TRUNCATED}.get(str(len_.reason), outcome)
        elif mode == "ff" and _refusal_within(text):
            outcome = Outcome.ABSTAINED
        return non_answer_score(outcome, f"invalid ({chosen.reason})", answer=INVALID, **meta)

    return score


def _refusal_within(text: str) -> bool:
    """The refusal check of an undecided FF reply; a reply it cannot read in time is no refusal
    (the sample stays ``unparseable``)."""
    try:
        return read_within(is_refusal, text)
    except ReaderBudgetExceeded:
        return False


async def _judge(md: dict[str, Any], response: str, temperature: float) -> tuple[float, float, str, str, str] | Score:
    """Ask the ``grader`` role; returns (A, B, reason, parser used, raw reply) or a judge_error Score."""
    try:
        grader = get_model(role="grader", required=True)
    except Exception as e:  # inspect raises when the role is not configured
        raise ModeNotSupported(f"FF mode needs a judge model for role 'grader' (--judge-model): {e}") from None
    messages = [
        ChatMessageSystem(content=JUDGE_SYSTEM),
        ChatMessageUser(content=judge_prompt(md["question"], md["option_a"], md["option_b"], response)),
    ]
    try:
        out = await grader.generate(messages, config=GenerateConfig(temperature=temperature))
    except Exception as e:  # a failed judge call is counted, never a crash
        return non_answer_score(Outcome.JUDGE_ERROR, f"judge call failed: {e}", answer=INVALID, choice=INVALID, reason="judge_error")
    if out.error:
        return non_answer_score(Outcome.JUDGE_ERROR, f"judge error: {out.error}", answer=INVALID, choice=INVALID, reason="judge_error")
    reply = out.completion
    try:
        a, b, reason = read_within(parse_judge_official, reply)
        how = "official"
    except ReaderBudgetExceeded as e:
        return non_answer_score(Outcome.JUDGE_ERROR, str(e), answer=INVALID, choice=INVALID, reason="judge_error",
                                judge_text=reply, reader_budget_exceeded=True)
    except JudgeParseError:
        try:
            a, b, reason = read_within(parse_judge_lenient, reply)
            how = "lenient"
        except ReaderBudgetExceeded as e:
            return non_answer_score(Outcome.JUDGE_ERROR, str(e), answer=INVALID, choice=INVALID, reason="judge_error",
                                    judge_text=reply, reader_budget_exceeded=True)
        except JudgeParseError as e:
            return non_answer_score(
                Outcome.JUDGE_ERROR, f"malformed judge reply: {e}", answer=INVALID, choice=INVALID, reason="judge_error", judge_text=reply
            )
    return a, b, reason, how, reply


@task
def mediconfusion(
    mode: str = "mc",
    image_root: str | None = None,
    text_only: bool = False,
    parser: str = "official",
    tr: float = DEFAULT_THRESHOLD,
    prompt_family: str = "plain",
    swap: bool = False,
    data: str | None = None,
    max_tokens: int | None = None,
    judge_temperature: float = JUDGE_TEMPERATURE,
) -> Task:
    """MediConfusion (Sepehri et al., ICLR 2025): 176 pairs of confusing radiology images.

    Args:
        mode: ``mc`` (options shown, letter parsed), ``ff`` (free answer + ``grader`` judge),
            ``gd`` (next-token log-probs of A/B), ``ps`` (option-text likelihood).
        image_root: folder with ``<local id>.jpg`` files or the parent of a ``roco-dataset`` clone.
        text_only: omit images (smoke runs of text models; the numbers are not MediConfusion results).
        parser: MC parser deciding the primary choice (``official`` | ``lenient``); both are logged.
        tr: threshold rule (official 3).
        prompt_family: ``plain`` (API-model layout) | ``default`` (open-model pseudo-JSON layout).
        swap: also ask every image with options exchanged (position bias; medtrust addition).
        data: dataset file (JSON or official CSV); default = packaged ``dataset.json``.
        max_tokens: generation cap (MC default 32, FF default 512).
        judge_temperature: FF judge temperature (official 0.7).

    Raises:
        ValueError: unknown mode/parser/family; no image root and not text-only; an image root
            that holds none of the images.
    """
    pairs = load_pairs(data)
    samples = build_samples(pairs, mode=mode, image_root=image_root, text_only=text_only, prompt_family=prompt_family, swap=swap)
    if not text_only and all(input_error_of(s.metadata) for s in samples):
        raise ValueError(
            f"no MediConfusion image found under {image_root} (expected <local id>.jpg such as "
            f"{pairs[0].locals[0]}.jpg, or roco-dataset/data/{pairs[0].images[0]}); "
            "fetch them with `medtrust data fetch mediconfusion --dest DIR`"
        )
    return Task(
        dataset=MemoryDataset(samples, name="mediconfusion", location=str(data or packaged_file("dataset.json"))),
        solver=[skip_input_errors(), mediconfusion_solver(mode=mode, max_tokens=max_tokens)],
        scorer=mediconfusion_scorer(mode=mode, parser=parser, tr=tr, judge_temperature=judge_temperature),
        name=f"mediconfusion_{mode}",
        version=1,
        metadata={"benchmark": "mediconfusion", "mode": mode, "parser": parser, "tr": tr, "swap": swap, "text_only": text_only},
    )
