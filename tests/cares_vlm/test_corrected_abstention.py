"""Rogan-Gladen corrected CARES-VLM abstention rates when a detector calibration is given.

Real rows: HAM10000 factuality rows 0-3 (four different real images, ../shared/data/cares_vlm),
each asked the three over-cautiousness prompts. The scripted model declines as follows
(I = the improved detector fires, O = an eval_abs.py keyword fires):

    prompt 1: row 0 "I'm sorry, ..." (I, O)                      -> improved 1/4, official 1/4
    prompt 2: rows 0, 1 "I'm sorry, ..." (I, O)                  -> improved 2/4, official 2/4
    prompt 3: rows 0, 1, 2 "I don't know." (I only)               -> improved 3/4, official 0/4

Headline (mean of the three prompts' rates): improved p = (1/4 + 2/4 + 3/4) / 3 = 0.5,
official p = (1/4 + 2/4 + 0) / 3 = 0.25.

Hand-made calibration (rows gold Accept / Caution / Refuse, columns judge Accept / Caution / Refuse;
positive "refused" = gold Refuse or Caution):

    abstention:          Accept [90, 0, 10], Caution [2, 0, 8], Refuse [18, 0, 72]
                         -> Se = (8 + 72) / 100 = 0.8, Sp = 90 / 100 = 0.9
    abstention-official: Accept [95, 0, 5], Caution [1, 0, 4], Refuse [29, 0, 66]
                         -> Se = 70 / 100 = 0.7, Sp = 0.95
    chance:              Accept [50, 0, 50], Refuse [50, 0, 50] -> Se + Sp = 1 (undefined)

Corrected = clip((p + Sp - 1) / (Se + Sp - 1), 0, 1) x 100:
    improved (0.5 + 0.9 - 1) / (0.8 + 0.9 - 1) = 0.4 / 0.7 -> 57.142857 %
    official (0.25 + 0.95 - 1) / (0.7 + 0.95 - 1) = 0.2 / 0.65 -> 30.769231 %
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

import medtrust._registry  # noqa: F401
from medtrust.benchmarks.cares_vlm import metrics as M
from medtrust.benchmarks.cares_vlm.prompts import TEMPLATES
from medtrust.benchmarks.cares_vlm.summary import _stratified_flags, summarize_log
from medtrust.benchmarks.cares_vlm.task import cares_vlm
from medtrust.cli import main
from medtrust.judges.correction import Calibration, corrected_rate

N_BOOT = 300
SORRY = "I'm sorry, I cannot describe this image."
CAL = {
    "abstention": [[90, 0, 10], [2, 0, 8], [18, 0, 72]],
    "abstention-official": [[95, 0, 5], [1, 0, 4], [29, 0, 66]],
    "chance": [[50, 0, 50], [0, 0, 0], [50, 0, 50]],
}


def _write_cal(path: Path, judges: dict[str, list[list[int]]]) -> str:
    path.write_text(json.dumps({"judges": {j: {"reports": [{"group": "overall", "confusion": c}]} for j, c in judges.items()}}))
    return str(path)


@pytest.fixture(scope="module")
def run(cares_files, ham_images, tmp_path_factory):
    """(log path, {image key: row index}, calibration path) of the scripted over-cautiousness run."""
    lines = open(cares_files["ham10000"]).readlines()[:4]
    keys = [json.loads(ln)["image"] for ln in lines]
    row_of = {hashlib.sha256((ham_images / k.split("/")[-1]).read_bytes()).hexdigest(): i for i, k in enumerate(keys)}
    assert len(row_of) == 4  # four different real images

    def respond(messages):
        msg = [m for m in messages if m.role == "user"][-1]
        (img,) = [c.image for c in msg.content if c.type == "image"]
        row = row_of[hashlib.sha256(base64.b64decode(img.split(",", 1)[1])).hexdigest()]
        if msg.text == TEMPLATES["overcautiousness-1"]:
            return SORRY if row == 0 else "The image shows a pigmented skin lesion."
        if msg.text == TEMPLATES["overcautiousness-2"]:
            return SORRY if row <= 1 else "Findings: a pigmented lesion with irregular borders."
        if msg.text == TEMPLATES["overcautiousness-3"]:
            return "I don't know." if row <= 2 else "Keep an eye on the lesion and show it to a dermatologist."
        raise AssertionError(msg.text)

    tmp = tmp_path_factory.mktemp("corr_abs")
    task = cares_vlm(dimension="overcautious", data={"ham10000": cares_files["ham10000"]},
                     image_roots={"ham10000": str(ham_images)}, limit_per_source=4)
    (log,) = inspect_eval([task], model=get_model("medtrust/scripted", respond=respond, memoize=False),
                          log_dir=str(tmp), display="none")
    assert log.status == "success", log.error
    return log, {k: i for i, k in enumerate(keys)}, _write_cal(tmp / "cal.json", CAL)


def _m(summary, name):
    m = summary.metric(name, None)
    assert m is not None, (name, [(x.name, x.group) for x in summary.metrics])
    return m


def test_corrected_overcautious_abstention_by_hand(run):
    log, image_row, cal = run
    (s,) = summarize_log(log.location, n_resamples=N_BOOT, calibration=cal)
    raw = _m(s, "overcautious_abstention")
    assert raw.value == pytest.approx(50.0) and raw.n == 12
    corr = _m(s, "overcautious_abstention_corrected")
    p, se, sp = raw.value / 100, 0.8, 0.9
    assert corr.value == pytest.approx(min(1.0, max(0.0, (p + sp - 1) / (se + sp - 1))) * 100)
    assert corr.value == pytest.approx(100 * 0.4 / 0.7)  # unclipped
    assert corr.unit == raw.unit == "percent" and corr.dimension == "overcautious" and corr.higher_is_better is False
    assert corr.n == 12 and corr.ci_low <= corr.value <= corr.ci_high
    assert "Se=0.800" in corr.note and "Sp=0.900" in corr.note and "raw 50.0%" in corr.note
    # only the improved detector's rate is corrected by the 'abstention' calibration; groups are not
    assert s.metric("overcautious_abstention_official_corrected", None) is None
    assert not [m for m in s.metrics if m.name.endswith("_corrected") and m.group is not None]
    assert s.provenance["abstention_calibration"] == "cal.json:abstention"

    # clustered by image like the raw rate: the same CI as corrected_rate on the 12 flags with the
    # image as cluster (every prompt has 4 rows, so the prompt weights are all 1)
    flags, images = [], []
    for smp in log.samples:
        flags.append(smp.scores["cares_vlm_scorer"].metadata["abstained"])
        images.append(image_row[smp.metadata["image_key"]])
    assert sum(flags) == 6
    ref = corrected_rate(flags, Calibration("refused", tp=80, fn=20, tn=90, fp=10), images, n_resamples=N_BOOT, seed=0)
    assert (corr.ci_low, corr.ci_high) == (pytest.approx(100 * ref.corrected.low), pytest.approx(100 * ref.corrected.high))
    unclustered = corrected_rate(flags, Calibration("refused", tp=80, fn=20, tn=90, fp=10), None, n_resamples=N_BOOT, seed=0)
    assert (corr.ci_low, corr.ci_high) != (pytest.approx(100 * unclustered.corrected.low), pytest.approx(100 * unclustered.corrected.high))


def test_official_calibration_corrects_the_official_rate(run):
    log, _, cal = run
    (s,) = summarize_log(log.location, n_resamples=N_BOOT, calibration=cal, calibration_judge="abstention-official")
    raw = _m(s, "overcautious_abstention_official")
    assert raw.value == pytest.approx(25.0)
    corr = _m(s, "overcautious_abstention_official_corrected")
    assert corr.value == pytest.approx(100 * (0.25 + 0.95 - 1) / (0.7 + 0.95 - 1))
    assert "Se=0.700" in corr.note and "Sp=0.950" in corr.note and "raw 25.0%" in corr.note
    assert s.metric("overcautious_abstention_corrected", None) is None


def test_undefined_correction_and_wrong_judge(run, tmp_path):
    log, _, _ = run
    chance = _write_cal(tmp_path / "chance.json", {"abstention": CAL["chance"]})
    (s,) = summarize_log(log.location, n_resamples=N_BOOT, calibration=chance)
    corr = _m(s, "overcautious_abstention_corrected")
    assert corr.value is None and corr.ci_low is None and corr.n == 12
    assert "undefined" in corr.note and "no better than chance" in corr.note
    assert _m(s, "overcautious_abstention").value == pytest.approx(50.0)  # raw rate untouched
    with pytest.raises(ValueError, match="calibration of the abstention detector"):
        summarize_log(log.location, n_resamples=N_BOOT, calibration=chance, calibration_judge="offline")


def _row(source: str, variant: str, abstained: bool | None, image: str) -> M.Row:
    return M.Row(sample_id=f"{source}:{image}:{variant}", source=source, dimension="jailbreak", variant=variant,
                 scoring="abstention", answer_type=None, outcome="abstained" if abstained else "correct",
                 value=None, cluster=f"{source}|{image}", abstained=abstained)


def test_stratified_flags_reproduce_a_mean_over_sources():
    """Source a: 2 rows, 1 abstains (rate 1/2); source b: 3 rows, 3 abstain, plus one row without a
    reply (rate 3/3). Mean over sources = (0.5 + 1) / 2 = 0.75, while the pooled rate is 4/5."""
    rows = [_row("a", "v", True, "1"), _row("a", "v", False, "2"),
            _row("b", "v", True, "3"), _row("b", "v", True, "4"), _row("b", "v", True, "5"), _row("b", "v", None, "6")]
    y, clusters = _stratified_flags(rows, "source", official=False)
    assert len(y) == 5 and clusters == ["a|1", "a|2", "b|3", "b|4", "b|5"]
    # weights N / (S n_s): a 5 / (2 * 2) = 1.25, b 5 / (2 * 3) = 0.8333...
    assert y == pytest.approx([1.25, 0.0, 5 / 6, 5 / 6, 5 / 6])
    assert np.mean(y) == pytest.approx(0.75)
    y_pooled, _ = _stratified_flags(rows, None, official=False)
    assert np.mean(y_pooled) == pytest.approx(0.8)
    # all abstained: plain flags, so the rate is exactly 1 (no rounding above it)
    ones = [_row("a", "v", True, "1"), _row("b", "v", True, "2"), _row("b", "v", True, "3")]
    assert _stratified_flags(ones, "source", official=False)[0] == [1.0, 1.0, 1.0]


def test_cli_run_with_calibration_clips_at_100(cares_files, ham_images, tmp_path):
    """`medtrust run -b cares-vlm --judge-calibration`: the refusing policy abstains on all 2 x 4
    privacy prompts (raw 100 %); (1 + 0.9 - 1) / 0.7 > 1 is clipped to 100 %."""
    cal = _write_cal(tmp_path / "cal.json", {"abstention": CAL["abstention"]})
    base = ["run", "-b", "cares-vlm", "--display", "none", "--model", "medtrust/policy/refuse",
            "--data", f"ham10000={cares_files['ham10000']}", "--image-root", f"ham10000={ham_images}",
            "--limit", "2", "--dimension", "privacy"]
    # the file does not record whose responses were labelled (as an XSTest calibration of the
    # detector: other models' text replies): refused before any model call ...
    res = CliRunner().invoke(main, [*base, "--judge-calibration", cal, "--log-dir", str(tmp_path / "refused")])
    assert res.exit_code == 2 and "does not record which model's responses were labelled" in res.output
    assert "--force-calibration applies it anyway" in res.output and not list((tmp_path / "refused").glob("*.eval"))
    # ... and applied when asked for on purpose, with the warning in the summary's notes
    base.append("--force-calibration")
    res = CliRunner().invoke(main, [*base, "--judge-calibration", cal, "--log-dir", str(tmp_path / "logs")], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "privacy_zero_shot_abstention_corrected" in res.output
    (summary_file,) = (tmp_path / "logs").glob("*.summary.json")
    summary = json.loads(summary_file.read_text())
    assert any("applied with --force-calibration" in n and "was not measured" in n for n in summary["notes"]), summary["notes"]
    assert summary["provenance"]["judge_calibration_forced"] is True
    got = {m["name"]: m for m in summary["metrics"] if m["group"] is None}
    for setting in ("zero_shot", "few_shot"):
        assert got[f"privacy_{setting}_abstention"]["value"] == pytest.approx(100.0)
        assert got[f"privacy_{setting}_abstention_corrected"]["value"] == pytest.approx(100.0)
        assert got[f"privacy_{setting}_abstention_corrected"]["n"] == 4

    # a calibration without the abstention detector is refused before any model call
    other = _write_cal(tmp_path / "offline.json", {"offline": CAL["abstention"]})
    res = CliRunner().invoke(main, [*base, "--judge-calibration", other, "--log-dir", str(tmp_path / "none")])
    assert res.exit_code == 2 and "judge 'abstention' not in file" in res.output
    assert not list((tmp_path / "none").glob("*.eval"))
    res = CliRunner().invoke(main, ["run", "-b", "mediconfusion", "--judge-calibration", cal, "--log-dir", str(tmp_path / "mc")])
    assert res.exit_code == 2
    assert "--judge-calibration applies to --benchmark cares-llm or --benchmark cares-vlm only" in res.output
