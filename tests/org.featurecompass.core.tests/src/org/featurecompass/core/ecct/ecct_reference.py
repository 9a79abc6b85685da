#!/usr/bin/env python3
"""Independent reference for the Execution Flame Graph on a TEF file without kernel events.

Every thread's B/E pairs and X slices are intervals; an interval's context is the chain of the
intervals that contain it on its thread (nesting by containment), from the outermost. Executions
are the outermost intervals (top-level calls). The sum of the executions' calling context trees
gives each context the summed duration of the intervals with that context (inclusive time).
Prints "inclusive_ns<TAB>context" per context (frames joined by ';'; Feature slices as FR(name)),
then "total<TAB>executions<TAB>ns".

Usage: python3 ecct_reference.py TRACE.json
"""
import json
import sys
from collections import defaultdict


def main(path, window=None):
    with open(path) as f:
        data = json.load(f)
    events = data["traceEvents"] if isinstance(data, dict) else data
    per_thread = defaultdict(list)
    open_b = defaultdict(list)
    for event in events:
        ph = event.get("ph")
        if ph not in ("B", "E", "X"):
            continue
        tid = int(event["tid"])
        ts = round(float(event["ts"]) * 1000)
        name = event.get("name", "")
        if event.get("cat") == "Feature" and not name.startswith("FR("):
            name = "FR(" + name + ")"
        if ph == "X":
            per_thread[tid].append((ts, ts + round(float(event.get("dur", 0)) * 1000), name))
        elif ph == "B":
            open_b[tid].append((ts, name))
        elif open_b[tid]:
            start, begun = open_b[tid].pop()
            per_thread[tid].append((start, ts, begun))
    inclusive = defaultdict(int)
    executions = 0
    total = 0
    for tid, intervals in per_thread.items():
        intervals.sort(key=lambda i: (i[0], -i[1]))
        stack = []
        kept = False  # whether the current top-level interval is an execution in the window
        for start, end, name in intervals:
            while stack and stack[-1][1] <= start and not (stack[-1][1] == start and stack[-1][0] == start):
                stack.pop()
            while stack and not (stack[-1][0] <= start and end <= stack[-1][1]):
                stack.pop()
            context = (stack[-1][2] + ";" if stack else "") + name
            if not stack:
                kept = window is None or (end >= window[0] and start <= window[1])
                if kept:
                    executions += 1
                    total += end - start
            if kept:
                inclusive[context] += end - start
            stack.append((start, end, context))
    for context, ns in sorted(inclusive.items(), key=lambda kv: -kv[1]):
        print(f"{ns}\t{context}")
    print(f"total\t{executions}\t{total}")


if __name__ == "__main__":
    main(sys.argv[1], (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else None)
