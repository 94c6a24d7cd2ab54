"""Known secrets never reach a log, a summary, the console or a report.

A server may echo the credentials it received in an error body ("invalid key Bearer sk-...").
inspect turns such an error into the sample's error message, its traceback, the model event and
a log record, and writes all of them into the ``.eval`` log, its sample buffer and the console.
medtrust therefore redacts **known secret values** at the source, before inspect sees them:

- *Known secrets* (:func:`known_secrets`): the value of every environment variable whose name
  looks like a credential (``*_API_KEY``, ``*_KEY``, ``*TOKEN*``, ``*SECRET*``, ``*PASSWORD*``,
  ``*CREDENTIAL*``), every key a model actually uses (``ModelAPI.api_key``, however it was given:
  environment, ``-M api_key=...``, ``get_model(api_key=...)``, ``--model-role``), the password of a
  ``user:pass@`` base URL, and every value registered with :func:`register_secret` (``-M`` arguments
  named like a credential). Values shorter than :data:`MIN_SECRET_LEN` characters are not
  treated as secrets (placeholders such as ``ollama``, ``inspectai``, ``dummy``).
- *Where* (:func:`install`, idempotent): every inspect ``Model`` gets its ``api.generate``
  wrapped; an exception leaving it is scrubbed in place (``args``, ``message``, ``body``, the
  HTTP response text, its cause and context) so its type and retry behaviour are unchanged, and
  a returned ``ModelOutput`` / ``ModelCall`` / exception is scrubbed too. A log-record factory
  scrubs every logging message (inspect copies log records into the transcript). inspect's JSON
  writer (``to_json_safe``: ``.eval`` members, the sample buffer) scrubs its output as a last line.
- *How*: each secret is replaced by ``[redacted]`` in its plain, URL-quoted and JSON-escaped forms.
- *By form* (:func:`redact_forms`, applied wherever known values are): whatever its value, the
  userinfo of any URL (``scheme://token@host``, ``scheme://user:password@host``), the value of a
  credential-named query parameter (``?auth=``, ``key``, ``api-key``, ``token``, ``sig`` ...: see
  :data:`QUERY_SECRET_NAMES`) and the credential of a ``Bearer``/``Basic`` authorization. Every
  model argument is read for secrets by form too (:func:`register_model_args`): its URLs' userinfo
  (and the ``Basic`` credential a client builds from it) and every query value, and every value
  of a header mapping (``default_headers``, ``extra_headers``, any argument named ``*header*``),
  nested mappings included, so a server that echoes them back is redacted by value.

Installed by importing ``medtrust._registry`` (so ``inspect eval medtrust/...`` is covered) and by
``medtrust run`` / ``medtrust rescore``.
"""

from __future__ import annotations

import json
import os
import re
import threading
from typing import Any, Iterable
from urllib.parse import quote, quote_plus, unquote, urlsplit

from medtrust.model_hooks import on_model_made, wrap_generate

REDACTED = "[redacted]"
_REDACTED_BYTES = REDACTED.encode()
#: shorter values are placeholders, not secrets
MIN_SECRET_LEN = 8
#: environment variable names whose values are credentials
SECRET_NAME_RE = re.compile(r"(?i)(API_?KEY|_KEY$|^KEY$|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)")
#: ``-M`` argument names whose values are credentials
SECRET_ARG_RE = re.compile(r"(?i)(api[_-]?key|token|secret|password|passwd|credential|access[_-]?key)")

#: query parameter names whose values are credentials wherever they appear (compared lowercased,
#: ``-`` and ``_`` alike)
QUERY_SECRET_NAMES = frozenset({
    "key", "apikey", "api_key", "auth", "authorization", "token", "access_token", "id_token", "refresh_token", "secret",
    "client_secret", "password", "passwd", "pwd", "sig", "signature", "code", "credential", "credentials", "session",
    "sessionid", "x-api-key", "subscription-key", "x-goog-api-key",
})  # fmt: skip
#: minimum length of a value redacted by form (shorter ones are placeholders: ``?key=1``)
MIN_FORM_LEN = 4

# by-form patterns, each linear time: a bounded scheme, then a run of characters that cannot
# contain "@", "/" or space, then "@"
_URL_USERINFO = re.compile(r"\b([A-Za-z][A-Za-z0-9+.\-]{0,30}://)([^\s/@\\\"'<>]{1,512})@")
_QUERY_PARAM = re.compile(r"([?&;])([A-Za-z0-9_.\-]{1,64})=([^\s&#\"'<>;]+)")
_AUTH_SCHEME = re.compile(r"\b(Bearer|Basic)(\s+)([A-Za-z0-9._~+/\-]{8,4096}=*)")

_lock = threading.Lock()
_registered: set[str] = set()
#: bumped whenever the registered values change: the key of the caches of known_secrets()
_generation = 0
_installed = False


#: the credential-named query parameters as compared (lowercase, ``_`` written ``-``), each with its ``=``
_QUERY_NAMES = frozenset(n.replace("_", "-") for n in QUERY_SECRET_NAMES)
_QUERY_KEYS = tuple(sorted(n + "=" for n in _QUERY_NAMES))
_QUERY_KEYS_BYTES = tuple(k.encode() for k in _QUERY_KEYS)


# the tail of _URL_USERINFO alone: it starts with a literal, which re finds by a fast prefix scan
# (the whole pattern tries a scheme at every word boundary: ~1 ms for a 15 KB sample written as JSON)
_USERINFO_TAIL = re.compile(r"://[^\s/@\\\"'<>]{1,512}@")
_USERINFO_TAIL_BYTES = re.compile(_USERINFO_TAIL.pattern.encode())


def _at_some_mark(text: str | bytes, mark: str | bytes, per: int, check: Any, rest: Any) -> bool:
    """Whether ``check(i)`` holds at some position ``i`` of ``mark`` (one character, found by
    memchr, fast). Past ``len(text) // per + 8`` marks, ``rest(i)`` decides from the current one
    on with one regex pass (cheaper than a check per mark): linear either way."""
    i = text.find(mark)  # type: ignore[arg-type]
    budget = len(text) // per + 8
    while i >= 0:
        budget -= 1
        if budget < 0:
            return bool(rest(i))
        if check(i):
            return True
        i = text.find(mark, i + 1)  # type: ignore[arg-type]
    return False


def _has_userinfo(text: str | bytes) -> bool:
    """Whether a URL's userinfo can be in ``text``: ``://`` followed by what _URL_USERINFO takes
    before its ``@`` (a superset test: every match of the whole pattern contains one of this).

    The run before ``@`` holds no ``/``, so the only ``://`` that can start it is the last one
    within 515 characters before that ``@``: each ``@`` is checked there (bounded work each);
    past len/512 ``@`` signs one regex pass is used instead (:func:`_at_some_mark`)."""
    if isinstance(text, str):
        at, sep, tail = "@", "://", _USERINFO_TAIL
    else:
        at, sep, tail = b"@", b"://", _USERINFO_TAIL_BYTES  # type: ignore[assignment]

    def starts_here(i: int) -> bool:
        j = text.rfind(sep, i - 515 if i > 515 else 0, i)  # type: ignore[arg-type]
        return j >= 0 and tail.match(text, j) is not None  # type: ignore[arg-type]

    return _at_some_mark(text, at, 512, starts_here, lambda i: tail.search(text, i - 515 if i > 515 else 0))  # type: ignore[arg-type]


def _has_query_secret(text: str | bytes) -> bool:
    """Whether a credential-named query parameter can be in ``text``: one of the names followed by
    ``=``, any case, ``_`` as ``-`` (a superset test: a name is ASCII, so lowering never splits it)."""
    if isinstance(text, str):
        if "=" not in text:
            return False
        low = text.lower().replace("_", "-")
        return any(k in low for k in _QUERY_KEYS)
    if b"=" not in text:
        return False
    low_b = text.lower().replace(b"_", b"-")
    return any(k in low_b for k in _QUERY_KEYS_BYTES)


_AUTH_WORD = re.compile(r"B(?:earer|asic)")
_AUTH_WORD_BYTES = re.compile(rb"B(?:earer|asic)")


def _has_auth(text: str | bytes) -> bool:
    """Whether ``Bearer`` or ``Basic`` is in ``text``: checked at each ``B``; past len/256 of them
    one regex pass is used instead (:func:`_at_some_mark`)."""
    if isinstance(text, str):
        b, words, rx = "B", ("Bearer", "Basic"), _AUTH_WORD
    else:
        b, words, rx = b"B", (b"Bearer", b"Basic"), _AUTH_WORD_BYTES  # type: ignore[assignment]
    return _at_some_mark(text, b, 256, lambda i: text.startswith(words, i), lambda i: rx.search(text, i))  # type: ignore[arg-type]


def redact_forms(text: str) -> str:
    """``text`` with every secret *form* replaced by ``[redacted]`` (module docstring): URL
    userinfo, credential-named query values, ``Bearer``/``Basic`` credentials. Each pattern runs
    only where a cheap substring test says it can match (every JSON write of a sample passes
    here: the tests keep the result equal to running every pattern)."""
    if not text or not isinstance(text, str):
        return text
    if _has_userinfo(text):
        text = _URL_USERINFO.sub(lambda m: f"{m.group(1)}{REDACTED}@", text)
    if _has_query_secret(text):

        def query(m: re.Match[str]) -> str:
            name = m.group(2).lower().replace("_", "-")
            secret = name in _QUERY_NAMES
            if secret and len(m.group(3)) >= MIN_FORM_LEN and m.group(3) != REDACTED:
                return f"{m.group(1)}{m.group(2)}={REDACTED}"
            return m.group(0)

        text = _QUERY_PARAM.sub(query, text)
    if _has_auth(text):
        text = _AUTH_SCHEME.sub(lambda m: f"{m.group(1)}{m.group(2)}{REDACTED}" if _credential(m.group(1), m.group(3)) else m.group(0), text)
    return text


def _credential(scheme: str, token: str) -> bool:
    """Whether the word after ``Bearer``/``Basic`` is a credential, not prose ("Basic principles"):
    Basic: base64 of ``user:password``; Bearer: 12+ characters with a digit or ``._~+/-``."""
    if scheme == "Basic":
        import base64
        import binascii

        try:
            return b":" in base64.b64decode(token, validate=True)
        except (binascii.Error, ValueError):
            return False
    return len(token) >= 12 and any(c.isdigit() or c in "._~+/-" for c in token)


def redact_url(url: str) -> str:
    """A URL fit to print: its userinfo and every query value replaced by ``[redacted]``."""
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(str(url))
    except ValueError:
        return redact_forms(str(url))
    netloc = parts.netloc
    if "@" in netloc:
        netloc = REDACTED + "@" + netloc.rsplit("@", 1)[1]
    query = "&".join(f"{q.partition('=')[0]}={REDACTED}" if "=" in q else q for q in parts.query.split("&")) if parts.query else ""
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _usable(value: Any) -> bool:
    return isinstance(value, str) and len(value) >= MIN_SECRET_LEN and not value.startswith(("/", "~", "."))


def register_secret(value: Any) -> None:
    """Treat ``value`` as a secret from now on (ignored when not a string of 8+ characters)."""
    global _generation
    if _usable(value) and value not in _registered:
        with _lock:
            _registered.add(value)
            _generation += 1


def registered_secrets() -> set[str]:
    """A copy of the values registered so far (:func:`register_secret`)."""
    with _lock:
        return set(_registered)


def restore_registered(values: Iterable[str]) -> None:
    """Replace the registered values by ``values`` (a copy from :func:`registered_secrets`): for a
    process that runs several independent jobs, e.g. a test suite."""
    global _generation
    with _lock:
        _registered.clear()
        _registered.update(values)
        _generation += 1


def register_model_args(args: dict[str, Any] | None, _depth: int = 0) -> None:
    """Register the secrets of model arguments (``-M``, ``--model-role`` configs), by name and by
    form: every argument named like a credential (``api_key``, ``token`` ...); every URL's userinfo
    and query values (:func:`register_url_password`); every value of a header mapping
    (``default_headers``, ``extra_headers``, any name containing ``header``); nested mappings and
    lists are read the same way (up to 8 levels)."""
    if _depth > 8:
        return
    for k, v in (args or {}).items():
        name = str(k)
        if SECRET_ARG_RE.search(name):
            register_secret(v)
        if isinstance(v, str) and "://" in v:
            register_url_password(v)
        elif isinstance(v, dict):
            if "header" in name.lower():
                for hv in v.values():
                    register_secret(hv)
                    if isinstance(hv, str):
                        for part in hv.split():  # "Bearer <token>": the token alone too
                            register_secret(part)
            register_model_args(v, _depth + 1)
        elif isinstance(v, (list, tuple)):
            register_model_args({f"{name}[{i}]": x for i, x in enumerate(v)}, _depth + 1)


def register_url_password(url: str) -> None:
    """Register the secrets a URL carries: its userinfo (a token as the user name, a password),
    the ``Basic`` credential a client builds from it (base64 of ``user:password``), and every
    query parameter value, each plain and percent-decoded."""
    import base64

    try:
        parts = urlsplit(url)
        user, pw = parts.username, parts.password
    except ValueError:
        return
    values = [v for v in (user, pw) if v]
    if user:
        raw = f"{unquote(user)}:{unquote(pw or '')}"
        values.append(base64.b64encode(raw.encode()).decode())
    for pair in parts.query.split("&"):
        name, _, value = pair.partition("=")
        if value:
            values.append(value)
    for v in values:
        register_secret(v)
        register_secret(unquote(v))


def _secrets_in(env: Any) -> set[str]:
    return {v for k, v in env.items() if SECRET_NAME_RE.search(k) and _usable(v)}


#: (the environment as last read, its secrets): known_secrets() runs for every log write and
#: model call, and matching every variable's name each time cost ~10% of a fast run's CPU
_env_cache: tuple[dict[bytes, bytes] | None, set[str]] = (None, set())


def _environment_secrets() -> set[str]:
    """Secrets in ``os.environ``, read again only when the environment changed (any variable
    added, removed or set: compared on CPython's underlying byte mapping, in C)."""
    global _env_cache
    raw = getattr(os.environ, "_data", None)
    if not isinstance(raw, dict):  # not CPython's os.environ: read it every time
        return _secrets_in(os.environ)
    snapshot, vals = _env_cache
    if snapshot is not None and snapshot == raw:
        return vals
    vals = _secrets_in(os.environ)
    _env_cache = (dict(raw), vals)
    return vals


#: (the environment's secrets set, registry generation, secrets longest first, their forms, the forms
#: as UTF-8): known_secrets() runs ~25 times per sample (every JSON write, model call and log
#: record), so the list, its forms and their bytes are built once per change, not once per call
_known_cache: tuple[set[str] | None, int, tuple[str, ...], tuple[str, ...], tuple[bytes, ...]] = (None, -1, (), (), ())


def _known() -> tuple[tuple[str, ...], tuple[str, ...], tuple[bytes, ...]]:
    """(known secrets longest first, their redacted forms longest first, those forms as UTF-8),
    rebuilt only when the environment's secrets (:func:`_environment_secrets` returns the same set
    object until the environment changes) or the registered values changed."""
    global _known_cache
    env_vals = _environment_secrets()
    cached_env, generation, values, forms, forms_b = _known_cache
    if cached_env is env_vals and generation == _generation:
        return values, forms, forms_b
    with _lock:
        vals, generation = set(env_vals) | _registered, _generation
    values = tuple(sorted(vals, key=len, reverse=True))
    forms = tuple(_forms(list(values)))
    forms_b = tuple(f.encode("utf-8", "surrogatepass") for f in forms)
    _known_cache = (env_vals, generation, values, forms, forms_b)
    return values, forms, forms_b


def known_secrets(env: dict[str, str] | None = None) -> list[str]:
    """Every known secret value, longest first (module docstring). ``env``: read this mapping
    instead of ``os.environ``."""
    if env is not None:
        with _lock:
            vals = _secrets_in(env) | _registered
        return sorted(vals, key=len, reverse=True)
    return list(_known()[0])


_forms_cache: dict[tuple[str, ...], list[str]] = {}


def _forms(secrets: list[str]) -> list[str]:
    key = tuple(secrets)
    hit = _forms_cache.get(key)
    if hit is None:
        forms: set[str] = set()
        for s in secrets:
            forms |= {s, quote(s, safe=""), quote_plus(s), json.dumps(s)[1:-1], json.dumps(json.dumps(s)[1:-1])[1:-1]}
        hit = sorted((f for f in forms if f), key=len, reverse=True)
        _forms_cache.clear()
        _forms_cache[key] = hit
    return hit


def redact(text: str, secrets: Iterable[str] | None = None) -> str:
    """``text`` with every form of every known secret, and every secret form
    (:func:`redact_forms`), replaced by ``[redacted]``."""
    if not text or not isinstance(text, str):
        return text
    return _redact_with(text, _known()[1] if secrets is None else _forms(list(secrets)))


def _redact_with(text: str, forms: Iterable[str]) -> str:
    for f in forms:
        if f in text:
            text = text.replace(f, REDACTED)
    return redact_forms(text)


def _may_hold_forms(data: bytes) -> bool:
    return _has_userinfo(data) or _has_query_secret(data) or _has_auth(data)


def redact_bytes(data: bytes, secrets: Iterable[str] | None = None) -> bytes:
    """Bytes (UTF-8 JSON, HTTP bodies) with every form of every known secret, and every secret
    form (:func:`redact_forms`, on UTF-8 text), replaced."""
    if not data:
        return data
    forms = _known()[2] if secrets is None else [f.encode("utf-8", "surrogatepass") for f in _forms(list(secrets))]
    for b in forms:
        if b in data:
            data = data.replace(b, _REDACTED_BYTES)
    if _may_hold_forms(data):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return data
        clean = redact_forms(text)
        if clean != text:
            data = clean.encode("utf-8")
    return data


def redact_obj(obj: Any, secrets: list[str] | None = None, _depth: int = 0) -> Any:
    """A copy of JSON-like data (dict/list/tuple/str) with every string redacted (keys too);
    ``secrets`` None: the known secrets (:func:`known_secrets`). Nesting past 64 levels is
    returned as it is."""
    forms = _known()[1] if secrets is None else _forms(list(secrets))  # once, not per string
    return _redact_obj(obj, forms, _depth)


def _redact_obj(obj: Any, forms: tuple[str, ...] | list[str], depth: int) -> Any:
    if depth > 64:
        return obj
    if isinstance(obj, str):
        return _redact_with(obj, forms) if obj else obj
    if isinstance(obj, dict):
        return {_redact_obj(k, forms, depth + 1): _redact_obj(v, forms, depth + 1) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_redact_obj(v, forms, depth + 1) for v in obj]
    if isinstance(obj, tuple):
        return tuple(_redact_obj(v, forms, depth + 1) for v in obj)
    return obj


def scrub_exception(exc: BaseException | None) -> None:
    """Redact an exception in place, with its ``__cause__``/``__context__`` chain: ``args``, the
    ``message``/``body``/``text`` attributes and an HTTP response's body."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        try:
            exc.args = tuple(redact_obj(a) for a in exc.args)
        except Exception:  # noqa: BLE001 - some exception types forbid setting args
            pass
        for attr in ("message", "body", "text", "detail", "reason", "msg"):
            v = exc.__dict__.get(attr) if hasattr(exc, "__dict__") else None
            if isinstance(v, (str, dict, list)):
                try:
                    setattr(exc, attr, redact_obj(v))
                except Exception:  # noqa: BLE001 - read-only attribute
                    pass
        response = exc.__dict__.get("response") if hasattr(exc, "__dict__") else None
        content = getattr(response, "_content", None)
        if isinstance(content, bytes):
            try:
                response._content = redact_bytes(content)
            except Exception:  # noqa: BLE001
                pass
        exc = exc.__cause__ or exc.__context__


def _scrub_result(result: Any) -> Any:
    if isinstance(result, tuple):
        return tuple(_scrub_result(r) for r in result)
    if isinstance(result, BaseException):
        scrub_exception(result)
        return result
    for attr in ("error",):
        v = getattr(result, attr, None)
        if isinstance(v, str):
            try:
                setattr(result, attr, redact(v))
            except Exception:  # noqa: BLE001
                pass
    for attr in ("request", "response"):  # ModelCall
        v = getattr(result, attr, None)
        if isinstance(v, (dict, list)):
            try:
                setattr(result, attr, redact_obj(v))
            except Exception:  # noqa: BLE001
                pass
    for choice in getattr(result, "choices", None) or []:
        msg = getattr(choice, "message", None)
        content = getattr(msg, "content", None)
        if isinstance(content, str):
            msg.content = redact(content)
        elif isinstance(content, list):
            for part in content:
                if isinstance(getattr(part, "text", None), str):
                    part.text = redact(part.text)
    return result


def wrap_model_api(api: Any) -> None:
    """Register the key an inspect ``ModelAPI`` uses and scrub what its ``generate`` raises or returns."""
    if api is None or getattr(api, "_medtrust_redacting", False):
        return
    register_secret(getattr(api, "api_key", None))
    base_url = getattr(api, "base_url", None)
    if isinstance(base_url, str):
        register_url_password(base_url)

    def make(generate: Any) -> Any:
        async def redacting_generate(*args: Any, **kwargs: Any) -> Any:
            # the key may be resolved lazily (vLLM, credential hooks): register it each call
            register_secret(getattr(api, "api_key", None))
            try:
                result = await generate(*args, **kwargs)
            except BaseException as e:
                scrub_exception(e)
                raise
            return _scrub_result(result)

        return redacting_generate

    wrap_generate(api, "_medtrust_redacting", make)  # a frozen API object: the sinks below still apply


def install() -> None:
    """Install the redaction layer (module docstring); safe to call many times."""
    global _installed
    with _lock:
        if _installed:
            return
        _installed = True
    import logging

    def on_model(model: Any, api: Any) -> None:
        wrap_model_api(api)
        register_model_args(getattr(model, "model_args", None))

    on_model_made(on_model)

    base_factory = logging.getLogRecordFactory()

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = base_factory(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a broken format string: leave it to logging
            return record
        clean = redact(message)  # known values and secret forms alike
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[1] is not None:
            scrub_exception(record.exc_info[1])
        return record

    logging.setLogRecordFactory(factory)
    _patch_json_writer()


def _patch_json_writer() -> None:
    """Last line: inspect's ``to_json_safe`` (every ``.eval`` member, the sample buffer) redacts."""
    import sys

    from medtrust._inspect_compat import inspect_json as ijson

    original = ijson.to_json_safe
    if getattr(original, "_medtrust_redacting", False):
        return

    def to_json_safe(*args: Any, **kwargs: Any) -> bytes:
        return redact_bytes(original(*args, **kwargs))

    to_json_safe._medtrust_redacting = True  # type: ignore[attr-defined]
    ijson.to_json_safe = to_json_safe
    for name, mod in list(sys.modules.items()):
        if name.startswith("inspect_ai") and getattr(mod, "to_json_safe", None) is original:
            mod.to_json_safe = to_json_safe  # type: ignore[attr-defined]
