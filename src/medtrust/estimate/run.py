"""`medtrust run ... --estimate` and ``--max-cost``: requests, tokens, cost and time before the run.

Nothing is called: the requests come from a stand-in run of the plan (medtrust.estimate.dryrun),
their input tokens from an offline tokenizer (medtrust.estimate.tokens), prices from a dated
table (medtrust.estimate.prices). docs/estimate.md describes every figure:

* requests per model and per judge: those of the stand-in run; requests repeated with the same
  input (a judge's retry of a truncated verdict) are the top of a range;
* input tokens: the real prompts after templating, counted per request (the range: first requests
  .. all requests); a judge request contains the evaluated model's reply, so its range runs from
  no reply to the model's ``max_tokens`` in place of the stand-in reply;
* output tokens: from 0 to the sum of every request's ``max_tokens`` (None when a request sets no
  limit);
* cost: tokens x price for priced models (standard and batch), "unknown price" otherwise;
* wall time: ceil(samples / concurrency) x seconds of requests per sample, at the stated
  ``--max-connections`` (inspect's default 10 when not given) and ``--latency`` (default
  :data:`DEFAULT_LATENCY` s per request, a typical hosted-API round trip to be replaced by your
  own); in batch mode the provider's window (up to 24 h) instead. An in-process model
  (``medtrust/embedded``, ``medtrust/gguf``: llama.cpp through xllamacpp) runs at most its
  ``n_parallel`` slots at once (``-M slots``/``n_parallel``, default 4), and unless ``--latency``
  is given a request takes its ``max_tokens`` at :data:`LOCAL_SLOT_TOKENS_PER_S` (an upper end:
  replies may stop sooner);
* with ``--sequential``: the worst case (all the data) and the expected fraction of it when the
  model is clearly (:data:`CLEAR_MARGIN`) on the failing side of a criterion, or on the passing
  side of all, from a simulation of the same test.
"""

from __future__ import annotations

import datetime as _dt
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from medtrust.atomic import write_json

#: seconds per request for the wall-time estimate when --latency is not given
DEFAULT_LATENCY = 2.0
#: inspect's default connections per model when --max-connections is not given
DEFAULT_CONNECTIONS = 10
#: the estimate's JSON beside the logs
ESTIMATE_FILE = "medtrust-estimate.json"
#: distance of the true share from a threshold in the sequential scenarios
CLEAR_MARGIN = 0.15
#: in-process models whose speed is this machine's, not a provider's (llama.cpp through xllamacpp)
LOCAL_MODELS = ("medtrust/embedded", "medtrust/gguf")
#: generated tokens/s of one slot of the embedded model, 4 slots on 2 quiet cores (106 tokens/s in
#: all at load average 2, docs/performance.md "The embedded model on xllamacpp"); on cores shared
#: with other work it was 15x slower (7.2 tokens/s in all at load 11-14)
LOCAL_SLOT_TOKENS_PER_S = 26.5


@dataclass
class RoleEstimate:
    """One model in one role (JSON via asdict)."""

    role: str
    model: str
    requests: int
    requests_range: tuple[int, int]
    input_tokens: tuple[int, int]
    output_tokens: tuple[int, int | None]
    images: int
    token_method: str
    token_count_exact: bool
    price: dict[str, Any] | None
    cost: tuple[float, float] | None = None
    batch_cost: tuple[float, float] | None = None
    price_note: str | None = None


@dataclass
class Estimate:
    """The whole estimate (JSON via :meth:`as_dict`)."""

    benchmark: str
    samples: int
    roles: list[RoleEstimate]
    cost: tuple[float, float] | None
    batch_cost: tuple[float, float] | None
    unknown_prices: list[str]
    wall_seconds: float | None
    latency: float
    connections: int
    batch: bool
    sequential: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    #: samples at once per evaluated model (an in-process model: at most its slots)
    concurrency: dict[str, int] = field(default_factory=dict)
    created: str = field(default_factory=lambda: _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"))

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def role_models(opts: Any, roles: Sequence[str]) -> dict[str, str]:
    """Stand-in role -> the real model name: ``model`` -> each evaluated model is handled by the
    caller; ``grader`` / ``grader#i`` -> the judges in order."""
    out = {}
    for r in roles:
        base, _, idx = r.partition("#")
        if base == "grader" and opts.judge_models:
            i = int(idx) - 1 if idx else 0
            if i < len(opts.judge_models):
                out[r] = opts.judge_models[i]
    return out


def estimate(bench: Any, plan: Any, opts: Any, *, sequential_setup: Any = None) -> Estimate:
    """Build the estimate of a planned run (module docstring).

    Raises:
        RuntimeError: the stand-in run failed; PriceError: a bad ``--prices`` table.
    """
    from medtrust.endpoints import resolve_endpoint
    from medtrust.estimate.dryrun import EVALUATED, REPLY, dry_run
    from medtrust.estimate.prices import price_of, tables
    from medtrust.estimate.tokens import counter_for

    requests = dry_run(plan.tasks, plan.model_roles, limit=plan.limit)
    samples = sum(len(t.dataset) if plan.limit is None else min(plan.limit, len(t.dataset)) for t in plan.tasks)
    tabs = tables(opts.prices)
    by_role: dict[str, list[Any]] = {}
    for r in requests:
        by_role.setdefault(r.role, []).append(r)
    model_max = [r.max_tokens for r in by_role.get(EVALUATED, [])]
    judge_names = role_models(opts, [k for k in by_role if k != EVALUATED])
    who: list[tuple[str, str, list[Any]]] = [(EVALUATED, m, by_role.get(EVALUATED, [])) for m in opts.model]
    who += [(role, judge_names.get(role, "(the evaluated model)"), rs) for role, rs in by_role.items() if role != EVALUATED]
    out: list[RoleEstimate] = []
    counters: dict[str, Any] = {}
    for role, name, rs in who:
        args = opts.model_args if role == EVALUATED else {}
        counter = counters.setdefault(name, counter_for(name, args))
        tokens = [counter.count(r.messages) for r in rs]
        low = sum(t for t, r in zip(tokens, rs) if not r.repeat)  # first requests only; the top adds the retries
        high = sum(tokens)
        if role != EVALUATED:  # the judge reads the model's reply: 0 .. max_tokens in place of the stand-in's
            reply = counter.count_text(REPLY)
            has_reply = [any(REPLY in m["content"] for m in r.messages) for r in rs]
            cap = max((t for t in model_max if t is not None), default=0)
            low -= reply * sum(1 for h, r in zip(has_reply, rs) if h and not r.repeat)
            high += (cap - reply) * sum(has_reply)
        outs = [r.max_tokens for r in rs]
        unique = sum(1 for r in rs if not r.repeat)
        endpoint = resolve_endpoint(name, args, "model" if role == EVALUATED else role.partition("#")[0])
        price = price_of(name, tabs, base_url=endpoint.url if endpoint.kind == "loopback" else None)
        est = RoleEstimate(role, name, unique, (unique, len(rs)), (low, high), (0, None if any(o is None for o in outs) else sum(outs)),
                           sum(r.images for r in rs), counter.method, name in counter.exact_for, price.as_dict() if price else None)  # fmt: skip
        if price is None:
            est.price_note = f"unknown price for {name}: add it with --prices FILE"
        else:
            top_out = est.output_tokens[1]
            est.cost = (low * price.input / 1e6, high * price.input / 1e6 + (top_out or 0) * price.output / 1e6)
            if price.batch_input is not None:
                est.batch_cost = (low * price.batch_input / 1e6, high * price.batch_input / 1e6 + (top_out or 0) * (price.batch_output or 0) / 1e6)
            if top_out is None:
                est.price_note = "a request sets no max_tokens: the output cost has no upper bound"
        out.append(est)
    unknown = sorted({e.model for e in out if e.price is None})
    cost = None if unknown else (sum(e.cost[0] for e in out if e.cost), sum(e.cost[1] for e in out if e.cost))  # type: ignore[index]
    batch_cost = None
    remote = [e for e in out if not (e.price or {}).get("local")]
    if not unknown and remote and all(e.batch_cost is not None for e in remote):
        batch_cost = (sum(e.batch_cost[0] for e in out if e.batch_cost), sum(e.batch_cost[1] for e in out if e.batch_cost))
    latency = opts.latency if opts.latency is not None else DEFAULT_LATENCY
    connections = opts.max_connections or DEFAULT_CONNECTIONS
    walls: list[tuple[float, int, bool]] = []
    concurrency: dict[str, int] = {}
    for model in opts.model:  # each evaluated model with the judges' requests of its samples
        local = model.startswith(LOCAL_MODELS)
        slots = local_slots(opts.model_args) if local else None
        conc = min(opts.max_connections or slots, slots) if slots else connections
        seconds = 0.0
        for role, name, rs in who:
            if role == EVALUATED and name != model:
                continue
            on_this_machine = local if role == EVALUATED or name == "(the evaluated model)" else name.startswith(LOCAL_MODELS)
            seconds += sum(request_seconds(r.max_tokens, on_this_machine, opts.latency) for r in rs)
        walls.append((math.ceil(samples / conc) * seconds / max(samples, 1), conc, local))
        concurrency[model] = conc
    sequential = sequential_setup is not None
    wall = sum(w for w, _c, _l in walls) if sequential else max((w for w, _c, _l in walls), default=0.0)
    conc_text = ", ".join(sorted({f"{c} concurrent samples" + (" (the in-process model's slots)" if lo else "") for _w, c, lo in walls}))
    local_text = (f"; an in-process model's request: its max_tokens at {LOCAL_SLOT_TOKENS_PER_S:g} tokens/s per slot (a quiet 2-core machine)"
                  if opts.latency is None and any(lo for _w, _c, lo in walls) else "")  # fmt: skip
    notes = [f"wall time at {conc_text} and {latency:g} s per request{local_text}; models "
             + ("one after another (--sequential)" if sequential else "in parallel")]  # fmt: skip
    if opts.batch:
        notes.append("batch mode: answers come within the provider's window (up to 24 h), so the wall time is not estimated")
    result = Estimate(bench.name, samples, out, cost, batch_cost, unknown, None if opts.batch else wall, latency, connections, bool(opts.batch),
                      notes=notes, concurrency=concurrency)  # fmt: skip
    if sequential_setup is not None:
        result.sequential = sequential_expectation(bench, plan, sequential_setup, result)
    return result


def local_slots(model_args: dict[str, Any] | None) -> int:
    """Slots of an in-process model: ``-M n_parallel`` / ``-M slots``, else the engine's default
    (medtrust.models.embedded.DEFAULT_SLOTS)."""
    from medtrust.models.embedded import DEFAULT_SLOTS

    args = model_args or {}
    value = args.get("n_parallel", args.get("slots"))
    return max(1, int(value)) if value is not None else DEFAULT_SLOTS


def request_seconds(max_tokens: int | None, local: bool, latency: float | None) -> float:
    """Seconds of one request: the stated ``latency``; without one, :data:`DEFAULT_LATENCY` for a
    provider, and ``max_tokens`` / :data:`LOCAL_SLOT_TOKENS_PER_S` for an in-process model (its
    engine's default 256 when the request sets none)."""
    if latency is not None:
        return latency
    if not local:
        return DEFAULT_LATENCY
    from medtrust.models.embedded import DEFAULT_MAX_TOKENS

    return (max_tokens if max_tokens is not None else DEFAULT_MAX_TOKENS) / LOCAL_SLOT_TOKENS_PER_S


def sequential_expectation(bench: Any, plan: Any, setup: Any, est: Estimate) -> dict[str, Any]:
    """Expected and worst case of a sequential run: the fraction of the data used when the model
    is clearly on the failing side of one criterion (the case FAILs) and on the passing side of
    every one (it PASSes), by simulating the betting test (400 runs each) with the pool's members
    of each criterion; the worst case is the whole data (or the budget)."""
    from medtrust.sequential.monitor import metric_unit_threshold
    from medtrust.sequential.simulate import decide_runs

    rng = np.random.default_rng(0)
    pool = [dict(s.metadata or {}) for t in plan.tasks for s in t.dataset]
    n = len(pool)
    fail_at, pass_at = [], []
    for c in setup.criteria:
        share = bench.sequential.share(c.metric, c.group)
        if share is None:
            continue
        members = sum(1 for m in pool if share.member(m))
        if not members:
            continue
        t = metric_unit_threshold(c, share) / (100.0 if share.unit == "percent" else 1.0)
        wants_high = c.op in ("at_least", "above")
        for bad, sink in ((True, fail_at), (False, pass_at)):
            up = (not wants_high) if bad else wants_high  # the true share above the threshold?
            rate = float(np.clip(t + (CLEAR_MARGIN if up else -CLEAR_MARGIN), 0.01, 0.99))
            x = rng.binomial(1, rate, size=(400, members)).astype(float)
            verdict, index = decide_runs(x, x, t, t, 0.05)
            samples_run = np.where(index < 0, n, np.minimum(n, (index + 1) * n / members))
            sink.append(samples_run)
    budget = getattr(setup, "budget", None)
    worst = n if not budget else min(n, budget)
    if not fail_at:
        note = ("the change case (--baseline) is decided while the run goes, its saving is not estimated here (docs/comparison.md); "
                "worst case the whole data") if getattr(setup, "baseline", None) else "no criterion can be decided while the run goes: the whole data runs"
        return {"worst_fraction": 1.0, "expected_fail_fraction": None, "expected_pass_fraction": None, "note": note}  # fmt: skip
    fail_frac = float(np.mean(np.min(np.vstack(fail_at), axis=0))) / n
    pass_frac = float(np.mean(np.max(np.vstack(pass_at), axis=0))) / n if len(pass_at) == len(setup.criteria) else 1.0
    return {"worst_fraction": worst / n, "expected_fail_fraction": round(fail_frac, 4), "expected_pass_fraction": round(pass_frac, 4),
            "scenario": f"true shares {CLEAR_MARGIN:g} from each threshold (unclustered simulation, 400 runs)",
            "cost_expected_fail": None if est.cost is None else [v * fail_frac for v in est.cost],
            "cost_expected_pass": None if est.cost is None else [v * pass_frac for v in est.cost],
            "requests_expected_fail": {e.model + "/" + e.role: round(e.requests * fail_frac) for e in est.roles}}  # fmt: skip


def print_estimate(est: Estimate, console: Any) -> None:
    """The estimate as a table and a few lines."""
    from rich.table import Table

    t = Table(title=f"Estimate · {est.benchmark} · {est.samples} samples (no model called)")
    for col in ("role", "model", "requests", "input tokens", "output tokens", "images", "cost USD", "batch USD"):
        t.add_column(col, justify="left" if col in ("role", "model") else "right")
    money = lambda c: "unknown price" if c is None else f"{c[0]:.4f}-{c[1]:.4f}"  # noqa: E731
    for e in est.roles:
        req = str(e.requests) if e.requests_range[0] == e.requests_range[1] else f"{e.requests_range[0]}-{e.requests_range[1]}"
        tin = f"{e.input_tokens[0]:,}" if e.input_tokens[0] == e.input_tokens[1] else f"{e.input_tokens[0]:,}-{e.input_tokens[1]:,}"
        tout = f"0-{e.output_tokens[1]:,}" if e.output_tokens[1] is not None else "0-(no limit)"
        local = (e.price or {}).get("local")
        t.add_row(e.role, e.model, req, tin, tout, str(e.images), "local" if local else money(e.cost),
                  "local" if local else ("n/a" if e.batch_cost is None else money(e.batch_cost)))  # fmt: skip
    console.print(t)
    # a model in two roles (model and judge) has one tokenizer and one price: each line is said once
    said: set[str] = set()
    for e in est.roles:
        tokens = f"  tokens of {e.model}: {e.token_method}" + ("" if e.token_count_exact else " (an approximation for this model)")
        price = f"  {e.model}: {e.price_note}" if e.price_note else None
        for line, style in ((tokens, None), (price, "yellow")):
            if line is not None and line not in said:
                said.add(line)
                console.print(line, style=style, markup=False)
    if est.cost is not None:
        console.print(f"Cost: {est.cost[0]:.4f}-{est.cost[1]:.4f} USD" + ("" if est.batch_cost is None else f"; batch {est.batch_cost[0]:.4f}-{est.batch_cost[1]:.4f} USD"))
    if est.wall_seconds is not None:
        console.print(f"Wall time: about {est.wall_seconds / 60:.1f} min ({est.notes[0]})", markup=False)
    for note in est.notes[1:]:
        console.print(note, markup=False)
    if est.sequential:
        s = est.sequential
        if s.get("expected_fail_fraction") is not None:
            console.print(f"Sequential: worst case {100 * s['worst_fraction']:.0f}% of the data; expected about {100 * s['expected_fail_fraction']:.0f}% "
                          f"for a model that clearly fails a criterion, {100 * s['expected_pass_fraction']:.0f}% for one that clearly passes all "
                          f"({s['scenario']}).", markup=False)  # fmt: skip
        else:
            console.print(f"Sequential: {s.get('note')}", markup=False)


def estimate_and_check(bench: Any, plan: Any, opts: Any, *, console: Any, setup: Any = None) -> bool:
    """Print and write the estimate; refuse a run over ``--max-cost``.

    Args:
        setup: the sequential setup (medtrust.sequential.run.prepare) of a ``--sequential`` run.

    Returns:
        True when the run must not go on (``--estimate``: the estimate was all that was asked).

    Raises:
        ValueError: the estimated cost's upper bound is over ``--max-cost``, or a price is unknown
            while ``--max-cost`` is given (the check cannot be made).
    """
    est = estimate(bench, plan, opts, sequential_setup=setup)
    print_estimate(est, console)
    path = Path(opts.log_dir) / ESTIMATE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    write_json(path, est.as_dict(), ensure_ascii=True)  # atomic (medtrust/atomic.py)
    console.print(f"Estimate JSON: {path}")
    if opts.max_cost is not None:
        if est.cost is None:
            raise ValueError(f"--max-cost {opts.max_cost:g}: cannot check, unknown price for {', '.join(est.unknown_prices)} "
                             "(give a price table with --prices FILE)")  # fmt: skip
        top = (est.batch_cost if opts.batch and est.batch_cost is not None else est.cost)[1]
        if est.sequential:  # the worst case of a sequential run: all its data, or its --limit budget
            top *= est.sequential["worst_fraction"]
        if top > opts.max_cost:
            raise ValueError(f"estimated cost up to {top:.4f} USD is over --max-cost {opts.max_cost:g} USD; nothing was run "
                             f"(the estimate is in {path})")  # fmt: skip
        console.print(f"Estimated cost up to {top:.4f} USD is within --max-cost {opts.max_cost:g} USD.")
    return bool(opts.estimate)
