#!/usr/bin/env python3
"""Reference for the sampled stacks of the ECCTs (doc/ecct.md, "Sampled stacks"): how many samples
of an fc-record --sample TEF trace fall on each call stack, written apart from the Java code.

  sampled_stacks_reference.py TRACE.json   -> lines "COUNT<TAB>FOLDED STACK", then "unresolved<TAB>N"

Rule: a sample's frames are its stackFrames chain (sf, then parents up to a root). Its stack is
the thread's traced stack at the sample's time (B/E and X slices, feature-category events named
FR(name) unless already so) followed by the chain's frames that are not feature regions; where
the thread has no traced frame then, the whole chain (its region frames first). Events are taken
in time order, ties in file order. A sample whose chain cannot be resolved is counted unresolved.
"""
import json
import sys
from collections import Counter


def main(path):
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    frames = trace.get("stackFrames", {})
    events = sorted(enumerate(trace["traceEvents"]), key=lambda ie: (ie[1].get("ts", 0), ie[0]))
    stacks = {}     # tid -> list of labels
    ends = {}       # tid -> list of (end, depth) of open X slices
    counts = Counter()
    unresolved = 0

    def leave_ended(tid, ts):
        pending = ends.get(tid, [])
        while pending and pending[-1][0] <= ts:
            _, depth = pending.pop()
            del stacks[tid][depth - 1:]

    for _, e in events:
        ph = e.get("ph")
        if ph not in ("B", "E", "X", "P"):
            continue
        tid = int(e["tid"])
        ts = e["ts"]
        leave_ended(tid, ts)
        stack = stacks.setdefault(tid, [])
        if ph == "P":
            if e.get("cat") != "sample":
                continue
            chain = []
            at = e.get("sf")
            ok = True
            while at is not None:
                entry = frames.get(str(at))
                if entry is None or len(chain) > len(frames):
                    ok = False
                    break
                chain.append(entry)
                at = entry.get("parent")
            if not ok:
                unresolved += 1
                continue
            chain.reverse()
            regions = []
            calls = []
            for entry in chain:
                if entry.get("category") == "feature region" and not calls:
                    regions.append(entry["name"])
                else:
                    calls.append(entry["name"])
            counts[";".join((stack if stack else regions) + calls)] += 1
            continue
        if ph == "E":
            if stack:
                stack.pop()
            continue
        name = e["name"]
        if e.get("cat") == "Feature" and not name.startswith("FR("):
            name = "FR(" + name + ")"
        stack.append(name)
        if ph == "X":
            ends.setdefault(tid, []).append((ts + max(0, e.get("dur", 0)), len(stack)))
            ends[tid].sort(key=lambda p: -p[0])
    for folded, n in sorted(counts.items()):
        print(f"{n}\t{folded}")
    print(f"unresolved\t{unresolved}")


if __name__ == "__main__":
    main(sys.argv[1])
