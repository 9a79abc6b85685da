#!/bin/bash
# Accuracy of sampled feature costs against tracing (Kaufmann 2022's open RQ4): records the demo
# workloads with sampling and tracing at once (fc-record -k -s HZ --trace), estimates each
# feature's, interaction's and region's on-CPU time from the samples with 95 % intervals, and
# compares with the traced on-CPU time of the same run (B/E events and sched_switch), per
# frequency: relative error of the estimates and how often the intervals cover the traced value.
#
# With --ranges, the raw-probe build (fc-demo-raw) is recorded the same way (--raw) and the same
# samples are attributed a second time, after the recording, by the address ranges of its raw probes
# (fc_bt.py convert --attribution ranges; Kaufmann 2022 §3.4): the ranges estimates against the
# traced values and against the maps estimates, and the share of samples whose stack differs.
#
#   tools/record/bench-accuracy.sh [--runs N] [--freqs "97 499 997 4999"] [--thinning K] [--ranges] [--out DIR]
#
# Root (bpftrace). Results: DIR/summary.md (the table of doc/benchmarks.md), DIR/*.accuracy.json.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
runs=5 freqs="97 499 997 4999" out=/tmp/fc-bench-accuracy thinning=1 ranges=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs=${2:?}; shift 2 ;;
        --freqs) freqs=${2:?}; shift 2 ;;
        --out) out=${2:?}; shift 2 ;;
        --thinning) thinning=${2:?}; shift 2 ;;
        --ranges) ranges=1; shift ;;
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
            binary=$here/demo/fc-demo raw=() keep=()
            [ -z "$ranges" ] || { binary=$here/demo/fc-demo-raw raw=(--raw) keep=(--keep "$out/keep"); rm -rf "$out/keep"; }
            # A run whose trace lost events (the ring buffers overflow under heavy load) has wrong traced
            # stacks, so wrong traced values: it is recorded again, at most 3 times.
            for attempt in 1 2 3; do
                # shellcheck disable=SC2086
                "$here/fc-record" -k --kernel-scope target "${raw[@]}" -s "$f" --thinning "$thinning" --trace "${keep[@]}" -o "$trace" -- "$binary" ${workloads[$w]} \
                    > /dev/null 2>&1 || { echo "bench-accuracy: recording $trace failed" >&2; exit 1; }
                lost=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["otherData"]["lostEvents"])' "$trace")
                [ "$lost" -gt 0 ] || break
                echo "bench-accuracy: $trace lost $lost events (attempt $attempt)" >&2
                [ "$attempt" -lt 3 ] || { echo "bench-accuracy: giving up on $trace" >&2; exit 1; }
            done
            python3 "$here/sample_estimates.py" accuracy --json "$trace" > "$out/$w-$f-$r.accuracy.json"
            if [ -n "$ranges" ]; then
                k=$out/keep
                python3 "$here/fc_bt.py" convert "$k/raw.txt" --meta "$k/meta.json" --maps "$k/maps.txt" --perf "$k/perf.txt" \
                    --perf-lost "$k/perf-lost.txt" --kernel-scope target --attribution ranges -o "$out/ranges.json" 2>/dev/null
                python3 "$here/sample_estimates.py" accuracy --json --reference "$trace" "$out/ranges.json" > "$out/$w-$f-$r.ranges-accuracy.json"
                python3 "$here/sample_estimates.py" attribution --json --reference "$trace" "$out/ranges.json" > "$out/$w-$f-$r.ranges-diff.json"
                rm -rf "$k" "$out/ranges.json"
            fi
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
ranges = collections.defaultdict(list)
diffs = collections.defaultdict(list)
for path in glob.glob(f"{out}/*.ranges-accuracy.json"):
    r = json.load(open(path))
    ranges[r["frequencyHz"]].append((os.path.basename(path).split("-")[0], r["rows"]))
    diffs[r["frequencyHz"]].append(json.load(open(path.replace("ranges-accuracy", "ranges-diff"))))
if ranges:
    print("\nThe same samples attributed by address ranges (Kaufmann 2022 §3.4) instead of region maps:\n")
    print("| frequency | samples | stack differs from maps | region set differs | in no range | intervals covering the traced value (maps) | "
          "mean abs. relative error ≥ 100 ms (maps) |")
    print("|---|---|---|---|---|---|---|")
    for f in sorted(ranges):
        d = diffs[f]
        both = sum(x["inBoth"] for x in d)
        rs = [r for _, rows in ranges[f] for r in rows if r["tracedNs"] > 0]
        ms = [r for r in rows_maps if r["tracedNs"] > 0] if (rows_maps := rows.get(f)) else []
        big = [abs(r["relativeError"]) for r in rs if r["tracedNs"] >= 1e8]
        mbig = [abs(r["relativeError"]) for r in ms if r["tracedNs"] >= 1e8]
        cov, mcov = sum(r["covered"] for r in rs), sum(r["covered"] for r in ms)
        print(f"| {f} Hz | {both} | {100 * sum(x['stackDiffers'] for x in d) / both:.1f} % | "
              f"{100 * sum(x['regionSetDiffers'] for x in d) / both:.1f} % | {100 * sum(x['emptyOnlyHere'] for x in d) / both:.1f} % | "
              f"{cov}/{len(rs)} = {100 * cov / len(rs):.1f} % ({100 * mcov / max(1, len(ms)):.1f} %) | "
              f"{100 * statistics.mean(big):.1f} % ({100 * statistics.mean(mbig):.1f} %) |")
    print("\nBy kind of quantity, ranges (maps): intervals covering the traced value; mean abs. relative error of those ≥ 100 ms:\n")
    kinds = sorted({r["kind"] for f in ranges for _, rows in ranges[f] for r in rows})
    print("| frequency | " + " | ".join(kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for f in sorted(ranges):
        cells = []
        for k in kinds:
            rs = [r for _, rows in ranges[f] for r in rows if r["kind"] == k and r["tracedNs"] > 0]
            ms = [r for r in rows[f] if r["kind"] == k and r["tracedNs"] > 0]
            big, mbig = ([abs(r["relativeError"]) for r in x if r["tracedNs"] >= 1e8] for x in (rs, ms))
            cells.append(f"{sum(r['covered'] for r in rs)}/{len(rs)} ({sum(r['covered'] for r in ms)}/{len(ms)}); "
                         + (f"{100 * statistics.mean(big):.1f} % ({100 * statistics.mean(mbig):.1f} %)" if big and mbig else "–"))
        print(f"| {f} Hz | " + " | ".join(cells) + " |")
    print("\nPer feature and workload, ranges estimate: mean relative error against the traced value / against the maps estimate:\n")
    keys = sorted({(w, r["name"]) for f in ranges for w, rows in ranges[f] for r in rows if r["kind"] == "feature" and r["tracedNs"] >= 1e7})
    print("| frequency | " + " | ".join(f"{n} ({w})" for w, n in keys) + " |")
    print("|---|" + "---|" * len(keys))
    for f in sorted(ranges):
        cells = []
        for w, n in keys:
            sel = [r for ww, rows in ranges[f] if ww == w for r in rows if r["kind"] == "feature" and r["name"] == n and r["tracedNs"] >= 1e7]
            ref = [r["relativeErrorVsReference"] for r in sel if r.get("relativeErrorVsReference") is not None]
            cells.append(f"{100 * statistics.mean(r['relativeError'] for r in sel):+.1f} % / "
                         f"{100 * statistics.mean(ref):+.1f} %" if sel and ref else "–")
        print(f"| {f} Hz | " + " | ".join(cells) + " |")
    print("\nMost frequent differences (ranges stack instead of maps stack, samples over all runs):\n")
    for f in sorted(ranges):
        top = collections.Counter()
        for x in diffs[f]:
            for t in x["topDifferences"]:
                top[(tuple(t["stack"]), tuple(t["reference"]))] += t["samples"]
        print(f"- {f} Hz: " + "; ".join(f"{list(a)} instead of {list(b)}: {n}" for (a, b), n in top.most_common(6)))
PY
