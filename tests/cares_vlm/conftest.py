"""CARES-VLM test fixtures: the four real annotation files, the 1,000 real HAM10000 images, and
stand-in images for the sources whose images are not available here.

Stand-ins (never presented as the real benchmark images):
- IU-Xray: pydicom-data ``RG1_UNCR.dcm`` (a real chest X-ray) resized to 224x224;
- OL3I: pydicom-data ``693_UNCR.dcm`` (a real head CT slice; OL3I is an abdominal L3 CT);
- FairVLMed: scikit-image ``retina`` (a real colour fundus photo; FairVLMed is SLO fundus).
When a package is missing, a generated gradient image is written instead; the file name then
starts with ``generated-standin``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

FILES = {
    "iu_xray": "IU-Xray/iuxray_factuality.jsonl",
    "fairvlmed": "Harvard-FairVLMed/fundus_factuality.jsonl",
    "ham10000": "HAM10000/HAM10000_factuality.jsonl",
    "ol3i": "OL3I/OL3I_factuality.jsonl",
}


@pytest.fixture(scope="session")
def cares_dir(shared_data: Path) -> Path:
    return shared_data / "cares_vlm"


@pytest.fixture(scope="session")
def cares_files(cares_dir: Path) -> dict[str, str]:
    """{source: real annotation file} for the four files the project has."""
    return {s: str(cares_dir / rel) for s, rel in FILES.items()}


@pytest.fixture(scope="session")
def ham_images(cares_dir: Path) -> Path:
    """The 1,000 real HAM10000 test images (flat ISIC_*.jpg)."""
    return cares_dir / "HAM10000" / "images"


def _to_uint8(a: np.ndarray) -> np.ndarray:
    a = a.astype(np.float64)
    lo, hi = np.percentile(a, 1), np.percentile(a, 99)
    return (np.clip((a - lo) / max(hi - lo, 1e-9), 0, 1) * 255).astype(np.uint8)


def standin_image(kind: str) -> tuple[Image.Image, str]:
    """(224x224 RGB stand-in image, description) for ``chest_xray``, ``ct`` or ``fundus``."""
    try:
        if kind in ("chest_xray", "ct"):
            from pydicom import dcmread
            from pydicom.data import get_testdata_file

            name = "RG1_UNCR.dcm" if kind == "chest_xray" else "693_UNCR.dcm"
            arr = dcmread(get_testdata_file(name)).pixel_array
            if arr.ndim == 3:
                arr = arr[0]
            im = Image.fromarray(_to_uint8(arr)).convert("RGB")
            desc = f"pydicom-data {name}"
        else:
            from skimage import data

            im = Image.fromarray(data.retina())
            desc = "scikit-image retina"
    except Exception:  # package missing: a generated image, named as such
        g = np.linspace(0, 255, 224, dtype=np.uint8)
        im = Image.fromarray(np.stack([np.tile(g, (224, 1))] * 3, axis=-1))
        desc = "generated-standin gradient"
    return im.resize((224, 224)), desc


@pytest.fixture(scope="session")
def standin_root(tmp_path_factory):
    """make(source, keys) -> folder holding a stand-in image under each key."""
    kinds = {"iu_xray": "chest_xray", "mimic_cxr": "chest_xray", "ol3i": "ct", "fairvlmed": "fundus"}
    cache: dict[str, Image.Image] = {}

    def make(source: str, keys) -> Path:
        root = tmp_path_factory.mktemp(f"standin_{source}")
        kind = kinds.get(source, "fundus")
        if kind not in cache:
            cache[kind] = standin_image(kind)[0]
        for k in keys:
            p = root / k
            p.parent.mkdir(parents=True, exist_ok=True)
            cache[kind].save(p, format="PNG" if k.lower().endswith(".png") else "JPEG")
        return root

    return make


@pytest.fixture(scope="module")
def restricted_data(cares_files, standin_root):
    """FairVLMed (open-ended: judged) and OL3I (multiple choice), 2 rows each, stand-in images:
    ({source: annotation file}, {source: image root})."""
    keys = {s: [json.loads(ln)["image"] for ln in open(cares_files[s]).readlines()[:2]] for s in ("fairvlmed", "ol3i")}
    roots = {s: str(standin_root(s, k)) for s, k in keys.items()}
    return {s: cares_files[s] for s in keys}, roots
