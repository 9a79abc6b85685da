#!/usr/bin/env python3
"""Independent reference figures for FeatureRegionAnalysisTest: reads a TEF feature trace with
Python's json module and matches cat "Feature" B/E events per (pid, tid) by region id (innermost
open instance with that id), without any Feature Compass code. Prints, per region (name, id):
instance count, inclusive sum/min/max (ns); per interaction (union of the features of the open
regions of the thread, Base dropped unless alone, sorted, joined by '*'): exclusive time (ns).
Per feature: time during which the feature is among the open regions' features, summed over
threads (ns). With a window [start, end] (ns), time slices are clipped to it.
Usage: python3 demo_recording_reference.py doc/samples/demo-recording.json [start end]"""
import json
import sys
from collections import defaultdict


def features(name):
    if name.startswith("FR(") and name.endswith(")"):
        inner = name[3:-1]
        return {f.strip() for f in inner.split(",") if f.strip()}
    return {name.strip()}


def interaction(stack):
    feats = set()
    for entry in stack:
        feats |= features(entry[1])
    if "Base" in feats and len(feats) > 1:
        feats.discard("Base")
    return "*".join(sorted(feats))


def main(path, w0=-(2**63), w1=2**63):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    events = [e for e in events if e.get("cat") == "Feature" and e.get("ph") in ("B", "E")]
    events.sort(key=lambda e: e["ts"])  # stable, like the reader's sort
    stacks = defaultdict(list)  # (pid, tid) -> [(id, name, start)]
    last = {}  # (pid, tid) -> time of the last change
    regions = defaultdict(list)
    exclusive = defaultdict(int)
    per_feature = defaultdict(int)
    for e in events:
        key = (int(e["pid"]), int(e["tid"]))
        rid = int(e.get("args", {}).get("ID", e.get("ID", -1)))
        ts = int(e["ts"])
        stack = stacks[key]
        if stack:
            d = max(0, min(ts, w1) - max(last[key], w0))
            exclusive[interaction(stack)] += d
            for feature in set().union(*(features(entry[1]) for entry in stack)):
                per_feature[feature] += d
        last[key] = ts
        if e["ph"] == "B":
            stack.append((rid, e["name"], ts))
        else:
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == rid:
                    _, name, start = stack.pop(i)
                    regions[(name, rid)].append(ts - start)
                    break
            else:
                print("unmatched end", e, file=sys.stderr)
    for key, stack in stacks.items():
        if stack:
            print("unclosed", key, stack, file=sys.stderr)
    for (name, rid), durations in sorted(regions.items(), key=lambda kv: kv[0][1]):
        print(f"region {name} id={rid} count={len(durations)} sum={sum(durations)} "
              f"min={min(durations)} max={max(durations)}")
    for name, ns in sorted(exclusive.items()):
        print(f"interaction {name or '(empty)'} exclusive={ns}")
    for name, ns in sorted(per_feature.items()):
        print(f"feature {name} time={ns}")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:4]))
