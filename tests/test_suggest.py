"""Did-you-mean suggestions (medtrust.suggest): one rule at every place a name can be misspelt,
ties named rather than guessed, bounded work on any input."""

from __future__ import annotations

import difflib

import pytest
from click.testing import CliRunner

from medtrust.benchmarks.registry import did_you_mean as benchmark_hint
from medtrust.cli import main
from medtrust.report.criteria import CriteriaError, load_criteria
from medtrust.suggest import MAX_NAME, closest, did_you_mean

BENCH = ["cares-llm", "cares-vlm", "mediconfusion"]


@pytest.mark.parametrize("typo,want", [
    ("cares-lm", ["cares-llm", "cares-vlm"]),   # one letter from both: a tie, both named
    ("cares-vm", ["cares-vlm"]),                 # one letter from cares-vlm, two from cares-llm
    ("cares-llmm", ["cares-llm"]),
    ("medi", []),                                # too far from all (ratio 0.47 < 0.6)
    ("CARES-LLM", []),                           # case is the caller's job (the registry lower-cases)
])  # fmt: skip
def test_closest_by_hand(typo, want):
    assert closest(typo, BENCH) == want
    # the ratios that decide it, from difflib directly: 2 * 8 / 17 for both candidates of the tie
    if typo == "cares-lm":
        assert [difflib.SequenceMatcher(None, typo, k).ratio() for k in BENCH[:2]] == [16 / 17, 16 / 17]


def test_the_hint_names_every_tie_in_words():
    assert did_you_mean("cares-lm", BENCH) == " (did you mean 'cares-llm' or 'cares-vlm'?)"
    assert did_you_mean("cares-vm", BENCH, sentence=True) == " Did you mean 'cares-vlm'?"
    assert did_you_mean("zzz", BENCH) == ""


@pytest.mark.parametrize("route", ["run", "criteria", "registry"])
def test_a_tied_benchmark_name_names_both_on_every_route(route, tmp_path):
    if route == "registry":
        assert benchmark_hint("cares_lm") == " (did you mean 'cares-llm' or 'cares-vlm'?)"
        assert benchmark_hint("cares_lm", cli_spelling=False) == " (did you mean 'cares_llm' or 'cares_vlm'?)"
    elif route == "run":
        r = CliRunner().invoke(main, ["run", "-b", "cares-lm", "--display", "none"])
        assert r.exit_code == 2 and "did you mean 'cares-llm' or 'cares-vlm'?" in r.output
    else:
        p = tmp_path / "c.toml"
        p.write_text("[[criterion]]\nid='a'\nbenchmark='cares_lm'\nmetric='x'\nat_least=1\n", encoding="utf-8")
        with pytest.raises(CriteriaError, match=r"\(did you mean 'cares_llm' or 'cares_vlm'\?\)"):
            load_criteria(p)


def test_a_misspelt_command_and_judge_and_task_argument_use_the_same_rule():
    r = CliRunner().invoke(main, ["reprot"])
    assert r.exit_code == 2 and "Did you mean 'report'?" in r.output
    r = CliRunner().invoke(main, ["run", "-T", "sample_limt=3", "--display", "none"])
    assert r.exit_code == 2 and "did you mean 'sample_limit'?" in r.output


def test_long_input_is_cut_so_the_work_stays_small():
    # 1 MB of text compared with 3 short names: the cut makes it as cheap as a 100-character name
    huge = "cares-llm" + "x" * 1_000_000
    assert closest(huge, BENCH) == [] and len(huge[:MAX_NAME]) == MAX_NAME
    assert closest("cares-llm" + "x" * 3, BENCH) == ["cares-llm"]
