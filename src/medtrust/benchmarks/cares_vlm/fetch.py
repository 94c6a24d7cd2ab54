"""`medtrust data fetch cares-vlm`: download the official CARES-VLM annotation files, verified.

The seven factuality files live in the official repository (richard-peng-xia/CARES, ``data/``).
Each download is checked against its **git blob id** (SHA-1 of ``b"blob <size>\\0" + bytes``,
what ``git hash-object FILE`` prints; ids listed in ../shared/data/README.md), so a changed or
truncated file is rejected and never written. Files land under the folder that tasks read by
default (``$MEDTRUST_CARES_VLM_DATA`` or ``~/.cache/medtrust/cares_vlm``), in the official layout.

Images are not fetched: they come from each source's own provider under its own terms
(cares_vlm.md sec. 3); the MIMIC-CXR file carries credentialed PhysioNet-derived data.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import click

from medtrust.atomic import write_bytes
from medtrust.bounded import TooLarge, read_bounded
from medtrust.data.records import MAX_FILE_BYTES
from medtrust.benchmarks.cares_vlm.schema import BLOB_IDS, OFFICIAL_FILES, SOURCES, git_blob_id, normalise_source

DEFAULT_BASE_URL = "https://raw.githubusercontent.com/richard-peng-xia/CARES/main/data"


class FetchError(RuntimeError):
    """A download failed (network, HTTP status, or a blob-id mismatch)."""


@dataclass
class FetchResult:
    source: str
    path: Path
    status: str  # "downloaded" | "present"
    bytes: int


def fetch_source(source: str, dest: Path, *, base_url: str = DEFAULT_BASE_URL, timeout: float = 60.0,
                 force: bool = False) -> FetchResult:
    """Download one source's annotation file to ``dest/<official relative path>`` and verify it.

    A file already present with the right blob id is kept (``status="present"``) unless ``force``.

    Raises:
        FetchError: no network / unreachable host (message says network access is needed),
            HTTP error, or blob-id mismatch (nothing is written then).
    """
    src = normalise_source(source)
    rel = OFFICIAL_FILES[src]
    target = dest / rel
    want = BLOB_IDS[src]
    if target.is_file() and not force:
        try:  # bounded: a present file larger than any data file is not the official one
            present = read_bounded(target, MAX_FILE_BYTES)
        except (OSError, TooLarge):
            present = b""
        if git_blob_id(present) == want:
            return FetchResult(src, target, "present", target.stat().st_size)
    url = f"{base_url.rstrip('/')}/{rel}"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            data = resp.read(MAX_FILE_BYTES + 1)  # bounded; the blob id check below refuses a cut file
    except urllib.error.HTTPError as e:
        raise FetchError(f"{url}: HTTP {e.code} {e.reason}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise FetchError(
            f"cannot reach {url} ({reason}). `medtrust data fetch cares-vlm` needs network access; offline, "
            f"copy the official file yourself and pass --data {src}=PATH to `medtrust run`."
        ) from None
    got = git_blob_id(data)
    if got != want:
        raise FetchError(f"{url}: git blob id {got} does not match the official {want} ({len(data)} bytes); not saved")
    target.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(target, data)  # atomic (medtrust/atomic.py)
    return FetchResult(src, target, "downloaded", len(data))


@click.command("cares-vlm")
@click.option("--source", "sources", multiple=True, help=f"Source(s) to fetch (default all): {', '.join(SOURCES)}.")
@click.option("--dest", type=click.Path(file_okay=False), default=None,
              help="Target folder (default $MEDTRUST_CARES_VLM_DATA or ~/.cache/medtrust/cares_vlm).")
@click.option("--base-url", default=DEFAULT_BASE_URL, show_default=True, help="Where the official data/ folder is served.")
@click.option("--timeout", type=float, default=60.0, show_default=True, help="Seconds per download.")
@click.option("--force", is_flag=True, help="Download even when a verified copy is present.")
def fetch_command(sources: tuple[str, ...], dest: str | None, base_url: str, timeout: float, force: bool) -> None:
    """Download the official CARES-VLM annotation files (verified by git blob id; needs network)."""
    from medtrust.benchmarks.cares_vlm.task import default_data_dir

    target = Path(dest) if dest else default_data_dir()
    try:
        wanted = [normalise_source(s) for s in sources] or list(SOURCES)
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    failed = 0
    for src in wanted:
        try:
            r = fetch_source(src, target, base_url=base_url, timeout=timeout, force=force)
        except FetchError as e:
            failed += 1
            click.echo(f"{src}: FAILED: {e}", err=True)
            if "needs network access" in str(e):
                break  # offline: the other files will fail the same way
            continue
        click.echo(f"{src}: {r.status} {r.path} ({r.bytes:,} bytes, blob {BLOB_IDS[src][:12]} verified)")
    if failed:
        raise SystemExit(1)
    if "mimic_cxr" in wanted:
        click.echo("Note: the MIMIC-CXR file is derived from credentialed PhysioNet data; keep it under your DUA.")
    click.echo(f"Data folder: {target}. Images are not included: pass --image-root SOURCE=DIR to `medtrust run`.")
