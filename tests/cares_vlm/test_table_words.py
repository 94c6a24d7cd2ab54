"""CARES-VLM's terminal table gives its reasons (issue 27): an n/a metric says why, and an
``*_official`` metric that differs from medtrust's reading of the same replies says why."""

from __future__ import annotations

import json

from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from medtrust.benchmarks.cares_vlm.benchmark import format_table, summarize
from medtrust.benchmarks.cares_vlm.explain import official_difference, row_note
from medtrust.summary import MetricResult


def test_real_run_bare_letters_and_a_too_small_age_group(shared_data, tmp_path) -> None:
    """Every reply is the letter "C" alone: medtrust reads it, the official multichoice rule
    (nearest option text) matches no option, so official accuracy is 0 beside the share of gold
    C answers. 12 HAM10000 rows have ages, but no age group reaches 10 answered samples, so
    aed_age is n/a."""
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    ham = shared_data / "cares_vlm" / "HAM10000"
    rows = [json.loads(x) for x in (ham / "HAM10000_factuality.jsonl").read_text().splitlines()[:12]]
    share_c = 100.0 * sum(r["fig_caption"].startswith("C:") for r in rows) / len(rows)
    assert 0 < share_c < 100

    def respond(messages):
        return "C"

    t = cares_vlm(dimension="factuality", data={"ham10000": str(ham / "HAM10000_factuality.jsonl")},
                  image_roots={"ham10000": str(ham / "images")}, limit_per_source=12)
    (log,) = inspect_eval(t, model=get_model("medtrust/scripted/vlm", memoize=False, respond=respond), log_dir=str(tmp_path),
                          display="none", max_connections=1)
    assert log.status == "success", log.error
    (summary,) = summarize([log])
    assert summary.metric("factuality_acc").value == share_c and summary.metric("factuality_acc_official").value == 0.0
    table = format_table(summary).splitlines()
    i = next(k for k, line in enumerate(table) if line.startswith("factuality_acc_official "))
    assert f"{-share_c:+.2f} points against factuality_acc" in table[i + 1] and "bare letter" in table[i + 1]
    j = next(k for k, line in enumerate(table) if line.startswith("aed_age "))
    assert " n/a " in table[j] and table[j + 1].strip().startswith("n/a: no source has two groups with enough answered samples")


def test_row_note_by_hand() -> None:
    ours = MetricResult("factuality_acc", 30.0, unit="percent")
    official = MetricResult("factuality_acc_official", 0.0, unit="percent")
    close = MetricResult("factuality_acc_official", 29.5, unit="percent")
    overall = {"factuality_acc": ours}
    assert row_note(official, overall).startswith("-30.00 points against factuality_acc: the official scripts' answer rules")
    assert row_note(close, overall) is None  # within a point: nothing to explain
    assert row_note(ours, overall) is None
    abst = MetricResult("jailbreak_abstention_official", 10.0, unit="percent")
    assert "eval_abs.py" in row_note(abst, {"jailbreak_abstention": MetricResult("jailbreak_abstention", 40.0, unit="percent")})
    assert row_note(MetricResult("aed_gender", None, unit="percent"), {}) == (
        "n/a: needs demographic fields (age, gender, race) and two groups with enough answered samples in one source")
    assert official_difference("privacy_zero_shot_abstention_official") is not None and official_difference("factuality_acc") is None
