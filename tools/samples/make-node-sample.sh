#!/bin/bash
# Regenerates doc/samples/node-demo.json: a Trace Event Format trace written by
# Node.js itself (--trace-events-enabled) for node-demo.js.
# Update doc/samples/README.md (versions, date, counts) after running it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sample=$here/../../doc/samples/node-demo.json
command -v node >/dev/null || { echo "make-node-sample: node is not installed (Debian package: nodejs)" >&2; exit 1; }
work=$(mktemp -d /tmp/fc-node-sample.XXXXXX)
trap 'rm -rf "$work"' EXIT

node --trace-events-enabled --trace-event-categories v8,node,node.async_hooks,node.fs.sync \
    --trace-event-file-pattern "$work/trace.json" "$here/node-demo.js"
# Node writes one JSON object per process; re-indent to one event per line so diffs stay readable.
python3 - "$work/trace.json" "$sample" <<'PY'
import json, sys
trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
with open(sys.argv[2], "w") as f:
    f.write('{"traceEvents":[\n')
    f.write(",\n".join(json.dumps(e, separators=(",", ":")) for e in events))
    f.write("\n]}\n")
print(f"make-node-sample: {len(events)} events -> {sys.argv[2]}", file=sys.stderr)
PY
size=$(stat -c %s "$sample")
[ "$size" -lt 1000000 ] || { echo "make-node-sample: $sample is $size bytes, over 1 MB" >&2; exit 1; }
