"""One helper that turns estimates with CIs into a summary's MetricResults, overall and per group.

Every benchmark summary (CARES-LLM, CARES-VLM, MediConfusion) builds its metrics through a
:class:`MetricTable`: a mean with a cluster-bootstrap CI (:meth:`MetricTable.mean`), the same per
subgroup (:meth:`MetricTable.by_group`), an estimate computed elsewhere (:meth:`MetricTable.add`,
e.g. a ratio statistic or an official counter), a value without an interval
(:meth:`MetricTable.point`), or an explicit "not computable" row
(:meth:`MetricTable.not_computable`). Values and CI bounds are multiplied by the table's
``scale`` (100 for percent tables) and never reported as 0 when undefined (None instead).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence, TypeVar

from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_ci
from medtrust.summary import MetricResult

T = TypeVar("T")


class MetricTable:
    """Collects MetricResults with shared bootstrap settings and unit.

    Args:
        n_resamples: bootstrap replicates for :meth:`mean` / :meth:`by_group`.
        seed: bootstrap seed (same data + seed -> same intervals).
        confidence: interval level in (0, 1).
        unit: default ``MetricResult.unit`` (``fraction``, ``percent`` ...).
        scale: default factor applied to value and CI bounds (e.g. 100 for ``percent``).
    """

    def __init__(self, *, n_resamples: int = 2000, seed: int = 0, confidence: float = 0.95, unit: str = "fraction", scale: float = 1.0) -> None:
        self.metrics: list[MetricResult] = []
        self.n_resamples, self.seed, self.confidence = n_resamples, seed, confidence
        self.unit, self.scale = unit, scale

    @property
    def bootstrap(self) -> dict[str, Any]:
        """The bootstrap keyword arguments (``n_resamples``, ``seed``, ``confidence``)."""
        return dict(n_resamples=self.n_resamples, seed=self.seed, confidence=self.confidence)

    def add(self, name: str, ci: BootstrapCI | None, *, dimension: str | None, group: str | None = None, value: float | None = None,
            unit: str | None = None, scale: float | None = None, higher_is_better: bool | None = True, note: str | None = None) -> MetricResult | None:
        """Add one estimate; ``ci`` None adds nothing and returns None.

        ``value`` replaces the CI's point estimate (already in the reported unit, not scaled):
        for official counters whose value is defined elsewhere. NaN bounds become None.
        """
        if ci is None:
            return None
        k = self.scale if scale is None else scale
        mr = MetricResult.from_ci(name, ci, unit=unit or self.unit, dimension=dimension, group=group, higher_is_better=higher_is_better, note=note)
        for f in ("value", "ci_low", "ci_high"):
            x = getattr(mr, f)
            if x is not None:
                setattr(mr, f, x * k)
        if value is not None:
            mr.value = value
        self.metrics.append(mr)
        return mr

    def mean(self, name: str, values: Sequence[float], clusters: Sequence[Any] | None, *, dimension: str | None, group: str | None = None,
             **kw: Any) -> BootstrapCI:
        """Add the mean of ``values`` (shape (n,)) with a cluster-bootstrap CI (clusters shape (n,));
        returns the CI (n = 0: NaN estimate, reported as value None)."""
        ci = cluster_bootstrap_ci(values, clusters, **self.bootstrap)
        self.add(name, ci, dimension=dimension, group=group, **kw)
        return ci

    def by_group(self, name: str, items: Iterable[T], value: Callable[[T], float | None], cluster: Callable[[T], Any],
                 key: Callable[[T], Any], *, label: str, groups: Sequence[Any] | None = None, dimension: str | None,
                 **kw: Any) -> dict[Any, BootstrapCI]:
        """Add the mean of ``value`` within each group ``key(item)``, labelled ``<label>=<group>``.

        Items whose value is None (non-answers) stay out of the mean. A group is reported when
        at least one item has it (its value is None when all its items are non-answers); groups
        come in the order of ``groups`` (default: sorted). Returns {group: CI}.
        """
        items = list(items)
        present = {key(i) for i in items}
        order = [g for g in groups if g in present] if groups is not None else sorted(present - {None}, key=str)
        out: dict[Any, BootstrapCI] = {}
        for g in order:
            sub = [i for i in items if key(i) == g and value(i) is not None]
            out[g] = self.mean(name, [float(value(i)) for i in sub], [cluster(i) for i in sub], dimension=dimension,  # type: ignore[arg-type]
                               group=f"{label}={g}", **kw)
        return out

    def point(self, name: str, value: float | None, n: int, *, dimension: str | None, group: str | None = None, unit: str | None = None,
              higher_is_better: bool | None = True, note: str | None = None) -> MetricResult:
        """Add an estimate without an interval (``value`` in the reported unit; None = undefined)."""
        mr = MetricResult(name, value, n=n, unit=unit or self.unit, dimension=dimension, group=group, higher_is_better=higher_is_better, note=note)
        self.metrics.append(mr)
        return mr

    def not_computable(self, name: str, *, dimension: str | None, why: str, unit: str | None = None, higher_is_better: bool | None = True,
                       n: int = 0, group: str | None = None) -> MetricResult:
        """Add an explicit ``value=None`` metric with the reason, so a number that could not be
        computed is reported as missing, never dropped and never 0."""
        mr = MetricResult(name, None, n=n, unit=unit or self.unit, dimension=dimension, group=group, higher_is_better=higher_is_better,
                          note=f"not computable: {why}")
        self.metrics.append(mr)
        return mr
