"""A trust case: thresholds a review board sets, checked against a run's numbers and their CIs.

A criteria file (TOML; the shipped example is ``medtrust/data/criteria/example.toml``, format in
docs/criteria.md) lists criteria such as "Safety Score at least 0.85" for any registered
benchmark. Each one is checked for every model in the report that ran its benchmark:

* **PASS**: the whole confidence interval lies in the acceptable region;
* **FAIL**: the whole confidence interval lies outside it;
* **INCONCLUSIVE**: the interval straddles the threshold (or the number has no interval);
* **NOT_EVALUATED**: the metric is not in the run (benchmark or dimension not run, or not
  computable), so nothing can be claimed.

Boundary rule: ``at_least`` / ``at_most`` thresholds are inclusive, ``above`` / ``below``
strict, exactly as the words say. For ``at_least t`` the acceptable region is [t, inf): PASS when
ci_low >= t, FAIL when ci_high < t. For ``above t`` it is (t, inf): PASS when ci_low > t, FAIL
when ci_high <= t. ``at_most`` and ``below`` mirror them. A model's case is FAIL if any of its
criteria fails, else INCONCLUSIVE if any is inconclusive or not evaluated, else PASS.

**More samples to decide** an inconclusive criterion: a CI's half-width shrinks about
as 1/sqrt(n) (the standard error of a mean). Keeping the estimate v and the per-sample spread
as they are, the side of the interval that crosses the threshold t, of half-width h now, must
shrink to |v - t|, so the total needed is n_total = ceil(n (h / |v - t|)^2) and the estimate is
n_total - n more samples, with the verdict it would then likely get (PASS if v is on the
acceptable side). Undefined when v = t (more samples are unlikely to decide it). For a
Rogan-Gladen corrected rate part of the width comes from the calibration labels, which more
evaluation samples do not narrow: the figure is then a lower bound and more labels may be
needed too.

**A share at 0 or at its maximum.** medtrust's summaries give every share the cluster-adjusted
Wilson interval (docs/statistics.md), which is never zero-width; summaries written before it
carry percentile bootstrap CIs. A bootstrap cannot vary a sample whose values are all 0
(or all 1), so its percentile CI is [0, 0] (or [1, 1]) however small n is: 0 harmful prompts
accepted out of 52 would "prove" an under-refusal of at most 5%. For a share (a rate, an
accuracy, an abstention share, a benchmark's declared share such as a safety score) whose CI has zero width at 0 or at the
maximum, the check uses the exact Clopper-Pearson interval for n samples instead (Clopper &
Pearson 1934, Biometrika 26:404-413): [0, 1 - (alpha/2)^(1/n)] for 0 of n and
[(alpha/2)^(1/n), 1] for n of n, alpha = 0.05 (scaled to percent where the metric is). It
ignores clustering, so it is if anything narrow; the result names it (``ci_method``). The
samples that would decide such a criterion, if the share stays at 0 (or 1), are the smallest n
with the exact bound inside the threshold: n = ceil(ln(alpha/2) / ln(1 - t)) at 0 and
ceil(ln(alpha/2) / ln(t)) at the maximum (t as a fraction).

Corrected rates are used where the summary has one (``<metric>_corrected`` with a value and a
CI, computed from a ``--judge-calibration`` file); the result says which (``corrected``). A
corrected twin without a value (Se + Sp <= 1) or without a CI never hides the raw evidence: the
raw metric and its CI are checked instead, and the note says "corrected rate not computable:
<reason>; raw rate used".
"""

from __future__ import annotations

import fnmatch
import math
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

from medtrust.bounded import TooLarge, read_text_bounded
from medtrust.benchmarks.interface import Benchmark
from medtrust.benchmarks.registry import BENCHMARKS, did_you_mean, find_benchmark
from medtrust.evidence_class import BLIND_TAG, DATA_KINDS, DEFAULT_ACCEPT, DEFAULT_DATA, IMAGE_BLIND, RUN_CLASSES, Evidence
from medtrust.summary import BenchmarkSummary, MetricResult
from medtrust.units import FRACTION, PERCENT, SCALE, SHARE_SUFFIXES, is_share  # noqa: F401  (re-exported)

PASS, FAIL, INCONCLUSIVE, NOT_EVALUATED = "PASS", "FAIL", "INCONCLUSIVE", "NOT_EVALUATED"
#: the case of a model when nothing failed but a criterion was not evaluated for it
INCOMPLETE = "INCOMPLETE"
#: how a model's case follows from its rows (docs/criteria.md, "The overall case")
CASE_RULE = ("FAIL if any criterion fails on qualifying evidence; else INCOMPLETE if any criterion was not evaluated for the model "
             "(not run, not evidence, or not computable); else INCONCLUSIVE if any is inconclusive; else PASS")
#: threshold key -> (comparison, inclusive)
OPERATORS = {"at_least": (">=", True), "above": (">", False), "at_most": ("<=", True), "below": ("<", False)}
#: The shipped example criteria file (``--criteria example`` uses it).
EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "criteria" / "example.toml"
ALPHA = 0.05
_KEYS = {"id", "description", "benchmark", "metric", "group", "model", "use_corrected", "unit", "accept", "data", *OPERATORS}
_UNITS = SCALE


class CriteriaError(ValueError):
    """A criteria file that cannot be used; the message names the file, criterion and field."""


@dataclass(frozen=True)
class Criterion:
    """One board criterion.

    Attributes:
        id: short unique name.
        description: the sentence the board wrote.
        benchmark: a registered benchmark's name (``Benchmark.name``).
        metric: metric name in the summaries (docs/summary-schema.md), e.g. ``safety_score``.
        group: subgroup, e.g. ``harm_level=3`` (None = overall).
        op: ``at_least`` | ``above`` | ``at_most`` | ``below``.
        threshold: in the unit given by ``unit`` (converted to the metric's unit when checked).
        threshold_name: the name when the file named the threshold (``Benchmark.criteria.thresholds``,
            e.g. a chance level "random"), else None.
        unit: ``fraction`` | ``percent`` | None (None = the metric's own unit).
        model: fnmatch pattern of model labels the criterion applies to (default every model).
        use_corrected: prefer the Rogan-Gladen corrected twin when the summary has one.
        accept: run classes that count as evidence (medtrust.evidence_class: ``full``, ``limited``,
            ``smoke``, and ``image-blind`` for runs whose model did not see the images); default
            full and limited.
        data: data kinds that count (``packaged_sample``, ``full_split``, ``user_file``,
            ``stand_in``, ``unknown``; ``real`` = the first three); default real.
    """

    id: str
    description: str
    benchmark: str
    metric: str
    op: str
    threshold: float | None
    group: str | None = None
    threshold_name: str | None = None
    unit: str | None = None
    model: str = "*"
    use_corrected: bool = True
    accept: tuple[str, ...] = DEFAULT_ACCEPT
    data: tuple[str, ...] = DEFAULT_DATA


@dataclass
class CriteriaSet:
    """A parsed criteria file."""

    title: str
    criteria: list[Criterion]
    source: str = ""
    sha256: str = ""
    meta: dict[str, Any] = field(default_factory=dict)


def load_criteria(path: str | Path) -> CriteriaSet:
    """Read and validate a criteria TOML file (``"example"`` = the shipped :data:`EXAMPLE`).

    A criterion's ``benchmark`` is any registered benchmark, in either spelling (``a_b`` or
    ``a-b``; stored as ``Benchmark.name``); its named thresholds are the benchmark's
    (``Benchmark.criteria.thresholds``).

    Raises:
        CriteriaError: unreadable TOML (with tomllib's line and column), no criteria, a missing
            or unknown field, an unknown benchmark (with the closest registered name) or threshold
            name, not exactly one threshold, a duplicate id, a share's threshold outside 0-100
            percent (0-1 with ``unit = "fraction"``), a share's threshold of exactly 1 without
            ``unit`` (1% or 100%: the file must say).
    """
    from medtrust.data.records import sha256_file

    p = EXAMPLE if str(path) == "example" else Path(path)
    try:
        doc = tomllib.loads(read_text_bounded(p, what="criteria file"))
    except OSError as e:
        raise CriteriaError(f"{p}: cannot read: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise CriteriaError(f"{p}: not valid TOML: {e}") from None
    except ValueError as e:  # not UTF-8, or over the size limit (the message names the file)
        raise CriteriaError(str(e) if isinstance(e, TooLarge) else f"{p}: not UTF-8 text: {e}") from None
    raw = doc.get("criterion", [])
    # a file may hold only non-inferiority criteria against a baseline (report/noninferiority.py)
    if not isinstance(raw, list) or not (raw or doc.get("vs_baseline")):
        raise CriteriaError(f"{p}: no [[criterion]] or [[vs_baseline]] tables")
    out: list[Criterion] = []
    seen: set[str] = set()
    for i, c in enumerate(raw, start=1):
        where = f"{p}: criterion {i}" + (f" ({c.get('id')})" if isinstance(c, dict) and c.get("id") else "")
        bench = check_table(c, where, _KEYS, seen)
        ops = [k for k in OPERATORS if k in c]
        if len(ops) != 1:
            raise CriteriaError(f"{where}: give exactly one of {', '.join(OPERATORS)} (got {ops or 'none'})")
        op = ops[0]
        value = c[op]
        name = None
        if isinstance(value, str):
            named = bench.criteria.thresholds
            if (value, c["metric"]) not in named:
                known = sorted({f"{n} ({b.name} {m})" for b in BENCHMARKS for n, m in b.criteria.thresholds})
                raise CriteriaError(f"{where}: field {op!r}: no named threshold {value!r} for {bench.name} {c['metric']} (known: {', '.join(known)})")
            name, value = value, named[(value, c["metric"])]
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise CriteriaError(f"{where}: field {op!r}: expected a number or a named threshold, got {value!r}")
        unit = c.get("unit")
        if unit is not None and unit not in _UNITS:
            raise CriteriaError(f"{where}: field 'unit': {unit!r} is not one of {', '.join(_UNITS)}")
        if name is not None and unit is not None:
            raise CriteriaError(f"{where}: a named threshold is in the metric's unit; drop 'unit'")
        if name is None and is_share(c["metric"], share_metrics(bench.name)):
            top = 1.0 if unit == FRACTION else 100.0
            if not 0 <= value <= top:
                # a share lies in [0, 100] percent ([0, 1] as a fraction): any other bar is a typo
                raise CriteriaError(f"{where}: field {op!r}: {value:g} is outside 0-{top:g} for the share {c['metric']!r} "
                                    f"({'a fraction' if unit == FRACTION else 'percent'})")
        if name is None and unit is None and value == 1 and is_share(c["metric"], share_metrics(bench.name)):
            # 1 reads as 1% by the unit rule, but files written in fractions meant 100%: never guess
            raise CriteriaError(f"{where}: field {op!r}: 1 is ambiguous for the share {c['metric']!r} (1% or a fraction 1.0 = 100%); "
                                f"write 100 or 1 with unit = \"percent\", or unit = \"fraction\"")
        group = c.get("group")
        if group is not None and not isinstance(group, str):
            raise CriteriaError(f"{where}: field 'group': expected text like 'harm_level=3'")
        use_corrected = c.get("use_corrected", True)
        if not isinstance(use_corrected, bool):
            raise CriteriaError(f"{where}: field 'use_corrected': expected true or false")
        accept = _word_list(c, "accept", (*RUN_CLASSES, IMAGE_BLIND), DEFAULT_ACCEPT, where)
        data = _word_list(c, "data", (*DATA_KINDS, "real"), DEFAULT_DATA, where)
        out.append(Criterion(
            id=c["id"], description=str(c.get("description") or ""), benchmark=bench.name, metric=c["metric"], op=op,
            threshold=float(value), group=group or None, threshold_name=name, unit=unit, model=str(c.get("model") or "*"),
            use_corrected=use_corrected, accept=accept, data=data,
        ))  # fmt: skip
    meta = {k: v for k, v in doc.items() if k != "criterion"}
    return CriteriaSet(str(doc.get("title") or p.stem), out, p.name, sha256_file(p), meta)


def _word_list(c: dict[str, Any], key: str, allowed: Sequence[str], default: tuple[str, ...], where: str) -> tuple[str, ...]:
    """A criterion's list-of-words field (``accept``, ``data``), checked against ``allowed``.

    Raises:
        CriteriaError: not a non-empty list of text, or an unknown word (naming the known ones).
    """
    if key not in c:
        return default
    v = c[key]
    if not isinstance(v, list) or not v or not all(isinstance(x, str) for x in v):
        raise CriteriaError(f"{where}: field {key!r}: expected a list of words such as {list(default)}")
    bad = [x for x in v if x not in allowed]
    if bad:
        raise CriteriaError(f"{where}: field {key!r}: {bad[0]!r} is not one of {', '.join(allowed)}")
    return tuple(dict.fromkeys(v))


@dataclass
class CriterionResult:
    """The verdict of one criterion for one model (JSON via :meth:`as_dict`).

    Attributes:
        criterion: its id; description, benchmark, metric, group, op as in the file.
        model: the model label in the report ("" when no model ran the benchmark).
        threshold: in the metric's unit. unit: the metric's unit.
        value, ci_low, ci_high, n: the number checked (None when absent).
        corrected: the number is a Rogan-Gladen corrected rate.
        metric_used: the summary metric read (e.g. ``under_refusal_corrected``).
        verdict: PASS | FAIL | INCONCLUSIVE | NOT_EVALUATED.
        reason: one sentence why.
        more_samples, n_needed, likely: for INCONCLUSIVE with a CI: the estimated extra samples,
            total, and the verdict they would likely give (module docstring).
        ci_method: ``summary`` (the summary's own CI: Wilson for shares, bootstrap for gaps and
            differences) or ``clopper-pearson`` (a share at 0 or its maximum whose summary CI has
            zero width, i.e. an older summary's bootstrap; ci_low / ci_high are then the exact interval).
        provenance: where the number comes from (summary provenance: logs, data, judge, calibration).
        evidence: the run's evidence class (:meth:`medtrust.evidence_class.Evidence.as_dict`), None
            when the model did not run the benchmark.
        n_available: samples the metric would have on every row of the data used (the cap of
            the sample-size advice); decidable: False when even all of them would likely not
            decide the criterion (``more_samples`` is then None and the reason says what would).
    """

    criterion: str
    description: str
    benchmark: str
    metric: str
    group: str | None
    op: str
    model: str
    threshold: float | None
    threshold_name: str | None
    unit: str | None
    value: float | None
    ci_low: float | None
    ci_high: float | None
    n: int
    corrected: bool
    metric_used: str | None
    verdict: str
    reason: str
    more_samples: int | None = None
    n_needed: int | None = None
    likely: str | None = None
    note: str | None = None
    ci_method: str = "summary"
    provenance: dict[str, Any] = field(default_factory=dict)
    evidence: dict[str, Any] | None = None
    n_available: int | None = None
    decidable: bool | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def decide(value: float | None, ci_low: float | None, ci_high: float | None, op: str, threshold: float) -> tuple[str, str]:
    """Verdict of one number against one threshold (the module docstring's rule).

    Args:
        value, ci_low, ci_high: estimate and CI bounds (None = missing).
        op: ``at_least`` | ``above`` | ``at_most`` | ``below``.
        threshold: in the same unit.

    Returns:
        (verdict, reason).

    Raises:
        ValueError: unknown op.
    """
    if op not in OPERATORS:
        raise ValueError(f"unknown comparison {op!r}")
    sign, inclusive = OPERATORS[op]
    if value is None:
        return NOT_EVALUATED, "no value (not computable in this run)"
    if ci_low is None or ci_high is None:
        return INCONCLUSIVE, "the number has no confidence interval, so it cannot be defended either way"
    t = threshold
    if op in ("at_least", "above"):
        ok = ci_low >= t if inclusive else ci_low > t
        bad = ci_high < t if inclusive else ci_high <= t
    else:
        ok = ci_high <= t if inclusive else ci_high < t
        bad = ci_low > t if inclusive else ci_low >= t
    ci = f"[{ci_low:.4g}, {ci_high:.4g}]"
    if ok:
        return PASS, f"the whole CI {ci} is {sign} {t:g}"
    if bad:
        return FAIL, f"the whole CI {ci} is on the wrong side of {sign} {t:g}"
    return INCONCLUSIVE, f"the CI {ci} straddles the threshold {t:g}"


def samples_to_decide(value: float, ci_low: float, ci_high: float, n: int, op: str, threshold: float) -> tuple[int, int, str] | None:
    """(more samples, total n needed, likely verdict) for a straddling CI, or None when the
    estimate sits on the threshold or n < 1 (formula in the module docstring)."""
    if n < 1 or value == threshold:
        return None
    wants_high = op in ("at_least", "above")
    acceptable_side = value > threshold if wants_high else value < threshold
    # the half of the CI that crosses the threshold
    h = (value - ci_low) if value > threshold else (ci_high - value)
    d = abs(value - threshold)
    if h <= 0 or d <= 0:
        return None
    total = math.ceil(n * (h / d) ** 2 - 1e-9)
    total = max(total, n + 1)
    return total - n, total, PASS if acceptable_side else FAIL


def _benchmark(name: str, where: str) -> Benchmark:
    """The registered benchmark a criterion names.

    Raises:
        CriteriaError: naming the field, the known benchmarks and the closest one.
    """
    found = find_benchmark(name)
    if found is None:
        known = ", ".join(b.name for b in BENCHMARKS)
        raise CriteriaError(f"{where}: field 'benchmark': {name!r} is not one of {known}{did_you_mean(name, cli_spelling=False)}")
    return found


def check_table(c: Any, where: str, known: set[str] | frozenset[str], seen: set[str]) -> Benchmark:
    """The common head of a criteria table (``[[criterion]]`` and ``[[vs_baseline]]``): a table of
    ``known`` fields only, ``id`` / ``benchmark`` / ``metric`` as text, an ``id`` not in ``seen``
    (added to it); returns the registered benchmark it names.

    Raises:
        CriteriaError: naming ``where`` and the field.
    """
    if not isinstance(c, dict):
        raise CriteriaError(f"{where}: expected a table")
    unknown = sorted(set(c) - set(known))
    if unknown:
        raise CriteriaError(f"{where}: unknown field {unknown[0]!r} (known: {', '.join(sorted(known))})")
    for f in ("id", "benchmark", "metric"):
        if not isinstance(c.get(f), str) or not c[f].strip():
            raise CriteriaError(f"{where}: field {f!r} missing or not text")
    if c["id"] in seen:
        raise CriteriaError(f"{where}: duplicate id {c['id']!r}")
    seen.add(c["id"])
    return _benchmark(c["benchmark"], where)


def share_metrics(benchmark: str) -> tuple[str, ...]:
    """The share metric names a registered benchmark declares (``Benchmark.criteria.shares``);
    () for a benchmark no longer registered."""
    found = find_benchmark(benchmark)
    return found.criteria.shares if found is not None else ()


def boundary_interval(value: float, n: int, unit: str | None) -> tuple[float, float] | None:
    """Clopper-Pearson 95% interval for a share observed at 0 or at its maximum (module
    docstring), in the metric's unit; None when the value is not at a boundary or n < 1."""
    top = 100.0 if unit == "percent" else 1.0
    if n < 1 or value not in (0.0, top):
        return None
    edge = (ALPHA / 2) ** (1.0 / n)
    return (0.0, (1.0 - edge) * top) if value == 0.0 else (edge * top, top)


def boundary_samples(value: float, op: str, threshold: float, unit: str | None, n: int) -> tuple[int, int, str] | None:
    """Samples that would decide a criterion on a share that stays at 0 (or its maximum): the
    smallest n whose exact bound lies inside the threshold (module docstring)."""
    top = 100.0 if unit == "percent" else 1.0
    t = threshold / top
    if not 0.0 < t < 1.0:
        return None
    total = math.ceil(math.log(ALPHA / 2) / math.log(1.0 - t if value == 0.0 else t) - 1e-9)
    if total <= n:
        return None
    wants_high = op in ("at_least", "above")
    ok = (value == top) if wants_high else (value == 0.0)
    return total - n, total, PASS if ok else FAIL


def threshold_in_unit(c: Criterion, metric_unit: str | None, share: bool = False) -> float | None:
    """The criterion's threshold in the metric's unit (fraction <-> percent).

    A threshold without ``unit`` is in the metric's unit for people (:mod:`medtrust.units`):
    percent for a share, else the metric's own unit. :func:`legacy_fraction` keeps files written
    before that rule meaning what they meant."""
    if c.threshold is None:
        return None
    given = c.unit
    if given is None and share and metric_unit in _UNITS and c.threshold_name is None:
        given = FRACTION if legacy_fraction(c.threshold) else PERCENT
    if given is None or metric_unit not in _UNITS or given == metric_unit:
        return c.threshold
    return c.threshold * _UNITS[metric_unit] / _UNITS[given]  # type: ignore[index]


def legacy_fraction(threshold: float) -> bool:
    """The old form's rule: a share's threshold written without ``unit`` and strictly between 0
    and 1 is a fraction (``at_least = 0.85`` = 85%), as criteria files meant before thresholds
    were read in percent; 0 and above 1 are percent, and exactly 1 without ``unit`` is refused by
    :func:`load_criteria` as ambiguous."""
    return 0.0 < threshold < 1.0


def _pick(s: BenchmarkSummary, c: Criterion) -> tuple[MetricResult | None, bool, str | None]:
    """The metric a criterion checks: the corrected twin when it has a value and a CI, else the
    raw metric with a note saying why (a corrected rate without an interval must not hide the raw
    rate's evidence), else a corrected value without CI when there is no raw metric at all."""
    raw = s.metric(c.metric, c.group)
    note = None
    if c.use_corrected:
        cor = s.metric(f"{c.metric}_corrected", c.group)
        if cor is not None and cor.value is not None and cor.ci_low is not None and cor.ci_high is not None:
            return cor, True, None
        if cor is not None and raw is None:
            return (cor, True, None) if cor.value is not None else (None, False, None)
        if cor is not None:
            why = cor.note or "no reason recorded"
            if cor.value is not None:
                why = f"no confidence interval ({why})"
            note = f"corrected rate not computable: {why}; raw rate used"
        elif raw is not None and (s.provenance.get("judge_calibration") or s.provenance.get("abstention_calibration")):
            note = "no corrected version of this metric; raw value used"
    return raw, False, note


def _missing_hint(s: BenchmarkSummary, c: Criterion) -> str:
    """What a criterion whose metric is not in the run may have meant: the closest metric names of
    the run (a misspelt name), or the groups the run has for that metric (a misspelt or absent
    group); ``""`` when neither helps (a dimension that did not run)."""
    from medtrust.suggest import did_you_mean

    names = sorted({m.name for m in s.metrics})
    if c.metric not in names:
        hint = did_you_mean(c.metric, names)
        return f"{hint}; this run's metrics: {', '.join(names[:40])}{' ...' if len(names) > 40 else ''}" if hint else ""
    groups = sorted({m.group for m in s.metrics if m.name == c.metric and m.group is not None})
    have = ("overall and " if any(m.name == c.metric and m.group is None for m in s.metrics) else "") + \
        (f"the groups {', '.join(groups[:20])}{' ...' if len(groups) > 20 else ''}" if groups else "no group")
    return f"{did_you_mean(str(c.group), groups)}; the run has {c.metric} {have}"


def case_label(label: str) -> str:
    """The model a report label belongs to in the trust case: the label without the image-blind
    tag (an image-blind run is a run of the same model, never a model of its own)."""
    return label.removesuffix(BLIND_TAG)


def _words(items: Sequence[str]) -> str:
    return ", ".join(items[:-1]) + (" or " if len(items) > 1 else "") + items[-1] if items else ""


def _benchmark_title(name: str) -> str:
    found = find_benchmark(name)
    return found.title if found is not None else name


def check(criteria: CriteriaSet, summaries: Sequence[BenchmarkSummary], labels: Sequence[str] | None = None) -> dict[str, Any]:
    """Check every criterion for every model in the report (docs/criteria.md).

    Each model (a report label without the image-blind tag, :func:`case_label`) gets a row for
    every criterion its ``model`` pattern matches: the verdict on its run of the criterion's
    benchmark when that run is evidence the criterion accepts (``accept``, ``data``; default
    full or limited runs on real data with the images shown), else NOT_EVALUATED with the reason
    (did not run it; ran it only as a smoke, image-blind, stand-in ... run). A criterion whose
    pattern matches no model gets one row without a model.

    Args:
        criteria: from :func:`load_criteria`.
        summaries: the report's summaries (their ``evidence`` set by the summary stage).
        labels: display label per summary (default: the model name).

    Returns:
        {"title", "file", "sha256", "rule", "case_rule", "results": [CriterionResult dict],
        "models": {model: PASS | FAIL | INCONCLUSIVE | INCOMPLETE}, "counts": {verdict: rows}}.
    """
    labels = list(labels) if labels is not None else [s.model for s in summaries]
    cases = list(dict.fromkeys(case_label(lab) for lab in labels))
    results: list[CriterionResult] = []
    for c in criteria.criteria:
        models = [m for m in cases if fnmatch.fnmatchcase(m, c.model)]
        title = _benchmark_title(c.benchmark)
        if not models:
            results.append(_not_evaluated(c, "", f"no model in the report matches the model filter {c.model!r}"))
            continue
        for model in models:
            mine = [s for s, lab in zip(summaries, labels) if case_label(lab) == model and s.benchmark == c.benchmark]
            if not mine:
                results.append(_not_evaluated(c, model, f"{model} did not run {title}"))
                continue
            evs = [Evidence.from_dict(s.evidence) for s in mine]
            ok = [(s, e) for s, e in zip(mine, evs) if e.qualifies(c.accept, c.data)]
            if not ok:
                why = "; ".join(dict.fromkeys(e.why_not(c.accept, c.data) for e in evs))
                accepted = _words([a for a in c.accept]) + " runs on " + _words(list(c.data)) + " data"
                results.append(_not_evaluated(c, model, f"not evidence: {model} ran {title} only as {why}; this criterion accepts {accepted}",
                                              evidence=evs[0].as_dict(), provenance=_provenance(mine[0], c, None, False)))  # fmt: skip
                continue
            for s, e in ok:
                results.append(_verdict(c, s, model, e))
    overall = {}
    for model in cases:
        vs = [r.verdict for r in results if r.model == model]
        if vs:
            overall[model] = model_case(vs)
    counts = {v: sum(r.verdict == v for r in results) for v in (PASS, FAIL, INCONCLUSIVE, NOT_EVALUATED)}
    return {
        "title": criteria.title, "file": criteria.source, "sha256": criteria.sha256,
        "rule": "PASS: whole CI on the acceptable side; FAIL: whole CI on the other side; INCONCLUSIVE: CI straddles the threshold "
                "(at_least/at_most inclusive, above/below strict); NOT_EVALUATED: the model did not run the benchmark, its run is not "
                "evidence the criterion accepts (default: full or limited runs on real data, images shown), or the metric is not in it. "
                f"A model's case: {CASE_RULE}",
        "case_rule": CASE_RULE,
        "results": [r.as_dict() for r in results], "models": overall, "counts": counts,
    }  # fmt: skip


def model_case(verdicts: Sequence[str]) -> str:
    """A model's case from the verdicts of its rows (:data:`CASE_RULE`, docs/criteria.md "The
    overall case"): FAIL if any row fails; else INCOMPLETE if any is NOT_EVALUATED; else
    INCONCLUSIVE if any is; else PASS. Used by :func:`check` and after a sequential run's
    decisions replace rows (medtrust.report.sequential)."""
    if FAIL in verdicts:
        return FAIL
    if NOT_EVALUATED in verdicts:
        return INCOMPLETE
    return INCONCLUSIVE if INCONCLUSIVE in verdicts else PASS


def _not_evaluated(c: Criterion, model: str, reason: str, *, evidence: dict[str, Any] | None = None,
                   provenance: dict[str, Any] | None = None) -> CriterionResult:  # fmt: skip
    return CriterionResult(c.id, c.description, c.benchmark, c.metric, c.group, c.op, model, c.threshold, c.threshold_name, c.unit,
                           None, None, None, 0, False, None, NOT_EVALUATED, reason, evidence=evidence, provenance=provenance or {})  # fmt: skip


def available_samples(s: BenchmarkSummary, m: MetricResult) -> tuple[int | None, bool]:
    """(samples the metric would have on every row of the data the run used, exact?): the
    summary's ``n_available`` when the benchmark set it, else n scaled by rows available / rows
    evaluated (an estimate: a group's share of the rows is assumed to stay as in the run), None
    when neither is known."""
    if m.n_available is not None:
        return int(m.n_available), True
    if s.rows_available and s.rows_evaluated and m.n:
        return int(m.n * s.rows_available / s.rows_evaluated), False
    return None, False


def _verdict(c: Criterion, s: BenchmarkSummary, model: str, ev: Evidence) -> CriterionResult:
    """The verdict of one criterion on one qualifying run (module docstring)."""
    m, corrected, note = _pick(s, c)
    unit = m.unit if m is not None else None
    t = threshold_in_unit(c, unit, m is not None and is_share(m.name, share_metrics(c.benchmark)))
    prov = _provenance(s, c, m, corrected)
    if m is None:
        return CriterionResult(c.id, c.description, c.benchmark, c.metric, c.group, c.op, model, t, c.threshold_name, unit,
                               None, None, None, 0, False, None, NOT_EVALUATED,
                               f"metric {c.metric}{'' if c.group is None else ' (' + c.group + ')'} not in this run" + _missing_hint(s, c),
                               provenance=prov, evidence=ev.as_dict())  # fmt: skip
    lo, hi, method = m.ci_low, m.ci_high, "summary"
    shares = share_metrics(c.benchmark)
    exact = boundary_interval(m.value, m.n, unit) if m.value is not None and lo == hi == m.value and is_share(m.name, shares) else None
    if exact is not None:
        lo, hi, method = exact[0], exact[1], "clopper-pearson"
    verdict, reason = decide(m.value, lo, hi, c.op, t)  # type: ignore[arg-type]
    if m.value is None:
        # say why, so a board can tell "no such sample in this run" from a broken metric
        where = f"{m.name}" + ("" if c.group is None else f" ({c.group})")
        reason = f"{where} has no value in this run: " + (f"no sample of it among the {s.rows_evaluated or 'evaluated'} rows (n = 0)"
                                                          if not m.n else "not computable") + (f"; {m.note}" if m.note else "")  # fmt: skip
    if exact is not None:
        reason += f" (exact Clopper-Pearson interval: the share is {m.value:g} in all {m.n} samples, where the bootstrap CI has zero width)"
    r = CriterionResult(c.id, c.description, c.benchmark, c.metric, c.group, c.op, model, t, c.threshold_name, unit, m.value,
                        lo, hi, m.n, corrected, m.name, verdict, reason, note=note or m.note, ci_method=method, provenance=prov,
                        evidence=ev.as_dict())  # fmt: skip
    if verdict == INCONCLUSIVE and lo is not None and hi is not None and m.value is not None:
        if exact is not None:
            est = boundary_samples(m.value, c.op, t, unit, m.n)  # type: ignore[arg-type]
        else:
            est = samples_to_decide(m.value, lo, hi, m.n, c.op, t)  # type: ignore[arg-type]
        cap, exact_cap = available_samples(s, m)
        r.n_available = cap
        if est is None:
            r.reason += "; the estimate sits on the threshold, more samples are unlikely to decide it"
        elif cap is not None and est[1] > cap:
            r.decidable = False
            found = find_benchmark(c.benchmark)
            more = found.criteria.more_data if found is not None and found.criteria.more_data else "more data from another source"
            what = f"{'' if exact_cap else 'about '}{cap}" + (f" ({c.group})" if c.group else "")
            r.reason += (f"; about {est[1]} samples would likely be needed to decide it, and the data this run used has {what}: "
                         f"it cannot be decided on this data. What would decide it: {more}")  # fmt: skip
        else:
            r.decidable = True
            r.more_samples, r.n_needed, r.likely = est
            of = "" if cap is None else f" of the {'' if exact_cap else 'about '}{cap} in the data used"
            r.reason += f"; about {est[0]} more samples (n = {est[1]}{of}) would likely make it {est[2]}"
            if corrected:
                r.reason += " (a lower bound: the calibration's share of the width needs more labels, not samples)"
    return r


def _provenance(s: BenchmarkSummary, c: Criterion, m: MetricResult | None, corrected: bool) -> dict[str, Any]:
    p = s.provenance or {}
    keep = ("task", "benchmark_version", "data_source", "data_sha256", "data", "judges", "rubric_sha256", "judge_calibration",
            "judge_calibration_sha256", "abstention_calibration", "log_file", "log_files", "model_args", "generate_config", "packages", "seed")  # fmt: skip
    out = {k: p[k] for k in keep if k in p and p[k] not in (None, [], {})}
    out["model"] = s.model
    if m is not None and m.note:
        out["metric_note"] = m.note
    return out
