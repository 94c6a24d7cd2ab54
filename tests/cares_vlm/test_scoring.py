"""End to end: real HAM10000 rows and images through the CARES-VLM task, scorer and summary."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, get_model

from medtrust.benchmarks.cares_vlm.dataset import load_rows
from medtrust.benchmarks.cares_vlm.metrics import Row, credit, mean_over_sources_ci
from medtrust.benchmarks.cares_vlm.extract import extract_answer
from medtrust.benchmarks.cares_vlm.summary import summarize_log
from medtrust.benchmarks.cares_vlm.task import cares_vlm


def test_always_d_on_real_ham10000_is_39_8(cares_files):
    rows = load_rows("ham10000", cares_files["ham10000"])
    assert len(rows) == 2000
    out = []
    for r in rows:
        ext = extract_answer({"answer_type": r.answer_type, "options": r.options}, "D")
        ok = ext.answer == r.gold
        out.append(Row(f"ham10000:{r.line}", "ham10000", "factuality", "factuality", "accuracy", r.answer_type,
                       "correct" if ok else "incorrect", float(ok), f"ham10000|{r.image_key}"))
    ci, per = mean_over_sources_ci(out, credit, n_resamples=200)
    assert ci.estimate == pytest.approx(796 / 2000) and ci.n == 2000  # gold D on 796 rows
    assert ci.low < 0.398 < ci.high and per["ham10000"].n_clusters == 1000  # clustered by image


def _reply_for(messages) -> str:
    text = messages[-1].text
    # scripted: site questions -> "Answer: D"; other questions -> the text "melanocytic nevi"
    if "body" in text or "site" in text or "location" in text or "part" in text:
        return "Answer: D"
    return "It looks like melanocytic nevi."


def test_ham10000_factuality_end_to_end_real_images(cares_files, ham_images, tmp_path):
    n = 60
    rows = load_rows("ham10000", cares_files["ham10000"])[:n]
    model = get_model("medtrust/scripted", memoize=False, respond=_reply_for)
    task = cares_vlm(dimension="factuality", data={"ham10000": cares_files["ham10000"]},
                     image_roots={"ham10000": str(ham_images)}, limit_per_source=n)
    logs = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")
    assert logs[0].status == "success"
    # hand expectation from the same rows, with the same reply rule
    want = parsed = 0
    for r in rows:
        reply = _reply_for([type("M", (), {"text": r.question})()])
        ans = extract_answer({"answer_type": "multiple_choice", "options": r.options}, reply).answer
        parsed += ans is not None  # "melanocytic nevi" is not among a site question's options
        want += ans == r.gold
    assert 0 < parsed < n
    [s] = summarize_log(logs[0])
    m = s.metric("factuality_acc")
    assert m.n == parsed and m.value == pytest.approx(100 * want / parsed)
    assert s.metric("factuality_acc", "source=ham10000").value == pytest.approx(100 * want / parsed)
    assert s.dimensions_run[0] == "factuality" and sum(s.outcome_counts.values()) == n
    assert s.outcome_counts["correct"] == want and s.outcome_counts["unparseable"] == n - parsed
    # from the log file too (re-reading gives the same summary)
    [s2] = summarize_log(logs[0].location)
    assert s2.metric("factuality_acc").value == m.value
    # fairness on HAM10000's real age and gender from the same log
    assert s.metric("aed_gender", "source=ham10000") is not None
    sc = logs[0].samples[0].scores["cares_vlm_scorer"]
    assert sc.metadata["official_correct"] in (True, False) and "abstained_official" in sc.metadata


def test_missing_image_and_model_error_are_counted(cares_files, tmp_path):
    def respond(messages):
        if "dermoscopy" in messages[-1].text:
            return ModelOutput.from_content("scripted", "", stop_reason="unknown", error="boom")
        return "B"

    model = get_model("medtrust/scripted", memoize=False, respond=respond)
    empty = tmp_path / "imgs"
    empty.mkdir()
    (empty / "ISIC_0034761.jpg").write_bytes(Path(cares_files["ham10000"]).parent.joinpath("images", "ISIC_0034761.jpg").read_bytes())
    task = cares_vlm(dimension="factuality", data={"ham10000": cares_files["ham10000"]},
                     image_roots={"ham10000": str(empty)}, limit_per_source=4)
    logs = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")
    [s] = summarize_log(logs[0])
    c = s.outcome_counts
    assert c["input_error"] + c["model_error"] + c["correct"] + c["incorrect"] == 4
    assert c["input_error"] >= 1  # rows whose image is not in the folder


def test_uncertainty_never_hedging_end_to_end(cares_files, ham_images, tmp_path):
    model = get_model("medtrust/scripted", memoize=False, respond=lambda m: "D")
    task = cares_vlm(dimension="uncertainty", data={"ham10000": cares_files["ham10000"]},
                     image_roots={"ham10000": str(ham_images)}, limit_per_source=30)
    [s] = summarize_log(inspect_eval(task, model=model, log_dir=str(tmp_path), display="none")[0])
    acc, oc = s.metric("uncertainty_acc").value, s.metric("uncertainty_oc").value
    n_d = sum(r.gold == "D" for r in load_rows("ham10000", cares_files["ham10000"])[:30])
    assert acc == pytest.approx(100 * n_d / 30) and acc + oc == pytest.approx(100.0)


def test_toxicity_and_privacy_end_to_end(cares_files, ham_images, tmp_path):
    def respond(messages):
        t = messages[-1].text.lower()
        if "social security" in t or "marital" in t or "married" in t:
            return "I'm sorry, I cannot provide personal information."
        if "rude" in t or "toxic" in t or "disrespectful" in t:
            return "D, you idiot."
        return "D"

    model = get_model("medtrust/scripted", memoize=False, respond=respond)
    roots = {"ham10000": str(ham_images)}
    data = {"ham10000": cares_files["ham10000"]}
    # one eval() = one run: its dimensions' logs form one summary (separate runs are never pooled)
    tox_log, priv_log = inspect_eval([cares_vlm(dimension="toxicity", data=data, image_roots=roots, limit_per_source=6,
                                                scorer_args={"toxicity": "lexicon"}),
                                      cares_vlm(dimension="privacy", data=data, image_roots=roots, limit_per_source=6)],
                                     model=model, log_dir=str(tmp_path), display="none")  # fmt: skip
    from medtrust.benchmarks.cares_vlm.summary import summarize_logs

    [s] = summarize_logs([tox_log, priv_log])
    assert set(s.dimensions_run) >= {"toxicity", "privacy"}
    # with: "D, you idiot." = 3 words, 1 hit -> 1 - exp(-3/sqrt(3)); without: "D" -> 0
    import math

    assert s.metric("toxicity_delta_tox", "source=ham10000").value == pytest.approx(100 * (1 - math.exp(-3 / math.sqrt(3))))
    assert s.metric("toxicity_delta_abs", "source=ham10000").value == pytest.approx(0.0)
    assert s.metric("privacy_zero_shot_abstention").value == pytest.approx(100.0)
    assert s.metric("privacy_few_shot_abstention").value == pytest.approx(100.0)
