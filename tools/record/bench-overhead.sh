#!/bin/bash
# The recorder's overhead, measured as Kaufmann 2022 did (§4.2): the extra wall-clock time of the
# program over a run without probes, 10 runs, mean and standard deviation; for the configurations
# of the thesis's RQ1-RQ3: inactive probes, tracing, sampling at 97 and 997 Hz, on the demo
# workload and on a SimpleBusyLoop-like stress test (fc-busyloop); and sampling with address-range
# attribution (ranges-97, ranges-997: no region probe attached, the raw-probe builds fc-demo-raw and
# fc-busyloop-raw, Kaufmann 2022 §3.4), and those builds without a recorder (inactive-raw).
# hyperfine runs every command;
# the programs also print their own run time (CLOCK_MONOTONIC from main to exit), which excludes
# the recorder's start-up (attaching, ~0.5 s) and its conversion to TEF, and is the figure compared,
# and their CPU time (all threads, user + system): the probes' traps and BPF programs run in the
# program's threads, so the extra CPU time is their cost even on a loaded machine, where wall-clock
# differences drown in the noise.
#
#   tools/record/bench-overhead.sh [--runs N] [--out DIR] [--only demo|stress]
#                                  [--configs "dry inactive tracing sampling-97 sampling-997"]
#                                  (more: inactive-raw ranges-97 ranges-997)
#
# Root (bpftrace). Results: DIR/summary.md (the table of doc/benchmarks.md), DIR/*.json (hyperfine).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=10 out=/tmp/fc-bench-overhead only="" configs="dry inactive tracing sampling-97 sampling-997"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        --only) only=${2:?}; shift 2 ;;
        --configs) configs=${2:?}; shift 2 ;;
        *) echo "usage: bench-overhead.sh [--runs N] [--out DIR] [--only demo|stress] [--configs \"dry ...\"]" >&2; exit 2 ;;
    esac
done
command -v hyperfine >/dev/null || { echo "bench-overhead: hyperfine is not installed (Debian package hyperfine)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "bench-overhead: run as root (bpftrace)" >&2; exit 1; }
[[ " $configs " == *" dry "* ]] || { echo "bench-overhead: --configs must include dry (the baseline)" >&2; exit 2; }
make -s -C "$here/demo"
mkdir -p "$out"
d=$here/demo rec=$here/fc-record
demo_args="--compress --encrypt --threads 2 --iterations 200 --recursion 3"
stress_args="--iterations 200000 --work 4000"

bench() {  # name dry-binary probed-binary raw-probe-binary args
    local name=$1 dry=$2 probed=$3 raw=$4 args=$5
    rm -f "$out/$name".*.log "$out/$name.events"
    # Each command appends the program's own output (with its run time) to its log.
    local commands=()
    for c in $configs; do
        case "$c" in
            dry) commands+=(-n dry "$dry $args >> $out/$name.dry.log") ;;
            inactive) commands+=(-n inactive "$probed $args >> $out/$name.inactive.log") ;;
            tracing) commands+=(-n tracing "$rec -o $out/$name-trace.json -- $probed $args >> $out/$name.tracing.log 2>/dev/null") ;;
            inactive-raw) commands+=(-n inactive-raw "$raw $args >> $out/$name.inactive-raw.log") ;;
            ranges-*) commands+=(-n "$c" "$rec -s ${c#ranges-} --attribution ranges -o $out/$name-r${c#ranges-}.json -- $raw $args >> $out/$name.$c.log 2>/dev/null") ;;
            sampling-*) commands+=(-n "$c" "$rec -s ${c#sampling-} -o $out/$name-s${c#sampling-}.json -- $probed $args >> $out/$name.$c.log 2>/dev/null") ;;
            *) echo "bench-overhead: unknown configuration $c" >&2; exit 2 ;;
        esac
    done
    hyperfine --runs "$runs" --warmup 1 --export-json "$out/$name.json" --style basic "${commands[@]}"
    [[ " $configs " != *" tracing "* ]] || python3 - "$out/$name-trace.json" > "$out/$name.events" <<'PY'
import json, sys
print(sum(1 for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("cat") == "Feature"))
PY
}

[ "$only" = stress ] || bench demo "$d/fc-demo-dry" "$d/fc-demo" "$d/fc-demo-raw" "$demo_args"
[ "$only" = demo ] || bench stress "$d/fc-busyloop-dry" "$d/fc-busyloop" "$d/fc-busyloop-raw" "$stress_args"

python3 - "$out" "$runs" "$demo_args" "$stress_args" "$configs" <<'PY' | tee "$out/summary.md"
import json, os, re, statistics, subprocess, sys, time
out, runs, demo_args, stress_args = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
configs = sys.argv[5].split()
print(f"Machine: {os.cpu_count()} CPUs, kernel {os.uname().release}, load average "
      f"{open('/proc/loadavg').read().split()[0]} at the end, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
      f"{runs} runs per configuration (hyperfine, 1 warm-up run not counted).\n")
for name, args in (("demo", f"fc-demo {demo_args}"), ("stress", f"fc-busyloop {stress_args}")):
    if not os.path.exists(f"{out}/{name}.json"):
        continue
    events = int(open(f"{out}/{name}.events").read()) if os.path.exists(f"{out}/{name}.events") else None
    wall = {r["command"]: r["times"] for r in json.load(open(f"{out}/{name}.json"))["results"]}
    own, cpu = {}, {}
    for c in configs:
        log = open(f"{out}/{name}.{c}.log").read()
        # The warm-up run's line comes first.
        own[c] = [int(m.group(1)) / 1e9 for m in re.finditer(r" in (\d+) ns", log)][1:]
        cpu[c] = [int(m.group(1)) / 1e9 for m in re.finditer(r"cpu (\d+) ns", log)][1:]
    base, cbase = statistics.mean(own["dry"]), statistics.mean(cpu["dry"])
    print(f"**{name}** (`{args}`" + (f"; {events} region events when traced" if events else "") + ")\n")
    print("| configuration | program's wall time, s: mean (sd) | over dry | program's CPU time, s: mean (sd) | over dry | CPU per region event | hyperfine, whole command, s: mean (sd) |")
    print("|---|---|---|---|---|---|---|")
    for c in configs:
        m, sd = statistics.mean(own[c]), statistics.stdev(own[c])
        cm, csd = statistics.mean(cpu[c]), statistics.stdev(cpu[c])
        per = f"{(cm - cbase) / events * 1e6:.2f} µs" if events and c in ("inactive", "tracing") else ""
        wm, wsd = statistics.mean(wall[c]), statistics.stdev(wall[c])
        print(f"| {c} | {m:.3f} ({sd:.3f}) | {100 * (m - base) / base:+.1f} % | {cm:.3f} ({csd:.3f}) | "
              f"{100 * (cm - cbase) / cbase:+.1f} % | {per} | {wm:.3f} ({wsd:.3f}) |")
    print()
PY
