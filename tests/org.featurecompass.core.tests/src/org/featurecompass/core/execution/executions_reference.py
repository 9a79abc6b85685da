#!/usr/bin/env python3
"""Independent reference for the execution tests (ExecutionAnalysisTest): reads a TEF JSON file
with Python's json module (times converted exactly to ns with Decimal) and prints, as JSON, what
each kind of execution definition must give. Written apart from the Java matchers; the rules
(documented in doc/executions.md) are:

  async FILE NAME           b/e (and S/F) spans of that name paired by (cat, name, id, scope,
                            pid when id2.local), the latest pending begin first
  slice FILE DEPTH [NAME]   X and B/E slices per (pid, tid) nested by time (equal begins: the
                            longest first; a slice starting where another ends is its sibling)
  pair FILE BEGIN_NAME BEGIN_PH BEGIN_ID END_NAME END_PH END_ID
                            begin/end events (by name, ph and args.ID) paired per thread, LIFO;
                            plus the time per feature on the thread (feature regions: cat Feature)

  count FILE NAME           events of that name
  calls DIR                 babeltrace2's text of a CTF trace: func_entry/func_exit paired per vtid,
                            LIFO (babeltrace2 decodes the trace, not Trace Compass)

Output: {"count", "sum", "min", "max", "unclosed", "unmatchedEnds", "firstUnclosedNs", "calls",
"features": {feature: summed ns}, "featureSets": {set: count}}.
"""
import bisect
import json
import sys
from decimal import Decimal


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f, parse_float=Decimal)
    events = doc["traceEvents"] if isinstance(doc, dict) else doc
    ns_unit = isinstance(doc, dict) and doc.get("timestampUnit") == "ns"
    scale = Decimal(1) if ns_unit else Decimal(1000)
    out = []
    for i, e in enumerate(events):
        if "ts" not in e:
            continue
        e = dict(e)
        e["_ns"] = int(Decimal(e["ts"]) * scale)
        if "dur" in e:
            e["_dur"] = int(Decimal(e["dur"]) * scale)
        e["_i"] = i
        out.append(e)
    # The reader sorts by time; ties keep file order.
    out.sort(key=lambda e: (e["_ns"], e["_i"]))
    return out


def summary(durations, unclosed, unmatched, first_unclosed, calls=None, features=None, sets=None):
    result = {"count": len(durations), "sum": sum(durations), "min": min(durations) if durations else None,
              "max": max(durations) if durations else None, "unclosed": unclosed, "unmatchedEnds": unmatched,
              "firstUnclosedNs": first_unclosed}
    if calls is not None:
        result["calls"] = calls
    if features is not None:
        result["features"] = features
        result["featureSets"] = sets
    return result


def async_spans(events, name):
    pending = {}
    durations, unmatched = [], 0
    for e in events:
        ph = e.get("ph")
        if ph not in ("b", "e", "S", "F") or e.get("name") != name:
            continue
        if "id2" in e:
            (kind, ident), = e["id2"].items()
        else:
            kind, ident = "id", e.get("id")
        key = (e.get("cat"), e.get("name"), kind, str(ident), e.get("scope"), e.get("pid") if kind == "local" else None)
        if ph in ("b", "S"):
            pending.setdefault(key, []).append(e)
        elif pending.get(key):
            durations.append(e["_ns"] - pending[key].pop()["_ns"])
        else:
            unmatched += 1
    left = [b["_ns"] for stack in pending.values() for b in stack]
    return summary(durations, len(left), unmatched, min(left) if left else None)


def thread_slices(events):
    """Per thread: (begin ns, end ns or None, name, depth, is_call) of every slice, and unmatched E count."""
    by_thread = {}
    for e in events:
        if e.get("ph") in ("X", "B", "E"):
            by_thread.setdefault((e.get("pid"), e.get("tid")), []).append(e)
    slices, unmatched, unclosed = [], 0, []
    for thread, evs in by_thread.items():
        # Equal begins of complete events: the longest first.
        evs.sort(key=lambda e: (e["_ns"], -(e.get("_dur", 0)) if e["ph"] == "X" else 0, e["_i"]))
        stack = []  # [end or None, begin event, depth]
        for e in evs:
            t = e["_ns"]
            while stack and stack[-1][0] is not None and stack[-1][0] <= t:
                stack.pop()
            if e["ph"] == "X":
                if e.get("_dur", -1) < 0:
                    continue
                slices.append((thread, t, t + e["_dur"], e.get("name"), len(stack)))
                stack.append([t + e["_dur"], e, len(stack)])
            elif e["ph"] == "B":
                stack.append([None, e, len(stack)])
            else:
                idx = len(stack) - 1
                while idx >= 0 and stack[idx][0] is not None:
                    idx -= 1
                if idx < 0:
                    unmatched += 1
                    continue
                begin = stack[idx]
                del stack[idx:]
                slices.append((thread, begin[1]["_ns"], t, begin[1].get("name"), begin[2]))
        unclosed += [s[1]["_ns"] for s in stack if s[0] is None]
    return slices, unmatched, unclosed


def slices_at(events, depth, name):
    slices, unmatched, unclosed = thread_slices(events)
    starts = {}
    for (thread, b, _e, _n, _d) in slices:
        starts.setdefault(thread, []).append(b)
    chosen = [s for s in slices if s[4] == depth and (name is None or s[3] == name)]
    for thread in starts:
        starts[thread].sort()
    calls = 0
    for (thread, b, e, _n, _d) in chosen:
        inside = bisect.bisect_left(starts[thread], e) - bisect.bisect_left(starts[thread], b)
        calls += max(0, inside - 1) if e > b else inside
    return summary([e - b for (_t, b, e, _n, _d) in chosen], len(unclosed), unmatched,
                   min(unclosed) if unclosed else None, calls)


def feature_intervals(events):
    """Per tid, per feature: merged intervals of the regions (cat Feature, B/E per thread)."""
    per = {}
    stacks = {}
    for e in events:
        if e.get("cat") != "Feature" or e.get("ph") not in ("B", "E"):
            continue
        tid = e.get("tid")
        if e["ph"] == "B":
            stacks.setdefault(tid, []).append(e)
        elif stacks.get(tid):
            b = stacks[tid].pop()
            name = b["name"]
            feats = [name] if not (name.startswith("FR(") and name.endswith(")")) else [f.strip() for f in name[3:-1].split(",")]
            for f in feats:
                per.setdefault(tid, {}).setdefault(f, []).append((b["_ns"], e["_ns"]))
    merged = {}
    for tid, feats in per.items():
        for f, ivs in feats.items():
            ivs.sort()
            out = []
            for s, t in ivs:
                if out and s <= out[-1][1]:
                    out[-1][1] = max(out[-1][1], t)
                else:
                    out.append([s, t])
            merged.setdefault(tid, {})[f] = out
    return merged


def pair(events, b_name, b_ph, b_id, e_name, e_ph, e_id):
    def selected(e, name, ph, ident):
        return e.get("name") == name and e.get("ph") == ph and str(e.get("args", {}).get("ID")) == ident
    pending, durations, unmatched, windows = {}, [], 0, []
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if selected(e, e_name, e_ph, e_id) and pending.get(key):
            b = pending[key].pop()
            durations.append(e["_ns"] - b["_ns"])
            windows.append((e.get("tid"), b["_ns"], e["_ns"]))
        elif selected(e, b_name, b_ph, b_id):
            pending.setdefault(key, []).append(e)
        elif selected(e, e_name, e_ph, e_id):
            unmatched += 1
    intervals = feature_intervals(events)
    features, sets = {}, {}
    for tid, b, t in windows:
        active = []
        for f, ivs in sorted(intervals.get(tid, {}).items()):
            overlap = sum(max(0, min(t, y) - max(b, x)) for x, y in ivs)
            if overlap > 0:
                features[f] = features.get(f, 0) + overlap
                active.append(f)
        if len(active) > 1 and "Base" in active:
            active.remove("Base")
        key = "*".join(active)
        sets[key] = sets.get(key, 0) + 1
    left = [x["_ns"] for stack in pending.values() for x in stack]
    return summary(durations, len(left), unmatched, min(left) if left else None, None, features, sets)


def ctf_calls(path):
    import re
    import subprocess
    text = subprocess.run(["babeltrace2", "--clock-seconds", path], check=True, capture_output=True, text=True).stdout
    line_re = re.compile(r"^\[(\d+)\.(\d{9})\] \S+ \S+ (\S+): .*?\bvtid = (\d+)")
    pending, durations, unmatched = {}, [], 0
    for line in text.splitlines():
        m = line_re.match(line)
        if not m:
            continue
        ns = int(m.group(1)) * 1_000_000_000 + int(m.group(2))
        name, vtid = m.group(3), int(m.group(4))
        if name.endswith(":func_entry"):
            pending.setdefault(vtid, []).append(ns)
        elif name.endswith(":func_exit"):
            if pending.get(vtid):
                durations.append(ns - pending[vtid].pop())
            else:
                unmatched += 1
    left = [t for stack in pending.values() for t in stack]
    return summary(durations, len(left), unmatched, min(left) if left else None)


def main(argv):
    kind, path = argv[1], argv[2]
    events = load(path) if kind != "calls" else None
    if kind == "async":
        result = async_spans(events, argv[3])
    elif kind == "slice":
        result = slices_at(events, int(argv[3]), argv[4] if len(argv) > 4 else None)
    elif kind == "count":
        result = {"count": sum(1 for e in events if e.get("name") == argv[3])}
    elif kind == "calls":
        print(json.dumps(ctf_calls(path), sort_keys=True))
        return
    elif kind == "pair":
        result = pair(events, *argv[3:9])
    else:
        raise SystemExit("unknown kind " + kind)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv)
