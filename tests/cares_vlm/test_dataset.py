"""CARES-VLM loaders on the real annotation files (counts from cares_vlm.md sec. 2, checked by hand)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from medtrust.benchmarks.cares_vlm import dataset as ds
from medtrust.benchmarks.cares_vlm.images import ImageResolver
from medtrust.benchmarks.cares_vlm.schema import normalise_source
from medtrust.data.records import DataError


def test_parse_options_keeps_commas_inside_option_texts():
    # OL3I line 14: option texts contain ", " themselves
    assert ds.parse_options("A:Yes, calcification is present, B:No, there is no calcification visible in the image") == [
        "Yes, calcification is present",
        "No, there is no calcification visible in the image",
    ]
    assert ds.parse_options("A: Yes, there are visual indicators, B: No, there are no visual indicators") == [
        "Yes, there are visual indicators",
        "No, there are no visual indicators",
    ]
    assert ds.parse_options("A:scalp, B:ear, C:upper extremity, D:lower extremity")[2] == "upper extremity"
    with pytest.raises(ValueError):
        ds.parse_options("A:scalp, C:ear")
    with pytest.raises(ValueError):
        ds.parse_options("scalp, ear")


def test_gold_parsers():
    assert ds.yes_no_gold("- No.") == "no"
    assert ds.yes_no_gold("Yes (mild loss).") == "yes"
    assert ds.yes_no_gold("Notable cardiomegaly") is None  # "No" must be a whole word
    assert ds.yes_no_gold("The report does not mention it, so likely no.") is None
    assert ds.yes_no_gold("") is None
    # official eval_yesno.py rule: first sentence, case-sensitive tokens No/no/not
    assert ds.official_yes_no("The report does not mention it. Yes.") == "no"
    assert ds.official_yes_no("NO effusion") == "yes"  # upper-case NO is missed, as in the official code
    assert ds.official_yes_no("") == "yes"
    assert ds.letter_of_answer("C:upper extremity", ["scalp", "ear", "upper extremity", "lower extremity"]) == "C"
    assert ds.letter_of_answer("lower extremity", ["scalp", "ear", "upper extremity", "lower extremity"]) == "D"
    assert ds.letter_of_answer("knee", ["scalp", "ear"]) is None


def test_age_parsing_and_bins():
    assert ds.parse_age("68") == 68 and ds.age_bin(68) == "60-69"
    assert ds.parse_age("90+") == 90 and ds.age_bin(90, "90+") == "90+"
    assert ds.age_bin(0) == "0-9" and ds.age_bin(5) == "0-9" and ds.age_bin(89) == "80-89"
    assert ds.parse_age("") is None and ds.parse_age("unknown") is None and ds.age_bin(None) is None
    assert ds.normalise_race("white") == "Caucasian"
    assert ds.normalise_race("white", ethnicity="hispanic") == "Hispanic"
    assert ds.normalise_gender("F") == "female" and ds.normalise_gender("other") is None


def test_ham10000_real_file(cares_files):
    rows = ds.load_rows("HAM10000", cares_files["ham10000"])
    assert len(rows) == 2000
    # gold from fig_caption; "always D" = 796/2000 = 39.8 % (paper consistency check)
    golds = Counter(r.gold for r in rows)
    assert golds == {"D": 796, "A": 461, "C": 461, "B": 282}
    r0 = rows[0]
    assert r0.line == 0 and r0.question_id == "ISIC_0034761" and r0.image_key == "ham10000_testset/ISIC_0034761.jpg"
    assert r0.options == ["scalp", "ear", "upper extremity", "lower extremity"] and r0.gold == "C"
    assert r0.demographics == {"age": 45, "age_bin": "40-49", "gender": "female", "race": None}
    assert Counter(r.demographics["gender"] for r in rows) == {"male": 1082, "female": 918}
    # question_id repeats twice per image: never used as the key
    assert max(Counter(r.question_id for r in rows).values()) == 2
    assert len({(r.source, r.line) for r in rows}) == 2000


def test_iu_xray_real_file(cares_files):
    rows = ds.load_rows("iu-xray", cares_files["iu_xray"])
    assert len(rows) == 2573 and {r.question_id for r in rows} == {0}
    assert Counter(r.gold for r in rows) == {"no": 1837, "yes": 664, None: 72}
    assert rows[0].gold == "yes" and rows[1].gold == "no"
    # line 123 has an empty answer: no usable gold; the official rule reads it as "yes"
    assert rows[123].gold_raw == "" and rows[123].gold is None and rows[123].gold_official == "yes"
    # line 21 is a hedge; official rule sees "not" in its first sentence
    assert rows[21].gold is None and rows[21].gold_official == "no"
    assert "<image>" not in rows[0].question and rows[0].question.endswith("[yes, no]")
    assert rows[0].answer_type == "yes_no" and rows[0].options is None


def test_ol3i_real_file(cares_files):
    rows = ds.load_rows("OL3I", cares_files["ol3i"])
    assert len(rows) == 1000
    assert Counter(r.gold for r in rows) == {"B": 953, "A": 47}
    # label 1 -> A, label 0 -> B on every row (cares_vlm.md sec. 2.5)
    assert all((r.gold == "A") == (r.extra["label"] == 1) for r in rows)
    assert rows[14].options == ["Yes, calcification is present", "No, there is no calcification visible in the image"]
    assert rows[14].gold == "B"
    assert rows[291].demographics["age_bin"] == "90+" and rows[291].demographics["age"] == 90
    assert sum(r.demographics["age_bin"] == "90+" for r in rows) == 5
    assert rows[0].demographics == {"age": 68, "age_bin": "60-69", "gender": "male", "race": None}


def test_fairvlmed_real_file_and_side_table(cares_files, tmp_path):
    rows = ds.load_rows("fairvlmed", cares_files["fairvlmed"])
    assert len(rows) == 2838 and rows[0].answer_type == "open_ended"
    assert rows[0].question_id == 8731 and rows[0].image_key == "slo_fundus_08731.jpg"
    assert rows[0].gold.startswith("The fundus images show signs of moderate primary open angle glaucoma")
    assert rows[0].demographics["race"] is None
    assert len({r.image_key for r in rows}) == 713
    table = tmp_path / "meta.csv"
    table.write_text("filename,age,gender,race,ethnicity\ndata_08731.npz,71.4,Female,White,Hispanic\ndata_08003.npz,55,Male,Black,Non-Hispanic\n")
    joined = ds.load_rows("fairvlmed", cares_files["fairvlmed"], demographics_table=ds.load_demographics_table(table))
    assert joined[0].demographics == {"age": 71, "age_bin": "70-79", "gender": "female", "race": "Hispanic"}
    n8003 = [r for r in joined if r.question_id == 8003]
    assert n8003 and all(r.demographics["race"] == "African American" for r in n8003)
    bad = tmp_path / "bad.csv"
    bad.write_text("name,age\nx,3\n")
    with pytest.raises(DataError, match="no id column"):
        ds.load_demographics_table(bad)


def test_omnimedvqa_and_mimic_schemas(tmp_path):
    omni = tmp_path / "omni.jsonl"
    omni.write_text(
        json.dumps({"question_id": "x1", "image": "Images/ACRIMA/a.png", "dataset": "ACRIMA", "text": "Q?",
                    "answer": "Glaucoma", "option_A": "Normal", "option_B": "Glaucoma", "option_C": "", "option_D": None})
        + "\n"
    )
    (row,) = ds.load_rows("OmniMedVQA", omni)
    assert row.options == ["Normal", "Glaucoma"] and row.gold == "B" and row.dataset == "ACRIMA"
    mimic = tmp_path / "mimic.jsonl"
    mimic.write_text(json.dumps({"question_id": "abea5eb9-b7c32823", "image": "p10/p10000032/s50414267/abea5eb9.jpg",
                                 "text": "What is seen?", "answer": "No acute process.", "age": 52, "gender": "F",
                                 "race": "WHITE"}) + "\n")
    (m,) = ds.load_rows("mimic-cxr", mimic)
    assert m.answer_type == "open_ended" and m.gold == "No acute process."
    assert m.demographics == {"age": 52, "age_bin": "50-59", "gender": "female", "race": "Caucasian"}


def test_malformed_rows_name_file_line_field(tmp_path):
    p = tmp_path / "HAM10000_factuality.jsonl"
    p.write_text(json.dumps({"image": "a.jpg", "text": "q", "options": "A:x, B:y", "fig_caption": "C:z"}) + "\n")
    with pytest.raises(DataError) as e:
        ds.load_rows("ham10000", p)
    assert "line 1" in str(e.value) and "fig_caption" in str(e.value) and str(p) in str(e.value)
    p.write_text(json.dumps({"text": "q", "answer": "yes"}) + "\n")
    with pytest.raises(DataError, match="field 'image'"):
        ds.load_rows("iu_xray", p)
    with pytest.raises(ValueError, match="unknown CARES-VLM source"):
        normalise_source("chexpert")


def test_samples_on_real_ham_images(cares_files, ham_images):
    sd = ds.load_source("ham10000", cares_files["ham10000"], ham_images, limit=4)
    assert sd.missing_images() == 0
    samples = ds.build_dataset([sd], ["factuality", "jailbreak-1"])
    assert len(samples) == 8
    s = samples[0]
    assert s.id == "ham10000:0:factuality" and s.target == "C"
    m = s.metadata
    # sha256 from the shared MANIFEST.csv for ISIC_0034761
    manifest = {ln.split(",")[1]: ln.split(",")[5] for ln in (ham_images / "MANIFEST.csv").read_text().splitlines()[1:]}
    assert m["image_sha256"] == manifest["ISIC_0034761.jpg"]
    assert m["image_path"].endswith("ISIC_0034761.jpg") and m["input_error"] is None
    assert m["restricted"] is False and m["dimension"] == "factuality" and m["scoring"] == "accuracy"
    kinds = [c.type for c in s.input[0].content]
    assert kinds == ["image", "text"]
    assert samples[1].id == "ham10000:0:jailbreak-1" and samples[1].metadata["dimension"] == "jailbreak"


def test_missing_and_corrupt_images_are_input_errors(cares_files, tmp_path):
    root = tmp_path / "imgs"
    root.mkdir()
    (root / "ISIC_0034761.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    sd = ds.load_source("ham10000", cares_files["ham10000"], root, limit=3)
    assert sd.missing_images() == 3
    errs = [sd.image(r).error for r in sd.rows]
    assert errs[0].startswith("image unreadable: ISIC_0034761.jpg")
    assert errs[1].startswith("image not found: ham10000_testset/ISIC_0035460.jpg")
    s = ds.make_sample(sd.rows[1], sd.image(sd.rows[1]), "factuality")
    assert s.metadata["input_error"].startswith("image not found") and s.metadata["image_path"] is None
    assert [c.type for c in s.input[0].content] == ["text"]
    none_root = ImageResolver(None, "ol3i").resolve("x.jpg")
    assert "no --image-root set for ol3i" in none_root.error
