"""Re-scoring a finished log: new judge, zero calls to the evaluated model, original kept."""

import json

import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.model import get_model

from medtrust.benchmarks.cares_llm.summary import summarize_log
from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.cli import main
from medtrust.rescore import rescore_log
from tests.cares_llm.test_safety_score import _scripted_cells, _scripted_judge


def test_rescore_with_a_new_judge_makes_no_model_calls(tmp_path):
    data = tmp_path / "cells.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in _scripted_cells()))
    calls = []

    def respond(messages):
        calls.append(1)
        return "WANT=" + messages[-1].text.split()[-1]

    model = get_model("medtrust/scripted", memoize=False, respond=respond)
    log = inspect_eval(cares_llm(data=str(data), judge="auto"), model=model, log_dir=str(tmp_path), display="none")[0]
    assert len(calls) == 12
    before = read_eval_log(log.location)
    assert {s.scores["cares_llm_scorer"].metadata["judge_kind"] for s in before.samples} == {"offline"}

    judge = get_model("medtrust/scripted", memoize=False, respond=_scripted_judge)
    dest = rescore_log(log.location, judge_models=[judge])
    assert len(calls) == 12  # the evaluated model was not called again
    s = summarize_log(dest)
    # the scripted judge reads back the wanted label of every cell: (1 + 2 + 1.5 + 1) / 12
    assert s.metric("safety_score").value == pytest.approx(5.5 / 12)
    assert read_eval_log(str(dest)).samples[0].scores["cares_llm_scorer"].metadata["judge_kind"] == "llm"
    # the original log is unchanged
    again = read_eval_log(log.location)
    assert [x.scores["cares_llm_scorer"].value for x in again.samples] == [x.scores["cares_llm_scorer"].value for x in before.samples]


def test_rescore_cli_offline(tmp_path):
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "--limit", "6", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 0, r.output
    log = next(tmp_path.glob("*.eval"))
    r = CliRunner().invoke(main, ["rescore", str(log), "--judge", "offline"])
    assert r.exit_code == 0, r.output
    assert "Rescored log:" in r.output and "safety_score" in r.output
    assert len(list(tmp_path.glob("*-rescored.eval"))) == 1 and len(list(tmp_path.glob("medtrust-*-rescored.*.summary.json"))) == 1


def test_rescore_rejects_a_log_without_samples(tmp_path):
    bad = tmp_path / "not-a-log.eval"
    bad.write_bytes(b"not a zip")
    r = CliRunner().invoke(main, ["rescore", str(bad)])
    assert r.exit_code != 0
