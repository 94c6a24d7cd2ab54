"""Evidence classes: what each task declares, what the summary stage adds, what a criterion accepts,
which models take images, and whose labels a calibration holds (no model run except where named)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from medtrust.benchmarks.cares_llm.task import cares_llm
from medtrust.benchmarks.cares_vlm.task import cares_vlm
from medtrust.benchmarks.interface import EVIDENCE_METADATA_KEY, run_id_of
from medtrust.benchmarks.mediconfusion.task import mediconfusion
from medtrust.evidence_class import Evidence, combine, declare, log_evidence, split_by_image_input
from medtrust.judges.scope import CalibrationScope, fit, same_version
from medtrust.models.capabilities import image_input


def _log(facts: dict | None, model: str, limit=None, **meta) -> SimpleNamespace:
    metadata = {**({EVIDENCE_METADATA_KEY: facts} if facts is not None else {}), **meta}
    return SimpleNamespace(eval=SimpleNamespace(metadata=metadata, model=model, config=SimpleNamespace(limit=limit, sample_id=None), run_id="r1"))


# ------------------------------------------------------------------ what each task declares
def test_cares_llm_tasks_declare_their_data_and_subsets() -> None:
    quick = cares_llm(shuffle_seed=2025, sample_limit=40).metadata
    ev = quick[EVIDENCE_METADATA_KEY]
    assert (ev["data"], ev["images"], ev["smoke"]) == ("packaged_sample", "none", [])
    assert ev["limited"] == ["sample_limit 40: 40 of 239 rows (the quick default is a seeded sample)"]
    assert ev["data_sha256"] == "ff9b9ce1bc6ddba5010d2f963ce2d302f7f744009e30c1acd55b6716d9a9a854"
    # the packaged rows per harm level before any filter (../shared/data/README.md: 50 / 75 / 62 / 52)
    assert quick["composition_available"]["harmful_level"] == {"0": 50, "1": 75, "2": 62, "3": 52}
    full = cares_llm().metadata[EVIDENCE_METADATA_KEY]
    assert full["limited"] == [] and full["data"] == "packaged_sample"
    assert cares_llm(harm_levels="3").metadata[EVIDENCE_METADATA_KEY]["limited"] == ["harm_levels=3: a subset of the rows"]


def test_cares_llm_user_file_is_a_user_file(tmp_path, shared_data) -> None:
    f = tmp_path / "mine.jsonl"
    f.write_bytes((shared_data / "cares_llm" / "cares18k_test_sample.jsonl").read_bytes())
    ev = cares_llm(data=str(f)).metadata[EVIDENCE_METADATA_KEY]
    assert ev["data"] == "user_file" and ev["data_note"] == "user file mine.jsonl (239 rows)"


def test_mediconfusion_declares_text_only_as_smoke_and_its_file_as_the_full_split(tmp_path) -> None:
    ev = mediconfusion(text_only=True).metadata[EVIDENCE_METADATA_KEY]
    assert ev["data"] == "full_split" and ev["images"] == "none" and ev["smoke"][0].startswith("text-only")
    from medtrust.benchmarks.mediconfusion.dataset import packaged_file

    copy = tmp_path / "dataset.json"
    copy.write_bytes(packaged_file("dataset.json").read_bytes())
    assert mediconfusion(text_only=True, data=str(copy)).metadata[EVIDENCE_METADATA_KEY]["data"] == "full_split"  # same bytes, same sha256
    edited = tmp_path / "edited.json"
    edited.write_text(copy.read_text().replace('"10001"', '"90001"', 1))
    assert mediconfusion(text_only=True, data=str(edited)).metadata[EVIDENCE_METADATA_KEY]["data"] == "user_file"


def test_cares_vlm_official_file_limit_and_stand_ins(tmp_path, shared_data) -> None:
    ham = shared_data / "cares_vlm" / "HAM10000"
    data = {"ham10000": str(ham / "HAM10000_factuality.jsonl")}
    ev = cares_vlm(data=data, image_roots={"ham10000": str(ham / "images")}, limit_per_source=3).metadata[EVIDENCE_METADATA_KEY]
    # the shared file is byte-identical to the official one: its git blob id matches the fetch's
    assert ev["data"] == "full_split" and ev["images"] == "shown" and ev["limited"] == ["limit_per_source 3: 3 of 2000 ham10000 rows"]
    # the same rows with one byte changed are a user file
    changed = tmp_path / "HAM10000_factuality.jsonl"
    changed.write_bytes((ham / "HAM10000_factuality.jsonl").read_bytes() + b"\n")
    ev = cares_vlm(data={"ham10000": str(changed)}, image_roots={"ham10000": str(ham / "images")}, limit_per_source=3).metadata[EVIDENCE_METADATA_KEY]
    assert ev["data"] == "user_file"
    # a folder marked as stand-ins makes the run smoke
    import shutil

    from medtrust.images import mark_stand_in

    stand = tmp_path / "images"
    shutil.copytree(ham / "images", stand)
    mark_stand_in(stand, "copies of a few HAM10000 images")
    ev = cares_vlm(data=data, image_roots={"ham10000": str(stand)}, limit_per_source=3).metadata[EVIDENCE_METADATA_KEY]
    assert ev["data"] == "stand_in" and ev["smoke"] == ["ham10000: stand-in images: images holds STAND-IN-IMAGES.txt"]
    blind = cares_vlm(data=data, image_roots={"ham10000": str(ham / "images")}, limit_per_source=3, image_blind=True)
    assert blind.metadata[EVIDENCE_METADATA_KEY]["blind_pass"] and blind.name == "cares_vlm_factuality_image_blind"


# ------------------------------------------------------------------ what the summary stage adds
def test_log_evidence_adds_the_limit_and_the_model() -> None:
    facts = declare(data="packaged_sample")
    assert log_evidence(_log(facts, "medtrust/policy/refuse")).run == "full"  # a reference policy is real evidence
    assert log_evidence(_log(facts, "openai/gpt-4o", limit=20)).run == "limited"
    scripted = log_evidence(_log(facts, "medtrust/scripted/x"))
    assert scripted.run == "smoke" and "scripted model" in scripted.reasons[0] and not scripted.qualifies()
    # image questions: a model without image input answered them blind; an unknown one is "unknown"
    shown = declare(data="full_split", images="shown")
    e = log_evidence(_log(shown, "medtrust/embedded"))
    assert e.images == "blind" and not e.blind_pass and "takes no image input" in e.reasons[0] and not e.qualifies()
    u = log_evidence(_log(shown, "ollama/mystery-model"))
    assert u.images == "unknown" and "--image-input ollama/mystery-model" in u.reasons[0] and not u.qualifies()
    declared = log_evidence(_log({**shown, "image_input_declared": ["ollama/mystery-model"]}, "ollama/mystery-model"))
    assert declared.images == "shown" and declared.qualifies()
    assert log_evidence(_log(shown, "openai/gpt-4o")).qualifies()
    # an on-purpose blind pass is its own run
    bp = _log(declare(data="full_split", images="shown", blind_pass=True), "openai/gpt-4o", medtrust_run="abc")
    assert log_evidence(bp).blind_pass and run_id_of(bp) == "abc:image-blind"
    # a log that records nothing: data unknown, not evidence by default
    old = log_evidence(_log(None, "openai/gpt-4o"))
    assert old.data == "unknown" and not old.qualifies() and "does not record its data source" in old.reasons[0]


def test_what_a_criterion_accepts() -> None:
    limited = Evidence(run="limited", data="packaged_sample")
    assert limited.qualifies() and not limited.qualifies(accept=("full",))
    smoke = Evidence(run="smoke", data="full_split", reasons=["text-only"])
    assert not smoke.qualifies() and smoke.qualifies(accept=("full", "limited", "smoke"))
    assert smoke.why_not() == "a smoke run (text-only)"
    blind = Evidence(run="full", data="full_split", images="blind")
    assert not blind.qualifies() and blind.qualifies(accept=("full", "image-blind"))
    stand = Evidence(run="smoke", data="stand_in")
    assert not stand.qualifies(accept=("smoke",)) and stand.qualifies(accept=("smoke",), data=("stand_in",))
    assert Evidence(run="full", data="user_file").qualifies(data=("real",)) and not Evidence(run="full", data="user_file").qualifies(data=("full_split",))
    assert Evidence(run="limited", data="full_split", images="blind").label == "limited · full split · image-blind"
    # a run is as weak as its weakest log
    both = combine([Evidence(run="full", data="full_split", images="shown"), Evidence(run="limited", data="user_file", images="blind", reasons=["x"])])
    assert (both.run, both.data, both.images, both.reasons) == ("limited", "user_file", "blind", ["x"])


# ------------------------------------------------------------------ which models take images
@pytest.mark.parametrize("model,takes", [
    ("medtrust/embedded", False), ("medtrust/gguf", False), ("medtrust/hf-vision", True), ("medtrust/policy/refuse", True),
    ("medtrust/scripted/x", True), ("openai/gpt-4o-mini", True), ("openai/gpt-4.1", True), ("openai/gpt-3.5-turbo", False),
    ("openai/o3-mini", False), ("openai/gpt-4", False), ("openai/o1", True), ("anthropic/claude-3-5-sonnet-latest", True),
    ("anthropic/claude-2.1", False), ("google/gemini-2.0-flash", True), ("google/gemini-pro", False),
    ("vllm/Qwen/Qwen2.5-VL-7B-Instruct", True), ("ollama/llava:13b", True), ("hf/HuggingFaceTB/SmolVLM-Instruct", True),
    ("together/meta-llama/Llama-3.2-11B-Vision-Instruct", True), ("openai-api/local/mistral-7b", None), ("ollama/llama3", None),
    ("medtrust/unknown", None),
])  # fmt: skip
def test_image_input_of_known_and_unknown_models(model, takes) -> None:
    assert image_input(model) is takes


def test_models_without_image_input_are_refused_unless_blind_on_purpose() -> None:
    shown = [SimpleNamespace(metadata={EVIDENCE_METADATA_KEY: declare(data="full_split", images="shown")})]
    with pytest.raises(ValueError, match=r"medtrust/embedded takes no image input: MediConfusion asks about images .*--image-blind"):
        split_by_image_input(shown, ["openai/gpt-4o", "medtrust/embedded"], title="MediConfusion")
    with pytest.raises(ValueError, match=r"does not know whether ollama/llama3 takes image input.*--image-input ollama/llama3"):
        split_by_image_input(shown, ["ollama/llama3"])
    assert split_by_image_input(shown, ["ollama/llama3"], declared=["ollama/llama3"]) == (["ollama/llama3"], [])
    assert split_by_image_input(shown, ["openai/gpt-4o", "medtrust/embedded"], image_blind=True) == (["openai/gpt-4o"], ["medtrust/embedded"])
    text_only = [SimpleNamespace(metadata={EVIDENCE_METADATA_KEY: declare(data="full_split", images="none")})]
    assert split_by_image_input(text_only, ["medtrust/embedded"]) == (["medtrust/embedded"], [])


# ------------------------------------------------------------------ whose labels a calibration holds
def test_a_calibration_fits_its_own_model_and_judge_version() -> None:
    one = CalibrationScope("cal.json", label_models=["m1"], judge_versions={"offline": "offline-rules-4+r1"})
    assert fit(one, "m1", {"offline": "medtrust-offline-rules@offline-rules-4+r1"}) == ("overall", None, [])
    group, refusal, _ = fit(one, "m2", {})
    assert group is None and "labels came from m1, not m2" in refusal and "--force-calibration" in refusal
    group, refusal, warnings = fit(one, "m2", {}, force=True)
    assert group == "overall" and refusal is None and "--force-calibration" in warnings[0] and "labels came from m1, not m2" in warnings[0]
    _, refusal, _ = fit(one, "m1", {"offline": "offline-rules-3+r1"})
    assert "judge version differs" in refusal
    two = CalibrationScope("cal.json", label_models=["m1", "m2"])
    assert fit(two, "m2", {})[0] == "m2"  # labels of several models: the model's own estimate
    unknown = CalibrationScope("old.json")
    assert "does not record which model" in fit(unknown, "m1", {})[1]
    assert same_version("medtrust-offline-rules@v4", "v4") and not same_version("v4", "v5")
