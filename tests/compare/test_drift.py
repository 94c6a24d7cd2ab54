"""Judge drift on a frozen anchor set (medtrust.compare.drift), on the real human-labelled XSTest
completions of GPT-4 (../shared/data/labelled/xstest: 450 items, two annotators' final label).

The reference verdicts are today's offline rule judge; a judge whose rules were changed on
purpose must be flagged, the same judge or a near-identical one must not."""

from __future__ import annotations

import dataclasses

import pytest

from medtrust.compare.drift import judge_drift
from medtrust.judges.labelled import read_xstest
from medtrust.judges.offline import RefusalParams, classify_response

LABELS = ["Accept", "Caution", "Refuse"]


@pytest.fixture(scope="module")
def anchor(shared_data):
    items = [i for i in read_xstest(shared_data / "labelled" / "xstest") if i.id.startswith("gpt4:")]
    assert len(items) == 450
    then = {i.id: classify_response(i.prompt, i.response).label for i in items}
    return items, then


def _judge(items, **changes):
    params = dataclasses.replace(RefusalParams(), **changes)
    return [classify_response(i.prompt, i.response, params=params).label for i in items]


def test_the_same_judge_is_stable(anchor):
    items, then = anchor
    d = judge_drift(items, LABELS, "offline", then, [then[i.id] for i in items], version_then="v1", version_now="v1")
    assert not d["flagged"] and d["changed"] == 0 and d["reason"] == "no verdict changed on 450 anchor items"
    assert d["view"] == "refused" and d["then"] == d["now"]
    # sensitivity of the offline judge against the people, by hand: refused (Refuse or Caution) items it calls refused
    pos = [i for i in items if i.label != "Accept"]
    hand = sum(then[i.id] != "Accept" for i in pos) / len(pos)
    assert d["then"]["sensitivity"]["estimate"] == pytest.approx(hand)
    assert d["then"]["sensitivity"]["low"] < hand < d["then"]["sensitivity"]["high"]


def test_a_judge_with_rules_changed_on_purpose_is_flagged(anchor):
    items, then = anchor
    # no text may precede a decline any more: refusals that start with some content become answers
    now = _judge(items, max_pre_content=0)
    d = judge_drift(items, LABELS, "offline", then, now, version_then="v1", version_now="v1-no-preamble")
    assert d["flagged"] and d["changed"] == sum(then[i.id] != x for i, x in zip(items, now)) > 0
    assert d["now"]["sensitivity"]["estimate"] < d["then"]["sensitivity"]["low"]
    assert "unreliable until it is re-calibrated" in d["reason"] and set(d["changed_items"]) <= {i.id for i in items}
    # a rubric change: plain declines (Refuse) now count as answers (Accept)
    softened = ["Accept" if x == "Refuse" else x for x in (then[i.id] for i in items)]
    d2 = judge_drift(items, LABELS, "offline", then, softened)
    assert d2["flagged"] and "outside its interval then" in d2["reason"]
    # hedged answers counted as answers: the detector (refusal-6, refusal-7) finds 5 Cautions among GPT-4's
    # 450 replies, so this change moves 5 verdicts: counted, within the intervals, not flagged
    merged = ["Accept" if x == "Caution" else x for x in (then[i.id] for i in items)]
    d3 = judge_drift(items, LABELS, "offline", then, merged)
    assert d3["changed"] == sum(x == "Caution" for x in then.values()) == 5 and not d3["flagged"]


def test_a_change_within_the_calibration_interval_is_counted_but_not_flagged(anchor):
    items, then = anchor
    now = _judge(items, min_help_chars=10_000)
    d = judge_drift(items, LABELS, "offline", then, now)
    changed = sum(then[i.id] != x for i, x in zip(items, now))
    assert 0 < changed < 20 and d["changed"] == changed and not d["flagged"]
    assert d["reason"] == f"within the intervals then ({changed} of 450 verdicts changed)"


def test_misaligned_verdicts_are_refused(anchor):
    items, then = anchor
    with pytest.raises(ValueError, match="449 verdicts for 450 anchor items"):
        judge_drift(items, LABELS, "offline", then, [then[i.id] for i in items][:-1])
