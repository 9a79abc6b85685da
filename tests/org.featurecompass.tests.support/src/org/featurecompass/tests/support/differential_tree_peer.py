"""Independent peer of the differential tree (DifferentialTreeDataProviderTest).

Reads the raw ECCTs of the executions (each execution's self time per calling-context node, and
the tree's parent links) and the two groups, and computes per calling context what the
comparison must show, with numpy and SciPy only (TraceCompare, Doray and Dagenais 2016, §3.4.2;
doc/comparison.md): each execution's inclusive (or self) time in the context, 0 when it never
reached it; per group n, mean, std(ddof=1); scipy.stats.ttest_ind(B, A, equal_var=False) or
scipy.stats.mannwhitneyu(B, A); Benjamini-Hochberg q-values (scipy.stats.false_discovery_control)
over the contexts reached by an execution of either group that have a p-value; significance =
q < alpha and |difference| >= the minimum absolute and relative effects and the difference is
not 0. SciPy's NaN for two constant groups is replaced by the documented outcome (doc/comparison.md,
degenerate cases): equal constants p = 1, different constants p = 0.

Input (argv[1]), one item per line:
  settings <welch|mann-whitney> <inclusive|self> <alpha> <minAbsoluteNs> <minRelative>
  node <id> <parent>            (root: parent -1; parents before children)
  exec <group A|B|-> <node>:<selfNs> ...
Output: one line per context reached by either group:
  ctx <id> nA nB reachedA reachedB meanA meanB sdA sdB statistic p q significant
"""
import math
import sys
import warnings

import numpy as np
import scipy.stats as st

warnings.simplefilter("ignore")


def fmt(x):
    x = float(x)
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return repr(x)


parent = {}
executions = []
with open(sys.argv[1]) as f:
    for line in f:
        words = line.split()
        if words[0] == "settings":
            test, measure = words[1], words[2]
            alpha, min_abs, min_rel = (float(w) for w in words[3:6])
        elif words[0] == "node":
            parent[int(words[1])] = int(words[2])
        elif words[0] == "exec":
            times = {}
            for item in words[2:]:
                node, self_ns = item.split(":")
                times[int(node)] = times.get(int(node), 0) + int(self_ns)
            executions.append((words[1], times))

nodes = sorted(parent)
groups = {"A": [e for g, e in executions if g == "A"], "B": [e for g, e in executions if g == "B"]}


def value_rows(members):
    """Per execution: node -> time (inclusive: the node's self time plus its descendants')."""
    rows = []
    for times in members:
        if measure == "self":
            rows.append(dict(times))
            continue
        incl = {}
        for node, t in times.items():
            n = node
            while n != -1:
                incl[n] = incl.get(n, 0) + t
                n = parent[n]
        rows.append(incl)
    return rows


rows = {g: value_rows(m) for g, m in groups.items()}


def reached(group_members, node):
    """Executions whose ECCT has the node (or a descendant: the ECCT is closed under ancestors)."""
    count = 0
    for times in group_members:
        for n in times:
            while n != -1 and n != node:
                n = parent[n]
            if n == node:
                count += 1
                break
    return count


results = {}
for node in nodes:
    ra, rb = reached(groups["A"], node), reached(groups["B"], node)
    if ra + rb == 0 and node != 0:
        continue
    a = np.array([r.get(node, 0) for r in rows["A"]], dtype=float)
    b = np.array([r.get(node, 0) for r in rows["B"]], dtype=float)
    mean_a = np.mean(a) if len(a) else 0.0
    mean_b = np.mean(b) if len(b) else 0.0
    sd_a = np.std(a, ddof=1) if len(a) > 1 else math.nan
    sd_b = np.std(b, ddof=1) if len(b) > 1 else math.nan
    if test == "welch":
        if len(a) < 2 or len(b) < 2:
            stat, p = math.nan, math.nan
        elif sd_a == 0 and sd_b == 0:
            stat, p = (0.0, 1.0) if mean_a == mean_b else (math.copysign(math.inf, mean_b - mean_a), 0.0)
        else:
            r = st.ttest_ind(b, a, equal_var=False)
            stat, p = r.statistic, r.pvalue
    else:
        if len(a) == 0 or len(b) == 0:
            stat, p = math.nan, math.nan
        elif np.all(a == a[0]) and np.all(b == a[0]):
            stat, p = len(a) * len(b) / 2, 1.0
        else:
            r = st.mannwhitneyu(b, a)
            stat, p = r.statistic, r.pvalue
    results[node] = [len(a), len(b), ra, rb, mean_a, mean_b, sd_a, sd_b, stat, p]

family = [n for n in results if (results[n][2] + results[n][3] > 0) and not math.isnan(results[n][9])]
q = dict(zip(family, st.false_discovery_control([results[n][9] for n in family]))) if family else {}
for node, r in results.items():
    qv = q.get(node, math.nan)
    diff = abs(r[5] - r[4])
    significant = (not math.isnan(qv)) and qv < alpha and diff > 0 and diff >= min_abs and diff >= min_rel * max(r[4], r[5])
    print("ctx", node, r[0], r[1], r[2], r[3], " ".join(fmt(v) for v in r[4:10]), fmt(qv), "true" if significant else "false")
