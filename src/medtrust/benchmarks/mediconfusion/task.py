"""The MediConfusion inspect task: samples and the four mode solvers (MC, FF, GD, PS); the scorer is scorer.py.

One sample per image (two per pair, sharing ``pair_id``); with ``swap=True`` each image is also
asked with options A and B exchanged. Every sample ends as an explicit outcome
(medtrust.outcomes); the official metrics count every non-answer as the invalid choice "-",
as the official code counts a failed call (0/0 scores). Mode facts:
../shared/docs/benchmarks/mediconfusion.md sec. 3.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageUser, ContentImage, ContentText, GenerateConfig, ModelOutput, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from medtrust.benchmarks.mediconfusion.dataset import Pair, load_pairs, packaged_file, resolve_image
from medtrust.benchmarks.mediconfusion.extract import DEFAULT_THRESHOLD
from medtrust.benchmarks.mediconfusion.prompts import PROMPT_FAMILIES, ff_prompt, gd_prompt, mc_prompt, ps_prompt
from medtrust.benchmarks.mediconfusion.scorer import JUDGE_TEMPERATURE, ModeNotSupported, mediconfusion_scorer
from medtrust.data.paths import UnsafePathError
from medtrust.benchmarks.interface import EVIDENCE_METADATA_KEY
from medtrust.evidence_class import declare
from medtrust.images import ImageTooLarge, check_image_size, model_image_ref, stand_in_reason
from medtrust.models.capabilities import logprob_scorer
from medtrust.shards import select
from medtrust.solvers import INPUT_ERROR_KEY, input_error_of, remove_images, skip_input_errors

#: the benchmark name every log of this task records (``eval.metadata["benchmark"]``)
NAME = "mediconfusion"
MODES = ("mc", "ff", "gd", "ps")
#: Official MC decoding override: greedy, 32 new tokens (doc sec. 3.2).
MC_MAX_TOKENS = 32
#: FF answers are free text; the official code leaves the model default, we cap for local models.
FF_MAX_TOKENS = 512
#: top_logprobs requested from servers in GD mode.
GD_TOP_LOGPROBS = 20


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
                if path is not None:
                    check_image_size(path)
            except UnsafePathError as e:  # the row names a file outside the image root: never opened
                path, refused = None, f"pair {pair.pair_id} image {slot}: image path refused: {e}"
            except ImageTooLarge as e:  # never read or sent
                path, refused = None, f"pair {pair.pair_id} image {slot}: image refused: {e}"
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


def image_folder(image_roots: str | dict[str, str] | None, image_root: str | None = None) -> str | None:
    """The one image folder of the task arguments ``image_roots`` (a folder, or a one-source
    mapping keyed ``mediconfusion`` or ``default``) and the deprecated ``image_root``.

    Raises:
        ValueError: both names given with different folders; a mapping with another key.
    """
    if image_root is not None:
        warnings.warn("mediconfusion: the task argument 'image_root' is deprecated; use 'image_roots' "
                      "(-T image_roots=DIR), the name every medtrust benchmark uses", FutureWarning, stacklevel=2)  # fmt: skip
    if isinstance(image_roots, dict):
        unknown = sorted(set(image_roots) - {NAME, "default"})
        if unknown:
            raise ValueError(f"mediconfusion: image_roots has one source, '{NAME}' (or 'default'); got {', '.join(map(repr, unknown))}")
        image_roots = image_roots.get(NAME) or image_roots.get("default")
    if image_root is not None and image_roots is not None and str(image_root) != str(image_roots):
        raise ValueError(f"mediconfusion: give the image folder once: image_roots={image_roots!r} and image_root={image_root!r} differ")
    folder = image_roots if image_roots is not None else image_root
    return str(folder) if folder is not None else None


@task
def mediconfusion(
    mode: str = "mc",
    image_roots: str | dict[str, str] | None = None,
    text_only: bool = False,
    parser: str = "official",
    tr: float = DEFAULT_THRESHOLD,
    prompt_family: str = "plain",
    swap: bool = False,
    data: str | None = None,
    max_tokens: int | None = None,
    judge_temperature: float = JUDGE_TEMPERATURE,
    image_root: str | None = None,
    llm_extraction: bool = True,
    shard: str | None = None,
    image_blind: bool = False,
) -> Task:
    """MediConfusion (Sepehri et al., ICLR 2025): 176 pairs of confusing radiology images.

    Args:
        mode: ``mc`` (options shown, letter parsed), ``ff`` (free answer + ``grader`` judge),
            ``gd`` (next-token log-probs of A/B), ``ps`` (option-text likelihood).
        image_roots: the image folder: ``<local id>.jpg`` files or the parent of a ``roco-dataset``
            clone; a folder, or ``{"mediconfusion": folder}`` as every benchmark's ``image_roots``
            mapping (one source).
        text_only: omit images (smoke runs of text models; the numbers are not MediConfusion results).
        parser: MC parser deciding the primary choice (``official`` | ``lenient``); both are logged.
        tr: threshold rule (official 3).
        prompt_family: ``plain`` (API-model layout) | ``default`` (open-model pseudo-JSON layout).
        swap: also ask every image with options exchanged (position bias; medtrust addition).
        data: dataset file (JSON or official CSV); default = packaged ``dataset.json``.
        max_tokens: generation cap (MC default 32, FF default 512).
        judge_temperature: FF judge temperature (official 0.7).
        image_root: the former name of ``image_roots`` (works, with a deprecation warning).
        llm_extraction: MC mode with a judge model bound (role ``grader``): replies the lenient
            parser cannot read go to it (``choice_lenient``, ``extracted_by="llm"``); False turns it off.
        shard: ``"K/N"`` (``"K/N@L"``): only shard K of N of the images, the two images of a
            pair (and their swapped twins) together (medtrust.shards; `medtrust run --shards`).
        image_blind: the image-blind pass (``medtrust run --image-blind``): the same samples with
            every image removed (medtrust.solvers.remove_images); the log is labelled blind.

    Raises:
        ValueError: unknown mode/parser/family; no image root and not text-only; an image root
            that holds none of the images; ``image_roots`` and ``image_root`` both given and
            different, or a mapping with another source than ``mediconfusion``.
    """
    image_root = image_folder(image_roots, image_root)
    pairs = load_pairs(data)
    samples = build_samples(pairs, mode=mode, image_root=image_root, text_only=text_only, prompt_family=prompt_family, swap=swap)
    if not text_only and all(input_error_of(s.metadata) for s in samples):
        raise ValueError(
            f"no MediConfusion image found under {image_root} (expected <local id>.jpg such as "
            f"{pairs[0].locals[0]}.jpg, or roco-dataset/data/{pairs[0].images[0]}); "
            "fetch them with `medtrust data fetch mediconfusion --dest DIR`"
        )
    blind = [remove_images()] if image_blind else []
    return Task(
        dataset=select(MemoryDataset(samples, name="mediconfusion", location=str(data or packaged_file("dataset.json"))), shard,
                       cluster=lambda s: s.metadata["pair_id"]),
        solver=[skip_input_errors(), *blind, mediconfusion_solver(mode=mode, max_tokens=max_tokens)],
        scorer=mediconfusion_scorer(mode=mode, parser=parser, tr=tr, judge_temperature=judge_temperature,
                                    llm_extraction=llm_extraction),
        name=f"mediconfusion_{mode}" + ("_image_blind" if image_blind else ""),
        version=1,
        metadata={"benchmark": NAME, "mode": mode, "parser": parser, "tr": tr, "swap": swap, "text_only": text_only,
                  EVIDENCE_METADATA_KEY: task_evidence(data, image_root, text_only, image_blind)},
    )


def task_evidence(data: str | None, image_root: str | None, text_only: bool, image_blind: bool) -> dict[str, Any]:
    """The evidence facts of a MediConfusion task (medtrust.evidence_class): the packaged
    ``dataset.json`` is the whole benchmark (176 pairs: the full split), as is a user file with its
    sha256; any other file is the user's. A text-only run and a folder of stand-in images
    (medtrust.images.STAND_IN_MARKER) are smoke runs; ``image_blind`` is the image-blind pass."""
    from medtrust.data.records import sha256_file

    packaged = sha256_file(packaged_file("dataset.json"))
    sha = packaged if data is None else sha256_file(data)
    kind = "full_split" if sha == packaged else "user_file"
    note = "MediConfusion dataset.json, all 176 pairs" + (" (packaged)" if data is None else f" ({Path(data).name})") if kind == "full_split" \
        else f"user file {Path(str(data)).name}"
    smoke = ["text-only (-T text_only=true): no image was shown; these are not MediConfusion results"] if text_only else []
    stand_in = None if text_only else stand_in_reason(image_root)
    if stand_in:
        smoke.append(stand_in)
    return declare(data="stand_in" if stand_in else kind, data_sha256=sha, data_note=note, smoke=smoke,
                   images="none" if text_only else "shown", blind_pass=image_blind and not text_only)
