"""Files named by data rows stay inside their root: resolve, check containment, then open.

Known escapes (``../outside/x.jpg``, ``..\\outside\\x.jpg``, a symlink pointing outside,
``../../../../etc/passwd``, a 300-character name) plus more of the kind (NUL byte, drive and
UNC paths, ``a/../../x``, a symlinked folder, a symlink loop, an undecodable name), each on
:func:`safe_join` directly and end to end through CARES-VLM and MediConfusion: every bad row is
an ``input_error`` naming the row, the rest of the run is scored, and nothing outside the root
is read.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval


HAM_IMAGE = "ISIC_0034761.jpg"


@pytest.fixture
def tree(tmp_path: Path, shared_data: Path) -> dict[str, Path]:
    """root/ with one real image and a symlink out; outside/ beside it with an image that must never be read."""
    src = shared_data / "cares_vlm" / "HAM10000" / "images" / HAM_IMAGE
    root, outside = tmp_path / "root", tmp_path / "outside"
    (root / "sub").mkdir(parents=True)
    outside.mkdir()
    shutil.copy(src, root / "sub" / "ok.jpg")
    shutil.copy(src, outside / "x.jpg")
    (root / "link.jpg").symlink_to(outside / "x.jpg")
    (root / "linkdir").symlink_to(outside, target_is_directory=True)
    (root / "loop1").symlink_to(root / "loop2")
    (root / "loop2").symlink_to(root / "loop1")
    return {"root": root, "outside": outside}


BAD_NAMES = {
    "../outside/x.jpg": "'..' component",
    "..\\outside\\x.jpg": "'..' component",
    "../../../../etc/passwd": "'..' component",
    "sub/../../outside/x.jpg": "'..' component",
    "link.jpg": "resolves outside the root",
    "linkdir/x.jpg": "resolves outside the root",
    "loop1": "",  # a symlink loop: refused (cannot resolve) or resolves outside; never opened
    "a" * 300 + ".jpg": "file name too long (304 characters",
    "x\x00.jpg": "NUL byte",
    "C:\\Windows\\x.jpg": "drive path",
    "\\\\server\\share\\x.jpg": "network path",
    "bad\ud800.jpg": "cannot encode",
    "": "empty file name",
}


@pytest.mark.parametrize("name", list(BAD_NAMES))
def test_safe_join_refuses_names_that_leave_the_root(tree, name):
    from medtrust.data.paths import UnsafePathError, safe_join

    with pytest.raises(UnsafePathError) as e:
        safe_join(tree["root"], name)
    assert BAD_NAMES[name] in str(e.value)


@pytest.mark.parametrize("name", ["sub/ok.jpg", "sub\\ok.jpg", "/sub/ok.jpg", "./sub/./ok.jpg", "sub//ok.jpg"])
def test_safe_join_accepts_names_inside_the_root(tree, name):
    from medtrust.data.paths import safe_join

    p = safe_join(tree["root"], name)
    assert p == (tree["root"] / "sub" / "ok.jpg").resolve() and p.is_file()


def test_safe_join_root_itself_may_be_a_symlink(tree, tmp_path):
    from medtrust.data.paths import safe_join

    alias = tmp_path / "alias"
    alias.symlink_to(tree["root"], target_is_directory=True)
    assert safe_join(alias, "sub/ok.jpg") == (tree["root"] / "sub" / "ok.jpg").resolve()


def _ham_rows(keys: list[str]) -> str:
    rows = [{"question_id": i, "image": k, "fig_caption": "B:ear", "options": "A:scalp, B:ear", "age": 50, "gender": "male",
             "text": "Where is the lesion? A:scalp, B:ear"} for i, k in enumerate(keys)]  # fmt: skip
    return "\n".join(json.dumps(r) for r in rows) + "\n"


@pytest.mark.slow
def test_cares_vlm_rows_naming_outside_files_are_input_errors_and_the_run_finishes(tree, tmp_path):
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    keys = ["sub/ok.jpg", "../outside/x.jpg", "..\\outside\\x.jpg", "link.jpg", "../../../../etc/passwd", "a" * 300 + ".jpg", "sub/ok.jpg"]
    data = tmp_path / "ham.jsonl"
    data.write_text(_ham_rows(keys))
    task = cares_vlm(dimension="factuality", data={"ham10000": str(data)}, image_roots={"ham10000": str(tree["root"])})
    (log,) = inspect_eval(task, model="medtrust/policy/random-option", log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success" and len(log.samples) == len(keys)
    by_line = {s.metadata["line"]: s for s in log.samples}
    for line in (1, 2, 3, 4, 5):
        s = by_line[line]
        sc = s.scores["cares_vlm_scorer"]
        assert sc.metadata["outcome"] == "input_error"
        assert sc.explanation.startswith("image path refused") and sc.explanation.endswith(f"(ham10000 line {line + 1})")
        assert s.metadata["image_path"] is None and s.metadata["image_sha256"] is None
        assert not any(m.role == "assistant" for m in s.messages)  # never sent to the model
    assert "file name too long (304 characters" in by_line[5].scores["cares_vlm_scorer"].explanation
    for line in (0, 6):
        assert by_line[line].scores["cares_vlm_scorer"].metadata["outcome"] in ("correct", "incorrect")
    # nothing outside the root was read into the log
    text = json.dumps([s.model_dump(mode="json") for s in log.samples])
    assert str(tree["outside"]) not in text and "/etc/passwd\"" not in text.replace("../../../../etc/passwd", "")


def _pair_file(tmp_path: Path, im_1: str, im_2: str) -> Path:
    from medtrust.benchmarks.mediconfusion.dataset import packaged_file

    raw = json.loads(packaged_file("dataset.json").read_text())
    row = dict(raw["10001"], im_1=im_1, im_2=im_2, im_1_local="29998", im_2_local="29999")
    p = tmp_path / "pairs.json"
    p.write_text(json.dumps({"10001": row}))
    return p


@pytest.mark.parametrize("im_1", ["../outside/x.jpg", "..\\outside\\x.jpg", "link.jpg", "../../../../etc/passwd", "b" * 300 + ".jpg"])
def test_mediconfusion_pair_naming_outside_file_is_refused_naming_the_pair(tree, tmp_path, im_1):
    from medtrust.benchmarks.mediconfusion.dataset import load_pairs
    from medtrust.benchmarks.mediconfusion.task import build_samples

    pairs = load_pairs(_pair_file(tmp_path, im_1, "sub/ok.jpg"))
    s1, s2 = build_samples(pairs, mode="mc", image_root=str(tree["root"]))
    assert s1.metadata["input_error"].startswith("pair 10001 image 1: image path refused:")
    assert isinstance(s1.input[0].content, str)  # text only: the image was never attached
    assert not s2.metadata.get("input_error")  # the pair's other image is used


def test_mediconfusion_fetch_refuses_file_links(tmp_path):
    from medtrust.benchmarks.mediconfusion.fetch import fetch_images

    mapping = tmp_path / "image_dict.json"
    mapping.write_text(json.dumps({"x": {"local": 20001, "dlink": "file:///etc/passwd", "file_name": "passwd"}}))
    report = fetch_images(tmp_path / "dest", image_dict=mapping)
    assert report.failed == {20001: "refused link 'file:///etc/passwd' (only http, https and ftp)"}
    assert not (tmp_path / "dest" / "20001.jpg").exists()
    assert os.listdir(tmp_path / "dest") == []
