"""CARES-VLM solvers: the guarded generate step, two-turn uncertainty, and image noise.

The prompt variant itself is applied when samples are built (``dataset.make_sample``), so the
log shows the exact text each model saw; these solvers add what must happen at run time.
"""

from __future__ import annotations

import base64
import io
import logging

from inspect_ai.model import ChatMessageUser, ContentImage
from inspect_ai.solver import Generate, Solver, TaskState, solver

from medtrust.benchmarks.cares_vlm.guard import check_active_models, is_restricted_sample
from medtrust.benchmarks.cares_vlm.prompts import UNCERTAINTY_FOLLOW_UP

log = logging.getLogger(__name__)


@solver
def cares_vlm_generate(allow_remote_restricted: bool = False) -> Solver:
    """Generate the model's answer, with CARES-VLM's input checks.

    - A sample with ``metadata["input_error"]`` (missing/corrupt image) never reaches this
      solver: ``medtrust.solvers.skip_input_errors`` ends its chain first, and the scorer records
      ``input_error``.
    - A restricted sample (``metadata["restricted"]`` or a restricted ``source``) is refused when
      the active model or any role model (judges) is not local (guard.py), unless
      ``allow_remote_restricted``: checked before the first request of the sample.
    - ``metadata["turns"] == 2`` (two-turn uncertainty): after the answer, the follow-up question
      :data:`~medtrust.benchmarks.cares_vlm.prompts.UNCERTAINTY_FOLLOW_UP` is asked as a second
      user turn and the final output is the reply to it (the first reply stays in ``messages``).

    Raises:
        RestrictedDataError: restricted sample and a non-local model or judge (recorded as the
            sample's error by inspect with ``fail_on_error=False``; nothing is sent).
    """

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        meta = state.metadata
        if is_restricted_sample(meta) and not allow_remote_restricted:
            check_active_models(str(meta.get("source") or "restricted source"))
        state = await generate(state)
        if meta.get("turns") == 2 and not state.output.error:
            state.messages.append(ChatMessageUser(content=UNCERTAINTY_FOLLOW_UP))
            state = await generate(state)
        return state

    return solve


def noisy_image_data_uri(path: str, mode: str, sigma: float | None, seed: int) -> str:
    """A PNG data URI of a noised *copy* of the image at ``path`` (the file is never written).

    Noise: ``medtrust.perturb.noise.perturb_image`` (``cares``: the official wrap-around noise,
    variance 6.0 unless ``sigma``; ``gaussian``: clipped additive N(0, sigma^2), sigma required).
    PNG keeps the noise exactly (JPEG re-compression would smooth the salt pixels of the official
    noise). The noise goes on the upright (EXIF orientation applied), 8-bit (16-bit grayscale
    min-max rescaled) image, the one the model is shown without noise.

    Raises:
        ValueError: unknown mode, or ``gaussian`` without sigma.
    """
    from PIL import Image

    from medtrust.perturb.noise import perturb_image

    with Image.open(path) as im:
        noised = perturb_image(im, mode, sigma=sigma, seed=seed)
    buf = io.BytesIO()
    noised.save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


@solver
def cares_vlm_noise() -> Solver:
    """Replace the image of a ``noise``-variant sample by a noised copy (``metadata["noise"]``:
    {"mode", "sigma", "seed"}); other samples pass through. Source images are never modified
    (the official ``noise_add.py`` overwrites them in place: deviation 1, cares_vlm.md sec. 7)."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        spec = state.metadata.get("noise")
        path = state.metadata.get("image_path")
        if not spec or not path:
            return state
        uri = noisy_image_data_uri(path, spec["mode"], spec.get("sigma"), int(spec.get("seed", 0)))
        for msg in state.messages:
            if msg.role == "user" and not isinstance(msg.content, str):
                msg.content = [ContentImage(image=uri) if isinstance(c, ContentImage) else c for c in msg.content]
        return state

    return solve
