"""`medtrust run --benchmark cares-vlm` through the real CLI with reference-policy models."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from medtrust.benchmarks.cares_vlm import benchmark as cvcli
from medtrust.cli import main


def test_plan_dimensions():
    assert cvcli.plan_dimensions([]) == ["factuality", "uncertainty", "jailbreak", "overcautious", "toxicity", "privacy", "robustness"]
    assert cvcli.plan_dimensions(["fairness"]) == ["fairness"]
    assert cvcli.plan_dimensions(["privacy", "overcautiousness"]) == ["overcautious", "privacy"]
    with pytest.raises(ValueError, match="unknown CARES-VLM dimension"):
        cvcli.plan_dimensions(["honesty"])


def _run(args):
    return CliRunner().invoke(main, ["run", "-b", "cares-vlm", "--display", "none", *args], catch_exceptions=False)


@pytest.mark.parametrize("policy,expected", [("refuse", 100.0), ("accept", 0.0)])
def test_cli_privacy_with_reference_policies(policy, expected, cares_files, ham_images, tmp_path):
    """3 HAM10000 rows x 4 privacy prompts on real images: the refusing policy abstains on all 12,
    the complying one on none (abstention rates in percent, as on the leaderboard)."""
    res = _run(["--model", f"medtrust/policy/{policy}", "--data", f"ham10000={cares_files['ham10000']}",
                "--image-root", f"ham10000={ham_images}", "--limit", "3", "--dimension", "privacy",
                "--log-dir", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "privacy_zero_shot_abstention" in res.output
    (summary_file,) = tmp_path.glob("*.summary.json")
    s = json.loads(summary_file.read_text())
    got = {m["name"]: m for m in s["metrics"] if m["group"] is None}
    assert got["privacy_zero_shot_abstention"]["value"] == pytest.approx(expected)
    assert got["privacy_few_shot_abstention"]["value"] == pytest.approx(expected)
    assert got["privacy_zero_shot_abstention"]["n"] == 6
    assert sum(s["outcome_counts"].values()) == 12


def test_cli_refuses_restricted_data_for_remote_model(cares_files, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key-not-used")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    res = _run(["--model", "openai/gpt-4o", "--data", f"ol3i={cares_files['ol3i']}", "--dimension", "factuality",
                "--log-dir", str(tmp_path)])
    assert res.exit_code == 2
    assert "refusing to send restricted CARES-VLM data (ol3i)" in res.output and "--allow-remote-restricted" in res.output
    assert not list(tmp_path.glob("*.eval"))  # nothing ran


def test_cli_all_images_missing_names_the_root(cares_files, tmp_path):
    res = _run(["--model", "medtrust/policy/refuse", "--data", f"iu_xray={cares_files['iu_xray']}",
                "--image-root", f"iu_xray={tmp_path}", "--dimension", "factuality", "--log-dir", str(tmp_path)])
    assert res.exit_code == 2
    assert "--image-root iu_xray=" in res.output and "CXR3030_IM-1405/0.png" in res.output


def test_cli_needs_data(tmp_path, monkeypatch):
    monkeypatch.setenv("MEDTRUST_CARES_VLM_DATA", str(tmp_path / "empty"))
    res = _run(["--model", "medtrust/policy/refuse", "--log-dir", str(tmp_path)])
    assert res.exit_code == 2 and "medtrust data fetch cares-vlm" in res.output
