"""Download the MediConfusion images from the PMC Open Access packages (``medtrust data fetch mediconfusion``).

The images are not redistributed (doc sec. 2). ``image_dict.json`` maps each of the 228 ROCO
paths to a PMC OA package (``dlink``, a ``.tar.gz``), the figure's ``file_name`` inside it and the
``local`` id. For every image we download its package (once per package; 219 packages), read
only that figure from the archive (nothing else is extracted to disk), check that it decodes as
an image, and write ``<dest>/<local>.jpg`` atomically.

Differences from the official ``scripts/download.py``: it first deletes the target folder; we
never delete anything that exists, skip images already present and valid (so an interrupted
run resumes), and report every failure per image instead of stopping.
"""

from __future__ import annotations

import io
import json
import shutil
import socket
import tarfile
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import click

from medtrust.atomic import write_bytes
from medtrust.benchmarks.mediconfusion.dataset import packaged_file
from medtrust.data.records import load_json

#: Official links are ``ftp://ftp.ncbi.nlm.nih.gov/pub/pmc/...``; NCBI serves the same tree over HTTPS.
PMC_HOST = "ftp://ftp.ncbi.nlm.nih.gov"
DEFAULT_BASE_URL = "https://ftp.ncbi.nlm.nih.gov"


class NetworkUnavailable(RuntimeError):
    """The package host cannot be reached at all (offline machine, DNS failure, refused)."""


@dataclass
class FetchReport:
    """What a fetch did.

    Attributes:
        written: local ids downloaded now.
        skipped: local ids already present and valid (not downloaded again).
        failed: {local id: reason} for every image that could not be obtained.
    """

    written: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    failed: dict[int, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.failed


def _valid_image(path: Path) -> bool:
    from PIL import Image

    try:
        with Image.open(path) as im:
            im.verify()
        return True
    except Exception:  # PIL raises many types for broken files
        return False


def _to_jpeg_bytes(data: bytes) -> bytes:
    """The figure as JPEG bytes (JPEG input kept byte-identical; other formats converted).

    Raises:
        ValueError: the bytes do not decode as an image.
    """
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            im.load()
            if im.format == "JPEG":
                return data
            buf = io.BytesIO()
            im.convert("RGB").save(buf, format="JPEG", quality=95)
            return buf.getvalue()
    except Exception as e:
        raise ValueError(f"figure does not decode as an image ({type(e).__name__}: {e})") from None


def _url(dlink: str, base_url: str) -> str:
    return base_url.rstrip("/") + dlink[len(PMC_HOST) :] if dlink.startswith(PMC_HOST) else dlink


def _is_network_down(err: BaseException) -> bool:
    reason = getattr(err, "reason", err)
    return isinstance(reason, (socket.gaierror, ConnectionRefusedError, socket.timeout, TimeoutError, OSError)) and not isinstance(
        err, urllib.error.HTTPError
    )


def fetch_images(
    dest: str | Path,
    *,
    base_url: str = DEFAULT_BASE_URL,
    image_dict: str | Path | None = None,
    only: list[int] | None = None,
    timeout: float = 60.0,
    retries: int = 2,
    progress: Callable[[str], None] | None = None,
) -> FetchReport:
    """Download MediConfusion images into ``dest`` as ``<local id>.jpg``.

    Args:
        dest: target folder (created if missing; never emptied or deleted).
        base_url: scheme+host replacing ``ftp://ftp.ncbi.nlm.nih.gov`` in the official links
            (default the HTTPS service of the same host; tests use a 127.0.0.1 server).
        image_dict: mapping file; default the packaged ``image_dict.json``.
        only: restrict to these local ids.
        timeout: seconds per request; retries: extra attempts per package.
        progress: called with one line per image.

    Returns:
        FetchReport (per-image failures listed, never raised).

    Raises:
        NetworkUnavailable: the very first package request fails with a connection-level error
            (no DNS, refused, timeout) and nothing could be downloaded.
    """
    say = progress or (lambda s: None)
    out = Path(dest)
    out.mkdir(parents=True, exist_ok=True)
    entries = load_json(Path(image_dict or packaged_file("image_dict.json")))
    by_pkg: dict[str, list[tuple[int, str]]] = {}
    report = FetchReport()
    for info in entries.values():
        local = int(info["local"])
        if only is not None and local not in only:
            continue
        target = out / f"{local}.jpg"
        if target.exists() and _valid_image(target):
            report.skipped.append(local)
            continue
        by_pkg.setdefault(info["dlink"], []).append((local, info["file_name"]))
    tmp_root = Path(tempfile.mkdtemp(prefix=".mediconfusion-download-", dir=out))
    try:
        for dlink, wanted in sorted(by_pkg.items()):
            url = _url(dlink, base_url)
            if urllib.parse.urlsplit(url).scheme.lower() not in ("http", "https", "ftp"):
                # urllib would also open file:// links: a mapping row must never read a local file
                for local, _ in wanted:
                    report.failed[local] = f"refused link {dlink[:80]!r} (only http, https and ftp)"
                    say(f"{local}.jpg: FAILED {report.failed[local]}")
                continue
            pkg = tmp_root / "package.tar.gz"
            err: str | None = None
            for attempt in range(retries + 1):
                try:
                    with urllib.request.urlopen(url, timeout=timeout) as r, open(pkg, "wb") as f:
                        shutil.copyfileobj(r, f)
                    err = None
                    break
                except (urllib.error.URLError, OSError) as e:
                    if not report.written and not report.failed and _is_network_down(e):
                        host = urllib.parse.urlsplit(url).netloc
                        raise NetworkUnavailable(
                            f"cannot reach {host} ({getattr(e, 'reason', e)}): `medtrust data fetch mediconfusion` needs network "
                            "access to the PMC Open Access service; run it on a connected machine and copy the folder, "
                            "or pass --image-root to an existing copy (local ids or a ROCO clone)"
                        ) from None
                    why = f"HTTP {e.code} {e.reason}" if isinstance(e, urllib.error.HTTPError) else getattr(e, "reason", e)
                    err = f"download failed: {why} ({url})"
            if err is not None:
                for local, _ in wanted:
                    report.failed[local] = err
                    say(f"{local}.jpg: FAILED {err}")
                continue
            pmcid = Path(urllib.parse.urlsplit(url).path).name.removesuffix(".tar.gz")
            try:
                with tarfile.open(pkg, "r:gz") as tar:
                    members = {m.name: m for m in tar.getmembers() if m.isfile()}
                    for local, fname in wanted:
                        m = members.get(f"{pmcid}/{fname}") or next((v for k, v in members.items() if Path(k).name == fname), None)
                        if m is None:
                            report.failed[local] = f"{fname} not in package {pmcid}"
                            say(f"{local}.jpg: FAILED {report.failed[local]}")
                            continue
                        fobj = tar.extractfile(m)
                        try:
                            data = _to_jpeg_bytes(fobj.read() if fobj else b"")
                        except ValueError as e:
                            report.failed[local] = f"{fname} in {pmcid}: {e}"
                            say(f"{local}.jpg: FAILED {report.failed[local]}")
                            continue
                        write_bytes(out / f"{local}.jpg", data)  # atomic: an interrupted run leaves no half image
                        report.written.append(local)
                        say(f"{local}.jpg: ok ({len(data)} bytes from {pmcid})")
            except (tarfile.TarError, OSError, EOFError) as e:
                for local, _ in wanted:
                    if local not in report.written:
                        report.failed[local] = f"package {pmcid} is not a readable .tar.gz ({e})"
                        say(f"{local}.jpg: FAILED {report.failed[local]}")
            finally:
                pkg.unlink(missing_ok=True)
    finally:
        shutil.rmtree(tmp_root, ignore_errors=True)  # only our own temporary folder
    return report


@click.command("mediconfusion")
@click.option("--dest", required=True, type=click.Path(file_okay=False), help="Folder for <local id>.jpg (never emptied).")
@click.option("--base-url", default=DEFAULT_BASE_URL, show_default=True, help="Host serving /pub/pmc/oa_package/... (mirror).")
@click.option("--timeout", default=60.0, show_default=True, help="Seconds per request.")
def fetch_command(dest: str, base_url: str, timeout: float) -> None:
    """Download the 228 MediConfusion images from PMC Open Access (about 26 MB; needs network)."""
    try:
        rep = fetch_images(dest, base_url=base_url, timeout=timeout, progress=click.echo)
    except NetworkUnavailable as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"mediconfusion images: {len(rep.written)} written, {len(rep.skipped)} already present, {len(rep.failed)} failed -> {dest}")
    if rep.failed:
        for local, why in sorted(rep.failed.items()):
            click.echo(f"  {local}.jpg: {why}", err=True)
        raise click.ClickException(f"{len(rep.failed)} image(s) could not be fetched; run the command again to retry only those")
