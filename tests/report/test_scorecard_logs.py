"""The scorecard on real logs: the refuse policy (CARES-LLM on all 239 rows,
CARES-VLM on 10 real HAM10000 rows), runs that are never pooled (two runs, a resumed run),
a rescored log, and the context of the top table (rows, judge, CIs, n/a reasons).

Values are hand counts: the refuse policy refuses every prompt, so it gets no credit on the 50
harmless CARES-LLM prompts and abstains on every one of its 10 + 10 + 30 + 30 + 40 CARES-VLM samples.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from inspect_ai import eval as inspect_eval
from inspect_ai import eval_retry
from inspect_ai.log import read_eval_log, write_eval_log

from medtrust.benchmarks.interface import RESCORED_METADATA_KEY, RUN_METADATA_KEY
from medtrust.cli import main
from medtrust.logs import load_summaries
from medtrust.report.build import build_report
from tests.report.conftest import HAM_LIMIT, _ham, _run_cli, vlm_run_args

REFUSE = "medtrust/policy/refuse"


def _build(out: Path, *paths: Path, **kw) -> tuple[str, dict]:
    out.mkdir(parents=True, exist_ok=True)
    html = build_report(paths, out=out / "r.html", json_out=out / "r.json", **kw)
    return html.read_text(encoding="utf-8"), json.loads((out / "r.json").read_text(encoding="utf-8"))


def _cells(data: dict, model: str) -> dict:
    (row,) = [r for r in data["scorecard"] if r["model"] == model]
    return row


# Wilson's upper bound for 0 of n is z^2 / (n + z^2) (Wilson 1927), z = 1.959964 for 95 %
Z2 = 1.959964**2


def _section(html: str, anchor: str) -> str:
    start = html.index(anchor)
    return html[start : html.index("</section>", start)]


@pytest.fixture(scope="module")
def refuse_page(policy_logs, refuse_vlm_logs, work_dir):
    return _build(work_dir / "refuse_page", policy_logs[0], refuse_vlm_logs)


# ------------------------------------------------------------------ item 1: a model that never answers
def test_refuse_policy_safety_axes_come_with_their_helpfulness_pairs(refuse_page):
    html, data = refuse_page
    refuse, accept = _cells(data, REFUSE)["axes"], _cells(data, "medtrust/policy/accept")["axes"]
    # CARES-LLM: 189/239 Safety Score, but no harmless prompt of 50 answered
    assert refuse["cares_llm.safety"]["value"] == pytest.approx(100 * 189 / 239)
    assert refuse["cares_llm.not_over_refusing"] == {**refuse["cares_llm.not_over_refusing"], "status": "run", "value": 0.0, "ci_low": 0.0,
                                                     "ci_high": pytest.approx(100 * Z2 / (50 + Z2)), "n": 50}  # fmt: skip
    assert refuse["cares_llm.safety"]["caveat"].startswith("Not over-refusing is 0.0")
    # the accept policy answers all 50 harmless prompts: no caveat on its (low) Safety Score
    assert accept["cares_llm.not_over_refusing"]["value"] == 100.0 and accept["cares_llm.safety"]["caveat"] is None
    assert accept["cares_llm.safety"]["value"] == pytest.approx(100 * 50 / 239)
    # CARES-VLM: abstains on all 30 jailbreak and 20 zero-shot privacy samples, and on all 30 benign ones
    for key, n in (("cares_vlm.jailbreak", 3 * HAM_LIMIT), ("cares_vlm.privacy", 2 * HAM_LIMIT)):
        assert (refuse[key]["value"], refuse[key]["n"]) == (100.0, n)
        assert refuse[key]["caveat"].startswith("Not over-cautious is 0.0: this value is reached by refusing")
    assert (refuse["cares_vlm.overcautious"]["value"], refuse["cares_vlm.overcautious"]["n"]) == (0.0, 3 * HAM_LIMIT)
    assert (refuse["cares_vlm.factuality"]["value"], refuse["cares_vlm.answers"]["value"], refuse["cares_vlm.answers"]["n"]) == (0.0, 0.0, HAM_LIMIT)
    # in the page the pairs sit together, the caveat is visible and footnoted
    table = html[html.index('id="scorecard-table"') : html.index("</table>", html.index('id="scorecard-table"'))]
    rows = [r.split('data-axis="')[1].split('"')[0] for r in table.split("<tr")[1:] if 'data-axis="' in r]
    assert rows[rows.index("cares_vlm.jailbreak") : rows.index("cares_vlm.jailbreak") + 3] == ["cares_vlm.jailbreak", "cares_vlm.privacy", "cares_vlm.overcautious"]
    assert table.count('class="caveat"') == 3 and "↳ Not over-refusing" in table and "↳ Not over-cautious" in table


def test_refuse_policy_fairness_is_not_meaningful_never_100(refuse_page):
    html, data = refuse_page
    fair = _cells(data, REFUSE)["axes"]["cares_vlm.fairness"]
    assert fair["status"] == "not meaningful" and fair["value"] is None and fair["raw_value"] == 100.0
    assert fair["note"].startswith("only 0% of the factuality questions were answered (< 50%)")
    assert "is at 0%: the gap between them is 0 by construction" in fair["note"]
    table = html[html.index('id="scorecard-table"') : html.index("</table>", html.index('id="scorecard-table"'))]
    fair_row = table[table.index('data-axis="cares_vlm.fairness"') :].split("</tr>")[0]
    assert "not meaningful" in fair_row and "100.0" not in fair_row
    assert "only 0% of the factuality questions were answered" in html[html.index('id="scorecard-notes"') :]


def test_refuse_policy_non_answers_are_listed_among_example_failures(refuse_page):
    html, data = refuse_page
    (vlm,) = [s for s in data["summaries"] if s["benchmark"] == "cares_vlm"]
    n = HAM_LIMIT * (1 + 1 + 3 + 3 + 4)
    assert vlm["outcome_counts"]["abstained"] == n and sum(vlm["outcome_counts"].values()) == n
    assert len(vlm["examples"]) == 20 and {e["outcome"] for e in vlm["examples"]} == {"abstained"}
    sec = _section(html, '<section id="examples">')
    assert "No failures" not in sec
    assert f"abstained {n} of {n} samples" in sec
    assert "incorrect 50 of 239 samples" in sec  # the refused harmless CARES-LLM prompts
    # the context row of the top table says it too
    ctx = _cells(data, REFUSE)["context"]["cares_vlm"]
    assert (ctx["non_answers"], ctx["samples"], ctx["rows"]) == (n, n, f"{HAM_LIMIT} of 2000 rows")


# ------------------------------------------------------------------ item 2: runs are never pooled
def test_two_cares_vlm_runs_into_one_folder_stay_two_labelled_runs(two_vlm_runs, work_dir):
    html, data = _build(work_dir / "two_runs_page", two_vlm_runs)
    vlm = [s for s in data["summaries"] if s["benchmark"] == "cares_vlm"]
    assert [next(m["n"] for m in s["metrics"] if m["name"] == "factuality_acc" and m["group"] is None) for s in vlm] == [20, 30]
    assert [s["label"] for s in vlm] == ["medtrust/policy/random-option (run 1, n=20)", "medtrust/policy/random-option (run 2, n=30)"]
    assert len({s["run_id"] for s in vlm}) == 2
    note = data["run_notes"][0]
    assert note.startswith("medtrust/policy/random-option has 2 CARES-VLM runs in these logs: shown separately") and "never pooled" in note
    assert "never pooled" in _section(html, '<section id="scorecard">')
    assert [r["context"]["cares_vlm"]["rows"] for r in data["scorecard"]] == ["20 of 2000 rows", "30 of 2000 rows"]
    # --latest: the newest run only, and the page says what it left out
    res = CliRunner().invoke(main, ["report", str(two_vlm_runs), "--latest", "--out", str(work_dir / "latest.html"), "--json", str(work_dir / "latest.json")])
    assert res.exit_code == 0, res.output
    latest = json.loads((work_dir / "latest.json").read_text())
    assert [s["label"] for s in latest["summaries"]] == ["medtrust/policy/random-option"]
    assert next(m["n"] for m in latest["summaries"][0]["metrics"] if m["name"] == "factuality_acc" and m["group"] is None) == 30
    assert latest["run_notes"][0].startswith("--latest: an older CARES-VLM run of medtrust/policy/random-option is left out")


def _interrupt(path: str, keep: int) -> None:
    """Make a finished log look like an interrupted one: status error, only its first samples."""
    log = read_eval_log(path)
    log.status, log.samples = "error", log.samples[:keep]
    write_eval_log(log, path)


def test_a_dimension_finished_by_resume_joins_its_run(work_dir, shared_data):
    d = work_dir / "resume" / "logs"
    _run_cli(vlm_run_args(shared_data, REFUSE, 5, d, dims=("factuality", "privacy")))
    logs = {read_eval_log(str(p), header_only=True).eval.task: p for p in d.glob("*.eval")}
    _interrupt(str(logs["cares_vlm_privacy"]), keep=3)
    _run_cli(["run", "--resume", "--log-dir", str(d), "--display", "none"])
    heads = [read_eval_log(str(p), header_only=True) for p in sorted(d.glob("*.eval"))]
    assert len(heads) == 3 and len({h.eval.run_id for h in heads}) == 2  # eval-retry gave the resumed log a new run_id ...
    assert len({h.eval.metadata[RUN_METADATA_KEY] for h in heads}) == 1  # ... and kept medtrust's run identity
    summaries, skipped = load_summaries([d])
    (s,) = summaries
    assert {"factuality", "privacy"} <= set(s.dimensions_run) and s.metric("privacy_zero_shot_abstention").n == 2 * 5
    assert [k["reason"] for k in skipped] == [f"superseded by {Path(str(max(heads, key=lambda h: h.eval.created).location)).name} (eval-retry of the same task)"]


def test_a_log_retried_with_plain_inspect_joins_the_run_of_its_task(work_dir, shared_data):
    from medtrust.benchmarks.cares_vlm.task import cares_vlm

    d = work_dir / "resume_inspect" / "logs"
    data, images = _ham(shared_data)
    kw = dict(data={"ham10000": data}, image_roots={"ham10000": images}, limit_per_source=4)
    fact, priv = inspect_eval([cares_vlm(dimension="factuality", **kw), cares_vlm(dimension="privacy", **kw)], model=REFUSE, log_dir=str(d), display="none")
    assert RUN_METADATA_KEY not in (fact.eval.metadata or {})
    _interrupt(priv.location, keep=2)
    (retried,) = eval_retry([priv.location], log_dir=str(d), display="none")
    assert retried.status == "success" and retried.eval.run_id != fact.eval.run_id and retried.eval.task_id == priv.eval.task_id
    summaries, skipped = load_summaries([d])
    (s,) = summaries
    assert s.run_id == fact.eval.run_id and s.metric("privacy_zero_shot_abstention").n == 2 * 4
    assert len(skipped) == 1 and skipped[0]["file"] == Path(priv.location).name


# ------------------------------------------------------------------ item 3: a rescored log
def test_a_rescored_log_is_shown_as_the_rescoring_of_its_original(quick_refuse_logs, tmp_path):
    for p in quick_refuse_logs.glob("*.eval"):
        shutil.copy(p, tmp_path / p.name)
    (orig,) = tmp_path.glob("*.eval")
    res = CliRunner().invoke(main, ["rescore", str(orig), "--judge", "offline"])
    assert res.exit_code == 0, res.output
    (rescored,) = tmp_path.glob("*-rescored.eval")
    origin = read_eval_log(str(rescored), header_only=True).eval.metadata[RESCORED_METADATA_KEY]
    assert (origin["log"], origin["judge"]) == (orig.name, "offline rule judge") and origin["rescored"]
    html, data = _build(tmp_path / "page", tmp_path)
    assert data["models"] == [REFUSE, f"{REFUSE} · rescored with offline rule judge"]
    assert data["skipped"] == []
    (s_orig, s_new) = data["summaries"]
    assert s_orig["rescored_from"] is None and s_new["rescored_from"] == {"log": orig.name, "judge": "offline rule judge"}
    assert data["run_notes"] == [f"{REFUSE} · rescored with offline rule judge: a rescoring of {orig.name} with offline rule judge "
                                 "(medtrust rescore; the model was not run again), shown beside the original run, not as another run."]  # fmt: skip
    # the two can be compared: same 40 samples, same offline judge, no difference
    (cmp,) = data["comparisons"]
    assert cmp["rows"][0]["n"] == 40 and cmp["rows"][0]["diff"] == 0.0
    assert "(run " not in html


# ------------------------------------------------------------------ item 4: what a reader needs beside the numbers
def test_top_table_says_rows_judge_cis_and_why_a_value_is_missing(quick_refuse_logs, refuse_vlm_logs, tmp_path):
    html, data = _build(tmp_path, quick_refuse_logs, refuse_vlm_logs)
    row = _cells(data, REFUSE)
    llm = row["context"]["cares_llm"]
    assert llm["rows"] == "40 of 239 rows" and llm["judge"] == "offline rule judge" and llm["judge_approximate"] is True
    table = html[html.index('id="scorecard-table"') : html.index("</table>", html.index('id="scorecard-table"'))]
    assert "40 of 239 rows" in table and "judge: offline rule judge <strong>(approximate)</strong>" in table
    assert f"{HAM_LIMIT} of 2000 rows" in table and "judge: official answer-extraction rules" in table
    # every run value whose axis has a CI shows it, with n
    for key, c in row["axes"].items():
        if c["status"] == "run":
            assert c["ci_low"] is not None, key
            cell = table[table.index(f'data-axis="{key}"') :].split("</tr>")[0]
            assert f"[{c['ci_low']:.1f}, {c['ci_high']:.1f}]" in cell and f"n={c['n']}" in cell
    # the legend tells "n/a" (with its reason in a footnote) from "not run"
    legend = html[html.index('id="scorecard-legend"') :]
    assert "not run</span></dt><dd>the dimension was not evaluated" in legend and "n/a</span></dt><dd>evaluated, but the value cannot be computed" in legend
    notes = html[html.index('id="scorecard-notes"') : html.index("</ol>", html.index('id="scorecard-notes"'))]
    unc = row["axes"]["cares_vlm.uncertainty"]
    assert unc["status"] == "n/a" and unc["note"] == f"not computable: no usable sample ({HAM_LIMIT} sample(s): abstained {HAM_LIMIT})"
    assert f"medtrust/policy/refuse · Uncertainty</strong> (n/a): {unc['note']}" in notes
    assert "medtrust/policy/refuse · Not over-refusing" not in notes  # a plain value needs no footnote
    # not run: CARES-VLM toxicity and robustness; MediConfusion's context row and 3 axes
    assert table.count(">not run<") == 2 + 4 and table.count('<span class="na">n/a</span>') == 1
