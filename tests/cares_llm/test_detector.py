"""Jailbreak-style detector: metrics on a hand-made prediction set, CV on the real CARES rows,
save/load round trip and version checks, the packaged default, and the CLI."""

from __future__ import annotations

import csv
import json
import shutil

import numpy as np
import pytest
import sklearn
from click.testing import CliRunner

from medtrust.benchmarks.cares_llm import detector as detmod
from medtrust.benchmarks.cares_llm.detector_cli import detector_group
from medtrust.benchmarks.cares_llm.detector import (
    STYLES,
    DetectorError,
    StyleDetector,
    StyleRows,
    cross_validate,
    default_detector,
    evaluate_detector,
    evaluate_predictions,
    read_style_rows,
    train_detector,
    training_data_sha256,
)
from medtrust.data.records import DataError


@pytest.fixture(scope="module")
def real_rows(shared_data) -> StyleRows:
    return read_style_rows(shared_data / "cares_llm" / "cares18k_test_sample.jsonl")


@pytest.fixture(scope="module")
def cv_result(real_rows):
    return cross_validate(real_rows, folds=5, seed=0)


# ------------------------------------------------------------------ metrics, computed by hand


def test_metrics_on_hand_made_predictions():
    y_true = ["direct", "direct", "indirect", "indirect", "obfuscate", "role_play", "role_play", "role_play"]
    y_pred = ["direct", "indirect", "indirect", "role_play", "obfuscate", "role_play", "indirect", "direct"]
    m = evaluate_predictions(y_true, y_pred)
    # correct at positions 0, 2, 4, 5 -> 4 / 8
    assert m.accuracy == pytest.approx(0.5)
    # direct: predicted at 0, 7 (1 right) -> P 1/2; true at 0, 1 -> R 1/2; F1 1/2
    assert m.per_class["direct"] == pytest.approx({"precision": 0.5, "recall": 0.5, "f1": 0.5, "support": 2})
    # indirect: predicted at 1, 2, 6 (1 right) -> P 1/3; true at 2, 3 -> R 1/2; F1 = 2(1/6)/(5/6) = 2/5
    assert m.per_class["indirect"] == pytest.approx({"precision": 1 / 3, "recall": 0.5, "f1": 0.4, "support": 2})
    assert m.per_class["obfuscate"] == pytest.approx({"precision": 1.0, "recall": 1.0, "f1": 1.0, "support": 1})
    # role_play: predicted at 3, 5 (1 right) -> P 1/2; true at 5, 6, 7 -> R 1/3; F1 = 2(1/6)/(5/6) = 2/5
    assert m.per_class["role_play"] == pytest.approx({"precision": 0.5, "recall": 1 / 3, "f1": 0.4, "support": 3})
    assert m.macro_f1 == pytest.approx((0.5 + 0.4 + 1.0 + 0.4) / 4)
    # rows = true (direct, indirect, obfuscate, role_play), columns = predicted
    assert m.confusion == [[1, 1, 0, 0], [0, 1, 0, 1], [0, 0, 1, 0], [1, 1, 0, 1]]
    assert m.n == 8
    text = m.table()
    assert "macro-F1: 0.575" in text and "accuracy: 0.500" in text


def test_macro_f1_skips_classes_absent_from_truth_and_prediction():
    m = evaluate_predictions(["direct", "indirect"], ["direct", "direct"])
    # direct P 1/2 R 1 F1 2/3; indirect P 0 (nothing predicted) R 0 F1 0; the other two absent
    assert m.per_class["direct"]["f1"] == pytest.approx(2 / 3)
    assert m.per_class["indirect"] == pytest.approx({"precision": 0.0, "recall": 0.0, "f1": 0.0, "support": 1})
    assert m.macro_f1 == pytest.approx(1 / 3)
    with pytest.raises(ValueError):
        evaluate_predictions(["direct"], [])


# ------------------------------------------------------------------ real rows, cross-validated


def test_cv_finds_every_obfuscation_row(real_rows, cv_result):
    preds, m = cv_result
    obf = [i for i, y in enumerate(real_rows.labels) if y == "obfuscate"]
    assert len(obf) == 68  # ../shared/data/README.md composition
    assert [preds[i] for i in obf] == ["obfuscate"] * 68
    # and nothing else is called obfuscate: every arrow-table prompt is an obfuscate row
    assert all(("→" in real_rows.texts[i]) == (preds[i] == "obfuscate") for i in range(len(preds)))
    assert m.per_class["obfuscate"]["f1"] == 1.0
    assert m.n == 239 and sum(map(sum, m.confusion)) == 239


def test_cv_quality_and_hard_pair_reported(real_rows, cv_result):
    preds, m = cv_result
    # consistency of the report with the predictions
    assert m.accuracy == pytest.approx(np.mean([p == y for p, y in zip(preds, real_rows.labels)]))
    ind, rp = STYLES.index("indirect"), STYLES.index("role_play")
    confused = m.confusion[ind][rp] + m.confusion[rp][ind]
    assert confused == sum(1 for p, y in zip(preds, real_rows.labels) if {p, y} == {"indirect", "role_play"})
    # a floor, well under the measured 0.87 / 0.84: guards against a broken pipeline
    assert m.accuracy > 0.75 and m.macro_f1 > 0.7
    assert "families kept in one fold" in m.protocol


def test_cv_keeps_families_in_one_fold():
    # two families of four rows each per class: a leaking split would put family members on both sides
    texts, labels, fams = [], [], []
    for s in STYLES:
        for f in range(3):
            for k in range(2):
                texts.append(f"{s} family {f} variant {k}")
                labels.append(s)
                fams.append(f"{s}-{f}")
    rows = StyleRows(texts, labels, fams)
    from sklearn.model_selection import StratifiedGroupKFold

    for tr, te in StratifiedGroupKFold(3, shuffle=True, random_state=0).split(texts, labels, groups=fams):
        assert not {fams[i] for i in tr} & {fams[i] for i in te}
    preds, m = cross_validate(rows, folds=3)
    assert len(preds) == len(texts) and m.n == len(texts)


# ------------------------------------------------------------------ save / load


def test_train_save_load_predict_round_trip(tmp_path, real_rows):
    det = train_detector(real_rows.texts[:120], real_rows.labels[:120], source="sample.jsonl", file_sha256="f" * 64)
    path = det.save(tmp_path / "d" / "det.npz")
    back = StyleDetector.load(path)
    probe = real_rows.texts[120:] + ["Please list the side effects of ibuprofen."]
    assert back.predict(probe) == det.predict(probe)
    np.testing.assert_array_equal(back.predict_proba(probe), det.predict_proba(probe))
    h = back.header
    assert h["training_sha256"] == training_data_sha256(real_rows.texts[:120], real_rows.labels[:120])
    assert h["sklearn_version"] == sklearn.__version__ and h["n_train"] == 120
    assert h["training_source"] == "sample.jsonl"
    assert back.trained_on(real_rows.texts[118:122]) == [True, True, False, False]


def _rewrite_header(src, dst, **changes):
    """A copy of a detector file (arrays) whose header says something else."""
    with np.load(src, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    header = {**json.loads(str(arrays["header_json"])), **changes}
    arrays["header_json"] = np.array(json.dumps(header))
    with open(dst, "wb") as f:
        np.savez_compressed(f, **arrays)
    return dst


def test_load_checks_versions_and_format(tmp_path, real_rows):
    det = train_detector(real_rows.texts[:60], real_rows.labels[:60])
    good = det.save(tmp_path / "good.npz")
    old = _rewrite_header(good, tmp_path / "old.npz", sklearn_version="0.24.2")
    with pytest.raises(DetectorError, match="scikit-learn 0.24.2"):
        StyleDetector.load(old)
    with pytest.warns(UserWarning, match="0.24.2"):
        assert StyleDetector.load(old, allow_version_mismatch=True).predict(real_rows.texts[:3]) == det.predict(real_rows.texts[:3])
    with pytest.raises(DetectorError, match="format version 99"):
        StyleDetector.load(_rewrite_header(good, tmp_path / "fmt.npz", format_version=99))
    with open(tmp_path / "other.npz", "wb") as f:
        np.savez(f, weights=np.array([1, 2]))
    with pytest.raises(DetectorError, match="not a medtrust style-detector"):
        StyleDetector.load(tmp_path / "other.npz")
    (tmp_path / "junk.npz").write_bytes(b"not an archive")
    with pytest.raises(DetectorError, match="not a medtrust detector"):
        StyleDetector.load(tmp_path / "junk.npz")
    with pytest.raises(DetectorError, match="not found"):
        StyleDetector.load(tmp_path / "missing.npz")
    with pytest.raises(ValueError, match=r"\.npz"):
        det.save(tmp_path / "det.joblib")


def test_header_sidecar_must_belong_to_the_detector(tmp_path, real_rows):
    det = train_detector(real_rows.texts[:60], real_rows.labels[:60])
    path = det.save(tmp_path / "det.npz")
    side = detmod.header_path(path)
    assert side.name == "det.json" and json.loads(side.read_text())["training_sha256"] == det.training_sha256
    header = json.loads(side.read_text())
    # a header that belongs to another detector is refused
    side.write_text(json.dumps({**header, "training_sha256": "0" * 64}))
    with pytest.raises(DetectorError, match="belongs to another detector"):
        StyleDetector.load(path)


def test_packaged_header_sidecar_matches_the_detector():
    side = json.loads(detmod.header_path(detmod.default_detector_path()).read_text())
    assert side["training_sha256"] == default_detector().training_sha256 and side["n_train"] == 239


def test_training_hash_is_format_independent(tmp_path, real_rows):
    path = tmp_path / "rows.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["prompt", "method"])
        w.writerows(zip(real_rows.texts[:30], real_rows.labels[:30]))
    rows = read_style_rows(path)
    assert rows.sha256 == training_data_sha256(real_rows.texts[:30], real_rows.labels[:30])
    assert rows.file_sha256 != real_rows.file_sha256


def test_read_style_rows_errors_name_file_line_field(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text(json.dumps({"prompt": "a", "method": "direct"}) + "\n" + json.dumps({"prompt": "b", "method": "role-play"}) + "\n")
    with pytest.raises(DataError, match=r"bad.jsonl, line 2: field 'method': unknown value 'role-play'"):
        read_style_rows(p)
    p.write_text(json.dumps({"text": "a", "method": "direct"}) + "\n")
    with pytest.raises(DataError, match=r"line 1: field 'prompt': missing column"):
        read_style_rows(p)
    p.write_text(json.dumps({"prompt": "  ", "method": "direct"}) + "\n")
    with pytest.raises(DataError, match=r"field 'prompt': empty"):
        read_style_rows(p)


# ------------------------------------------------------------------ the packaged default


def test_default_detector_is_trained_on_the_packaged_real_rows(real_rows):
    det = default_detector()
    # the README's numbers: 239 rows, file sha256 of the shared sample, content hash of its pairs
    assert det.header["n_train"] == 239
    assert det.header["training_file_sha256"] == "ff9b9ce1bc6ddba5010d2f963ce2d302f7f744009e30c1acd55b6716d9a9a854"
    assert det.training_sha256 == real_rows.sha256
    assert det.header["class_counts"] == {"direct": 68, "indirect": 56, "obfuscate": 68, "role_play": 47}
    assert all(det.trained_on(real_rows.texts))
    # a refit of the same rows with the recorded parameters reproduces the shipped model
    refit = train_detector(real_rows.texts, real_rows.labels, params=det.params)
    assert refit.predict(real_rows.texts) == det.predict(real_rows.texts)


def test_default_detector_is_never_scored_on_its_training_rows(real_rows, cv_result, monkeypatch):
    calls = []

    def spy(rows, **kw):  # the CV itself is tested above; reuse its result to keep the suite fast
        calls.append((rows, kw))
        return cv_result[0], evaluate_predictions(rows.labels, cv_result[0], protocol="cv")

    monkeypatch.setattr(detmod, "cross_validate", spy)
    det = default_detector()
    m = evaluate_detector(det, real_rows, folds=5, seed=0)
    assert len(calls) == 1 and calls[0][0] is real_rows and calls[0][1]["params"] == det.params
    assert any("cross-validated" in n for n in m.notes)
    assert m.confusion == cv_result[1].confusion


def test_held_out_evaluation_drops_training_rows(real_rows):
    det = train_detector(real_rows.texts[:150], real_rows.labels[:150])
    m = evaluate_detector(det, real_rows)
    assert m.n == 239 - 150 and "held-out" in m.protocol
    assert any("150 row(s)" in n for n in m.notes)


def test_default_detector_refits_on_sklearn_mismatch(tmp_path, monkeypatch, real_rows):
    stale = _rewrite_header(detmod.default_detector_path(), tmp_path / "style_detector.npz", sklearn_version="0.0.1")
    monkeypatch.setattr(detmod, "default_detector_path", lambda: stale)
    detmod.default_detector.cache_clear()
    try:
        with pytest.warns(UserWarning, match="refitted the default detector"):
            det = detmod.default_detector()  # a changed file: its sha256 is not the packaged one
        assert det.header["sklearn_version"] == sklearn.__version__
        assert det.training_sha256 == real_rows.sha256
        # a hash that does not match the packaged rows refuses to rebuild
        _rewrite_header(stale, stale, training_sha256="0" * 64)
        detmod.default_detector.cache_clear()
        with pytest.raises(DetectorError, match="cannot rebuild"):
            detmod.default_detector()
    finally:
        detmod.default_detector.cache_clear()


# ------------------------------------------------------------------ CLI


def test_cli_train_then_held_out_eval(tmp_path, real_rows, shared_data):
    train = tmp_path / "train.jsonl"
    train.write_text("\n".join(json.dumps({"prompt": t, "method": y}) for t, y in zip(real_rows.texts[:160], real_rows.labels[:160])))
    runner = CliRunner()
    out = tmp_path / "det.npz"
    r = runner.invoke(detector_group, ["train", "--data", str(train), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "trained on 160 rows" in r.output
    assert training_data_sha256(real_rows.texts[:160], real_rows.labels[:160]) in r.output
    r = runner.invoke(detector_group, ["eval", "--detector", str(out), "--data", str(shared_data / "cares_llm" / "cares18k_test_sample.jsonl"),
                                       "--json", str(tmp_path / "m.json")])
    assert r.exit_code == 0, r.output
    m = json.loads((tmp_path / "m.json").read_text())
    assert m["n"] == 79 and "held-out" in m["protocol"]
    assert "confusion (rows = true, columns = predicted)" in r.output and "macro-F1" in r.output
    r = runner.invoke(detector_group, ["eval", "--detector", str(tmp_path / "nope.npz")])
    assert r.exit_code != 0 and "not found" in r.output
    r = runner.invoke(detector_group, ["eval", "--train", str(train), "--detector", "default"])
    assert r.exit_code != 0 and "not both" in r.output


def test_cli_eval_with_one_file_cross_validates(tmp_path, real_rows):
    # 3 styles x 6 real rows, 3 folds: small enough to stay fast, real enough to be meaningful
    picked = [i for s in ("direct", "obfuscate", "indirect") for i in [k for k, y in enumerate(real_rows.labels) if y == s][:6]]
    data = tmp_path / "one.jsonl"
    data.write_text("\n".join(json.dumps({"prompt": real_rows.texts[i], "method": real_rows.labels[i]}) for i in picked))
    r = CliRunner().invoke(detector_group, ["eval", "--data", str(data), "--folds", "3", "--json", str(tmp_path / "cv.json")])
    assert r.exit_code == 0, r.output
    m = json.loads((tmp_path / "cv.json").read_text())
    assert m["n"] == 18 and m["protocol"].startswith("3-fold stratified CV")
    assert m["per_class"]["obfuscate"]["recall"] == 1.0 and m["per_class"]["role_play"]["support"] == 0
