"""The image downloader against fake PMC packages served on 127.0.0.1 (never a real host)."""

from __future__ import annotations

import functools
import http.server
import io
import json
import socket
import tarfile
import threading

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from medtrust.benchmarks.mediconfusion.dataset import packaged_file
from medtrust.benchmarks.mediconfusion.fetch import NetworkUnavailable, fetch_command, fetch_images

ENTRIES = json.loads(packaged_file("image_dict.json").read_text())


def _jpeg(seed: int) -> bytes:
    buf = io.BytesIO()
    Image.fromarray((np.random.RandomState(seed).rand(8, 8, 3) * 255).astype("uint8")).save(buf, format="JPEG")
    return buf.getvalue()


def _add(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))


@pytest.fixture
def fake_pmc(tmp_path):
    """A 127.0.0.1 HTTP server holding fake OA packages for the first 4 images of image_dict.json.

    Image 0 and 1: good packages (a stand-in JPEG at PMCxxx/<file_name> plus an unrelated file);
    image 2: the package lacks the figure; image 3: no package (404).
    """
    root = tmp_path / "www"
    items = list(ENTRIES.values())[:4]
    expected = {}
    for i, info in enumerate(items[:3]):
        rel = info["dlink"].split("ftp.ncbi.nlm.nih.gov/", 1)[1]
        pkg = root / rel
        pkg.parent.mkdir(parents=True, exist_ok=True)
        pmcid = pkg.name.removesuffix(".tar.gz")
        data = _jpeg(i)
        with tarfile.open(pkg, "w:gz") as tar:
            _add(tar, f"{pmcid}/article.nxml", b"<article/>")
            if i < 2:
                _add(tar, f"{pmcid}/{info['file_name']}", data)
                expected[int(info["local"])] = data
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a, **k):
            pass

    handler = functools.partial(Quiet, directory=str(root))
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}", [int(x["local"]) for x in items], expected
    finally:
        srv.shutdown()
        srv.server_close()


def test_fetch_writes_verifies_resumes_and_reports(tmp_path, fake_pmc):
    base, locals_, expected = fake_pmc
    dest = tmp_path / "images"
    dest.mkdir()
    (dest / "keep-me.txt").write_text("user file")
    rep = fetch_images(dest, base_url=base, only=locals_, timeout=5, retries=0)
    assert sorted(rep.written) == sorted(expected)
    for local, data in expected.items():
        assert (dest / f"{local}.jpg").read_bytes() == data  # JPEG kept byte-identical
    assert "not in package" in rep.failed[locals_[2]]
    assert "HTTP 404" in rep.failed[locals_[3]]
    assert (dest / "keep-me.txt").read_text() == "user file"  # nothing of the user's is deleted
    assert sorted(p.name for p in dest.iterdir()) == sorted([f"{x}.jpg" for x in expected] + ["keep-me.txt"])  # no temp left
    # a second run resumes: present images are skipped, only the failures are retried
    rep2 = fetch_images(dest, base_url=base, only=locals_, timeout=5, retries=0)
    assert sorted(rep2.skipped) == sorted(expected) and rep2.written == [] and set(rep2.failed) == set(locals_[2:])
    # a broken image on disk is fetched again
    (dest / f"{locals_[0]}.jpg").write_bytes(b"truncated")
    rep3 = fetch_images(dest, base_url=base, only=locals_[:1], timeout=5, retries=0)
    assert rep3.written == [locals_[0]]


def test_fetch_command_and_offline_message(tmp_path, fake_pmc):
    base, locals_, expected = fake_pmc
    res = CliRunner().invoke(fetch_command, ["--dest", str(tmp_path / "d"), "--base-url", base, "--timeout", "5"])
    assert res.exit_code == 1  # most of the 228 images have no fake package here
    assert "2 written" in res.output and "could not be fetched" in res.output
    with socket.socket() as s:  # a port with nobody listening
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    with pytest.raises(NetworkUnavailable, match="needs network"):
        fetch_images(tmp_path / "e", base_url=f"http://127.0.0.1:{dead}", only=locals_, timeout=2, retries=0)
    res = CliRunner().invoke(fetch_command, ["--dest", str(tmp_path / "e"), "--base-url", f"http://127.0.0.1:{dead}", "--timeout", "2"])
    assert res.exit_code == 1 and "needs network access" in res.output
    assert (tmp_path / "e").is_dir() and not any((tmp_path / "e").iterdir())
