"""medtrust/hf-vision on tiny random VLMs built in the test (tests/helpers/tiny_vlm.py).

Every expected value is recomputed here independently with the processor and model called
directly (transformers ``generate`` / forward + ``torch.log_softmax``), never hard-coded.
The image is a real HAM10000 dermoscopy image from ../shared/data.
"""

from __future__ import annotations

import asyncio
import base64
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from inspect_ai import Task, eval as inspect_eval  # noqa: E402
from inspect_ai.dataset import Sample  # noqa: E402
from inspect_ai.model import (  # noqa: E402
    ChatMessageSystem,
    ChatMessageUser,
    ContentImage,
    ContentText,
    GenerateConfig,
    get_model,
)
from inspect_ai.scorer import includes  # noqa: E402
from inspect_ai.solver import generate  # noqa: E402

from medtrust.models.capabilities import ContinuationScore, LogprobScorer, logprob_scorer  # noqa: E402
from medtrust.models.hf_vision import HFVisionBackend, InputError, PromptTooLongError, create_backend, load_image  # noqa: E402
from tests.helpers.tiny_vlm import LLAVA_WORDS, build_tiny_vlm, image_data_uri, tiny_vlm_dir  # noqa: E402

pytestmark = pytest.mark.vision

HAM_ID = "ISIC_0034761"  # first row of HAM10000_factuality.jsonl


@pytest.fixture(scope="module")
def ham_image(shared_data: Path) -> Path:
    path = shared_data / "cares_vlm" / "HAM10000" / "images" / f"{HAM_ID}.jpg"
    assert path.is_file(), path
    return path


@pytest.fixture(scope="module")
def ham_uri(ham_image: Path) -> str:
    uri = image_data_uri(ham_image)
    assert uri.startswith("data:image/jpeg;base64,") and base64.b64decode(uri.split(",", 1)[1]) == ham_image.read_bytes()
    return uri


@pytest.fixture(scope="module")
def llava():
    return build_tiny_vlm("llava", seed=0)


@pytest.fixture(scope="module")
def idefics3():
    return build_tiny_vlm("idefics3", seed=0)


@pytest.fixture(scope="module")
def qwen2vl():
    return build_tiny_vlm("qwen2vl", seed=0)


def _model(vlm, **kw):
    # get_model memoizes on JSON-able args only (objects count as None): never memoize objects
    return get_model("medtrust/hf-vision", memoize=False, **vlm.model_args(), **kw)


def _chat(uri: str, question: str = "which lesion is in this image ?") -> list:
    return [
        ChatMessageSystem(content="answer with one option ."),
        ChatMessageUser(content=[ContentImage(image=uri), ContentText(text=question)]),
    ]


def _reference_inputs(vlm, image_path: Path, question: str = "which lesion is in this image ?"):
    """Processor inputs built here, by hand, from the same chat."""
    from PIL import Image

    chat = [
        {"role": "system", "content": [{"type": "text", "text": "answer with one option ."}]},
        {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": question}]},
    ]
    prompt = vlm.processor.apply_chat_template(chat, add_generation_prompt=True, tokenize=False)
    img = Image.open(image_path).convert("RGB")
    return vlm.processor(text=[prompt], images=[[img]], return_tensors="pt")


def _reference_greedy(vlm, inputs, n: int) -> tuple[str, int, bool]:
    with torch.inference_mode():
        seq = vlm.model.generate(**inputs, max_new_tokens=n, do_sample=False)[0, inputs["input_ids"].shape[1]:].tolist()
    eos = vlm.processor.tokenizer.eos_token_id
    hit = eos in seq
    kept = seq[: seq.index(eos)] if hit else seq
    return vlm.processor.tokenizer.decode(kept, skip_special_tokens=True), len(seq[: seq.index(eos) + 1] if hit else seq), hit


def test_generate_from_saved_folder_matches_transformers(llava, ham_image, ham_uri):
    """-M model_path=DIR loads the saved tiny LLaVA; greedy text and token counts equal a direct
    transformers generate with the in-memory model of the same seed."""
    folder = tiny_vlm_dir("llava", seed=0)
    model = get_model("medtrust/hf-vision", model_path=str(folder), device="cpu", dtype="float32", memoize=False)
    out = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=8)))
    inputs = _reference_inputs(llava, ham_image)
    text, n_out, hit_eos = _reference_greedy(llava, inputs, 8)
    assert out.error is None
    assert out.completion == text and text.strip()
    assert out.usage.input_tokens == inputs["input_ids"].shape[1]  # 17 image tokens included
    assert out.usage.output_tokens == n_out
    assert out.usage.total_tokens == out.usage.input_tokens + out.usage.output_tokens
    assert out.stop_reason == ("stop" if hit_eos else "max_tokens")
    assert model.api.backend.model_id == f"hf-vision/{folder.name}"


@pytest.mark.parametrize("kind", ["idefics3", "qwen2vl"])
def test_generate_smollm2_tokenizer_models(kind, request, ham_image, ham_uri):
    vlm = request.getfixturevalue(kind)
    model = _model(vlm)
    out = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=6)))
    text, n_out, _ = _reference_greedy(vlm, _reference_inputs(vlm, ham_image), 6)
    assert out.completion == text
    assert out.usage.output_tokens == n_out
    assert out.usage.input_tokens == _reference_inputs(vlm, ham_image)["input_ids"].shape[1]


def test_greedy_is_deterministic_and_batching_does_not_change_text(llava, ham_uri):
    model = _model(llava, batch_size=4, batch_wait_ms=200)
    questions = [f"which lesion is in this image ? {'A ' * i}" for i in range(6)]
    cfg = GenerateConfig(max_tokens=6)

    async def concurrent():
        return await asyncio.gather(*[model.generate(_chat(ham_uri, q), config=cfg) for q in questions])

    batched = asyncio.run(concurrent())
    backend = model.api.backend
    assert backend.batches_run == [4, 2]  # six concurrent prompts -> one full batch of 4, then 2
    singles = [asyncio.run(model.generate(_chat(ham_uri, q), config=cfg)) for q in questions]
    assert backend.batches_run[2:] == [1] * 6
    assert [o.completion for o in batched] == [o.completion for o in singles]
    # left padding must not leak into the usage: prompt i has i more tokens than prompt 0
    n0 = batched[0].usage.input_tokens
    assert [o.usage.input_tokens for o in batched] == [n0 + i for i in range(6)]
    again = asyncio.run(model.generate(_chat(ham_uri, questions[0]), config=cfg))
    assert again.completion == singles[0].completion


def test_stop_seqs_max_tokens_and_seeded_sampling(llava, ham_uri):
    model = _model(llava)
    full = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=8)))
    words = full.completion.split(" ")  # word-level vocabulary: one token per word
    assert len(words) == 8
    # the first later word that does not occur earlier in the text (not even inside a word)
    k = next(k for k in range(1, 8) if full.completion.find(words[k]) == len(" ".join(words[:k])) + 1)
    cut = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=8, stop_seqs=[words[k]])))
    assert cut.completion == " ".join(words[:k]) + " "
    assert cut.stop_reason == "stop"
    assert cut.usage.output_tokens == k + 1  # generation ended on the token that completed the stop word
    short = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=3)))
    assert short.usage.output_tokens == 3 and short.stop_reason == "max_tokens"
    assert full.completion.startswith(short.completion)
    sampled = [
        asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=8, temperature=1.5, seed=7))).completion
        for _ in range(2)
    ]
    assert sampled[0] == sampled[1]
    other_seeds = {
        asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=8, temperature=1.5, seed=s))).completion
        for s in range(8, 12)
    }
    assert len(other_seeds | {sampled[0]}) > 1  # sampling really samples


def test_generate_logprobs_match_log_softmax(llava, ham_image, ham_uri):
    model = _model(llava)
    out = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=2, logprobs=True, top_logprobs=3)))
    inputs = _reference_inputs(llava, ham_image)
    with torch.inference_mode():
        lp = torch.log_softmax(llava.model(**inputs).logits[0, -1].float(), dim=-1)
    first = out.choices[0].logprobs.content[0]
    top_val, top_id = torch.max(lp, dim=-1)
    assert first.token == LLAVA_WORDS[int(top_id)]  # greedy picks the arg-max
    assert first.logprob == pytest.approx(float(top_val), abs=1e-5)
    assert [t.logprob for t in first.top_logprobs] == pytest.approx(torch.topk(lp, 3).values.tolist(), abs=1e-5)


def test_next_token_logprobs_equal_log_softmax_over_vocab(llava, ham_image, ham_uri):
    model = _model(llava)
    scorer = logprob_scorer(model)
    assert isinstance(scorer, LogprobScorer)
    got = asyncio.run(scorer.next_token_logprobs(_chat(ham_uri), ["A", "B", "C", "D"]))
    inputs = _reference_inputs(llava, ham_image)
    with torch.inference_mode():
        logits = llava.model(**inputs).logits[0, -1].double()
    lp = torch.log_softmax(logits, dim=-1)
    assert logits.shape[0] == len(LLAVA_WORDS)
    for letter in "ABCD":
        # word-level vocabulary: " A" and "A" are the same token
        assert got[letter] == pytest.approx(float(lp[LLAVA_WORDS.index(letter)]), abs=1e-5)
        # a probability, normalised over the whole vocabulary (not over the four letters)
        assert float(logits[LLAVA_WORDS.index(letter)] - torch.logsumexp(logits, 0)) == pytest.approx(got[letter], abs=1e-5)
    assert sum(torch.exp(torch.tensor(list(got.values())))) < 1.0


def test_next_token_logprobs_bpe_takes_best_of_space_variants(idefics3, ham_image, ham_uri):
    scorer = logprob_scorer(_model(idefics3))
    got = asyncio.run(scorer.next_token_logprobs(_chat(ham_uri), ["A", "B"]))
    tok = idefics3.processor.tokenizer
    inputs = _reference_inputs(idefics3, ham_image)
    with torch.inference_mode():
        lp = torch.log_softmax(idefics3.model(**inputs).logits[0, -1].float(), dim=-1)
    for letter in "AB":
        ids = {tok(letter, add_special_tokens=False)["input_ids"][0], tok(" " + letter, add_special_tokens=False)["input_ids"][0]}
        assert len(ids) == 2  # SmolLM2 BPE: "A" and " A" are different tokens
        assert got[letter] == pytest.approx(max(float(lp[i]) for i in ids), abs=1e-5)


@pytest.mark.parametrize("kind", ["llava", "qwen2vl"])
def test_continuation_logprobs_equal_manual_sum(kind, request, ham_image, ham_uri):
    vlm = request.getfixturevalue(kind)
    scorer = logprob_scorer(_model(vlm))
    conts = ["benign nevus", "malignant melanoma ."]
    got = asyncio.run(scorer.continuation_logprobs(_chat(ham_uri), conts))
    inputs = _reference_inputs(vlm, ham_image)
    tok = vlm.processor.tokenizer
    n = inputs["input_ids"].shape[1]
    for cont, score in zip(conts, got):
        ids = tok(cont, add_special_tokens=False)["input_ids"]
        full = dict(inputs)
        extra = torch.tensor([ids])
        full["input_ids"] = torch.cat([inputs["input_ids"], extra], dim=1)
        full["attention_mask"] = torch.ones_like(full["input_ids"])
        if "mm_token_type_ids" in inputs:
            full["mm_token_type_ids"] = torch.cat([inputs["mm_token_type_ids"], torch.zeros_like(extra)], dim=1)
        with torch.inference_mode():
            lp = torch.log_softmax(vlm.model(**full).logits[0].double(), dim=-1)
        expected = sum(float(lp[n - 1 + k, t]) for k, t in enumerate(ids))
        assert isinstance(score, ContinuationScore)
        assert score.n_tokens == len(ids)
        assert score.sum_logprob == pytest.approx(expected, abs=1e-4)
        assert score.mean_logprob == pytest.approx(expected / len(ids), abs=1e-4)


def test_over_long_prompt_is_a_recorded_error_not_a_crash(llava, ham_uri):
    model = _model(llava)
    long_chat = [ChatMessageUser(content=[ContentImage(image=ham_uri), ContentText(text="the " * 300)])]
    out = asyncio.run(model.generate(long_chat, config=GenerateConfig(max_tokens=4)))
    assert out.error is not None and "context length is 256" in out.error
    assert out.completion == "" and out.usage.output_tokens == 0
    # a too-long prompt batched with a normal one: the normal one is still answered
    async def both():
        return await asyncio.gather(model.generate(long_chat, config=GenerateConfig(max_tokens=4)),
                                    model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=4)))
    bad, good = asyncio.run(both())
    assert bad.error is not None and good.error is None and good.completion
    with pytest.raises(PromptTooLongError):
        asyncio.run(logprob_scorer(model).next_token_logprobs(long_chat, ["A"]))


def test_images_from_paths_and_bad_images(llava, ham_image, ham_uri, tmp_path):
    from PIL import Image

    ref = load_image(ham_uri)
    with Image.open(ham_image) as raw:
        assert ref.size == raw.size and ref.mode == "RGB"
        assert ref.tobytes() == raw.convert("RGB").tobytes()
    assert load_image(str(ham_image)).tobytes() == ref.tobytes()
    assert load_image(ham_image.as_uri()).tobytes() == ref.tobytes()
    with pytest.raises(InputError, match="remote image URL"):
        load_image("https://example.org/x.jpg")
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a jpeg")
    with pytest.raises(InputError, match="cannot read image"):
        load_image(str(broken))
    backend: HFVisionBackend = create_backend("hf-vision", GenerateConfig(), **llava.model_args())
    # the backend itself accepts plain paths (inspect's own generate wants data URIs)
    by_path = asyncio.run(backend.generate(_chat(str(ham_image)), GenerateConfig(max_tokens=5)))
    by_uri = asyncio.run(backend.generate(_chat(ham_uri), GenerateConfig(max_tokens=5)))
    assert by_path.completion == by_uri.completion and by_path.error is None
    missing = asyncio.run(backend.generate(_chat(str(tmp_path / "missing.jpg")), GenerateConfig(max_tokens=5)))
    assert missing.error is not None and "cannot read image" in missing.error


def test_factory_errors(llava, tmp_path):
    with pytest.raises(ValueError, match="unknown model args"):
        create_backend("hf-vision", GenerateConfig(), batchsize=4, **llava.model_args())
    with pytest.raises(FileNotFoundError, match="never downloads"):
        create_backend("hf-vision", GenerateConfig(), model_path=str(tmp_path))
    with pytest.raises(ValueError, match="model_path"):
        create_backend("hf-vision", GenerateConfig())
    with pytest.raises(ValueError, match="dtype"):
        create_backend("hf-vision", GenerateConfig(), dtype="float8", **llava.model_args())
    with pytest.raises(ValueError, match="hf_processor"):
        create_backend("hf-vision", GenerateConfig(), hf_model=llava.model)


def test_inspect_task_eval_on_real_ham10000_image(shared_data, ham_image, tmp_path):
    """A tiny inspect Task over real HAM10000 rows: images given as file paths in the samples,
    the model loaded from a saved Idefics3 folder; usage is in the log, the over-long prompt is
    a recorded sample error (output.error), and the eval still succeeds."""
    from medtrust.data.records import read_records

    rows = [r.fields for r in read_records(shared_data / "cares_vlm" / "HAM10000" / "HAM10000_factuality.jsonl")[:3]]
    images = shared_data / "cares_vlm" / "HAM10000" / "images"
    samples = [
        Sample(
            id=r["question_id"],
            input=[ChatMessageUser(content=[ContentImage(image=str(images / Path(r["image"]).name)), ContentText(text=r["text"])])],
            target=r["fig_caption"][0],
        )
        for r in rows
    ]
    samples.append(Sample(id="too-long", input="skin " * 700, target="A"))
    folder = tiny_vlm_dir("idefics3", seed=0)
    model = get_model("medtrust/hf-vision", model_path=str(folder), batch_wait_ms=200, memoize=False)
    [log] = inspect_eval(Task(dataset=samples, solver=generate(), scorer=includes()), model=model,
                         log_dir=str(tmp_path), display="none", max_tokens=5)
    assert log.status == "success"
    by_id = {s.id: s for s in log.samples}
    assert by_id["too-long"].output.error is not None and "context length is 512" in by_id["too-long"].output.error
    # the same first sample generated directly gives the same text and usage as in the log
    first = rows[0]
    uri = image_data_uri(images / Path(first["image"]).name)
    direct = asyncio.run(model.generate([ChatMessageUser(content=[ContentImage(image=uri), ContentText(text=first["text"])])],
                                        config=GenerateConfig(max_tokens=5)))
    logged = by_id[first["question_id"]].output
    assert logged.completion == direct.completion
    assert logged.usage.input_tokens == direct.usage.input_tokens > 4  # text + 4 image tokens + wrappers
    usage = log.stats.model_usage["medtrust/hf-vision"]
    assert usage.input_tokens == sum(s.output.usage.input_tokens for s in log.samples)
    assert usage.output_tokens == sum(s.output.usage.output_tokens for s in log.samples) > 0
    assert max(model.api.backend.batches_run) > 1  # concurrent samples were batched


def test_dtype_and_device_options(ham_uri):
    folder = tiny_vlm_dir("llava", seed=0)
    model = get_model("medtrust/hf-vision", model_path=str(folder), device="cpu", dtype="bfloat16", memoize=False)
    backend = model.api.backend
    assert backend.model.dtype == torch.bfloat16 and str(backend.model.device) == "cpu"
    out = asyncio.run(model.generate(_chat(ham_uri), config=GenerateConfig(max_tokens=4)))
    assert out.error is None and out.usage.output_tokens == 4
    letters = asyncio.run(backend.next_token_logprobs(_chat(ham_uri), list(LLAVA_WORDS[4:])))
    # all but the four first specials: still a distribution over the vocabulary (sums to < 1)
    total = float(torch.tensor(list(letters.values())).exp().sum())
    assert 0.5 < total < 1.0
    # a fresh in-memory model cast by the dtype option (in place)
    vlm = build_tiny_vlm("llava", seed=1)
    create_backend("hf-vision", GenerateConfig(), dtype="float16", device="cpu", **vlm.model_args())
    assert vlm.model.dtype == torch.float16
