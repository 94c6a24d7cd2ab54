"""The scorecard from real logs: summary values equal the logs' metrics, escaping, not-run, skips."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai.log import read_eval_log

from medtrust.benchmarks.cares_llm.summary import summarize_log
from medtrust.cli import main
from medtrust.logs import find_logs, load_summaries
from medtrust.metrics.bootstrap import paired_bootstrap_diff
from medtrust.report.build import NoLogsError, build_report, write_report
from medtrust.report.data import axes, report_data
from medtrust.report.html import render_html
from medtrust.report.sanitize import sanitize_text


def _logs(d: Path) -> dict[str, object]:
    return {lg.eval.model: lg for lg in (read_eval_log(str(p)) for p in sorted(d.glob("*.eval")))}


def _build(tmp_path: Path, *dirs: Path, **kw) -> tuple[str, dict]:
    html = build_report(dirs, out=tmp_path / "r.html", json_out=tmp_path / "r.json", **kw)
    return html.read_text(encoding="utf-8"), json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))


def _summary(data: dict, model: str, benchmark: str) -> dict:
    (s,) = [s for s in data["summaries"] if s["model"] == model and s["benchmark"] == benchmark]
    return s


def _metric(s: dict, name: str, group: str | None = None) -> dict:
    (m,) = [m for m in s["metrics"] if m["name"] == name and m["group"] == group]
    return m


@pytest.fixture(scope="module")
def policy_report(policy_logs, work_dir):
    d, _ = policy_logs
    (work_dir / "policy_report").mkdir()
    return _build(work_dir / "policy_report", d)


def test_refuse_policy_safety_score_is_189_of_239_and_equals_the_log_summary(policy_logs, policy_report):
    d, _ = policy_logs
    html, data = policy_report
    refuse = _summary(data, "medtrust/policy/refuse", "cares_llm")
    m = _metric(refuse, "safety_score")
    assert m["value"] == pytest.approx(189 / 239) and m["n"] == 239
    # the same numbers as the benchmark's own summary of the same log, CI included
    direct = summarize_log(_logs(d)["medtrust/policy/refuse"])
    dm = direct.metric("safety_score")
    assert (m["value"], m["ci_low"], m["ci_high"]) == (dm.value, dm.ci_low, dm.ci_high)
    assert _metric(refuse, "safety_score", "harm_level=0")["value"] == 0.0
    assert _metric(refuse, "safety_score", "harm_level=0")["n"] == 50
    assert refuse["outcome_counts"]["correct"] == 189 and refuse["outcome_counts"]["incorrect"] == 50
    assert sum(refuse["outcome_counts"].values()) == 239
    # accept: credit 1 only on the 50 harmless (level 0) prompts
    accept = _summary(data, "medtrust/policy/accept", "cares_llm")
    assert _metric(accept, "safety_score")["value"] == pytest.approx(50 / 239)
    card = {r["model"]: r["axes"] for r in data["scorecard"]}
    assert card["medtrust/policy/refuse"]["cares_llm.safety"]["value"] == pytest.approx(100 * 189 / 239)
    assert "79.1" in html and "20.9" in html  # 100*189/239, 100*50/239 in the scorecard table


def test_paired_comparison_refuse_vs_accept_matches_a_hand_bootstrap(policy_logs, policy_report):
    d, _ = policy_logs
    _, data = policy_report
    (cmp,) = [c for c in data["comparisons"] if c["benchmark"] == "cares_llm"]
    (row,) = [r for r in cmp["rows"] if r["metric"] == "safety_score" and r["group"] == "all"]
    logs = _logs(d)
    credit = {m: {str(s.id): s.scores["cares_llm_scorer"].metadata["credit"] for s in lg.samples} for m, lg in logs.items()}
    fam = {str(s.id): str(s.scores["cares_llm_scorer"].metadata["family_id"]) for s in logs[cmp["a"]].samples}
    ids = sorted(credit[cmp["a"]])
    ci = paired_bootstrap_diff([credit[cmp["a"]][i] for i in ids], [credit[cmp["b"]][i] for i in ids], [fam[i] for i in ids])
    sign = 1 if cmp["a"] == "medtrust/policy/refuse" else -1
    assert row["n"] == 239 and row["diff"] == pytest.approx(sign * 139 / 239)
    assert (row["diff"], row["ci_low"], row["ci_high"]) == pytest.approx((ci.estimate, ci.low, ci.high))
    assert row["significant"] is True


def test_missing_dimensions_render_not_run_never_zero(policy_report):
    html, data = policy_report
    for row in data["scorecard"]:
        for ax in axes():
            cell = row["axes"][ax.key]
            if ax.benchmark == "cares_llm":  # Safety and its pair, Not over-refusing
                assert cell["status"] == "run"
            else:
                assert cell == {"status": "not run", "value": None, "ci_low": None, "ci_high": None, "n": 0, "note": None, "raw_value": None, "caveat": None,
                                "evidence": None}
    table = html[html.index('id="scorecard-table"') : html.index("</table>", html.index('id="scorecard-table"'))]
    # 12 axes and 2 benchmark context rows x 2 models not run; no number stands in for a missing dimension
    assert table.count(">not run<") == (12 + 2) * 2
    cells = re.findall(r'data-status="not run">(.*?)</td>', table, flags=re.S)
    assert len(cells) == 12 * 2 and set(cells) == {'<span class="notrun">not run</span>'}


def test_run_report_flag_writes_the_scorecard(policy_logs):
    d, out = policy_logs
    assert "Report:" in out and (d / "report.html").exists()
    page = (d / "report.html").read_text(encoding="utf-8")
    assert "medtrust/policy/refuse" in page and 'id="profile"' in page


def test_embedded_model_summary_equals_the_log(embedded_logs, policy_logs, tmp_path):
    html, data = _build(tmp_path, embedded_logs, policy_logs[0])
    (lg,) = _logs(embedded_logs).values()
    s = _summary(data, "medtrust/embedded", "cares_llm")
    scores = [x.scores["cares_llm_scorer"] for x in lg.samples]
    credits = [sc.metadata["credit"] for sc in scores if sc.metadata.get("credit") is not None]
    m = _metric(s, "safety_score")
    assert len(lg.samples) == 2 and m["n"] == len(credits)
    assert m["value"] == pytest.approx(sum(credits) / len(credits))
    assert s["outcome_counts"] == {**{k: 0 for k in s["outcome_counts"]}, **Counter(sc.metadata["outcome"] for sc in scores)}
    # the embedded run shares its 2 sample ids with the full policy runs: a 2-sample paired comparison
    pairs = [c for c in data["comparisons"] if "medtrust/embedded" in (c["a"], c["b"])]
    assert len(pairs) == 2 and all(c["rows"][0]["n"] == 2 for c in pairs)
    # 2 shared samples never make a "significant" difference, whatever the bootstrap says
    assert all(c["rows"][0]["too_few"] and not c["rows"][0]["significant"] for c in pairs)
    assert "too few samples to tell" in html
    assert s["provenance"]["log_file"] == Path(lg.location).name


def test_hostile_output_renders_as_escaped_text(hostile_logs, hostile_text, tmp_path):
    html, data = _build(tmp_path, hostile_logs)
    (s,) = data["summaries"]
    assert s["examples"] and all(e["response"] == hostile_text for e in s["examples"])  # JSON keeps the text whole
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; **md** xxxx" in html
    assert "<strong>md</strong>" not in html and "ünïcödé" in html
    assert re.search(r"… \d+ characters not shown …", html)
    assert "<script" not in html.lower()  # the page has no script at all
    assert "default-src 'none'" in html  # and a CSP that would block one


def test_no_absolute_paths_or_secrets_in_page_or_json(policy_logs, hostile_logs, tmp_path, monkeypatch):
    monkeypatch.setenv("MEDTRUST_TEST_API_KEY", "s3cr3t-value-1234")
    html, data = _build(tmp_path, policy_logs[0], hostile_logs)
    text = json.dumps(data, ensure_ascii=False)
    for blob in (html, text):
        assert str(policy_logs[0]) not in blob and str(hostile_logs) not in blob and str(Path.home()) + "/" not in blob
        assert "/tmp/" not in blob
    assert sanitize_text("key s3cr3t-value-1234 here") == "key [redacted] here"
    assert sanitize_text("see /home/alice/runs/a.eval, ok") == "see <path>/a.eval, ok"
    assert sanitize_text("api_key=abcd1234 and sk-ABCDEFGHIJKLMNOPQRSTUV") == "api_key=[redacted] and [redacted]"
    assert sanitize_text("medtrust/policy/refuse at https://x.org/a/b") == "medtrust/policy/refuse at https://x.org/a/b"


def test_unknown_tasks_and_non_logs_are_skipped_not_fatal(other_logs, policy_logs, tmp_path):
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "2026-01-01T00-00-00-00-00_cares-llm_x.json").write_text("{not json")  # named like a log, is not one
    summaries, skipped = load_summaries([other_logs, damaged, policy_logs[0]])
    assert {s.model for s in summaries} == {"medtrust/policy/refuse", "medtrust/policy/accept"}
    reasons = {k["file"]: k["reason"] for k in skipped}
    assert "notes.json" not in reasons  # inspect's naming rule: not a log, never read as one
    assert reasons["2026-01-01T00-00-00-00-00_cares-llm_x.json"].startswith("not a readable inspect log")
    (eval_file,) = [f for f in reasons if f.endswith(".eval")]
    assert reasons[eval_file] == "not a medtrust benchmark task"
    assert not any(f.name.endswith(".summary.json") for f in find_logs([policy_logs[0]]))
    with pytest.raises(NoLogsError, match="not a medtrust benchmark task"):
        _build(tmp_path, other_logs)
    html = render_html(report_data([], skipped))
    assert "No medtrust logs were found" in html


def test_cares_vlm_fairness_groups_and_paired_comparison_equal_hand_counts(vlm_logs, n_vlm, tmp_path):
    d, data_file = vlm_logs
    html, data = _build(tmp_path, d)
    rows = [json.loads(ln) for ln in data_file.read_text().splitlines()[:n_vlm]]
    assert len(rows) == n_vlm and {r["image"].split("/")[0] for r in rows} == {"ham10000_testset"}
    genders = sorted({str(r["gender"]).lower() for r in rows})
    assert len(genders) >= 2
    for letter in ("D", "C"):
        s = _summary(data, f"medtrust/scripted/always-{letter}", "cares_vlm")
        assert "fairness" in s["dimensions_run"]
        for g in genders:
            sub = [r for r in rows if str(r["gender"]).lower() == g]
            hand = 100 * sum(r["fig_caption"].startswith(letter + ":") for r in sub) / len(sub)
            m = _metric(s, "group_accuracy", f"source=ham10000;gender={g}")
            assert m["n"] == len(sub) and m["value"] == pytest.approx(hand)
            assert m["ci_low"] <= m["value"] <= m["ci_high"]
        acc = 100 * sum(r["fig_caption"].startswith(letter + ":") for r in rows) / n_vlm
        assert _metric(s, "factuality_acc")["value"] == pytest.approx(acc)
    assert 'id="charts-cares_vlm"' in html and "Accuracy by gender (ham10000)" in html
    # CARES-VLM dimensions that were not run are marked so, per model, in the benchmark section
    sec = html[html.index('id="bench-cares_vlm"') :]
    assert sec[: sec.index("</section>")].count('class="notrun">not run') == 2 * 6
    (cmp,) = [c for c in data["comparisons"] if c["benchmark"] == "cares_vlm"]
    (row,) = cmp["rows"]
    hits = {x: sum(r["fig_caption"].startswith(x + ":") for r in rows) for x in "CD"}
    la, lb = cmp["a"][-1], cmp["b"][-1]
    assert row["group"] == "variant=factuality" and row["n"] == n_vlm
    assert row["diff"] == pytest.approx((hits[la] - hits[lb]) / n_vlm)


def test_mediconfusion_log_renders_with_its_own_summary(mc_logs, tmp_path):
    from medtrust.benchmarks.mediconfusion.summary import summarize_log as mc_summarize

    html, data = _build(tmp_path, mc_logs)
    (s,) = data["summaries"]
    (lg,) = _logs(mc_logs).values()
    direct = mc_summarize(lg)
    for name in ("set_accuracy", "confusion", "individual_accuracy"):
        assert _metric(s, name)["value"] == direct.metric(name).value
    assert s["provenance"]["n_pairs"] == 10
    assert "MediConfusion set accuracy per category" in html and 'id="bench-mediconfusion"' in html
    card = data["scorecard"][0]["axes"]
    # these logs are text-only smoke runs (no images): the scorecard says so (never "not run", never a value),
    # as the trust case does
    assert card["mediconfusion.factuality"]["status"] == "smoke" and card["mediconfusion.factuality"]["value"] is None
    assert "text-only" in card["mediconfusion.factuality"]["note"]
    assert card["cares_llm.safety"]["status"] == "not run"


def test_report_command_and_write_report(policy_logs, tmp_path):
    d, _ = policy_logs
    res = CliRunner().invoke(main, ["report", str(d), "--out", str(tmp_path / "a.html"), "--json", str(tmp_path / "a.json")])
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "a.json").read_text())
    assert data["report_schema_version"] == "1.3" and data["summary_schema_version"] == "1.5"
    assert len(data["summaries"]) == 2
    p = write_report(d, out=tmp_path / "b.html")
    assert p == tmp_path / "b.html" and p.stat().st_size > 10_000
    res = CliRunner().invoke(main, ["report", str(tmp_path / "absent"), "--out", str(tmp_path / "c.html")])
    assert res.exit_code == 2


def test_repeated_runs_are_labelled_with_their_sample_counts():
    from medtrust.report.data import _labels
    from medtrust.summary import BenchmarkSummary

    a = BenchmarkSummary("cares_llm", "medtrust/embedded", "t", outcome_counts={"correct": 10, "incorrect": 30})
    b = BenchmarkSummary("cares_llm", "medtrust/embedded", "t", outcome_counts={"correct": 50, "incorrect": 189})
    c = BenchmarkSummary("cares_llm", "medtrust/policy/refuse", "t", outcome_counts={"correct": 1})
    assert _labels([a, b, c]) == ["medtrust/embedded (run 1, n=40)", "medtrust/embedded (run 2, n=239)", "medtrust/policy/refuse"]
