#!/usr/bin/env python3
"""Independent reference for FeatureRegionsDataProviderTest: the Feature Regions time graph of a
TEF feature trace, read with Python's json module and no Feature Compass code. Feature region
events (cat "Feature", ph B/E) are sorted by time (stably) and matched per (pid, tid): an end
closes the innermost open region with the same id (args.ID), and the regions above it move down
one level. After the events of each time stamp, every stack level holds "NAME #ID" of the region
open there, and the thread its interaction: the union of the features of its open regions
(FR(A,B) -> A, B), Base dropped unless alone, sorted and joined by '*'. Printed: one line per
interval of a value, [start, end) in ns, empty ones dropped and equal neighbours merged:
  level PID/TID LEVEL START END NAME #ID
  interaction PID/TID START END TEXT
Usage: python3 feature_regions_reference.py doc/samples/demo-recording.json"""
import json
import sys
from collections import defaultdict


def features(name):
    if name.startswith("FR(") and name.endswith(")"):
        return {f.strip() for f in name[3:-1].split(",") if f.strip()}
    return {name.strip()}


def interaction(stack):
    feats = set()
    for region in stack:
        feats |= features(region["name"])
    if "Base" in feats and len(feats) > 1:
        feats.discard("Base")
    return "*".join(sorted(feats))


def main(path):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    events = [e for e in events if e.get("cat") == "Feature" and e.get("ph") in ("B", "E")]
    events.sort(key=lambda e: e["ts"])
    stacks = defaultdict(list)
    open_values = {}  # (kind, thread, level) -> (start, value)
    intervals = []

    def set_value(key, ts, value):
        previous = open_values.get(key)
        if previous is not None and previous[1] == value:
            return
        if previous is not None:
            intervals.append((key, previous[0], ts, previous[1]))
            del open_values[key]
        if value is not None:
            open_values[key] = (ts, value)

    times = sorted({int(e["ts"]) for e in events})
    by_time = defaultdict(list)
    for e in events:
        by_time[int(e["ts"])].append(e)
    for ts in times:
        touched = set()
        for e in by_time[ts]:
            thread = f"{int(e['pid'])}/{int(e['tid'])}"
            rid = int(e.get("args", {}).get("ID", e.get("ID", -1)))
            stack = stacks[thread]
            if e["ph"] == "B":
                stack.append({"id": rid, "name": e["name"]})
            else:
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i]["id"] == rid:
                        del stack[i]
                        break
            touched.add(thread)
        for thread in touched:
            stack = stacks[thread]
            depth = max([k[2] + 1 for k in open_values if k[0] == "level" and k[1] == thread] + [len(stack)])
            for level in range(depth):
                set_value(("level", thread, level), ts, f"{stack[level]['name']} #{stack[level]['id']}" if level < len(stack) else None)
            set_value(("interaction", thread, -1), ts, interaction(stack) if stack else None)
    for key, (start, value) in open_values.items():
        print("unclosed", key, value, file=sys.stderr)
    merged = {}
    for key, start, end, value in sorted(intervals, key=lambda i: (i[0], i[1])):
        if end <= start:
            continue
        last = merged.get(key)
        if last and last[-1][1] == start and last[-1][2] == value:
            last[-1] = (last[-1][0], end, value)
        else:
            merged.setdefault(key, []).append((start, end, value))
    for (kind, thread, level), spans in sorted(merged.items()):
        for start, end, value in spans:
            if kind == "level":
                print(f"level {thread} {level} {start} {end} {value}")
            else:
                print(f"interaction {thread} {start} {end} {value}")


if __name__ == "__main__":
    main(sys.argv[1])
