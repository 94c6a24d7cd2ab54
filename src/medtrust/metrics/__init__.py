"""Shared statistical blocks: clustered bootstrap CIs, paired comparisons."""

from medtrust.metrics.bootstrap import BootstrapCI, cluster_bootstrap_ci, paired_bootstrap_diff

__all__ = ["BootstrapCI", "cluster_bootstrap_ci", "paired_bootstrap_diff"]
