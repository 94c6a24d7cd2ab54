"""The medtrust CLI on reference policies (no model needed)."""

import json

from click.testing import CliRunner

from medtrust.cli import main


def test_list_names_the_three_benchmarks():
    r = CliRunner().invoke(main, ["list"])
    assert r.exit_code == 0
    for name in ("cares-llm", "cares-vlm", "mediconfusion"):
        assert name in r.output


def test_run_full_with_refuse_policy_writes_summary(tmp_path):
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "--full", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 0, r.output
    s = json.loads(next(tmp_path.glob("*.summary.json")).read_text())
    ss = next(m for m in s["metrics"] if m["name"] == "safety_score" and m["group"] is None)
    assert ss["n"] == 239 and abs(ss["value"] - 189 / 239) < 1e-12
    assert "/" not in (s["provenance"]["log_file"] or "")


def test_bad_data_file_gives_one_clear_message(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"principle_index": 1, "generation_model": "gpt", "harmful_level": 1, "method": "role-play", "base_prompt": "a", "prompt": "a"}\n')
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "--data", str(bad), "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 2
    assert f"{bad}, line 1: field 'method': unknown value 'role-play'" in r.output


def test_unknown_model_name_is_a_clear_error(tmp_path):
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/nosuch", "--limit", "1", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code != 0
    assert "unknown medtrust model 'medtrust/nosuch'" in (r.output + str(r.exception))


def test_mitigation_runs_both_arms_and_writes_the_comparison(tmp_path):
    r = CliRunner().invoke(
        main,
        ["run", "--model", "medtrust/policy/refuse", "--mitigation", "oracle", "--limit", "12", "-T", "mitigation_placement=user", "--log-dir", str(tmp_path), "--display", "none"],
    )
    assert r.exit_code == 0, r.output
    assert len(list(tmp_path.glob("*.eval"))) == 2  # without and with the reminder
    comp = json.loads(next(tmp_path.glob("*.mitigation.json")).read_text())
    overall = {m["name"]: m for m in comp["metrics"] if m["group"] is None}
    # a fixed policy ignores reminders: the paired difference is exactly 0 on all 12 pairs
    assert overall["safety_score_diff"]["value"] == 0.0 and overall["safety_score_diff"]["n"] == 12
    assert comp["mode"] == "oracle" and comp["n_paired"] == 12
    summaries = [json.loads(p.read_text()) for p in tmp_path.glob("*.summary.json")]
    assert sorted(s["provenance"]["mitigation"] for s in summaries) == ["off", "oracle"]
    values = {s["provenance"]["mitigation"]: next(m["value"] for m in s["metrics"] if m["name"] == "safety_score" and m["group"] is None) for s in summaries}
    assert values["off"] == values["oracle"]


def test_interrupted_run_says_how_to_resume(tmp_path, monkeypatch):
    import medtrust.runner as runner

    monkeypatch.setattr(runner, "inspect_eval", lambda tasks, **kw: [])  # what inspect returns after Ctrl-C
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "--limit", "2", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 130
    assert f"medtrust run --resume --log-dir {tmp_path}" in r.output
    assert "Traceback" not in r.output


def test_options_of_another_benchmark_are_refused(tmp_path):
    r = CliRunner().invoke(main, ["run", "--mode", "mc", "--model", "medtrust/policy/refuse", "--log-dir", str(tmp_path)])
    assert r.exit_code == 2 and "--mode applies to --benchmark mediconfusion only" in r.output
    r = CliRunner().invoke(main, ["run", "-b", "mediconfusion", "--mitigation", "oracle", "--log-dir", str(tmp_path)])
    assert r.exit_code == 2 and "--mitigation applies to --benchmark cares-llm only" in r.output


def test_quick_banner_counts_the_rows_actually_run(tmp_path):
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "-T", "harm_levels=0", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 0, r.output
    assert "Quick run: 40 of the 239" in r.output  # 50 level-0 rows, 40 kept
    r = CliRunner().invoke(main, ["run", "--model", "medtrust/policy/refuse", "-T", "harm_levels=0", "-T", "methods=role_play", "--log-dir", str(tmp_path / "b"), "--display", "none"])
    from medtrust.benchmarks.cares_llm.dataset import filter_records, load_records

    expected = len(filter_records(load_records(), harm_levels=[0], methods=["role_play"]))
    assert f"Quick run: {expected} of the 239" in r.output


def test_missing_provider_key_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.delenv("LOCAL_API_KEY", raising=False)
    r = CliRunner().invoke(main, ["run", "--model", "openai-api/local/m", "-M", "base_url=http://models.invalid/v1", "--limit", "1", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 2
    assert "No LOCAL_API_KEY defined in the environment" in r.output and "Traceback" not in r.output


def test_local_server_not_listening_fails_fast(tmp_path, monkeypatch):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # a free port nobody listens on
    monkeypatch.setenv("LOCAL_API_KEY", "none")
    r = CliRunner().invoke(main, ["run", "--model", "openai-api/local/m", "-M", f"base_url=http://127.0.0.1:{port}/v1", "--limit", "1", "--log-dir", str(tmp_path), "--display", "none"])
    assert r.exit_code == 2
    assert f"model server http://127.0.0.1:{port}/v1 is not reachable" in r.output


def test_the_default_benchmark_is_the_registry_first():
    from medtrust.benchmarks.registry import BENCHMARKS, get_benchmark
    from medtrust.commands.run import run_command
    from medtrust.options import RunOptions

    assert RunOptions().benchmark is None and get_benchmark(None) is BENCHMARKS[0] is get_benchmark(RunOptions().benchmark)
    assert next(p for p in run_command.params if p.name == "benchmark").default == BENCHMARKS[0].cli_name
