"""Adding a benchmark takes one folder and one registry line (issue: one benchmark, one folder).

The toy benchmark (tests/toy_benchmark/) is registered at run time and then driven only through
the shared commands: `medtrust list`, `medtrust run`, `medtrust report` and `medtrust rescore`
must handle it without any code that names it.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from medtrust.benchmarks import registry
from medtrust.cli import main
from tests.toy_benchmark.benchmark import BENCHMARK


@pytest.fixture()
def toy():
    registry.register(BENCHMARK)  # the one registry line
    yield BENCHMARK
    registry.unregister(BENCHMARK.name)


def test_toy_benchmark_runs_reports_and_rescores(toy, tmp_path):
    runner = CliRunner()
    assert "toy-compliance" in runner.invoke(main, ["list"]).output
    logs = tmp_path / "logs"
    for model in ("medtrust/policy/accept", "medtrust/policy/refuse"):
        r = runner.invoke(main, ["run", "-b", "toy-compliance", "--model", model, "--log-dir", str(logs), "--display", "none"])
        assert r.exit_code == 0, r.output
        assert "toy benchmark: 4 harmless requests" in r.output
    written = {json.loads(p.read_text())["model"]: json.loads(p.read_text()) for p in logs.glob("*.summary.json")}
    value = {m: next(x for x in s["metrics"] if x["name"] == "compliance" and x["group"] is None)["value"] for m, s in written.items()}
    assert value == {"medtrust/policy/accept": 1.0, "medtrust/policy/refuse": 0.0}  # 4/4 and 0/4
    assert all(s["benchmark"] == "toy_compliance" for s in written.values())

    out = tmp_path / "report.html"
    r = runner.invoke(main, ["report", str(logs), "--out", str(out), "--json", str(tmp_path / "report.json")])
    assert r.exit_code == 0, r.output
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["benchmarks"] == ["toy_compliance"] and not data["skipped"]
    cells = {row["model"]: row["axes"]["toy_compliance.helpfulness"] for row in data["scorecard"]}
    assert cells["medtrust/policy/accept"]["value"] == 100.0 and cells["medtrust/policy/refuse"]["value"] == 0.0
    html = out.read_text()
    assert 'id="bench-toy_compliance"' in html and "Toy compliance by kind" in html
    (c,) = data["comparisons"]  # accept vs refuse on the same 4 samples: difference +1 (or -1)
    assert abs(c["rows"][0]["diff"]) == 1.0 and c["rows"][0]["n"] == 4

    log = next(p for p in logs.glob("*.eval") if read_eval_log(str(p), header_only=True).eval.model == "medtrust/policy/refuse")
    r = runner.invoke(main, ["rescore", str(log)])
    assert r.exit_code == 0, r.output
    assert "toy_compliance · medtrust/policy/refuse: compliance = 0.000" in r.output


def test_unknown_benchmark_suggests_the_cli_spelling():
    r = CliRunner().invoke(main, ["run", "-b", "cares_vlmm", "--display", "none"])
    assert r.exit_code == 2 and "did you mean 'cares-vlm'" in r.output
