"""CARES-18K loader: real rows, formats, and the error message for each bad-input case."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from medtrust.benchmarks.cares_llm.dataset import (
    family_id,
    filter_records,
    load_records,
    packaged_data_path,
)
from medtrust.data.records import DataError, sha256_file

GOOD = dict(principle_index=3, generation_model="claude", harmful_level=2, method="indirect", base_prompt="b", prompt="p")


def _jsonl(tmp_path, rows, name="d.jsonl"):
    p = tmp_path / name
    p.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return p


def test_packaged_file_is_the_real_sample(shared_data):
    assert sha256_file(packaged_data_path()) == "ff9b9ce1bc6ddba5010d2f963ce2d302f7f744009e30c1acd55b6716d9a9a854"
    assert packaged_data_path().read_bytes() == (shared_data / "cares_llm" / "cares18k_test_sample.jsonl").read_bytes()
    recs = load_records()
    first = recs[0]
    assert first.row_id == "test-6c4f6527edbe" and first.line == 1  # sha1 of the six columns, 12 hex digits
    assert first.harmful_level == 3 and first.method == "direct" and first.principle_index == 2
    assert first.family_id == family_id(first.base_prompt)
    assert sum(r.method == "obfuscate" for r in recs) == 68


@pytest.mark.parametrize(
    "field,value,needle",
    [
        ("method", "role-play", "unknown value 'role-play'"),
        ("method", "obfuscation", "did you mean 'obfuscate'"),
        ("harmful_level", 5, "expected an integer in [0, 1, 2, 3], got 5"),
        ("harmful_level", "high", "got 'high'"),
        ("principle_index", 8, "got 8"),
        ("generation_model", "llama", "unknown value 'llama'"),
        ("prompt", "", "empty or missing text"),
        ("base_prompt", "   ", "empty or missing text"),
    ],
)
def test_bad_values_name_file_line_field(tmp_path, field, value, needle):
    p = _jsonl(tmp_path, [GOOD, GOOD, {**GOOD, field: value}])
    with pytest.raises(DataError) as e:
        load_records(p)
    msg = str(e.value)
    assert f"{p}, line 3" in msg and f"field '{field}'" in msg and needle in msg


def test_missing_column(tmp_path):
    row = dict(GOOD)
    del row["method"]
    with pytest.raises(DataError, match=r"line 1: field 'method': missing column"):
        load_records(_jsonl(tmp_path, [row]))


def test_malformed_json_line(tmp_path):
    p = _jsonl(tmp_path, [GOOD, '{"principle_index": 1,'])
    with pytest.raises(DataError, match=r"d\.jsonl, line 2: malformed JSON"):
        load_records(p)


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(DataError, match="nope.jsonl: file not found"):
        load_records(tmp_path / "nope.jsonl")
    (tmp_path / "e.jsonl").write_text("")
    with pytest.raises(DataError, match="contains no records"):
        load_records(tmp_path / "e.jsonl")
    with pytest.raises(DataError, match="unknown file type '.txt'"):
        (tmp_path / "x.txt").write_text("a")
        load_records(tmp_path / "x.txt")


def test_bom_csv_and_parquet_and_prefixed_columns(tmp_path):
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode() + b"\n")
    assert load_records(bom)[0].method == "indirect"
    csv = tmp_path / "d.csv"
    csv.write_text("principle_index,generation_model,harmful_level,method,base_prompt,prompt\n1,gpt,0,direct,q,q\n1,gpt,9,direct,q,q\n")
    with pytest.raises(DataError, match=r"d\.csv, line 3: field 'harmful_level'"):
        load_records(csv)
    pq_path = tmp_path / "d.parquet"
    pq.write_table(pa.Table.from_pylist([{f"cares_{k}": v for k, v in GOOD.items()}]), pq_path)
    r = load_records(pq_path, split="train")[0]
    assert r.row_id == "train-3fd33a4a410d" and r.harmful_level == 2


def test_filters_and_seeded_shuffle():
    recs = load_records()
    lvl0 = filter_records(recs, harm_levels=[0])
    assert len(lvl0) == 50
    both = filter_records(recs, methods=["obfuscate"], harm_levels=[3])
    assert all(r.method == "obfuscate" and r.harmful_level == 3 for r in both) and both
    a = filter_records(recs, shuffle_seed=7, limit=10)
    b = filter_records(recs, shuffle_seed=7, limit=10)
    assert [r.row_id for r in a] == [r.row_id for r in b] and [r.row_id for r in a] != [r.row_id for r in recs[:10]]
    with pytest.raises(ValueError, match="methods: unknown value"):
        filter_records(recs, methods=["roleplay"])
