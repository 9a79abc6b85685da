#!/usr/bin/env python3
"""Feature costs estimated from the samples of an fc-record --sample trace, with confidence
intervals; and, on a trace recorded with --sample --trace --kernel, the exact check of every
sample's attribution and the accuracy of the estimates against the traced values.

  sample_estimates.py estimate TRACE.json [--level 0.95] [--json|--tsv] [--from NS] [--to NS]
                                  [--every-self]
  sample_estimates.py attribution TRACE.json [--max-in-probe 0.02]
                                  (exit 1 on a misattributed sample)
  sample_estimates.py attribution TRACE.json --reference OTHER.json [--json]
                                  (report: how many samples' stacks differ from the traced ones
                                  and from OTHER's stacks of the same samples)
  sample_estimates.py accuracy TRACE.json [--level 0.95] [--json] [--reference OTHER.json]
  sample_estimates.py boundaries TRACE.json... [--region ID]
                                  (where samples fall relative to the region events)

Method (doc/recorder.md, "Sampling"). A sample is taken on a CPU running one of the target's
threads every period D = 1/f (f = otherData.sampling.frequencyHz), so it stands for D of that
thread's CPU time; like the thesis's perf samples (Kaufmann 2022, §2.3.4, §3.4) it measures
on-CPU time, not wall-clock time. A sample's region stack is the one the region probes kept for
its thread. The estimate of a quantity is n * D, n the samples counted for it:

- feature F: samples whose stack holds a region of F (a feature counted once per sample);
- interaction: samples whose stack's feature union (Base dropped unless alone) is it, exclusive;
- region (id): samples whose stack holds the id (recursion counted once);
- region in interaction (I, id): samples taken while an instance of the region that began in
  interaction I was open: the id at a level whose stack up to and including it has interaction I
  (the feature statistics group region instances by their interaction at begin);
- feature-set stacks, as the Feature Flame Graph draws them: a sample's stack gives one frame
  per level, the region's own feature set (regionStack) or the interaction of the stack up to
  that level (interactionStack); a stack's inclusive estimate counts the samples whose frames
  start with it, its self estimate (...Self) those whose frames are exactly it. Frames are
  written A*B, the empty set as "", joined by " > ". A stack that no sample is exactly at has
  no ...Self row unless --every-self asks for its row of 0 samples (as a flame graph's self
  column shows it).

The Feature Statistics view computes the same (org.featurecompass.model.sampling.SampleSeries);
core's SampledEstimatesTest runs this script as its peer.

Interval: the count n of samples falling in a set of instants of total length T is a sum of
independent hits (one per sample, assuming the sampling phase is independent of the program's
regions: the reason for prime frequencies such as 97 and 997 Hz), whose variance is at most its
mean T/D, so a Poisson interval on n is conservative; we use the score interval of a Poisson
mean, lambda = n + z^2/2 +- z * sqrt(n + z^2/4), times D (z the normal quantile of the level;
n = 0 gives [0, z^2 D]).

The traced value for the accuracy check is the on-CPU time of the same set: per thread, the
instants at which the quantity held on its traced region stack (B/E events) and the thread ran
(sched_switch), summed over threads.

Two attributions of the same samples (otherData.sampling.attribution): "region-maps", the stacks
the region probes kept, and "address-ranges", translated from the user stacks (Kaufmann 2022,
§3.4; address_ranges.py). fc_bt.py convert --attribution ranges writes a second trace of a
--raw --sample --trace recording with the same samples attributed by ranges; --reference compares
the two traces' estimates (accuracy) and stacks (attribution).
"""
import argparse
import bisect
import collections
import json
import math
import re
import sys
from statistics import NormalDist

NAME = re.compile(r"^FR\((.*)\)$")
BASE = "Base"


def features_of(name):
    """Feature set of a region name, as the feature analysis parses it: FR(A,B) -> {A, B}, FR()
    -> {}; a malformed FR( name -> {}; any other name (Base) is one feature."""
    if not name.startswith("FR("):
        return frozenset([name.strip()])
    m = NAME.match(name)
    if not m or ")" in m.group(1):
        return frozenset()
    parts = [f.strip() for f in m.group(1).split(",")]
    if m.group(1).strip() and not all(parts):
        return frozenset()
    return frozenset(p for p in parts if p)


def interaction(feature_sets):
    union = frozenset().union(*feature_sets) if feature_sets else frozenset()
    if len(union) > 1:
        union = union - {BASE}
    return "*".join(sorted(union)) if union else "(none)"


def score_interval(n, level):
    z = NormalDist().inv_cdf(0.5 + level / 2)
    half = z * math.sqrt(n + z * z / 4)
    return max(0.0, n + z * z / 2 - half), n + z * z / 2 + half


def keys_of(stack, names):
    """The quantities a region stack (ids, outermost first) counts for: ('feature', F),
    ('interaction', I), ('region', 'name #id'), ('regionInInteraction', 'I / name #id')."""
    sets = [features_of(names.get(str(r), f"FR(?{r})")) for r in stack]
    keys = {("feature", f) for s in sets for f in s}
    if stack:
        keys.add(("interaction", interaction(sets)))
    keys |= {("region", f"{names.get(str(r), f'FR(?{r})')} #{r}") for r in stack}
    keys |= {("regionInInteraction", f"{interaction(sets[:i + 1])} / {names.get(str(r), f'FR(?{r})')} #{r}")
             for i, r in enumerate(stack)}
    if stack:
        own = ["*".join(sorted(f)) for f in sets]
        union = ["*".join(sorted(_interaction_set(sets[:i + 1]))) for i in range(len(sets))]
        for kind, frames in (("regionStack", own), ("interactionStack", union)):
            keys |= {(kind, " > ".join(frames[:i + 1])) for i in range(len(frames))}
            keys.add((kind + "Self", " > ".join(frames)))
    return keys


def _interaction_set(feature_sets):
    union = frozenset().union(*feature_sets)
    return union - {BASE} if len(union) > 1 else union


def load(path):
    with open(path) as f:
        trace = json.load(f)
    meta = trace.get("otherData", {})
    if "sampling" not in meta:
        sys.exit(f"{path}: not a sampled recording (no otherData.sampling)")
    return trace, meta


def estimate(trace, meta, level, start=None, end=None):
    """Estimates of the samples taken in [start, end] (ns, inclusive; None = unbounded)."""
    period = meta["sampling"]["periodNs"]
    names = dict(meta.get("regionNames", {}))
    for e in trace["traceEvents"]:  # names the metadata lacks, from traced regions
        if e.get("cat") == "Feature" and "ID" in e.get("args", {}):
            names.setdefault(str(e["args"]["ID"]), e["name"])
    counts = collections.Counter()
    samples = 0
    for e in trace["traceEvents"]:
        if e.get("ph") == "P" and e.get("cat") == "sample":
            if (start is not None and e["ts"] < start) or (end is not None and e["ts"] > end):
                continue
            samples += 1
            for key in keys_of(e["args"]["regions"], names):
                counts[key] += 1
    rows = {}
    for key, n in counts.items():
        lo, hi = score_interval(n, level)
        rows[key] = {"samples": n, "estimateNs": n * period, "lowNs": lo * period, "highNs": hi * period}
    return rows, samples


def with_every_self(rows, period, level):
    """The rows plus a ...Self row of 0 samples for every feature-set stack without one."""
    lo, hi = score_interval(0, level)
    out = dict(rows)
    for kind, name in rows:
        if kind in ("regionStack", "interactionStack"):
            out.setdefault((kind + "Self", name), {"samples": 0, "estimateNs": 0, "lowNs": lo * period, "highNs": hi * period})
    return out


def traced_stacks(trace):
    """Per thread: [(ts, region stack after the event)] from the B/E events (matching the
    innermost open region of the same id, as the feature analysis does)."""
    stacks, history = collections.defaultdict(list), collections.defaultdict(list)
    for e in trace["traceEvents"]:
        if e.get("cat") != "Feature":
            continue
        key = (e["pid"], e["tid"])
        stack, rid = stacks[key], e["args"]["ID"]
        if e["ph"] == "B":
            stack.append(rid)
        elif rid in stack:
            del stack[len(stack) - 1 - stack[::-1].index(rid)]
        history[key].append((e["ts"], tuple(stack)))
    return history


def stack_at(history, ts):
    """The stack after the last event strictly before ts, that event's time, and the stack
    before it."""
    i = bisect.bisect_left(history, (ts,)) - 1
    if i < 0:
        return (), None, ()
    return history[i][1], history[i][0], history[i - 1][1] if i > 0 else ()


def off_windows(trace):
    """Measurement-off windows (doc/tef.md markers) as (off, on) pairs; on None when never closed."""
    windows = []
    for e in sorted((e for e in trace["traceEvents"] if e.get("cat") == "__measurement"), key=lambda e: e["ts"]):
        if e["name"] == "measurement_off":
            windows.append([e["ts"], None])
        elif e["name"] == "measurement_on" and windows and windows[-1][1] is None:
            windows[-1][1] = e["ts"]
    return windows


def attribution(trace, meta, in_probe_ns=1_000_000):
    """Every sample's region stack against its thread's traced stack at the sample's time.
    Samples inside a measurement-off window are skipped (nothing was traced there). A sample can
    interrupt a region probe between the probe's time stamp and its stack update: on this kernel
    a BPF sampling program nests in a uprobe program, and uprobe programs are preemptible, so
    under load that gap lasted up to 66 us. A sample within in_probe_ns after an event whose
    stack is the one before that event was taken during the probe, at an instant that is both in
    and out of the region: counted apart (callers bound their share), not as an error."""
    history = traced_stacks(trace)
    windows = off_windows(trace)
    bad, checked, in_probe, skipped = [], 0, 0, 0
    for e in trace["traceEvents"]:
        if e.get("ph") == "P" and e.get("cat") == "sample":
            if any(off <= e["ts"] and (on is None or e["ts"] <= on) for off, on in windows):
                skipped += 1
                continue
            checked += 1
            got, depth = e["args"]["regions"], e["args"].get("depth", len(e["args"]["regions"]))

            def matches(stack):
                return depth == len(stack) and got == list(stack[:len(got)])
            after, at, before = stack_at(history.get((e["pid"], e["tid"]), []), e["ts"])
            if matches(after):
                continue
            if at is not None and e["ts"] - at <= in_probe_ns and matches(before):
                in_probe += 1
                continue
            bad.append(f"sample at {e['ts']} on tid {e['tid']}: {got}, traced {list(after)}")
    return checked, bad, in_probe, skipped


def sample_stacks(trace):
    """(pid, tid, ts) -> region stack of every sample."""
    return {(e["pid"], e["tid"], e["ts"]): tuple(e["args"]["regions"]) for e in trace["traceEvents"]
            if e.get("ph") == "P" and e.get("cat") == "sample"}


def stack_differences(trace, reference):
    """The samples of trace against the same samples (pid, tid, time) in reference: counts of
    samples in both, with a different stack, with a different set of regions (a recursion counted
    once is the same set), with an empty stack in trace only, and the most frequent pairs of
    (stack, reference stack) that differ."""
    ours, theirs = sample_stacks(trace), sample_stacks(reference)
    both = ours.keys() & theirs.keys()
    pairs = collections.Counter((ours[k], theirs[k]) for k in both if ours[k] != theirs[k])
    return {"samples": len(ours), "referenceSamples": len(theirs), "inBoth": len(both),
            "stackDiffers": sum(pairs.values()),
            "regionSetDiffers": sum(n for (a, b), n in pairs.items() if set(a) != set(b)),
            "emptyOnlyHere": sum(n for (a, b), n in pairs.items() if not a and b),
            "topDifferences": [{"stack": list(a), "reference": list(b), "samples": n} for (a, b), n in pairs.most_common(10)]}


def on_cpu_intervals(trace, tids):
    """Per thread, its on-CPU intervals from sched_switch. Before a thread's first switch it is
    taken as running if that switch takes it off a CPU."""
    switches = sorted((e["ts"], e["args"]["prev_pid"], e["args"]["next_pid"]) for e in trace["traceEvents"]
                      if e.get("cat") == "kernel" and e.get("name") == "sched_switch")
    if not switches:
        sys.exit("accuracy needs sched_switch events: record with --kernel")
    start = min(e["ts"] for e in trace["traceEvents"] if "ts" in e and e.get("ph") != "M")
    end = max(e["ts"] for e in trace["traceEvents"] if "ts" in e and e.get("ph") != "M")
    running, intervals = {}, collections.defaultdict(list)
    for ts, prev, nxt in switches:
        if prev in tids:
            since = running.pop(prev, None)
            if since is None and not intervals[prev]:
                since = start
            if since is not None:
                intervals[prev].append((since, ts))
        if nxt in tids:
            running[nxt] = ts
    for tid, since in running.items():
        intervals[tid].append((since, end))
    return intervals


def traced_values(trace, meta):
    """On-CPU ns per quantity from the traced stacks and sched_switch."""
    names = meta.get("regionNames", {})
    for e in trace["traceEvents"]:  # names of regions never sampled
        if e.get("cat") == "Feature":
            names.setdefault(str(e["args"]["ID"]), e["name"])
    history = traced_stacks(trace)
    intervals = on_cpu_intervals(trace, {tid for _, tid in history})
    values = collections.Counter()
    for (pid, tid), hist in history.items():
        runs = intervals.get(tid, [])
        # Piecewise-constant stack: from each event to the next.
        for (t0, stack), (t1, _) in zip(hist, hist[1:] + [(max(hist[-1][0], runs[-1][1] if runs else 0), ())]):
            if not stack or t1 <= t0:
                continue
            i = bisect.bisect_right(runs, (t0,)) - 1
            overlap = 0
            for a, b in runs[max(i, 0):]:
                if a >= t1:
                    break
                overlap += max(0, min(b, t1) - max(a, t0))
            if overlap:
                for key in keys_of(list(stack), names):
                    values[key] += overlap
    return values


BOUNDARY_BINS = (0, 10_000, 20_000, 100_000, None)  # ns since a thread's last region event


def boundaries(traces, region):
    """Where the samples of a --sample --trace --kernel recording fall relative to the traced
    region events, to find what biases a region's estimate (doc/benchmarks.md, "Sampling
    accuracy"). Every on-CPU instant of a thread with a region stack is classed by the thread's
    last region event (a begin or an end, of the region or of another), whether its stack then
    holds the region, and the time since that event (BOUNDARY_BINS); the samples in a class are
    compared with its on-CPU time x frequency. Returns the totals (samples and expected, in the
    region and in all stacks) and, per class, (on-CPU ns, samples, expected)."""
    exposure, count = collections.Counter(), collections.Counter()
    totals = collections.Counter()
    edges = list(BOUNDARY_BINS[:-1])

    def label(before, after):
        if len(after) > len(before):
            return ("begin", after[-1] == region)
        return ("end", bool(before) and before[-1] == region)
    for trace in traces:
        frequency = trace["otherData"]["sampling"]["frequencyHz"]
        history = traced_stacks(trace)
        runs = on_cpu_intervals(trace, {tid for _, tid in history})

        def on_cpu(tid, a, b):
            intervals = runs.get(tid, [])
            total = 0
            for x, y in intervals[max(0, bisect.bisect_right(intervals, (a,)) - 1):]:
                if x >= b:
                    break
                total += max(0, min(y, b) - max(x, a))
            return total
        classes = {}
        for (pid, tid), hist in history.items():
            before = ()
            for i, (t, stack) in enumerate(hist):
                kind, own = label(before, stack)
                before = stack
                until = hist[i + 1][0] if i + 1 < len(hist) else t
                for k, low in enumerate(edges):
                    high = BOUNDARY_BINS[k + 1]
                    a, b = t + low, until if high is None else min(t + high, until)
                    if a < b:
                        key = (kind, own, region in stack, k)
                        ns = on_cpu(tid, a, b)
                        exposure[key] += ns
                        totals["expected", region in stack] += ns * frequency / 1e9
            classes[(pid, tid)] = [t for t, _ in hist]
        for e in trace["traceEvents"]:
            if e.get("ph") != "P" or e.get("cat") != "sample" or (e["pid"], e["tid"]) not in history:
                continue
            hist = history[(e["pid"], e["tid"])]
            i = bisect.bisect_right(classes[(e["pid"], e["tid"])], e["ts"]) - 1
            if i < 0 or i + 1 >= len(hist):
                continue  # before the thread's first event or after its last: not classed
            kind, own = label(hist[i - 1][1] if i > 0 else (), hist[i][1])
            k = bisect.bisect_right(edges, e["ts"] - hist[i][0]) - 1
            count[(kind, own, region in hist[i][1], k)] += 1
            totals["samples", region in hist[i][1]] += 1
        totals["frequency"] = frequency
    rows = {key: (exposure[key], count[key], exposure[key] * totals["frequency"] / 1e9) for key in exposure}
    return totals, rows


def accuracy(trace, meta, level, reference=None):
    """Estimates against the traced values; with a reference trace (the same samples attributed
    another way), also against the reference's estimates."""
    rows, samples = estimate(trace, meta, level)
    other = estimate(reference, reference.get("otherData", {}), level)[0] if reference else None
    truth = traced_values(trace, meta)
    out = []
    for key in sorted(set(rows) | set(truth)):
        r = rows.get(key)
        if r is None:
            lo, hi = score_interval(0, level)
            p = meta["sampling"]["periodNs"]
            r = {"samples": 0, "estimateNs": 0, "lowNs": lo * p, "highNs": hi * p}
        t = truth.get(key, 0)
        out.append({"kind": key[0], "name": key[1], "tracedNs": t, **r,
                    "errorNs": r["estimateNs"] - t,
                    "relativeError": (r["estimateNs"] - t) / t if t else None,
                    "covered": r["lowNs"] <= t <= r["highNs"]})
        if other is not None:
            ref = other.get(key, {}).get("estimateNs", 0)
            out[-1].update({"referenceNs": ref, "errorVsReferenceNs": r["estimateNs"] - ref,
                            "relativeErrorVsReference": (r["estimateNs"] - ref) / ref if ref else None})
    return out, samples


def ms(ns):
    return f"{ns / 1e6:10.2f}"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=["estimate", "attribution", "accuracy", "boundaries"])
    p.add_argument("trace", nargs="+", help="one trace (boundaries: one or more)")
    p.add_argument("--region", type=int, default=7, help="boundaries: the region id (default 7, the demo's FR(Recursion))")
    p.add_argument("--level", type=float, default=0.95, help="confidence level of the intervals")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument("--tsv", action="store_true",
                   help="estimate: print kind, name, samples, estimateNs, lowNs, highNs per line, tab-separated, "
                        "floats in their shortest exact form (for tests)")
    p.add_argument("--every-self", action="store_true",
                   help="estimate: also a ...Self row of 0 samples for every stack that no sample is exactly at")
    p.add_argument("--from", dest="start", type=int, help="estimate: first instant of the window, ns")
    p.add_argument("--to", dest="end", type=int, help="estimate: last instant of the window, ns")
    p.add_argument("--max-in-probe", type=float, default=0.02,
                   help="attribution: largest share of samples taken during a region probe")
    p.add_argument("--reference", help="attribution, accuracy: the same samples attributed another way (a trace "
                   "written by fc_bt.py convert --attribution ranges, or the recording it came from)")
    a = p.parse_args()
    if a.command == "boundaries":
        totals, rows = boundaries([load(path)[0] for path in a.trace], a.region)
        n, e = totals["samples", True], totals["expected", True]
        n_all, e_all = n + totals["samples", False], e + totals["expected", False]
        print(f"{len(a.trace)} recordings at {totals['frequency']} Hz. Samples with region {a.region} on the stack: {n} "
              f"against {e:.0f} expected from its traced on-CPU time ({100 * (n / e - 1):+.2f} %, Poisson sd "
              f"{100 / e ** 0.5:.2f} %); all samples of the threads' region stacks: {n_all} against {e_all:.0f} "
              f"({100 * (n_all / e_all - 1):+.2f} %); the region relative to all: {100 * ((n / e) / (n_all / e_all) - 1):+.2f} %\n")
        print(f"| last region event | of region {a.region} | stack holds it | time since the event | on-CPU ms | samples | expected | excess |")
        print("|---|---|---|---|---|---|---|---|")
        for (kind, own, holds, k), (ns, samples, expected) in sorted(rows.items()):
            if expected >= 1:
                high = BOUNDARY_BINS[k + 1]
                span = f"{BOUNDARY_BINS[k] // 1000}-{high // 1000 if high else '∞'} µs"
                print(f"| {kind} | {'yes' if own else 'no'} | {'yes' if holds else 'no'} | {span} | {ns / 1e6:.1f} | "
                      f"{samples} | {expected:.1f} | {samples - expected:+.1f} |")
        return
    if len(a.trace) != 1:
        p.error(f"{a.command} takes one trace")
    a.trace = a.trace[0]
    trace, meta = load(a.trace)
    reference = load(a.reference)[0] if a.reference else None
    if a.command == "attribution" and reference is not None:
        checked, bad, in_probe, skipped = attribution(trace, meta)
        diff = stack_differences(trace, reference)
        diff.update({"attribution": meta["sampling"].get("attribution", "region-maps"),
                     "referenceAttribution": reference["otherData"]["sampling"].get("attribution", "region-maps"),
                     "checkedAgainstTraced": checked, "differFromTraced": len(bad), "duringProbe": in_probe})
        if a.json:
            print(json.dumps(diff))
            return
        print(f"{a.trace} ({diff['attribution']}): {diff['inBoth']} samples also in the reference ({diff['referenceAttribution']}); "
              f"{diff['stackDiffers']} stacks differ ({100 * diff['stackDiffers'] / max(1, diff['inBoth']):.1f} %), "
              f"{diff['regionSetDiffers']} in their set of regions, {diff['emptyOnlyHere']} empty here only; "
              f"against the traced stacks: {len(bad)} of {checked} differ")
        for d in diff["topDifferences"]:
            print(f"  {d['samples']:6}  {d['stack']} instead of {d['reference']}")
        return
    if a.command == "attribution":
        checked, bad, in_probe, skipped = attribution(trace, meta)
        if not any(e.get("cat") == "Feature" for e in trace["traceEvents"]):
            sys.exit(f"{a.trace}: no traced regions to check against: record with --sample HZ --trace")
        for line in bad[:10]:
            print(line, file=sys.stderr)
        print(f"{a.trace}: {checked} samples checked, {len(bad)} misattributed, {in_probe} taken during a "
              f"region probe, {skipped} in measurement-off windows (not checked)")
        sys.exit(1 if bad or not checked or in_probe > a.max_in_probe * checked else 0)
    if a.command == "estimate":
        rows, samples = estimate(trace, meta, a.level, a.start, a.end)
        if a.every_self:
            rows = with_every_self(rows, meta["sampling"]["periodNs"], a.level)
        out = [{"kind": k[0], "name": k[1], **v} for k, v in sorted(rows.items())]
        if a.tsv:
            print(f"samples\t{samples}")
            for r in out:
                print("\t".join([r["kind"], r["name"], str(r["samples"]), str(r["estimateNs"]), repr(r["lowNs"]),
                                 repr(r["highNs"])]))
            return
        if a.json:
            print(json.dumps({"samples": samples, "rows": out}))
            return
        print(f"{samples} samples at {meta['sampling']['frequencyHz']} Hz; on-CPU time, "
              f"{a.level:.0%} score intervals (estimates)")
        for r in out:
            print(f"{r['kind']:12} {r['name']:40} {r['samples']:7} {ms(r['estimateNs'])} ms "
                  f"[{ms(r['lowNs'])} - {ms(r['highNs'])}]")
        return
    out, samples = accuracy(trace, meta, a.level, reference)
    if a.json:
        print(json.dumps({"samples": samples, "frequencyHz": meta["sampling"]["frequencyHz"], "rows": out}))
        return
    print(f"{samples} samples at {meta['sampling']['frequencyHz']} Hz; on-CPU ms: estimate [interval] vs traced")
    for r in out:
        rel = f"{100 * r['relativeError']:+7.1f} %" if r["relativeError"] is not None else "      -  "
        vs = ""
        if reference is not None:
            vs = f"  reference {ms(r['referenceNs'])}" + (f" {100 * r['relativeErrorVsReference']:+7.1f} %"
                                                         if r["relativeErrorVsReference"] is not None else "")
        print(f"{r['kind']:12} {r['name']:40} {ms(r['estimateNs'])} [{ms(r['lowNs'])} -{ms(r['highNs'])}] "
              f"{ms(r['tracedNs'])} {rel} {'covered' if r['covered'] else 'MISSED'}{vs}")


if __name__ == "__main__":
    main()
