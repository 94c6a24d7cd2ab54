"""The by-form redaction runs each pattern only where a substring test says it can match
(medtrust.secrets: every JSON write of a sample passes there, so the gate is a CPU saving per
sample, docs/performance.md). The gate must never change a result: here it is checked against
every pattern run unconditionally, on hand-written members of each form and on generated text."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from medtrust import secrets as S


def reference(text: str) -> str:
    """Every by-form pattern, ungated (the rule the module docstring states)."""
    text = S._URL_USERINFO.sub(lambda m: f"{m.group(1)}{S.REDACTED}@", text)

    def query(m: re.Match[str]) -> str:
        name = m.group(2).lower().replace("_", "-")
        if name in {n.replace("_", "-") for n in S.QUERY_SECRET_NAMES} and len(m.group(3)) >= S.MIN_FORM_LEN and m.group(3) != S.REDACTED:
            return f"{m.group(1)}{m.group(2)}={S.REDACTED}"
        return m.group(0)

    text = S._QUERY_PARAM.sub(query, text)
    return S._AUTH_SCHEME.sub(lambda m: f"{m.group(1)}{m.group(2)}{S.REDACTED}" if S._credential(m.group(1), m.group(3)) else m.group(0), text)


CASES = [
    # userinfo, any scheme
    ("GET https://sk-live-1234567@api.example.org/v1", "GET https://[redacted]@api.example.org/v1"),
    ("postgres://user:hunter22@db:5432/x", "postgres://[redacted]@db:5432/x"),
    # credential-named query parameters: case, '_' or '-', after ? & or ;
    ("https://h/x?API_KEY=abcd1234&q=1", "https://h/x?API_KEY=[redacted]&q=1"),
    ("https://h/x?q=1&Api-Key=abcd1234", "https://h/x?q=1&Api-Key=[redacted]"),
    ("a;x-goog-api-key=zzzzzzzz", "a;x-goog-api-key=[redacted]"),
    ("https://h/?sig=ab", "https://h/?sig=ab"),  # shorter than MIN_FORM_LEN: a placeholder
    ("https://h/?monkey=abcdefgh", "https://h/?monkey=abcdefgh"),  # 'key=' inside another name: not a credential
    # Bearer / Basic
    ("Authorization: Bearer abc.def-123456", "Authorization: Bearer [redacted]"),
    ("Basic principles of triage", "Basic principles of triage"),
    # none of the forms
    ("x = 1; y == 2 ⇒ café@home", "x = 1; y == 2 ⇒ café@home"),
]


def test_each_form_by_hand():
    for text, want in CASES:
        assert S.redact_forms(text) == want == reference(text), text
        assert S.redact_bytes(text.encode(), secrets=[]).decode() == want


# text built from the pieces the patterns look for, so that near-misses are common
PIECES = st.sampled_from(["://", "@", "?", "&", ";", "=", "key", "KEY", "api_key", "Api-Key", "token", "sig", "Bearer ", "Basic ",
                          "abcd1234", "dXNlcjpwYXNz", "é", "İ", "\u212a", " ", "/", "_", "-", "x", "[redacted]"])  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=30).map("".join))
def test_the_gate_never_changes_a_result(text):
    assert S.redact_forms(text) == reference(text)
    assert S.redact_bytes(text.encode(), secrets=[]) == reference(text).encode()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_the_gate_on_any_text(text):
    assert S.redact_forms(text) == reference(text)


# the gates look at each "@" / "B" (memchr) and switch to one regex pass when there are many:
# both routes, and the 515-character window before an "@", against the ungated rule
MANY = [
    "@" * 40 + " see https://user:pw0rd@h/x",  # past the "@" budget: the regex route finds it
    "mail a@b, c@d " * 30 + "then https://tok3n@host/",
    "https://" + "u" * 512 + "@h/",  # the longest userinfo the pattern takes
    "https://" + "u" * 513 + "@h/",  # one longer: no userinfo
    "https://" + "u" * 300 + "@x@" + "v" * 300 + "@h/",  # the first "@" ends the run
    "B" * 600 + " Authorization: Bearer abc.def-123456",  # past the "B" budget
    "Big Boxes " * 50 + "Basic dXNlcjpwYXNz",
    "://" * 200 + "@" * 200,
]


def test_the_gate_past_its_budgets_and_windows():
    for text in MANY:
        assert S.redact_forms(text) == reference(text), text[:60]
        assert S.redact_bytes(text.encode(), secrets=[]) == reference(text).encode()
    assert "[redacted]" in S.redact_forms(MANY[0]) and "[redacted]" in S.redact_forms(MANY[5])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["@", "B", "://", "Bearer ", "Basic ", "tok3n-12345678", "dXNlcjpwYXNz", "u" * 100, " ", "/"]),
                max_size=400).map("".join))
def test_the_gate_on_long_texts_of_many_signs(text):
    assert S.redact_forms(text) == reference(text)
    assert S.redact_bytes(text.encode(), secrets=[]) == reference(text).encode()
