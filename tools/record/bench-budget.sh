#!/bin/bash
# The overhead budget (fc-record --budget, QDIME's control loop) measured: the program's CPU time
# under a budget against a run without probes (dry) and an unbudgeted traced run, N runs each
# (hyperfine), on the stress test (fc-busyloop) and the demo workload; with the coverage the
# windows leave and the controller's own estimate of the probes' cost.
#
#   tools/record/bench-budget.sh [--runs N] [--budget PCT] [--period MS] [--workloads "stress stress-metric demo"]
#                                [--stress-work "ITERATIONS ROUNDS"] [--metric-work "ITERATIONS ROUNDS"]
#                                [--compare-gate] [--out DIR]
#
# --compare-gate adds a fourth configuration, budget-gate: the same budget switching tracing off
# through the gate map alone (--budget-switch gate: the probes stay active while off), against
# the default, which switches is-enabled probes off through their semaphores.
#
# Root (bpftrace). Results: DIR/summary.md (the table of doc/benchmarks.md).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=5 budget=2 period=200 out=/tmp/fc-bench-budget workloads="stress stress-metric demo" metric_work="20000 100000"
stress_work="5000 400000" gate=0
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?}; shift 2 ;;
        --budget) budget=${2:?}; shift 2 ;;
        --period) period=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        --workloads) workloads=${2:?}; shift 2 ;;
        --metric-work) metric_work=${2:?}; shift 2 ;;
        --stress-work) stress_work=${2:?}; shift 2 ;;
        --compare-gate) gate=1; shift ;;
        *) echo "usage: bench-budget.sh [--runs N] [--budget PCT] [--period MS] [--workloads \"stress stress-metric demo\"] [--out DIR]" >&2; exit 2 ;;
    esac
done
command -v hyperfine >/dev/null || { echo "bench-budget: hyperfine is not installed (Debian package hyperfine)" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "bench-budget: run as root (bpftrace)" >&2; exit 1; }
make -s -C "$here/demo"
mkdir -p "$out"
d=$here/demo rec=$here/fc-record

bench() {  # name dry-binary probed-binary args
    local name=$1 dry=$2 probed=$3 args=$4
    rm -f "$out/$name".*.log "$out/$name"-budget-*.json "$out/$name"-budget_gate-*.json
    local extra=()
    [ "$gate" = 0 ] || extra=(-n budget-gate "$rec --budget $budget --period $period --budget-switch gate -o $out/$name-budget_gate-\$(date +%s%N).json -- $probed $args >> $out/$name.budget-gate.log 2>/dev/null")
    hyperfine --runs "$runs" --warmup 1 --export-json "$out/$name.json" --style basic \
        -n dry "$dry $args >> $out/$name.dry.log" \
        -n budget "$rec --budget $budget --period $period -o $out/$name-budget-\$(date +%s%N).json -- $probed $args >> $out/$name.budget.log 2>/dev/null" \
        -n tracing "$rec -o $out/$name-trace.json -- $probed $args >> $out/$name.tracing.log 2>/dev/null" "${extra[@]}"
}
wants() { [[ " $workloads " == *" $1 "* ]]; }
read -r stress_iterations stress_rounds <<< "$stress_work"
if wants stress; then bench stress "$d/fc-busyloop-dry" "$d/fc-busyloop" "--iterations $stress_iterations --work $stress_rounds"; fi
# The budget against the program's throughput (--budget-metric): fc-busyloop keeps its iteration
# count in a file; every configuration writes it, so its cost is in all three. By default a
# region every 0.11 ms ("20000 100000"); "5000 400000" is the stress workload above.
progress=$out/progress
read -r metric_iterations metric_rounds <<< "$metric_work"
metric_args="--iterations $metric_iterations --work $metric_rounds --progress $progress"
if wants stress-metric; then
    rm -f "$out"/stress-metric.*.log "$out"/stress-metric-budget-*.json "$out"/stress-metric-budget_gate-*.json
    extra=()
    [ "$gate" = 0 ] || extra=(-n budget-gate "$rec --budget $budget --period $period --budget-switch gate --budget-metric $progress -o $out/stress-metric-budget_gate-\$(date +%s%N).json -- $d/fc-busyloop $metric_args >> $out/stress-metric.budget-gate.log 2>/dev/null")
    hyperfine --runs "$runs" --warmup 1 --export-json "$out/stress-metric.json" --style basic \
        -n dry "$d/fc-busyloop-dry $metric_args >> $out/stress-metric.dry.log" \
        -n budget "$rec --budget $budget --period $period --budget-metric $progress -o $out/stress-metric-budget-\$(date +%s%N).json -- $d/fc-busyloop $metric_args >> $out/stress-metric.budget.log 2>/dev/null" \
        -n tracing "$rec -o $out/stress-metric-trace.json -- $d/fc-busyloop $metric_args >> $out/stress-metric.tracing.log 2>/dev/null" "${extra[@]}"
fi
if wants demo; then bench demo "$d/fc-demo-dry" "$d/fc-demo" "--compress --encrypt --threads 2 --recursion 3 --work 400 --iterations 800"; fi

WORKLOADS=$workloads GATE=$gate python3 - "$out" "$runs" "$budget" "$period" <<'PY' | tee "$out/summary.md"
import glob, json, os, re, statistics, sys, time
out, runs, budget, period = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
print(f"Machine: {os.cpu_count()} CPUs, kernel {os.uname().release}, load average "
      f"{open('/proc/loadavg').read().split()[0]} at the end, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
      f"budget {budget:g} %, period {period} ms, {runs} runs per configuration (hyperfine, 1 warm-up run not counted).\n")
print("| workload | configuration | program's CPU time, s: mean (sd) | over dry | program's wall time, s: mean (sd) | "
      "controller's estimate of the probes' cost | observed fraction (1 − off time / run) | off windows |")
print("|---|---|---|---|---|---|---|---|")
for name in [w for w in ("stress", "stress-metric", "demo") if w in os.environ["WORKLOADS"].split()]:
    cpu, wall = {}, {}
    configs = ("dry", "budget", "budget-gate", "tracing") if os.environ["GATE"] == "1" else ("dry", "budget", "tracing")
    for c in configs:
        log = open(f"{out}/{name}.{c}.log").read()
        cpu[c] = [int(m.group(1)) / 1e9 for m in re.finditer(r"cpu (\d+) ns", log)][1:]
        wall[c] = [int(m.group(1)) / 1e9 for m in re.finditer(r" in (\d+) ns", log)][1:]
    base = statistics.mean(cpu["dry"])
    stats = {}
    for c, stem in (("budget", "budget"), ("budget-gate", "budget_gate")):
        traces = sorted(glob.glob(f"{out}/{name}-{stem}-*.json"))[1:]  # the warm-up's first
        est, observed, windows = [], [], []
        for path in traces:
            t = json.load(open(path))
            b = t["otherData"]["budget"]
            ts = [e["ts"] for e in t["traceEvents"] if "ts" in e and e.get("ph") != "M"]
            # the CPU-time controller's estimate, or the throughput controller's (--budget-metric)
            est.append(b["measuredOverheadPercent"] if b.get("measuredOverheadPercent") is not None
                       else b["estimatedLossPercent"])
            observed.append(1 - b["offNs"] / (max(ts) - min(ts)))
            windows.append(b["offWindows"])
        stats[c] = (est, observed, windows)
    for c in configs:
        m, sd = statistics.mean(cpu[c]), statistics.stdev(cpu[c])
        wm, wsd = statistics.mean(wall[c]), statistics.stdev(wall[c])
        est, observed, windows = stats.get(c, ([], [], []))
        extra = (f"{statistics.mean(est):.2f} % (max {max(est):.2f} %) | {100 * statistics.mean(observed):.1f} % | "
                 f"{statistics.mean(windows):.0f}") if est else " | | "
        print(f"| {name} | {c} | {m:.3f} ({sd:.3f}) | {100 * (m - base) / base:+.2f} % | {wm:.3f} ({wsd:.3f}) | {extra} |")
PY
