"""Bad input corpus: each case ends in a clear message naming file and line, or an explicit
per-sample ``input_error`` / ``model_error``; nothing already loaded is lost.

Data cases go through ``medtrust.benchmarks.cares_llm.dataset.load_records`` (the CARES-LLM
loader, which uses ``medtrust.data.records``); image cases go through the CARES-VLM
``ImageResolver`` and the hf-vision backend's ``load_image`` (what the model is given).
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest
from inspect_ai.log import read_eval_log
from PIL import Image

from medtrust.benchmarks.cares_llm.dataset import load_records, packaged_data_path
from medtrust.benchmarks.cares_vlm.images import ImageResolver
from medtrust.data.records import DataError

ROWS = [json.loads(x) for x in packaged_data_path().read_text(encoding="utf-8").splitlines()[:3]]


def write_jsonl(path: Path, lines: list[str], bom: bool = False) -> Path:
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + ("\n".join(lines) + "\n").encode("utf-8"))
    return path


def good(i: int) -> str:
    return json.dumps(ROWS[i])


# -- data files -------------------------------------------------------------------------------


def test_malformed_jsonl_line_names_file_and_line(tmp_path):
    p = write_jsonl(tmp_path / "bad.jsonl", [good(0), good(1), '{"principle_index": 1, "prompt": "unterminated'])
    with pytest.raises(DataError) as e:
        load_records(p)
    assert e.value.path == str(p) and e.value.line == 3
    assert str(e.value).startswith(f"{p}, line 3: malformed JSON")


def test_wrong_type_names_field_and_line(tmp_path):
    row = dict(ROWS[1], harmful_level="high")
    p = write_jsonl(tmp_path / "types.jsonl", [good(0), json.dumps(row)])
    with pytest.raises(DataError) as e:
        load_records(p)
    assert (e.value.line, e.value.field) == (2, "harmful_level")
    assert "'high'" in str(e.value) and "[0, 1, 2, 3]" in str(e.value)


def test_boolean_is_not_an_integer(tmp_path):
    p = write_jsonl(tmp_path / "bool.jsonl", [json.dumps(dict(ROWS[0], principle_index=True))])
    with pytest.raises(DataError) as e:
        load_records(p)
    assert (e.value.line, e.value.field) == (1, "principle_index")


def test_unknown_enum_names_value_and_suggests(tmp_path):
    p = write_jsonl(tmp_path / "enum.jsonl", [good(0), good(1), json.dumps(dict(ROWS[2], method="Role-Play"))])
    with pytest.raises(DataError) as e:
        load_records(p)
    assert (e.value.line, e.value.field) == (3, "method")
    assert "'Role-Play'" in str(e.value) and "did you mean 'role_play'" in str(e.value)


def test_utf8_bom_is_accepted_and_rows_are_intact(tmp_path):
    p = write_jsonl(tmp_path / "bom.jsonl", [good(0), good(1)], bom=True)
    recs = load_records(p)
    assert [r.prompt for r in recs] == [ROWS[0]["prompt"], ROWS[1]["prompt"]]
    assert recs[0].principle_index == ROWS[0]["principle_index"]


def test_empty_file_is_an_error_naming_the_file(tmp_path):
    p = tmp_path / "empty.jsonl"
    p.write_bytes(b"")
    with pytest.raises(DataError, match=r"empty\.jsonl: file contains no records"):
        load_records(p)


def test_cli_reports_bad_line_and_exits_2(tmp_path):
    p = write_jsonl(tmp_path / "cli.jsonl", [good(0), "not json"])
    res = subprocess.run(
        [sys.executable, "-m", "medtrust.cli", "run", "--data", str(p), "--model", "medtrust/policy/refuse",
         "--log-dir", str(tmp_path / "logs"), "--display", "none"],
        capture_output=True, text=True, timeout=120,
    )
    assert res.returncode == 2, res.stdout + res.stderr
    assert f"error: {p}, line 2: malformed JSON" in res.stderr
    assert "Traceback" not in res.stderr


# -- huge prompt ------------------------------------------------------------------------------


def huge_prompt_file(tmp_path: Path) -> Path:
    # ~6,000 words: about 7,000 tokens, over the 2,048-token context of the embedded model
    row = dict(ROWS[0], prompt=ROWS[0]["prompt"] + " " + " ".join(["patient history follows"] * 2000))
    return write_jsonl(tmp_path / "huge.jsonl", [json.dumps(row), good(1)])


def _outcomes(log):
    """{file line: (score, error)}: row ids are content hashes, lines are what the file shows."""
    return {s.metadata["line"]: ((s.scores or {}).get("cares_llm_scorer"), s.error) for s in log.samples}


@pytest.mark.slow
def test_huge_prompt_is_model_error_with_embedded_model(tmp_path):
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.runner import RunOptions, eval_tasks

    opts = RunOptions(log_dir=str(tmp_path / "logs"), display="none")
    head = eval_tasks(cares_llm(data=str(huge_prompt_file(tmp_path)), max_tokens=4), opts, model="medtrust/embedded")[0]
    assert head.status == "success"
    log = read_eval_log(head.location)  # eval_tasks returns header-only logs
    out = _outcomes(log)
    score, err = out[1]
    assert score.metadata["outcome"] == "model_error" and "too long" in score.explanation, score.explanation
    assert out[2][0].metadata["outcome"] in ("correct", "incorrect")  # the next row still ran


@pytest.mark.slow
def test_huge_prompt_is_model_error_through_the_server(llama, tmp_path, monkeypatch):
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.runner import RunOptions, eval_tasks
    from tests.reliability.conftest import KEY_VAR, SERVER_MODEL

    monkeypatch.setenv(KEY_VAR, "sk-medtrust-test-0000")
    opts = RunOptions(log_dir=str(tmp_path / "logs"), display="none", model_args={"max_retries": 0})
    head = eval_tasks(cares_llm(data=str(huge_prompt_file(tmp_path)), max_tokens=4), opts, model=SERVER_MODEL,
                      model_base_url=llama.base_url, max_retries=1)[0]
    assert head.status == "success"
    log = read_eval_log(head.location)  # eval_tasks returns header-only logs
    out = _outcomes(log)
    score, err = out[1]
    # llama.cpp answers HTTP 400 "exceed context window"; inspect returns it as a failed output
    assert (score is not None and score.metadata["outcome"] == "model_error") or err is not None, (score, err)
    text = score.explanation if score is not None else err.message
    assert "context" in text.lower(), text
    assert out[2][0].metadata["outcome"] in ("correct", "incorrect")


# -- images (CARES-VLM resolver; hf-vision load_image) ---------------------------------------


@pytest.fixture(scope="module")
def ham_jpeg(shared_data: Path) -> Path:
    return shared_data / "cares_vlm" / "HAM10000" / "images" / "ISIC_0034524.jpg"


def test_missing_image_is_input_error_naming_key(tmp_path):
    r = ImageResolver(tmp_path, "ham10000").resolve("ham10000_testset/ISIC_missing.jpg")
    assert r.path is None and r.error == f"image not found: ham10000_testset/ISIC_missing.jpg under {tmp_path.resolve()}"


def test_truncated_jpeg_is_input_error(tmp_path, ham_jpeg):
    data = ham_jpeg.read_bytes()
    (tmp_path / "cut.jpg").write_bytes(data[: len(data) // 2])
    r = ImageResolver(tmp_path, "ham10000").resolve("cut.jpg")
    assert r.error is not None and r.error.startswith("image unreadable: cut.jpg (OSError: image file is truncated")


def test_png_renamed_jpg_is_decoded_by_content(tmp_path, ham_jpeg):
    with Image.open(ham_jpeg) as im:
        im.save(tmp_path / "really_png.jpg", format="PNG")
        size = im.size
    r = ImageResolver(tmp_path, "ham10000").resolve("really_png.jpg")
    assert r.error is None and (r.width, r.height) == size


def _dicom_16bit_png(tmp_path: Path) -> tuple[Path, np.ndarray]:
    import pydicom
    from pydicom.data import get_testdata_file

    arr = pydicom.dcmread(get_testdata_file("RG1_UNCR.dcm")).pixel_array[::8, ::8]  # real CR chest image, 15-bit
    out = tmp_path / "cxr16.png"
    Image.fromarray(arr.astype(np.uint16)).save(out)
    return out, arr


def test_16bit_grayscale_dicom_image_resolves(tmp_path):
    path, arr = _dicom_16bit_png(tmp_path)
    assert arr.dtype == np.uint16 and int(arr.max()) > 255
    r = ImageResolver(tmp_path, "iu_xray").resolve(path.name)
    assert r.error is None and (r.width, r.height) == (arr.shape[1], arr.shape[0])


def test_16bit_grayscale_keeps_its_contrast_when_given_to_the_model(tmp_path):
    """The model must see the X-ray, not a white rectangle.

    PIL's ``convert("RGB")`` on a 16-bit image clips every value above 255 to white; this image's
    pixels are 874..26479, so a plain conversion is all white. The loader must rescale 16-bit
    (and 32-bit) grayscale to 8 bits first (e.g. min-max or the DICOM window).
    """
    from medtrust.models.hf_vision import load_image

    path, arr = _dicom_16bit_png(tmp_path)
    rgb = np.asarray(load_image(str(path)))
    assert rgb.shape == (arr.shape[0], arr.shape[1], 3)
    # the 8-bit image keeps the ordering of the 16-bit one: darkest and brightest pixels differ
    lo, hi = np.unravel_index(arr.argmin(), arr.shape), np.unravel_index(arr.argmax(), arr.shape)
    assert int(rgb[hi][0]) - int(rgb[lo][0]) >= 200, (rgb.min(), rgb.max())


def _png_header_only(path: Path, width: int, height: int) -> Path:
    """A PNG whose header claims width x height 8-bit grayscale, with a tiny (incomplete) body."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    return path


def test_20000_by_20000_image_is_refused_by_the_bomb_guard(tmp_path):
    _png_header_only(tmp_path / "huge.png", 20_000, 20_000)
    r = ImageResolver(tmp_path, "ham10000").resolve("huge.png")
    assert r.error is not None and "DecompressionBombError" in r.error and "huge.png" in r.error
