#!/usr/bin/env python3
"""Checks an fc-record trace: valid JSON in the documented layout, region counts,
B/E nesting per thread and, with --kernel, sched_switch events for every thread
that entered a region. Exits 1 with the list of problems.

  check_trace.py TRACE.json [--expect 'FR(Compression)=12' ...] [--exact] [--kernel]
"""
import argparse
import collections
import json
import sys

p = argparse.ArgumentParser()
p.add_argument("trace")
p.add_argument("--expect", action="append", default=[], metavar="NAME=COUNT",
               help="expected number of region instances (B/E pairs) of NAME")
p.add_argument("--exact", action="store_true", help="no region names besides the expected")
p.add_argument("--kernel", action="store_true", help="require sched_switch of the traced tids")
a = p.parse_args()

problems = []
with open(a.trace) as f:
    text = f.read()
if not text.startswith('{"timestampUnit":"ns"'):
    problems.append('the file does not start with {"timestampUnit":"ns"')
trace = json.loads(text)
meta, events = trace["otherData"], trace["traceEvents"]

features = [e for e in events if e.get("cat") == "Feature"]
begins = collections.Counter(e["name"] for e in features if e["ph"] == "B")
ends = collections.Counter(e["name"] for e in features if e["ph"] == "E")
if begins != ends:
    problems.append(f"begin and end counts differ: {dict(begins)} vs {dict(ends)}")
expected = {k: int(v) for k, _, v in (x.rpartition("=") for x in a.expect)}
for name, count in expected.items():
    if begins[name] != count:
        problems.append(f"{name}: expected {count} regions, found {begins[name]}")
if a.exact and set(begins) - set(expected):
    problems.append(f"unexpected regions: {sorted(set(begins) - set(expected))}")

stacks = collections.defaultdict(list)  # B/E must nest per thread
for e in features:
    stack = stacks[(e["pid"], e["tid"])]
    if e["ph"] == "B":
        stack.append(e["args"]["ID"])
    elif not stack or stack.pop() != e["args"]["ID"]:
        problems.append(f"end of region {e['args']['ID']} at ts {e['ts']} does not match")
problems += [f"regions left open on {k}: {v}" for k, v in stacks.items() if v]
if meta["lostEvents"]:
    problems.append(f"{meta['lostEvents']} events lost")
if any(e.get("pid") != meta["targetPid"] for e in features):
    problems.append("feature events from a pid other than the target's")

if a.kernel:
    switched = collections.Counter()
    for e in events:
        if e["name"] == "sched_switch" and e.get("cat") == "kernel":
            switched[e["args"]["prev_pid"]] += 1
            switched[e["args"]["next_pid"]] += 1
    for tid in sorted({e["tid"] for e in features}):
        if not switched[tid]:
            problems.append(f"no sched_switch event for tid {tid}")

if problems:
    shown = problems[:10] + [f"... and {len(problems) - 10} more"] * (len(problems) > 10)
    print(f"{a.trace}: " + "\n  ".join(["FAILED"] + shown), file=sys.stderr)
    sys.exit(1)
print(f"{a.trace}: ok, regions {dict(sorted(begins.items()))}, {len(events)} events")
