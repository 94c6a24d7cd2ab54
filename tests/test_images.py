"""Images as a model sees them, on real images: a photo stored rotated (EXIF Orientation) reaches every
backend and the noise path upright, and the CARES-VLM noise of a 16-bit grayscale image works on
the rescaled image.

Images: a real HAM10000 dermoscopy image (../shared/data/cares_vlm/HAM10000/images), cropped to
224x160 so that a quarter turn changes its size, and pydicom's real CT slice CT_small.dcm
(16-bit). The stored (rotated) copies are built with numpy from the EXIF definition of each
Orientation value (the turn a viewer must apply to show the image upright), not with PIL.
"""

from __future__ import annotations

import base64
import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from medtrust.images import EXIF_ORIENTATION, load_rgb8, model_image_ref, to_rgb8
from medtrust.perturb.noise import cares_noise, perturb_image

# Orientation value -> how the stored pixels relate to the upright image U (EXIF 2.32, tag 0x0112):
# 2 mirrored left-right, 3 turned 180, 4 mirrored top-bottom, 5 transposed, 6 stored turned 90
# counter-clockwise (the viewer turns it 90 clockwise), 7 transverse, 8 stored turned 90 clockwise.
STORED = {
    2: lambda u: u[:, ::-1],
    3: lambda u: np.rot90(u, 2),
    4: lambda u: u[::-1, :],
    5: lambda u: np.transpose(u, (1, 0, 2)),
    6: lambda u: np.rot90(u, 1),
    7: lambda u: np.rot90(np.transpose(u, (1, 0, 2)), 2),
    8: lambda u: np.rot90(u, -1),
}


@pytest.fixture(scope="module")
def upright(shared_data) -> np.ndarray:
    path = sorted((shared_data / "cares_vlm" / "HAM10000" / "images").glob("ISIC_*.jpg"))[0]
    with Image.open(path) as im:
        a = np.asarray(im.convert("RGB"))
    assert a.shape == (224, 224, 3)
    return np.ascontiguousarray(a[32:192, :, :])  # 160 rows x 224 columns


def _write(path: Path, arr: np.ndarray, orientation: int | None, fmt: str = "PNG") -> Path:
    im = Image.fromarray(np.ascontiguousarray(arr))
    kw = {}
    if orientation is not None:
        exif = Image.Exif()
        exif[EXIF_ORIENTATION] = orientation
        kw["exif"] = exif
    im.save(path, format=fmt, **kw)
    return path


def _decode_uri(uri: str) -> np.ndarray:
    assert uri.startswith("data:image/png;base64,")
    with Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))) as im:
        return np.asarray(im.convert("RGB"))


@pytest.mark.parametrize("orientation", sorted(STORED))
def test_every_orientation_is_turned_upright(tmp_path, upright, orientation):
    stored = STORED[orientation](upright)
    path = _write(tmp_path / f"o{orientation}.png", stored, orientation)
    got = np.asarray(load_rgb8(path))
    assert got.shape == (160, 224, 3) and np.array_equal(got, upright)


def test_every_backend_sees_it_upright(tmp_path, upright):
    from medtrust.models.hf_vision import load_image

    stored = _write(tmp_path / "o6.png", STORED[6](upright), 6)
    plain = _write(tmp_path / "plain.png", upright, None)
    # remote backends get what the benchmarks put in ContentImage: an upright PNG copy
    ref = model_image_ref(stored)
    assert np.array_equal(_decode_uri(ref), upright)
    assert model_image_ref(plain) == str(plain)  # an upright 8-bit file is sent as is
    # the local transformers backend decodes paths, file URLs and data URIs upright
    raw = base64.b64encode(stored.read_bytes()).decode()
    for r in (str(stored), stored.as_uri(), "data:image/png;base64," + raw, ref):
        assert np.array_equal(np.asarray(load_image(r)), upright), r[:40]


def test_jpeg_from_a_camera(tmp_path, upright):
    # JPEG is lossy: the decoded upright copy must match the upright source within JPEG error,
    # and be far from the image turned the wrong way
    path = _write(tmp_path / "o8.jpg", STORED[8](upright), 8, fmt="JPEG")
    got = np.asarray(load_rgb8(path)).astype(float)
    assert got.shape == upright.shape  # stored 224 x 160: the quarter turn was applied
    err = np.abs(got - upright).mean()
    assert err < 4.0 and 3 * err < np.abs(got - np.rot90(upright, 2)).mean()  # and in the right direction


def test_cares_vlm_and_mediconfusion_samples_carry_the_upright_image(tmp_path, upright, shared_data):
    from inspect_ai.model import ContentImage

    from medtrust.benchmarks.cares_vlm.dataset import load_rows, make_sample
    from medtrust.benchmarks.cares_vlm.images import ImageResolver
    from medtrust.benchmarks.mediconfusion.dataset import load_pairs
    from medtrust.benchmarks.mediconfusion.task import build_samples

    row = load_rows("ham10000", shared_data / "cares_vlm" / "HAM10000" / "HAM10000_factuality.jsonl")[0]
    root = tmp_path / "ham"
    root.mkdir()
    _write(root / Path(row.image_key).name, STORED[6](upright), 6, fmt="PNG")
    image = ImageResolver(root, "ham10000").resolve(row.image_key)
    assert image.error is None
    sample = make_sample(row, image, "factuality")
    [img] = [c for c in sample.input[0].content if isinstance(c, ContentImage)]
    assert np.array_equal(_decode_uri(img.image), upright)

    pair = load_pairs()[0]
    mroot = tmp_path / "mc"
    mroot.mkdir()
    _write(mroot / f"{pair.locals[0]}.jpg", STORED[3](upright), 3, fmt="PNG")  # PNG bytes, .jpg name
    samples = build_samples([pair], mode="mc", image_root=str(mroot), text_only=False, prompt_family="plain", swap=False)
    first = next(s for s in samples if s.metadata["slot"] == 1)
    [img] = [c for c in first.input[-1].content if isinstance(c, ContentImage)]
    assert np.array_equal(_decode_uri(img.image), upright)


def test_noise_path_works_on_the_upright_image(tmp_path, upright):
    from medtrust.benchmarks.cares_vlm.solvers import noisy_image_data_uri

    stored = _write(tmp_path / "o6.png", STORED[6](upright), 6)
    assert np.array_equal(_decode_uri(noisy_image_data_uri(str(stored), "gaussian", 0.0, 0)), upright)
    # official noise, seeded: the same draw as on the upright image itself
    got = _decode_uri(noisy_image_data_uri(str(stored), "cares", None, 7))
    assert np.array_equal(got, cares_noise(upright, 7))


@pytest.fixture(scope="module")
def ct16(tmp_path_factory) -> tuple[Path, np.ndarray]:
    pydicom = pytest.importorskip("pydicom")
    from pydicom.data import get_testdata_file

    a = pydicom.dcmread(get_testdata_file("CT_small.dcm")).pixel_array
    assert a.shape == (128, 128) and int(a.min()) == 128 and int(a.max()) == 2191
    a16 = a.astype(np.uint16)
    path = tmp_path_factory.mktemp("ct") / "ct_small_16bit.png"
    Image.fromarray(a16).save(path)  # a 16-bit grayscale PNG (PIL mode I;16)
    return path, a16


def test_16bit_noise_on_the_rescaled_image(ct16):
    path, a16 = ct16
    with Image.open(path) as im:
        assert im.mode.startswith("I")
        # hand rescale: round((x - 128) / (2191 - 128) * 255), grey copied to 3 channels
        want8 = np.round((a16.astype(float) - 128) / (2191 - 128) * 255).astype(np.uint8)
        want_rgb = np.repeat(want8[..., None], 3, axis=2)
        assert np.array_equal(np.asarray(to_rgb8(im)), want_rgb)
        assert want8.min() == 0 and want8.max() == 255
        noised = np.asarray(perturb_image(im, "cares", seed=11))
        old = np.asarray(im.convert("RGB"))  # what the noise used to start from
    assert np.array_equal(noised, cares_noise(want_rgb, 11))
    # the fault: a plain conversion clips every value above 255, so most pixels were white
    assert (old == 255).mean() == pytest.approx((a16 >= 255).mean()) and (old == 255).mean() > 0.8
    # now about a third of the channels saturate, the official noise's own share (P(Z <= -1/2.449) = 0.342)
    assert 0.30 < (noised == 255).mean() < 0.45


def test_16bit_image_is_sent_rescaled(ct16):
    path, a16 = ct16
    want8 = np.round((a16.astype(float) - 128) / (2191 - 128) * 255).astype(np.uint8)
    assert np.array_equal(_decode_uri(model_image_ref(path))[..., 0], want8)
