#!/bin/bash
# Accuracy of sampled feature costs against tracing (Kaufmann 2022's open RQ4): records the demo
# workloads with sampling and tracing at once (fc-record -k -s HZ --trace), estimates each
# feature's, interaction's and region's on-CPU time from the samples with 95 % intervals, and
# compares with the traced on-CPU time of the same run (B/E events and sched_switch), per
# frequency: relative error of the estimates and how often the intervals cover the traced value.
#
#   tools/record/bench-accuracy.sh [--runs N] [--freqs "97 499 997 4999"] [--thinning K] [--out DIR]
#
# Root (bpftrace). Results: DIR/summary.md (the table of doc/benchmarks.md), DIR/*.accuracy.json.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=5 freqs="97 499 997 4999" out=/tmp/fc-bench-accuracy thinning=1
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?}; shift 2 ;;
        --freqs) freqs=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        --thinning) thinning=${2:?}; shift 2 ;;
        *) echo "usage: bench-accuracy.sh [--runs N] [--freqs \"97 997\"] [--out DIR]" >&2; exit 2 ;;
    esac
done
[ "$(id -u)" -eq 0 ] || { echo "bench-accuracy: run as root (bpftrace)" >&2; exit 1; }
make -s -C "$here/demo"
mkdir -p "$out"
declare -A workloads=(
    [all]="--compress --encrypt --threads 2 --iterations 200 --recursion 3"
    [encrypt]="--encrypt --iterations 300 --work 400"
)
for f in $freqs; do
    for w in "${!workloads[@]}"; do
        for r in $(seq 1 "$runs"); do
            trace=$out/$w-$f-$r.json
            # shellcheck disable=SC2086
            "$here/fc-record" -k --kernel-scope target -s "$f" --thinning "$thinning" --trace -o "$trace" -- "$here/demo/fc-demo" ${workloads[$w]} \
                > /dev/null 2>&1 || { echo "bench-accuracy: recording $trace failed" >&2; exit 1; }
            python3 "$here/sample_estimates.py" accuracy --json "$trace" > "$out/$w-$f-$r.accuracy.json"
            rm -f "$trace"
            echo "bench-accuracy: $w at $f Hz, run $r" >&2
        done
    done
done
THINNING=$thinning python3 - "$out" "$runs" <<'PY' | tee "$out/summary.md"
import collections, glob, json, os, statistics, sys, time
out, runs = sys.argv[1], int(sys.argv[2])
rows = collections.defaultdict(list)  # frequency -> rows
samples = collections.defaultdict(list)
for path in glob.glob(f"{out}/*.accuracy.json"):
    r = json.load(open(path))
    rows[r["frequencyHz"]] += r["rows"]
    samples[r["frequencyHz"]].append(r["samples"])
print(f"Machine: {os.cpu_count()} CPUs, kernel {os.uname().release}, load average "
      f"{open('/proc/loadavg').read().split()[0]}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; "
      f"fc-demo workloads 'all' and 'encrypt', {runs} runs each per frequency, thinning {os.environ.get('THINNING', '1')}.\n")
print("| frequency | samples per run (mean) | quantities | intervals covering the traced value | "
      "mean abs. relative error, quantities ≥ 100 ms | max abs. relative error, ≥ 100 ms | mean abs. error, < 100 ms |")
print("|---|---|---|---|---|---|---|")
for f in sorted(rows):
    rs = [r for r in rows[f] if r["tracedNs"] > 0]
    big = [abs(r["relativeError"]) for r in rs if r["tracedNs"] >= 1e8]
    small = [abs(r["errorNs"]) / 1e6 for r in rs if r["tracedNs"] < 1e8]
    covered = sum(r["covered"] for r in rs)
    print(f"| {f} Hz | {statistics.mean(samples[f]):.0f} | {len(rs)} | {covered}/{len(rs)} = {100 * covered / len(rs):.1f} % | "
          f"{100 * statistics.mean(big):.1f} % | {100 * max(big):.1f} % | {statistics.mean(small) if small else 0:.2f} ms |")
print()
print("Per feature (mean relative error over the runs, both workloads):\n")
print("| frequency | " + " | ".join(sorted({r["name"] for f in rows for r in rows[f] if r["kind"] == "feature"})) + " |")
names = sorted({r["name"] for f in rows for r in rows[f] if r["kind"] == "feature"})
print("|---|" + "---|" * len(names))
for f in sorted(rows):
    cells = []
    for n in names:
        rel = [r["relativeError"] for r in rows[f] if r["kind"] == "feature" and r["name"] == n and r["tracedNs"] >= 1e7]
        cells.append(f"{100 * statistics.mean(rel):+.1f} % (n={len(rel)})" if rel else "–")
    print(f"| {f} Hz | " + " | ".join(cells) + " |")
PY
