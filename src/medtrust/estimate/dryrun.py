"""The requests a run would send, found by running its plan against stand-in models.

The plan's tasks run through inspect exactly as in the real run (same solvers, templates,
options, judges), but every model, the evaluated one and each judge role, is inspect's
``mockllm`` with a function that records the request (messages, images, ``max_tokens``) and
answers with a fixed plain reply (:data:`REPLY`). No model is called and nothing leaves the
machine; the stand-in log goes to a temporary folder that is deleted.

What depends on the real replies cannot be known before the run: a judge retried on a truncated
verdict, an answer extracted by an LLM when the rules cannot read it. A judge stand-in's first
answer to a request therefore says it was cut at its token limit (``stop_reason="max_tokens"``),
so a scorer that retries truncated verdicts sends its retry; requests sent again with the same
input (retries) are counted apart (``repeats``): the estimate gives the judge's requests as the
range [first requests, all requests].
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass
from typing import Any, Sequence

#: the stand-in reply of every model: a plain, complete sentence
REPLY = "I can offer general information on this; please check the details with a qualified professional."
EVALUATED = "model"


@dataclass
class Request:
    """One recorded request: ``role`` (``model`` for the evaluated model, else the role name and
    judge index, e.g. ``grader``/``grader#2``), the messages as text, a digest per image, max_tokens."""

    role: str
    messages: list[dict[str, str]]
    image_digests: list[str]
    max_tokens: int | None
    repeat: bool = False

    @property
    def images(self) -> int:
        return len(self.image_digests)


def _text_messages(messages: Sequence[Any]) -> tuple[list[dict[str, str]], list[str]]:
    """The messages as text, and a digest of each image (two requests differ when their images do)."""
    from inspect_ai.model import ContentImage

    out, images = [], []
    for m in messages:
        if m.role == "tool":
            continue
        if not isinstance(m.content, str):
            images += [hashlib.sha256(c.image.encode("utf-8")).hexdigest()[:16] for c in m.content if isinstance(c, ContentImage)]
        out.append({"role": m.role, "content": m.text})
    return out, images


def _stand_in(role: str, log: list[Request]) -> Any:
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    seen: set[tuple[str, tuple[str, ...]]] = set()

    def respond(messages: list[Any], tools: Any, tool_choice: Any, config: Any) -> ModelOutput:
        msgs, images = _text_messages(messages)
        log.append(Request(role, msgs, images, config.max_tokens))
        key = (repr(msgs), tuple(images))
        # a judge's first answer to a request looks cut at its token limit, so that a scorer that
        # retries a truncated verdict shows its retry (the top of the range); the retry is answered whole
        cut = role != EVALUATED and key not in seen
        seen.add(key)
        out = ModelOutput.from_content(model=f"estimate-{role}", content=REPLY, stop_reason="max_tokens" if cut else "stop")
        out.usage = ModelUsage(input_tokens=0, output_tokens=0, total_tokens=0)  # inspect's own count needs a download
        return out

    return get_model(f"mockllm/estimate-{role}", custom_outputs=respond, memoize=False)


def dry_run(tasks: Sequence[Any], model_roles: dict[str, Any] | None, *, limit: int | None = None) -> list[Request]:
    """Run ``tasks`` with stand-in models (module docstring) and return every request, in order.

    Raises:
        RuntimeError: the stand-in run did not finish (its error, e.g. a mode that needs
            log-probabilities a stand-in cannot give).
    """
    from inspect_ai import eval as inspect_eval

    log: list[Request] = []
    roles: dict[str, Any] = {}
    for role, bound in (model_roles or {}).items():
        n = len(bound) if isinstance(bound, list) else 1
        models = [_stand_in(role if n == 1 else f"{role}#{i + 1}", log) for i in range(n)]
        roles[role] = models if isinstance(bound, list) else models[0]
    with tempfile.TemporaryDirectory(prefix="medtrust-estimate-") as d:
        logs = inspect_eval(list(tasks), model=_stand_in(EVALUATED, log), model_roles=roles or None, limit=limit, log_dir=d,
                            display="none", fail_on_error=False, score_display=False, log_samples=False, max_connections=64)  # fmt: skip
        bad = [lg for lg in logs if lg.status != "success"]
        if bad:
            raise RuntimeError(f"the stand-in run of {bad[0].eval.task} did not finish: {bad[0].error.message if bad[0].error else bad[0].status}")
    seen: set[tuple[str, str, tuple[str, ...]]] = set()
    for r in log:
        key = (r.role, repr(r.messages), tuple(r.image_digests))
        r.repeat = key in seen
        seen.add(key)
    return log
