"""Change control decided while the candidate runs: ``[[vs_baseline]]`` criteria from an
anytime-valid confidence sequence of the paired difference candidate - baseline.

`medtrust run --criteria F --sequential --baseline RECORD` runs a candidate model against a
frozen baseline (medtrust.baseline: the record and its logs, every sha256 checked). The
candidate's samples are drawn in the sequential run's order (whole clusters, seeded); each one
is paired with the baseline's sample of the same id (epoch 1), and both values are read with the
same :class:`medtrust.benchmarks.interface.SampleShare` (the candidate's from its scores as they
arrive, the baseline's from its log's sample metadata and scores).

**The statistics.** A paired difference d = x - y of two values in [0, 1] lies in [-1, 1]; the
map z = (d + 1) / 2 puts it in [0, 1] and is increasing and affine, so

    mean(z) > (1 + t) / 2   <=>   mean(d) > t     (and the same for <),

the usual reduction of a bounded mean on [a, b] to [0, 1] (Waudby-Smith & Ramdas 2024, JRSS-B
86:1-27, sec. 1: "bounded in [a, b]" rescaled). The hedged betting test of
:mod:`medtrust.sequential.betting` on the z-values of each cluster (the same cluster key and the
same ratio-of-sums treatment as the trust case) at the threshold (1 + t) / 2, with t the signed
margin of the criterion (-m for ``not_lower_by``, +m for ``not_higher_by``, in the metric's 0-1
units, :func:`medtrust.report.noninferiority.margin_in_row_units`), therefore gives a
time-uniform confidence sequence of the mean difference and two one-sided decisions, each wrong
with probability <= alpha / 2 at any stopping time:

* ``not_lower_by m``: NON-INFERIOR once the mean difference is shown above -m, INFERIOR once it
  is shown below -m;
* ``not_higher_by m``: NON-INFERIOR once shown below +m, INFERIOR once shown above +m
  (:func:`medtrust.report.noninferiority.verdict_word`);

alpha = 0.05 per criterion (one-sided 2.5%, as the fixed-sample 95% interval), or 0.05 / k under
``multiplicity = "bonferroni"`` for the candidate's k criteria. Undecided when the data or the
budget is used up: INCONCLUSIVE. The change case is
:func:`medtrust.report.noninferiority.change_case`.

**Nothing silently dropped.** Per criterion, among the candidate's samples of the metric's
population: ``paired`` (a value on both sides: used), ``baseline_lacks`` (the baseline has no
such sample), ``candidate_only`` (answered by the candidate only), ``baseline_only`` (answered by
the baseline only), ``neither``; all are recorded with the decision.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from medtrust.benchmarks.interface import SampleShare
from medtrust.report.criteria import share_metrics
from medtrust.report.noninferiority import (
    INCONCLUSIVE,
    NOT_EVALUATED,
    VsBaseline,
    change_case,
    criterion_alpha,
    signed_margin,
    verdict_word,
)
from medtrust.sequential.betting import ABOVE, BELOW, BettingTest, largest_cluster
from medtrust.units import people_unit

METHOD = ("hedged betting confidence sequence (Waudby-Smith & Ramdas 2024, JRSS-B 86:1-27) of the paired difference "
          "candidate - baseline, mapped from [-1, 1] to [0, 1] by z = (d + 1) / 2; clusters as the sampling unit; "
          "each side errs with probability <= alpha/2 at any stopping time")  # fmt: skip
CI_METHOD = "paired betting confidence sequence (anytime-valid)"
#: the counts kept per criterion (module docstring)
COUNTS = ("paired", "baseline_lacks", "candidate_only", "baseline_only", "neither")


def to_unit(d: float) -> float:
    """z = (d + 1) / 2: a paired difference d in [-1, 1] mapped to [0, 1]."""
    return (d + 1.0) / 2.0


def from_unit(z: float) -> float:
    """d = 2 z - 1: the inverse of :func:`to_unit`."""
    return 2.0 * z - 1.0


def unit_threshold(signed: float) -> float:
    """The threshold of the z-scale test for a bound t on the mean difference: (1 + t) / 2."""
    return to_unit(signed)


@dataclass
class BaselineSamples:
    """The baseline's samples of one benchmark, read from a frozen record.

    Attributes:
        record: the record file (absolute); record_sha256: its ``record_sha256``.
        family, model: the approved family and model; log: the log file name read.
        samples: {sample id: (metadata, {scorer name: Score})} of epoch 1.
    """

    record: str
    record_sha256: str
    family: str
    model: str
    log: str
    samples: dict[str, tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {"family": self.family, "model": self.model, "file": Path(self.record).name, "record_sha256": self.record_sha256,
                "log": self.log, "samples": len(self.samples)}  # fmt: skip


def resolve_record(value: str, folders: Sequence[str | Path]) -> dict[str, str]:
    """The task arguments naming a baseline (``{"record": absolute path, "record_sha256": ...}``)
    from ``--baseline RECORD|FAMILY`` (medtrust.baseline.find_baseline over ``folders``), every
    hash checked (medtrust.baseline.load_baseline).

    Raises:
        BaselineError: no record by that name, or one that is unusable (edited, a log changed).
    """
    from medtrust.baseline import BaselineError, find_baseline, load_baseline

    found = find_baseline(value, folders)
    if found is None:
        where = ", ".join(str(f) for f in folders)
        raise BaselineError(f"--baseline {value}: no baseline record (a medtrust-baseline-*.json file, or a family with one in {where}); "
                            "approve one with `medtrust baseline set`")  # fmt: skip
    b = load_baseline(found)
    return {"record": str(found.resolve()), "record_sha256": str(b.record["record_sha256"])}


def read_baseline_samples(record: str, record_sha256: str | None, benchmark: str) -> BaselineSamples:
    """The baseline's epoch-1 samples of ``benchmark`` from the record, every hash checked.

    Args:
        record: the record file; record_sha256: the ``record_sha256`` it had when the run started
            (None = not checked: a new run).
        benchmark: the registered benchmark name.

    Raises:
        BaselineError: the record or a log changed (named, with both sha256), the record changed
            since the run started (``record_sha256``), or it holds no log of ``benchmark``.
    """
    from inspect_ai.log import read_eval_log_samples

    from medtrust.baseline import BaselineError, load_baseline
    from medtrust.logs import check_log_size
    from medtrust.summary import LOG_FIELDS_NOT_SUMMARISED

    b = load_baseline(record)
    now = str(b.record["record_sha256"])
    if record_sha256 is not None and now != record_sha256:
        raise BaselineError(f"{record}: the baseline record changed since this sequential run started (record_sha256 now {now[:16]}..., "
                            f"at the start {record_sha256[:16]}...); its decisions cannot be continued against another baseline")  # fmt: skip
    entries = [(lg, p) for lg, p in zip(b.record["logs"], b.log_paths) if lg.get("benchmark") == benchmark]
    if not entries:
        raise BaselineError(f"{record}: the baseline (family {b.family}) has no log of {benchmark} (it has: "
                            f"{', '.join(b.record.get('benchmarks') or []) or 'none'}); a candidate is compared on the same benchmark only")  # fmt: skip
    out = BaselineSamples(str(Path(record).resolve()), now, b.family, str(b.record["model"]), ", ".join(lg["file"] for lg, _ in entries))
    for _, path in entries:
        check_log_size(path)
        for s in read_eval_log_samples(str(path), all_samples_required=False, exclude_fields=set(LOG_FIELDS_NOT_SUMMARISED)):
            if int(s.epoch or 1) == 1:
                out.samples[str(s.id)] = (dict(s.metadata or {}), dict(s.scores or {}))
    return out


def vs_baseline_rules(data: Sequence[dict[str, Any]]) -> list[VsBaseline]:
    """VsBaseline rules from the dicts a run records (``dataclasses.asdict``).

    Raises:
        ValueError: a dict with an unknown or missing field.
    """
    out = []
    for i, d in enumerate(data, start=1):
        try:
            out.append(VsBaseline(**d))
        except TypeError as e:
            raise ValueError(f"vs_baseline item {i}: {e}") from None
    return out


@dataclass
class PairedState:
    """One ``vs_baseline`` criterion being decided in one candidate's run (JSON via :meth:`record`).

    Attributes:
        rule: the criterion; share: how its metric is read per sample (None: not a share).
        unit: the metric's unit (``fraction`` | ``percent``), the margin's default unit.
        shown: the unit people read it in (medtrust.units.people_unit: ``percent`` for a share),
            used for every value printed or recorded with ``scale``.
        threshold: the signed margin t on candidate - baseline (0-1 units).
        alpha: two-sided level; test: the betting test on z at (1 + t) / 2.
        counts: :data:`COUNTS`.
    """

    rule: VsBaseline
    share: SampleShare | None
    unit: str
    threshold: float
    alpha: float
    max_size: int = 1
    test: BettingTest | None = None
    shown: str | None = None
    verdict: str | None = None
    reason: str = ""
    reached: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTS, 0))

    @property
    def decided(self) -> bool:
        return self.verdict is not None and self.verdict not in (INCONCLUSIVE, NOT_EVALUATED)

    @property
    def checkable(self) -> bool:
        return self.test is not None and self.verdict != NOT_EVALUATED

    def add_cluster(self, pairs: Sequence[tuple[bool, float | None, float | None]]) -> str | None:
        """Add one cluster's members (baseline has the sample, candidate value, baseline value);
        returns ``above`` / ``below`` when this cluster decided the criterion, else None.

        Raises:
            ValueError: a value outside [0, 1].
        """
        total, count = 0.0, 0
        for has_base, x, y in pairs:
            for v in (x, y):
                if v is not None and not 0.0 <= v <= 1.0:
                    raise ValueError(f"{self.rule.id}: value {v} outside [0, 1]")
            if not has_base:
                self.counts["baseline_lacks"] += 1
            elif x is not None and y is not None:
                self.counts["paired"] += 1
                total, count = total + to_unit(x - y), count + 1
            elif x is not None:
                self.counts["candidate_only"] += 1
            elif y is not None:
                self.counts["baseline_only"] += 1
            else:
                self.counts["neither"] += 1
        if self.test is None or self.decided:
            return None
        self.test.update(total, count)
        if self.test.above_at is not None:
            return ABOVE
        if self.test.below_at is not None:
            return BELOW
        return None

    def scale(self) -> float:
        """x 100 when shown in percent (points of a difference), else 1."""
        return 100.0 if (self.shown or self.unit) == "percent" else 1.0

    def snapshot(self, clusters_run: int, samples_run: int, pool: int) -> dict[str, Any]:
        """Where the test stands: clusters and pairs used, samples run, fraction of the pool, the
        mean difference and its confidence sequence (0-1 units; ``scale`` turns them into the
        metric's unit)."""
        if self.test is None:
            return {}
        est = self.test.estimate
        low, high = self.test.interval()
        return {"clusters": self.test.n, "pairs": self.test.samples, "clusters_run": clusters_run, "samples_run": samples_run,
                "fraction_used": round(samples_run / pool, 6) if pool else None,
                "diff": None if est is None else from_unit(est),
                "ci_low": None if low is None else from_unit(low), "ci_high": None if high is None else from_unit(high)}  # fmt: skip

    def record(self) -> dict[str, Any]:
        r = self.rule
        return {"criterion": r.id, "description": r.description, "metric": r.metric, "group": r.group, "direction": r.direction,
                "margin": abs(self.threshold), "threshold": self.threshold, "unit": self.unit, "scale": self.scale(),
                "alpha": self.alpha, "confidence": 1.0 - self.alpha, "verdict": self.verdict or INCONCLUSIVE, "reason": self.reason,
                "max_cluster_pairs": self.max_size, "counts": dict(self.counts), **self.reached}  # fmt: skip


@dataclass
class ChangeControl:
    """What the monitor needs to decide the change case: the rules, the family rule, the baseline.

    Attributes:
        rules: the benchmark's ``vs_baseline`` criteria; multiplicity: their family rule.
        baseline: the baseline's samples; units: {(metric, group): unit} of the benchmark's
            paired metrics (``Benchmark.pairing``; the share's unit otherwise).
    """

    rules: list[VsBaseline]
    multiplicity: str
    baseline: BaselineSamples
    units: dict[tuple[str, str | None], str] = field(default_factory=dict)

    def states(self, model: str, share_of: Any, pool: Sequence[str], cluster_of: dict[str, int],
               metadata: dict[str, dict[str, Any]]) -> list[PairedState]:  # fmt: skip
        """The criteria that apply to ``model`` (fnmatch on ``rule.model``), each with its test
        (NOT_EVALUATED with the reason when its metric is not a per-sample share, or no sample of
        the pool belongs to its population and the baseline).

        Args:
            share_of: (metric, group) -> SampleShare | None (``SequentialTerms.share``).
            pool: the sample ids within the budget; cluster_of, metadata: by sample id.
        """
        mine = [r for r in self.rules if fnmatch.fnmatchcase(model, r.model)]
        alpha = criterion_alpha(self.multiplicity, len(mine))
        out = []
        for rule in mine:
            share = share_of(rule.metric, rule.group)
            unit = self.units.get((rule.metric, rule.group)) or (share.unit if share is not None else "fraction")
            st = PairedState(rule, share, unit, signed_margin(rule, unit), alpha, shown=people_unit(rule.metric, unit, share_metrics(rule.benchmark)))
            name = f"{rule.metric}{'' if rule.group is None else ' (' + rule.group + ')'}"
            if share is None:
                st.verdict = NOT_EVALUATED
                st.reason = f"{name} is not a share of per-sample values; it cannot be decided while the run goes"
                out.append(st)
                continue
            max_size = largest_cluster(pool, cluster_of, lambda sid, share=share: sid in self.baseline.samples and share.member(metadata[sid]))
            if not max_size:
                st.verdict = NOT_EVALUATED
                st.reason = f"no sample of the data that the baseline also has belongs to {name}'s population"
                out.append(st)
                continue
            st.max_size = max_size
            st.test = BettingTest(min(1.0, max(0.0, unit_threshold(st.threshold))), alpha, st.max_size)
            out.append(st)
        return out

    def pairs(self, st: PairedState, members: Sequence[str], metadata: dict[str, dict[str, Any]],
              results: dict[str, dict[str, Any]]) -> list[tuple[bool, float | None, float | None]]:  # fmt: skip
        """(baseline has it, candidate value, baseline value) of a cluster's members in the
        criterion's population (population from the candidate's metadata, the same data)."""
        out = []
        share = st.share
        assert share is not None
        for sid in members:
            meta = metadata[sid]
            if not share.member(meta):
                continue
            x = share.value(meta, results[sid]) if results.get(sid) else None
            base = self.baseline.samples.get(sid)
            if base is None:
                out.append((False, x, None))
                continue
            y = share.value(base[0], base[1]) if base[1] else None
            out.append((True, x, y))
        return out


def decision_reason(st: PairedState, side: str) -> str:
    """Why a criterion was decided: the bound shown and where (values in the metric's unit)."""
    k = st.scale()
    what = "candidate - baseline" + (" (percentage points)" if k == 100.0 else "")
    return f"the mean of {what} shown {side} the margin {k * st.threshold:+.4g} by the {100 * (1 - st.alpha):g}% confidence sequence"


def where(st: PairedState) -> str:
    """The place of a decision in words (pairs, clusters, samples run, estimate, interval; metric's unit)."""
    r = st.reached
    if not r or r.get("fraction_used") is None:
        return ""
    k = st.scale()
    est = "" if r.get("diff") is None else f", difference {k * r['diff']:+.4g}"
    ci = "" if r.get("ci_low") is None else f", confidence sequence [{k * r['ci_low']:+.4g}, {k * r['ci_high']:+.4g}]"
    return (f" after {r['pairs']} paired samples in {r['clusters']} clusters ({r['samples_run']} samples run, "
            f"{100 * r['fraction_used']:.1f}% of the data){est}{ci}")  # fmt: skip


def decide(st: PairedState, side: str, clusters_run: int, samples_run: int, pool: int) -> None:
    """Record a decision reached on ``side`` (module docstring: the words of verdict_word)."""
    st.verdict = verdict_word(st.rule, side)
    st.reached = st.snapshot(clusters_run, samples_run, pool)
    st.reason = decision_reason(st, side) + where(st)


def case_of(states: Sequence[PairedState]) -> str:
    """The change case of the decided-so-far verdicts (undecided count as INCONCLUSIVE), by the
    fixed-sample check's rule (noninferiority.change_case); every criterion is reliable here (the
    report marks judge drift)."""
    return change_case([(st.verdict if st.decided or st.verdict == NOT_EVALUATED else INCONCLUSIVE, True) for st in states])


def margin_text(st_record: dict[str, Any]) -> str:
    """A recorded criterion's bound in its metric's unit, e.g. ``>= -2 pts`` or ``<= +0.02``."""
    k = float(st_record.get("scale") or 1.0)
    op = ">=" if st_record["direction"] == "not_lower_by" else "<="
    return f"{op} {k * st_record['threshold']:+.4g}" + (" pts" if k == 100.0 else "")

