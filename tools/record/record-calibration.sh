#!/bin/bash
# Records the calibration data of the comparison (doc/benchmarks.md, "Calibration on real
# recordings"): one configuration of fc-demo and one of fc-netdemo, kernel events on
# (fc-record --kernel --kernel-scope target), without and with an injected regression of known size
# (the demos' --inject REGION_ID:NS, injected-work.h).
#
#   record-calibration.sh OUTDIR [ROUNDS] [PROGRAMS]     (root; e.g. /work/calib-data 30 "demo netdemo")
#
# Per program, PILOT runs without injection first give the mean execution duration (the executions
# of calibration-executions.json: fc-demo's items, fc-netdemo's requests; measured by
# exec_durations below); the injected
# amounts are SHARES of that mean, fixed in ns from then on (the generator's parameter). Then ROUNDS
# rounds each record one run of every group (none, then each share) in a random order, so that the
# machine's drift over the campaign falls on all groups alike. Every recording is checked
# (check_trace.py: exact region counts, no lost events) and recorded again once when it fails.
# OUTDIR/manifest.tsv lists the runs: program, group, injected ns, file, load average, UTC time.
# A second call with the same OUTDIR adds rounds (the pilot and the amounts are kept).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:?usage: record-calibration.sh OUTDIR [ROUNDS] [PROGRAMS]}
rounds=${2:-30}
programs=${3:-demo netdemo}
pilot=5
shares="2 5 10 20"
mkdir -p "$out"
make -s -C "$here/demo"
manifest=$out/manifest.tsv
[ -f "$manifest" ] || printf 'program\tgroup\tinjectedNs\tfile\tload1\tutc\n' > "$manifest"

# The configurations: program arguments, the region the regression goes into, check_trace's counts.
demo_cmd=("$here/demo/fc-demo" --compress --encrypt --threads 2 --iterations 64)
demo_inject=2  # FR(Encryption), inside every item
demo_expect=(--expect Base=1 --expect 'FR(Compression)=128' --expect 'FR(Compression,Encryption)=64'
             --expect 'FR(Encryption)=64' --expect 'FR(Threads)=1')
netdemo_cmd=("$here/demo/fc-netdemo" both --requests 40 --sleep-ms 2 --hold-ms 3 --write-kb 16 --io "$out/netdemo-io.tmp")
# The server's FR(Handle): fc-record traces the probes of the process it starts, not of the server
# that process forks, so the added work shows as the server thread's running time on each request's
# critical path (the context FR(Request);[thread … server]).
netdemo_inject=2
netdemo_expect=(--expect Base=1 --expect 'FR(Request)=40')

# Mean duration (ns) of the calibration's executions in the given traces, read with Python's json
# module apart from the suite: fc-demo's items (FR(Compression) ID 1 begin to FR(Encryption) ID 2
# end, per thread), fc-netdemo's requests (FR(Request) begin to end).
exec_durations() { # PROGRAM FILE...
    python3 - "$@" <<'PY'
import json, sys
program, files = sys.argv[1], sys.argv[2:]
total = count = 0
for f in files:
    open_at = {}
    for e in json.load(open(f))["traceEvents"]:
        if e.get("cat") != "Feature":
            continue
        key, ident = (e["name"], e["ph"]), e["args"].get("ID")
        if program == "demo":
            if key == ("FR(Compression)", "B") and ident == 1:
                open_at[e["tid"]] = e["ts"]
            elif key == ("FR(Encryption)", "E") and ident == 2 and e["tid"] in open_at:
                total += e["ts"] - open_at.pop(e["tid"]); count += 1
        elif e["name"] == "FR(Request)":
            if e["ph"] == "B":
                open_at[e["tid"]] = e["ts"]
            else:
                total += e["ts"] - open_at.pop(e["tid"]); count += 1
print(round(total / count))
PY
}

record() { # PROGRAM GROUP NS
    local program=$1 group=$2 ns=$3 n file cmd expect inject
    n=$(awk -F'\t' -v p="$program" -v g="$group" '$1 == p && $2 == g' "$manifest" | wc -l)
    file=$out/$program-$group-$(printf %03d "$n").json
    declare -n cmd=${program}_cmd expect=${program}_expect inject=${program}_inject
    local args=("${cmd[@]}")
    [ "$ns" -eq 0 ] || args+=(--inject "$inject:$ns")
    for attempt in 1 2; do
        if "$here/fc-record" --kernel --kernel-scope target -o "$file" -- "${args[@]}" > "$out/last-record.log" 2>&1 &&
            "$here/check_trace.py" "$file" --kernel --exact "${expect[@]}" >> "$out/last-record.log" 2>&1 &&
            python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["otherData"]; sys.exit(o["lostEvents"] + o.get("perfLostEvents", 0) > 0)' "$file"; then
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$program" "$group" "$ns" "$(basename "$file")" \
                "$(cut -d' ' -f1 /proc/loadavg)" "$(date -u +%FT%TZ)" >> "$manifest"
            return 0
        fi
        echo "record-calibration: $file failed (attempt $attempt):" >&2
        tail -5 "$out/last-record.log" >&2
    done
    rm -f "$file"
}

for program in $programs; do
    amounts=$out/$program-amounts.tsv
    if [ ! -f "$amounts" ]; then
        for i in $(seq $pilot); do record "$program" pilot 0; done
        mean=$(exec_durations "$program" $(awk -F'\t' -v p="$program" '$1 == p && $2 == "pilot" { print $4 }' "$manifest" | sed "s|^|$out/|"))
        { printf 'share\tinjectedNs\tpilotMeanNs\n'
          for s in $shares; do printf '%s\t%s\t%s\n' "$s" $((mean * s / 100)) "$mean"; done; } > "$amounts"
        echo "record-calibration: $program: pilot mean $mean ns; amounts in $amounts"
    fi
done

for r in $(seq "$rounds"); do
    for program in $programs; do
        amounts=$out/$program-amounts.tsv
        groups=("none 0")
        while IFS=$'\t' read -r share ns _; do groups+=("inject$share $ns"); done < <(tail -n +2 "$amounts")
        while read -r group ns; do record "$program" "$group" "$ns"; done < <(printf '%s\n' "${groups[@]}" | shuf)
    done
    echo "record-calibration: round $r of $rounds done ($(date -u +%T), load $(cut -d' ' -f1 /proc/loadavg))"
done
