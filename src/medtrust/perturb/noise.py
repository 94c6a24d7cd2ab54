"""Image noise for CARES-VLM input-level robustness.

Two modes:

``cares`` (faithful): reproduces ``src/noise_add.py`` of the official repo (richard-peng-xia/CARES
@ a743fe04). The script draws ``np.random.normal(0, sqrt(var), img.shape)`` with ``var=6.0``
(sigma ~ 2.449), casts the draw to ``uint8`` and adds it with OpenCV's saturating ``cv2.add``
on the BGR image read by ``cv2.imread``. The cast truncates toward zero and wraps negatives
modulo 256 (x86 C conversion): a draw in (-1, 1) adds 0, one in (-2, -1] adds 255, and so on.
About P(Z <= -1/2.449) = 34.2 % of channels therefore get +250..255 and saturate to white; the
rest get +0..+7 (cares_vlm.md sec. 5.8, deviation #1). medtrust does the wrap explicitly
(trunc, then mod 256), because numpy's float->uint8 cast of negative values is platform
dependent. The script also overwrites images in place; here a new image is returned.

``gaussian`` (proper): ``clip(round(x + N(0, sigma^2)), 0, 255)`` per channel.

Both take a ``numpy.random.Generator`` seed so a run is reproducible.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: the official variance (noise_add.py calls add_gaussian_noise(img, var=6.0))
CARES_VAR = 6.0


def cares_noise_from_draw(image: np.ndarray, draw: np.ndarray) -> np.ndarray:
    """Apply the official noise given the float normal draw (the deterministic core).

    Args:
        image: uint8 array, any shape (H, W) or (H, W, C).
        draw: float array of the same shape (the ``np.random.normal`` sample).

    Returns:
        new uint8 array: ``min(image + (trunc(draw) mod 256), 255)``.

    Raises:
        ValueError: on dtype or shape mismatch.
    """
    img = np.asarray(image)
    if img.dtype != np.uint8:
        raise ValueError(f"image must be uint8, got {img.dtype}")
    d = np.asarray(draw, dtype=np.float64)
    if d.shape != img.shape:
        raise ValueError(f"draw shape {d.shape} != image shape {img.shape}")
    wrapped = np.mod(np.trunc(d).astype(np.int64), 256)
    return np.minimum(img.astype(np.int64) + wrapped, 255).astype(np.uint8)


def cares_noise(image: np.ndarray, seed: int | np.random.Generator = 0, *, var: float = CARES_VAR, bgr: bool = True) -> np.ndarray:
    """Official CARES noise on an RGB (or grayscale) uint8 array; returns a new array.

    Args:
        image: uint8 (H, W) or (H, W, 3) in RGB order (PIL convention).
        seed: int seed or a Generator for the normal draw.
        var: noise variance (official 6.0).
        bgr: draw in OpenCV's BGR channel order as the script does (the draw for channel 0
            hits blue); only matters for replaying a specific draw.
    """
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    img = np.asarray(image)
    work = img[..., ::-1] if (bgr and img.ndim == 3) else img
    draw = rng.normal(0.0, var**0.5, work.shape)
    out = cares_noise_from_draw(np.ascontiguousarray(work), draw)
    return np.ascontiguousarray(out[..., ::-1]) if (bgr and img.ndim == 3) else out


def gaussian_noise(image: np.ndarray, sigma: float, seed: int | np.random.Generator = 0) -> np.ndarray:
    """Additive Gaussian noise N(0, sigma^2) in 0-255 units, rounded and clipped; new array.

    Raises:
        ValueError: if sigma < 0 or the image is not uint8.
    """
    if sigma < 0:
        raise ValueError(f"sigma must be >= 0, got {sigma}")
    img = np.asarray(image)
    if img.dtype != np.uint8:
        raise ValueError(f"image must be uint8, got {img.dtype}")
    rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    noisy = img.astype(np.float64) + rng.normal(0.0, sigma, img.shape)
    return np.clip(np.rint(noisy), 0, 255).astype(np.uint8)


def perturb_image(image: Any, mode: str = "cares", *, sigma: float | None = None, seed: int = 0) -> Any:
    """Noise a PIL image; returns a new PIL image (RGB, as the official script re-reads as 3 channels).

    The noise is added to the image the model would otherwise see (:func:`medtrust.images.to_rgb8`
    of the EXIF-upright image): a photo stored rotated is turned upright first, and 16-bit or
    float grayscale is min-max rescaled to 0-255 first (a plain RGB conversion would clip most
    pixels to white and fake a large robustness drop).

    Args:
        image: PIL.Image (any mode; 3 channels, as cv2.imread loads them).
        mode: ``cares`` (official, var 6.0 unless ``sigma`` is given) or ``gaussian`` (needs sigma).
        sigma: standard deviation in 0-255 units.
        seed: generator seed.

    Raises:
        ValueError: unknown mode, or ``gaussian`` without sigma.
    """
    from PIL import Image

    from medtrust.images import to_rgb8, upright

    arr = np.asarray(to_rgb8(upright(image)), dtype=np.uint8)
    if mode == "cares":
        var = CARES_VAR if sigma is None else float(sigma) ** 2
        out = cares_noise(arr, seed, var=var)
    elif mode == "gaussian":
        if sigma is None:
            raise ValueError("gaussian noise needs sigma")
        out = gaussian_noise(arr, sigma, seed)
    else:
        raise ValueError(f"unknown noise mode {mode!r} (cares | gaussian)")
    return Image.fromarray(out, mode="RGB")
