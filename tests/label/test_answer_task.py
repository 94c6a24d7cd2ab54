"""The answer task (correct / incorrect / no answer) on a real MediConfusion free-form log whose
grader is a scripted model: items, reference shown, and judge-eval on answer labels."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from medtrust.cli import main
from medtrust.label.items import read_items
from medtrust.label.sampling import draw
from medtrust.label.server import create_app
from medtrust.label.store import LabelStore


def _grader(messages) -> str:
    # decides for A on most pairs, undecided (equal scores -> no answer) when the reply mentions "not sure"
    text = messages[-1].text
    return "A: 5\nB: 5\nundecided" if "not sure" in text else "A: 9\nB: 2\nthe answer describes option A"


def _answer(messages) -> str:
    text = messages[-1].text
    return "I am not sure." if len(text) % 3 == 0 else "The image shows the first finding."


@pytest.fixture(scope="module")
def ff_log(label_dir):
    from medtrust.benchmarks.mediconfusion.task import mediconfusion

    (log,) = inspect_eval(mediconfusion(mode="ff", text_only=True), model=get_model("medtrust/scripted/ff", memoize=False, respond=_answer),
                          model_roles={"grader": get_model("medtrust/scripted/grader", memoize=False, respond=_grader)},
                          limit=16, log_dir=str(label_dir / "ff"), display="none")  # fmt: skip
    assert log.status == "success", log.error
    return log


def test_free_form_items_map_outcomes_to_answer_labels(ff_log) -> None:
    s = read_items([ff_log.location], "answer")
    outcomes = {str(x.id): x.scores["mediconfusion_scorer"].metadata["outcome"] for x in ff_log.samples}
    assert len(s.items) == 16
    want = {"correct": "correct", "incorrect": "incorrect", "unparseable": "no_answer", "abstained": "no_answer"}
    for it in s.items:
        assert it.verdict == want[outcomes[it.sample_id]] and it.primary_judge == "medtrust/scripted/grader"
        sm = next(x for x in ff_log.samples if str(x.id) == it.sample_id).metadata
        assert it.reference == (f"Question: {sm['question']}\nOption A: {sm['option_a']}\nOption B: {sm['option_b']}\n"
                                f"Correct option for this image: {sm['gold']}")  # fmt: skip
        assert it.cluster == sm["pair_id"] and it.image is None
    assert {it.verdict for it in s.items} >= {"no_answer"}
    with pytest.raises(ValueError, match="MediConfusion has no judge-task items: 16"):
        read_items([ff_log.location], "judge")


def test_answer_labels_through_page_and_judge_eval(ff_log, label_dir) -> None:
    path = label_dir / "ff-labels.jsonl"
    store = LabelStore.create(path, draw(read_items([ff_log.location], "answer"), 16, seed=0).as_record())
    assert store.labels == ["correct", "incorrect", "no_answer"]
    client = create_app(store, "tok", labeller="alice").test_client()
    st = client.get("/api/state?token=tok").get_json()
    assert st["item"]["reference"].startswith("Question: ") and st["label_text"]["no_answer"] == "no answer"
    # the person reads each reply against the reference: "not sure" is no answer, the grader's A-decisions are
    # right on images whose gold is A and wrong otherwise, so the person agrees with every verdict
    while not st["done"]:
        it = store.by_id[st["item"]["id"]]
        label = "no_answer" if "not sure" in it["response"] else ("correct" if it["verdict"] == "correct" else "incorrect")
        st = client.post("/api/label?token=tok", json={"item": it["id"], "label": label}).get_json()["state"]
    res = CliRunner().invoke(main, ["judge-eval", "--labels", str(path), "--json-out", str(label_dir / "ff-cal.json"), "--n-resamples", "100"],
                             catch_exceptions=False)  # fmt: skip
    assert res.exit_code == 0, res.output
    assert "Se correct" in res.output and "task answer, 16 of 16" in res.output
    rep = json.loads((label_dir / "ff-cal.json").read_text())["judges"]["medtrust/scripted/grader"]["reports"][-1]
    assert rep["labels"] == ["correct", "incorrect", "no_answer"]
    assert {r[0] for r in rep["items"]} == {"correct", "incorrect", "no_answer"}
    for m in ("accuracy", "correct_sensitivity", "correct_specificity", "kappa"):
        assert rep["metrics"][m]["estimate"] == 1.0, m
    assert sum(sum(row) for row in rep["confusion"]) == 16 and all(rep["confusion"][i][j] == 0 for i in range(3) for j in range(3) if i != j)
    bad = CliRunner().invoke(main, ["judge-eval", "--labels", str(path), "--judge", "offline"])
    assert bad.exit_code == 2 and "only the judges it recorded" in bad.output
