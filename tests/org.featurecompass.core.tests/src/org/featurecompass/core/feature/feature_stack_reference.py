#!/usr/bin/env python3
"""Independent reference figures for FeatureStackTreeDemoRecordingTest: reads a TEF feature trace
with Python's json module, matches cat "Feature" B/E events per (pid, tid) by region id
(innermost open instance with that id), takes each instance's stack from the thread's open
regions at its begin, and aggregates instances by stack, without any Feature Compass code.
A frame is the region's own feature set ("own") or the union of the features of the stack up to
the region, Base dropped unless alone ("interaction"); sets are sorted and joined by '*'.
Per stack: instance count, inclusive sum, self sum (inclusive minus the inclusive time of the
child instances), min and max inclusive, threads. With a window [start, end] (ns), instances
that intersect it count, clipped to it.
Usage: python3 feature_stack_reference.py doc/samples/demo-recording.json own|interaction [start end]"""
import json
import sys
from collections import defaultdict


def features(name):
    if name.startswith("FR(") and name.endswith(")"):
        return {f.strip() for f in name[3:-1].split(",") if f.strip()}
    return {name.strip()}


def text(feats):
    return "*".join(sorted(feats))


def main(path, kind, w0=-(2**63), w1=2**63):
    with open(path) as f:
        events = json.load(f)["traceEvents"]
    events = [e for e in events if e.get("cat") == "Feature" and e.get("ph") in ("B", "E")]
    events.sort(key=lambda e: e["ts"])  # stable, like the reader's sort
    stacks = defaultdict(list)  # (pid, tid) -> open instances
    nodes = defaultdict(lambda: {"count": 0, "inclusive": 0, "self": 0, "durations": [], "threads": set()})

    def close(instance, end):
        instance["closed"] = True
        if instance["start"] > w1 or end < w0:
            return
        clipped = min(end, w1) - max(instance["start"], w0)
        parent = instance["parent"]
        if parent is not None and not parent["closed"]:
            parent["children"] += clipped
        node = nodes[instance["path"]]
        node["count"] += 1
        node["inclusive"] += clipped
        node["self"] += clipped - instance["children"]
        node["durations"].append(clipped)
        node["threads"].add(instance["thread"])

    for e in events:
        key = (int(e["pid"]), int(e["tid"]))
        rid = int(e.get("args", {}).get("ID", e.get("ID", -1)))
        ts = int(e["ts"])
        stack = stacks[key]
        if e["ph"] == "B":
            parent = stack[-1] if stack else None
            if kind == "own":
                frame = text(features(e["name"]))
            else:
                feats = set(features(e["name"]))
                for open_instance in stack:
                    feats |= features(open_instance["name"])
                if "Base" in feats and len(feats) > 1:
                    feats.discard("Base")
                frame = text(feats)
            path = (parent["path"] if parent else ()) + (frame,)
            stack.append({"id": rid, "name": e["name"], "start": ts, "parent": parent, "path": path,
                          "children": 0, "closed": False, "thread": f"{key[0]}/{key[1]}"})
        else:
            for i in range(len(stack) - 1, -1, -1):
                if stack[i]["id"] == rid:
                    close(stack.pop(i), ts)
                    break
            else:
                print("unmatched end", e, file=sys.stderr)
    for key, stack in stacks.items():
        if stack:
            print("unclosed", key, [i["name"] for i in stack], file=sys.stderr)
    for path, node in sorted(nodes.items()):
        print(f"node {' > '.join(path)} count={node['count']} inclusive={node['inclusive']} self={node['self']} "
              f"min={min(node['durations'])} max={max(node['durations'])} threads={','.join(sorted(node['threads']))}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:5]))
