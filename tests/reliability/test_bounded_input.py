"""Bounded input (issue 28, kind 3): no input file is read whole past a stated limit.

Each exceeded limit is an input error that names the file and the limit, never a crash and
never gigabytes of memory: a JSONL line past the line limit (1 GiB in the issue: a sparse file
here, read under an address-space limit so that reading it whole would fail), a JPEG padded past
the image limit (read and sent before), a zip-bomb ``.eval`` (decompressed sizes past the log
limits: ``report`` and ``label`` were killed), and the numbers that exceed Python's digit limit
(file, line *and* field). Limits can be raised by environment variable (docs/security.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from medtrust.data.records import DataError, read_records

GIB = 1 << 30


def _limited_python(code: str, *, address_space: int = 3 * GIB, env: dict | None = None, timeout: int = 300) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter whose address space is capped (reading a GiB whole fails)."""
    pre = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({address_space}, {address_space}))\n"
    return subprocess.run([sys.executable, "-c", pre + code], capture_output=True, text=True, timeout=timeout, env=env or dict(os.environ))


# ------------------------------------------------------------------ JSONL line length


def _sparse_jsonl(path: Path, size: int, *, prefix: str = '{"prompt": "', lines_before: int = 0) -> Path:
    with open(path, "wb") as f:
        for i in range(lines_before):
            f.write(json.dumps({"prompt": f"ok {i}", "base_prompt": "b"}).encode() + b"\n")
        f.write(prefix.encode() + b"a" * 8192)  # real text first: the encoding check reads the head
        f.truncate(size)  # the rest is a hole: no disk used, but a reader sees NUL bytes
    return path


@pytest.mark.parametrize("suffix", [".jsonl", ".ndjson"])
def test_a_line_over_the_limit_is_an_error_naming_file_line_and_limit(tmp_path, suffix, monkeypatch):
    import medtrust.data.records as records

    monkeypatch.setattr(records, "MAX_LINE_BYTES", 64 * 1024)
    p = _sparse_jsonl(tmp_path / f"big{suffix}", 200 * 1024, lines_before=2)
    with pytest.raises(DataError) as e:
        read_records(p)
    msg = str(e.value)
    assert str(p) in msg and "line 3" in msg and "65,536 bytes" in msg, msg


def test_a_1_gib_line_is_refused_without_reading_it_whole(tmp_path):
    p = _sparse_jsonl(tmp_path / "huge.jsonl", GIB + 4096)
    res = _limited_python(
        "from medtrust.data.records import read_records, DataError\n"
        f"try:\n    read_records({str(p)!r})\nexcept DataError as e:\n    print('DataError:', e)\n",
        address_space=GIB,  # whole: 1 GiB of bytes and more of text; line by line: a few MiB
    )
    assert res.returncode == 0, res.stderr[-2000:]
    assert "DataError:" in res.stdout and "line 1" in res.stdout and "limit" in res.stdout, res.stdout


def test_a_whole_json_file_over_the_file_limit_is_refused(tmp_path, monkeypatch):
    import medtrust.data.records as records

    monkeypatch.setattr(records, "MAX_FILE_BYTES", 64 * 1024)
    for name in ("rows.json", "rows.csv"):
        p = tmp_path / name
        with open(p, "wb") as f:
            f.write(b"[" if name.endswith(".json") else b"a,b\n")
            f.truncate(100 * 1024)
        with pytest.raises(DataError, match=r"over the limit of 65,536 bytes"):
            read_records(p)


def test_limits_can_be_raised_by_environment(tmp_path):
    p = _sparse_jsonl(tmp_path / "l.jsonl", 80 * 1024)
    res = _limited_python(
        "import medtrust.data.records as r\nprint(r.MAX_LINE_BYTES)", env=dict(os.environ, MEDTRUST_MAX_LINE_BYTES="123456")
    )
    assert res.stdout.strip() == "123456", res.stderr[-800:]
    assert p.exists()


# ------------------------------------------------------------------ the 5,000-digit number: file, line and field


@pytest.mark.parametrize("row", [
    '{"prompt": "x", "harmful_level": %s}',
    '{"prompt": "x", "meta": {"score": [1, %s]}}',
    '{"prompt": "x", "harmful_level": -%s}',
])  # fmt: skip
def test_5000_digit_number_names_file_line_and_field(tmp_path, row):
    p = tmp_path / "n.jsonl"
    p.write_text('{"prompt": "fine"}\n' + row % ("9" * 5000) + "\n")
    with pytest.raises(DataError) as e:
        read_records(p)
    msg = str(e.value)
    field = "harmful_level" if "harmful" in row else "meta.score[1]"
    assert f"{p}, line 2: field '{field}'" in msg, msg


def test_5000_digit_number_in_a_whole_json_file_names_the_field(tmp_path):
    from medtrust.data.records import load_json

    p = tmp_path / "d.json"
    p.write_text('{"10001": {"question": "q", "im_1_local": ' + "7" * 5000 + "}}")
    with pytest.raises(DataError, match=r"field '10001.im_1_local'"):
        load_json(p)


# ------------------------------------------------------------------ image file size


def _padded_jpeg(path: Path, size: int) -> Path:
    from PIL import Image

    Image.new("RGB", (32, 32), (120, 40, 40)).save(path, format="JPEG")
    with open(path, "r+b") as f:
        f.truncate(size)  # a valid JPEG followed by a hole of zeros (decoders stop at the end marker)
    return path


def test_image_over_the_limit_is_an_input_error_naming_file_and_limit(tmp_path, shared_data):
    """CARES-VLM: the 1.2 GB padded JPEG is never read or sent; its row is an input_error."""
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    f = shared_data / "cares_vlm" / "HAM10000" / "HAM10000_factuality.jsonl"
    keys = [json.loads(ln)["image"] for ln in f.open().readlines()[:2]]
    root = tmp_path / "img"
    for k in keys:
        (root / k).parent.mkdir(parents=True, exist_ok=True)
    big = _padded_jpeg(root / keys[0], 1_200_000_000)
    _padded_jpeg(root / keys[1], 2000)
    task = cares_vlm(dimension="factuality", data={"ham10000": str(f)}, image_roots={"ham10000": str(root)}, limit_per_source=2)
    samples = {s.metadata["image_key"]: s for s in task.dataset}
    err = samples[keys[0]].metadata["input_error"]
    assert err and big.name in err and "limit" in err and "bytes" in err, err
    assert samples[keys[1]].metadata["input_error"] is None


def test_image_limit_holds_for_mediconfusion_and_the_shared_image_helpers(tmp_path):
    from medtrust.images import ImageTooLarge, check_image_size, model_image_ref

    big = _padded_jpeg(tmp_path / "20001.jpg", 1_200_000_000)
    with pytest.raises(ImageTooLarge, match=r"20001\.jpg.*limit of [\d,]+ bytes"):
        check_image_size(big)
    assert model_image_ref(big) == str(big)  # never decoded or inlined

    from medtrust.benchmarks.mediconfusion.task import mediconfusion

    _padded_jpeg(tmp_path / "20002.jpg", 2000)  # one usable image: the task runs
    task = mediconfusion(mode="mc", image_roots=str(tmp_path))
    errs = [s.metadata.get("input_error") for s in task.dataset if s.metadata["image_local"] == 20001]
    assert errs and all(e and "limit" in e for e in errs), errs


# ------------------------------------------------------------------ zip-bomb .eval


@pytest.fixture(scope="module")
def real_eval(tmp_path_factory) -> Path:
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from medtrust.benchmarks.cares_llm.task import cares_llm

    d = tmp_path_factory.mktemp("bomb")
    (log,) = inspect_eval(cares_llm(), model=get_model("medtrust/policy/refuse", memoize=False), limit=2, log_dir=str(d), display="none")
    return Path(log.location)


def _bomb(src: Path, dst: Path, member_size: int) -> Path:
    """``src`` with one sample member replaced by ``member_size`` bytes of JSON padding (deflate:
    a few MB on disk for a GiB inside)."""
    from medtrust._inspect_compat import enable_zstd_zipfile

    enable_zstd_zipfile()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as zout:
        names = zin.namelist()
        victim = next(n for n in names if n.startswith("samples/"))
        for n in names:
            if n != victim:
                zout.writestr(n, zin.read(n))
        with zout.open(victim, "w", force_zip64=True) as w:
            w.write(b'{"id": "x", "pad": "')
            chunk = b" " * (1 << 24)
            left = member_size
            while left > 0:
                w.write(chunk[: min(left, len(chunk))])
                left -= len(chunk)
            w.write(b'"}')
    return dst


def test_zip_bomb_log_is_refused_by_read_log_naming_file_and_limit(real_eval, tmp_path, monkeypatch):
    import medtrust.logs as logs

    bomb = _bomb(real_eval, tmp_path / real_eval.name, 64 << 20)
    assert bomb.stat().st_size < 2 << 20
    monkeypatch.setattr(logs, "MAX_LOG_MEMBER_BYTES", 16 << 20)
    with pytest.raises(logs.LogReadError) as e:
        logs.read_log(bomb)
    assert str(bomb) in str(e.value) and "16,777,216 bytes" in str(e.value), str(e.value)
    with pytest.raises(logs.LogReadError, match="limit"):
        logs.read_log(bomb, header_only=True)  # the header is small, but the file as a whole is refused


@pytest.mark.slow
@pytest.mark.parametrize("command", ["report", "label"])
def test_zip_bomb_log_does_not_kill_report_or_label(real_eval, tmp_path, command):
    """A 1.5 GiB sample member in a ~2 MB file, default limits, 2 GiB address space."""
    d = tmp_path / "logs"
    d.mkdir()
    bomb = _bomb(real_eval, d / real_eval.name, 3 * (GIB // 2))
    assert bomb.stat().st_size < 16 << 20
    args = ["report", str(d), "--out", str(tmp_path / "r.html")] if command == "report" else \
        ["label", str(d), "--out", str(tmp_path / "l.jsonl")]  # fmt: skip
    res = _limited_python(f"import sys; sys.argv = ['medtrust', *{args!r}]\nfrom medtrust.cli import main\nmain()", address_space=2 * GIB)
    assert "Traceback" not in res.stderr and "MemoryError" not in res.stderr, res.stderr[-3000:]
    assert res.returncode != 0 or command == "report"
    out = res.stdout + res.stderr
    assert bomb.name in out and "limit" in out, out[-2000:]
