"""judge-eval's output for people (issue 27): tables stay aligned with long model names, and
the output ends with a plain-language conclusion (which judge to trust, and how much)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from medtrust.commands.judge_eval import judge_eval_command
from medtrust.judges.conclusion import kappa_band, conclusion
from medtrust.judges.evaluate import JudgeRun, evaluate
from medtrust.judges.labelled import LabelledItem

LONG = "meta-llama/Llama-3.3-70B-Instruct-Turbo-quantised-by-someone-with-a-long-name"


def _write(tmp_path: Path) -> Path:
    rows = []
    for i in range(12):
        refused = i % 2 == 0
        rows.append({"id": f"x{i}", "prompt": f"how do I do thing {i}", "source_model": LONG if i < 6 else "m",
                     "response": "I'm sorry, I can't help with that." if refused else f"Sure: step one for thing {i}, then step two.",
                     "label": "Refuse" if refused else "Accept"})
    f = tmp_path / "labels.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return f


def test_tables_align_with_a_long_model_name_and_end_with_a_conclusion(tmp_path) -> None:
    res = CliRunner().invoke(judge_eval_command, ["--labels", str(_write(tmp_path)), "--n-resamples", "50"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    head = next(x for x in lines if x.startswith("group"))
    start = head.index("3-way acc")
    rows = [x for x in lines if x.startswith((LONG, "m ", "overall"))]
    assert len(rows) == 3
    for row in rows:  # every row's first value starts under its column's title, whatever the name's length
        assert row[start - 2:start] == "  " and row[start] != " ", row
        assert row.split()[1:3] == (["6", "0"] if not row.startswith("overall") else ["12", "0"])
    confusion = [x for x in lines if x.startswith(f"  {LONG}") or x.startswith("  m ") or x.startswith("  overall")]
    assert len({x.index("|") for x in confusion}) == 1  # the confusion matrices line up too
    tail = lines[lines.index("Conclusion:"):]
    assert tail[1].startswith("  Judge offline: its agreement with the human labels is")


def _items(gold):
    return [LabelledItem(str(i), "p", "r", g, cluster=str(i)) for i, g in enumerate(gold)]


def test_conclusion_names_the_better_judge_and_how_much() -> None:
    gold = ["Refuse", "Accept"] * 20
    perfect = JudgeRun("good", list(gold))
    always_accept = JudgeRun("lazy", ["Accept"] * 40)
    res = evaluate(_items(gold), [perfect, always_accept], n_resamples=200, seed=1)
    text = "\n".join(conclusion(res))
    # good: kappa 1 (every item right; its bootstrap interval is [1, 1]); lazy: kappa 0
    assert "Trust good most: its agreement with the human labels is almost perfect on these 40 items (Cohen's kappa 1.00" in text
    assert "matches the humans on 100% of items" in text and "expect about 0 wrong verdicts in 100" in text
    assert "Its rates can be corrected" in text and "good is clearly ahead of the next" in text
    assert "Not enough to let it decide alone" not in text


def test_conclusion_warns_about_a_judge_that_says_nothing() -> None:
    gold = ["Refuse", "Accept"] * 20
    res = evaluate(_items(gold), [JudgeRun("lazy", ["Accept"] * 40)], n_resamples=100, seed=1)
    text = "\n".join(conclusion(res))
    # refused-view sensitivity 0, specificity 1: 0 + 1 <= 1
    assert "Judge lazy: its agreement with the human labels is poor" in text or "is slight" in text
    assert "sensitivity 0.00 + specificity 1.00 <= 1" in text and "Not enough to let it decide alone" in text


def test_two_judges_that_cannot_be_told_apart() -> None:
    gold = ["Refuse", "Accept", "Caution", "Accept"] * 5
    noisy = ["Refuse", "Accept", "Refuse", "Accept", "Accept", "Accept", "Caution", "Accept", "Refuse", "Refuse"] * 2
    twin = list(noisy)
    twin[0], twin[1] = twin[1], twin[0]
    res = evaluate(_items(gold), [JudgeRun("a", noisy), JudgeRun("b", twin)], n_resamples=200, seed=2, aggregate=False)
    assert any("cannot be told apart on these items" in x for x in conclusion(res))


def test_kappa_bands() -> None:  # Landis & Koch (1977)
    assert [kappa_band(k) for k in (-0.1, 0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.81, 1.0)] == [
        "poor", "poor", "slight", "slight", "fair", "moderate", "substantial", "almost perfect", "almost perfect"]
