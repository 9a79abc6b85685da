"""Reference of CalibrationRateTest, written apart from the Java classes: Wilson's score interval from
SciPy (scipy.stats.binomtest(...).proportion_ci(method="wilson")) and Arvesen's delete-one-run
jackknife of a rate over comparisons that share runs, with NumPy.

Input (argument 1): lines "wilson K N", or a cell: "pool R1 R2 ..." lines, then
"cmp VALUE | A1 A2 ... | B1 B2 ..." lines, then "end". Output: "wilson LOW HIGH" and
"cell RATE LOW HIGH" (jackknife 95 % interval, clipped to [0, 1]).
"""
import sys

import numpy as np
from scipy import stats

Z = stats.norm.ppf(0.975)


def jackknife(pools, comparisons):
    values = np.array([v for v, _ in comparisons], dtype=float)
    rate = values.mean()
    variance = 0.0
    for pool in pools:
        estimates = []
        for run in pool:
            keep = np.array([run not in used for _, used in comparisons])
            if keep.all() or not keep.any():
                continue
            estimates.append(values[keep].mean())
        m = len(estimates)
        if m >= 2:
            e = np.array(estimates)
            variance += (m - 1) / m * ((e - e.mean()) ** 2).sum()
    sigma = np.sqrt(variance)
    return rate, max(0.0, rate - Z * sigma), min(1.0, rate + Z * sigma)


pools, comparisons = [], []
for line in open(sys.argv[1]):
    f = line.split()
    if not f:
        continue
    if f[0] == "wilson":
        ci = stats.binomtest(int(f[1]), int(f[2])).proportion_ci(confidence_level=0.95, method="wilson")
        print(f"wilson {float(ci.low)!r} {float(ci.high)!r}")
    elif f[0] == "pool":
        pools.append([int(x) for x in f[1:]])
    elif f[0] == "cmp":
        value, a, b = line[4:].split("|")
        comparisons.append((float(value), {int(x) for x in (a + " " + b).split()}))
    elif f[0] == "end":
        rate, low, high = jackknife(pools, comparisons)
        print(f"cell {float(rate)!r} {float(low)!r} {float(high)!r}")
        pools, comparisons = [], []
