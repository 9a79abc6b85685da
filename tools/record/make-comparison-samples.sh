#!/bin/bash
# Regenerates the sample comparison of the README (doc/samples/README.md, "demo-base-N.json and
# demo-slow-encryption-N.json"): the demo recorded in two configurations, three runs each, with
# kernel events limited to the demo. A: fc-demo --compress --encrypt; B: the same with 4 ms more CPU
# work in every item's FR(Encryption) (--inject 2:4000000, a known regression in one region: large
# beside the preemption a loaded machine adds to every region). The
# runs alternate A, B, A, B…, so that the machine's drift falls on both alike. Each recording is
# checked (check_trace.py: exact region counts, no lost events) and made again when it fails. Needs
# root and a kernel that accepts BPF programs. Update doc/samples/README.md after running it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
samples=$here/../../doc/samples
runs=3
items=16
slower_ns=4000000

make -s -C "$here/demo" || { echo "make-comparison-samples: building the demo failed" >&2; exit 1; }
record() { # NAME DEMO FLAGS...
    local name=$1 file=$samples/$1.json size attempt
    shift
    for attempt in 1 2 3; do
        if "$here/fc-record" --kernel --kernel-scope target -o "$file" -- "$here/demo/fc-demo" --compress --encrypt \
                --threads 2 --iterations "$items" "$@" &&
            "$here/check_trace.py" "$file" --kernel --exact --expect Base=1 --expect 'FR(Threads)=1' \
                --expect "FR(Compression)=$((2 * items))" --expect "FR(Compression,Encryption)=$items" \
                --expect "FR(Encryption)=$items" &&
            python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["otherData"]; sys.exit(o["lostEvents"] + o.get("perfLostEvents", 0) > 0)' "$file"; then
            size=$(stat -c %s "$file")
            [ "$size" -lt 300000 ] || { echo "make-comparison-samples: $name.json is $size bytes, over 300 KB" >&2; exit 1; }
            return 0
        fi
        echo "make-comparison-samples: $name.json failed its checks (attempt $attempt)" >&2
    done
    exit 1
}
for i in $(seq "$runs"); do
    record "demo-base-$i"
    record "demo-slow-encryption-$i" --inject "2:$slower_ns"
done
