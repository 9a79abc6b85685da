#!/bin/bash
# Where a sample's cost goes (doc/benchmarks.md, issue 15): fc-busyloop's CPU time (its own
# threads, where the timer interrupt and the BPF sampling program run) under bpftrace programs that
# do more and more of what fc-record --sample does per sample, at HZ, N runs each. The workload
# enters a region every ~0.1 s only, so the region probes' cost is negligible:
#   dry       the program built without probes
#   tick      a profile:hz:HZ probe with fc-record's filter (pid == target), empty: the timer
#             interrupt and the program's invocation
#   ustack    the same, walking the user stack (ustack, 64 frames) into a map: the stack walk
#   record    fc-record's own sampling program (gen --sample HZ --no-trace): region stack from the
#             maps, user stack, one printf per sample (a perf ring-buffer record, its reader woken)
#   record-batch  the same with batch/fc-batch.so preloaded (fc-record's default): the reader
#             is woken once per 64 records
# Samples per run: counted by the tick and ustack programs (@n), the P lines of the record ones.
# With bpftool, the kernel's run-time statistics of the profile program (BPF_ENABLE_STATS) give
# its own run time per sample; with perf, the irq_work interrupts of one record and one
# record-batch run are counted system-wide.
#
#   tools/record/bench-sampling-cost.sh [--runs N] [--hz HZ] [--out DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=5 hz=997 out=/tmp/fc-bench-sampling-cost
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?}; shift 2 ;;
        --hz) hz=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        *) echo "usage: bench-sampling-cost.sh [--runs N] [--hz HZ] [--out DIR]" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" -eq 0 ] || { echo "bench-sampling-cost: run as root (bpftrace)" >&2; exit 1; }
make -s -C "$here/demo"
make -s -C "$here/batch"
mkdir -p "$out"
bin=$here/demo/fc-busyloop
args="--iterations 30 --work 40000000"
python3 "$here/fc_bt.py" gen --binary "$bin" --target cpid --sample "$hz" --no-trace --meta "$out/meta.json" \
    -o "$out/record.bt" >/dev/null
echo "profile:hz:$hz /pid == cpid/ { @n = count(); }" > "$out/tick.bt"
echo "profile:hz:$hz /pid == cpid/ { @u[cpu] = ustack(perf, 64); @n = count(); }" > "$out/ustack.bt"
# The kernel's run time of the profile program (BPF_PROG_TYPE_PERF_EVENT, 7) while bpftrace runs,
# from the fdinfo of the bpftrace that holds this benchmark's program file: the last reading
# before it exits.
watch_stats() {  # file
    python3 - "$out/" "$1" <<'PY'
import os, sys, time
folder, path = sys.argv[1].encode(), sys.argv[2]
seen, deadline = False, time.monotonic() + 120
while seen or time.monotonic() < deadline:  # gives up if bpftrace never runs a program
    found = None  # (run time, runs) of the profile programs, once they have run
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                argv = f.read().split(b"\0")
            if not argv[0].endswith(b"bpftrace") or not any(folder in a for a in argv):
                continue
            ns = runs = 0
            for fd in os.listdir(f"/proc/{pid}/fdinfo"):
                with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                    info = dict(l.split(":", 1) for l in f.read().splitlines() if ":" in l)
                if int(info.get("prog_type", -1)) == 7:
                    ns += int(info.get("run_time_ns", 0))
                    runs += int(info.get("run_cnt", 0))
            if runs:  # not while bpftrace closes its programs at exit
                found = (ns, runs)
        except (OSError, ValueError):
            continue
    if found:
        seen = True
        with open(path, "w") as f:
            f.write(f"{found[0]} {found[1]}\n")
    elif seen:
        break  # bpftrace has closed its programs
    time.sleep(0.1)
PY
}
run() {  # config -> appends "cpu_ns samples bpf_run_ns" to $out/config.cpu
    local config=$1 cpu samples stats="0 0"
    if [ "$config" = dry ]; then
        cpu=$("$here/demo/fc-busyloop-dry" $args | sed -n 's/.* cpu \([0-9]*\) ns.*/\1/p')
        samples=0
    else
        local pre=()
        [ "$config" = record-batch ] && pre=(LD_PRELOAD="$here/batch/fc-batch.so" FC_WAKEUP_EVENTS=64)
        rm -f "$out/$config.stats"
        watch_stats "$out/$config.stats" & local watcher=$!
        cpu=$(env "${pre[@]}" BPFTRACE_NO_USER_SYMBOLS=1 BPFTRACE_PERF_RB_PAGES=1024 \
            bpftrace -o "$out/$config.out" "$out/${config%-batch}.bt" -c "$bin $args" 2>/dev/null |
            sed -n 's/.* cpu \([0-9]*\) ns.*/\1/p')
        wait "$watcher" 2>/dev/null || true  # it ends once bpftrace has closed its programs
        [ -s "$out/$config.stats" ] && stats=$(cat "$out/$config.stats")
        case "$config" in
            record*) samples=$(grep -c '^P' "$out/$config.out" || true) ;;
            *) samples=$(sed -n 's/^@n: \([0-9]*\)/\1/p' "$out/$config.out") ;;
        esac
    fi
    echo "$cpu $samples $stats" >> "$out/$config.cpu"
}
configs="dry tick ustack record record-batch"
for c in $configs; do rm -f "$out/$c.cpu"; done
# Run-time statistics on for the runs (the kernel's switch; restored after).
old_stats=$(sysctl -n kernel.bpf_stats_enabled 2>/dev/null || echo 0)
sysctl -q -w kernel.bpf_stats_enabled=1 2>/dev/null || true
trap 'sysctl -q -w kernel.bpf_stats_enabled=$old_stats 2>/dev/null || true' EXIT
for r in $(seq 1 "$runs"); do
    for c in $configs; do run "$c"; done
    echo "bench-sampling-cost: run $r" >&2
done
if command -v perf >/dev/null; then
    for c in record record-batch; do
        pre=()
        [ "$c" = record-batch ] && pre=(LD_PRELOAD="$here/batch/fc-batch.so" FC_WAKEUP_EVENTS=64)
        perf stat -a -x, -e irq_vectors:irq_work_entry,sched:sched_wakeup -o "$out/$c.perfstat" -- \
            env "${pre[@]}" BPFTRACE_NO_USER_SYMBOLS=1 bpftrace -o "$out/$c.perf.out" "$out/record.bt" -c "$bin $args" \
            >/dev/null 2>&1 || true
        echo "$c: $(grep -c '^P' "$out/$c.perf.out" || true) samples" >> "$out/$c.perfstat"
    done
fi
python3 - "$out" "$runs" "$hz" <<'PY' | tee "$out/summary.md"
import os, statistics, sys, time
out, runs, hz = sys.argv[1], int(sys.argv[2]), sys.argv[3]
configs = ("dry", "tick", "ustack", "record", "record-batch")
rows = {c: [[int(x) for x in line.split()] for line in open(f"{out}/{c}.cpu")] for c in configs}
print(f"Machine: {os.cpu_count()} CPUs, kernel {os.uname().release}, load average "
      f"{open('/proc/loadavg').read().split()[0]} at the end, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
      f"fc-busyloop --iterations 30 --work 40000000 sampled at {hz} Hz, {runs} runs per configuration.\n")
print("| configuration | program's CPU time, s: mean (sd) | samples per run | per sample over dry | per sample over the previous row | BPF run time per sample |")
print("|---|---|---|---|---|---|")
base = statistics.mean(r[0] for r in rows["dry"])
prev = None
for c in configs:
    cpu = [r[0] / 1e9 for r in rows[c]]
    m, sd = statistics.mean(cpu), statistics.stdev(cpu) if len(cpu) > 1 else 0
    # per sample: each run's extra CPU time over its own sample count
    per = [(r[0] - base) / r[1] / 1e3 for r in rows[c] if r[1]]
    over = f"{statistics.mean(per):.1f} µs" if per else ""
    step = f"{statistics.mean(per) - prev:+.1f} µs" if per and prev is not None else ""
    bpf = [r[2] / r[1] / 1e3 for r in rows[c] if r[1] and len(r) > 2 and r[2]]
    print(f"| {c} | {m:.3f} ({sd:.3f}) | {statistics.mean(r[1] for r in rows[c]):.0f} | {over} | {step} | "
          + (f"{statistics.mean(bpf):.2f} µs" if bpf else "") + " |")
    prev = statistics.mean(per) if per else None
for c in ("record", "record-batch"):
    path = f"{out}/{c}.perfstat"
    if os.path.exists(path):
        counts, extra = {}, ""
        for line in open(path):
            cols = line.strip().split(",")
            if len(cols) > 2 and cols[0].replace(".", "").isdigit():
                counts[cols[2]] = int(float(cols[0]))
            elif line.startswith(c + ":"):
                extra = line.strip().split(": ", 1)[1]
        print(f"\n{c}, system-wide over one run ({extra}): " + ", ".join(f"{k} {v:,}" for k, v in counts.items()))
PY
