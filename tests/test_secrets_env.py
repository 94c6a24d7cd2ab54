"""known_secrets() reads the environment again whenever it changes (it is cached between changes,
because it runs for every log write and model call)."""

from __future__ import annotations

from medtrust import secrets


def test_environment_secrets_follow_every_change(monkeypatch):
    monkeypatch.setenv("MEDTRUST_TEST_API_KEY", "sk-first-0123456789")
    assert "sk-first-0123456789" in secrets.known_secrets()
    monkeypatch.setenv("MEDTRUST_TEST_API_KEY", "sk-second-0123456789")  # same name, new value
    now = secrets.known_secrets()
    assert "sk-second-0123456789" in now and "sk-first-0123456789" not in now
    monkeypatch.setenv("OTHER_SERVICE_TOKEN", "tok-0123456789abcdef")  # a new variable
    assert "tok-0123456789abcdef" in secrets.known_secrets()
    monkeypatch.delenv("MEDTRUST_TEST_API_KEY")  # removed
    assert "sk-second-0123456789" not in secrets.known_secrets()
    monkeypatch.setenv("MEDTRUST_TEST_LABEL", "value-0123456789")  # a name not like a credential
    assert "value-0123456789" not in secrets.known_secrets()
    assert secrets.redact("echo tok-0123456789abcdef") == "echo [redacted]"


def test_every_writer_redacts_a_value_registered_or_set_after_its_last_call(monkeypatch):
    """The known secrets, their forms and their bytes are cached between changes: a value
    registered, a variable set, and the registry restored must each reach every writer at once."""
    data = b'{"reply": "key kv-registered-0001 and env-secret-0002 and kv-later-0003"}'
    assert secrets.redact_bytes(data) == data  # caches filled with none of them
    secrets.register_secret("kv-registered-0001")
    assert secrets.redact_bytes(data) == b'{"reply": "key [redacted] and env-secret-0002 and kv-later-0003"}'
    assert secrets.redact("kv-registered-0001/x") == "[redacted]/x"
    monkeypatch.setenv("MEDTRUST_TEST_SECRET", "env-secret-0002")
    assert secrets.redact_bytes(data) == b'{"reply": "key [redacted] and [redacted] and kv-later-0003"}'
    before = secrets.registered_secrets()
    secrets.register_secret("kv-later-0003")
    assert secrets.redact_bytes(data).count(b"[redacted]") == 3
    secrets.restore_registered(before)  # kv-later-0003 is no longer a secret
    assert secrets.redact_bytes(data) == b'{"reply": "key [redacted] and [redacted] and kv-later-0003"}'
    # a value with characters that change in its URL-quoted and JSON-escaped forms
    secrets.register_secret('pa ss/"w0rd"')
    assert secrets.redact_bytes(b'{"u": "pa%20ss%2F%22w0rd%22", "j": "pa ss/\\"w0rd\\""}') == b'{"u": "[redacted]", "j": "[redacted]"}'
    assert secrets.redact_obj({"k": ['pa ss/"w0rd" here']}) == {"k": ["[redacted] here"]}
