"""The sequential trust case inside a running inspect task: an ``inspect_ai.util.EarlyStopping``.

:class:`SequentialMonitor` is the task's early-stopping manager (inspect's protocol:
``start_task`` / ``schedule_sample`` / ``complete_sample`` / ``complete_task``). Samples arrive
in the order the dataset gives (medtrust.sequential.task shuffles whole clusters with the seed).
Results are *consumed in that order*, a whole cluster at a time: a result that finishes early
(a short refusal) waits until every sample before it is done, so the order of the evidence never
depends on the answers (with concurrency, completion order does; a test on completion order
would be biased). After each cluster every undecided criterion's betting test
(medtrust.sequential.betting; corrected shares: medtrust.sequential.correction) is updated, and:

* a criterion whose wealth crossed 2/alpha is decided (PASS or FAIL) and stays decided;
* the case is decided when one criterion FAILed or every criterion PASSed (``until="decided"``),
  or when every criterion is decided (``until="all"``); the run also stops once every criterion
  that can be decided while it goes is decided (the others, not shares of per-sample values,
  cannot change with more samples here: the case is then INCONCLUSIVE unless one FAILed);
* from then on inspect asks ``schedule_sample`` before each sample starts and gets an
  ``EarlyStop`` with the reason: the log records every skipped sample
  (``results.early_stopping``), inspect view shows them, and the decisions with where each was
  reached (clusters, members, samples run, fraction of the pool, estimate and confidence
  sequence) are the early-stopping metadata (:meth:`complete_task`).

A sample budget (``budget``: the samples of the first clusters that fit) skips the rest with the
reason "budget"; criteria still undecided when the budget or the data is used up stay
INCONCLUSIVE.

With a baseline (``change``: medtrust.sequential.change.ChangeControl), the ``[[vs_baseline]]``
criteria are decided from the same clusters (each member paired with the baseline's sample of
the same id) and the run stops when both the trust case and the change case are decided (with
``until="all"``: every criterion of both); a file with only one of the two kinds stops on that
one. Samples that end in an error without a score are learnt from inspect's
``on_sample_end`` hook (inspect calls ``complete_sample`` only for scored samples), so one
errored sample never stalls the consumption. On ``--resume`` (inspect eval-retry) inspect passes
the samples finished before to ``complete_sample``; the rebuilt monitor reaches the same state.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from typing import Any, Sequence

from inspect_ai.hooks import Hooks, SampleEnd
from inspect_ai.util import EarlyStop

from medtrust.benchmarks.interface import SampleShare, SequentialTerms
from medtrust.decisions import MANAGER
from medtrust.report.criteria import FAIL, INCONCLUSIVE, NOT_EVALUATED, PASS, Criterion, threshold_in_unit
from medtrust.sequential.betting import ABOVE, BELOW, BettingTest, largest_cluster
from medtrust.sequential.correction import CorrectedThresholds, corrected_thresholds

METHOD = ("hedged betting confidence sequence (Waudby-Smith & Ramdas 2024, JRSS-B 86:1-27), predictable plug-in bets, "
          "clusters as the sampling unit; each side errs with probability <= alpha/2 at any stopping time")  # fmt: skip
UNTIL = ("decided", "all")


def metric_unit_threshold(c: Criterion, share: SampleShare) -> float:
    """The criterion's threshold in the metric's unit: report.criteria's own rule (a share's
    threshold without ``unit`` is in percent, the old fraction form kept; docs/criteria.md "Units")."""
    return float(threshold_in_unit(c, share.unit, share=True))  # type: ignore[arg-type]


@dataclass
class CriterionState:
    """One criterion being decided in one run (JSON via :meth:`record`)."""

    criterion: Criterion
    share: SampleShare | None
    threshold: float  # metric's unit
    fraction: float  # threshold as a fraction of the share's range
    max_size: int = 1
    above: BettingTest | None = None  # evidence that the share is above (corrected: t_high)
    below: BettingTest | None = None  # evidence that it is below (corrected: t_low); may be `above`
    corrected: CorrectedThresholds | None = None
    verdict: str | None = None
    reason: str = ""
    reached: dict[str, Any] = field(default_factory=dict)
    note: str | None = None

    @property
    def decided(self) -> bool:
        return self.verdict in (PASS, FAIL)

    def verdict_for(self, side: str) -> str:
        wants_high = self.criterion.op in ("at_least", "above")
        return (PASS if wants_high else FAIL) if side == ABOVE else (FAIL if wants_high else PASS)

    def scale(self) -> float:
        return 100.0 if self.share is not None and self.share.unit == "percent" else 1.0

    def snapshot(self, clusters_run: int, samples_run: int, pool: int) -> dict[str, Any]:
        """Where the test stands now: clusters and members seen, samples run, fraction of the pool,
        the estimate and the confidence sequence (in the metric's unit)."""
        test = self.above
        if test is None:
            return {}
        low, high = test.interval()
        k = self.scale()
        est = test.estimate
        extra: dict[str, Any] = {}
        if self.corrected is not None and est is not None:
            from medtrust.judges.correction import rogan_gladen

            extra["estimate_corrected"] = rogan_gladen(est, self.corrected.sensitivity, self.corrected.specificity) * k
            extra["observed_share"] = True
        return {**extra, "clusters": test.n, "members": test.samples, "clusters_run": clusters_run, "samples_run": samples_run,
                "fraction_used": round(samples_run / pool, 6) if pool else None,
                "estimate": None if est is None else est * k,
                "ci_low": None if low is None else low * k, "ci_high": None if high is None else high * k}  # fmt: skip

    def record(self) -> dict[str, Any]:
        c = self.criterion
        return {"criterion": c.id, "description": c.description, "metric": c.metric, "group": c.group, "op": c.op,
                "threshold": self.threshold, "threshold_name": c.threshold_name, "unit": self.share.unit if self.share else None,
                "verdict": self.verdict or INCONCLUSIVE, "reason": self.reason, "corrected": self.corrected is not None,
                "calibration": self.corrected.as_dict() if self.corrected is not None else None, "note": self.note,
                "max_cluster_members": self.max_size, **self.reached}  # fmt: skip


class SequentialMonitor:
    """inspect ``EarlyStopping`` manager deciding a trust case while the task runs (module docstring).

    Args:
        criteria: the criteria of this task's benchmark (``report.criteria.Criterion``); each
            applies when its ``model`` pattern matches the evaluated model.
        terms: the benchmark's :class:`SequentialTerms`.
        alpha: two-sided level of every criterion (each wrong verdict <= alpha / 2).
        until: ``decided`` (stop when the case is decided) or ``all`` (when every criterion is).
        budget: the most samples to run (whole clusters in order), or None for the whole pool.
        calibrations: {criterion id: judge Calibration} for criteria checked on a corrected share.
        change: the ``vs_baseline`` criteria and the baseline's samples (medtrust.sequential.change),
            or None.

    Raises:
        ValueError: ``until`` unknown, alpha outside (0, 1), budget < 1; at ``start_task``: more
            than one epoch.
    """

    def __init__(self, criteria: Sequence[Criterion], terms: SequentialTerms, *, alpha: float = 0.05, until: str = "decided",
                 budget: int | None = None, calibrations: dict[str, Any] | None = None, change: Any = None) -> None:
        if until not in UNTIL:
            raise ValueError(f"until must be one of {', '.join(UNTIL)}, got {until!r}")
        if not 0.0 < alpha < 1.0:
            raise ValueError(f"alpha must be in (0, 1), got {alpha}")
        if budget is not None and budget < 1:
            raise ValueError(f"budget must be at least 1 sample, got {budget}")
        self.criteria = list(criteria)
        self.terms = terms
        self.alpha = alpha
        self.until = until
        self.budget = budget
        self.calibrations = calibrations or {}
        self.change = change
        self.states: list[CriterionState] = []
        self.paired: list[Any] = []  # medtrust.sequential.change.PairedState
        self.model = ""
        self.eval_id = ""
        self.clusters: list[list[str]] = []
        self.cluster_of: dict[str, int] = {}
        self.metadata: dict[str, dict[str, Any]] = {}
        self.admitted = 0  # clusters within the budget
        self.results: dict[str, dict[str, Any]] = {}
        self.next_cluster = 0
        self.samples_run = 0
        self.stop_reason: str | None = None
        self.case: str | None = None
        self.stopped_at: dict[str, Any] | None = None
        self.skipped = 0
        self._keys: dict[str, int] = {}

    # -- inspect's EarlyStopping protocol ------------------------------------------------------
    async def start_task(self, task: Any, samples: list[Any], epochs: int) -> str:
        if epochs != 1:
            raise ValueError(f"the sequential trust case runs one epoch per sample (this task has {epochs})")
        self.model = str(task.model)
        self.eval_id = str(task.eval_id)
        self.clusters, self.cluster_of, self.metadata, self._keys = [], {}, {}, {}
        for s in samples:
            sid = str(s.id)
            meta = dict(s.metadata or {})
            self.metadata[sid] = meta
            key = self.terms.cluster(meta)
            index = self._cluster_index(key)
            self.clusters[index].append(sid)
            self.cluster_of[sid] = index
        self.admitted = self._admitted()
        pool_members = [sid for c in self.clusters[: self.admitted] for sid in c]
        self.states = [self._state(c, pool_members) for c in self.criteria if fnmatch.fnmatchcase(self.model, c.model)]
        if self.change is not None:
            self.paired = self.change.states(self.model, self.terms.share, pool_members, self.cluster_of, self.metadata)
        _ACTIVE[self.eval_id] = self
        _register_hook()
        self._check_case()  # nothing to decide (no criterion, or none can be checked): run everything
        return MANAGER

    async def schedule_sample(self, id: str | int, epoch: int) -> EarlyStop | None:
        sid = str(id)
        if self.stop_reason is not None:
            self.skipped += 1
            return EarlyStop(id=id, epoch=epoch, reason=self.stop_reason, metadata={"case": self.case})
        if self.cluster_of.get(sid, 0) >= self.admitted:
            self.skipped += 1
            return EarlyStop(id=id, epoch=epoch, reason=f"budget: the run may use {self.budget} samples", metadata={"case": None})
        return None

    async def complete_sample(self, id: str | int, epoch: int, scores: dict[str, Any]) -> None:
        self.finish(str(id), {name: getattr(s, "score", s) for name, s in scores.items()})

    async def complete_task(self) -> dict[str, Any]:
        _ACTIVE.pop(self.eval_id, None)
        pool = self.pool_samples
        for st in self.states:
            if not st.decided and st.share is not None and st.above is not None and st.verdict != NOT_EVALUATED:
                st.verdict = INCONCLUSIVE
                if self.stop_reason is not None and self.case is not None:
                    why = f"not decided when the case was ({self.case})"
                elif self.admitted < len(self.clusters):
                    why = f"not decided within the budget of {self.budget} samples"
                else:
                    why = "not decided when the data was used up"
                st.reached = st.snapshot(self.next_cluster, self.samples_run, pool)
                st.reason = why + self._where(st.reached)
        change = self._change_record(pool)
        return {
            **({"change_control": change} if change is not None else {}),
            "method": METHOD, "alpha": self.alpha, "until": self.until, "budget": self.budget, "model": self.model,
            "case": (self.case or self._final_case()) if self.states or self.change is None else None, "stop_reason": self.stop_reason, "stopped_at": self.stopped_at,
            "pool": {"samples": pool, "clusters": len(self.clusters)},
            "used": {"samples": self.samples_run, "clusters": self.next_cluster,
                     "fraction": round(self.samples_run / pool, 6) if pool else None},
            "skipped": self.skipped,
            "criteria": [st.record() for st in self.states],
        }  # fmt: skip

    # -- results in the planned order ------------------------------------------------------------
    def finish(self, sid: str, scores: dict[str, Any]) -> None:
        """Record one finished sample (scores by scorer; {} for an errored one) and consume every
        cluster that is now complete, in order."""
        if sid in self.results or sid not in self.cluster_of:
            return
        self.results[sid] = scores
        while self.next_cluster < self.admitted and all(m in self.results for m in self.clusters[self.next_cluster]):
            self._consume(self.clusters[self.next_cluster])
            self.next_cluster += 1

    def sample_failed(self, sid: str) -> None:
        """A sample ended without a score (error): a non-answer for every criterion."""
        self.finish(sid, {})

    @property
    def pool_samples(self) -> int:
        return sum(len(c) for c in self.clusters)

    def _consume(self, members: list[str]) -> None:
        self.samples_run += len(members)
        for ps in self.paired:
            if ps.verdict == NOT_EVALUATED or ps.share is None:
                continue
            side = ps.add_cluster(self.change.pairs(ps, members, self.metadata, self.results))
            if side is not None:
                from medtrust.sequential.change import decide

                decide(ps, side, self.next_cluster + 1, self.samples_run, self.pool_samples)
        for st in self.states:
            if st.decided or st.share is None or st.above is None:
                continue
            total, count = 0.0, 0
            for sid in members:
                meta = self.metadata[sid]
                if not st.share.member(meta):
                    continue
                v = st.share.value(meta, self.results[sid]) if self.results[sid] else None
                if v is None:
                    continue
                if not 0.0 <= v <= 1.0:
                    raise ValueError(f"{st.criterion.id}: sample {sid} has value {v}, outside [0, 1]")
                total, count = total + v, count + 1
            st.above.update(total, count)
            if st.below is not st.above:
                st.below.update(total, count)  # type: ignore[union-attr]
            side = ABOVE if st.above.above_at is not None else (BELOW if st.below.below_at is not None else None)  # type: ignore[union-attr]
            if side is not None:
                st.verdict = st.verdict_for(side)
                st.reached = st.snapshot(self.next_cluster + 1, self.samples_run, self.pool_samples)
                shown = st.corrected.t_high if side == ABOVE and st.corrected else (st.corrected.t_low if st.corrected else None)
                what = f"the corrected share shown {side} {st.threshold:g} (observed share {side} {shown:.4g})" if shown is not None else f"shown {side} {st.threshold:g}"
                st.reason = f"{what} by the {100 * (1 - st.above.alpha):g}% confidence sequence" + self._where(st.reached)
        self._check_case()

    def _check_case(self) -> None:
        if self.stop_reason is not None:
            return
        trust = self._trust_outcome()
        change = self._change_outcome()
        parts = [p for p in (trust, change) if p is not False]
        if not parts or any(p is None for p in parts):
            return  # nothing to decide, or one of the two still open
        self.case = trust[0] if trust else None  # type: ignore[index]
        self.stop_reason = "; ".join(p[1] for p in parts)  # type: ignore[index]
        pool = self.pool_samples
        self.stopped_at = {"clusters_run": self.next_cluster + 1 if self.samples_run else 0, "samples_run": self.samples_run,
                           "fraction_used": round(self.samples_run / pool, 6) if pool else None}  # fmt: skip

    def _trust_outcome(self) -> tuple[str, str] | None | bool:
        """(case, stop reason) once the trust case is decided, None while it is open, False when
        there is nothing to decide (no criterion that can be checked while the run goes)."""
        checkable = [st for st in self.states if st.share is not None and st.above is not None]
        failed = [st for st in self.states if st.verdict == FAIL]
        if not checkable:
            return False
        if self.until == "decided" and failed:
            return FAIL, f"case decided: FAIL ({failed[0].criterion.id} FAIL)"
        if not all(st.decided for st in checkable):
            return None
        if failed:
            case = FAIL
        elif len(checkable) == len(self.states):
            case = PASS
        else:  # the others cannot be decided while the run goes: more samples cannot change the case
            case = INCONCLUSIVE
        if case == PASS and self.until == "decided":
            return case, "case decided: PASS (every criterion PASS)"
        return case, f"every criterion that can be checked while the run goes is decided (case {case})"

    def _change_outcome(self) -> tuple[str, str] | None | bool:
        """The same for the change case (medtrust.sequential.change): INFERIOR as soon as one
        criterion is (``until="decided"``), else once every checkable criterion is decided."""
        from medtrust.report.noninferiority import INFERIOR
        from medtrust.sequential.change import case_of

        checkable = [ps for ps in self.paired if ps.checkable]
        if not checkable:
            return False
        inferior = [ps for ps in checkable if ps.verdict == INFERIOR]
        if self.until == "decided" and inferior:
            return INFERIOR, f"change case decided: INFERIOR ({inferior[0].rule.id} INFERIOR)"
        if not all(ps.decided for ps in checkable):
            return None
        case = case_of(self.paired)
        return case, f"change case decided: {case} (every vs_baseline criterion that can be checked while the run goes is decided)"

    def _change_record(self, pool: int) -> dict[str, Any] | None:
        """The change-control part of the decisions (undecided criteria become INCONCLUSIVE)."""
        if self.change is None:
            return None
        from medtrust.sequential.change import CI_METHOD, METHOD as CHANGE_METHOD, case_of, where

        for ps in self.paired:
            if ps.checkable and not ps.decided:
                ps.verdict = INCONCLUSIVE
                if self.stop_reason is not None:
                    why = "not decided when the run stopped"
                elif self.admitted < len(self.clusters):
                    why = f"not decided within the budget of {self.budget} samples"
                else:
                    why = "not decided when the data was used up"
                ps.reached = ps.snapshot(self.next_cluster, self.samples_run, pool)
                ps.reason = why + where(ps)
        return {"method": CHANGE_METHOD, "ci_method": CI_METHOD, "baseline": self.change.baseline.describe(),
                "multiplicity": self.change.multiplicity, "case": case_of(self.paired) if self.paired else None,
                "criteria": [ps.record() for ps in self.paired]}  # fmt: skip

    def _final_case(self) -> str:
        verdicts = [st.verdict or INCONCLUSIVE for st in self.states]
        if FAIL in verdicts:
            return FAIL
        if verdicts and all(v == PASS for v in verdicts):
            return PASS
        return INCONCLUSIVE

    def _where(self, reached: dict[str, Any]) -> str:
        if not reached:
            return ""
        frac = reached.get("fraction_used")
        ci = "" if reached.get("ci_low") is None else f", confidence sequence [{reached['ci_low']:.4g}, {reached['ci_high']:.4g}]"
        est = "" if reached.get("estimate") is None else f", estimate {reached['estimate']:.4g}"
        return (f" after {reached['members']} member samples in {reached['clusters']} clusters ({reached['samples_run']} samples run, "
                f"{100 * frac:.1f}% of the data){est}{ci}") if frac is not None else ""  # fmt: skip

    # -- setup -------------------------------------------------------------------------------------
    def _cluster_index(self, key: str) -> int:
        if key not in self._keys:
            self._keys[key] = len(self.clusters)
            self.clusters.append([])
        return self._keys[key]

    def _admitted(self) -> int:
        if self.budget is None:
            return len(self.clusters)
        used = 0
        for i, c in enumerate(self.clusters):
            if used + len(c) > self.budget and i > 0:
                return i
            used += len(c)
        return len(self.clusters)

    def _state(self, c: Criterion, pool: list[str]) -> CriterionState:
        share = self.terms.share(c.metric, c.group)
        if share is None:
            st = CriterionState(c, None, float(c.threshold or 0.0), 0.0)
            st.verdict = NOT_EVALUATED
            st.reason = f"{c.metric}{'' if c.group is None else ' (' + c.group + ')'} is not a share of per-sample values; it cannot be decided while the run goes"
            return st
        t = metric_unit_threshold(c, share)
        frac = t / (100.0 if share.unit == "percent" else 1.0)
        st = CriterionState(c, share, t, frac)
        max_size = largest_cluster(pool, self.cluster_of, lambda sid: share.member(self.metadata[sid]))
        if not max_size:
            st.verdict = NOT_EVALUATED
            st.reason = "no sample of the data belongs to this metric's population"
            return st
        st.max_size = max_size
        cal = self.calibrations.get(c.id)
        if cal is not None:
            ct = corrected_thresholds(min(1.0, max(0.0, frac)), cal, self.alpha)
            if ct.why is None:
                st.corrected = ct
                st.above = BettingTest(ct.t_high, ct.alpha_seq, st.max_size)  # type: ignore[arg-type]
                st.below = BettingTest(ct.t_low, ct.alpha_seq, st.max_size)  # type: ignore[arg-type]
                return st
            st.note = f"corrected rate not usable: {ct.why}; raw rate used"
        st.above = st.below = BettingTest(min(1.0, max(0.0, frac)), self.alpha, st.max_size)
        if not 0.0 < frac < 1.0:
            st.note = f"the threshold {t:g} is at the end of the share's range: only one verdict is possible"
        return st


#: monitors of the running tasks by inspect eval id (the hook reaches them)
_ACTIVE: dict[str, SequentialMonitor] = {}


class SequentialSampleEnd(Hooks):
    """Tells the running task's monitor about samples that ended in an error without a score."""

    def enabled(self) -> bool:
        return bool(_ACTIVE)

    async def on_sample_end(self, data: SampleEnd) -> None:
        monitor = _ACTIVE.get(data.eval_id)
        if monitor is not None and not data.sample.scores:
            monitor.sample_failed(str(data.sample.id))


def _register_hook() -> None:
    """Register :class:`SequentialSampleEnd` with inspect once (medtrust._inspect_compat.register_hook)."""
    from medtrust._inspect_compat import register_hook

    register_hook("medtrust_sequential", "medtrust --sequential: samples that ended in an error count as non-answers", SequentialSampleEnd)
