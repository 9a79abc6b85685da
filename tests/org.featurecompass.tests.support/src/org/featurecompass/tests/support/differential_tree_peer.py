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

Verdict (doc/comparison.md, "Verdicts"): "executions" (default) tests the times as above;
"shares" tests each execution's share of its time instead (its value in the context divided by
its root's inclusive time, the sum of its self times, in the fixed point 2^-40 the sums use),
means and sds staying those of the times; "selection" tests nothing (statistic, p, q NaN; nothing significant); "runs" tests the
runs of A against the runs of B (an execution's group is then written A@run or B@run): per run
the sum of its executions' values in the context over the sum of their root's inclusive times,
and for the root itself the run's mean per execution.

Input (argv[1]), one item per line:
  settings <welch|mann-whitney> <inclusive|self> <alpha> <minAbsoluteNs> <minRelative> [executions|shares|selection|runs]
  node <id> <parent>            (root: parent -1; parents before children)
  exec <group A|B|-, or A@run, B@run> <node>:<selfNs> ...
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
            verdict = words[6] if len(words) > 6 else "executions"
        elif words[0] == "node":
            parent[int(words[1])] = int(words[2])
        elif words[0] == "exec":
            times = {}
            for item in words[2:]:
                node, self_ns = item.split(":")
                times[int(node)] = times.get(int(node), 0) + int(self_ns)
            group, _, run = words[1].partition("@")
            executions.append((group, int(run) if run else -1, times))

nodes = sorted(parent)
groups = {g: [e for h, _, e in executions if h == g] for g in "AB"}
run_of = {g: [r for h, r, _ in executions if h == g] for g in "AB"}


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
    ta, tb = a, b  # what is tested
    if verdict == "runs":
        tested = []
        for g, values in (("A", a), ("B", b)):
            per = []
            for run in sorted(set(run_of[g])):
                members = [i for i, r in enumerate(run_of[g]) if r == run]
                total = sum(values[i] for i in members)
                root = sum(sum(groups[g][i].values()) for i in members)
                per.append(total / len(members) if node == 0 else (total / root if root > 0 else 0.0))
            tested.append(np.array(per, dtype=float))
        ta, tb = tested
    if verdict == "shares":
        root_a = np.array([sum(t.values()) for t in groups["A"]], dtype=float)
        root_b = np.array([sum(t.values()) for t in groups["B"]], dtype=float)
        # in the documented fixed point of the sums (2^-40, rounded as Java's Math.round)
        ta = np.floor(np.divide(a, root_a, out=np.zeros_like(a), where=root_a > 0) * 2.0**40 + 0.5)
        tb = np.floor(np.divide(b, root_b, out=np.zeros_like(b), where=root_b > 0) * 2.0**40 + 0.5)
    mean_a = np.mean(a) if len(a) else 0.0
    mean_b = np.mean(b) if len(b) else 0.0
    sd_a = np.std(a, ddof=1) if len(a) > 1 else math.nan
    sd_b = np.std(b, ddof=1) if len(b) > 1 else math.nan
    a, b = ta, tb
    if verdict == "selection":
        stat, p = math.nan, math.nan
    elif test == "welch":
        if len(a) < 2 or len(b) < 2:
            stat, p = math.nan, math.nan
        elif np.std(a) == 0 and np.std(b) == 0:
            stat, p = (0.0, 1.0) if a[0] == b[0] else (math.copysign(math.inf, b[0] - a[0]), 0.0)
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
