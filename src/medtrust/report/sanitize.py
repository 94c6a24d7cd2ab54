"""Strip what must never reach a report: absolute paths of the user's machine, API keys, secrets.

Applied to every string of the report data (summaries, prompts, model outputs, judge text,
provenance) before it is written as JSON or rendered as HTML. HTML escaping is separate (the
Jinja2 template autoescapes); this module only removes information.
"""

from __future__ import annotations

import os
import re
from typing import Any

#: Token shapes of common API keys (OpenAI, Anthropic, Hugging Face, GitHub, AWS, Google, Slack).
_KEY_PATTERNS = [
    r"sk-(?:ant-|proj-)?[A-Za-z0-9_\-]{16,}",
    r"hf_[A-Za-z0-9]{20,}",
    r"gh[pousr]_[A-Za-z0-9]{20,}",
    r"github_pat_[A-Za-z0-9_]{20,}",
    r"AKIA[0-9A-Z]{16}",
    r"AIza[0-9A-Za-z_\-]{30,}",
    r"xox[abposr]-[A-Za-z0-9\-]{10,}",
    r"(?i:bearer)\s+[A-Za-z0-9._\-]{16,}",
]
_KEY_RE = re.compile("|".join(f"(?:{p})" for p in _KEY_PATTERNS))
#: ``api_key=...``, ``"token": "..."`` and the like: keep the name, drop the value.
_ASSIGN_RE = re.compile(
    r"(?i)\b([A-Za-z_]*(?:api[_-]?key|secret|token|password|passwd|credential)s?)(\"?\s*[:=]\s*\"?)([^\s\"',;]{4,})"
)
#: a path component; components before a separator may hold single spaces ("My Runs/")
_SEG = r"[^\s/\"'<>`|]+(?: [^\s/\"'<>`|]+)*"
_WSEG = r"[^\s\\\"'<>|]+(?: [^\s\\\"'<>|]+)*"
#: POSIX absolute paths with at least two components (``/home/u/x.eval``); a ``/`` right after a
#: word character, ``:`` or ``/`` is part of a URL or a model name (``medtrust/policy/refuse``).
_POSIX_RE = re.compile(r"(?<![\w:/.\-~])/(?:" + _SEG + r"/)+([^\s/\"'<>`|,;)\]]*)")
_HOME_RE = re.compile(r"(?<![\w/])~/(?:" + _SEG + r"/)*([^\s/\"'<>`|,;)\]]*)")
_WIN_RE = re.compile(r"\b[A-Za-z]:\\(?:" + _WSEG + r"\\)*([^\s\\\"'<>|,;)\]]*)")
#: Windows network paths ``\\server\share\dir\x`` and their ``//server/share/x`` spelling
_UNC_RE = re.compile(r"(?<![\w:])\\\\[^\s\\\"'<>|]+\\(?:" + _WSEG + r"\\)*([^\s\\\"'<>|,;)\]]*)")
_UNC_FWD_RE = re.compile(r"(?<![\w:/])//[^\s/\"'<>`|]+/(?:" + _SEG + r"/)*([^\s/\"'<>`|,;)\]]*)")
#: ``file:`` links (``file:///home/u/x``, ``file://server/share/x``, ``file:/x``)
_FILE_URL_RE = re.compile(r"(?i)\bfile:(?://[^/\s\"'<>`]*)?/(?:[^\s/\"'<>`|]+/)*([^\s/\"'<>`|,;)\]]*)")
#: credentials in URLs: ``scheme://user:pass@host`` (also ``scheme://token@host``)
_USERINFO_RE = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^\s/@\"'<>]+@")
#: Environment variables whose values are secrets whatever their shape.
_SECRET_ENV_RE = re.compile(r"(?i)(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH)")

REDACTED = "[redacted]"


def _secret_env_values() -> list[str]:
    from medtrust.secrets import known_secrets

    # variables named like secrets, plus every key medtrust knows (``-M api_key`` and model keys)
    vals = {v for k, v in os.environ.items() if _SECRET_ENV_RE.search(k) and len(v) >= 8}
    vals |= set(known_secrets())
    return sorted(vals, key=len, reverse=True)


def sanitize_text(text: str, *, env_values: list[str] | None = None) -> str:
    """Text with secrets replaced by ``[redacted]`` and absolute paths cut to ``<path>/name``.

    Args:
        text: any string (model output, prompt, provenance value).
        env_values: secret environment values to remove (default: the current environment's
            variables named like KEY/TOKEN/SECRET/PASSWORD/AUTH, values of 8+ characters).

    Returns:
        The cleaned string (unchanged when nothing matched).
    """
    if not text:
        return text
    for v in _secret_env_values() if env_values is None else env_values:
        if v in text:
            text = text.replace(v, REDACTED)
    text = _KEY_RE.sub(REDACTED, text)
    text = _ASSIGN_RE.sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}", text)
    text = _USERINFO_RE.sub(lambda m: f"{m.group(1)}{REDACTED}@", text)
    text = _FILE_URL_RE.sub(lambda m: f"<path>/{m.group(1)}", text)
    text = _UNC_RE.sub(lambda m: f"<path>\\{m.group(1)}", text)
    text = _UNC_FWD_RE.sub(lambda m: f"<path>/{m.group(1)}", text)
    text = _POSIX_RE.sub(lambda m: f"<path>/{m.group(1)}", text)
    text = _HOME_RE.sub(lambda m: f"<path>/{m.group(1)}", text)
    text = _WIN_RE.sub(lambda m: f"<path>\\{m.group(1)}", text)
    return text


def sanitize(obj: Any) -> Any:
    """A deep copy of JSON-like data (dict/list/str/number) with every string sanitized (keys too)."""
    env = _secret_env_values()

    def walk(x: Any) -> Any:
        if isinstance(x, str):
            return sanitize_text(x, env_values=env)
        if isinstance(x, dict):
            return {walk(k) if isinstance(k, str) else k: walk(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [walk(v) for v in x]
        return x

    return walk(obj)
