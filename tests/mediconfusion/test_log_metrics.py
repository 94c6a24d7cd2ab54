"""Every MediConfusion inspect metric in the .eval log equals the summary's number and the report's
headline, with epochs 1 and 2 and with non-answers.

Pairs 10001 and 10002 (the first four samples). The scripted model recognises an image by its
bytes and the question, and gives that image's n-th reply on its n-th call; ``max_samples=1``
runs the sample-epochs one at a time, so epoch 1 always gets the first reply.
"""

from __future__ import annotations

import base64
import math
from collections import Counter

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import read_eval_log
from inspect_ai.model import get_model

from medtrust.benchmarks.mediconfusion.summary import summarize_log
from medtrust.benchmarks.mediconfusion.task import mediconfusion
from medtrust.report.data import report_data


def _as_full(summary):
    """The scripted model's run is a smoke run ("not evidence" on the page): judged as a full one
    here, to see the page's numbers."""
    from dataclasses import replace

    from medtrust.evidence_class import Evidence

    return replace(summary, evidence=Evidence(run="full", data="full_split", images="shown").as_dict())
from tests.mediconfusion.test_task_e2e import _image_key

Z = 1.959963984540054
NAMES = ("set_accuracy", "individual_accuracy", "confusion", "invalid_rate")
REFUSAL = "I'm unable to view images."


def _wilson(p: float, n: float) -> tuple[float, float]:
    # Wilson (1927), written out; in percent
    c, h = p + Z * Z / (2 * n), Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return 100 * (c - h) / (1 + Z * Z / n), 100 * (c + h) / (1 + Z * Z / n)


def _run(tmp_path, standin_images, pairs, replies, epochs):
    """replies: {(pair index, slot): [reply per epoch]}; "gold" / "other" = the right / wrong letter."""
    by_image = {}
    for i, p in enumerate(pairs[:2]):
        for slot in (1, 2):
            b64 = base64.b64encode((standin_images / f"{p.locals[slot - 1]}.jpg").read_bytes()).decode()
            by_image[(b64, p.question)] = (i, slot, p.gold[slot - 1])
    calls: Counter = Counter()

    def respond(messages):
        q = next(p.question for p in pairs[:2] if f"{p.question}" in messages[-1].text)
        i, slot, gold = by_image[(_image_key(messages), q)]
        reply = replies[(i, slot)][calls[(i, slot)]]
        calls[(i, slot)] += 1
        return {"gold": gold, "other": "B" if gold == "A" else "A"}.get(reply, reply)

    logs = inspect_eval(mediconfusion(mode="mc", image_roots=str(standin_images)), model=get_model("medtrust/scripted", respond=respond, memoize=False),
                        log_dir=str(tmp_path), display="none", limit=4, epochs=epochs, max_samples=1)
    log = read_eval_log(logs[0].location)
    assert log.status == "success" and len(log.samples) == 4 * epochs
    (score,) = log.results.scores
    assert score.reducer is None
    return log, {k: v.value for k, v in score.metrics.items()}


def _agree(log, live, expected):
    s = summarize_log(log)
    assert set(live) == set(NAMES)
    for name in NAMES:
        m = s.metric(name)
        if expected[name] is None:  # undefined: NaN in the log, None ("n/a" + reason) in the summary
            assert math.isnan(live[name]) and m.value is None and m.note.startswith("not computable:"), (name, m)
        else:
            assert live[name] == m.value == pytest.approx(expected[name], abs=1e-12), name
    cells = report_data([_as_full(s)])["scorecard"][0]["axes"]
    sa, conf = s.metric("set_accuracy"), s.metric("confusion")
    assert (cells["mediconfusion.factuality"]["value"], cells["mediconfusion.factuality"]["ci_low"]) == (sa.value, sa.ci_low)
    if conf.value is None:
        assert cells["mediconfusion.robustness"]["status"] == "n/a" and cells["mediconfusion.robustness"]["value"] is None
    else:
        assert cells["mediconfusion.robustness"]["value"] == 100 - conf.value
    return s


def test_one_epoch_with_a_refusal(tmp_path, standin_images, pairs):
    """Pair 1 both right; pair 2 image 1 refuses (abstained, invalid "-"), image 2 right.
    set 1/2, individual 3/4, invalid 1/4, confusion 0 of 1 pair with both valid."""
    replies = {(0, 1): ["gold"], (0, 2): ["gold"], (1, 1): [REFUSAL], (1, 2): ["gold"]}
    log, live = _run(tmp_path, standin_images, pairs, replies, 1)
    s = _agree(log, live, {"set_accuracy": 50.0, "individual_accuracy": 75.0, "invalid_rate": 25.0, "confusion": 0.0})
    assert s.outcome_counts["abstained"] == 1
    sa = s.metric("set_accuracy")
    assert (sa.ci_low, sa.ci_high) == pytest.approx(_wilson(0.5, 2), abs=1e-9)  # two pairs, one value each
    conf = s.metric("confusion")  # 0 of 1: Wilson at p = 0 with n = 1 -> [0, z^2 / (1 + z^2)] = [0, 79.34]
    assert conf.n == 1 and (conf.ci_low, conf.ci_high) == (0.0, pytest.approx(100 * Z * Z / (1 + Z * Z), abs=1e-9))


def test_two_epochs_pairs_per_epoch(tmp_path, standin_images, pairs):
    """Epoch 1: pair 1 both right; pair 2 (refusal, right). Epoch 2: pair 1 both "A" (confused,
    one right); pair 2 both right. Four pair-epochs: set 2/4, individual 6/8, invalid 1/8,
    confusion 1 of the 3 pair-epochs with both answers valid."""
    g1 = pairs[0].gold
    replies = {(0, 1): ["gold", "A"], (0, 2): ["gold", "A"], (1, 1): [REFUSAL, "gold"], (1, 2): ["gold", "gold"]}
    log, live = _run(tmp_path, standin_images, pairs, replies, 2)
    s = _agree(log, live, {"set_accuracy": 50.0, "individual_accuracy": 75.0, "invalid_rate": 12.5, "confusion": 100 / 3})
    assert sorted(g1) == ["A", "B"]
    # set accuracy, clustered by pair (its two epochs together): pair 1 gives 1, 0 and pair 2 gives
    # 0, 1, so each pair's total equals its expected 2p: no between-pair spread, n_eff = 4
    sa = s.metric("set_accuracy")
    assert sa.n == 4 and (sa.ci_low, sa.ci_high) == pytest.approx(_wilson(0.5, 4), abs=1e-9)
    assert s.per_sample_cluster["10001-im1#2"] == "10001"


def test_every_reply_refuses_confusion_is_undefined(tmp_path, standin_images, pairs):
    """No pair has two valid answers: confusion is undefined (the official code writes 0); set and
    individual accuracy are 0 and the invalid rate 100."""
    replies = {k: [REFUSAL] for k in ((0, 1), (0, 2), (1, 1), (1, 2))}
    log, live = _run(tmp_path, standin_images, pairs, replies, 1)
    s = _agree(log, live, {"set_accuracy": 0.0, "individual_accuracy": 0.0, "invalid_rate": 100.0, "confusion": None})
    assert s.metric("precision").value is None
    # 0 of 2 pairs: Wilson's upper bound z^2 / (2 + z^2), not a zero-width [0, 0]
    assert s.metric("set_accuracy").ci_high == pytest.approx(100 * Z * Z / (2 + Z * Z), abs=1e-9)
    from medtrust.benchmarks.mediconfusion.summary import format_table
    from medtrust.report.html import render_html

    assert "n/a" in next(ln for ln in format_table(s).splitlines() if ln.startswith("confusion "))
    html = render_html(report_data([_as_full(s)]))  # the report shows n/a with the reason, never 0.00
    assert "not computable: no pair with both answers valid" in html
