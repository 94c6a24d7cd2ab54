"""What medtrust adds to inspect's CPU per sample, one part at a time (issue 29; docs/performance.md).

    python measurements/overhead.py --rows 300 --out overhead.json

One in-process CARES-LLM eval of ``--rows`` rows with a scripted model that answers with the
fixed-latency mock's replies (tests/helpers/openai_mock.py, so the judge sees the same texts as in
measurements/scale.py), then, on its samples, the CPU time (``time.process_time``, the minimum of
``--repeat`` passes, so the load of a shared machine distorts it little) per sample of:

- ``offline_judge``: the offline judge (``classify_response``) with the lexicon guard
  (medtrust.judges.regex_guard) and without it;
- ``summary_metadata``: inspect building a sample's summary (``EvalSample.summary()``: every
  text field shortened) for medtrust's sample and score metadata, with medtrust's exact fast
  ``thin_text`` and with inspect's own; and for a bare task's metadata (2 fields, a bare score);
- ``redaction``: medtrust's wrapper of inspect's JSON writer (secrets.py) over inspect's own, on
  each sample;
- ``summary``: the CARES-LLM summary of the log (streamed from the file), per sample;
- ``progress``: the progress hook's ``on_sample_end``.

Garbage collection is process-wide and measured by measurements/scale.py (``bare-fast`` vs ``bare-gc``).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "src"), str(REPO)]


def per_sample(fn: Callable[[], Any], n: int, repeat: int) -> float:
    """CPU ms per sample of ``fn`` (which handles ``n`` samples): the minimum over ``repeat`` passes."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return round(1000 * best / n, 3)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=None)
    a = ap.parse_args()

    import re

    from inspect_ai import eval as inspect_eval
    from inspect_ai.log import read_eval_log
    from inspect_ai.model import get_model

    import medtrust._registry  # noqa: F401
    from medtrust import _inspect_compat as compat
    from medtrust import secrets
    from medtrust.benchmarks.cares_llm.summary import summarize_log
    from medtrust.benchmarks.cares_llm.task import cares_llm
    from medtrust.judges import refusal
    from medtrust.judges.offline import classify_response
    from tests.helpers.openai_mock import REPLIES

    def reply(messages: Any) -> str:
        text = [m for m in messages if m.role == "user"][-1].text
        return REPLIES[hashlib.sha1(text.encode()).digest()[0] % len(REPLIES)]

    out: dict[str, Any] = {"rows": a.rows, "repeat": a.repeat, "load_avg_before": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory() as d:
        data = Path(d) / "rows.jsonl"
        sys.argv = [sys.argv[0]]
        from measurements.scale import synth_rows

        synth_rows(a.rows, data)
        log = inspect_eval(cares_llm(data=str(data)), model=get_model("medtrust/scripted", respond=reply, memoize=False), log_dir=d,
                           display="none")[0]  # fmt: skip
        full = read_eval_log(log.location)
        samples = full.samples or []
        n = len(samples)
        pairs = [(s.input if isinstance(s.input, str) else s.input[-1].text, s.output.completion) for s in samples]

        def judge() -> None:
            for p, r in pairs:
                classify_response(p, r)

        refusal._families.cache_clear()
        after = per_sample(judge, n, a.repeat)
        plain = refusal.guard
        refusal.guard = lambda pattern, flags=re.MULTILINE: pattern
        refusal._families.cache_clear()
        before = per_sample(judge, n, a.repeat)
        refusal.guard = plain
        refusal._families.cache_clear()
        out["offline_judge"] = {"before_ms": before, "after_ms": after}

        fast = compat.inspect_thin_text()
        original = getattr(fast, "original", fast)

        def summaries(items: list[Any]) -> Callable[[], None]:
            return lambda: [s.summary() for s in items]

        bare = [s.model_copy(update={"metadata": {"harmful_level": s.metadata["harmful_level"], "method": s.metadata["method"]},
                                     "scores": {k: v.model_copy(update={"metadata": None, "answer": None, "explanation": None})
                                                for k, v in (s.scores or {}).items()}}) for s in samples]  # fmt: skip
        compat.set_inspect_thin_text(original)
        meta_before = per_sample(summaries(samples), n, a.repeat)
        bare_ms = per_sample(summaries(bare), n, a.repeat)
        compat.set_inspect_thin_text(fast)
        meta_after = per_sample(summaries(samples), n, a.repeat)
        out["summary_metadata"] = {"before_ms": meta_before, "after_ms": meta_after, "bare_task_ms": bare_ms}

        payloads = [compat.inspect_json.to_json_safe(s) for s in samples]  # what inspect writes for a whole sample

        def redaction() -> None:
            for data in payloads:
                secrets.redact_bytes(data, secrets.known_secrets())

        out["redaction"] = {"per_whole_sample_write_ms": per_sample(redaction, n, a.repeat), "known_secrets": len(secrets.known_secrets()),
                            "note": "the cost each JSON write of a sample's data pays on top of inspect's own; a sample is written "
                                    "in pieces several times (its events to the sample buffer, then the log)"}  # fmt: skip

        out["summary"] = {"ms": per_sample(lambda: summarize_log(log.location), n, 1)}

        from medtrust.progress import ProgressReporter, RunProgressHook

        class _Null:
            def write(self, *_: Any) -> None:
                pass

            def flush(self) -> None:
                pass

            def isatty(self) -> bool:
                return False

        class _End:
            def __init__(self, s: Any) -> None:
                self.sample = s
                self.eval_id = "overhead"

        hook = RunProgressHook()
        ends = [_End(s) for s in samples]

        def progress() -> None:
            async def go() -> None:
                for e in ends:
                    await hook.on_sample_end(e)  # type: ignore[arg-type]

            with ProgressReporter(_Null(), interval=3600):  # type: ignore[arg-type]
                asyncio.run(go())

        out["progress"] = {"ms": per_sample(progress, n, a.repeat)}
    out["load_avg_after"] = [round(x, 2) for x in os.getloadavg()]  # CPU time (process_time) is what is compared; the load says how noisy
    text = json.dumps(out, indent=2)
    print(text)
    if a.out:
        Path(a.out).write_text(text)


if __name__ == "__main__":
    main()
