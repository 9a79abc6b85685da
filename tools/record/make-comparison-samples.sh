#!/bin/bash
# Regenerates doc/samples/demo-compress.json and doc/samples/demo-compress-encrypt.json: the demo
# recorded in two configurations (compression only; compression and encryption), with kernel
# events limited to the demo, for the sample comparison of the README (doc/reports.md). Needs
# root and a kernel that accepts BPF programs. Update doc/samples/README.md after running it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
samples=$here/../../doc/samples
io=$(mktemp /tmp/fc-demo-io.XXXXXX)
trap 'rm -f "$io"' EXIT

make -s -C "$here/demo" || { echo "make-comparison-samples: building the demo failed" >&2; exit 1; }
record() { # NAME EXPECTATIONS... -- DEMO FLAGS...
    local name=$1; shift
    local expect=()
    while [ "$1" != "--" ]; do expect+=(--expect "$1"); shift; done
    shift
    "$here/fc-record" --kernel --kernel-scope target -o "$samples/$name.json" -- "$here/demo/fc-demo" "$@" \
        --threads 2 --io "$io" --iterations 16
    "$here/check_trace.py" "$samples/$name.json" --kernel --exact --expect Base=1 --expect 'FR(IO)=16' --expect 'FR(Threads)=1' "${expect[@]}"
    local size
    size=$(stat -c %s "$samples/$name.json")
    [ "$size" -lt 1000000 ] || { echo "make-comparison-samples: $name.json is $size bytes, over 1 MB" >&2; exit 1; }
}
record demo-compress 'FR(Compression)=16' -- --compress
record demo-compress-encrypt 'FR(Compression)=32' 'FR(Compression,Encryption)=16' 'FR(Encryption)=16' -- --compress --encrypt
