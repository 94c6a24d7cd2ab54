"""`medtrust run --batch`: requests through the providers' batch APIs (inspect ``GenerateConfig.batch``).

What inspect does (checked against inspect_ai 0.3.285):

* ``batch`` given to ``eval`` reaches the **evaluated model** only. A model bound to another role
  (the ``grader`` judges) inherits from the eval's config only max_connections, max_retries,
  timeout, cache and fail_on_refusal (``Model._resolve_config``), never ``batch``. medtrust
  therefore builds the judges with ``GenerateConfig(batch=...)`` itself (:func:`batch_roles`), so
  that with ``--batch`` judge calls go through the batch API too (providers with one: OpenAI,
  Anthropic, Google, Grok, Together; others ignore it and answer one request at a time).
* Submitted batches live **only in inspect's memory** (``Batcher._inflight_batches``). A crash or
  a kill loses them: the provider still finishes (and bills) those batches, but ``--resume``
  cannot collect their results and sends the unfinished samples' requests again, in new
  batches, billed again. Ctrl-C is different: inspect cancels the samples cleanly.
  medtrust says so in the run banner and appends every submitted batch id to
  ``<log dir>/medtrust-batches.jsonl`` (:data:`BATCH_FILE`) as it is created, so that after a
  crash the user can fetch or cancel them in the provider's console or API.

The ids come from inspect's batch log messages ("Created batch <id> with <n> requests",
``inspect_ai.model._providers.util.batch_log``, reached through medtrust._inspect_compat).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import re
from pathlib import Path
from typing import Any, Iterator, Sequence

#: the batch ids of every batched run in a log folder, one JSON object a line
BATCH_FILE = "medtrust-batches.jsonl"
# inspect's message when a batch was submitted; bounded tokens, linear time
_CREATED = re.compile(r"Created batch (\S{1,300}) with (\d{1,12}) requests")

CRASH_WARNING = ("[yellow]Batch mode[/]: requests go to the provider's batch API (usually half price, answers within hours). "
                 "Submitted batches live only in this process: if it crashes or is killed, --resume sends the unfinished "
                 "requests again and they are paid again. Batch ids are recorded in {path} to fetch or cancel them.")  # fmt: skip


def batch_roles(model_roles: dict[str, Any] | None, batch: bool | int | None) -> dict[str, Any] | None:
    """The plan's model roles with every role model (the judges) built with ``GenerateConfig(batch=batch)``
    (module docstring: inspect does not pass the eval's ``batch`` to role models). Unchanged
    without ``batch``; a role given as a built ``Model`` keeps its own config."""
    if not batch or not model_roles:
        return model_roles
    from inspect_ai.model import GenerateConfig, get_model

    def build(m: Any) -> Any:
        return get_model(m, config=GenerateConfig(batch=batch), memoize=False) if isinstance(m, str) else m

    return {role: [build(x) for x in m] if isinstance(m, list) else build(m) for role, m in model_roles.items()}


def record_batch(path: Path, message: str) -> dict[str, Any] | None:
    """Append the batch a "Created batch ..." message names to ``path`` (JSONL); None for other messages."""
    found = _CREATED.search(message)
    if found is None:
        return None
    entry = {"batch_id": found.group(1), "requests": int(found.group(2)),
             "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}  # fmt: skip
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")
    return entry


@contextlib.contextmanager
def batch_recording(opts: Any, console: Any, *, resumed: Sequence[str] = ()) -> Iterator[Path | None]:
    """While a batched run goes: the crash-cost banner, every submitted batch id appended to
    ``<log dir>/medtrust-batches.jsonl`` and printed. A no-op without ``opts.batch``."""
    if not opts.batch:
        yield None
        return
    from medtrust._inspect_compat import set_batch_log_callback

    path = Path(opts.log_dir) / BATCH_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    console.print(CRASH_WARNING.format(path=path))

    def on_message(message: str) -> None:
        entry = record_batch(path, message)
        if entry is not None:
            console.print(f"batch {entry['batch_id']} submitted ({entry['requests']} requests); recorded in {path}", markup=False)

    set_batch_log_callback(on_message)
    try:
        yield path
    finally:
        set_batch_log_callback(None)
