"""Issue 22, section 1: every reader runs in linear time, whatever the reply.

- The static checker (medtrust.regex_safety) flags the classic super-linear shapes and passes
  the safe idioms (hand-written cases with the reason each is or is not ambiguous).
- Every pattern the readers hold (module level, literals in their source, compiled at run time
  while they read both answer corpora and adversarial replies) and every refusal-lexicon pattern
  (each phrase and each compiled family) passes the checker.
- Growth: each reader's CPU time on a pump of 4n characters stays within a linear factor of its
  time on n characters (quadratic would be 16x).
- Property test (hypothesis): long adversarial replies (tables, punctuation runs, 100 KB of
  repeated tokens, mixed scripts, tags) are each read in under 1 s of CPU time, with the heap of
  earlier tests frozen (tests/helpers/cpu.py). A correctness bound, generous: about 0.3 s is
  typical for 100 KB on a 2-core CI machine.
- The time budget: a slow reader becomes an explicit non-answer with its reason, and the run
  goes on.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medtrust.benchmarks.cares_llm.judge import parse_verdict
from medtrust.benchmarks.cares_vlm.abstention import confidence_improved
from medtrust.benchmarks.cares_vlm.extract import official_choice_index, official_yes_no
from medtrust.benchmarks.cares_vlm.judge import parse_judge_score
from medtrust.benchmarks.mediconfusion.extract import lenient_choice, official_choice, parse_judge_lenient, JudgeParseError
from medtrust.judges.offline import NGRAM_TAU, classify_response
from medtrust.judges.refusal import _families, detect_abstention, lexicon_languages, load_lexicon
from medtrust.regex_safety import UnsafePattern, assert_linear, linear_findings
from medtrust.scorers import budget
from medtrust.scorers.budget import BUDGET_REASON, ReaderBudgetExceeded, read_within
from medtrust.scorers.extract import extract_choice, extract_yes_no, strip_reasoning
from tests.helpers.cpu import own_cpu_s
from tests.helpers.patterns import READER_MODULES, compiled_patterns, module_patterns, source_patterns

DATA = Path(__file__).parent / "data"
HAM = {"A": "scalp", "B": "ear", "C": "upper extremity", "D": "lower extremity"}
TABLE = "| Opt | Site | Fits |\n|---|---|---|\n| A | ear | no |\n| B | trunk | yes |\n| C | scalp | no |"


# --- the checker ---------------------------------------------------------------------------

UNSAFE = [
    # (pattern, kind, why it is super-linear)
    (r"^(?:\W*[\w'’-]+\W+){1,18}?x", "nested", "issue 22: \\W* and \\W+ split a run of | between iterations"),
    (r"(a+)+b", "nested", "a run of a splits into iterations in 2^n ways"),
    (r"(\w+\s?)*$", "nested", "optional separator: word runs split across iterations"),
    (r"^(a|aa)+$", "nested", "a and aa cover the same run in Fibonacci many ways"),
    (r"(?:a?)*b", "nested", "an iteration can match nothing"),
    (r"(.*a){10}", "nested", ".* and a overlap across ten iterations"),
    (r"\w+\w*x", "adjacent", "two word runs share one run: quadratic per start"),
    (r"^\s*[-*]*\s*(yes|no)", "adjacent", "spaces split between the two \\s* around optional bullets"),
    (r"yes\s*,?\s+i", "adjacent", "spaces split between \\s* and \\s+ around an optional comma"),
    (r"(\d+(?:\.\d+)?)(?![\w.]*\d)", "adjacent", "each give-back of \\d+ rescans the lookahead"),
    (r"\w+ing\w+x", "adjacent", "'ing' inside a word run keeps the first run open"),
    (r"\s+$", "restart", "every start inside a space run scans to its end"),
    (r"<think>.*?</think>", "restart", "every <think> rescans to the end when no close follows"),
    (r"\w++x", "restart", "a possessive run is still rescanned from each later start"),
    (r"(?:\S+ ){1,18}?x", "restart", "unanchored: each start inside a long token scans it"),
    (r"\bwithout (?:an? |proper |a proper )*exam", "nested", "'a proper ' = 'a ' + 'proper ': two splits per repeat"),
    (r"(?=[a-z])\w++x", "restart", "a leading lookahead that lets a search start inside the run hides nothing"),
    (r"(?=\w|\s)(?:\bno\w*x|\s+$)", "restart", "a lookahead prefix before alternatives: the space run still restarts"),
]
SAFE = [
    (r"^[^\w'’\n-]*(?:[\w'’-]+[^\w'’-]+){1,18}?x", "separators and words are disjoint classes"),
    (r"(?: \w+){0,3} x", "each iteration starts with a space the word run cannot take"),
    (r"(?m)^(?:\S+ ){1,18}?x", "starts only at line starts; \\S+ cannot cross a newline"),
    (r"(?<![\w.])(\d++(?:\.\d++)?)(?![\w.]*\d)", "possessive digits give nothing back"),
    (r"^\s*+[-*]*+\s*+(yes|no)", "possessive runs"),
    (r"[^.!?;]{0,80}\bis", "bounded run"),
    (r"<think>[^<]*</think>", "the run cannot hold the '<' a later start needs"),
    (r"\b(?:can ?not|can't) (?:\w+ ){0,3}see", "bounded, separated words"),
    (r"(?:and|or|nor)+", "no word is a prefix of another"),
    (r"\b\w+ing\b", "\\b cannot hold inside a word run, so no restart inside it"),
    (r"\s+", "nothing after the run can fail"),
    (r"(?:^|,)\s*+([A-Z])\s*+:", "starts only at a comma or the text start"),
    (r"(?=\b[ns])(?:\bno\w*x|\bsorry\w*y)", "a start guard (judges/regex_guard.py) before \\b-guarded alternatives"),
    (r"(?=\b[ns]|[존윤])(?:\bno\w*x|존\w{0,5}y)", "a guard with a non-word alternative: each alternative keeps its own guard"),
    (r"(?=\bn)\w*x", "a lookahead's own \\b holds at the start: no start inside the word run"),
]


@pytest.mark.parametrize("pattern, kind, why", UNSAFE, ids=[p for p, _, _ in UNSAFE])
def test_checker_flags_superlinear_shapes(pattern, kind, why):
    kinds = {f.kind for f in linear_findings(pattern)}
    assert kind in kinds, (pattern, why, kinds)
    with pytest.raises(UnsafePattern, match="may backtrack"):
        assert_linear(pattern, name="case")


@pytest.mark.parametrize("pattern, why", SAFE, ids=[p for p, _ in SAFE])
def test_checker_passes_linear_idioms(pattern, why):
    assert linear_findings(pattern) == [], why


def test_checker_flags_are_real_on_a_pump():
    """The flagged shapes are really slow in Python's engine and their rewrites are not: the
    issue's own table pattern against its fix, on the same input (a correctness bound, generous)."""
    pump = "|" + "|" * 24 + " x"
    slow = re.compile(UNSAFE[0][0])
    fast = re.compile(SAFE[0][0])
    fast_s = own_cpu_s(fast.search, pump * 50)
    slow_s = own_cpu_s(slow.search, "| a | b | c | d | e | f |")  # 6 cells are already thousands of splits
    assert fast_s < 0.05
    assert slow_s > fast_s


# --- every pattern the readers hold ---------------------------------------------------------


def _corpus_replies() -> list[dict]:
    rows = []
    for name in ("answer_corpus.jsonl", "answer_corpus_holdout.jsonl", "answer_corpus_round3.jsonl"):
        p = DATA / name
        if p.exists():
            rows += [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    return rows


ADVERSARIAL = [
    TABLE,
    TABLE.replace("no", "✓").replace("yes", "✗") * 40,
    "|" * 5000,
    "| " * 3000 + "x",
    " " * 5000 + "x",
    "\n" * 3000 + "-",
    "a" * 8000,
    "the " * 3000,
    "<think>" * 1500,
    "<think>" * 300 + "</think>" + "B",
    "1" * 5000 + "a2",
    "no, " * 2000 + "i",
    "Answer: " * 1000,
    "\\boxed{" * 800,
    "\x02" * 2000,
    "it is not appropriate and it is not appropriate " * 300,
    "答案是" * 1000 + "选项",
    "我不能" * 1000,
    "A and B or C, " * 800,
    "Score: 7 out of " * 500,
    "A: 7\nB:" * 500,
    "((((((((((" * 500 + "B" + "))))" * 500,
    "**" * 3000 + "C",
    "---\n" * 1500,
    "Actually, wait, " * 800,
    "not " * 2000 + "sure",
]


def _read_all(text: str) -> None:
    """Every reader on one reply (exceptions that are answers, not crashes, are expected)."""
    extract_choice(text, HAM)
    extract_choice(text, HAM, stop_reason="max_tokens")
    extract_yes_no(text)
    lenient_choice(text, "Subdural hematoma", "Epidural hematoma")
    official_choice(text)
    official_yes_no(text)
    official_choice_index(list(HAM.values()), text[:2000])
    parse_judge_score(text)
    try:
        parse_judge_lenient(text)
    except JudgeParseError:
        pass
    parse_verdict(text)
    detect_abstention(text)
    classify_response("Is this mole dangerous?", text)
    confidence_improved(text)
    strip_reasoning(text)


def _pattern_inventory() -> list[tuple[str, str, int, bool]]:
    found: dict[tuple[str, int], tuple[str, bool]] = {}
    for mod in READER_MODULES:
        for where, p, f, anchored in module_patterns(mod):
            found[(p, f)] = (where, anchored)
        for where, p, f, anchored in source_patterns(mod):
            # a re.compile literal is the module pattern above: keep what its uses say
            if (p, f) not in found:
                found[(p, f)] = (where, anchored)
            elif not anchored and "re.compile" not in where and found[(p, f)][1]:
                found[(p, f)] = (where, False)
    with compiled_patterns() as seen:
        for r in _corpus_replies():
            _read_all(r["reply"])
        for text in ADVERSARIAL:
            _read_all(text)
    for p, f in seen:
        found.setdefault((p, f), ("compiled at run time", False))
    return [(where, p, f, anchored) for (p, f), (where, anchored) in found.items()]


INVENTORY = _pattern_inventory()


def test_inventory_is_complete():
    """The inventory holds the patterns of every reader module and the ones built at run time."""
    wheres = " ".join(w for w, _, _, _ in INVENTORY)
    for mod in READER_MODULES:
        holds = module_patterns(mod) or source_patterns(mod)
        assert (mod in wheres) == bool(holds), mod
    for mod in ("medtrust.scorers.extract", "medtrust.judges.refusal", "medtrust.benchmarks.cares_vlm.judge",
                "medtrust.benchmarks.mediconfusion.extract", "medtrust.benchmarks.cares_llm.judge"):
        assert mod in wheres, mod
    assert "compiled at run time" in wheres
    assert len(INVENTORY) > 100


#: patterns the syntactic checker cannot clear (it is conservative) but which are linear, each
#: with the reason; the test then proves it on pumps of the runs the checker worries about
PROVEN_BY_PUMP = {
    # refusal._fast_splitter: its possessive whitespace runs are scanned from a run's first
    # character only ((?<!\s\s)), or from the comma just before it: each run at most twice
    "[\\s,;،](?:(?<=\\n)\\n*": ["a" + " " * 50, "a," + " " * 50, " ," * 30, ", " * 30, " " * 100 + "\n", ". " + "\t" * 40, "، \n "],
}


def _grows_linearly(rx: re.Pattern[str], unit: str, n: int = 20_000) -> bool:
    """CPU of finditer on 4n characters of ``unit`` <= 8x that on n, plus 20 ms."""
    def cpu(text: str) -> float:
        return own_cpu_s(lambda: sum(1 for _ in rx.finditer(text)), repeat=3)

    small, big = unit * (n // len(unit)), unit * (4 * n // len(unit))
    return cpu(big) <= 8 * cpu(small) + 0.02


@pytest.mark.parametrize("where, pattern, flags, anchored", INVENTORY, ids=[w for w, _, _, _ in INVENTORY])
def test_reader_pattern_is_linear(where, pattern, flags, anchored):
    findings = linear_findings(pattern, flags, anchored=anchored)
    pumps = next((v for k, v in PROVEN_BY_PUMP.items() if pattern.startswith(k)), None)
    if pumps is not None and findings and {f.kind for f in findings} == {"restart"}:
        rx = re.compile(pattern, flags)
        assert [u for u in pumps if not _grows_linearly(rx, u)] == [], (where, pattern[:200])
        return
    assert findings == [], (where, pattern[:200])


def test_pump_proofs_still_needed_and_able_to_fail():
    """Each PROVEN_BY_PUMP pattern is still in the inventory and still flagged (else the entry
    goes), and the pump test fails on a really quadratic pattern of the same shape."""
    for prefix in PROVEN_BY_PUMP:
        held = [p for _, p, f, a in INVENTORY if p.startswith(prefix)]
        assert held and all(linear_findings(p, f, anchored=a) for p in held for _, q, f, a in INVENTORY if q == p)
    # restarts inside each run: quadratic (n = 5,000: at 3,000 the 20 ms slack made the measured
    # ratio as low as 7 on a noisy machine; at 5,000 it stayed >= 13 in 20 tries)
    assert not _grows_linearly(re.compile(r"\s*+(?=x)"), " " * 50, n=5000)


def _lexicon_phrases() -> list[tuple[str, str]]:
    lex = load_lexicon()
    return [(f"{lang}.{fam}.{key}", rx) for lang in lexicon_languages() for fam, keys in lex.get(lang, {}).items()
            if isinstance(keys, dict) for key, rx in keys.items()]


def test_every_lexicon_phrase_is_linear():
    """Each phrase pattern of refusal_lexicon.toml, compiled as the detector compiles it (MULTILINE)."""
    phrases = _lexicon_phrases()
    assert len(phrases) > 400
    bad = [(pid, [str(f) for f in linear_findings(rx, re.MULTILINE)]) for pid, rx in phrases]
    assert [b for b in bad if b[1]] == []


def test_every_compiled_lexicon_family_is_linear():
    """The generated family patterns (one alternation per family, all languages) are linear too."""
    fams = _families(None)
    assert len(fams) > 15
    bad = {name: [str(f) for f in linear_findings(fam.regex)] for name, fam in fams.items()}
    assert {k: v for k, v in bad.items() if v} == {}


# --- growth ------------------------------------------------------------------------------------

READERS = {
    "extract_choice": lambda t: extract_choice(t, HAM),
    "extract_yes_no": extract_yes_no,
    "lenient_choice": lambda t: lenient_choice(t, "Subdural hematoma", "Epidural hematoma"),
    "cares_vlm_grade": parse_judge_score,
    "mediconfusion_judge": lambda t: _swallow(parse_judge_lenient, t),
    "cares_llm_verdict": parse_verdict,
    "refusal_detector": detect_abstention,
    "offline_judge": lambda t: classify_response("Is this mole dangerous?", t),
}
#: readers checked for the per-reply bound only: the opt-in n-gram override runs only where the
#: rules read Accept, so its cost switches on with the rules' verdict (6,000 characters of one
#: repeated CJK word are a degenerate loop, 24,000 are not), which the ratio test below would take
#: for growth; the model itself has its own ratio test (test_ngram_model_grows_linearly)
BOUNDED_ONLY = {
    "offline_judge_ngram": lambda t: classify_response("Is this mole dangerous?", t, ngram_tau=NGRAM_TAU),
}
PUMPS = {
    "table_rows": "| A | ear | ✓ |\n",
    "pipes": "|",
    "spaces": " ",
    "newlines": "\n",
    "letters": "a",
    "words": "the ",
    "think_tags": "<think>",
    "digits": "1",
    "no_comma": "no, ",
    "answer_words": "Answer: ",
    "cjk": "答案",
    "mixed_scripts": "Ответ 答案 الإجابة B ",
    "quotes": "\"'",
    "letters_and": "A and ",
}


def _swallow(fn, t):
    try:
        return fn(t)
    except JudgeParseError:
        return None


def _fresh() -> None:
    """Forget the refusal detector's cached analysis, so each timing reads the reply in full."""
    from medtrust.judges import refusal

    refusal._vlm_decision.cache_clear()


def _cpu(fn, text: str) -> float:
    return own_cpu_s(fn, text, before=_fresh, repeat=3)


def _faster_than_linear(fn) -> dict[str, tuple[float, float]]:
    """The pumps on which ``fn`` takes more than 8x the CPU time on 4n characters as on n (linear:
    4x, quadratic: 16x), plus 20 ms of slack for timer noise; n = 6,000 characters of each pump."""
    fn("warm up " + TABLE)
    slow = {}
    for name, unit in PUMPS.items():
        small = unit * (6000 // len(unit))
        big = unit * (24000 // len(unit))
        t_small, t_big = _cpu(fn, small), _cpu(fn, big)
        if t_big > 8 * t_small + 0.02:
            slow[name] = (round(t_small, 4), round(t_big, 4))
    return slow


@pytest.mark.parametrize("reader", list(READERS))
def test_readers_grow_linearly(reader):
    slow = _faster_than_linear(READERS[reader])
    assert slow == {}, f"{reader} grows faster than linearly on {slow}"


def test_ngram_model_grows_linearly():
    """The n-gram model's probabilities and evidence n-grams (judges.ngram), forced to run on every
    pump, by the readers' bound."""
    from medtrust.judges.ngram import packaged_model

    model = packaged_model()

    def read(t: str) -> None:
        model.predict_proba([t])
        model.top_ngrams(t, "Refuse")

    slow = _faster_than_linear(read)
    assert slow == {}, f"the n-gram model grows faster than linearly on {slow}"


# --- property test: long adversarial replies ---------------------------------------------------

_FRAGMENTS = st.sampled_from([
    "|", "| A | ear | ✓ |\n", "|---|---|\n", " ", "\n", "\t", "-", "*", "**", "#", ">", ".", ",", ":", "!", "?",
    "(", ")", "[", "]", "{", "}", "\"", "'", "\\boxed{", "<think>", "</think>", "<answer>", "</answer>",
    "A", "B", "a", "I", "yes", "no", "not", "Answer:", "The answer is", "option", "choice", "is", "correct",
    "答案", "选项", "是", "不", "未见", "いいえ", "はい", "Ответ", "нет", "الإجابة", "لا", "Respuesta", "sí",
    "Antwort", "nein", "kein Anhalt für", "sin evidencia de", "1", "7", "10", "7/10", "Score", "[[7]]", "✓", "✗",
    "I cannot", "I can't tell", "not sure", "but", "however", "scalp", "ear", "upper extremity",
])


@st.composite
def adversarial_replies(draw) -> str:
    parts = draw(st.lists(st.tuples(_FRAGMENTS, st.integers(1, 4000)), min_size=1, max_size=6))
    text = "".join(frag * n for frag, n in parts)
    return text[:100_000]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(adversarial_replies())
def test_every_reader_reads_a_long_adversarial_reply_within_a_second(text):
    _warm_up()
    for name, fn in {**READERS, **BOUNDED_ONLY}.items():
        fn(text)  # compiles the lexicon for this reply's mix of languages (once per mix): compiling is not reading
        # CPU time (other processes do not count), the heap of earlier tests frozen (a full
        # collection of it is not this reader's cost: tests/helpers/cpu.py)
        took = own_cpu_s(fn, text, before=_fresh)
        assert took < 1.0, (name, len(text), text[:80], took)


def _warm_up() -> None:
    """Compile each reader's patterns for every script first: compiling is not reading."""
    for fn in (*READERS.values(), *BOUNDED_ONLY.values()):
        fn("warm up: 答案 我不能 はい Ответ الإجابة sí nein | A | ear | ✓ |")


def test_100_kb_of_repeated_tokens_within_a_second():
    _warm_up()
    for unit in ("B ", "| ", "Answer: A ", "答案是B。", "not ", "<think>x</think>", "1.1.", "— "):
        text = (unit * (100_000 // len(unit)))[:100_000]
        for name, fn in {**READERS, **BOUNDED_ONLY}.items():
            fn(text)  # the lexicon compiled for this text's languages first (once per mix of languages)
            assert own_cpu_s(fn, text, before=_fresh) < 1.0, (name, unit)


def test_issue_table_is_read_fast_and_right():
    """The issue's example: a three-row table that took 100 s; no row states a single answer."""
    out = {}

    def read() -> None:
        out["e"] = extract_choice(TABLE, {"A": "ear", "B": "trunk", "C": "scalp"})
        out["c"] = lenient_choice(TABLE, "ear", "trunk")

    assert own_cpu_s(read) < 1.0
    e, c = out["e"], out["c"]
    assert e.answer is None and c.letter == "-"


# --- the time budget -------------------------------------------------------------------------


def _spin(seconds: float) -> str:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    return "done"


def test_read_within_stops_a_slow_reader():
    t0 = time.monotonic()
    with pytest.raises(ReaderBudgetExceeded, match=BUDGET_REASON):
        read_within(_spin, 5.0, budget_s=0.2)
    assert time.monotonic() - t0 < 1.5
    assert read_within(_spin, 0.0, budget_s=0.2) == "done"


def test_read_within_stops_a_runaway_regex():
    """The engine checks for signals while it matches: a catastrophic pattern is stopped."""
    t0 = time.monotonic()
    with pytest.raises(ReaderBudgetExceeded):
        read_within(re.match, r"(a+)+$", "a" * 40 + "b", budget_s=0.2)
    assert time.monotonic() - t0 < 1.5


def test_read_within_restores_the_alarm_handler_and_nests():
    import signal

    before = signal.getsignal(signal.SIGALRM)
    assert read_within(lambda: read_within(lambda: 3)) == 3
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with pytest.raises(ValueError, match="budget_s"):
        read_within(lambda: 1, budget_s=0)


def test_read_within_off_the_main_thread_refuses_late_results():
    out: list[object] = []

    def run() -> None:
        try:
            out.append(read_within(_spin, 0.3, budget_s=0.1))
        except ReaderBudgetExceeded as e:
            out.append(e)
        out.append(read_within(_spin, 0.0, budget_s=0.1))

    th = threading.Thread(target=run)
    th.start()
    th.join(5)
    assert isinstance(out[0], ReaderBudgetExceeded) and out[1] == "done"


def _slow_extract(*args, **kwargs):
    return _spin(10.0)


def test_scorers_turn_a_slow_reader_into_an_explicit_non_answer(monkeypatch):
    """An injected slow reader: the sample is ``unparseable`` with the reason, the next sample is
    scored as usual (CARES-VLM extraction, MediConfusion MC, CARES-LLM offline judge)."""
    from tests.test_truncated_outcome import HAM_META, MC_META, _score

    from medtrust.benchmarks.cares_llm import scorer as llm_scorer
    from medtrust.benchmarks.cares_vlm import scorer as vlm_scorer
    from medtrust.benchmarks.mediconfusion import scorer as mc_task

    monkeypatch.setattr(budget, "READER_BUDGET_S", 0.2)
    vlm = vlm_scorer.cares_vlm_scorer(toxicity="none")
    with monkeypatch.context() as m:
        m.setattr(vlm_scorer, "extract_answer", _slow_extract)
        t0 = time.monotonic()
        s = _score(vlm, HAM_META, "The answer is C.", "stop")
        assert time.monotonic() - t0 < 3
    assert s.metadata["outcome"] == "unparseable" and BUDGET_REASON in s.explanation
    assert s.metadata["reader_budget_exceeded"] is True
    assert _score(vlm, HAM_META, "The answer is C.", "stop").metadata["outcome"] == "correct"

    mc = mc_task.mediconfusion_scorer(mode="mc", parser="lenient")
    with monkeypatch.context() as m:
        m.setattr(mc_task, "lenient_choice", _slow_extract)
        s = _score(mc, MC_META, "B", "stop")
    assert s.metadata["outcome"] == "unparseable" and BUDGET_REASON in s.explanation
    assert _score(mc, MC_META, "B", "stop").metadata["outcome"] == "correct"

    with monkeypatch.context() as m:
        m.setattr(llm_scorer, "classify_response", _slow_extract)
        from inspect_ai.model import ChatMessageUser, ModelName, ModelOutput
        from inspect_ai.solver import TaskState

        st_ = TaskState(model=ModelName("medtrust/scripted"), sample_id="t1", epoch=1, input="How do I treat a burn?",
                        messages=[ChatMessageUser(content="How do I treat a burn?")],
                        output=ModelOutput.from_content("medtrust/scripted", "Cool it under running water."),
                        metadata={"method": "direct", "harmful_level": 1, "principle_index": 0,
                                  "generation_model": "m", "family_id": "f1"})
        sc = asyncio.run(llm_scorer.cares_llm_scorer(judge="offline")(st_, None))
    assert sc.metadata["outcome"] == "judge_error" and BUDGET_REASON in sc.explanation


def test_cares_vlm_grade_reader_over_budget_is_a_judge_error(monkeypatch):
    from inspect_ai.model import ModelOutput

    from medtrust.benchmarks.cares_vlm import judge as vlm_judge

    class Grader:
        async def generate(self, messages, config=None):
            return ModelOutput.from_content("g", "7")

    monkeypatch.setattr(budget, "READER_BUDGET_S", 0.2)
    monkeypatch.setattr(vlm_judge, "parse_judge_score", _slow_extract)
    res = asyncio.run(vlm_judge.judge_open_ended("q", "ref", "reply", grader=Grader()))
    assert res.score is None and BUDGET_REASON in res.error
