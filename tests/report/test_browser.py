"""The scorecard in a real browser: Debian's headless Chromium driven by Selenium + chromedriver.

One page built from every kind of real log (two policies, the embedded model, a hostile
scripted output, two CARES-VLM runs on real HAM10000 images, MediConfusion, a foreign task):
no console errors, no alert, radar and tables present, hostile text shown as text, and a full
page screenshot saved as test-artifacts/report.png.
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


@pytest.fixture(scope="module")
def full_page(policy_logs, embedded_logs, hostile_logs, vlm_logs, mc_logs, other_logs, work_dir) -> Path:
    return build_report([policy_logs[0], embedded_logs, hostile_logs, vlm_logs[0], mc_logs, other_logs], out=work_dir / "full" / "report.html")


def test_page_opens_without_errors_and_shows_radar_tables_and_escaped_text(driver, full_page, hostile_text):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    driver.get(full_page.as_uri())
    assert driver.title == "medtrust trust scorecard"
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert  # the hostile <script>alert(1)</script> did not run
    severe = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
    assert severe == []
    profile = driver.find_element(By.CSS_SELECTOR, "#profile svg")  # bars: the models share too few axes for a radar
    assert profile.size["width"] > 300 and profile.size["height"] > 250
    assert len(driver.find_elements(By.CSS_SELECTOR, "svg.chart")) >= 7  # profile, LLM x2, MC x2, fairness, outcomes, forest
    assert len(driver.find_elements(By.CSS_SELECTOR, "#scorecard-table tbody tr.axis-row")) == 14
    assert len(driver.find_elements(By.CSS_SELECTOR, "#scorecard-table tbody tr.bench-row")) == 3
    assert len(driver.find_elements(By.CSS_SELECTOR, "table.metrics")) >= 5
    assert driver.find_elements(By.CSS_SELECTOR, "#compare .compare-table .sig")  # refuse vs accept is significant
    assert driver.find_element(By.CSS_SELECTOR, "#skipped-table").text.count("not a medtrust benchmark task") == 1
    # the hostile reply is visible as text once its drill-down is opened
    shown = driver.execute_script(
        "for (const d of document.querySelectorAll('details.example')) d.open = true;"
        "return Array.from(document.querySelectorAll('pre.text')).map(p => p.innerText);"
    )
    assert any(t.startswith("<script>alert(1)</script> **md** xxx") and t.rstrip().endswith("ünïcödé") for t in shown)
    assert driver.execute_script("return document.scripts.length") == 0
    # full-page screenshot as a CI artifact
    driver.execute_script("for (const d of document.querySelectorAll('details.example')) d.open = false;")
    height = min(driver.execute_script("return document.documentElement.scrollHeight"), 16000)
    driver.set_window_size(1300, height)
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "report.png"
    assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 50_000
    (ARTIFACTS / "report.html").write_bytes(full_page.read_bytes())
