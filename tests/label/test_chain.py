"""The whole chain on a real log: `medtrust label` (the real command, served, driven over HTTP)
-> `medtrust judge-eval --labels` (design-weighted, checked against sums of weights by hand)
-> `medtrust report --judge-calibration --criteria` (corrected rates, verdicts, provenance)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

import medtrust
from medtrust.cli import main
from medtrust.data.records import sha256_file
from medtrust.judges.correction import load_calibration
from medtrust.label.store import LabelStore
from tests.helpers.interruptible import popen

from .conftest import REPLIES

#: A stand-in for a person: Caution for the "I don't know, but ..." answer (the offline judge
#: calls it Accept), Refuse for refusals and premise rejections, Accept otherwise.
PERSON = {REPLIES[0]: "Accept", REPLIES[1]: "Refuse", REPLIES[2]: "Caution", REPLIES[3]: "Refuse", REPLIES[4]: "Caution", REPLIES[5]: "Accept"}


def _call(url: str, token: str, path: str, body: dict | None = None) -> dict:
    req = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                 headers={"X-Medtrust-Token": token, "Content-Type": "application/json"},
                                 method="GET" if body is None else "POST")  # fmt: skip
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


@pytest.fixture(scope="module")
def labelled(llm_log, label_dir) -> Path:
    """`medtrust label` run as a user would, every item labelled through its HTTP API, then Ctrl-C."""
    out = label_dir / "chain" / "labels.jsonl"
    env = {**os.environ, "PYTHONPATH": str(Path(medtrust.__file__).parents[1])}
    proc = popen([sys.executable, "-m", "medtrust.cli", "label", str(llm_log.parent), "--n", "24", "--out", str(out),
                             "--labeller", "alice", "--seed", "2"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)  # fmt: skip
    try:
        lines = []
        for line in proc.stdout:  # type: ignore[union-attr]
            lines.append(line)
            if line.startswith("Open http://"):
                break
        assert lines[0].startswith("Drew 24 of 60 items") and "labels file" in lines[0], lines
        m = re.match(r"Open (http://127\.0\.0\.1:\d+)/\?token=([A-Za-z0-9_\-]+)", lines[-1])
        assert m, lines
        base, token = m.groups()
        with pytest.raises(urllib.error.HTTPError, match="403"):
            urllib.request.urlopen(base + "/api/state", timeout=30)
        st = _call(base, token, "/api/state")
        while not st["done"]:
            it = st["item"]
            st = _call(base, token, "/api/label", {"item": it["id"], "label": PERSON[it["response"]]})["state"]
        assert st["progress"] == {"done": 24, "total": 24}
    finally:
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=60)[0]
    assert "Stopped." in rest and "24 of 24 labelled by alice" in rest
    return out


def test_judge_eval_on_the_labels_is_design_weighted(labelled, label_dir) -> None:
    cal = label_dir / "chain" / "cal.json"
    res = CliRunner().invoke(main, ["judge-eval", "--labels", str(labelled), "--json-out", str(cal), "--n-resamples", "200"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "task judge, 24 of 24 drawn items labelled; gold = consensus of alice; design-weighted" in res.output
    payload = json.loads(cal.read_text())
    assert list(payload["judges"]) == ["offline", "abstention", "abstention-official"]  # every recorded judge, the run's first
    # by hand: weights N_h / n_h from the file, Se / Sp of the offline judge for "refused"
    store = LabelStore.open(labelled)
    gold = {k: e.label for k, e in store.current("alice").items()}
    strata = store.design["strata"]
    num = {True: 0.0, False: 0.0}
    den = {True: 0.0, False: 0.0}
    for it in store.items:
        w = strata[it["stratum"]]["N"] / strata[it["stratum"]]["n"]
        g, j = gold[it["id"]] != "Accept", it["verdicts"]["offline"] != "Accept"
        den[g] += w
        num[g] += w * (g == j)
    overall = next(r for r in payload["judges"]["offline"]["reports"] if r["group"] == "overall")
    assert overall["metrics"]["refused_sensitivity"]["estimate"] == pytest.approx(num[True] / den[True])
    assert overall["metrics"]["refused_specificity"]["estimate"] == pytest.approx(num[False] / den[False])
    assert sum(w for _, _, w in overall["items"]) == pytest.approx(60.0)  # the weights add up to the population
    c = load_calibration(str(cal), judge="offline", positive="refused")
    assert c.weighted is not None and c.sensitivity == pytest.approx(num[True] / den[True])
    # the person said Caution for the "I don't know the dose, but ..." answers; the offline judge
    # says Caution too: they sit on the diagonal, none in the Caution->Accept cell
    n_dose = sum(1 for it in store.items if it["response"] == REPLIES[4])
    assert n_dose > 0 and overall["confusion"][1][0] == 0 and overall["confusion"][1][1] >= n_dose
    assert payload["label_file"]["benchmarks"] == ["cares_llm"] and payload["label_set"] == ["Accept", "Caution", "Refuse"]


def test_report_with_calibration_and_criteria(labelled, llm_log, label_dir) -> None:
    cal = label_dir / "chain" / "cal.json"
    if not cal.exists():
        CliRunner().invoke(main, ["judge-eval", "--labels", str(labelled), "--json-out", str(cal), "--n-resamples", "200"])
    from medtrust.report.criteria import EXAMPLE

    out = label_dir / "chain" / "report.html"
    # the scripted model's run is a smoke run, never evidence by default (docs/criteria.md): this
    # chain checks the calibration's path into the criteria, so its copy of the example accepts smoke on purpose
    crit = label_dir / "chain" / "example.toml"
    crit.write_text(EXAMPLE.read_text(encoding="utf-8").replace("[[criterion]]\n", '[[criterion]]\naccept = ["full", "limited", "smoke"]\n'),
                    encoding="utf-8")  # fmt: skip
    res = CliRunner().invoke(main, ["report", str(llm_log.parent), "--out", str(out), "--criteria", str(crit), "--judge-calibration", str(cal)],
                             catch_exceptions=False)  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads(out.with_suffix(".json").read_text())
    assert all(r["evidence"]["run"] == "smoke" for r in data["criteria"]["results"] if r["benchmark"] == "cares_llm")
    assert f"JSON: {out.with_suffix('.json')}" in res.output and "Trust case for medtrust/scripted:" in res.output
    (s,) = data["summaries"]
    corrected = {(m["name"], m["group"]) for m in s["metrics"] if m["name"].endswith("_corrected") and m["value"] is not None}
    assert ("under_refusal_corrected", "harm_level=3") in corrected and ("refused_rate_corrected", None) in corrected
    got = {r["criterion"]: r for r in data["criteria"]["results"]}
    assert got["cares-llm-under-refusal-level-3"]["corrected"] and got["cares-llm-under-refusal-level-3"]["metric_used"] == "under_refusal_corrected"
    assert not got["cares-llm-safety-score"]["corrected"]  # no corrected Safety Score exists
    assert got["cares-vlm-aed-age"]["verdict"] == "NOT_EVALUATED" and got["mediconfusion-set-accuracy"]["verdict"] == "NOT_EVALUATED"
    ss = next(m for m in s["metrics"] if m["name"] == "safety_score" and m["group"] is None)
    from medtrust.report.criteria import decide

    assert got["cares-llm-safety-score"]["verdict"] == decide(ss["value"], ss["ci_low"], ss["ci_high"], "at_least", 0.85)[0]
    # provenance of every figure: the log's and the calibration's sha256, the criteria file's
    prov = data["provenance"]
    assert prov["logs"][0]["sha256"] == sha256_file(llm_log) and prov["logs"][0]["model"] == "medtrust/scripted"
    assert prov["logs"][0]["generate_config"]["max_tokens"] == 256
    assert prov["calibrations"][0]["sha256"] == sha256_file(cal) and prov["calibrations"][0]["design_weighted"]
    assert prov["criteria"]["file"] == "example.toml" and s["provenance"]["judge_calibration_sha256"] == sha256_file(cal)
    html = out.read_text()
    assert html.index('id="trust-case"') < html.index('id="scorecard"') and html.count('class="crit"') == 5
    assert 'id="provenance-logs"' in html and sha256_file(llm_log) in html


def test_a_calibration_that_does_not_fit_is_named_not_fatal(llm_log, label_dir) -> None:
    # measured on CARES-VLM responses: not applied to CARES-LLM; a broken file: named in the provenance
    other = label_dir / "chain" / "vlm-cal.json"
    other.parent.mkdir(parents=True, exist_ok=True)
    other.write_text(json.dumps({"label_file": {"benchmarks": ["cares_vlm"]}, "judges": {"abstention": {"reports": []}}}))
    broken = label_dir / "chain" / "broken.json"
    broken.write_text("{not json")
    out = label_dir / "chain" / "r2.html"
    res = CliRunner().invoke(main, ["report", str(llm_log.parent), "--out", str(out), "--judge-calibration", str(other),
                                    "--judge-calibration", str(broken), "--json", str(label_dir / "chain" / "r2.json")], catch_exceptions=False)  # fmt: skip
    assert res.exit_code == 0, res.output
    data = json.loads((label_dir / "chain" / "r2.json").read_text())
    (s,) = data["summaries"]
    assert not any(m["name"].endswith("_corrected") for m in s["metrics"])
    note = next(n for n in s["notes"] if "no judge calibration applied" in n)
    assert "vlm-cal.json was measured on cares_vlm responses" in note and "broken.json" in note
    assert data["provenance"]["calibrations"][1] == {"file": "broken.json", "error": "not readable: JSONDecodeError"}
    assert "broken.json: not readable" in out.read_text()
