"""Ed25519 keys in every accepted form, refusals that name the source and never the key."""

from __future__ import annotations

import base64

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519

from medtrust.evidence.signing import SigningError, check_signature, key_id, load_private_key, load_public_key, public_key_raw, sign

DATA = b'{"files": [], "merkle_root": "00"}\n'


@pytest.fixture(scope="module")
def key():
    return ed25519.Ed25519PrivateKey.generate()


def pem(key, password: bytes | None = None) -> bytes:
    enc = serialization.BestAvailableEncryption(password) if password else serialization.NoEncryption()
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, enc)


def raw(key) -> bytes:
    return key.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption())


def test_every_form_loads_the_same_key(key, tmp_path):
    want = public_key_raw(key)
    forms = {
        "pem": pem(key),
        "openssh": key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()),
        "hex": raw(key).hex().encode(),
        "base64": base64.b64encode(raw(key)),
    }
    for name, data in forms.items():
        f = tmp_path / f"{name}.key"
        f.write_bytes(data)
        assert public_key_raw(load_private_key(file=f)) == want, name
        assert public_key_raw(load_private_key(env="BOARD_SIGNING_KEY", environ={"BOARD_SIGNING_KEY": data.decode()})) == want, name
    enc = tmp_path / "enc.pem"
    enc.write_bytes(pem(key, b"correct horse"))
    got = load_private_key(file=enc, passphrase_env="PP", environ={"PP": "correct horse"})
    assert public_key_raw(got) == want


def test_sign_and_check(key):
    rec = sign(key, DATA)
    assert rec["algorithm"] == "Ed25519" and rec["key_id"] == key_id(public_key_raw(key)) and rec["key_id"].startswith("sha256:")
    assert check_signature(rec, DATA) == public_key_raw(key)
    for changed in (DATA.replace(b"00", b"01"), DATA + b" ", b""):
        with pytest.raises(SigningError, match="does not match"):
            check_signature(rec, changed)
    other = sign(ed25519.Ed25519PrivateKey.generate(), DATA)
    with pytest.raises(SigningError, match="does not match"):  # another key's public half with this signature
        check_signature({**rec, "public_key": other["public_key"]}, DATA)
    with pytest.raises(SigningError, match="algorithm"):
        check_signature({**rec, "algorithm": "RSA"}, DATA)
    with pytest.raises(SigningError, match="malformed"):
        check_signature({**rec, "signature": "%%%"}, DATA)


def test_public_key_forms(key, tmp_path):
    pub = key.public_key()
    want = public_key_raw(key)
    p = tmp_path / "pub.pem"
    p.write_bytes(pub.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo))
    ssh = pub.public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH).decode()
    for value in (str(p), ssh, want.hex(), base64.b64encode(want).decode()):
        assert load_public_key(value) == want
    with pytest.raises(SigningError, match="not a PEM"):
        load_public_key("not a key")


@pytest.mark.parametrize("case", ["unset", "both", "neither", "ec", "garbage", "encrypted-no-pass", "wrong-pass", "too-big", "missing"])
def test_unusable_keys_are_refused_without_showing_the_key(case, key, tmp_path):
    f = tmp_path / "k.pem"
    secret = pem(key, b"correct horse" if case in ("encrypted-no-pass", "wrong-pass") else None)
    kw: dict = {"file": f}
    if case == "unset":
        kw = {"env": "NOPE_KEY", "environ": {}}
    elif case == "both":
        kw = {"file": f, "env": "X"}
    elif case == "neither":
        kw = {}
    elif case == "ec":
        secret = ec.generate_private_key(ec.SECP256R1()).private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                                       serialization.NoEncryption())
    elif case == "garbage":
        secret = b"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
    elif case == "wrong-pass":
        kw = {"file": f, "passphrase_env": "PP", "environ": {"PP": "battery staple"}}
    elif case == "too-big":
        secret = b"x" * 20_000
    elif case == "missing":
        kw = {"file": tmp_path / "absent.pem"}
    f.write_bytes(secret)
    with pytest.raises(SigningError) as e:
        load_private_key(**kw)
    msg = str(e.value)
    assert raw(key).hex() not in msg and "BEGIN" not in msg
    if case in ("unset", "ec", "encrypted-no-pass", "missing"):
        assert {"unset": "NOPE_KEY is not set", "ec": "Ed25519 only", "encrypted-no-pass": "passphrase", "missing": "cannot be read"}[case] in msg
