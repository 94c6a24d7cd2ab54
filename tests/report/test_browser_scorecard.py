"""The scorecard page a board reads, in headless Chromium at 1,400 px and at phone width (390 px).

Two pages from real logs: the refuse and accept policies (CARES-LLM, all 239 rows) with the
refuse policy's CARES-VLM run (too few shared axes: bars instead of a radar), and the refuse
policy alone (a radar). Checked on the DOM: no horizontal overflow of the page (the top table
scrolls inside its own container), every chart legend clear of its plot and labels, one colour
per model on every chart and in the table, the refuse policy's "not meaningful" fairness and
flagged safety cells, paired differences that say which model is better. Screenshots are saved
to test-artifacts/ (and looked at by a person when the page changes).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from medtrust.report.build import build_report
from tests.helpers.browser import ARTIFACTS, CHROMEDRIVER, CHROMIUM

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason="Debian chromium + chromium-driver not installed"),
]

WIDTHS = (1400, 390)
REFUSE, ACCEPT = "medtrust/policy/refuse", "medtrust/policy/accept"


@pytest.fixture(scope="module")
def pages(policy_logs, refuse_vlm_logs, quick_refuse_logs, work_dir) -> dict[str, Path]:
    return {
        "two-models": build_report([policy_logs[0], refuse_vlm_logs], out=work_dir / "browser_two" / "report.html"),
        "refuse-only": build_report([quick_refuse_logs, refuse_vlm_logs], out=work_dir / "browser_refuse" / "report.html"),
    }


def _open(driver, page: Path, width: int, height: int = 1000) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})
    driver.get(page.as_uri())


def _shoot(driver, name: str) -> Path:
    height = min(driver.execute_script("return document.documentElement.scrollHeight"), 16000)
    width = driver.execute_script("return window.innerWidth")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / f"scorecard-{name}-{width}.png"
    assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 30_000
    return shot


#: every chart: [legend rect, axes rect, [tick/axis label rects]] in page pixels (matplotlib ids)
CHART_BOXES_JS = """
const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return Array.from(document.querySelectorAll('svg.chart')).map(svg => {
  const legend = svg.querySelector('g[id$="-legend_1"]');
  const axes = svg.querySelector('g[id$="-axes_1"] > g[id$="-patch_2"]') || svg.querySelector('g[id$="-patch_2"]');
  const labels = Array.from(svg.querySelectorAll('g[id$="-axes_1"] g[id^="f"][id*="text_"]')).map(box);
  return {title: svg.getAttribute('aria-label'), legend: legend ? box(legend) : null, axes: axes ? box(axes) : null, labels: labels,
          inside: legend ? svg.querySelector('g[id$="-axes_1"] g[id$="-legend_1"]') !== null : null};
});
"""


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["two-models", "refuse-only"])
def test_scorecard_page_reads_at_desktop_and_phone_width(driver, pages, name, width):
    from selenium.webdriver.common.by import By

    _open(driver, pages[name], width)
    assert driver.execute_script("return window.innerWidth") == width
    # no horizontal overflow of the page; the top table scrolls inside its own container if it must
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    scroller = driver.find_element(By.ID, "scorecard-scroll")
    assert scroller.rect["x"] >= 0 and scroller.rect["x"] + scroller.rect["width"] <= width
    assert driver.execute_script("return getComputedStyle(arguments[0]).overflowX", scroller) == "auto"
    severe = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert severe == []

    # every legend lies outside its plot area and clear of the tick and axis labels
    charts = driver.execute_script(CHART_BOXES_JS)
    with_legend = [c for c in charts if c["legend"]]
    assert with_legend  # profile, outcomes (and the multi-model bars)
    for c in with_legend:
        assert c["inside"] is False, c["title"]
        assert not _overlap(c["legend"], c["axes"]), c["title"]
        assert not any(_overlap(c["legend"], lab) for lab in c["labels"]), c["title"]

    # the refuse policy's cells: fairness not meaningful (never 100), safety values flagged by their pair
    status = {e.get_attribute("data-axis"): e for e in driver.find_elements(By.CSS_SELECTOR, "#scorecard-table tr.axis-row")}
    cells = {k: row.find_elements(By.CSS_SELECTOR, "td.cell") for k, row in status.items()}
    refuse_col = [th.text for th in driver.find_elements(By.CSS_SELECTOR, "#scorecard-table thead th.model-col")].index(REFUSE)
    fair = cells["cares_vlm.fairness"][refuse_col]
    assert fair.get_attribute("data-status") == "not meaningful" and fair.text.startswith("not meaningful") and "100" not in fair.text
    for key in ("cares_llm.safety", "cares_vlm.jailbreak", "cares_vlm.privacy"):
        assert cells[key][refuse_col].find_elements(By.CSS_SELECTOR, ".caveat"), key
    # 0 of n answered: Wilson's upper bound z^2 / (n + z^2) (3.8415 / 53.8415 = 7.1% for n = 50), never a zero-width interval
    text = cells["cares_llm.not_over_refusing"][refuse_col].text
    n = int(text.rsplit("n=", 1)[1])
    assert text == f"0.0 [0.0, {100 * 1.959964**2 / (n + 1.959964**2):.1f}] n={n}"
    assert driver.find_element(By.ID, "scorecard-legend").is_displayed()
    _shoot(driver, name)


def _rgb(css: str) -> tuple[int, ...]:
    """(r, g, b) of a CSS colour as the browser reports it (``rgb(...)`` or opaque ``rgba(...)``)."""
    return tuple(int(float(x)) for x in css[css.index("(") + 1 : css.index(")")].split(",")[:3])


def test_one_colour_per_model_on_every_chart_and_in_the_table(driver, pages):
    from selenium.webdriver.common.by import By

    _open(driver, pages["two-models"], 1400)
    swatches = {th.text: _rgb(th.find_element(By.CSS_SELECTOR, ".swatch").value_of_css_property("background-color"))
                for th in driver.find_elements(By.CSS_SELECTOR, "#scorecard-table thead th.model-col")}  # fmt: skip
    assert set(swatches) == {REFUSE, ACCEPT} and swatches[REFUSE] != swatches[ACCEPT]
    used = driver.execute_script("""
      const out = {};
      for (const fig of document.querySelectorAll('#profile svg, #charts-cares_llm svg')) {
        const colours = new Set();
        for (const e of fig.querySelectorAll('path, use')) { const cs = getComputedStyle(e);
          if (cs.fill && cs.fill !== 'none') colours.add(cs.fill); if (cs.stroke && cs.stroke !== 'none') colours.add(cs.stroke); }
        out[fig.getAttribute('aria-label')] = Array.from(colours);
      }
      return out;""")
    assert len(used) == 3  # the trust profile (bars here) and the two CARES-LLM charts
    for title, colours in used.items():
        rgbs = {_rgb(c) for c in colours}
        assert swatches[REFUSE] in rgbs and swatches[ACCEPT] in rgbs, title
    # the profile is bars: the accept policy has only the two CARES-LLM axes
    assert driver.find_elements(By.CSS_SELECTOR, "#profile.profile-bars #axis-bars svg")
    _open(driver, pages["refuse-only"], 1400)
    assert driver.find_elements(By.CSS_SELECTOR, "#profile.profile-radar #radar svg")


def test_paired_differences_say_which_model_is_better(driver, pages):
    from selenium.webdriver.common.by import By

    _open(driver, pages["two-models"], 1400)
    (cmp,) = driver.find_elements(By.CSS_SELECTOR, '#compare .comparison[data-benchmark="cares_llm"]')
    row = cmp.find_element(By.CSS_SELECTOR, '.compare-table tbody tr[data-metric="safety_score"][data-group="all"]')
    assert "higher = better" in row.text and "significant" in row.text
    better = row.find_element(By.CSS_SELECTOR, ".better").text
    assert better == f"{REFUSE} better"  # Safety Score 189/239 vs 50/239, same 239 prompts
    forest = driver.find_element(By.CSS_SELECTOR, "#compare svg.chart")
    texts = [t.text for t in forest.find_elements(By.CSS_SELECTOR, "text")]
    assert "← B better" in texts and "A better →" in texts
    a_is_refuse = f": {REFUSE} (A) vs" in cmp.find_element(By.TAG_NAME, "h3").text
    assert ("A better" if a_is_refuse else "B better") in texts
