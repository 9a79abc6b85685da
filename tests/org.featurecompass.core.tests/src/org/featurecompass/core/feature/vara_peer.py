#!/usr/bin/env python3
"""Peer computation for VaraCrossCheckTest: per-interaction exclusive times of a TEF feature trace,
computed by VaRA-Tool-Suite's own get_feature_performance_from_tef_report
(varats.data.databases.feature_perf_precision_database, varats 13.0.5).

VaRA's TEFReport needs cat/ph/ts/pid/tid on every event and rewrites its input file (it strips
bpftrace "Lost N events" lines), so this script first writes copies that hold only the
cat "Feature" B/E events, in file order, with the id moved to the top level as VaRA's static TEF
files have it. It runs VaRA on:
  whole   the whole trace: VaRA matches open regions across all threads (its convention);
  thread  one file per (pid, tid), the results summed: per-thread matching (our convention).
Interaction names follow Python set() order in VaRA; they are normalised (features sorted).

Output, one line each: <whole|thread> TAB <interaction> TAB <ns>
Usage: vara_peer.py TRACE.json WORKDIR"""
import json
import logging
import os
import sys
from collections import defaultdict

from varats.data.databases.feature_perf_precision_database import get_feature_performance_from_tef_report
from varats.report.tef_report import TEFReport

logging.disable(logging.CRITICAL)


def normalise(interaction):
    return "*".join(sorted(interaction.split("*")))


def feature_events(path):
    with open(path) as f:
        trace = json.load(f)
    events = []
    for e in trace["traceEvents"]:
        if e.get("cat") != "Feature" or e.get("ph") not in ("B", "E"):
            continue
        args = e.get("args", {})
        ident = e.get("ID", args.get("ID", e.get("UUID", args.get("UUID"))))
        events.append({"name": e["name"], "cat": "Feature", "ph": e["ph"], "ts": e["ts"],
                       "pid": e["pid"], "tid": e["tid"], "ID": ident, "UUID": ident})
    return trace.get("timestampUnit", "us"), events


def vara(workdir, name, unit, events):
    path = os.path.join(workdir, name)
    with open(path, "w") as f:
        json.dump({"timestampUnit": unit, "displayTimeUnit": unit, "traceEvents": events}, f)
    result = defaultdict(int)
    for interaction, ns in get_feature_performance_from_tef_report(TEFReport(path)).items():
        result[normalise(interaction)] += ns
    return result


def main(trace_path, workdir):
    os.makedirs(workdir, exist_ok=True)
    unit, events = feature_events(trace_path)
    for interaction, ns in sorted(vara(workdir, "whole.json", unit, events).items()):
        print(f"whole\t{interaction}\t{ns}")
    threads = defaultdict(list)
    for e in events:
        threads[(e["pid"], e["tid"])].append(e)
    summed = defaultdict(int)
    for i, (_, thread_events) in enumerate(sorted(threads.items(), key=lambda kv: str(kv[0]))):
        for interaction, ns in vara(workdir, f"thread-{i}.json", unit, thread_events).items():
            summed[interaction] += ns
    for interaction, ns in sorted(summed.items()):
        print(f"thread\t{interaction}\t{ns}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
