"""The labelling page in a real browser: Debian's headless Chromium driven by Selenium.

Label by keyboard and by click, undo, a note, resume after a server restart, two labellers,
hostile model output shown as text, the page refused without the token, and screenshots at
desktop and phone width (test-artifacts/label-*.png).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medtrust.label.items import read_items
from medtrust.label.sampling import draw
from medtrust.label.server import LabelServer
from medtrust.label.store import LabelStore, labeller_agreement

from .conftest import HOSTILE

from tests.helpers.browser import ARTIFACTS, CHROMEDRIVER, CHROMIUM, headless_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason="Debian chromium + chromium-driver not installed"),
]


@pytest.fixture(scope="module")
def driver():
    with headless_chromium(1400) as drv:
        yield drv


def _wait(driver, cond, timeout: float = 20):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout).until(lambda d: cond(d))


def _text(driver, css: str) -> str:
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", css)


def _progress(driver) -> str:
    return _text(driver, "#progress-text") or ""


def _press(driver, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def _events(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()[1:]]


@pytest.fixture(scope="module")
def sample_file(llm_log, label_dir) -> Path:
    out = label_dir / "browser-labels.jsonl"
    LabelStore.create(out, draw(read_items([llm_log], "judge"), 12, seed=1).as_record())
    return out


def _serve(path: Path, **kw) -> LabelServer:
    return LabelServer(LabelStore.open(path), labeller="alice", **kw).start()


def test_label_by_key_and_click_undo_note_and_reveal(driver, sample_file) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    srv = _serve(sample_file)
    driver.get_log("browser")
    try:
        items = srv.store.items
        driver.get(srv.url)
        _wait(driver, lambda d: _text(d, "#prompt") == items[0]["prompt"])
        assert _progress(driver) == "0 / 12 labelled" and _text(driver, "#response") == items[0]["response"]
        # no anchoring: before labelling, the page holds no verdict at all
        assert driver.find_element(By.ID, "last").is_displayed() is False
        shown = driver.execute_script("return document.body.innerText")
        assert "offline" not in shown and "the run's judge" not in shown
        _press(driver, "3")  # Refuse
        _wait(driver, lambda d: _progress(d) == "1 / 12 labelled")
        assert _text(driver, "#prompt") == items[1]["prompt"]
        assert driver.find_element(By.ID, "last").is_displayed()
        shown = _text(driver, "#verdicts")
        assert f"offline (the run's judge): {items[0]['verdicts']['offline']}" in shown
        driver.find_element(By.ID, "choice-Caution").click()
        _wait(driver, lambda d: _progress(d) == "2 / 12 labelled")
        _press(driver, "u")  # undo: back to item 2
        _wait(driver, lambda d: _progress(d) == "1 / 12 labelled" and _text(d, "#prompt") == items[1]["prompt"])
        # keys typed in the note are text, not labels; Esc leaves the note, then A = Accept
        note = driver.find_element(By.ID, "note")
        note.click()
        note.send_keys("1 says it all; <b>not bold</b>")
        assert _progress(driver) == "1 / 12 labelled"
        note.send_keys(Keys.ESCAPE)
        _press(driver, "a")
        _wait(driver, lambda d: _progress(d) == "2 / 12 labelled")
        ev = _events(sample_file)
        assert [(e["record"], e["item"], e.get("label")) for e in ev] == [
            ("label", items[0]["id"], "Refuse"), ("label", items[1]["id"], "Caution"), ("undo", items[1]["id"], None),
            ("label", items[1]["id"], "Accept")]
        assert ev[-1]["note"] == "1 says it all; <b>not bold</b>" and {e["labeller"] for e in ev} == {"alice"}
        assert "(note: 1 says it all; <b>not bold</b>)" in _text(driver, "#last-line")  # the note is echoed as text
        assert driver.execute_script("return document.querySelectorAll('#last b').length") == 0
        assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
    finally:
        srv.stop()


def test_resume_after_a_restart_and_the_old_token_is_refused(driver, sample_file) -> None:
    from selenium.webdriver.common.by import By

    done = LabelStore.open(sample_file).progress("alice")["done"]
    assert done >= 2
    first = _serve(sample_file)
    old_url = first.url
    first.stop()  # the server dies; the tab is gone
    srv = _serve(sample_file)
    try:
        assert srv.token not in old_url
        driver.get(srv.url)
        items = srv.store.items
        _wait(driver, lambda d: _progress(d) == f"{done} / 12 labelled")
        assert _text(driver, "#prompt") == items[done]["prompt"]
        _press(driver, "2")
        _wait(driver, lambda d: _progress(d) == f"{done + 1} / 12 labelled")
        # without the token, or with the old one: 403 and no model text
        for url in (srv.url.split("?")[0], old_url.replace(str(first.port), str(srv.port))):
            driver.get(url)
            body = driver.find_element(By.TAG_NAME, "body").text
            assert "Forbidden" in body and items[0]["response"][:20] not in body and not driver.find_elements(By.ID, "prompt")
    finally:
        srv.stop()


def test_two_labellers_on_one_sample(driver, sample_file) -> None:
    srv = _serve(sample_file)
    try:
        items = srv.store.items
        driver.get(srv.url_for("bob"))
        _wait(driver, lambda d: _text(d, "#labeller") == "bob" and _progress(d) == "0 / 12 labelled")
        assert _text(driver, "#prompt") == items[0]["prompt"]
        for key, n in (("3", 1), ("1", 2), ("2", 3)):
            _press(driver, key)
            _wait(driver, lambda d, n=n: _progress(d) == f"{n} / 12 labelled")
        ag = labeller_agreement(LabelStore.open(sample_file))
        pair = ag["pairs"][0]
        assert (pair["a"], pair["b"]) == ("alice", "bob") and pair["n"] == 3
        cur_a, cur_b = (LabelStore.open(sample_file).current(n) for n in ("alice", "bob"))
        assert pair["agreement"] == pytest.approx(sum(cur_a[k].label == cur_b[k].label for k in cur_b) / 3)
    finally:
        srv.stop()


def test_hostile_model_output_is_shown_as_text(driver, llm_log, label_dir) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    its = read_items([llm_log], "judge")
    its.items = [x for x in its.items if x.response == HOSTILE]
    assert its.items, "the fixture's scripted model answers some prompts with hostile HTML"
    # other routes into the page: a prompt and a reference with other hostile wordings
    its.items[0].prompt = '"><svg/onload=alert(3)>' + its.items[0].prompt
    its.items[0].reference = "</pre><iframe src=javascript:alert(4)></iframe>{{7*7}}"
    path = label_dir / "hostile.jsonl"
    store = LabelStore.create(path, draw(its, 3, seed=0).as_record())
    n = len(store.items)
    srv = LabelServer(store, labeller="alice").start()
    driver.get_log("browser")  # drop what earlier tests left (their deliberate 403s)
    try:
        driver.get(srv.url)
        _wait(driver, lambda d: _text(d, "#response") == HOSTILE)
        first = store.items[0]
        assert _text(driver, "#prompt") == first["prompt"] and _text(driver, "#reference") == (first["reference"] or "")
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert
        assert driver.execute_script("return document.querySelectorAll('svg, iframe, #reference *, #prompt *').length") == 0
        assert driver.execute_script("return document.scripts.length") == 1  # only the page's own label.js
        assert driver.execute_script("return document.querySelectorAll('img').length") == 1  # only the (hidden) image slot
        assert driver.execute_script("return document.querySelectorAll('#response *').length") == 0
        assert len(driver.find_elements(By.TAG_NAME, "textarea")) == 1
        for k in range(n):  # label every item: the done page shows
            _press(driver, "3")
            _wait(driver, lambda d, k=k: _progress(d) == f"{k + 1} / {n} labelled")
        _wait(driver, lambda d: d.find_element(By.ID, "done").is_displayed())
        assert _text(driver, "#done h2") == "All items labelled"
        assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
    finally:
        srv.stop()


def test_screenshots_at_desktop_and_phone_width(driver, vlm_log, label_dir) -> None:
    from selenium.webdriver.common.by import By

    log, images = vlm_log
    path = label_dir / "vlm-labels.jsonl"
    its = read_items([log], "judge")
    assert its.image_roots == [str(images.resolve())]
    store = LabelStore.create(path, draw(its, 6, seed=0).as_record())
    srv = LabelServer(store, labeller="alice", image_roots=its.image_roots).start()
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        driver.set_window_size(1400, 1000)
        driver.get(srv.url)
        _wait(driver, lambda d: d.execute_script("const i = document.getElementById('image'); return i.complete && i.naturalWidth > 0"))
        assert driver.find_element(By.ID, "figure").is_displayed() and not driver.find_element(By.ID, "no-image").is_displayed()
        _press(driver, "1")
        _wait(driver, lambda d: _progress(d) == "1 / 6 labelled")
        shot = ARTIFACTS / "label-desktop.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 20_000
        driver.set_window_size(390, 844)
        driver.refresh()
        _wait(driver, lambda d: _progress(d) == "1 / 6 labelled")
        # no sideways scrolling on a phone: the two columns stack
        assert driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth + 1")
        shot = ARTIFACTS / "label-phone.png"
        assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    finally:
        driver.set_window_size(1400, 1000)
        srv.stop()
