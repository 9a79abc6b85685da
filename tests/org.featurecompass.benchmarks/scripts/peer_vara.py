#!/usr/bin/env python3
"""Peer for the feature-region benchmark: VaRA-Tool-Suite's own computation of per-interaction
exclusive times (varats 13.0.5), timed on a VaRA-style TEF feature trace.

It times exactly what a VaRA-Tool-Suite user runs on a trace file:
  TEFReport(path)                               parse (ijson event stream, one TraceEvent each)
  get_feature_performance_from_tef_report(...)  match B/E and sum exclusive time per interaction
TEFReport rewrites the file it reads (it strips bpftrace "Lost N events" lines and the line
breaks), so it reads a copy in WORKDIR, made before the clock starts and deleted at the end.
The input must already be in VaRA's shape (cat "Feature" B/E events with ts, pid, tid and a
top-level ID), as FeatureTraceGenerator writes it; no conversion is timed.

VaRA keeps one list of open regions for all threads ("whole"). For comparison with the per-thread
convention of Feature Compass, the same get_feature_performance_from_tef_report also runs, untimed,
on the events of each (pid, tid) in turn, and the results are summed ("thread"); on a one-thread
trace both are the same. Interaction names are normalised with vara_peer.normalise (features
sorted), from the cross-check test's peer script, loaded by path.

Output: one JSON line (seconds, parse_seconds, compute_seconds, events, max_rss_kb), then
<whole|thread> TAB <interaction> TAB <ns> lines.
Usage: peer_vara.py TRACE.json WORKDIR VARA_PEER_PY"""
import importlib.util
import json
import os
import resource
import shutil
import sys
import time
from collections import defaultdict


def load_vara_peer(path):
    spec = importlib.util.spec_from_file_location("vara_peer", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports varats and silences its logging
    return module


class Events:
    """The one attribute get_feature_performance_from_tef_report reads from a TEFReport."""

    def __init__(self, trace_events):
        self.trace_events = trace_events


def main(trace_path, workdir, vara_peer_path):
    vara_peer = load_vara_peer(vara_peer_path)
    from varats.data.databases.feature_perf_precision_database import get_feature_performance_from_tef_report
    from varats.report.tef_report import TEFReport

    os.makedirs(workdir, exist_ok=True)
    copy = os.path.join(workdir, "vara-input.json")
    shutil.copyfile(trace_path, copy)
    try:
        start = time.perf_counter()
        report = TEFReport(copy)
        parsed = time.perf_counter()
        whole = get_feature_performance_from_tef_report(report)
        end = time.perf_counter()
    finally:
        os.remove(copy)
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    threads = defaultdict(list)
    for event in report.trace_events:
        threads[(event.pid, event.tid)].append(event)
    summed = defaultdict(int)
    for key in sorted(threads):
        for interaction, ns in get_feature_performance_from_tef_report(Events(threads[key])).items():
            summed[vara_peer.normalise(interaction)] += ns
    print(json.dumps({"peer": "VaRA-Tool-Suite", "seconds": end - start, "parse_seconds": parsed - start,
                      "compute_seconds": end - parsed, "events": len(report.trace_events),
                      "threads": len(threads), "max_rss_kb": rss_kb}))
    normalised = defaultdict(int)
    for interaction, ns in whole.items():
        normalised[vara_peer.normalise(interaction)] += ns
    for interaction, ns in sorted(normalised.items()):
        print(f"whole\t{interaction}\t{ns}")
    for interaction, ns in sorted(summed.items()):
        print(f"thread\t{interaction}\t{ns}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
