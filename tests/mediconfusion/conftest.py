"""MediConfusion fixtures: stand-in images (the real ones are PMC figures, not available offline).

The stand-ins are generated 16x16 noise JPEGs, one per local id, written as ``<local id>.jpg``
(the layout the benchmark expects) inside a folder named ``standin-generated-images`` so nobody
mistakes them for the benchmark's images.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from medtrust.benchmarks.mediconfusion.dataset import load_pairs


@pytest.fixture(scope="session")
def pairs():
    return load_pairs()


def write_standins(parent: Path, pairs) -> Path:
    """Write the stand-in images of ``pairs`` into ``parent/standin-generated-images``; returns that folder."""
    root = parent / "standin-generated-images"
    root.mkdir(parents=True, exist_ok=True)
    for p in pairs:
        for local in p.locals:
            f = root / f"{local}.jpg"
            if not f.exists():
                arr = (np.random.RandomState(local).rand(16, 16, 3) * 255).astype("uint8")
                Image.fromarray(arr).save(f)
    return root


@pytest.fixture(scope="session")
def standin_images(tmp_path_factory, pairs) -> Path:
    return write_standins(tmp_path_factory.mktemp("mediconfusion"), pairs)
