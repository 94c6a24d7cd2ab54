"""Ed25519 signatures over an evidence pack's manifest, through the `cryptography` library.

The private key is the user's: read from a file (``--sign-key FILE``) or an environment variable
(``--sign-key-env NAME``), held in memory for one signature and never written anywhere (not in the
pack, its command line, a log or the console). Accepted forms (docs/evidence.md, "Signing"):

- PEM PKCS#8 (``-----BEGIN PRIVATE KEY-----``, e.g. ``openssl genpkey -algorithm ed25519``),
  encrypted ones with the passphrase from ``--sign-key-passphrase-env NAME``;
- OpenSSH (``-----BEGIN OPENSSH PRIVATE KEY-----``, ``ssh-keygen -t ed25519``), unencrypted;
- the raw 32-byte private key as 64 hex digits or standard base64.

A public key for ``medtrust verify --public-key`` is PEM (``-----BEGIN PUBLIC KEY-----``), an
OpenSSH ``ssh-ed25519 AAAA...`` line, or the raw 32 bytes as hex or base64.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from pathlib import Path
from typing import Any

#: a key file larger than this is not a key (bounded read)
MAX_KEY_BYTES = 16_384
ALGORITHM = "Ed25519"


class SigningError(ValueError):
    """A key that cannot be used (missing, unreadable, not Ed25519, wrong passphrase); the message
    names where the key came from, never its content."""


def _raw_32(text: str) -> bytes | None:
    t = text.strip()
    if len(t) == 64:
        try:
            return bytes.fromhex(t)
        except ValueError:
            return None
    try:
        raw = base64.b64decode(t, validate=True)
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == 32 else None


def _read_bounded(path: str | Path, what: str) -> bytes:
    from medtrust.bounded import read_bounded

    p = Path(path)
    try:  # medtrust's one bounded read; over MAX_KEY_BYTES it is not a key
        return read_bounded(p, MAX_KEY_BYTES, what=f"{what} (more than a key file holds)",
                            error=lambda q, detail: SigningError(f"{q}: {detail}"))  # fmt: skip
    except OSError as e:
        raise SigningError(f"{what} {p}: cannot be read ({e.strerror or type(e).__name__})") from None


def load_private_key(*, file: str | Path | None = None, env: str | None = None, passphrase_env: str | None = None,
                     environ: dict[str, str] | None = None) -> Any:  # fmt: skip
    """The Ed25519 private key from ``file`` or the environment variable ``env`` (exactly one).

    Args:
        file: path of the key file (read once, at most :data:`MAX_KEY_BYTES`).
        env: name of the environment variable holding the key text.
        passphrase_env: name of the variable holding an encrypted PEM key's passphrase.
        environ: environment to read (default ``os.environ``).

    Returns:
        a ``cryptography`` ``Ed25519PrivateKey``.

    Raises:
        SigningError: neither or both given, the variable unset, unreadable file, a key of another
            type, an encrypted key without (or with a wrong) passphrase.
    """
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    environ = os.environ if environ is None else environ
    if (file is None) == (env is None):
        raise SigningError("give the signing key either as a file (--sign-key) or as an environment variable (--sign-key-env), not both")
    if file is not None:
        where, data = f"signing key file {file}", _read_bounded(file, "signing key file")
    else:
        where = f"signing key variable {env}"
        if not environ.get(env or ""):
            raise SigningError(f"{where} is not set")
        data = environ[env or ""].encode("utf-8")
        if len(data) > MAX_KEY_BYTES:
            raise SigningError(f"{where}: longer than a key ({MAX_KEY_BYTES} bytes)")
    password = None
    if passphrase_env:
        if not environ.get(passphrase_env):
            raise SigningError(f"passphrase variable {passphrase_env} is not set")
        password = environ[passphrase_env].encode("utf-8")
    text = data.decode("utf-8", errors="replace")
    try:
        if "BEGIN OPENSSH PRIVATE KEY" in text:
            key = serialization.load_ssh_private_key(data, password=password)
        elif "-----BEGIN" in text:
            key = serialization.load_pem_private_key(data, password=password)
        else:
            raw = _raw_32(text)
            if raw is None:
                raise SigningError(f"{where}: not a PEM or OpenSSH key, nor 32 raw bytes as hex or base64")
            key = Ed25519PrivateKey.from_private_bytes(raw)
    except SigningError:
        raise
    except TypeError as e:  # encrypted without a passphrase, or a passphrase for a plain key
        raise SigningError(f"{where}: {e} (an encrypted key needs --sign-key-passphrase-env)") from None
    except (ValueError, Exception) as e:  # noqa: BLE001 - cryptography's parse errors: one line, no key text
        raise SigningError(f"{where}: not a usable private key ({type(e).__name__}; wrong passphrase or damaged file?)") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningError(f"{where}: a {type(key).__name__.replace('PrivateKey', '').lstrip('_')} key; the pack is signed with Ed25519 only")
    return key


def public_key_raw(key: Any) -> bytes:
    """The 32 raw bytes of an Ed25519 public key (or of a private key's public half)."""
    from cryptography.hazmat.primitives import serialization

    pub = key.public_key() if hasattr(key, "public_key") else key
    return pub.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def key_id(raw_public: bytes) -> str:
    """``sha256:<hex>`` of the raw public key: how a key is named in a pack and by `verify`."""
    return "sha256:" + hashlib.sha256(raw_public).hexdigest()


def sign(key: Any, data: bytes) -> dict[str, str]:
    """Sign ``data`` (the manifest's bytes): {algorithm, public_key (base64 raw), key_id, signature (base64)}."""
    raw = public_key_raw(key)
    return {"algorithm": ALGORITHM, "public_key": base64.b64encode(raw).decode("ascii"), "key_id": key_id(raw),
            "signature": base64.b64encode(key.sign(data)).decode("ascii")}  # fmt: skip


def load_public_key(value: str) -> bytes:
    """Raw 32-byte Ed25519 public key from a file path (PEM or OpenSSH line) or a literal
    (hex, base64, ``ssh-ed25519 ...``).

    Raises:
        SigningError: not an Ed25519 public key.
    """
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    text = value
    if Path(value).is_file():
        text = _read_bounded(value, "public key file").decode("utf-8", errors="replace")
    raw = _raw_32(text)
    if raw is not None:
        return raw
    try:
        if text.strip().startswith("ssh-"):
            key = serialization.load_ssh_public_key(text.strip().encode())
        else:
            key = serialization.load_pem_public_key(text.encode())
    except Exception as e:  # noqa: BLE001 - one line naming what was given
        raise SigningError(f"public key {value[:80]!r}: not a PEM, OpenSSH, hex or base64 Ed25519 public key ({type(e).__name__})") from None
    if not isinstance(key, Ed25519PublicKey):
        raise SigningError(f"public key {value[:80]!r}: not an Ed25519 key")
    return public_key_raw(key)


def check_signature(record: dict[str, Any], data: bytes) -> bytes:
    """Check a :func:`sign` record against ``data``; returns the signer's raw public key.

    Raises:
        SigningError: unknown algorithm, malformed fields, or a signature that does not match.
    """
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    if record.get("algorithm") != ALGORITHM:
        raise SigningError(f"signature algorithm {record.get('algorithm')!r} is not {ALGORITHM}")
    try:
        raw = base64.b64decode(str(record["public_key"]), validate=True)
        sig = base64.b64decode(str(record["signature"]), validate=True)
        pub = Ed25519PublicKey.from_public_bytes(raw)
    except (KeyError, binascii.Error, ValueError) as e:
        raise SigningError(f"signature record is malformed ({type(e).__name__})") from None
    try:
        pub.verify(sig, data)
    except InvalidSignature:
        raise SigningError("the signature does not match the manifest (the manifest was changed after signing, or signed with another key)") from None
    return raw
