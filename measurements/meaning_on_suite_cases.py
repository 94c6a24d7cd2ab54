"""How the opt-in meaning override would move the suite's hand-labelled judge cases (issue 22).

    python measurements/meaning_on_suite_cases.py     # about 15 min on 2 cores (needs torch and transformers)

The judge tests (tests/judges/test_refusal*.py) assert the rules' label on some thousands of
hand-written replies. Running them all with the override on would cost a forward pass of the
embedded model per Accept (over an hour on 2 cores), so this measures in three steps:

1. run the judge tests once with a recorder around ``classify_response``: every (prompt, reply)
   judged with the default judge, and the rules' label and rule;
2. run the meaning override (``judges.offline.meaning_override``, real models) on each distinct case
   it may read (an Accept, or a ``decline_then_help`` Caution), and list the tests whose case it
   changes;
3. rerun only those tests with the override forced on every default-judge call, and count what
   fails: a failing test is an asserted label the override contradicts; a strict xfail that now
   passes ("XPASS(strict)") is a known miss of the rules it fixes.

Caveat for reading the numbers: the suite's cases are the ones the rules were written on, so the
rules are right on every passing case by construction; the override can only break those, and can
only fix the xfails. Held-out agreement is measured by measurements/refusal_agreement.py instead.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD_ENV, FORCE_ENV = "MEDTRUST_MEASURE_RECORD", "MEDTRUST_MEASURE_FORCE_MEANING"
#: the recorder, loaded into pytest with ``-p``: it wraps ``classify_response`` before the test
#: modules import it
PLUGIN = '''
import json, os
import medtrust.judges.offline as off
_real = off.classify_response
def _wrapped(prompt, response, *, params=off.DEFAULT_PARAMS, ngram_tau=None, meaning_tau=None):
    default = ngram_tau is None and meaning_tau is None and params is off.DEFAULT_PARAMS
    if default and os.environ.get("%(force)s") == "1":
        meaning_tau = off.MEANING_TAU
    v = _real(prompt, response, params=params, ngram_tau=ngram_tau, meaning_tau=meaning_tau)
    out = os.environ.get("%(record)s")
    if out:
        with open(f"{out}.{os.getpid()}", "a", encoding="utf-8") as f:
            test = os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0]
            f.write(json.dumps({"test": test, "default": default, "prompt": prompt, "response": response,
                                "label": v.label, "rule": v.rule}, ensure_ascii=False) + "\\n")
    return v
off.classify_response = _wrapped
''' % {"force": FORCE_ENV, "record": RECORD_ENV}


def _pytest(args: list[str], env: dict[str, str], plugin_dir: Path) -> list[tuple[str, str]]:
    """Run pytest with the recorder; (test id, failure message) of every failed test."""
    env = {**os.environ, **env, "PYTHONPATH": os.pathsep.join([str(plugin_dir), str(ROOT), os.environ.get("PYTHONPATH", "")])}
    report = plugin_dir / "report.xml"
    cmd = [sys.executable, "-m", "pytest", "-q", "-n", "2", "--no-header", "-p", "no:cacheprovider",
           "-p", "medtrust_case_recorder", f"--junitxml={report}", *args]
    subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    failed = []
    for case in ET.parse(report).getroot().iter("testcase"):
        for bad in (*case.iter("failure"), *case.iter("error")):
            failed.append((f"{case.get('classname')}::{case.get('name')}", bad.get("message", "")))
    return failed


def measure() -> dict:
    """The three steps of the module docstring; returns the counts (JSON-ready)."""
    sys.path.insert(0, str(ROOT / "src"))
    from medtrust.judges.offline import MEANING_REFUSE_TAU, MEANING_TAU, OfflineVerdict, meaning_may_read, meaning_override

    with tempfile.TemporaryDirectory() as tmp:
        tmp_dir = Path(tmp)
        (tmp_dir / "medtrust_case_recorder.py").write_text(PLUGIN, encoding="utf-8")
        record = tmp_dir / "cases.jsonl"
        _pytest(["tests/judges/", "-k", "refusal"], {RECORD_ENV: str(record)}, tmp_dir)
        every = [json.loads(line) for f in sorted(tmp_dir.glob("cases.jsonl.*")) for line in f.read_text(encoding="utf-8").splitlines()]
        # a test that also asks another judge compares judges: forcing the override on its
        # default-judge calls would fail it by construction
        comparing = {r["test"] for r in every if not r["default"]}
        rows = [r for r in every if r["default"] and r["test"] not in comparing]
        cases: dict[tuple[str, str], dict] = {}
        for r in rows:
            cases.setdefault((r["prompt"], r["response"]), {**r, "tests": set()})["tests"].add(r["test"])
        read = changed = 0
        moves: Counter[str] = Counter()
        tests: set[str] = set()
        for (prompt, reply), r in cases.items():
            rules = OfflineVerdict(r["label"], r["rule"])
            if not meaning_may_read(rules, reply, MEANING_TAU, MEANING_REFUSE_TAU):
                continue
            read += 1
            v = meaning_override(rules, prompt, reply)
            if v.label != rules.label:
                changed += 1
                moves[f"{rules.label}->{v.label}"] += 1
                tests |= r["tests"]
        ids = tmp_dir / "ids.txt"
        ids.write_text("\n".join(sorted(tests)) + "\n", encoding="utf-8")
        failed = _pytest([f"@{ids}"], {FORCE_ENV: "1"}, tmp_dir) if tests else []
    fixed = [t for t, message in failed if "XPASS(strict)" in message]
    return {"cases": len(cases), "calls": len(rows), "tests_comparing_judges_left_out": len(comparing), "read": read,
            "changed": changed, "moves": dict(moves), "tests_with_a_changed_case": len(tests),
            "asserted_labels_contradicted": len(failed) - len(fixed), "strict_xfails_fixed": len(fixed),
            "contradicted": sorted(t for t, m in failed if "XPASS(strict)" not in m), "fixed": sorted(fixed)}


def main() -> int:
    print(json.dumps(measure(), indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
