"""The labels file: append-only events, undo, resume after a crash, two labellers (kappa by hand)."""

from __future__ import annotations

import json
import threading

import pytest

from medtrust.data.records import DataError
from medtrust.label.store import (
    LabelStore,
    adjusted_weights,
    check_labeller,
    gold_labels,
    is_label_file,
    labelled_items,
    labeller_agreement,
    read_stores,
)


def design(strata=((10, 2), (4, 2)), task="judge") -> dict:
    """A design record with items i0, i1 in stratum 0 and i2, i3 in stratum 1."""
    items = []
    k = 0
    for h, (N, n) in enumerate(strata):
        for _ in range(n):
            items.append({"id": f"i{k}", "prompt": f"prompt {k}", "response": f"response {k}", "verdict": "Accept", "stratum": h,
                          "inclusion_probability": n / N, "weight": N / n, "model": "m", "benchmark": "cares_llm",
                          "verdicts": {"offline": "Accept"}, "primary_judge": "offline", "cluster": f"c{k}"})
            k += 1
    labels = ["Accept", "Caution", "Refuse"] if task == "judge" else ["correct", "incorrect", "no_answer"]
    return {"record": "design", "format": "medtrust-labels", "version": 1, "task": task, "labels": labels,
            "strata": [{"key": {"h": h}, "N": N, "n": n, "q": 0.15} for h, (N, n) in enumerate(strata)],
            "items": items, "population": {"logs": [], "image_roots": []}, "stratify_by": ["h"]}


def test_label_undo_relabel_and_resume(tmp_path) -> None:
    p = tmp_path / "labels.jsonl"
    st = LabelStore.create(p, design())
    assert is_label_file(p) and st.next_item("alice")["id"] == "i0"
    st.add_label("alice", "i0", "Refuse", note="declines <b>")
    st.add_label("alice", "i1", "Accept")
    st.add_label("alice", "i0", "Caution")  # relabel
    assert {k: e.label for k, e in st.current("alice").items()} == {"i0": "Caution", "i1": "Accept"}
    assert st.undo("alice").label == "Caution"  # back to the label before the relabel
    assert {k: e.label for k, e in st.current("alice").items()} == {"i0": "Refuse", "i1": "Accept"}
    assert st.undo("alice").item == "i1"
    assert st.next_item("alice")["id"] == "i1" and st.progress("alice") == {"done": 1, "total": 4}
    # every action is one line, written at once: a fresh reader sees the same state (resume)
    lines = p.read_text().splitlines()
    assert len(lines) == 1 + 5 and [json.loads(x)["record"] for x in lines[1:]] == ["label", "label", "label", "undo", "undo"]
    again = LabelStore.open(p)
    assert {k: (e.label, e.note) for k, e in again.current("alice").items()} == {"i0": ("Refuse", "declines <b>")}
    assert again.undo("bob") is None  # bob has nothing to undo
    with pytest.raises(FileExistsError):
        LabelStore.create(p, design())


def test_bad_input_is_refused_before_anything_is_written(tmp_path) -> None:
    st = LabelStore.create(tmp_path / "l.jsonl", design())
    size = (tmp_path / "l.jsonl").stat().st_size
    for bad in (lambda: st.add_label("alice", "nope", "Accept"), lambda: st.add_label("alice", "i0", "Maybe"),
                lambda: st.add_label("<script>", "i0", "Accept"), lambda: st.add_label("alice", "i0", "Accept", "x" * 4001)):
        with pytest.raises(ValueError):
            bad()
    assert (tmp_path / "l.jsonl").stat().st_size == size
    for name in ("", "a" * 65, "-x", "a b", "x/y"):
        with pytest.raises(ValueError):
            check_labeller(name)
    assert check_labeller("dr.smith@ward-3") == "dr.smith@ward-3"


def test_a_line_cut_by_a_crash_is_kept_aside_and_the_file_repaired(tmp_path) -> None:
    p = tmp_path / "l.jsonl"
    st = LabelStore.create(p, design())
    st.add_label("alice", "i0", "Refuse")
    with open(p, "ab") as f:
        f.write(b'{"record": "label", "item": "i1", "lab')  # the process died mid-write
    with pytest.warns(UserWarning, match=r"l\.jsonl: line 3 is cut short.*dropped, kept in .*l\.jsonl\.partial"):
        st2 = LabelStore.open(p)
    assert (tmp_path / "l.jsonl.partial").read_bytes() == b'{"record": "label", "item": "i1", "lab\n'
    assert p.read_bytes().endswith(b"\n") and list(st2.current("alice")) == ["i0"]
    st2.add_label("alice", "i1", "Accept")
    assert [e.item for e in LabelStore.open(p).stack("alice")] == ["i0", "i1"]


def test_unreadable_lines_name_file_line_and_field(tmp_path) -> None:
    p = tmp_path / "l.jsonl"
    LabelStore.create(p, design()).add_label("alice", "i0", "Refuse")
    text = p.read_text()
    (tmp_path / "a.jsonl").write_text(text + "not json\n" + '{"record": "label", "item": "i1", "labeller": "a", "label": "Accept", "time": "t"}\n')
    with pytest.raises(DataError, match=r"a\.jsonl, line 3: line is not JSON"):
        LabelStore.open(tmp_path / "a.jsonl")
    (tmp_path / "b.jsonl").write_text(text + '{"record": "label", "item": "zz", "labeller": "a", "label": "Accept", "time": "t"}\n')
    with pytest.raises(DataError, match=r"b\.jsonl, line 3: field 'item': item 'zz' is not in this file's sample"):
        LabelStore.open(tmp_path / "b.jsonl")
    (tmp_path / "c.jsonl").write_text(text + '{"record": "label", "item": "i1", "labeller": "a", "label": "Reject", "time": "t"}\n')
    with pytest.raises(DataError, match=r"line 3: field 'label'"):
        LabelStore.open(tmp_path / "c.jsonl")
    (tmp_path / "d.jsonl").write_text('{"prompt": "p", "response": "r", "label": "Accept"}\n')
    with pytest.raises(DataError, match=r"d\.jsonl, line 1: not a medtrust labels file"):
        LabelStore.open(tmp_path / "d.jsonl")
    assert not is_label_file(tmp_path / "d.jsonl")


def two_labellers(tmp_path, *, same_file: bool = True):
    a = LabelStore.create(tmp_path / "a.jsonl", design())
    b = a if same_file else LabelStore.create(tmp_path / "b.jsonl", design())
    for item, la, lb in (("i0", "Accept", "Accept"), ("i1", "Accept", "Refuse"), ("i2", "Refuse", "Refuse"), ("i3", "Caution", "Caution")):
        a.add_label("alice", item, la)
        b.add_label("bob", item, lb)
    return a, b


def test_two_labellers_kappa_and_consensus_by_hand(tmp_path) -> None:
    st, _ = two_labellers(tmp_path)
    ag = labeller_agreement(st)
    # rows alice, columns bob (A, C, R): A [1 0 1], C [0 1 0], R [0 0 1]: p_o = 3/4,
    # p_e = (2*1 + 1*1 + 1*2) / 16 = 5/16, kappa = (3/4 - 5/16) / (11/16) = 7/11
    assert ag["labellers"] == ["alice", "bob"]
    assert ag["pairs"] == [{"a": "alice", "b": "bob", "n": 4, "agreement": 0.75, "kappa": pytest.approx(7 / 11)}]
    # the tie on i1 (Accept vs Refuse) goes to the more cautious label
    assert gold_labels(st) == {"i0": "Accept", "i1": "Refuse", "i2": "Refuse", "i3": "Caution"}
    assert gold_labels(st, "alice")["i1"] == "Accept"


def test_separate_files_of_one_sample_merge(tmp_path) -> None:
    two_labellers(tmp_path, same_file=False)
    merged = read_stores([tmp_path / "a.jsonl", tmp_path / "b.jsonl"])
    assert labeller_agreement(merged)["pairs"][0]["kappa"] == pytest.approx(7 / 11)
    LabelStore.create(tmp_path / "other.jsonl", design(strata=((10, 2), (5, 2))))
    with pytest.raises(DataError, match="holds a different sample"):
        read_stores([tmp_path / "a.jsonl", tmp_path / "other.jsonl"])


def test_weights_are_adjusted_for_unlabelled_items(tmp_path) -> None:
    st = LabelStore.create(tmp_path / "l.jsonl", design())
    for item in ("i0", "i1", "i2"):
        st.add_label("alice", item, "Accept")
    # stratum 0 (N=10): both drawn items labelled -> 10/2; stratum 1 (N=4): 1 of 2 labelled -> 4/1
    assert adjusted_weights(st, {"i0", "i1", "i2"}) == {"i0": 5.0, "i1": 5.0, "i2": 4.0}
    items, info = labelled_items(st)
    assert [(i.id, i.label, i.extra["weight"]) for i in items] == [("i0", "Accept", 5.0), ("i1", "Accept", 5.0), ("i2", "Accept", 4.0)]
    assert info["n_labelled"] == 3 and info["n_sample"] == 4 and info["strata_unlabelled"] == [] and info["benchmarks"] == ["cares_llm"]
    with pytest.raises(ValueError, match="labeller 'zoe' has no label"):
        labelled_items(st, "zoe")


def test_concurrent_labels_are_whole_lines(tmp_path) -> None:
    st = LabelStore.create(tmp_path / "l.jsonl", design(strata=((200, 200),)))
    names = ("alice", "bob", "carol", "dave")

    def work(name: str) -> None:
        for k in range(50):
            st.add_label(name, f"i{k}", "Refuse", note="ü" * 300)

    threads = [threading.Thread(target=work, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    again = LabelStore.open(tmp_path / "l.jsonl")
    assert len(again.events) == 200 and all(again.progress(n)["done"] == 50 for n in names)
    assert labeller_agreement(again)["fleiss_kappa"] != labeller_agreement(again)["fleiss_kappa"]  # all Refuse: p_e = 1 -> NaN
