"""measurements/second_annotator.py: agreement of a second annotator with the writers' labels of
the retired sealed files, by hand-computed values, its file checks, and the real label file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medtrust.judges.labelled import LabelledItem
from tests.helpers.measurements import measurement_module

script = measurement_module("second_annotator")


def test_annotator_agreement_by_hand() -> None:
    first = ["Accept", "Accept", "Accept", "Caution", "Caution", "Refuse", "Refuse", "Refuse"]
    second = ["Accept", "Accept", "Caution", "Caution", "Accept", "Refuse", "Refuse", "Caution"]
    a = script.annotator_agreement(first, second, [str(i) for i in range(8)])
    # rows first, columns second: Accept [2, 1, 0], Caution [1, 1, 0], Refuse [0, 1, 2]
    assert a["confusion"] == [[2, 1, 0], [1, 1, 0], [0, 1, 2]]
    assert a["n"] == 8 and a["acc3"]["value"] == 0.625  # 5 of 8 on the diagonal
    # p_o = 5/8, p_e = (3*3 + 2*3 + 3*2) / 64 = 21/64, kappa = (40/64 - 21/64) / (43/64) = 19/43
    assert a["kappa"]["value"] == round(19 / 43, 3) == 0.442
    # refused (Caution or Refuse) views agree on 6 of 8 rows (rows 3 and 5 differ, 0-based 2 and 4)
    assert a["acc2"]["value"] == 0.75
    assert a["caution_recall"] == 0.5  # the writers' two Cautions: one read Caution, one Accept
    low, high = a["acc3"]["ci"]
    assert low < 0.625 < high


def test_annotator_agreement_refuses_unknown_labels() -> None:
    with pytest.raises(ValueError, match="'Maybe' is not one of"):
        script.annotator_agreement(["Accept"], ["Maybe"], ["c"])
    with pytest.raises(ValueError, match="gold has 2 labels but pred has 1"):
        script.annotator_agreement(["Accept", "Refuse"], ["Accept"], ["c", "d"])


def _item(id_: str, label: str) -> LabelledItem:
    return LabelledItem(id=id_, prompt="p", response=id_, label=label, source_model="authored:x-style", cluster=id_)


def test_judge_on_consensus_counts_by_hand() -> None:
    items = [_item("a", "Accept"), _item("b", "Caution"), _item("c", "Refuse"), _item("d", "Caution")]
    second = {"a": ("Accept", False), "b": ("Accept", True), "c": ("Refuse", False), "d": ("Refuse", False)}
    judge = {"a": "Accept", "b": "Accept", "c": "Caution", "d": "Caution"}
    r = script.judge_on_consensus(items, second, lambda it: judge[it.id])
    # consensus rows a, c: the judge is right on a only; disputed rows b, d: right on d, and on b it
    # gave the second annotator's label
    assert r == {"consensus": (1, 2), "disputed": (1, 2), "vs_second": (2, 4), "disputed_judge_sides_with_second": 1}


@pytest.mark.parametrize(("line", "message"), [
    ('{"id": "x", "label": "accept", "unsure": false}', r"x\.jsonl, line 2: field 'label': 'accept' is not one of"),
    ('{"id": "x", "label": "Accept", "unsure": "no"}', r"x\.jsonl, line 2: field 'unsure': must be true or false"),
    ('{"id": 3, "label": "Accept", "unsure": false}', r"x\.jsonl, line 2: field 'id': expected a string"),
    ('{"id": "a", "label": "Accept", "unsure": false}', r"x\.jsonl, line 2: field 'id': 'a' given twice"),
    ('{"id": "x", "label": "Accept",', r"x\.jsonl, line 2: malformed JSON"),
])
def test_read_second_labels_names_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"id": "a", "label": "Refuse", "unsure": true}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        script.read_second_labels(path)


def test_the_second_labels_cover_exactly_the_two_retired_files() -> None:
    second = script.read_second_labels()
    ids = [json.loads(line)["id"] for path in script.FILES.values()
           for line in path.read_text(encoding="utf-8").splitlines()]
    assert len(ids) == 240 and set(second) == set(ids)
    # the files stay retired: a file a second annotator read is never sealed again
    agreement = measurement_module("refusal_agreement")
    assert not set(script.FILES.values()) & set(agreement.SEALED_SETS.values())
    assert set(script.FILES.values()) <= set(agreement.RETIRED_SETS.values())


def test_read_second_labels_reads_a_bom_crlf_and_a_line_separator_inside_a_string(tmp_path: Path) -> None:
    path = tmp_path / "ok.jsonl"
    lines = ['{"id": "a\u2028b", "label": "Caution", "unsure": false}', "", '{"id": "c", "label": "Refuse", "unsure": true}']
    path.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode("utf-8") + b"\r\n")
    assert script.read_second_labels(path) == {"a\u2028b": ("Caution", False), "c": ("Refuse", True)}


@pytest.mark.parametrize(("content", "message"), [
    (b'{"id": "a", "label": "Refuse", "unsure": true}\n{"id": "\xff"}\n', r"bad\.jsonl, line 2: not valid UTF-8"),
    (b'{"id": "a", "label": "Refuse", "unsure": true}\n\x0c\n{"id": "x", "label": "no", "unsure": true}\n',
     r"bad\.jsonl, line 3: field 'label': 'no'"),  # a form feed is a line of its own only to str.splitlines
    (b"[" * 100_000 + b"]" * 100_000 + b"\n", r"bad\.jsonl, line 1: JSON nested too deeply"),
])
def test_read_second_labels_bad_bytes_name_the_line(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    with pytest.raises(ValueError, match=message):
        script.read_second_labels(path)


def test_main_prints_the_documented_agreement_and_refuses_a_partial_file(tmp_path: Path, monkeypatch, capsys) -> None:
    assert script.main([]) == 0
    out = capsys.readouterr().out
    # the pooled row quoted in docs/judges.md "How reliable are the labels?"
    assert "| pooled | 240 | 0.938 [0.899, 0.962] | 0.954 [0.92, 0.974] | 0.904 [0.855, 0.944] | 0.814 | 30 |" in out
    assert "[[99, 1, 0], [10, 57, 3], [0, 1, 69]]" in out and "| rules | 186/225 = 0.827 | 3/15 = 0.200 |" in out
    partial = tmp_path / "partial.jsonl"
    partial.write_text("\n".join(script.SECOND.read_text(encoding="utf-8").splitlines()[:-1]) + "\n", encoding="utf-8")
    monkeypatch.setattr(script, "SECOND", partial)
    assert script.main([]) == 1
    assert "1 rows without a second label" in capsys.readouterr().err


def test_read_second_labels_refuses_an_empty_file_and_one_over_its_bound(tmp_path: Path, monkeypatch) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(ValueError, match=r"empty\.jsonl: file contains no records"):
        script.read_second_labels(empty)
    big = tmp_path / "big.jsonl"
    big.write_text('{"id": "a", "label": "Refuse", "unsure": true}\n' * 3, encoding="utf-8")
    monkeypatch.setattr(script, "MAX_SMALL_INPUT_BYTES", 100)  # the file is 3 x 47 = 141 bytes
    with pytest.raises(Exception, match=r"big\.jsonl: second-annotator labels is 141 bytes, over the limit of 100 bytes"):
        script.read_second_labels(big)
