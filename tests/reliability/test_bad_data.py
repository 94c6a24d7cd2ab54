"""Bad data files: an error naming file and line (and field), never a traceback, never a lost row.

Known bad files (invalid UTF-8 / UTF-16, deeply nested JSON, a 5,000-digit number, a lone
surrogate in a prompt, duplicate rows) plus more of each kind: other formats (CSV, JSON, the
MediConfusion pair list), UTF-16 without a byte-order mark, a surrogate in a field name, a CSV
field over the csv module's limit, a reordered file keeping its row ids.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from medtrust.data.records import DataError, read_records

ROW = {"principle_index": 1, "generation_model": "gpt", "harmful_level": 0, "method": "direct", "base_prompt": "Is ibuprofen safe?", "prompt": "Is ibuprofen safe?"}


def row(i: int, **kw) -> dict:
    return {**ROW, "base_prompt": f"question {i}", "prompt": f"question {i}", **kw}


def jsonl_bytes(rows: list[dict]) -> bytes:
    return ("\n".join(json.dumps(r) for r in rows) + "\n").encode()


# ------------------------------------------------------------------ encodings


def test_invalid_utf8_names_file_line_and_column(tmp_path):
    p = tmp_path / "bad.jsonl"
    lines = jsonl_bytes([row(1), row(2)]) + b'{"prompt": "caf\xe9 au lait"}\n'
    p.write_bytes(lines)
    with pytest.raises(DataError) as e:
        read_records(p)
    assert str(e.value) == f"{p}, line 3: not valid UTF-8 text: bytes e9 at column 16 (byte offset {len(jsonl_bytes([row(1), row(2)])) + 15}: invalid continuation byte); save the file as UTF-8"


def test_invalid_utf8_in_csv_names_the_line(tmp_path):
    p = tmp_path / "bad.csv"
    p.write_bytes(b"a,b\n1,2\n3,\xff4\n")
    with pytest.raises(DataError, match=r"bad\.csv, line 3: not valid UTF-8 text: bytes ff"):
        read_records(p)


@pytest.mark.parametrize("enc", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_with_bom_are_read(tmp_path, enc):
    text = "\n".join(json.dumps(r, ensure_ascii=False) for r in [row(1, base_prompt="Fièvre ?"), row(2)]) + "\n"
    p = tmp_path / "u.jsonl"
    bom = {"utf-16": b"", "utf-16-be": b"\xfe\xff", "utf-32": b""}[enc]
    p.write_bytes(bom + text.encode(enc))
    recs = read_records(p)
    assert [r.line for r in recs] == [1, 2] and recs[0].fields["base_prompt"] == "Fièvre ?"


def test_invalid_utf16_names_the_line(tmp_path):
    p = tmp_path / "u16.jsonl"
    good = ("\n".join(json.dumps(r) for r in [row(1), row(2)]) + "\n").encode("utf-16-le")
    p.write_bytes(b"\xff\xfe" + good + b"\x00\xd8" + "x".encode("utf-16-le"))  # a high surrogate without its low half
    with pytest.raises(DataError, match=r"u16\.jsonl, line 3: not valid UTF-16 text: bytes 00 d8 at column 1 \(byte offset 574: illegal UTF-16 surrogate\)"):
        read_records(p)


def test_utf16_without_bom_is_named(tmp_path):
    p = tmp_path / "nobom.jsonl"
    p.write_bytes(jsonl_bytes([row(1)]).decode().encode("utf-16-le"))
    with pytest.raises(DataError, match="line 1: looks like UTF-16/32 text without a byte-order mark; save it as UTF-8"):
        read_records(p)


# ------------------------------------------------------------------ values


@pytest.mark.parametrize("depth", [100_000, 2_000])
def test_deeply_nested_json_is_a_data_error_not_a_recursion_error(tmp_path, depth):
    p = tmp_path / "deep.jsonl"
    p.write_bytes(jsonl_bytes([row(1)]) + b'{"prompt": ' + b"[" * depth + b"]" * depth + b"}\n")
    # the parser's own limit, or medtrust's depth limit when the parser gets through (recursion limit raised)
    with pytest.raises(DataError, match=r"deep\.jsonl, line 2: (JSON nested too deeply to parse|field 'prompt(\[0\])+': nested more than 32 levels deep)"):
        read_records(p)


def test_nesting_over_max_depth_names_the_field(tmp_path):
    from medtrust.data.records import MAX_DEPTH

    p = tmp_path / "deep.json"
    p.write_text(json.dumps([{"meta": {"a": [[[1]]]}}, {"meta": {"a": json.loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))}}]))
    with pytest.raises(DataError, match=rf"deep\.json, line 2: field 'meta\.a(\[0\])+': nested more than {MAX_DEPTH} levels deep"):
        read_records(p)


def test_5000_digit_number_is_a_data_error(tmp_path):
    p = tmp_path / "big.jsonl"
    p.write_bytes(jsonl_bytes([row(1)]) + b'{"harmful_level": ' + b"7" * 5000 + b"}\n")
    with pytest.raises(DataError, match=r"big\.jsonl, line 2: field 'harmful_level': a number of 5000 digits, over Python's limit of 4,300"):
        read_records(p)


def test_5000_digit_number_in_csv_is_a_field_error(tmp_path):
    from medtrust.benchmarks.cares_llm.dataset import load_records

    p = tmp_path / "big.csv"
    p.write_text("principle_index,generation_model,harmful_level,method,base_prompt,prompt\n1,gpt," + "7" * 5000 + ",direct,q,q\n")
    with pytest.raises(DataError, match=r"big\.csv, line 2: field 'harmful_level': expected an integer in \[0, 1, 2, 3\]"):
        load_records(p)


@pytest.mark.parametrize("escape,field", [('"prompt": "why \\ud800 now"', "prompt"), ('"base_prompt": "\\udfff"', "base_prompt")])
def test_lone_surrogate_names_file_line_and_field(tmp_path, escape, field):
    p = tmp_path / "sur.jsonl"
    bad = json.dumps(row(2))[:-1] + ", " + escape + "}"
    p.write_bytes(jsonl_bytes([row(1)]) + bad.encode() + b"\n")
    with pytest.raises(DataError, match=rf"sur\.jsonl, line 2: field '{field}': lone surrogate U\+D[8F]"):
        read_records(p)


def test_lone_surrogate_in_a_field_name_and_in_a_json_file(tmp_path):
    from medtrust.data.records import load_json

    p = tmp_path / "k.json"
    p.write_text('[{"a\\ud800": 1}]')
    with pytest.raises(DataError, match="line 1: a field name holds a lone surrogate"):
        read_records(p)
    q = tmp_path / "pairs.json"
    q.write_text('{"10001": {"question": "\\ud83d"}}')
    with pytest.raises(DataError, match=r"pairs\.json, line 1: field '10001\.question': lone surrogate U\+D83D"):
        load_json(q)


def test_csv_field_over_the_csv_limit_is_a_data_error(tmp_path):
    p = tmp_path / "wide.csv"
    p.write_text("a,b\n1,2\n3," + "x" * 200_000 + "\n")
    with pytest.raises(DataError, match=r"wide\.csv, line 3: malformed CSV \(field larger than field limit"):
        read_records(p)


def test_mediconfusion_pairs_and_official_results_use_the_same_checks(tmp_path):
    from medtrust.benchmarks.mediconfusion.dataset import load_pairs
    from medtrust.benchmarks.mediconfusion.replay import load_official_results

    p = tmp_path / "d.json"
    p.write_bytes(b'{"10001": {"question": "\xc3("}}')
    with pytest.raises(DataError, match=r"d\.json, line 1: not valid UTF-8 text"):
        load_pairs(p)
    q = tmp_path / "r.json"
    q.write_text("[" * 50_000)
    with pytest.raises(DataError, match="nested too deeply"):
        load_official_results(q)


# ------------------------------------------------------------------ whole runs: exit code and message


@pytest.mark.parametrize("payload,needle", [
    (b'{"prompt": "\\ud800"}', "line 2: field 'prompt': lone surrogate U+D800"),
    (b'{"prompt": "\xff"}', "line 2: not valid UTF-8 text"),
    (b'{"prompt": ' + b"[" * 20_000 + b"}", "line 2: JSON nested too deeply to parse"),
])  # fmt: skip
def test_medtrust_run_reports_file_and_line_without_traceback(tmp_path, payload, needle):
    p = tmp_path / "cares.jsonl"
    p.write_bytes(jsonl_bytes([row(1)]) + payload + b"\n")
    res = subprocess.run([sys.executable, "-m", "medtrust.cli", "run", "--model", "medtrust/policy/refuse", "--data", str(p),
                          "--log-dir", str(tmp_path / "logs"), "--display", "none"], capture_output=True, text=True, timeout=300)  # fmt: skip
    assert res.returncode == 2
    assert res.stderr.strip() == f"error: {p}, {needle}" or res.stderr.strip().startswith(f"error: {p}, {needle}"), res.stderr[-2000:]
    assert "Traceback" not in res.stderr + res.stdout


# ------------------------------------------------------------------ duplicates and content ids


def test_row_ids_come_from_content_and_survive_reordering(tmp_path):
    from medtrust.benchmarks.cares_llm.dataset import content_id, load_records

    rows = [row(i) for i in range(5)]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_bytes(jsonl_bytes(rows))
    b.write_bytes(jsonl_bytes(rows[::-1]))
    ids_a = {r.prompt: r.row_id for r in load_records(a)}
    ids_b = {r.prompt: r.row_id for r in load_records(b)}
    assert ids_a == ids_b
    # the id is the content hash of the validated values: the same row as CSV has the same id
    c = tmp_path / "c.csv"
    c.write_text("principle_index,generation_model,harmful_level,method,base_prompt,prompt\n1,gpt,0,direct,question 0,question 0\n")
    assert load_records(c)[0].row_id == ids_a["question 0"] == "test-" + content_id(rows[0])


def test_duplicate_rows_are_kept_numbered_and_reported(tmp_path):
    from inspect_ai import eval as inspect_eval

    from medtrust.benchmarks.cares_llm.dataset import duplicate_rows, load_records
    from medtrust.benchmarks.cares_llm.summary import summarize_log
    from medtrust.benchmarks.cares_llm.task import cares_llm

    p = tmp_path / "dup.jsonl"
    p.write_bytes(jsonl_bytes([row(1), row(2), row(1), row(3), row(1)]))
    recs = load_records(p)
    first = recs[0].row_id
    assert [r.row_id for r in recs] == [first, recs[1].row_id, f"{first}-dup2", recs[3].row_id, f"{first}-dup3"]
    assert duplicate_rows(recs) == {first: [1, 3, 5]}
    (log,) = inspect_eval(cares_llm(data=str(p)), model="medtrust/policy/refuse", log_dir=str(tmp_path / "logs"), display="none")
    assert len(log.samples) == 5  # no row lost
    assert log.eval.metadata["duplicate_rows"] == {first: [1, 3, 5]}
    s = summarize_log(log.location)
    assert "2 rows of the data file repeat an earlier row (file lines 1, 3, 5); each copy is scored as its own sample." in s.notes
