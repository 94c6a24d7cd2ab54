"""Official CARES noise (uint8 wrap-around) and proper Gaussian noise, against their definitions."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from medtrust.perturb.noise import cares_noise, cares_noise_from_draw, gaussian_noise, perturb_image


def test_official_noise_on_fixed_draw():
    img = np.array([[10, 100, 250, 0, 200, 5]], dtype=np.uint8)
    draw = np.array([[-0.7, -1.2, 3.9, -2.5, 0.4, -6.1]])
    # trunc: 0, -1, 3, -2, 0, -6 -> mod 256: 0, 255, 3, 254, 0, 250 -> saturating add
    want = np.array([[10, 255, 253, 254, 200, 255]], dtype=np.uint8)
    np.testing.assert_array_equal(cares_noise_from_draw(img, draw), want)
    # numpy's own float->uint8 cast (what noise_add.py does) gives the same wrapped values here
    with np.errstate(invalid="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cast = draw.astype(np.uint8)
    np.testing.assert_array_equal(cast, np.array([[0, 255, 3, 254, 0, 250]], dtype=np.uint8))


def test_official_noise_whitens_about_a_third_and_keeps_source():
    img = np.full((120, 120, 3), 128, dtype=np.uint8)
    before = img.copy()
    out = cares_noise(img, seed=0)
    np.testing.assert_array_equal(img, before)  # source untouched
    white = float((out == 255).mean())
    # P(Z <= -1/sqrt(6)) = 0.3415; 43,200 channels -> binomial sd 0.0023
    assert white == pytest.approx(0.3415, abs=0.01)
    # non-white channels gain trunc(draw) >= 0, i.e. a few units (>= 3 sigma = 7 is rare)
    gain = out[out != 255].astype(int) - 128
    assert gain.min() == 0 and gain.max() <= 15 and float((gain > 7).mean()) < 0.005


def test_gaussian_noise_definition_and_clip():
    img = np.array([[0, 128, 255]], dtype=np.uint8)
    rng_draw = np.random.default_rng(3).normal(0.0, 5.0, img.shape)
    want = np.clip(np.rint(img + rng_draw), 0, 255).astype(np.uint8)
    np.testing.assert_array_equal(gaussian_noise(img, 5.0, seed=3), want)
    np.testing.assert_array_equal(gaussian_noise(img, 0.0, seed=3), img)
    with pytest.raises(ValueError):
        gaussian_noise(img, -1.0)


def test_perturb_pil_returns_new_rgb_image():
    src = Image.new("L", (16, 16), color=50)
    out = perturb_image(src, "cares", seed=1)
    assert out.mode == "RGB" and out is not src and src.getpixel((0, 0)) == 50
    with pytest.raises(ValueError):
        perturb_image(src, "gaussian")
    with pytest.raises(ValueError):
        perturb_image(src, "blur", sigma=1.0)
