#!/bin/bash
# Where tracing's cost per region event goes (doc/benchmarks.md, issue 15): fc-busyloop's CPU time
# (its own threads, where the uprobe traps and BPF programs run) under bpftrace programs that do
# more and more of what fc-record's tracing program does per event, N runs each:
#   dry       the program built without probes
#   empty     probes attached, empty programs (the uprobe trap)
#   prep      what fc-record's program does per event before its printf: the time, a per-CPU
#             sequence number (a map update), the region name read from user memory
#   printf1   prep and a printf of one integer (a perf ring-buffer record, its reader woken)
#   record    fc-record's own tracing program (prep and the full printf, about 100 bytes)
#   printf1-batch, record-batch   the same with batch/fc-batch.so preloaded into bpftrace, as
#             fc-record does by default: the reader is woken once per 64 records, not per record
# With perf available it also counts, system-wide over one run of prep, printf1 and printf1-batch, the
# irq_work interrupts (a perf ring-buffer record raises one to wake its reader), the wake-ups and
# the function-call IPIs.
#
#   tools/record/bench-printf.sh [--runs N] [--iterations N] [--work ROUNDS] [--out DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=5 iterations=200000 work=4000 out=/tmp/fc-bench-printf
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?}; shift 2 ;;
        --iterations) iterations=${2:?}; shift 2 ;;
        --work) work=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        *) echo "usage: bench-printf.sh [--runs N] [--iterations N] [--work ROUNDS] [--out DIR]" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" -eq 0 ] || { echo "bench-printf: run as root (bpftrace)" >&2; exit 1; }
make -s -C "$here/demo"
make -s -C "$here/batch"
batch="LD_PRELOAD=$here/batch/fc-batch.so FC_WAKEUP_EVENTS=64"
mkdir -p "$out"
bin=$here/demo/fc-busyloop
args="--iterations $iterations --work $work"
# fc-record's own program for this binary (tracing, no kernel events)
python3 "$here/fc_bt.py" gen --binary "$bin" --target cpid --meta "$out/meta.json" -o "$out/record.bt" >/dev/null
cat > "$out/empty.bt" <<BT
usdt:$bin:vtrace:feature_begin { }
usdt:$bin:vtrace:feature_end { }
BT
# everything fc-record's program does per event but the printf: the time, the per-CPU sequence
# number (a map update) and the region name read from user memory
cat > "$out/prep.bt" <<BT
usdt:$bin:vtrace:feature_begin { \$t = nsecs; \$seq = @seq[cpu]++; @n[cpu] = str(arg1); }
usdt:$bin:vtrace:feature_end { \$t = nsecs; \$seq = @seq[cpu]++; @n[cpu] = str(arg1); }
BT
cat > "$out/printf1.bt" <<BT
usdt:$bin:vtrace:feature_begin { \$t = nsecs; \$seq = @seq[cpu]++; @n[cpu] = str(arg1); printf("%d\\n", 1); }
usdt:$bin:vtrace:feature_end { \$t = nsecs; \$seq = @seq[cpu]++; @n[cpu] = str(arg1); printf("%d\\n", 2); }
BT
run() {  # config -> appends the program's cpu ns to $out/config.cpu
    local config=$1
    if [ "$config" = dry ]; then
        "$here/demo/fc-busyloop-dry" $args
    elif [ "${config%-batch}" != "$config" ]; then
        env $batch BPFTRACE_PERF_RB_PAGES=1024 bpftrace -o "$out/$config.out" "$out/${config%-batch}.bt" -c "$bin $args" 2>/dev/null
    else
        # bpftrace's own output goes to the file; the program's (its CPU time) to stdout
        BPFTRACE_PERF_RB_PAGES=1024 bpftrace -o "$out/$config.out" "$out/$config.bt" -c "$bin $args" 2>/dev/null
    fi | sed -n 's/.* cpu \([0-9]*\) ns.*/\1/p' >> "$out/$config.cpu"
}
configs="dry empty prep printf1 record printf1-batch record-batch"
for c in $configs; do rm -f "$out/$c.cpu"; done
for r in $(seq 1 "$runs"); do
    for c in $configs; do run "$c"; done
    echo "bench-printf: run $r" >&2
done
if command -v perf >/dev/null; then
    rm -f "$out/lines.txt"
    for c in prep printf1 printf1-batch; do
        pre=""
        [ "$c" = printf1-batch ] && pre=$batch
        perf stat -a -x, -e irq_vectors:irq_work_entry,sched:sched_wakeup,irq_vectors:call_function_single_entry,irq_vectors:reschedule_entry \
            -o "$out/$c.perfstat" -- env $pre BPFTRACE_PERF_RB_PAGES=1024 bpftrace -o "$out/$c.perf.out" "$out/${c%-batch}.bt" -c "$bin $args" 2>/dev/null || true
        # every record arrived: one line per probe hit
        echo "$c: $(grep -c . "$out/$c.perf.out" || true) output lines" >> "$out/lines.txt"
    done
fi
python3 - "$out" "$runs" "$iterations" <<'PY' | tee "$out/summary.md"
import os, statistics, sys, time
out, runs, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
events = 2 * iterations + 2  # begin and end per iteration, init and finalize
configs = ("dry", "empty", "prep", "printf1", "record", "printf1-batch", "record-batch")
cpu = {c: [int(x) / 1e9 for x in open(f"{out}/{c}.cpu").read().split()] for c in configs}
print(f"Machine: {os.cpu_count()} CPUs, kernel {os.uname().release}, load average "
      f"{open('/proc/loadavg').read().split()[0]} at the end, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
      f"fc-busyloop {iterations} iterations ({events} probe hits), {runs} runs per configuration.\n")
print("| configuration | program's CPU time, s: mean (sd) | per event over dry | per event over the previous row (printf1-batch: over prep) |")
print("|---|---|---|---|")
base = statistics.mean(cpu["dry"])
prev = None
for c in configs:
    m, sd = statistics.mean(cpu[c]), statistics.stdev(cpu[c]) if len(cpu[c]) > 1 else 0
    over = f"{(m - base) / events * 1e6:.2f} µs" if c != "dry" else ""
    if c == "printf1-batch":  # over prep, as printf1 is
        prev = statistics.mean(cpu["prep"])
    step = f"{(m - prev) / events * 1e6:+.2f} µs" if prev is not None else ""
    print(f"| {c} | {m:.3f} ({sd:.3f}) | {over} | {step} |")
    prev = m
for c in ("prep", "printf1", "printf1-batch"):
    path = f"{out}/{c}.perfstat"
    if os.path.exists(path):
        counts = {}
        for line in open(path):
            cols = line.strip().split(",")
            if len(cols) > 2 and cols[0].replace(".", "").isdigit():
                counts[cols[2]] = int(float(cols[0]))
        print(f"\n{c}, system-wide over one run: " + ", ".join(f"{k} {v:,}" for k, v in counts.items()))
if os.path.exists(f"{out}/lines.txt"):
    print("\n" + open(f"{out}/lines.txt").read().strip().replace("\n", "; "))
PY
