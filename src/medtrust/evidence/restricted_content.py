"""What restricted text and images a pack's logs hold, and whether a file carries any of it.

`medtrust pack` must never put restricted data (samples of a benchmark's restricted sources, or
flagged with :data:`medtrust.restricted.RESTRICTED_KEY`: MIMIC-CXR and the like) into the pack.
This module learns that data from the logs themselves and checks bytes against it, so the check
knows no benchmark and no file format (docs/evidence.md, "Restricted data"):

- **Which samples**: a sample is restricted when its log's benchmark's ``Restriction.covers`` its
  metadata, or, for any log, when its metadata carries the restricted flag.
- **Its text**: every string the sample carries (input and output messages, target, scores,
  metadata, attachments; not its event transcript, which repeats them), reduced to a canonical
  form: lower case, letters and digits only (escapes undone first, so JSON, HTML, XML and
  Markdown spellings of a text meet). Windows of :data:`TEXT_WINDOW` canonical characters are
  taken every :data:`TEXT_STRIDE` characters (and one at the end), so any leaked piece of
  ``TEXT_WINDOW + TEXT_STRIDE - 1`` (31) or more canonical characters, and any whole string of
  24 to 30, is found. Windows that also occur in what an unrestricted sample of the same
  benchmark sends (its prompt template and instructions; never a reply) are the benchmark's
  words, not the data's, and are dropped.
- **Its images**: every image the sample sends (a data URI, or the file a path names; at most
  :data:`MAX_IMAGE_BYTES`): windows of :data:`BYTE_WINDOW` raw bytes every :data:`BYTE_STRIDE`
  bytes, and the canonical windows of its base64 text, both after the first
  :data:`HEADER_SKIP` bytes (headers that every image of a size and encoder shares).
- **A file** is checked by :meth:`RestrictedContent.find`: raw bytes slid through the byte
  windows (when the file is not UTF-8 text), its canonical text through the text windows, and
  each member of a zip (an inspect ``.eval`` log) the same way, decompressed, within bounds. A file
  beyond :data:`MAX_SCAN_BYTES` cannot be checked and is treated as holding restricted data.

Cost: linear in the bytes checked; nothing is computed when no log holds a restricted sample.
"""

from __future__ import annotations

import base64
import binascii
import html
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from medtrust.bounded import TooLarge, check_archive, read_bounded
#: an image file larger than medtrust's image limit is not read (its sha256 in the metadata still names it)
from medtrust.images import MAX_IMAGE_BYTES
from medtrust.restricted import RESTRICTED_KEY

TEXT_WINDOW = 24
TEXT_STRIDE = 8
BYTE_WINDOW = 32
BYTE_STRIDE = 16
HEADER_SKIP = 1024
#: a file (or a zip member, decompressed) larger than this cannot be checked
MAX_SCAN_BYTES = 1024 * 2**20
#: sample fields that name or hash things rather than carry content
_NOT_CONTENT = re.compile(r"(?i)(path|sha256|hash|uuid|^id$|^model$|^role$|^type$|^source$|timestamp|^epoch$|working_start|span_id)")

_NON_ALNUM = re.compile(r"[\W_]+")
_JSON_ESCAPE = re.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))", re.S)


def _json_unescape(m: re.Match[str]) -> str:
    if m.group(1):
        return chr(int(m.group(1), 16))
    return " " if m.group(2) in "nrtbf" else m.group(2)


def canonical(text: str) -> str:
    """``text`` with HTML/XML entities and JSON escapes undone, lower-cased, letters and digits only
    (linear time: one pass of each substitution)."""
    if "&" in text:
        text = html.unescape(text)
    if "\\" in text:
        text = _JSON_ESCAPE.sub(_json_unescape, text)
    return _NON_ALNUM.sub("", text).lower()


def text_windows(canon: str) -> Iterator[str]:
    """The fingerprint windows of one canonical string (none when shorter than :data:`TEXT_WINDOW`)."""
    n = len(canon)
    if n < TEXT_WINDOW:
        return
    last = n - TEXT_WINDOW
    for i in range(0, last + 1, TEXT_STRIDE):
        yield canon[i:i + TEXT_WINDOW]
    if last % TEXT_STRIDE:
        yield canon[last:]


def _first_hit(seq: Any, windows: dict[Any, str], width: int) -> str | None:
    """The origin of the first window of ``seq`` (str or bytes, every alignment) found in ``windows``."""
    for i in range(len(seq) - width + 1):
        hit = windows.get(seq[i:i + width])
        if hit is not None:
            return hit
    return None


@dataclass
class RestrictedContent:
    """Fingerprints of the restricted samples of a set of logs.

    Attributes:
        text: canonical window -> where it comes from ("sample S of LOG").
        images: raw byte window -> where it comes from.
        logs: log file name -> ids of its restricted samples.
    """

    text: dict[str, str] = field(default_factory=dict)
    images: dict[bytes, str] = field(default_factory=dict)
    logs: dict[str, list[str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.logs)

    # ---------------------------------------------------------------- learning
    def add_text(self, value: str, origin: str) -> None:
        for w in text_windows(canonical(value)):
            self.text.setdefault(w, origin)

    def add_image(self, data: bytes, origin: str) -> None:
        start = min(HEADER_SKIP, len(data) // 4)
        body = data[start:]
        for i in range(0, max(len(body) - BYTE_WINDOW + 1, 0), BYTE_STRIDE):
            self.images.setdefault(body[i:i + BYTE_WINDOW], origin)
        # the same image as base64 text (a data URI in HTML or JSON): canonical windows past the header
        b64 = canonical(base64.b64encode(data).decode("ascii"))
        for w in text_windows(b64[(start * 4 // 3) // 8 * 8:]):
            self.text.setdefault(w, origin)

    def forget_common(self, value: str) -> None:
        """Drop every window that occurs in ``value`` (text of an unrestricted sample)."""
        canon = canonical(value)
        for i in range(len(canon) - TEXT_WINDOW + 1):
            self.text.pop(canon[i:i + TEXT_WINDOW], None)

    # ---------------------------------------------------------------- checking
    def find_text(self, text: str) -> str | None:
        """Origin of the first restricted window in ``text`` (any alignment), or None."""
        return _first_hit(canonical(text), self.text, TEXT_WINDOW) if self.text else None

    def find_bytes(self, data: bytes) -> str | None:
        """Origin of the first restricted image window in raw ``data``, or None."""
        return _first_hit(data, self.images, BYTE_WINDOW) if self.images else None

    def find(self, data: bytes, name: str = "") -> str | None:
        """Where restricted content in ``data`` (one file's bytes) comes from, or None.

        A zip (an inspect ``.eval`` log) is checked member by member, decompressed. Data beyond
        :data:`MAX_SCAN_BYTES` is reported as unchecked (a refusal, never a pass).
        """
        if not self:
            return None
        if len(data) > MAX_SCAN_BYTES:
            return f"{name or 'file'} is larger than {MAX_SCAN_BYTES} bytes and cannot be checked"
        if data[:4] == b"PK\x03\x04":
            return self._find_zip(data, name)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            hit = self.find_bytes(data)
            if hit is not None:
                return hit
            text = data.decode("latin-1")
        return self.find_text(text)

    def _find_zip(self, data: bytes, name: str) -> str | None:
        from medtrust._inspect_compat import enable_zstd_zipfile

        enable_zstd_zipfile()
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                try:  # the declared sizes, before anything is decompressed (medtrust/bounded.py)
                    check_archive(name, zf.infolist(), member_limit=MAX_SCAN_BYTES, total_limit=MAX_SCAN_BYTES)
                except TooLarge as e:
                    return f"{e}; it cannot be checked"
                for info in zf.infolist():
                    with zf.open(info) as f:
                        member = f.read(MAX_SCAN_BYTES + 1)
                    hit = self.find(member, f"{name}:{info.filename}")
                    if hit is not None:
                        return hit
        except (zipfile.BadZipFile, NotImplementedError, OSError) as e:
            return f"{name}: an archive that cannot be read to check it ({type(e).__name__})"
        return None


# -------------------------------------------------------------------- from logs
def is_restricted_sample(metadata: Any, restriction: Any = None) -> bool:
    """A sample is restricted when its benchmark's restriction covers it, or its metadata carries
    the restricted flag (:data:`medtrust.restricted.RESTRICTED_KEY`) whatever its benchmark."""
    meta = metadata if isinstance(metadata, dict) else {}
    if restriction is not None and restriction.covers(meta):
        return True
    return bool(meta.get(RESTRICTED_KEY))


def _strings(obj: Any, key: str = "", depth: int = 0) -> Iterator[tuple[str, str]]:
    """(field name, string) of every content string in a sample dump."""
    if depth > 40:
        return
    if isinstance(obj, str):
        yield key, obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if key == "attachments" or not _NOT_CONTENT.search(str(k)):
                yield from _strings(v, str(k), depth + 1)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _strings(v, key, depth + 1)


def _image_bytes(value: str) -> bytes | None:
    """Bytes of an image given as a data URI or a readable file path (bounded), else None."""
    if value.startswith("data:"):
        _, _, payload = value.partition(",")
        try:
            return base64.b64decode(payload, validate=False)
        except (binascii.Error, ValueError):
            return None
    p = Path(value)
    try:
        if len(value) < 4096 and p.is_file():
            return read_bounded(p, MAX_IMAGE_BYTES, what="image")
    except (OSError, TooLarge):
        return None
    return None


def _images_of(dump: dict[str, Any]) -> Iterator[str]:
    """Every ``image`` value of a sample's messages (and the attachments they point to)."""
    attachments = dump.get("attachments") or {}

    def walk(x: Any, depth: int = 0) -> Iterator[str]:
        if depth > 40:
            return
        if isinstance(x, dict):
            if x.get("type") == "image" and isinstance(x.get("image"), str):
                ref = x["image"]
                yield attachments.get(ref.removeprefix("attachment://"), ref) if ref.startswith("attachment://") else ref
            for v in x.values():
                yield from walk(v, depth + 1)
        elif isinstance(x, list):
            for v in x:
                yield from walk(v, depth + 1)

    for part in ("input", "messages", "output"):
        yield from walk(dump.get(part))


def _samples(path: Path) -> Iterator[Any]:
    from inspect_ai.log import read_eval_log_samples

    yield from read_eval_log_samples(str(path), all_samples_required=False, exclude_fields={"events", "events_data", "timelines"})


def _prompt_strings(dump: dict[str, Any]) -> Iterator[str]:
    """The text of what a sample sends: its input and its system and user messages (not replies)."""
    parts = [dump.get("input")] + [m for m in dump.get("messages") or [] if isinstance(m, dict) and m.get("role") in ("system", "user")]
    for _, value in _strings(parts):
        if not value.startswith("data:"):
            yield value


def learn_from_logs(logs: Iterable[Path]) -> RestrictedContent:
    """Fingerprints of every restricted sample in ``logs`` (module docstring).

    Windows that also occur in what an unrestricted sample *of the same benchmark* sends (its
    prompt template, instructions) are dropped: they are the benchmark's words, not the data's.
    Replies are never used to drop windows, so a model that repeats restricted text in another
    run, or another benchmark's prompts, cannot launder it. Unreadable logs are passed over (the
    pack lists them by what it can read).
    """
    from medtrust.benchmarks.registry import benchmark_of
    from medtrust.logs import LogReadError, read_log

    found = RestrictedContent()
    bench_of: dict[Path, Any] = {}
    with_restricted: set[str] = set()
    for path in logs:
        try:
            bench = benchmark_of(read_log(path, header_only=True))
        except LogReadError:
            continue
        bench_of[path] = bench
        restriction = getattr(bench, "restriction", None)
        mine: list[str] = []
        try:
            for s in _samples(path):
                if not is_restricted_sample(s.metadata, restriction):
                    continue
                origin = f"sample {s.id} (epoch {s.epoch}) of {path.name}"
                mine.append(str(s.id))
                dump = s.model_dump(mode="json", exclude={"events", "events_data", "timelines"})
                for key, value in _strings(dump):
                    if value.startswith("data:") or key == "image":
                        continue  # images below
                    found.add_text(value, origin)
                for ref in _images_of(dump):
                    data = _image_bytes(ref)
                    if data:
                        found.add_image(data, origin)
        except Exception:  # noqa: BLE001 - a damaged log: its readable samples count, the pack lists the file
            pass
        if mine:
            found.logs[path.name] = sorted(set(mine))
            with_restricted.add(getattr(bench, "name", ""))
    if not found:
        return found
    for path, bench in bench_of.items():  # the benchmark's own words, sent with its unrestricted samples
        if getattr(bench, "name", "") not in with_restricted:
            continue
        restriction = getattr(bench, "restriction", None)
        try:
            for s in _samples(path):
                if not is_restricted_sample(s.metadata, restriction):
                    dump = s.model_dump(mode="json", include={"input", "messages"})
                    for value in _prompt_strings(dump):
                        found.forget_common(value)
        except Exception:  # noqa: BLE001 - as above
            continue
    return found
