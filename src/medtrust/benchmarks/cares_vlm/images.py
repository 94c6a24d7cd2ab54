"""Image resolution for CARES-VLM: one root folder per source, each image checked and hashed once.

The annotation files give each image relative to a per-source folder (cares_vlm.md sec. 3), but
real copies are laid out differently (e.g. HAM10000's key ``ham10000_testset/ISIC_x.jpg`` while
the files sit flat as ``ISIC_x.jpg``; MIMIC keys are relative to ``files/``). The resolver tries,
in order: ``root/key``, ``root/files/key``, ``root/images/key``, ``root/<basename(key)>``,
``root/images/<basename(key)>``; the first existing file wins.

A missing or unreadable image is not an exception: it is a :class:`ResolvedImage` with
``error`` set, which the dataset turns into an explicit ``input_error`` sample.
"""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterable

from medtrust.data.paths import UnsafePathError, safe_join
from medtrust.images import ImageTooLarge, read_image_bytes


@dataclass(frozen=True)
class ResolvedImage:
    """The outcome of resolving one image key.

    Attributes:
        key: the annotation file's ``image`` value.
        path: absolute path of the file found, or None.
        sha256: hex sha256 of its bytes (None when missing/unreadable).
        width, height: pixel size (None when missing/unreadable).
        error: None when usable; else ``"image not found: ..."`` or ``"image unreadable: ..."``.
    """

    key: str
    path: str | None
    sha256: str | None
    width: int | None
    height: int | None
    error: str | None


def candidate_paths(root: Path, key: str) -> list[Path]:
    """Paths tried for ``key`` under ``root`` (see module docstring), in order, without duplicates.

    Every candidate is built by :func:`medtrust.data.paths.safe_join`, so it lies inside ``root``
    after symlinks are resolved.

    Raises:
        UnsafePathError: the key could reach outside ``root`` (``..``, a symlink out, NUL, a
            name too long ...); the row is then refused, never guessed from its base name.
    """
    norm = key.replace("\\", "/").lstrip("/")
    name = PurePosixPath(norm).name
    first = safe_join(root, norm)  # raises for any unsafe key
    out = [first]
    for sub, rest in (("files", norm), ("images", norm), ("", name), ("images", name)):
        try:
            out.append(safe_join(root, f"{sub}/{rest}" if sub else rest))
        except UnsafePathError:  # e.g. a symlinked files/ folder pointing elsewhere: skip that layout
            continue
    seen: list[Path] = []
    for p in out:
        if p not in seen:
            seen.append(p)
    return seen


def check_image(path: Path) -> tuple[str, int, int]:
    """Hash and fully decode an image file.

    Returns:
        (sha256 hex, width, height).

    Raises:
        ImageTooLarge: a file over the image size limit (never read).
        OSError / PIL errors for unreadable or truncated files (callers turn them into input errors).
    """
    from PIL import Image

    data = read_image_bytes(path)
    digest = hashlib.sha256(data).hexdigest()
    with Image.open(path) as im:
        im.load()  # full decode: catches truncated files that verify() lets through
        w, h = im.size
    return digest, w, h


class ImageResolver:
    """Resolves and checks the images of one source under one root, caching by key.

    Args:
        root: the source's image folder, or None (every image then reports ``not found``
            with a hint to set ``--image-root``).
        source: source id, used in messages.
    """

    def __init__(self, root: str | Path | None, source: str):
        self.root = Path(root).expanduser().resolve() if root else None
        self.source = source
        self._cache: dict[str, ResolvedImage] = {}

    def resolve(self, key: str) -> ResolvedImage:
        """Resolve one key (cached)."""
        hit = self._cache.get(key)
        if hit is None:
            hit = self._resolve(key)
            self._cache[key] = hit
        return hit

    def resolve_all(self, keys: Iterable[str], workers: int = 4) -> dict[str, ResolvedImage]:
        """Resolve many keys once each (threads: the work is file I/O and JPEG decoding)."""
        todo = [k for k in dict.fromkeys(keys) if k not in self._cache]
        if todo:
            with ThreadPoolExecutor(max_workers=max(1, workers)) as ex:
                for k, r in zip(todo, ex.map(self._resolve, todo)):
                    self._cache[k] = r
        return dict(self._cache)

    def _resolve(self, key: str) -> ResolvedImage:
        if not key:
            return ResolvedImage(key, None, None, None, None, "image not found: empty image field")
        if self.root is None:
            return ResolvedImage(key, None, None, None, None, f"image not found: {key} (no --image-root set for {self.source})")
        try:
            candidates = candidate_paths(self.root, key)
        except UnsafePathError as e:
            return ResolvedImage(key, None, None, None, None, f"image path refused: {e}")
        for p in candidates:
            try:
                is_file = p.is_file()
            except OSError as e:  # e.g. ENAMETOOLONG from the file system itself
                return ResolvedImage(key, None, None, None, None, f"image path refused: {type(e).__name__}: {e.strerror or e}")
            if is_file:
                try:
                    digest, w, h = check_image(p)
                except ImageTooLarge as e:
                    return ResolvedImage(key, str(p), None, None, None, f"image refused: {e}")
                except Exception as e:  # PIL raises several types for corrupt files
                    return ResolvedImage(key, str(p), None, None, None, f"image unreadable: {p.name} ({type(e).__name__}: {e})")
                return ResolvedImage(key, str(p), digest, w, h, None)
        return ResolvedImage(key, None, None, None, None, f"image not found: {key} under {self.root}")
