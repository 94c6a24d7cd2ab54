"""Shared statistical blocks: cluster-adjusted Wilson intervals for means and rates, clustered
bootstrap CIs for differences and other statistics, paired comparisons (docs/statistics.md)."""

from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_ci, paired_bootstrap_diff
from medtrust.metrics.proportion import ProportionCI, proportion_ci, stratified_proportion_ci

__all__ = ["BootstrapCI", "ProportionCI", "cluster_bootstrap_ci", "paired_bootstrap_diff", "proportion_ci", "stratified_proportion_ci"]
