"""One task argument for image folders across benchmarks: ``image_roots`` (MediConfusion has one
source, so a folder or ``{"mediconfusion": folder}``); the former ``image_root`` still works and
says it is deprecated; `medtrust label` finds the folder under either name in a log."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from medtrust.benchmarks.mediconfusion.labelling import LABELLING
from medtrust.benchmarks.mediconfusion.task import image_folder, mediconfusion


def _images(task) -> list[str]:
    """The image of every sample's first message (file paths of the stand-ins)."""
    return [str(s.input[0].content[0].image) for s in task.dataset]


def test_every_spelling_of_the_image_folder_gives_the_same_samples(standin_images, pairs) -> None:
    folder = str(standin_images)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the new name warns about nothing
        plain = _images(mediconfusion(mode="mc", image_roots=folder))
        mapped = _images(mediconfusion(mode="mc", image_roots={"mediconfusion": folder}))
        default = _images(mediconfusion(mode="mc", image_roots={"default": folder}))
    assert len(plain) == 2 * len(pairs) and plain[0].startswith(folder) and plain == mapped == default
    with pytest.warns(FutureWarning, match=r"'image_root' is deprecated; use 'image_roots'"):
        old = _images(mediconfusion(mode="mc", image_root=folder))
    assert old == plain
    with pytest.warns(FutureWarning):  # both names, the same folder: accepted
        assert _images(mediconfusion(mode="mc", image_roots=folder, image_root=folder)) == plain


@pytest.mark.parametrize("roots,old,match", [
    ({"ham10000": "/x"}, None, r"image_roots has one source, 'mediconfusion' \(or 'default'\); got 'ham10000'"),
    ("/a", "/b", r"give the image folder once: image_roots='/a' and image_root='/b' differ"),
])  # fmt: skip
def test_image_folder_mistakes_are_refused(roots, old, match) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        with pytest.raises(ValueError, match=match):
            image_folder(roots, old)


def test_labelling_finds_the_folder_under_either_name() -> None:
    def log(**task_args):
        return SimpleNamespace(eval=SimpleNamespace(task_args=task_args))

    assert LABELLING.image_roots(log(image_roots="/imgs")) == ["/imgs"]
    assert LABELLING.image_roots(log(image_roots={"mediconfusion": "/imgs"})) == ["/imgs"]
    assert LABELLING.image_roots(log(image_root="/old")) == ["/old"]  # a log written before the rename
    assert LABELLING.image_roots(log(mode="mc")) == []


def test_a_run_with_the_old_name_records_it_and_still_scores(tmp_path, standin_images) -> None:
    with pytest.warns(FutureWarning):
        task = mediconfusion(mode="mc", image_root=str(standin_images))
    model = get_model("medtrust/scripted", memoize=False, respond=lambda m: "A")
    (log,) = inspect_eval(task, model=model, log_dir=str(tmp_path), display="none", limit=4)
    assert log.status == "success" and log.eval.task_args["image_root"] == str(standin_images)
    assert LABELLING.image_roots(log) == [str(standin_images)]
    assert {s.scores["mediconfusion_scorer"].metadata["outcome"] for s in log.samples} <= {"correct", "incorrect"}
