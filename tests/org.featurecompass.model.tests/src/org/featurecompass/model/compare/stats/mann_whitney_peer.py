"""SciPy peer of the Mann-Whitney U test with the p-value method named (MannWhitneyMethodPeerTest).

Input file: one case per line, "METHOD<TAB>A<TAB>B" with space-separated values, METHOD 'exact'
or 'asymptotic'. For every case prints "case <i> U p" from
scipy.stats.mannwhitneyu(B, A, method=METHOD) (two-sided; the asymptotic method with tie and
continuity corrections, SciPy's defaults), U being B's statistic.
"""
import sys

import numpy as np
import scipy
import scipy.stats as st

print("scipy", scipy.__version__, "numpy", np.__version__)
with open(sys.argv[1]) as f:
    for i, line in enumerate(f):
        method, left, right = line.rstrip("\n").split("\t")
        a = np.array([float(v) for v in left.split()])
        b = np.array([float(v) for v in right.split()])
        r = st.mannwhitneyu(b, a, method=method)
        print("case", i, repr(float(r.statistic)), repr(float(r.pvalue)))
