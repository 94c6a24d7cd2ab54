"""Issue 22 sec. 5 end to end: MediConfusion MC through inspect with a scripted model and a
scripted judge (role ``grader``): the judge decides the lenient letter of replies the rules cannot
read, the official parser never uses it, and the summary counts it."""

from __future__ import annotations

from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.model import get_model

from medtrust.benchmarks.mediconfusion.summary import summarize_log
from medtrust.benchmarks.mediconfusion.task import mediconfusion

UNREAD = "Neither description is perfect, yet the one listed first seems nearer to what is shown."
REPLIES = {0: UNREAD, 1: "B", 2: "I'm unable to view or interpret images.", 3: UNREAD}


def _run(tmp_path, standin_images, llm_extraction: bool, calls: list[str]):
    order: list[int] = []

    def answer(messages):
        order.append(len(order))
        return REPLIES[order[-1] % 4]

    def judge(messages):
        calls.append(messages[-1].text)
        return "A"

    logs = inspect_eval(
        mediconfusion(mode="mc", parser="lenient", image_roots=str(standin_images), llm_extraction=llm_extraction),
        model=get_model("medtrust/scripted", respond=answer, memoize=False),
        model_roles={"grader": get_model("medtrust/scripted", respond=judge, memoize=False)},
        log_dir=str(tmp_path), display="none", limit=4, max_connections=1,
    )  # fmt: skip
    return read_eval_log(logs[0].location)


def test_judge_decides_unread_replies(tmp_path, standin_images):
    calls: list[str] = []
    log = _run(tmp_path, standin_images, True, calls)
    md = [s.scores["mediconfusion_scorer"].metadata for s in sorted(log.samples, key=lambda s: str(s.id))]
    by = [m["extracted_by"] for m in md]
    assert by.count("llm") == 2 and by.count("rules") == 1 and len(calls) == 2  # the refusal is not sent
    for m in md:
        if m["extracted_by"] == "llm":
            assert m["choice_lenient"] == "A" and m["choice_official"] == "-" and m["llm_extraction_raw"] == "A"
    assert sum(m["outcome"] == "abstained" for m in md) == 1
    s = summarize_log(log)
    assert s.provenance["llm_extraction"] == {"llm": 2, "llm_asked": 2, "rules": 1}
    assert any(n.startswith("2 of 2 reply(ies) the rules could not read were decided by the judge model") for n in s.notes)


def test_flag_off_sends_nothing(tmp_path, standin_images):
    calls: list[str] = []
    log = _run(tmp_path, standin_images, False, calls)
    md = [s.scores["mediconfusion_scorer"].metadata for s in log.samples]
    assert calls == [] and not any(m.get("extracted_by") == "llm" for m in md)
    assert sum(m["outcome"] == "unparseable" for m in md) == 2
    assert not any("decided by the judge model" in n for n in summarize_log(log).notes)
