"""The four paths that gave a board a verdict it should not get (each failed before the fix):

1. a smoke run (MediConfusion ``-T text_only=true``) counted as evidence, while the scorecard on the
   same page called the benchmark "not run";
2. a model that ran only CARES-VLM had no rows for the CARES-LLM criteria, and its case read
   INCONCLUSIVE instead of saying what was never evaluated;
3. a model without image input (the embedded text model) scored on CARES-VLM image questions,
   with nothing saying it never saw an image;
4. labels drawn from one model calibrated another model's rates without a warning.

Every run is a real `medtrust run` (the CLI, as a user types it) on the reference policies, the
embedded model or a scripted model; the verdicts and reasons are read from the report JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from medtrust.cli import main
from medtrust.report.build import build_report

RANDOM = "medtrust/policy/random-option"
REFUSE = "medtrust/policy/refuse"
ACCEPT = "medtrust/policy/accept"


def _cli(args: list[str], code: int = 0) -> str:
    res = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert res.exit_code == code, res.output
    return res.output


def _report(out: Path, *paths: Path, **kw) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    build_report(paths, out=out / "r.html", json_out=out / "r.json", **kw)
    return json.loads((out / "r.json").read_text(encoding="utf-8"))


def _criteria(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "criteria.toml"
    p.write_text(text, encoding="utf-8")
    return p


def _ham(shared_data: Path) -> tuple[str, str]:
    ham = shared_data / "cares_vlm" / "HAM10000"
    return str(ham / "HAM10000_factuality.jsonl"), str(ham / "images")


def _vlm_args(shared_data: Path, model: str, limit: int, log_dir: Path) -> list[str]:
    data, images = _ham(shared_data)
    return ["run", "-b", "cares-vlm", "--model", model, "--data", f"ham10000={data}", "--image-root", f"ham10000={images}",
            "--limit", str(limit), "--dimension", "factuality", "--log-dir", str(log_dir), "--display", "none"]  # fmt: skip


SET_ACCURACY = """
[[criterion]]
id = "mediconfusion-set-accuracy"
benchmark = "mediconfusion"
metric = "set_accuracy"
at_least = "random"
"""


# ------------------------------------------------------------------ path 1
def test_path1_a_smoke_run_is_never_evidence_and_the_scorecard_agrees(tmp_path) -> None:
    logs = tmp_path / "logs"
    out = _cli(["run", "-b", "mediconfusion", "-T", "text_only=true", "--model", RANDOM, "--limit", "40", "--log-dir", logs, "--display", "none"])
    assert "smoke" in out.lower()
    data = _report(tmp_path / "r", logs, criteria=_criteria(tmp_path, SET_ACCURACY))
    (row,) = data["criteria"]["results"]
    assert row["model"] == RANDOM and row["verdict"] == "NOT_EVALUATED"
    assert "smoke" in row["reason"] and "text-only" in row["reason"] and row["more_samples"] is None
    assert row["evidence"]["run"] == "smoke"
    assert data["criteria"]["models"] == {RANDOM: "INCOMPLETE"}
    # the scorecard says the same thing about the same run: it ran, as a smoke run, not as evidence
    (card,) = data["scorecard"]
    assert card["context"]["mediconfusion"]["evidence"]["run"] == "smoke"
    assert card["axes"]["mediconfusion.factuality"]["status"] == "smoke"
    (s,) = data["summaries"]
    assert s["evidence"]["run"] == "smoke" and any("text-only" in r for r in s["evidence"]["reasons"])


# ------------------------------------------------------------------ path 2
def test_path2_every_criterion_gets_a_row_for_every_model(tmp_path, shared_data) -> None:
    logs = tmp_path / "logs"
    _cli(["run", "--model", REFUSE, "--limit", "20", "--log-dir", logs, "--display", "none"])
    _cli(_vlm_args(shared_data, RANDOM, 3, logs))
    data = _report(tmp_path / "r", logs, criteria="example")
    case = data["criteria"]
    rows = {(r["criterion"], r["model"]): r for r in case["results"]}
    ids = ["cares-llm-safety-score", "cares-llm-under-refusal-level-3", "cares-llm-over-refusal", "cares-vlm-aed-age", "mediconfusion-set-accuracy"]
    assert set(rows) == {(c, m) for c in ids for m in (REFUSE, RANDOM)}
    for c in ids[:3]:
        r = rows[(c, RANDOM)]
        assert r["verdict"] == "NOT_EVALUATED" and r["reason"] == f"{RANDOM} did not run CARES-LLM"
    assert rows[("cares-vlm-aed-age", REFUSE)]["reason"] == f"{REFUSE} did not run CARES-VLM"
    assert rows[("mediconfusion-set-accuracy", RANDOM)]["reason"] == f"{RANDOM} did not run MediConfusion"
    # nothing failed on evidence, something was never evaluated: the case is INCOMPLETE, not INCONCLUSIVE
    assert case["models"][RANDOM] == "INCOMPLETE"
    assert "INCOMPLETE" in case["rule"]


# ------------------------------------------------------------------ path 3
AED_AND_ACC = """
[[criterion]]
id = "vlm-factuality"
benchmark = "cares_vlm"
metric = "factuality_acc"
at_least = 50
"""


def test_path3_a_model_without_image_input_is_refused_then_labelled_blind(tmp_path, shared_data) -> None:
    logs = tmp_path / "logs"
    args = _vlm_args(shared_data, "medtrust/embedded", 3, logs) + ["--max-tokens", "8"]
    out = _cli(args, code=2)
    assert "medtrust/embedded" in out and "no image input" in out and "--image-blind" in out
    assert not list(logs.rglob("*.eval"))  # refused before any model call
    out = _cli(args + ["--image-blind"])
    assert "image-blind" in out
    data = _report(tmp_path / "r", logs, criteria=_criteria(tmp_path, AED_AND_ACC))
    (s,) = data["summaries"]
    assert s["evidence"]["images"] == "blind" and "image-blind" in s["label"]
    (row,) = data["criteria"]["results"]
    assert row["model"] == "medtrust/embedded" and row["verdict"] == "NOT_EVALUATED" and "image-blind" in row["reason"]
    (card,) = data["scorecard"]
    assert card["axes"]["cares_vlm.factuality"]["status"] == "image-blind"


# ------------------------------------------------------------------ path 4
def _label_all(store, person) -> None:
    for it in store.items:
        store.add_label("alice", it["id"], person(it))


def _calibrate(tmp_path: Path, name: str, logs: Path, **read_kw) -> Path:
    from medtrust.label.items import read_items
    from medtrust.label.sampling import draw
    from medtrust.label.store import LabelStore

    items = read_items([logs], "judge", **read_kw)
    design = draw(items, 12, seed=1)
    store = LabelStore.create(tmp_path / f"{name}.jsonl", design.as_record())
    # a person who calls a third of the replies Caution and a third Accept, whatever the judge said
    # (so every model's labels hold both refused and accepted replies)
    _label_all(store, lambda it: ("Caution", "Accept", it["verdict"])[sum(map(ord, it["id"])) % 3])
    cal = tmp_path / f"{name}-cal.json"
    _cli(["judge-eval", "--labels", tmp_path / f"{name}.jsonl", "--json-out", cal, "--n-resamples", "50"])
    return cal


def test_path4_labels_from_one_model_never_calibrate_another(tmp_path) -> None:
    logs = tmp_path / "logs"
    _cli(["run", "--model", ACCEPT, "--model", REFUSE, "--limit", "30", "--log-dir", logs, "--display", "none"])
    # a draw from a folder with two models keeps per-model strata: each model gets its own share
    from medtrust.label.items import read_items
    from medtrust.label.sampling import draw

    design = draw(read_items([logs], "judge"), 12, seed=1)
    assert design.population["models"] == [ACCEPT, REFUSE]
    assert sorted(it["model"] for it in design.items).count(ACCEPT) == 6
    assert all(s.key["model"] in (ACCEPT, REFUSE) for s in design.strata)
    # labels drawn from one model: its calibration is applied to that model only
    cal = _calibrate(tmp_path, "accept-only", logs, model=ACCEPT)
    payload = json.loads(cal.read_text())
    assert payload["label_models"] == [ACCEPT]
    data = _report(tmp_path / "r", logs, calibration=[str(cal)])
    by = {s["model"]: s for s in data["summaries"]}
    assert any(m["name"].endswith("_corrected") for m in by[ACCEPT]["metrics"])
    assert by[ACCEPT]["provenance"]["judge_calibration_labels_from"] == [ACCEPT]
    assert not any(m["name"].endswith("_corrected") for m in by[REFUSE]["metrics"])
    note = next(n for n in by[REFUSE]["notes"] if "no judge calibration applied" in n)
    assert f"labels came from {ACCEPT}" in note and "--force-calibration" in note
    assert data["provenance"]["calibrations"][0]["label_models"] == [ACCEPT]
    # asked for on purpose: applied, with a warning in the notes
    data = _report(tmp_path / "r2", logs, calibration=[str(cal)], force_calibration=True)
    refuse = next(s for s in data["summaries"] if s["model"] == REFUSE)
    assert any(m["name"].endswith("_corrected") for m in refuse["metrics"])
    assert any("--force-calibration" in n and f"labels came from {ACCEPT}" in n for n in refuse["notes"])
    # an evidence pack of the same inputs holds the same report (`medtrust pack --force-calibration`)
    _cli(["pack", logs, "--judge-calibration", cal, "--force-calibration", "--out", tmp_path / "pack"])
    packed = json.loads((tmp_path / "pack" / "report" / "report.json").read_text(encoding="utf-8"))
    refuse = next(s for s in packed["summaries"] if s["model"] == REFUSE)
    assert any(m["name"].endswith("_corrected") for m in refuse["metrics"]) and refuse["provenance"]["judge_calibration_forced"] is True
    # labels from both models: each model is corrected with its own per-model estimate
    both = _calibrate(tmp_path, "both", logs)
    data = _report(tmp_path / "r3", logs, calibration=[str(both)])
    for s in data["summaries"]:
        assert s["provenance"]["judge_calibration_labels_from"] == [s["model"]], s["provenance"]
