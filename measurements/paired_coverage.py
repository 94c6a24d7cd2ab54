"""Coverage of medtrust's paired intervals by simulation (docs/comparison.md, "How well the intervals hold").

    python measurements/paired_coverage.py [--reps-binary 20000] [--reps-clustered 4000] [--reps-bounded 1000]

Prints, per design, the share of 95% intervals that contain the true difference: Tango's score
interval on independent pairs, Tango on Rao-Scott effective counts on clustered pairs (and plain
Tango on the same data, to show what ignoring the clusters costs), and the paired cluster
bootstrap on bounded scores (CARES-LLM credit 0 / 0.5 / 1). The simulators are
medtrust.metrics.paired_coverage (numpy-vectorised; tests/metrics/test_paired.py runs them smaller).
"""

from __future__ import annotations

import argparse
import time

from medtrust.metrics.paired_coverage import bounded_coverage, clustered_coverage, independent_coverage

#: (p11, p10, p01, p00): both right, A only, B only, both wrong
TABLES = {
    "typical (10% / 5% discordant)": (0.60, 0.10, 0.05, 0.25),
    "rare discordance (2% / 2%)": (0.80, 0.02, 0.02, 0.16),
    "many discordant (20% / 20%)": (0.50, 0.20, 0.20, 0.10),
    "one-sided (0% / 5%)": (0.90, 0.00, 0.05, 0.05),
}
#: credit of A (rows) and B (columns) on 0 / 0.5 / 1
CREDIT_CELLS = [[0.30, 0.05, 0.05], [0.05, 0.20, 0.05], [0.02, 0.08, 0.20]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps-binary", type=int, default=20000)
    ap.add_argument("--reps-clustered", type=int, default=4000)
    ap.add_argument("--reps-bounded", type=int, default=1000)
    a = ap.parse_args()
    t0 = time.time()
    print(f"{'design':<58}{'coverage':>9}")
    for name, cells in TABLES.items():
        for n in (30, 100, 400):
            print(f"{'independent, ' + name + f', n={n}':<58}{independent_coverage(cells, n, reps=a.reps_binary):>9.3f}")
    for kappa in (1.0, 5.0, 50.0):
        for g, m in ((20, 5), (60, 4)):
            cells = TABLES["typical (10% / 5% discordant)"]
            adj = clustered_coverage(cells, g, m, kappa, reps=a.reps_clustered)
            raw = clustered_coverage(cells, g, m, kappa, reps=a.reps_clustered, adjust=False)
            print(f"{f'clustered, {g} x {m}, kappa={kappa:g}: Rao-Scott (plain Tango)':<58}{adj:>9.3f}  ({raw:.3f})")
    for label, g, m, kappa in (("independent, n=100", 100, 1, None), ("independent, n=400", 400, 1, None),
                               ("clustered 30 x 4, kappa=2", 30, 4, 2.0), ("clustered 60 x 4, kappa=2", 60, 4, 2.0),
                               ("clustered 120 x 2, kappa=2", 120, 2, 2.0)):  # fmt: skip
        cov = bounded_coverage(CREDIT_CELLS, [0.0, 0.5, 1.0], g, m, kappa, reps=a.reps_bounded)
        print(f"{'bounded credit (bootstrap), ' + label:<58}{cov:>9.3f}")
    print(f"({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
