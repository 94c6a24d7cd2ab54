"""Image reliance (the image-blind pass): flip rate, blind and image accuracy, computed by hand.

- the paired metrics on hand-made answers (flips, non-answers, pipeline errors left out, clusters);
- MediConfusion on 4 pairs of generated stand-in images (image 1 of each pair light grey, image 2
  dark grey), asked with and without the image in one inspect eval: a scripted model that ignores
  the image flips nothing (exactly 0); one that reads it ("A" when the image's mean pixel value is
  above 127, "B" below, "A" without an image) flips exactly on the dark images;
- `medtrust run --image-blind` end to end on real HAM10000 rows and images: the random-option
  policy answers from the text, so it flips nothing;
- the three tiny random VLMs (tests/helpers/tiny_vlm.py) in MediConfusion GD mode: the flip rate
  the report gives equals the recount from the two logs' letters (measured values in docs/criteria.md).
"""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ContentImage, get_model
from PIL import Image

from medtrust.benchmarks.mediconfusion.benchmark import BENCHMARK as MEDICONFUSION
from medtrust.benchmarks.mediconfusion.dataset import load_pairs
from medtrust.benchmarks.mediconfusion.task import mediconfusion
from medtrust.cli import main
from medtrust.images import mark_stand_in
from medtrust.logs import summarize_benchmark
from medtrust.metrics.proportion import proportion_ci
from medtrust.reliance import answer_token, reliance_metrics

N_PAIRS = 4
LIGHT, DARK = 200, 50


# ------------------------------------------------------------------ the paired metrics by hand
def test_paired_metrics_by_hand() -> None:
    image = {"a": ("correct", "a", 1.0), "b": ("incorrect", "b", 0.0), "c": ("abstained", "abstained", 0.0), "d": ("correct", "a", 1.0),
             "e": ("model_error", "model_error", 0.0), "f": ("correct", "yes", 1.0)}  # fmt: skip
    blind = {"a": ("correct", "a", 1.0), "b": ("correct", "a", 1.0), "c": ("incorrect", "b", 0.0), "d": ("abstained", "abstained", 0.0),
             "e": ("correct", "a", 1.0), "f": ("partial", "7", 0.7), "g": ("correct", "a", 1.0)}  # fmt: skip
    clusters = {"a": "p1", "b": "p1", "c": "p2", "d": "p2", "f": "p3"}
    m = {x.name: x for x in reliance_metrics(image, blind, clusters)}
    # e is a model error in one pass (left out), g is asked blind only: 5 pairs a b c d f; flips b c d f
    flips = [0.0, 1.0, 1.0, 1.0, 1.0]
    ci = proportion_ci(flips, ["p1", "p1", "p2", "p2", "p3"])
    assert m["image_flip_rate"].n == 5 and m["image_flip_rate"].value == pytest.approx(80.0)
    assert (m["image_flip_rate"].ci_low, m["image_flip_rate"].ci_high) == pytest.approx((100 * ci.low, 100 * ci.high))
    assert m["blind_accuracy"].value == pytest.approx(100 * (1 + 1 + 0 + 0 + 0.7) / 5)
    assert m["image_accuracy"].value == pytest.approx(100 * (1 + 0 + 0 + 1 + 1) / 5)
    assert "1 left out" in m["image_flip_rate"].note and "1 asked in one pass only" in m["image_flip_rate"].note
    # answers compare with case and white space folded; a non-answer is its outcome
    assert answer_token("correct", " A ", 1.0) == answer_token("incorrect", "a", 0.0) == "a"
    assert answer_token("abstained", "-", None) == "abstained"
    nothing = {x.name: x for x in reliance_metrics({"e": image["e"]}, {"e": blind["e"]}, {})}
    assert nothing["image_flip_rate"].value is None and "no item answered in both passes" in nothing["image_flip_rate"].note


# ------------------------------------------------------------------ MediConfusion, scripted models
@pytest.fixture(scope="module")
def grey_images(tmp_path_factory) -> Path:
    """Image 1 of each of the first pairs light grey, image 2 dark grey (16x16 JPEG), marked as
    stand-ins (an image that two pairs share keeps the first level it was given)."""
    root = tmp_path_factory.mktemp("reliance") / "grey-standins"
    root.mkdir()
    for p in load_pairs()[:N_PAIRS]:
        for slot, level in ((0, LIGHT), (1, DARK)):
            f = root / f"{p.locals[slot]}.jpg"
            if not f.exists():
                Image.fromarray(np.full((16, 16, 3), level, dtype=np.uint8)).save(f)
    mark_stand_in(root, "uniform grey squares, light for image 1 and dark for image 2 of a pair")
    return root


def _file_means(root: Path) -> list[float]:
    """The mean pixel value of each of the first pairs' images, in sample order (computed from the files)."""
    return [float(np.asarray(Image.open(root / f"{p.locals[slot]}.jpg").convert("L")).mean()) for p in load_pairs()[:N_PAIRS] for slot in (0, 1)]


def _image_mean(messages) -> float | None:
    for m in messages:
        for c in m.content if not isinstance(m.content, str) else []:
            if isinstance(c, ContentImage):
                src = c.image
                data = base64.b64decode(src.split(",", 1)[1]) if src.startswith("data:") else Path(src).read_bytes()
                return float(np.asarray(Image.open(io.BytesIO(data)).convert("L")).mean())
    return None


def reads_the_image(messages) -> str:
    mean = _image_mean(messages)
    return "A" if mean is None or mean > 127 else "B"


def ignores_the_image(messages) -> str:
    return "A"


def _both_passes(tmp_path: Path, images: Path, respond) -> list:
    model = get_model("medtrust/scripted", memoize=False, respond=respond)
    tasks = [mediconfusion(image_roots=str(images)), mediconfusion(image_roots=str(images), image_blind=True)]
    logs = inspect_eval(tasks, model=model, limit=2 * N_PAIRS, log_dir=str(tmp_path), display="none")
    assert all(lg.status == "success" for lg in logs)
    return summarize_benchmark(MEDICONFUSION, logs)


def _by_pass(summaries):
    shown = next(s for s in summaries if not s.evidence["blind_pass"])
    blind = next(s for s in summaries if s.evidence["blind_pass"])
    return shown, blind


def test_a_model_that_reads_the_image_flips_exactly_on_the_dark_images(tmp_path, grey_images) -> None:
    shown, blind = _by_pass(_both_passes(tmp_path, grey_images, reads_the_image))
    pairs = load_pairs()[:N_PAIRS]
    # with the image: A on a light image, B on a dark one; without: A everywhere -> exactly the dark images flip
    gold = [g for p in pairs for g in p.gold]
    means = _file_means(grey_images)
    with_image = ["A" if v > 127 else "B" for v in means]
    flips = [float(a != "A") for a in with_image]
    assert 0 < sum(flips) < len(flips)  # some light, some dark (an image two pairs share keeps its first level)
    m = {x.name: x for x in shown.metrics if x.dimension == "image_reliance"}
    assert m["image_flip_rate"].n == 2 * N_PAIRS and m["image_flip_rate"].value == pytest.approx(100 * sum(flips) / len(flips))
    ci = proportion_ci(flips, [p.pair_id for p in pairs for _ in (1, 2)])  # clustered by pair, as MediConfusion clusters
    assert (m["image_flip_rate"].ci_low, m["image_flip_rate"].ci_high) == pytest.approx((100 * ci.low, 100 * ci.high))
    assert m["blind_accuracy"].value == pytest.approx(100 * sum(g == "A" for g in gold) / len(gold))
    assert m["image_accuracy"].value == pytest.approx(100 * sum(g == a for g, a in zip(gold, with_image)) / len(gold))
    # the blind pass is its own run, labelled blind, never evidence; both name each other
    assert blind.run_id == shown.run_id + ":image-blind" and blind.evidence["images"] == "blind" and not blind.evidence["qualifies"]
    assert shown.provenance["image_blind_pass"] == blind.logs and blind.provenance["image_pass"] == shown.logs
    # stand-in images (and a scripted model) make both passes smoke runs
    assert shown.evidence["run"] == "smoke" and shown.evidence["data"] == "stand_in"
    assert any("STAND-IN-IMAGES.txt" in r for r in shown.evidence["reasons"])


def test_a_model_that_ignores_the_image_flips_nothing(tmp_path, grey_images) -> None:
    shown, _ = _by_pass(_both_passes(tmp_path, grey_images, ignores_the_image))
    m = {x.name: x for x in shown.metrics if x.dimension == "image_reliance"}
    assert m["image_flip_rate"].value == 0.0 and m["image_flip_rate"].n == 2 * N_PAIRS
    assert m["blind_accuracy"].value == m["image_accuracy"].value


# ------------------------------------------------------------------ the CLI on real CARES-VLM rows
def test_image_blind_run_on_real_ham10000_rows(tmp_path, shared_data) -> None:
    ham = shared_data / "cares_vlm" / "HAM10000"
    logs = tmp_path / "logs"
    res = CliRunner().invoke(main, ["run", "-b", "cares-vlm", "--model", "medtrust/policy/random-option", "--data",
                                    f"ham10000={ham / 'HAM10000_factuality.jsonl'}", "--image-root", f"ham10000={ham / 'images'}",
                                    "--limit", "12", "--dimension", "factuality", "--image-blind", "--log-dir", str(logs),
                                    "--display", "none"], catch_exceptions=False)  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "Image-blind pass" in res.output and "Image reliance: image_flip_rate 0.0%" in res.output
    from medtrust.report.build import build_report

    build_report([logs], out=tmp_path / "r.html", json_out=tmp_path / "r.json")
    data = json.loads((tmp_path / "r.json").read_text())
    (row,) = data["image_reliance"]
    assert row["label"] == "medtrust/policy/random-option" and row["blind_label"] == "medtrust/policy/random-option · image-blind"
    # the policy picks an option from the question's text: the same with or without the image
    assert row["metrics"]["image_flip_rate"]["value"] == 0.0 and row["metrics"]["image_flip_rate"]["n"] == 12
    assert row["metrics"]["blind_accuracy"]["value"] == row["metrics"]["image_accuracy"]["value"]
    labels = {s["label"]: s for s in data["summaries"]}
    assert labels["medtrust/policy/random-option"]["evidence"]["qualifies"]
    assert not labels["medtrust/policy/random-option · image-blind"]["evidence"]["qualifies"]
    html = (tmp_path / "r.html").read_text()
    assert 'id="image-reliance"' in html and 'class="reliance"' in html
    # the blind pass is shown as such on the scorecard, never as a value of the model
    card = {r["model"]: r["axes"] for r in data["scorecard"]}
    assert card["medtrust/policy/random-option · image-blind"]["cares_vlm.factuality"]["status"] == "image-blind"
    assert card["medtrust/policy/random-option"]["cares_vlm.factuality"]["status"] == "run"


# ------------------------------------------------------------------ the tiny random VLMs
@pytest.mark.slow
@pytest.mark.vision
@pytest.mark.parametrize("kind", ["llava", "idefics3", "qwen2vl"])
def test_tiny_vlms_reliance_matches_the_recount(tmp_path, kind) -> None:
    pytest.importorskip("torch")
    from tests.helpers.tiny_vlm import build_tiny_vlm

    images = tmp_path / "noise-standins"
    images.mkdir()
    rng = np.random.RandomState(0)
    for p in load_pairs()[:N_PAIRS]:
        for local in p.locals:
            Image.fromarray((rng.rand(32, 32, 3) * 255).astype(np.uint8)).save(images / f"{local}.jpg")
    mark_stand_in(images, "random noise")
    # the in-memory model (seed 0) given to the backend directly: no folder saved, every architecture
    model = get_model("medtrust/hf-vision", memoize=False, **build_tiny_vlm(kind, seed=0).model_args())
    tasks = [mediconfusion(mode="gd", image_roots=str(images)), mediconfusion(mode="gd", image_roots=str(images), image_blind=True)]
    logs = inspect_eval(tasks, model=model, limit=2 * N_PAIRS, log_dir=str(tmp_path), display="none")
    assert all(lg.status == "success" for lg in logs), [lg.error for lg in logs]
    shown, blind = _by_pass(summarize_benchmark(MEDICONFUSION, logs))
    letters = [{s.id: s.output.completion for s in lg.samples} for lg in logs]
    scores = [{s.id: s.scores["mediconfusion_scorer"].metadata["letter_scores"] for s in lg.samples} for lg in logs]
    # the image reaches the model in the first pass and not in the second: the letter scores differ
    assert any(scores[0][k] != scores[1][k] for k in scores[0])
    flips = sum(letters[0][k] != letters[1][k] for k in letters[0])
    m = {x.name: x for x in shown.metrics if x.dimension == "image_reliance"}
    assert m["image_flip_rate"].n == 2 * N_PAIRS and m["image_flip_rate"].value == pytest.approx(100 * flips / (2 * N_PAIRS))
    print(f"{kind}: flip rate {m['image_flip_rate'].value:.1f}% [{m['image_flip_rate'].ci_low:.1f}, {m['image_flip_rate'].ci_high:.1f}], "
          f"blind accuracy {m['blind_accuracy'].value:.1f}%, image accuracy {m['image_accuracy'].value:.1f}%")
