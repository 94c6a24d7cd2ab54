"""Images as a model should see them: upright and 8-bit RGB, for every backend and the noise path.

Two faults this module removes:

- **EXIF orientation.** Cameras and phones store a photo in sensor order and record the turn
  needed to show it upright in the EXIF ``Orientation`` tag (0x0112, values 2-8). A decoder that
  ignores the tag hands the model a rotated or mirrored image. :func:`open_upright` applies the
  tag (``PIL.ImageOps.exif_transpose``).
- **16-bit and float grayscale** (PIL modes ``I;16*``, ``I``, ``F``; DICOM-derived images). A plain
  ``convert("RGB")`` clips every value above 255, so most pixels turn white.
  :func:`to_rgb8` min-max rescales them to 0-255 first.

Benchmarks build image content with :func:`model_image_ref`: an image that needs either fix is
sent as a PNG data URI of the fixed copy (so remote servers, which decode the bytes themselves,
see it upright too); any other image is sent by path, unchanged. Local backends decode with
:func:`load_rgb8`, and the CARES-VLM noise works on :func:`load_rgb8`'s result. Source files are
never written.
"""

from __future__ import annotations

import base64
import functools
import io
import os
from pathlib import Path
from typing import IO, Any

from medtrust.bounded import check_size, env_limit, read_bounded

#: EXIF tag id of Orientation.
EXIF_ORIENTATION = 0x0112


#: largest image file read or sent (bytes; medical images here are KiB to a few MiB):
#: ``MEDTRUST_MAX_IMAGE_BYTES``
MAX_IMAGE_BYTES = env_limit("MAX_IMAGE_BYTES", 64 << 20)


class ImageTooLarge(ValueError):
    """An image file over :data:`MAX_IMAGE_BYTES` (never read, decoded or sent)."""


def check_image_size(path: str | Path) -> int:
    """The size of an image file, refused when over :data:`MAX_IMAGE_BYTES`.

    Raises:
        ImageTooLarge: naming the file, its size and the limit.
        OSError: the file cannot be stat'ed.
    """
    return check_size(path, MAX_IMAGE_BYTES, what="image", env="MAX_IMAGE_BYTES", error=_too_large)


def read_image_bytes(path: str | Path) -> bytes:
    """The bytes of an image file, at most :data:`MAX_IMAGE_BYTES` (:func:`medtrust.bounded.read_bounded`).

    Raises:
        ImageTooLarge: naming the file, its size and the limit.
        OSError: the file cannot be read.
    """
    return read_bounded(path, MAX_IMAGE_BYTES, what="image", env="MAX_IMAGE_BYTES", error=_too_large)


def _too_large(path: Path, detail: str) -> ImageTooLarge:
    # the name only: image roots may be private folders (the report and logs show this message)
    return ImageTooLarge(f"{path.name}: {detail}")


def exif_orientation(img: Any) -> int:
    """The EXIF Orientation value of a PIL image (1 = upright; 1 when the tag is absent or invalid)."""
    try:
        v = int(img.getexif().get(EXIF_ORIENTATION, 1))
    except Exception:  # a damaged EXIF block must not make the image unusable
        return 1
    return v if 1 <= v <= 8 else 1


def is_high_depth(img: Any) -> bool:
    """True for 16-bit integer or float grayscale PIL images (modes ``I;16*``, ``I``, ``F``)."""
    return img.mode.startswith("I;16") or img.mode in ("I", "F")


def to_rgb8(img: Any) -> Any:
    """An 8-bit RGB copy of a PIL image.

    16-bit and float grayscale are min-max rescaled to 0-255 first,
    ``round((x - min) / (max - min) * 255)``; a constant image maps to black. Other modes use
    ``convert("RGB")``.
    """
    import numpy as np
    from PIL import Image

    if is_high_depth(img):
        a = np.asarray(img, dtype=np.float64)
        lo, hi = float(a.min()), float(a.max())
        scaled = (a - lo) / (hi - lo) * 255.0 if hi > lo else np.zeros_like(a)
        img = Image.fromarray(np.round(scaled).astype(np.uint8), mode="L")
    return img.convert("RGB")


def upright(img: Any) -> Any:
    """``img`` turned as its EXIF Orientation says (a new image without the tag), else ``img``."""
    from PIL import ImageOps

    if exif_orientation(img) == 1:
        return img
    return ImageOps.exif_transpose(img)


def open_upright(source: str | Path | bytes | IO[bytes]) -> Any:
    """Open and fully decode an image (path, bytes or binary file), turned upright; mode kept.

    Raises:
        OSError / PIL.UnidentifiedImageError: unreadable file or bytes.
    """
    from PIL import Image

    if isinstance(source, bytes):
        if len(source) > MAX_IMAGE_BYTES:
            raise ImageTooLarge(f"image of {len(source):,} bytes, over the limit of {MAX_IMAGE_BYTES:,} bytes")
        source = io.BytesIO(source)
    elif isinstance(source, (str, Path)):
        check_image_size(source)
    img = Image.open(source)
    img.load()
    return upright(img)


def load_rgb8(source: str | Path | bytes | IO[bytes]) -> Any:
    """Open an image upright and as 8-bit RGB (what every medtrust backend hands a model).

    Raises:
        OSError / PIL.UnidentifiedImageError: unreadable file or bytes.
    """
    return to_rgb8(open_upright(source))


def needs_normalising(img: Any) -> bool:
    """True when sending the file as is would show a model something else: an EXIF turn or 16-bit data."""
    return exif_orientation(img) != 1 or is_high_depth(img)


def png_data_uri(img: Any) -> str:
    """A ``data:image/png;base64,...`` URI of a PIL image."""
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def model_image_ref(path: str | Path) -> str:
    """What to put in ``ContentImage(image=...)`` for an image file.

    The path itself when the file is upright 8-bit data; otherwise a PNG data URI of the upright
    8-bit RGB copy (cached per file version, as one image serves many prompts). A file that
    cannot be read, or is over :data:`MAX_IMAGE_BYTES`, is returned as its path (the benchmark's
    own image check reports it as an input error).
    """
    try:
        st = os.stat(path)
    except OSError:
        return str(path)
    if st.st_size > MAX_IMAGE_BYTES:  # never decoded or inlined; the benchmark's check reports it
        return str(path)
    return _image_ref(str(path), st.st_mtime_ns, st.st_size)


@functools.lru_cache(maxsize=512)
def _image_ref(path: str, mtime_ns: int, size: int) -> str:
    from PIL import Image

    try:
        with Image.open(path) as im:
            if not needs_normalising(im):
                return path
        return png_data_uri(load_rgb8(path))
    except Exception:  # unreadable: leave the decision to the caller's image check
        return path


#: A file of this name in an image folder marks its images as stand-ins (generated pictures, or
#: other real images in the benchmark's file layout: tests, demos). Every run on such a folder is a
#: smoke run (medtrust.evidence_class): the marker travels with the folder, so no flag can be forgotten.
STAND_IN_MARKER = "STAND-IN-IMAGES.txt"


def stand_in_reason(folder: str | os.PathLike[str] | None) -> str | None:
    """Why the images of ``folder`` are stand-ins (it holds :data:`STAND_IN_MARKER`), else None."""
    if folder is None:
        return None
    marker = Path(folder) / STAND_IN_MARKER
    return f"stand-in images: {Path(folder).name} holds {STAND_IN_MARKER}" if marker.is_file() else None


def mark_stand_in(folder: str | os.PathLike[str], what: str) -> Path:
    """Write :data:`STAND_IN_MARKER` into ``folder`` saying what the stand-ins are; returns its path."""
    marker = Path(folder) / STAND_IN_MARKER
    from medtrust.atomic import write_text

    write_text(marker, f"These images are stand-ins, not the benchmark's images: {what}\n")
    return marker
