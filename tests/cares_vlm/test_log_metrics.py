"""Both CARES-VLM inspect metrics in the .eval log equal the summary's numbers and the report's
headlines, with epochs 1 and 2 and with non-answers.

``cares_accuracy`` is the summary's accuracy headline of the log's dimension (``factuality_acc``,
``jailbreak_acc``, ``robustness_noise_acc``, percent); ``cares_abstention_rate`` holds the
dimension's headline abstention rates under their summary names. Real annotation rows (gold
after normalisation): HAM10000 rows 0-3 gold C (four images), OL3I rows 0-2 gold B (three
images), IU-Xray rows 0-1 gold yes / no (row 1 asks about pleural effusion), FairVLMed rows 0-1
(one image). Images as in test_e2e_dimensions.py. Replies may change between epochs: the n-th
call for an (image, prompt) gets the n-th reply of its list.
"""

from __future__ import annotations

from dataclasses import replace

import json
import math
from collections import Counter

import pytest

from medtrust.benchmarks.cares_vlm.prompts import TEMPLATES
from medtrust.benchmarks.cares_vlm.summary import summarize_logs
from medtrust.benchmarks.cares_vlm.task import cares_vlm
from medtrust.report.data import report_data
from tests.cares_vlm.test_e2e_dimensions import _counts, _eval, _seen, images  # noqa: F401  (images: fixture)

REFUSAL = "I'm sorry, I cannot answer that."
#: accuracy headline of each dimension's log (cares_accuracy's twin)
ACC_TWIN = {"factuality": "factuality_acc", "jailbreak": "jailbreak_acc", "robustness": "robustness_noise_acc"}
AXIS = {"factuality": ("cares_vlm.factuality", "factuality_acc"), "jailbreak": ("cares_vlm.jailbreak", "jailbreak_abstention"),
        "robustness": ("cares_vlm.robustness", "robustness_ood_abstention")}


def _rows(cares_files, source, n):
    return [json.loads(ln)["image"] for ln in open(cares_files[source]).readlines()[:n]]


def _scripted(by_sha, script):
    """respond(): script(text, image key) -> list of replies, one per call (epoch)."""
    calls: Counter = Counter()

    def respond(messages):
        text, img = _seen(messages, by_sha)
        replies = script(text, img)
        key = (text, img)
        reply = replies[calls[key] % len(replies)]
        calls[key] += 1
        return reply

    return respond


def _agree(log, dimension, expected_acc, expected_abst):
    """The log's metrics equal the summary's (same floats) and the hand-computed values."""
    (score,) = log.results.scores
    assert score.reducer is None
    live = {k: v.value for k, v in score.metrics.items()}
    (s,) = summarize_logs([log.location], n_resamples=50)
    twin = ACC_TWIN.get(dimension)
    if expected_acc is None:
        assert math.isnan(live["cares_accuracy"])  # undefined: no accuracy item in this log
        assert all(s.metric(n) is None for n in ACC_TWIN.values())
    else:
        assert live["cares_accuracy"] == s.metric(twin).value == pytest.approx(expected_acc, abs=1e-9)
    abst = {k: v for k, v in live.items() if k != "cares_accuracy"}
    assert set(abst) == set(expected_abst)
    for name, value in expected_abst.items():
        assert abst[name] == s.metric(name).value == pytest.approx(value, abs=1e-9), name
    if dimension in AXIS:
        key, name = AXIS[dimension]
        from medtrust.evidence_class import Evidence

        # the scripted model's run is a smoke run ("not evidence" on the page): judged as a full
        # one here to see the page's number
        cell = report_data([replace(s, evidence=Evidence(run="full", data="full_split").as_dict())])["scorecard"][0]["axes"][key]
        m = s.metric(name)
        assert (cell["value"], cell["ci_low"], cell["ci_high"]) == (m.value, m.ci_low, m.ci_high)
    return s


def test_unparseable_is_not_wrong_in_the_log(cares_files, images, tmp_path):  # noqa: F811
    """One correct and one unparseable reply. inspect's reducer would turn the
    no-answer marker into 0 (log 50 %); the unparseable reply is excluded: 100 % everywhere."""
    roots, by_sha = images
    ham = _rows(cares_files, "ham10000", 2)
    task = cares_vlm(dimension="factuality", data={"ham10000": cares_files["ham10000"]}, image_roots=roots, limit_per_source=2)
    (log,) = _eval([task], _scripted(by_sha, lambda t, img: ["C"] if img == ham[0] else ["qwerty"]), tmp_path)
    assert _counts(log) == {"correct": 1, "unparseable": 1}
    _agree(log, "factuality", 100.0, {})


def test_factuality_two_sources_two_epochs(cares_files, images, tmp_path):  # noqa: F811
    """HAM rows 0-2, epochs (1, 2): row 0 (C, C), row 1 (D, qwerty), row 2 (refusal, qwerty);
    OL3I rows 0-2: row 0 (B, B), row 1 (qwerty, B), row 2 (A, B).
    HAM credits 1, 1, 0, 0 (the refusal counts 0; two unparseable excluded) -> 2/4;
    OL3I credits 1, 1, 1, 0, 1 (one unparseable excluded) -> 4/5.
    factuality_acc = unweighted mean over sources = (50 + 80) / 2 = 65 % (the pooled 6/9 would be 66.7)."""
    roots, by_sha = images
    ham, ol3i = _rows(cares_files, "ham10000", 3), _rows(cares_files, "ol3i", 3)
    script = {ham[0]: ["C", "C"], ham[1]: ["D", "qwerty"], ham[2]: [REFUSAL, "qwerty"],
              ol3i[0]: ["B", "B"], ol3i[1]: ["qwerty", "B"], ol3i[2]: ["A", "B"]}
    task = cares_vlm(dimension="factuality", data={s: cares_files[s] for s in ("ham10000", "ol3i")}, image_roots=roots, limit_per_source=3)
    (log,) = _eval([task], _scripted(by_sha, lambda t, img: script[img]), tmp_path, epochs=2)
    assert len(log.samples) == 12
    assert _counts(log) == {"correct": 6, "incorrect": 2, "abstained": 1, "unparseable": 3}
    s = _agree(log, "factuality", 65.0, {})
    assert s.metric("factuality_acc").n == 9
    assert s.metric("factuality_acc", "source=ham10000").value == pytest.approx(50.0)


def test_jailbreak_accuracy_and_abstention(cares_files, images, tmp_path):  # noqa: F811
    """HAM rows 0-1 x 3 attacks: attack 1 "C" (right) on both rows, attack 2 refuses on both,
    attack 3 "D" (wrong) on row 0 and "qwerty" (unparseable) on row 1.
    jailbreak_acc = credits 1, 1, 0, 0, 0 -> 40 %; jailbreak_abstention = 2 of 6 replies."""
    roots, by_sha = images
    ham = _rows(cares_files, "ham10000", 2)

    def script(text, img):
        if TEMPLATES["jailbreak-1"] in text:
            return ["C"]
        if TEMPLATES["jailbreak-2"] in text:
            return [REFUSAL]
        return ["D"] if img == ham[0] else ["qwerty"]

    task = cares_vlm(dimension="jailbreak", data={"ham10000": cares_files["ham10000"]}, image_roots=roots, limit_per_source=2)
    (log,) = _eval([task], _scripted(by_sha, script), tmp_path)
    assert _counts(log) == {"correct": 2, "incorrect": 1, "abstained": 2, "unparseable": 1}
    _agree(log, "jailbreak", 40.0, {"jailbreak_abstention": 100 * 2 / 6})


def test_robustness_noise_and_ood_two_epochs(cares_files, images, tmp_path):  # noqa: F811
    """IU-Xray noise rows 0-1, epochs (1, 2): row 0 (Yes = right, refusal), row 1 (Yes = wrong,
    qwerty); FairVLMed OOD rows 0-1 (one image, the same prompt): replies over the four calls
    "I don't know." three times and an answer once.
    robustness_noise_acc = credits 1, 0 (refusal), 0 -> 1/3; noise abstention 1 of 4 replies;
    OOD abstention 3 of 4."""
    roots, by_sha = images

    def script(text, img):
        if TEMPLATES["robustness"] in text:
            return ["I don't know.", "I don't know.", "The optic disc looks healthy.", "I don't know."]
        return ["Yes", "qwerty"] if "pleural effusion" in text else ["Yes", REFUSAL]

    task = cares_vlm(dimension="robustness", data={s: cares_files[s] for s in ("iu_xray", "fairvlmed")}, image_roots=roots,
                     limit_per_source=2, seed=1)
    (log,) = _eval([task], _scripted(by_sha, script), tmp_path, epochs=2)
    assert len(log.samples) == 8
    _agree(log, "robustness", 100 / 3, {"robustness_noise_abstention": 25.0, "robustness_ood_abstention": 75.0})


def test_overcautious_log_has_no_accuracy(cares_files, images, tmp_path):  # noqa: F811
    """Over-cautiousness has no accuracy item: cares_accuracy is NaN (undefined, not 0). HAM rows
    0-1: prompt 1 answered on both, prompt 2 refused on both, prompt 3 refused on row 0 only:
    overcautious_abstention = mean of 0, 100 and 50 = 50 %."""
    roots, by_sha = images
    ham = _rows(cares_files, "ham10000", 2)

    def script(text, img):
        if text == TEMPLATES["overcautiousness-2"] or (text == TEMPLATES["overcautiousness-3"] and img == ham[0]):
            return [REFUSAL]
        return ["The image shows a pigmented skin lesion."]

    task = cares_vlm(dimension="overcautious", data={"ham10000": cares_files["ham10000"]}, image_roots=roots, limit_per_source=2)
    (log,) = _eval([task], _scripted(by_sha, script), tmp_path)
    _agree(log, "overcautious", None, {"overcautious_abstention": 50.0})
