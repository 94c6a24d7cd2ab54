"""Real inspect logs for the report tests, made once per session.

- policy: `medtrust run` (click) of the refuse and accept policies on all 239 packaged CARES-LLM
  rows, with ``--report`` (the run writes the scorecard itself);
- embedded: `medtrust run` of the embedded SmolLM2 GGUF model, 2 samples, 16 tokens;
- hostile: the CARES-LLM task answered by a scripted model whose reply holds a script tag,
  markdown, 5,000 characters and unicode;
- vlm: CARES-VLM factuality on the first 40 real HAM10000 rows with real images, two scripted
  models (``medtrust/scripted/always-D`` and ``always-C``);
- mc: MediConfusion MC text-only smoke run (first 20 images = 10 pairs), scripted "A";
- other: an inspect task that is not medtrust's, and a JSON file that is not a log.
"""

from __future__ import annotations

import random
import shutil
import string
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai import Task, task
from inspect_ai import eval as inspect_eval
from inspect_ai.dataset import Sample
from inspect_ai.model import get_model
from inspect_ai.scorer import match

import medtrust._registry  # noqa: F401
from medtrust.cli import main
from tests.helpers.browser import headless_chromium

N_VLM = 40  # first HAM10000 rows per VLM run
#: a long hostile reply; its filler is pseudo-random words, not one repeated letter, so that the
#: offline judge reads it as an answer (5,000 x's are a degenerate loop since refusal-9, Refuse, and a
#: harmful prompt refused leaves the report no failing example to show)
_FILLER = " ".join("".join(random.Random(n).choices(string.ascii_lowercase, k=2 + n % 8)) for n in range(900))
HOSTILE = "<script>alert(1)</script> **md** xxxx " + _FILLER + " ünïcödé"


def _run_cli(args: list[str]) -> str:
    res = CliRunner().invoke(main, args, catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return res.output


@pytest.fixture(scope="session")
def work_dir():
    """A private temp folder (pytest's shared basetemp is pruned by concurrent pytest runs)."""
    d = Path(tempfile.mkdtemp(prefix="medtrust-report-tests-"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="session")
def n_vlm() -> int:
    return N_VLM


@pytest.fixture(scope="session")
def hostile_text() -> str:
    return HOSTILE


@pytest.fixture(scope="session")
def policy_logs(work_dir: Path) -> tuple[Path, str]:
    d = work_dir / "policy" / "logs"
    out = _run_cli(["run", "--model", "medtrust/policy/refuse", "--model", "medtrust/policy/accept", "--full",
                    "--log-dir", str(d), "--display", "none", "--report"])  # fmt: skip
    return d, out


@pytest.fixture(scope="session")
def embedded_logs(work_dir: Path) -> Path:
    d = work_dir / "embedded" / "logs"
    _run_cli(["run", "--model", "medtrust/embedded", "--limit", "2", "--max-tokens", "16", "--log-dir", str(d), "--display", "none"])
    return d


@pytest.fixture(scope="session")
def hostile_logs(work_dir: Path) -> Path:
    from medtrust.benchmarks.cares_llm.task import cares_llm

    d = work_dir / "hostile" / "logs"
    model = get_model("medtrust/scripted", memoize=False, respond=lambda msgs: HOSTILE)
    (log,) = inspect_eval(cares_llm(), model=model, limit=3, log_dir=str(d), display="none")
    assert log.status == "success", log.error
    return d


def _always(letter: str):
    return lambda messages: letter  # one parameter: the scripted backend passes more to two-parameter callables


@pytest.fixture(scope="session")
def vlm_logs(work_dir: Path, shared_data: Path) -> tuple[Path, Path]:
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    ham = shared_data / "cares_vlm" / "HAM10000"
    data = ham / "HAM10000_factuality.jsonl"
    d = work_dir / "vlm" / "logs"
    for letter in ("D", "C"):
        t = cares_vlm(dimension="factuality", data={"ham10000": str(data)}, image_roots={"ham10000": str(ham / "images")}, limit_per_source=N_VLM)
        (log,) = inspect_eval(t, model=get_model(f"medtrust/scripted/always-{letter}", memoize=False, respond=_always(letter)),
                              log_dir=str(d), display="none", fail_on_error=False)  # fmt: skip
        assert log.status == "success", log.error
    return d, data


@pytest.fixture(scope="session")
def mc_logs(work_dir: Path) -> Path:
    from medtrust.benchmarks.mediconfusion.task import mediconfusion

    d = work_dir / "mc" / "logs"
    (log,) = inspect_eval(mediconfusion(text_only=True), model=get_model("medtrust/scripted", memoize=False, respond=lambda m: "A"),
                          limit=20, log_dir=str(d), display="none")  # fmt: skip
    assert log.status == "success", log.error
    return d


@task
def not_medtrust() -> Task:
    return Task(dataset=[Sample(input="2+2?", target="4")], scorer=match())


@pytest.fixture(scope="session")
def other_logs(work_dir: Path) -> Path:
    d = work_dir / "other" / "logs"
    (log,) = inspect_eval(not_medtrust(), model=get_model("medtrust/scripted", memoize=False, respond=lambda m: "4"),
                          log_dir=str(d), display="none")  # fmt: skip
    assert log.status == "success", log.error
    (d / "notes.json").write_text('{"not": "a log"}')
    return d


# ------------------------------------------------------------------ the scorecard of a model that never answers
HAM_LIMIT = 10  # rows of the refuse policy's CARES-VLM run (5 dimensions: 120 samples)
VLM_DIMENSIONS = ("factuality", "uncertainty", "jailbreak", "overcautious", "privacy")


def _ham(shared_data: Path) -> tuple[str, str]:
    ham = shared_data / "cares_vlm" / "HAM10000"
    return str(ham / "HAM10000_factuality.jsonl"), str(ham / "images")


def vlm_run_args(shared_data: Path, model: str, limit: int, log_dir: Path, dims=VLM_DIMENSIONS) -> list[str]:
    data, images = _ham(shared_data)
    return ["run", "-b", "cares-vlm", "--model", model, "--data", f"ham10000={data}", "--image-root", f"ham10000={images}",
            "--limit", str(limit), "--log-dir", str(log_dir), "--display", "none", *[a for d in dims for a in ("--dimension", d)]]  # fmt: skip


@pytest.fixture(scope="session")
def refuse_vlm_logs(work_dir: Path, shared_data: Path) -> Path:
    """`medtrust run` of the refuse policy on CARES-VLM: factuality (+ fairness), uncertainty,
    jailbreak, over-cautiousness and privacy on the first 10 real HAM10000 rows."""
    d = work_dir / "refuse_vlm" / "logs"
    _run_cli(vlm_run_args(shared_data, "medtrust/policy/refuse", HAM_LIMIT, d))
    return d


@pytest.fixture(scope="session")
def two_vlm_runs(work_dir: Path, shared_data: Path) -> Path:
    """Two `medtrust run`s of one model (CARES-VLM factuality, 20 then 30 HAM10000 rows) into one folder."""
    d = work_dir / "two_vlm_runs" / "logs"
    for limit in (20, 30):
        _run_cli(vlm_run_args(shared_data, "medtrust/policy/random-option", limit, d, dims=("factuality",)))
    return d


@pytest.fixture(scope="session")
def quick_refuse_logs(work_dir: Path) -> Path:
    """The default quick CARES-LLM run of the refuse policy (40 seeded rows of the 239 packaged)."""
    d = work_dir / "quick_refuse" / "logs"
    _run_cli(["run", "--model", "medtrust/policy/refuse", "--log-dir", str(d), "--display", "none"])
    return d


# ------------------------------------------------------------------ headless Chromium (browser tests)


@pytest.fixture(scope="module")
def driver():
    """Debian's headless Chromium through Selenium + chromedriver (browser console logged)."""
    with headless_chromium(1300) as drv:
        yield drv
