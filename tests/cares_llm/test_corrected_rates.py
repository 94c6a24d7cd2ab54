"""Rogan-Gladen corrected rates in the CARES-LLM summary when a judge calibration is given."""

import json

import pytest
from click.testing import CliRunner

from medtrust.cli import main


def _calibration(tmp_path):
    # rows = gold (Accept, Caution, Refuse), columns = judge. Gold Accept 100: judge Accept 90,
    # Refuse 10 -> for "refused": tn 90, fp 10, Sp 0.9. Gold refused (Caution+Refuse) 100: judge
    # Accept 20 -> fn 20, tp 80, Se 0.8.
    cm = [[90, 0, 10], [10, 40, 0], [10, 0, 40]]
    path = tmp_path / "cal.json"
    # measured on the refuse policy's own responses: it applies to that model (medtrust.judges.scope)
    path.write_text(json.dumps({"judges": {"offline": {"reports": [{"group": "overall", "confusion": cm}]}}, "label_models": ["medtrust/policy/refuse"]}))
    return path


def test_refuse_policy_with_calibration(tmp_path):
    cal = _calibration(tmp_path)
    r = CliRunner().invoke(
        main,
        ["run", "--model", "medtrust/policy/refuse", "--full", "--judge-calibration", str(cal), "--log-dir", str(tmp_path / "logs"), "--display", "none"],
    )
    assert r.exit_code == 0, r.output
    s = json.loads(next((tmp_path / "logs").glob("*.summary.json")).read_text())
    m = {x["name"]: x for x in s["metrics"] if x["group"] is None}
    # every response judged Refuse: raw refused rate 1 -> (1 + 0.9 - 1) / (0.8 + 0.9 - 1) = 0.9/0.7 -> clipped to 1
    assert m["refused_rate_corrected"]["value"] == 1.0
    # under-refusal raw 0 (nothing accepted). "accepted" view: Se = 90/100, Sp = 80/100
    # -> (0 + 0.8 - 1) / (0.9 + 0.8 - 1) < 0 -> clipped to 0
    assert m["under_refusal_corrected"]["value"] == 0.0
    assert "Se=0.900, Sp=0.800" in m["under_refusal_corrected"]["note"]
    assert s["provenance"]["judge_calibration"] == "cal.json"


def test_caution_policy_correction_value(tmp_path):
    cal = _calibration(tmp_path)
    from medtrust.benchmarks.cares_llm.summary import summarize_log

    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/accept", "--full", "--log-dir", str(tmp_path / "l2"), "--display", "none"])
    assert r.exit_code == 0, r.output
    log = next((tmp_path / "l2").glob("*.eval"))
    s = summarize_log(log, calibration=str(cal))
    # accept policy: judged refused rate 0 -> (0 + 0.9 - 1) / 0.7 < 0 -> 0;
    # under-refusal raw 1 ("accepted" Se 0.9, Sp 0.8) -> (1 + 0.8 - 1) / 0.7 = 1.142... -> clipped 1
    assert s.metric("refused_rate_corrected").value == 0.0
    assert s.metric("under_refusal_corrected").value == pytest.approx(1.0)
    assert s.metric("under_refusal").value == 1.0


def test_unclipped_correction_matches_the_formula(tmp_path):
    from inspect_ai import eval as inspect_eval
    from inspect_ai.model import get_model

    from medtrust.benchmarks.cares_llm.summary import summarize_log
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.models.policy import ACCEPT_TEXT, REFUSE_TEXT

    cal = _calibration(tmp_path)
    # refuse exactly the prompts whose length is even: a fixed, known mix
    model = get_model("medtrust/scripted", memoize=False, respond=lambda m: REFUSE_TEXT if len(m[-1].text) % 2 == 0 else ACCEPT_TEXT)
    log = inspect_eval(cares_llm(judge="offline"), model=model, log_dir=str(tmp_path), display="none")[0]
    n_even = sum(len(s.input) % 2 == 0 for s in log.samples)
    p = n_even / 239
    s = summarize_log(log.location, calibration=str(cal))
    corrected = s.metric("refused_rate_corrected")
    assert 0.2 < p < 0.8  # a real mix
    assert corrected.value == pytest.approx((p + 0.9 - 1) / (0.8 + 0.9 - 1))
    assert corrected.ci_low < corrected.value < corrected.ci_high


def _perfect_ten(tmp_path):
    # judge-eval on 10 labels: 5 gold Accept, 5 gold Refuse, all judged right -> Se = Sp = 1 for
    # both views ("refused" and "accepted")
    path = tmp_path / "cal10.json"
    cm = [[5, 0, 0], [0, 0, 0], [0, 0, 5]]
    path.write_text(json.dumps({"judges": {"offline": {"reports": [{"group": "overall", "confusion": cm}]}}}))
    return path


@pytest.mark.parametrize("policy, metric, group, criterion", [
    ("accept", "under_refusal", "harm_level=3", "cares-llm-under-refusal-level-3"),
    ("refuse", "over_refusal", None, "cares-llm-over-refusal"),
])  # fmt: skip
def test_a_policy_that_always_fails_still_fails_with_a_perfect_ten_label_calibration(tmp_path, policy, metric, group, criterion):
    from medtrust.benchmarks.cares_llm.summary import summarize_log
    from medtrust.report.criteria import FAIL, check, load_criteria

    r = CliRunner().invoke(main, ["run", "--model", f"medtrust/policy/{policy}", "--full", "--log-dir", str(tmp_path / "l"), "--display", "none"])
    assert r.exit_code == 0, r.output
    log = next((tmp_path / "l").glob("*.eval"))
    plain = summarize_log(log)
    calibrated = summarize_log(log, calibration=str(_perfect_ten(tmp_path)))
    from inspect_ai.log import read_eval_log

    from medtrust.evidence_class import log_evidence

    # the summary stage's evidence class: a full run of a reference policy on the packaged rows (evidence by default)
    plain.evidence = calibrated.evidence = log_evidence(read_eval_log(str(log), header_only=True)).as_dict()
    assert plain.evidence["run"] == "full" and plain.evidence["data"] == "packaged_sample" and plain.evidence["qualifies"]
    raw, cor = calibrated.metric(metric, group), calibrated.metric(f"{metric}_corrected", group)
    # every harmful prompt accepted (accept) / every harmless one refused (refuse): raw 1.0; with
    # Se = Sp = 1 the corrected value is (1 + 1 - 1) / (1 + 1 - 1) = 1.0, and its CI exists, has
    # width and contains the raw interval (10 labels do not prove a perfect judge)
    assert raw.value == 1.0 and cor.value == 1.0
    assert cor.ci_low is not None and cor.ci_high == 1.0 and cor.ci_low <= raw.ci_low < 1.0
    crit = load_criteria("example")
    for summary, corrected in ((plain, False), (calibrated, True)):
        res = next(x for x in check(crit, [summary])["results"] if x["criterion"] == criterion)
        assert res["verdict"] == FAIL, res
        assert res["corrected"] is corrected
