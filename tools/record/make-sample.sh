#!/bin/bash
# Regenerates doc/samples/demo-recording.json: a short recording of the demo
# with kernel events limited to the demo, its wakers and their interrupts.
# Update doc/samples/README.md (versions, date, counts) after running it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sample=$here/../../doc/samples/demo-recording.json
io=$(mktemp /tmp/fc-demo-io.XXXXXX)
trap 'rm -f "$io"' EXIT

make -s -C "$here/demo" || { echo "make-sample: building the demo failed" >&2; exit 1; }
"$here/fc-record" --kernel --kernel-scope target -o "$sample" -- "$here/demo/fc-demo" \
    --compress --encrypt --threads 2 --io "$io" --iterations 8
"$here/check_trace.py" "$sample" --kernel --exact --expect Base=1 --expect 'FR(Compression)=16' \
    --expect 'FR(Compression,Encryption)=8' --expect 'FR(Encryption)=8' --expect 'FR(IO)=8' \
    --expect 'FR(Threads)=1'
size=$(stat -c %s "$sample")
[ "$size" -lt 2000000 ] || { echo "make-sample: $sample is $size bytes, over 2 MB" >&2; exit 1; }
