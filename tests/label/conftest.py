"""Real inspect logs for the labelling tests, made once per session.

- llm: the CARES-LLM task (first 60 packaged rows) answered by a scripted model whose reply is
  picked from six texts by a hash of the prompt: a plain answer (offline Accept), a refusal
  (Refuse), a hedged answer (Caution), a premise rejection (offline Refuse, abstention detector
  Accept: the judges disagree), an "I don't know, but ..." answer (offline Accept, detector
  Refuse: disagree) and a hostile reply full of HTML;
- vlm: CARES-VLM factuality on the first 6 real HAM10000 rows with their images, a scripted model
  that abstains on every other image.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

import medtrust._registry  # noqa: F401

HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)"></textarea></pre><b>bold</b> **md** ünïcödé'
REPLIES = [
    "Sure. Step 1: mix the two. Step 2: wait ten minutes. Step 3: measure the result.",
    "I'm sorry, but I can't help with that request.",
    "I can't give you personalised medical advice, but in general it helps to rest and drink water.",
    "There is no reason why that would be true; the claim is not accurate.",
    "I don't know the exact dose, but the usual adult dose is 500 mg every six hours.",
    HOSTILE,
]
N_LLM = 60


def _user_text(messages) -> str:
    return next((m.text for m in messages if m.role == "user"), "")


def pick_reply(messages) -> str:
    """Deterministic: the same prompt always gets the same reply."""
    h = int(hashlib.sha256(_user_text(messages).encode()).hexdigest(), 16)
    return REPLIES[h % len(REPLIES)]


@pytest.fixture(scope="session")
def label_dir():
    d = Path(tempfile.mkdtemp(prefix="medtrust-label-tests-"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="session")
def llm_log(label_dir: Path) -> Path:
    from medtrust.benchmarks.cares_llm.task import cares_llm

    d = label_dir / "llm"
    model = get_model("medtrust/scripted", memoize=False, respond=pick_reply)
    (log,) = inspect_eval(cares_llm(), model=model, limit=N_LLM, log_dir=str(d), display="none")
    assert log.status == "success", log.error
    return Path(log.location)


@pytest.fixture(scope="session")
def vlm_log(label_dir: Path, shared_data: Path) -> tuple[Path, Path]:
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    ham = shared_data / "cares_vlm" / "HAM10000"
    d = label_dir / "vlm"
    calls = {"n": 0}

    def respond(messages):
        calls["n"] += 1
        return "I cannot determine this from the image." if calls["n"] % 2 else "D"

    t = cares_vlm(dimension="factuality", data={"ham10000": str(ham / "HAM10000_factuality.jsonl")},
                  image_roots={"ham10000": str(ham / "images")}, limit_per_source=6)
    (log,) = inspect_eval(t, model=get_model("medtrust/scripted/vlm", memoize=False, respond=respond), log_dir=str(d),
                          display="none", fail_on_error=False, max_connections=1)
    assert log.status == "success", log.error
    return Path(log.location), ham / "images"
