#!/usr/bin/env python3
"""Reference figures of a TEF file, computed with Python's own json module (and decimal for exact
nanoseconds), independently of the Feature Compass reader. TefRealTracesTest runs it and compares
every line with the same figures read by the reader.

Usage: python3 tef_reference.py FILE [RANK ...] [EVENT_NAME:PHASE ...]
Prints key<TAB>value lines:
  events, phase.<ph>, ts.first, ts.last (ns), withId (events with an id key),
  process.<pid>, thread.<pid>.<tid> (names from M events), topLevel (other top-level keys, in order),
  duration.total (sum of dur, ns), rank.<r> and rank.last (name|ts ns|dur ns|ph of that rank in time
  order: stable sort by ts, events without ts first), event.<name>.<ph> (ts|tts|id|cat of the first
  such event in file order) and event.<name>.<ph>.args.<key> (that arg as compact JSON).
Times: the file's timestampUnit (VaRA), microseconds by default, as exact integer nanoseconds."""
import gzip
import json
import sys
from collections import Counter
from decimal import Decimal

UNIT_NS = {'ns': 1, 'us': 1000, 'ms': 10**6, 's': 10**9}


def load(path):
    with open(path, 'rb') as f:
        gz = f.read(2) == b'\x1f\x8b'
    with (gzip.open if gz else open)(path, 'rt', encoding='utf-8') as f:
        doc = json.load(f, parse_float=Decimal)
    if isinstance(doc, dict):
        return doc, doc['traceEvents'], UNIT_NS[doc.get('timestampUnit', 'us')]
    return {}, doc, 1000


def ns(value, unit):
    exact = Decimal(value) * unit
    if exact != exact.to_integral_value():
        raise SystemExit(f'{value} is not a whole number of ns')
    return int(exact)


def is_time(value):
    return isinstance(value, (int, Decimal)) and not isinstance(value, bool)


def main():
    doc, events, unit = load(sys.argv[1])
    out = [('events', len(events))]
    for ph, n in sorted(Counter(e.get('ph', '') for e in events).items()):
        out.append((f'phase.{ph}', n))
    times = [ns(e['ts'], unit) for e in events if is_time(e.get('ts'))]
    out += [('ts.first', min(times)), ('ts.last', max(times))]
    out.append(('withId', sum(1 for e in events if 'id' in e)))
    names = {}  # the last M event naming a process or thread wins
    for e in events:
        if e.get('ph') == 'M' and e.get('name') == 'process_name':
            names[f"process.{e['pid']}"] = e['args']['name']
        if e.get('ph') == 'M' and e.get('name') == 'thread_name':
            names[f"thread.{e['pid']}.{e['tid']}"] = e['args']['name']
    out += sorted(names.items())
    out.append(('topLevel', ','.join(k for k in doc if k not in ('traceEvents', 'displayTimeUnit', 'timestampUnit'))))
    out.append(('duration.total', sum(ns(e['dur'], unit) for e in events if is_time(e.get('dur')))))
    start = min(times)
    order = sorted(range(len(events)), key=lambda i: (ns(events[i]['ts'], unit) if is_time(events[i].get('ts')) else start - 1, i))

    def describe(i):
        e = events[i]
        ts = ns(e['ts'], unit) if is_time(e.get('ts')) else start
        dur = ns(e['dur'], unit) if is_time(e.get('dur')) else ''
        return f"{e.get('name')}|{ts}|{dur}|{e.get('ph', '')}"
    for arg in sys.argv[2:]:
        if ':' in arg:
            name, ph = arg.split(':')
            e = next(e for e in events if e.get('name') == name and e.get('ph') == ph)
            key = f'event.{name}.{ph}'
            out.append((key, f"{ns(e['ts'], unit)}|{ns(e['tts'], unit)}|{e.get('id')}|{e.get('cat')}"))
            for k, v in e.get('args', {}).items():
                out.append((f'{key}.args.{k}', json.dumps(v, separators=(',', ':'), ensure_ascii=False)))
        elif arg == 'last':
            out.append(('rank.last', describe(order[-1])))
        else:
            out.append((f'rank.{arg}', describe(order[int(arg)])))
    for key, value in out:
        print(f'{key}\t{value}')


main()
