"""SciPy peer of the comparison statistics (StatisticsPeerTest).

Input file: one case per line, "A<TAB>B" with space-separated values (either may be empty), then a
line "BH<TAB>p p p ..." per list of p-values to adjust, or "BHCASES<TAB>i j k ..." to adjust
SciPy's own Welch p-values of those cases. For every case prints
  case <i> meanA sdA meanB sdB welch_t welch_df welch_p mw_u mw_p
computed by numpy (mean, std ddof=1), scipy.stats.ttest_ind(B, A, equal_var=False) and
scipy.stats.mannwhitneyu(B, A) with SciPy's defaults; for every BH line
  bh <j> q q q ...
from scipy.stats.false_discovery_control(p) (method 'bh'). Undefined results print NaN.
"""
import math
import sys
import warnings

import numpy as np
import scipy
import scipy.stats as st

warnings.simplefilter("ignore")


def fmt(x):
    x = float(x)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return repr(x)


def values(text):
    return np.array([float(v) for v in text.split()], dtype=float)


print("scipy", scipy.__version__, "numpy", np.__version__)
case = 0
bh = 0
welch_p = []
with open(sys.argv[1]) as f:
    for line in f:
        line = line.rstrip("\n")
        if line.startswith("BH\t") or line.startswith("BHCASES\t"):
            tag, rest = line.split("\t")
            p = values(rest) if tag == "BH" else np.array([welch_p[int(i)] for i in rest.split()])
            print("bh", bh, " ".join(fmt(q) for q in st.false_discovery_control(p)))
            bh += 1
            continue
        left, right = line.split("\t")
        a, b = values(left), values(right)
        out = []
        for x in (a, b):
            out.append(np.mean(x) if len(x) else math.nan)
            out.append(np.std(x, ddof=1) if len(x) > 1 else math.nan)
        try:
            r = st.ttest_ind(b, a, equal_var=False)
            out += [r.statistic, r.df, r.pvalue]
        except ValueError:
            out += [math.nan] * 3
        welch_p.append(out[-1])
        try:
            r = st.mannwhitneyu(b, a)
            out += [r.statistic, r.pvalue]
        except ValueError:
            out += [math.nan] * 2
        print("case", case, " ".join(fmt(v) for v in out))
        case += 1
