"""CARES-VLM tasks end to end with scripted models: real annotation rows, real HAM10000 images,
stand-in images for the other sources (conftest.py)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
from collections import Counter

import numpy as np
import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model
from PIL import Image

import medtrust._registry  # noqa: F401
from medtrust.benchmarks.cares_vlm.prompts import TEMPLATES, UNCERTAINTY_FOLLOW_UP
from medtrust.benchmarks.cares_vlm.task import NoImagesError, cares_vlm
from medtrust.outcomes import outcome_counts


def _images_in(messages) -> list[str]:
    out = []
    for m in messages:
        if m.role == "user" and not isinstance(m.content, str):
            out += [c.image for c in m.content if c.type == "image"]
    return out


def _run(task, respond, tmp_path, **kw):
    # memoize=False: inspect caches models by JSON of their args, where every callable is None
    (log,) = inspect_eval(task, model=get_model("medtrust/scripted", respond=respond, memoize=False), log_dir=str(tmp_path),
                          display="none", fail_on_error=False, **kw)
    assert log.status == "success", log.error
    return log


def test_ham10000_always_d_on_all_real_images_is_39_8_percent(cares_files, ham_images, tmp_path):
    """Paper consistency check (cares_vlm.md sec. 2.4): always "D" on HAM10000 scores 796/2000."""
    seen = Counter()

    def respond(messages):
        imgs = _images_in(messages)
        seen["with_image"] += len(imgs) == 1 and imgs[0].startswith("data:image/jpeg;base64,")
        seen["calls"] += 1
        return "D"

    task = cares_vlm(dimension="factuality", data={"ham10000": cares_files["ham10000"]}, image_roots={"ham10000": str(ham_images)})
    assert len(task.dataset) == 2000 and task.metadata["images_missing"] == {"ham10000": 0}
    log = _run(task, respond, tmp_path, log_images=False)  # 2,000 base64 images would dominate the log
    assert seen == {"with_image": 2000, "calls": 2000}
    # the log's accuracy is the summary's factuality_acc, in the summary's unit (percent)
    assert log.results.scores[0].metrics["cares_accuracy"].value == pytest.approx(39.8)
    counts = outcome_counts(s.scores["cares_vlm_scorer"] for s in log.samples)
    assert counts["correct"] == 796 and counts["incorrect"] == 1204 and counts["input_error"] == 0

    from medtrust.benchmarks.cares_vlm.summary import summarize_log

    (summary,) = summarize_log(log.location, n_resamples=200)
    assert summary.metric("factuality_acc", "source=ham10000").value == pytest.approx(39.8)  # percent
    assert summary.metric("factuality_acc").value == log.results.scores[0].metrics["cares_accuracy"].value


def test_missing_images_are_counted_and_not_sent(cares_files, ham_images, tmp_path):
    root = tmp_path / "partial"
    root.mkdir()
    rows = [json.loads(ln) for ln in open(cares_files["ham10000"]).readlines()[:5]]
    for r in rows[:3]:  # only the first three images are present
        name = r["image"].split("/")[-1]
        (root / name).write_bytes((ham_images / name).read_bytes())
    calls = []
    task = cares_vlm(dimension="factuality", data={"ham10000": cares_files["ham10000"]}, image_roots={"ham10000": str(root)},
                     limit_per_source=5)
    assert task.metadata["images_missing"] == {"ham10000": 2}
    log = _run(task, lambda m: calls.append(1) or "A", tmp_path)
    assert len(calls) == 3
    counts = outcome_counts(s.scores["cares_vlm_scorer"] for s in log.samples)
    assert counts["input_error"] == 2 and counts["correct"] + counts["incorrect"] == 3
    errs = {s.id: s.scores["cares_vlm_scorer"].explanation for s in log.samples if s.metadata["input_error"]}
    assert set(errs) == {"ham10000:3:factuality", "ham10000:4:factuality"}
    assert all(e.startswith("image not found: ham10000_testset/") for e in errs.values())


def test_all_images_missing_fails_fast_naming_the_root(cares_files, tmp_path):
    with pytest.raises(NoImagesError, match=r"--image-root ham10000=") as e:
        cares_vlm(dimension="factuality", data={"ham10000": cares_files["ham10000"]}, image_roots={"ham10000": str(tmp_path)})
    assert str(tmp_path) in str(e.value)
    with pytest.raises(ValueError, match="medtrust data fetch cares-vlm"):
        cares_vlm(dimension="factuality", data={"mimic_cxr": str(tmp_path / "absent.jsonl")}, sources="ham10000")


@pytest.fixture(scope="module")
def four_sources(cares_files, ham_images, standin_root):
    """data + image roots for the 4 real files, 2 rows each: real HAM images, stand-ins elsewhere."""
    roots = {"ham10000": str(ham_images)}
    for src in ("iu_xray", "ol3i", "fairvlmed"):
        keys = [json.loads(ln)["image"] for ln in open(cares_files[src]).readlines()[:2]]
        roots[src] = str(standin_root(src, keys))
    return dict(cares_files), roots


def test_every_dimension_builds_and_scores(four_sources, tmp_path):
    data, roots = four_sources

    def respond(messages):
        text = messages[-1].text
        if TEMPLATES["privacy-z1"] in text or "social security" in text:
            return "I'm sorry, I cannot provide personal information."
        return "A"

    expected = {  # samples per dimension with 2 rows per source (task.py PLAN)
        "factuality": 8, "uncertainty": 6, "fairness": 6, "jailbreak": 24, "overcautious": 24,
        "toxicity": 16, "privacy": 32, "robustness": 6,
    }
    tasks = [cares_vlm(dimension=d, data=data, image_roots=roots, limit_per_source=2,
                       scorer_args={"toxicity": "lexicon"}) for d in expected]
    assert {t.name: len(t.dataset) for t in tasks} == {f"cares_vlm_{d}": n for d, n in expected.items()}
    grader = get_model("medtrust/scripted", respond=lambda m: "7", memoize=False)
    logs = inspect_eval(tasks, model=get_model("medtrust/scripted", respond=respond, memoize=False), model_roles={"grader": grader},
                        log_dir=str(tmp_path), display="none", fail_on_error=False)
    by = {lg.eval.task.split("/")[-1]: lg for lg in logs}
    for d in expected:
        lg = by[f"cares_vlm_{d}"]
        assert lg.status == "success", (d, lg.error)
        counts = outcome_counts(s.scores["cares_vlm_scorer"] for s in lg.samples)
        # IU-Xray rows 0-1 have gold yes/no; no sample may end without an explicit outcome
        assert sum(counts.values()) == expected[d]
        assert counts["model_error"] == 0 and counts["input_error"] == 0, (d, counts)
    fact = {s.id: s for s in by["cares_vlm_factuality"].samples}
    # HAM row 0 gold C, row 1 gold C: "A" is wrong; OL3I rows 0-1 gold B; FairVLMed judged 7/10
    assert fact["ham10000:0:factuality"].scores["cares_vlm_scorer"].value == 0.0
    assert fact["ol3i:1:factuality"].scores["cares_vlm_scorer"].metadata["outcome"] == "incorrect"
    assert fact["fairvlmed:0:factuality"].scores["cares_vlm_scorer"].value == pytest.approx(0.7)
    priv = [s for s in by["cares_vlm_privacy"].samples if s.metadata["variant"] == "privacy-z1"]
    assert len(priv) == 8 and all(s.scores["cares_vlm_scorer"].metadata["outcome"] == "abstained" for s in priv)
    rob = by["cares_vlm_robustness"]
    assert Counter(s.metadata["variant"] for s in rob.samples) == {"noise": 4, "robustness": 2}
    assert {s.metadata["source"] for s in rob.samples if s.metadata["variant"] == "noise"} == {"iu_xray", "ol3i"}
    tox = by["cares_vlm_toxicity"]
    assert Counter(s.metadata["variant"] for s in tox.samples) == {"factuality": 8, "toxicity": 8}
    assert all(s.metadata["scoring"] == "toxicity" for s in tox.samples)


def test_two_turn_uncertainty_asks_a_follow_up(four_sources, tmp_path):
    data, roots = four_sources
    replies = []

    def respond(messages):
        replies.append(len(messages))
        return "B" if messages[-1].text != UNCERTAINTY_FOLLOW_UP else "I am sure."

    task = cares_vlm(dimension="uncertainty", data={"ol3i": data["ol3i"]}, image_roots=roots, limit_per_source=2,
                     uncertainty_turns=2)
    log = _run(task, respond, tmp_path)
    assert sorted(replies) == [1, 1, 3, 3]  # question; then question, answer, follow-up
    s = log.samples[0]
    assert [m.role for m in s.messages] == ["user", "assistant", "user", "assistant"]
    assert s.metadata["turns"] == 2 and s.scores["cares_vlm_scorer"].metadata["outcome"] == "correct"


def test_noise_reaches_the_model_and_source_is_untouched(four_sources, tmp_path):
    from medtrust.perturb.noise import perturb_image

    data, roots = four_sources
    got = {}

    def respond(messages):
        (img,) = _images_in(messages)
        got[messages[-1].text] = img
        return "B"

    task = cares_vlm(dimension="robustness", data={"ol3i": data["ol3i"]}, image_roots=roots, limit_per_source=1, seed=3)
    (sample,) = task.dataset
    path = sample.metadata["image_path"]
    before = hashlib.sha256(open(path, "rb").read()).hexdigest()
    _run(task, respond, tmp_path)
    (uri,) = got.values()
    assert uri.startswith("data:image/png;base64,")
    sent = np.asarray(Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))))
    want = np.asarray(perturb_image(Image.open(path), "cares", seed=3 * 1_000_003 + 0))
    assert np.array_equal(sent, want)
    assert 0.25 < float(np.mean(sent == 255)) < 0.6  # official wrap-around: about a third of channels go white
    assert hashlib.sha256(open(path, "rb").read()).hexdigest() == before == sample.metadata["image_sha256"]
