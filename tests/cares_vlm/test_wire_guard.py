"""The restricted-data guard holds at the wire (issue 28, kind 1).

Every test counts the requests that reach a listener in a network namespace made for the test
(``tests/helpers/netns.py``): remote in network terms, never outside the machine. The guard must
hold whatever steers the request there:

- **redirects**: a loopback server answering 307/308 with a remote ``Location``, for the
  evaluated model and for a judge behind ``J_BASE_URL`` (``openai-api/j/...``);
- **proxy variables** in any letter case, ``NO_PROXY`` written as a CIDR, with a scheme, with a
  port, and a loopback forwarding proxy whose target is remote; and the other way round, a
  ``NO_PROXY`` CIDR that sends a loopback URL past a remote proxy must *not* be refused;
- **inspect's own parts**: ``inspect eval medtrust/cares_vlm --solver generate``, a solver that
  makes its own model, ``inspect score --scorer model_graded_qa`` with a remote grader (CLI and
  ``score()``), a role other than ``grader``;
- **mislabelled sources**: a MIMIC-CXR file passed as ``iu_xray``, a public file next to a
  restricted marker file or a PhysioNet credentialed licence, a file named like a restricted
  source's, rows that do not look like the source they are passed as;
- **shared artefacts**: the report withholds the model's answer and the judge's text of
  restricted examples; ``medtrust label --host 0.0.0.0`` is refused for restricted items; a log
  whose recorded image root is ``/`` makes the label page serve nothing outside the folders the
  user passed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai import score as inspect_score
from inspect_ai.log import read_eval_log
from inspect_ai.model import get_model
from inspect_ai.scorer import model_graded_qa
from inspect_ai.solver import generate, solver

import medtrust._registry  # noqa: F401
from tests.cares_vlm.test_guard_routes import STEER_VARS, _env, _inspect_eval, _refusals
from tests.helpers.fake_openai import FakeOpenAI, ForwardProxy, RedirectServer
from tests.helpers.netns import netns_unavailable

pytestmark = [pytest.mark.skipif(netns_unavailable() is not None, reason=f"no test network namespace: {netns_unavailable()}"),
              pytest.mark.slow]  # fmt: skip


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for v in STEER_VARS + ("Http_Proxy", "hTTp_pRoXy", "All_Proxy", "No_Proxy", "J_BASE_URL"):
        monkeypatch.delenv(v, raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-guard-not-a-real-key")
    monkeypatch.setenv("J_API_KEY", "j-test-key-not-real")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return monkeypatch


def _all_refused(log, n: int = 4) -> list[str]:
    refusals = _refusals(log)
    assert len(refusals) == n, [s.error.message if s.error else [sc.explanation for sc in (s.scores or {}).values()] for s in log.samples]
    return refusals


# ------------------------------------------------------------------ redirects


@pytest.mark.parametrize("status", [307, 308])
def test_redirect_of_the_evaluated_model_to_a_remote_host_is_refused(status, remote, clean_env, restricted_data, tmp_path):
    with RedirectServer(remote.origin, status) as redirect:
        model = get_model("openai/gpt-4o", base_url=redirect.base_url, memoize=False)
        log = _inspect_eval(restricted_data, tmp_path, model)
    assert remote.requests() == []
    assert redirect.requests, "the loopback server itself may be asked"
    refusals = _all_refused(log)
    assert all("redirect" in r and remote.ns_ip in r for r in refusals)


@pytest.mark.parametrize("status", [307, 308])
def test_redirect_of_a_judge_behind_its_service_variable_is_refused(status, remote, clean_env, restricted_data, tmp_path):
    with RedirectServer(remote.origin, status) as redirect:
        clean_env.setenv("J_BASE_URL", redirect.base_url)
        log = _inspect_eval(restricted_data, tmp_path, "medtrust/policy/accept", {"grader": get_model("openai-api/j/m", memoize=False)})
    assert remote.requests() == []
    assert redirect.requests  # the FairVLMed answers went to the judge on loopback
    judged = [s for s in log.samples if s.metadata["answer_type"] == "open_ended"]
    assert judged and all(s.scores["cares_vlm_scorer"].metadata["outcome"] == "judge_error" for s in judged)
    assert all("redirect" in s.scores["cares_vlm_scorer"].explanation for s in judged)


def test_redirect_to_another_loopback_port_is_followed(local, clean_env, restricted_data, tmp_path):
    """Not every redirect is refused: one that stays on this machine is followed."""
    with RedirectServer(f"http://127.0.0.1:{local.port}", 307) as redirect:
        log = _inspect_eval(restricted_data, tmp_path, get_model("openai/gpt-4o", base_url=redirect.base_url, memoize=False))
    assert _refusals(log) == []
    assert len(local.requests) >= 4


# ------------------------------------------------------------------ proxy variables


def _proxy_case(case: str, remote, proxy, env) -> str:
    """Set the variables of one case; returns the base URL the evaluated model is given."""
    ns = remote.ns_ip
    if case == "mixed-case Http_Proxy (remote proxy, loopback URL)":
        env.setenv("Http_Proxy", remote.origin)
        return "http://127.0.0.1:9/v1"
    if case == "mixed-case All_Proxy (remote proxy, loopback URL)":
        env.setenv("All_Proxy", remote.origin)
        return "http://127.0.0.1:9/v1"
    if case == "loopback forwarding proxy, remote target":
        env.setenv("HTTP_PROXY", proxy.url)
        return remote.base_url
    if case == "loopback proxy, NO_PROXY as CIDR covering the remote URL":
        env.setenv("HTTP_PROXY", proxy.url)
        env.setenv("NO_PROXY", "198.18.0.0/15")
        return remote.base_url
    if case == "loopback proxy, NO_PROXY with a scheme":
        env.setenv("http_proxy", proxy.url)
        env.setenv("no_proxy", f"http://{ns}")
        return remote.base_url
    if case == "loopback proxy, NO_PROXY with a port":
        env.setenv("HTTP_PROXY", proxy.url)
        env.setenv("No_Proxy", f"{ns}:{remote.port}")
        return remote.base_url
    raise AssertionError(case)


PROXY_CASES = [
    "mixed-case Http_Proxy (remote proxy, loopback URL)",
    "mixed-case All_Proxy (remote proxy, loopback URL)",
    "loopback forwarding proxy, remote target",
    "loopback proxy, NO_PROXY as CIDR covering the remote URL",
    "loopback proxy, NO_PROXY with a scheme",
    "loopback proxy, NO_PROXY with a port",
]


@pytest.mark.parametrize("case", PROXY_CASES)
def test_proxy_variables_are_read_as_the_client_reads_them(case, remote, clean_env, restricted_data, tmp_path):
    with ForwardProxy() as proxy:
        base_url = _proxy_case(case, remote, proxy, clean_env)
        log = _inspect_eval(restricted_data, tmp_path, get_model("openai/gpt-4o", base_url=base_url, memoize=False))
    assert remote.requests() == [], case
    _all_refused(log)


@pytest.mark.parametrize("case", PROXY_CASES[2:])
def test_medtrust_run_refuses_the_proxy_cases_before_the_run(case, remote, clean_env, restricted_data, tmp_path):
    data, roots = restricted_data
    with ForwardProxy() as proxy:
        base_url = _proxy_case(case, remote, proxy, clean_env)
        args = ["run", "-b", "cares-vlm", "--dimension", "factuality", "--limit", "1", "--log-dir", str(tmp_path / "l"),
                "--display", "none", "--model", "openai/gpt-4o", "-M", f"base_url={base_url}"]  # fmt: skip
        for s in data:
            args += ["--data", f"{s}={data[s]}", "--image-root", f"{s}={roots[s]}"]
        res = subprocess.run([sys.executable, "-m", "medtrust.cli", *args], env=dict(os.environ), capture_output=True, text=True, timeout=300)
    assert res.returncode == 2, res.stderr[-1500:]
    assert "refusing to send restricted" in res.stderr
    assert remote.requests() == [] and proxy.requests == []


def test_no_proxy_cidr_that_exempts_a_loopback_url_is_not_refused(local, remote, clean_env, restricted_data, tmp_path):
    """Wrongly refused before: a remote proxy is set, but NO_PROXY=127.0.0.0/8 sends the request
    straight to the loopback server, as the client really does."""
    clean_env.setenv("HTTP_PROXY", remote.origin)
    clean_env.setenv("NO_PROXY", "127.0.0.0/8")
    log = _inspect_eval(restricted_data, tmp_path, get_model("openai/gpt-4o", base_url=local.base_url, memoize=False))
    assert _refusals(log) == []
    assert len(local.requests) >= 4 and remote.requests() == []


# ------------------------------------------------------------------ inspect's own parts


def test_inspect_eval_with_its_own_generate_solver_gets_zero_requests(remote, clean_env, restricted_data, tmp_path):
    data, roots = restricted_data
    env = _env(OPENAI_API_KEY="sk-test-guard-not-a-real-key", OPENAI_BASE_URL=remote.base_url, XDG_DATA_HOME=str(tmp_path / "xdg"))
    res = subprocess.run(
        ["inspect", "eval", "medtrust/cares_vlm", "--solver", "generate", "--model", "openai/gpt-4o",
         "-T", f"data={json.dumps(data)}", "-T", f"image_roots={json.dumps(roots)}", "-T", "limit_per_source=1",
         "--log-dir", str(tmp_path / "l"), "--display", "none", "--max-retries", "0"],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert remote.requests() == [], res.stdout[-1500:] + res.stderr[-1500:]
    (log_file,) = list((tmp_path / "l").glob("*.eval"))
    log = read_eval_log(str(log_file))
    assert all(s.error is not None and "refusing to send restricted" in s.error.message for s in log.samples), res.stderr[-1500:]


def test_python_eval_with_generate_solver_and_a_solver_that_makes_its_own_model(remote, clean_env, restricted_data, tmp_path):
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    data, roots = restricted_data
    task = cares_vlm(dimension="factuality", data=data, image_roots=roots, limit_per_source=2)
    (log,) = inspect_eval(task, solver=generate(), model=get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False),
                          log_dir=str(tmp_path / "a"), display="none", fail_on_error=False, max_retries=0)  # fmt: skip
    assert remote.requests() == []
    assert len(_refusals(log)) == 4

    @solver
    def ask_someone_else():
        async def solve(state, generate):
            other = get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False)  # bound to no role
            state.output = await other.generate(state.messages)
            return state

        return solve

    task = cares_vlm(dimension="factuality", data=data, image_roots=roots, limit_per_source=2)
    (log,) = inspect_eval(task, solver=ask_someone_else(), model="medtrust/policy/accept", log_dir=str(tmp_path / "b"),
                          display="none", fail_on_error=False, max_retries=0)  # fmt: skip
    assert remote.requests() == []
    assert len(_refusals(log)) == 4


def test_a_role_other_than_grader_is_guarded(remote, clean_env, restricted_data, tmp_path):
    from inspect_ai.model import get_model as role_model

    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    @solver
    def ask_critic():
        async def solve(state, generate):
            state.output = await role_model(role="critic").generate(state.messages)
            return state

        return solve

    data, roots = restricted_data
    task = cares_vlm(dimension="factuality", data=data, image_roots=roots, limit_per_source=2)
    critic = get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False)
    (log,) = inspect_eval(task, solver=ask_critic(), model="medtrust/policy/accept", model_roles={"critic": critic},
                          log_dir=str(tmp_path / "c"), display="none", fail_on_error=False, max_retries=0)  # fmt: skip
    assert remote.requests() == []
    assert len(_refusals(log)) == 4


@pytest.fixture(scope="module")
def restricted_log(restricted_data, tmp_path_factory):
    log = _inspect_eval(restricted_data, tmp_path_factory.mktemp("wlog"), "medtrust/policy/accept")
    assert log.status == "success"
    return log.location


def test_inspect_score_cli_with_model_graded_qa_and_a_remote_grader_gets_zero_requests(remote, clean_env, restricted_log, tmp_path):
    env = _env(OPENAI_API_KEY="sk-test-guard-not-a-real-key", XDG_DATA_HOME=str(tmp_path / "xdg"))
    for role in ("grader=openai/gpt-4o", f'grader={{model: openai/gpt-4o, base_url: "{remote.base_url}"}}'):
        run_env = dict(env, OPENAI_BASE_URL=remote.base_url) if role == "grader=openai/gpt-4o" else env
        out = tmp_path / f"scored{len(role)}.eval"
        res = subprocess.run(
            ["inspect", "score", restricted_log, "--scorer", "model_graded_qa", "--model-role", role, "--output-file", str(out),
             "--display", "none"],
            env=run_env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert remote.requests() == [], role + res.stdout[-1500:] + res.stderr[-1500:]


def test_score_api_with_an_explicit_remote_model_gets_zero_requests(remote, clean_env, restricted_log, tmp_path):
    log = read_eval_log(restricted_log)
    grader = get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False)
    try:
        inspect_score(log, model_graded_qa(model=grader), action="overwrite", display="none")
    except Exception as e:  # noqa: BLE001 - a refusal may end the scoring; what counts is that nothing left
        assert "refusing to send restricted" in str(e) or "refusing to send restricted" in repr(e.__cause__)
    assert remote.requests() == []


# ------------------------------------------------------------------ mislabelled sources

MIMIC_ROWS = [
    {"question_id": "abea5eb9-b7c32823", "image": "p10/p10000032/s50414267/02aa804e-bde0afdd-112c0b34-7bc16630-4e384014.jpg",
     "text": "Is there a pleural effusion?", "answer": "No.", "age": 52, "gender": "female", "race": "Caucasian"},
    {"question_id": "174413ec-4ec4c1f7", "image": "p10/p10000032/s53189527/2a2277a9-b0ded155-c0de8eb9-c124d10e-82c5caab.jpg",
     "text": "Is the heart size normal?", "answer": "Yes.", "age": 52, "gender": "female", "race": "Caucasian"},
]  # fmt: skip


def _mislabelled(case: str, tmp_path: Path, cares_files) -> Path:
    """A data file passed as ``iu_xray`` whose content or surroundings say it is restricted."""
    d = tmp_path / case.replace(" ", "_").replace("/", "_")
    d.mkdir()
    if case == "MIMIC-CXR rows":
        p = d / "iuxray_factuality.jsonl"
        p.write_text("".join(json.dumps(r) + "\n" for r in MIMIC_ROWS))
        return p
    if case == "MIMIC-CXR rows with files/ prefix and a subject_id column":
        p = d / "questions.jsonl"
        p.write_text("".join(json.dumps({**r, "image": "files/" + r["image"], "subject_id": 10000032}) + "\n" for r in MIMIC_ROWS))
        return p
    rows = open(cares_files["iu_xray"]).readlines()[:2]
    if case == "restricted marker file":
        (d / "RESTRICTED").write_text("MIMIC-CXR derived, PhysioNet credentialed access\n")
        p = d / "iuxray_factuality.jsonl"
    elif case == "PhysioNet credentialed licence one folder up":
        (d / "LICENSE.txt").write_text("PhysioNet Credentialed Health Data License 1.5.0\n...")
        (d / "files").mkdir()
        p = d / "files" / "iuxray_factuality.jsonl"
    elif case == "file named like the MIMIC-CXR annotation file":
        p = d / "mimic_factuality.jsonl"
    elif case == "rows that do not look like IU-Xray":
        rows = [json.dumps({**json.loads(r), "image": f"scan_{i:04d}.jpg"}) + "\n" for i, r in enumerate(rows)]
        p = d / "iuxray_factuality.jsonl"
    else:
        raise AssertionError(case)
    p.write_text("".join(rows))
    return p


MISLABELLED = ["MIMIC-CXR rows", "MIMIC-CXR rows with files/ prefix and a subject_id column", "restricted marker file",
               "PhysioNet credentialed licence one folder up", "file named like the MIMIC-CXR annotation file",
               "rows that do not look like IU-Xray"]  # fmt: skip


def _images_for(path: Path, standin_root) -> str:
    keys = [json.loads(ln)["image"] for ln in path.read_text().splitlines() if ln.strip()]
    return str(standin_root("iu_xray", keys))


@pytest.mark.parametrize("case", MISLABELLED)
def test_mislabelled_source_is_restricted_from_its_data(case, remote, clean_env, cares_files, standin_root, tmp_path):
    from medtrust.benchmarks.cares_vlm.task import cares_vlm
    from medtrust.restricted import RESTRICTED_KEY, is_restricted

    path = _mislabelled(case, tmp_path, cares_files)
    task = cares_vlm(dimension="factuality", data={"iu_xray": str(path)}, image_roots={"iu_xray": _images_for(path, standin_root)})
    samples = list(task.dataset)
    assert samples and all(is_restricted(s.metadata) and s.metadata[RESTRICTED_KEY] for s in samples), case
    assert task.metadata["restricted"]["iu_xray"], "the log records why the source is restricted"
    (log,) = inspect_eval(task, model=get_model("openai/gpt-4o", base_url=remote.base_url, memoize=False), log_dir=str(tmp_path / "l"),
                          display="none", fail_on_error=False, max_retries=0)  # fmt: skip
    assert remote.requests() == [], case
    assert len(_refusals(log)) == len(samples)


def test_medtrust_run_refuses_a_mislabelled_mimic_file_before_the_run(remote, clean_env, cares_files, standin_root, tmp_path):
    path = _mislabelled("MIMIC-CXR rows", tmp_path, cares_files)
    args = ["run", "-b", "cares-vlm", "--dimension", "factuality", "--log-dir", str(tmp_path / "l"), "--display", "none",
            "--model", "openai/gpt-4o", "-M", f"base_url={remote.base_url}", "--data", f"iu_xray={path}",
            "--image-root", f"iu_xray={_images_for(path, standin_root)}"]  # fmt: skip
    res = subprocess.run([sys.executable, "-m", "medtrust.cli", *args], env=_env(OPENAI_API_KEY="sk-x-not-real"), capture_output=True,
                         text=True, timeout=300)  # fmt: skip
    assert res.returncode == 2, res.stderr[-1500:]
    assert "refusing to send restricted" in res.stderr and "iu_xray" in res.stderr and "MIMIC-CXR" in res.stderr
    assert remote.requests() == []


def test_a_real_public_file_stays_public(cares_files, standin_root):
    """The checks do not restrict what they should not: the real IU-Xray and HAM10000 files."""
    from medtrust.benchmarks.cares_vlm.task import cares_vlm
    from medtrust.restricted import is_restricted

    data = {s: cares_files[s] for s in ("iu_xray", "ham10000")}
    keys = [json.loads(ln)["image"] for ln in open(cares_files["iu_xray"]).readlines()[:3]]
    task = cares_vlm(dimension="factuality", data=data, image_roots={"iu_xray": str(standin_root("iu_xray", keys))})
    assert not any(is_restricted(s.metadata) for s in task.dataset)
    assert not any(task.metadata["restricted"].values())


# ------------------------------------------------------------------ shared artefacts

REPLY_MARK, JUDGE_MARK = "REPLY-MARKER-7731 the fundus shows", "JUDGE-MARKER-5512"


@pytest.fixture(scope="module")
def restricted_judged_log(restricted_data, tmp_path_factory):
    """FairVLMed (restricted, open-ended) answered and judged on this machine, texts marked."""
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    data, roots = restricted_data
    task = cares_vlm(dimension="factuality", data={"fairvlmed": data["fairvlmed"]}, image_roots=roots, limit_per_source=2)
    model = get_model("medtrust/scripted", memoize=False, respond=lambda m: REPLY_MARK)
    judge = get_model("medtrust/scripted", memoize=False, respond=lambda m: f"{JUDGE_MARK} Score: 3")
    (log,) = inspect_eval(task, model=model, model_roles={"grader": judge}, log_dir=str(tmp_path_factory.mktemp("rj")), display="none")
    assert log.status == "success"
    return log.location


def test_report_withholds_answers_and_judge_texts_of_restricted_examples(restricted_judged_log, tmp_path):
    from medtrust.cli import main
    from tests.helpers.files import all_bytes

    out = tmp_path / "out"
    res = CliRunner().invoke(main, ["report", restricted_judged_log, "--out", str(out / "report.html"), "--json", str(out / "report.json")])
    assert res.exit_code == 0, res.output
    files = all_bytes(out)
    assert files and set(files) >= {"report.html", "report.json"}
    for name, data in files.items():
        assert REPLY_MARK.encode() not in data and JUDGE_MARK.encode() not in data, name
    examples = [e for s in json.loads(files["report.json"])["summaries"] for e in s["examples"]]
    assert examples and all(e["restricted"] and e["response"].startswith("[withheld") for e in examples)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "198.18.0.1", ""])
def test_label_refuses_to_serve_restricted_items_off_this_machine(host, restricted_judged_log, tmp_path):
    from medtrust.cli import main

    out = tmp_path / "labels.jsonl"
    res = CliRunner().invoke(main, ["label", restricted_judged_log, "--task", "answer", "--out", str(out), "--host", host])
    assert res.exit_code != 0, res.output
    assert "restricted" in res.output and "--host" in res.output
    assert "Open http" not in res.output


def test_label_page_never_serves_from_a_root_only_the_log_names(tmp_path):
    """A crafted log records image root ``/``: the page serves no file the user did not pass."""
    from medtrust.label.items import served_image_roots

    secret = tmp_path / "private" / "scan.png"
    secret.parent.mkdir()
    secret.write_bytes(b"\x89PNG\r\n\x1a\n")
    given = tmp_path / "images"
    given.mkdir()
    assert served_image_roots(["/"], []) == []
    assert served_image_roots(["/", str(secret.parent)], [str(given)]) == [str(given.resolve())]
    assert served_image_roots([str(given / "sub")], [str(given)]) == [str(given.resolve())]


def test_label_cli_with_a_crafted_root_serves_nothing_outside_the_given_folders(restricted_judged_log, tmp_path):
    """End to end: the recorded roots of a log are replaced by ``/`` and the page is asked for
    an item whose image lies outside any folder the user passed."""
    from medtrust.label.items import read_items, served_image_roots
    from medtrust.label.sampling import draw
    from medtrust.label.server import create_app
    from medtrust.label.store import LabelStore

    items = read_items([restricted_judged_log], "answer")
    secret = tmp_path / "private.png"
    secret.write_bytes(b"\x89PNG\r\n\x1a\n")
    for it in items.items:
        it.image = str(secret)
    store = LabelStore.create(tmp_path / "l.jsonl", draw(items, 2, seed=0).as_record())
    app = create_app(store, "t" * 32, labeller="a", image_roots=served_image_roots(["/"], []))
    client = app.test_client()
    for it in store.items:
        assert client.get(f"/image/{it['id']}?token={'t' * 32}").status_code == 404
