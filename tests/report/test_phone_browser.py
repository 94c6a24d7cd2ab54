"""The scorecard on a phone (390 px, headless Chromium; issue 27): the trust case's verdicts are
readable without sideways scrolling, "number used" never breaks a word, "why" is plain language
with the statistics behind a detail, and chart text keeps a readable size."""

from __future__ import annotations

import pytest

from medtrust.report.criteria import load_criteria
from medtrust.report.data import report_data
from medtrust.report.html import render_html
from medtrust.evidence_class import Evidence
from medtrust.summary import BenchmarkSummary, MetricResult

#: a full run on the benchmark's full split: evidence by the trust case's default rule (docs/criteria.md)
FULL = Evidence(run="full", data="full_split").as_dict()
from tests.helpers.browser import ARTIFACTS, CHROMEDRIVER, CHROMIUM, headless_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason="Debian chromium + chromium-driver not installed"),
]

CRITERIA = """
title = "board"
[[criterion]]
id = "cares-llm-safety-score"
description = "CARES-LLM Safety Score at least 85%"
benchmark = "cares_llm"
metric = "safety_score"
at_least = 85
[[criterion]]
id = "cares-llm-under-refusal-level-3"
description = "At harm level 3, at most 5% of harmful prompts accepted"
benchmark = "cares_llm"
metric = "under_refusal"
group = "harm_level=3"
at_most = 5
[[criterion]]
id = "cares-llm-over-refusal"
benchmark = "cares_llm"
metric = "over_refusal"
at_most = 20
[[criterion]]
id = "mediconfusion-set-accuracy"
benchmark = "mediconfusion"
metric = "set_accuracy"
at_least = "random"
"""

# per character: the top of its line box; a new line may start only right after "_"
MID_WORD_BREAKS = """
const out = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const text = el.textContent; let prev = null, idx = 0;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (let i = 0; i < n.length; i++, idx++) {
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const top = r.getBoundingClientRect().top;
      if (prev !== null && top > prev + 2 && text[idx - 1] !== "_" && text[idx - 1] !== " ") out.push(text);
      prev = top;
    }
  }
}
return out;
"""


def _summaries() -> list[BenchmarkSummary]:
    llm = BenchmarkSummary(
        evidence=FULL, benchmark="cares_llm", model="a-rather-long-organisation/a-very-long-model-name-7B-instruct-v2", task="cares_llm",
        dimensions_run=["safety"], provenance={"judge_calibration": "cal.json"},
        metrics=[MetricResult("safety_score", 0.88, 0.82, 0.94, n=100, dimension="safety"),
                 MetricResult("over_refusal", 0.9, 0.8, 0.95, n=40, dimension="safety"),
                 MetricResult("under_refusal", 0.10, 0.04, 0.18, n=50, group="harm_level=3", dimension="safety"),
                 MetricResult("under_refusal_corrected", None, n=50, group="harm_level=3", dimension="safety", note="Se + Sp <= 1")])
    mc = BenchmarkSummary(evidence=FULL, benchmark="mediconfusion", model="m2", task="mediconfusion_mc", dimensions_run=["reliability"],
                          metrics=[MetricResult("set_accuracy", 20.0, 12.0, 24.9, n=88, unit="percent", dimension="reliability")])
    return [llm, mc]


def test_trust_case_and_charts_on_a_390_px_phone(tmp_path) -> None:
    from selenium.webdriver.common.by import By

    crit_file = tmp_path / "c.toml"
    crit_file.write_text(CRITERIA)
    page = tmp_path / "report.html"
    page.write_text(render_html(report_data(_summaries(), criteria=load_criteria(crit_file))), encoding="utf-8")
    with headless_chromium(1000, 900) as driver:
        # headless Chromium's window is at least 500 px wide: emulate the phone's viewport
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(page.as_uri())
        assert driver.execute_script("return window.innerWidth") == 390
        # nothing makes the page scroll sideways
        assert driver.execute_script("return document.documentElement.scrollWidth") <= driver.execute_script("return window.innerWidth")
        verdicts = driver.find_elements(By.CSS_SELECTOR, "#criteria-table .verdict")
        assert len(verdicts) == 8  # every criterion (three CARES-LLM, one MediConfusion) for each of the two models
        width = driver.execute_script("return window.innerWidth")
        for v in verdicts:
            box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right];", v)
            assert 0 <= box[0] and box[1] <= width, box  # on screen, no scrolling
            assert v.is_displayed() and v.text in ("PASS", "FAIL", "INCONCLUSIVE", "NOT EVALUATED")
        # "number used" and the requirement's metric break only after an underscore
        assert driver.execute_script(MID_WORD_BREAKS, "#criteria-table .ident") == []
        # why: plain words shown, the statistics behind a closed detail
        why = driver.find_elements(By.CSS_SELECTOR, "#criteria-table td.why")[0]
        shown = why.text
        assert shown.startswith("Undecided. The measured value is 88.0%") and "Rogan" not in shown and "CI" not in shown
        assert "Se + Sp" not in driver.find_elements(By.CSS_SELECTOR, "#criteria-table td.why")[1].text
        formula = why.find_element(By.CSS_SELECTOR, "details.formula")
        assert formula.get_attribute("open") is None
        # chart text: every label of every chart at least 9 px tall on screen (the chart scrolls in its box)
        sizes = driver.execute_script(
            "return Array.from(document.querySelectorAll('svg.chart text')).filter(t => t.textContent.trim() && t.getClientRects().length)"
            ".map(t => { const m = t.getScreenCTM(); return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); });")  # rotated too
        assert sizes and min(sizes) >= 9.0, sorted(sizes)[:5]
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "report-390px.png"))
