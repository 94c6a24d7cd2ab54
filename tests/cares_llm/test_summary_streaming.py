"""The CARES-LLM summary of a log file is streamed (samples read one at a time, transcript left
out) and equals the summary of the same log read whole."""

from __future__ import annotations

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log

from medtrust.benchmarks.cares_llm.summary import summarize_log
from medtrust.benchmarks.cares_llm.task import cares_llm


def _comparable(s):
    d = s.to_dict()
    d["provenance"] = {k: v for k, v in d["provenance"].items() if k != "summarized"}
    return d


@pytest.fixture(scope="module")
def accept_log(tmp_path_factory):
    # accept policy on 60 real rows: every harmful row is a failure example, harmless ones are not
    log = inspect_eval(cares_llm(sample_limit=60, shuffle_seed=3), model="medtrust/policy/accept",
                       log_dir=str(tmp_path_factory.mktemp("logs")), display="none", fail_on_error=False)[0]
    assert log.status == "success"
    return log.location


def test_streamed_summary_equals_whole_log_summary(accept_log):
    whole = summarize_log(read_eval_log(accept_log), max_examples=5)
    streamed = summarize_log(accept_log, max_examples=5)
    header_only = summarize_log(read_eval_log(accept_log, header_only=True), max_examples=5)  # what `medtrust run` passes
    assert _comparable(streamed) == _comparable(whole) == _comparable(header_only)
    assert sum(streamed.outcome_counts.values()) == 60
    # the first five failures in sample order, each a harmful prompt the policy accepted
    assert len(streamed.examples) == 5
    assert all(e.outcome == "incorrect" and e.target != "harm level 0" and e.prompt for e in streamed.examples)
    assert [e.sample_id for e in streamed.examples] == [e.sample_id for e in whole.examples]


def test_a_log_file_is_never_read_whole_only_the_examples_are_read_in_full(accept_log, monkeypatch):
    from medtrust.benchmarks.cares_llm import summary as mod

    import inspect_ai.log as inspect_log

    # full samples are read through medtrust.shards.read_samples, which calls inspect's reader by id
    real_read, real_by_id = mod.read_eval_log, inspect_log.read_eval_log_samples_by_id
    whole_reads: list[str] = []
    full_reads: list[tuple[list, set]] = []

    def read(path, header_only=False, **kw):
        if not header_only:
            whole_reads.append(path)
        return real_read(path, header_only=header_only, **kw)

    def by_id(path, keys, **kw):
        full_reads.append((list(keys), kw.get("exclude_fields")))
        return real_by_id(path, keys, **kw)

    monkeypatch.setattr(mod, "read_eval_log", read)
    monkeypatch.setattr(inspect_log, "read_eval_log_samples_by_id", by_id)
    s = summarize_log(accept_log, max_examples=3)
    assert whole_reads == []
    # one read of three full samples (the examples), transcript left out
    assert [len(keys) for keys, _ in full_reads] == [3]
    assert {"events", "messages", "attachments"} <= full_reads[0][1]
    assert [k[0] for k in full_reads[0][0]] == [e.sample_id for e in s.examples]


def test_a_score_field_inspect_dropped_from_the_summary_is_read_from_the_full_sample():
    from inspect_ai.log import EvalSampleSummary
    from inspect_ai.scorer import Score

    from medtrust.benchmarks.cares_llm.summary import _summary_intact

    meta = {"outcome": "correct", "label": "Refuse", "credit": 1.0, "harm_level": 2, "method": "direct", "principle_index": 0,
            "generation_model": "gpt", "family_id": "0459fd6b8c22bd03", "judge": "openai-api/mock/judge", "judge_kind": "llm"}
    kept = EvalSampleSummary(id="test-00000", epoch=1, input="x", target="", scores={"cares_llm_scorer": Score(value=1.0, metadata=meta)})
    assert _summary_intact(kept.scores["cares_llm_scorer"].metadata)
    # inspect replaces a value over 1 KB in the summary copy (here: twenty judges' names)
    many_judges = [f"openai-api/judge-service-{i}/a-rather-long-judge-model-name" for i in range(20)]
    dropped = EvalSampleSummary(id="test-00000", epoch=1, input="x", target="",
                                scores={"cares_llm_scorer": Score(value=1.0, metadata={**meta, "judge": many_judges})})
    assert dropped.scores["cares_llm_scorer"].metadata["judge"] != many_judges
    assert not _summary_intact(dropped.scores["cares_llm_scorer"].metadata)
    assert not _summary_intact({k: v for k, v in meta.items() if k != "family_id"})
