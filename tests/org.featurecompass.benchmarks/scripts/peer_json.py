#!/usr/bin/env python3
"""Peer for the TEF index benchmark: Python's json module.

Loads the whole file with json.load, collects (ts, position) of every event and sorts them,
the same work as parsing + indexing. Prints one JSON line: seconds, events, peak RSS.
Usage: peer_json.py TRACE.json
"""
import json
import resource
import sys
import time

start = time.perf_counter()
with open(sys.argv[1], 'rb') as f:
    data = json.load(f)
events = data['traceEvents'] if isinstance(data, dict) else data
index = sorted((e['ts'], i) for i, e in enumerate(events) if 'ts' in e)
seconds = time.perf_counter() - start
print(json.dumps({'peer': 'json', 'seconds': seconds, 'events': len(events),
                  'indexed': len(index),
                  'max_rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
