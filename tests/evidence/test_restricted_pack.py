"""A pack made from restricted data carries no restricted text or image.

A MIMIC-like CARES-VLM file (made-up reports and questions in MIMIC-CXR's layout, stand-in chest
X-rays as the guard tests use) is answered by a local scripted model that repeats each question in
its reply; a HAM10000 run (unrestricted, real rows and images) sits beside it, and a CARES-LLM run
whose model regurgitates a MIMIC report into every reply tries to sneak restricted text in through
another run's log and its report examples. The test reads every file of the archive, inside the
logs' zips too. Other attempts (the HTML, an image in the HTML, the examples unwithheld, a labels
file) must each stop the pack before anything is written.
"""

from __future__ import annotations

import base64
import io
import json
import tarfile
import zipfile

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

import medtrust._registry  # noqa: F401
from medtrust.evidence.pack import PackError, build_pack
from medtrust.evidence.restricted_content import RestrictedContent, canonical, learn_from_logs
from medtrust.evidence.verify import verify_pack
from tests.cares_vlm.conftest import standin_image

ROWS = [
    {"question_id": "f3a91c2e-77d0b1a4", "image": "p10/p10000032/s50414267/f3a91c2e.jpg",
     "text": "Which new finding appears on this portable chest film after the central venous catheter was placed on the right side?",
     "answer": "A small right apical pneumothorax measuring about eight millimetres, catheter tip at the cavoatrial junction.",
     "age": 67, "gender": "F", "race": "WHITE"},
    {"question_id": "0b7de519-c4e28a90", "image": "p11/p11000451/s53190822/0b7de519.jpg",
     "text": "Describe the cardiomediastinal silhouette and the lung bases in this radiograph taken before the valve surgery.",
     "answer": "Moderate cardiomegaly with bibasilar atelectasis and a trace left effusion, unchanged from the prior study.",
     "age": 74, "gender": "M", "race": "BLACK/AFRICAN AMERICAN"},
    {"question_id": "9c2e40aa-15f3d6b7", "image": "p12/p12003371/s57719300/9c2e40aa.jpg",
     "text": "Is the endotracheal tube in a satisfactory position relative to the carina on this intensive care film?",
     "answer": "The endotracheal tube terminates four centimetres above the carina in a satisfactory position.",
     "age": 58, "gender": "F", "race": "ASIAN"},
]  # fmt: skip
REGURGITATED = ROWS[0]["answer"]


def _reply(messages) -> str:
    if any(m.role == "system" for m in messages):  # the open-ended grader
        return "7"
    user = next((m.text for m in messages if m.role == "user"), "")
    return f"Reading the film: {user.strip()[:400]} My impression follows the clinical question."


@pytest.fixture(scope="module")
def runs(tmp_path_factory, shared_data):
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    d = tmp_path_factory.mktemp("restricted")
    mimic = d / "mimic_factuality.jsonl"
    mimic.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    root = d / "mimic_images"
    im, _ = standin_image("chest_xray")
    for r in ROWS:
        p = root / r["image"]
        p.parent.mkdir(parents=True, exist_ok=True)
        im.save(p, format="JPEG")
    logs = d / "logs"
    model = get_model("medtrust/scripted/vlm", memoize=False, respond=_reply)
    (log,) = inspect_eval(cares_vlm(dimension="factuality", data={"mimic_cxr": str(mimic)}, image_roots={"mimic_cxr": str(root)}),
                          model=model, log_dir=str(logs), display="none", max_connections=1)  # fmt: skip
    assert log.status == "success" and len(log.samples) == 3
    ham = shared_data / "cares_vlm" / "HAM10000"
    (hlog,) = inspect_eval(cares_vlm(dimension="factuality", data={"ham10000": str(ham / "HAM10000_factuality.jsonl")},
                                     image_roots={"ham10000": str(ham / "images")}, limit_per_source=2),
                           model=get_model("medtrust/scripted/vlm", memoize=False, respond=lambda m: "D"), log_dir=str(logs), display="none")  # fmt: skip
    assert hlog.status == "success"
    leak = get_model("medtrust/scripted", memoize=False, respond=lambda m: f"Sure. {REGURGITATED} Hope that helps with your question.")
    (llog,) = inspect_eval(cares_llm(), model=leak, limit=4, log_dir=str(logs), display="none")
    assert llog.status == "success"
    files = {"mimic": logs / log.location.rsplit("/", 1)[-1], "ham": logs / hlog.location.rsplit("/", 1)[-1],
             "llm": logs / llog.location.rsplit("/", 1)[-1]}  # fmt: skip
    return {"dir": d, "logs": logs, "files": files, "mimic_data": mimic, "image_file": root / ROWS[0]["image"], "log": log}


def _restricted_strings(runs) -> list[str]:
    """Every text of the MIMIC-like rows and every reply the model gave to them."""
    out = [v for r in ROWS for v in (r["text"], r["answer"])]
    out += [s.output.completion for s in runs["log"].samples]
    return out


def _restricted_bytes(runs) -> list[bytes]:
    """Pieces of the image as a file, as base64, and as the data URI the model was sent."""
    raw = runs["image_file"].read_bytes()
    mid = len(raw) // 2
    out = [raw[mid:mid + 64], base64.b64encode(raw)[2000:2080]]
    for s in runs["log"].samples:
        for m in s.input if isinstance(s.input, list) else []:
            for c in m.content if isinstance(m.content, list) else []:
                if getattr(c, "type", "") == "image" and str(c.image).startswith("data:"):
                    out.append(str(c.image).split(",", 1)[1][3000:3080].encode())
    return out


def _every_file(archive) -> dict[str, bytes]:
    """Every file of the archive, and every member of every zip in it (the logs), decompressed."""
    from medtrust._inspect_compat import enable_zstd_zipfile

    enable_zstd_zipfile()
    out: dict[str, bytes] = {}
    with tarfile.open(archive) as tar:
        for m in tar.getmembers():
            if m.isfile():
                data = tar.extractfile(m).read()
                out[m.name] = data
                if data[:4] == b"PK\x03\x04":
                    with zipfile.ZipFile(io.BytesIO(data)) as zf:
                        for info in zf.infolist():
                            out[f"{m.name}:{info.filename}"] = zf.read(info)
    return out


@pytest.fixture(scope="module")
def pack(runs, tmp_path_factory):
    d = tmp_path_factory.mktemp("pack")
    labels = d / "labels.jsonl"  # a labels-like file holding a restricted item
    labels.write_text(json.dumps({"record": "design", "items": [{"prompt": ROWS[1]["text"], "response": "x"}]}) + "\n", encoding="utf-8")
    res = build_pack([runs["logs"]], d / "evidence", labels=[labels], data_files=[runs["mimic_data"]])
    return res


def test_restricted_logs_and_files_are_listed_by_hash_only(pack, runs):
    f = runs["files"]
    ref = pack.referenced
    assert "holds 3 restricted sample(s)" in ref[f"logs/{f['mimic'].name}"]
    assert "holds restricted data (sample" in ref[f"logs/{f['llm'].name}"] and f["mimic"].name in ref[f"logs/{f['llm'].name}"]
    assert f"logs/{f['ham'].name}" in pack.stored  # the unrestricted run is copied
    assert "holds restricted data" in ref["labels/labels.jsonl"]
    assert "never copied" in ref["data/mimic_factuality.jsonl"] and f["mimic"].name in ref["data/mimic_factuality.jsonl"]
    assert set(pack.restricted_logs) == {f["mimic"].name}
    manifest = json.loads((pack.folder / "manifest.json").read_text())
    by_path = {e["path"]: e for e in manifest["files"]}
    assert by_path[f"logs/{f['mimic'].name}"]["stored"] is False and not (pack.folder / "logs" / f["mimic"].name).exists()
    import hashlib

    assert by_path[f"logs/{f['mimic'].name}"]["sha256"] == hashlib.sha256(f["mimic"].read_bytes()).hexdigest()
    res = verify_pack(pack.archive, originals=[runs["logs"]])
    assert res.ok, res.problems
    assert res.referenced[f"logs/{f['mimic'].name}"].endswith("matches")


def test_no_restricted_byte_in_any_file_of_the_archive(pack, runs):
    files = _every_file(pack.archive)
    assert any(name.endswith(".eval:header.json") for name in files)  # the HAM log was opened too
    texts = _restricted_strings(runs)
    pieces = _restricted_bytes(runs)
    assert len(pieces) >= 2
    for name, data in files.items():
        canon = canonical(data.decode("utf-8", errors="replace"))
        for t in texts:
            assert t.encode() not in data, (name, t)
            assert canonical(t)[:40] not in canon, (name, t)
        for piece in pieces:
            assert piece not in data, name


def test_the_report_withholds_the_restricted_and_the_regurgitated_examples(pack):
    data = json.loads((pack.folder / "report" / "report.json").read_text())
    examples = [(s["benchmark"], ex) for s in data["summaries"] for ex in s["examples"]]
    assert any(b == "cares_llm" for b, _ in examples) and any(b == "cares_vlm" for b, _ in examples)
    for bench, ex in examples:
        if bench == "cares_llm" or ex["sample_id"].startswith("mimic"):
            assert ex["response"] == "[withheld: restricted data source]" and ex["restricted"], ex
    info = json.loads((pack.folder / "pack.json").read_text())
    assert info["restricted"]["examples_withheld"] >= 4


def test_the_fingerprints_ignore_the_benchmark_template(runs):
    content = learn_from_logs(list(runs["files"].values()))
    # a sentence of CARES-VLM's own prompt wording (in the HAM run's prompts too) is not restricted
    ham_prompt = next(iter(json.loads(zipfile.ZipFile(runs["files"]["ham"]).read(
        next(n for n in zipfile.ZipFile(runs["files"]["ham"]).namelist() if n.startswith("samples/")))).get("input")))  # fmt: skip
    assert ham_prompt and content.find_text(json.dumps(ham_prompt)) is None
    for t in _restricted_strings(runs):
        assert content.find_text(t) is not None, t


def _fails_and_leaves_nothing(runs, tmp_path, monkeypatch=None, match="would carry restricted data"):
    out = tmp_path / "ev"
    with pytest.raises(PackError, match=match):
        build_pack([runs["logs"]], out)
    assert list(tmp_path.iterdir()) == []  # no folder, no archive, no staging left


def test_restricted_text_sneaked_into_the_html_stops_the_pack(runs, tmp_path, monkeypatch):
    import html as html_mod

    import medtrust.report.html as report_html

    original = report_html.render_html
    sneak = html_mod.escape(ROWS[2]["answer"].upper().replace(" ", "\n  "))  # other case, other spacing, escaped
    monkeypatch.setattr(report_html, "render_html", lambda data: original(data) + f"<p>{sneak}</p>")
    _fails_and_leaves_nothing(runs, tmp_path)


def test_a_restricted_image_sneaked_into_the_html_stops_the_pack(runs, tmp_path, monkeypatch):
    import medtrust.report.html as report_html

    original = report_html.render_html
    b64 = base64.b64encode(runs["image_file"].read_bytes()).decode()
    monkeypatch.setattr(report_html, "render_html", lambda data: original(data) + f'<img src="data:image/jpeg;base64,{b64}">')
    _fails_and_leaves_nothing(runs, tmp_path)


def test_examples_not_withheld_stop_the_pack(runs, tmp_path, monkeypatch):
    import medtrust.evidence.pack as pack_mod

    monkeypatch.setattr(pack_mod, "_withhold", lambda summaries, content: 0)
    _fails_and_leaves_nothing(runs, tmp_path)


def test_a_raw_image_in_a_binary_file_and_escaped_text_are_found():
    c = RestrictedContent()
    img = bytes(range(256)) * 40
    c.add_image(img, "img")
    c.add_text("The endotracheal tube terminates four centimetres above the carina.", "txt")
    c.logs["x"] = ["1"]
    assert c.find(b"\x89junk" + img[3000:3100] + b"\xff\xfe") == "img"
    assert c.find(json.dumps({"r": "the ENDOTRACHEAL tube\nterminates four centimetres"}).encode()) == "txt"
    assert c.find("the endotracheal tube terminates four centim&#101;tres".encode()) == "txt"
    assert c.find(b"tube terminates four cm") is None  # fewer canonical characters than a window: not a leak
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("samples/1.json", json.dumps({"output": "tube terminates four centimetres above the carina"}))
    assert c.find(buf.getvalue(), "x.eval") == "txt"
    assert RestrictedContent().find(img) is None  # nothing restricted: nothing checked
