#!/usr/bin/env python3
"""Peer for the TEF index benchmark: ijson, the streaming approach VaRA-Tool-Suite uses.

Streams 'traceEvents.item' with ijson.items (the fastest backend installed, normally yajl2_c),
collects (ts, position) of every event and sorts them. Prints one JSON line: seconds, events,
peak RSS and the ijson backend.
Usage: peer_ijson.py TRACE.json
"""
import json
import resource
import sys
import time

import ijson

start = time.perf_counter()
index = []
count = 0
with open(sys.argv[1], 'rb') as f:
    for i, e in enumerate(ijson.items(f, 'traceEvents.item')):
        count += 1
        if 'ts' in e:
            index.append((e['ts'], i))
index.sort()
seconds = time.perf_counter() - start
print(json.dumps({'peer': 'ijson (' + ijson.backend + ')', 'seconds': seconds, 'events': count,
                  'indexed': len(index),
                  'max_rss_kb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
