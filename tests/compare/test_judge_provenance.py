"""Each judge's exact configuration in provenance (medtrust.judges.roles.recorded_role_configs),
credentials never written, and a judge change flagged by the settings check of a comparison."""

from __future__ import annotations

from types import SimpleNamespace

from inspect_ai.model import GenerateConfig

from medtrust.compare.settings import check_settings, describe
from medtrust.judges.roles import recorded_role_configs
from medtrust.summary import BenchmarkSummary


def _log(**role):
    cfg = SimpleNamespace(model="openai/gpt-4o-mini-2024-07-18", config=GenerateConfig(temperature=0.0, seed=7, max_tokens=512),
                          base_url="https://alice:hunter2@judge.example:8443/v1", args={"api_key": "sk-live-123", "organization": "org-1"})  # fmt: skip
    for k, v in role.items():
        setattr(cfg, k, v)
    return SimpleNamespace(eval=SimpleNamespace(model_roles={"grader": cfg}))


def test_judge_configuration_is_recorded_exactly_without_credentials():
    (g,) = recorded_role_configs(_log())["grader"]
    assert g["model"] == "openai/gpt-4o-mini-2024-07-18"
    assert g["generate"] == {"temperature": 0.0, "seed": 7, "max_tokens": 512}
    assert g["base_url"] == "https://judge.example:8443/v1"  # the password in the URL is dropped
    assert g["args"] == {"api_key": "[redacted]", "organization": "org-1"}
    assert "hunter2" not in str(g) and "sk-live-123" not in str(g)
    assert recorded_role_configs(SimpleNamespace(eval=SimpleNamespace(model_roles=None))) == {}


def _summary(judge_configs, rubric="r1"):
    lf = [{"task": "cares_llm", "task_version": 1, "data_sha256": "d" * 64, "task_args": {}, "generate_config": {"temperature": 0.0},
           "judge_configs": judge_configs}]  # fmt: skip
    return BenchmarkSummary("cares_llm", "m", "cares_llm", provenance={"log_files": lf, "rubric_sha256": rubric})


def test_a_changed_judge_is_flagged_on_the_comparison():
    same = recorded_role_configs(_log())
    assert check_settings(_summary(same), _summary(same))["status"] == "same"
    hotter = recorded_role_configs(_log(config=GenerateConfig(temperature=0.7, seed=7, max_tokens=512)))
    chk = check_settings(_summary(hotter), _summary(same))
    assert chk["status"] == "flagged" and chk["judge_changed"]
    assert [(f["kind"], f["field"], f["a"], f["b"]) for f in chk["flagged"]] == [("judge", "cares_llm judge grader.0.generate.temperature", "0.7", "0.0")]
    rubric = check_settings(_summary(same, rubric="r2"), _summary(same))
    assert rubric["judge_changed"] and rubric["flagged"][0]["field"] == "rubric_sha256"
    assert describe(rubric).startswith("compared, but settings differ")
