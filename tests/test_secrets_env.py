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
