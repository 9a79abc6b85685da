#!/usr/bin/env bash
# The command line's cost on the 10^5-execution trace of the executions benchmark
# (tests/org.featurecompass.benchmarks/run.sh executions writes it): JVM + OSGi start-up
# (featurecompass --help, hyperfine), then `executions` and `compare` on the same trace with
# /usr/bin/time (wall time, peak RSS), each with its progress lines time-stamped, so that the
# comparison's own cost (ECCTs, groups, tree, reports) is the difference. Results in
# doc/benchmarks.md. Needs the product built (./mvnw -DskipTests verify).
# Usage: bench-cli.sh [TRACE.json]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cli="$root/releng/org.featurecompass.product/target/products/org.featurecompass.product/linux/gtk/x86_64/featurecompass/bin/featurecompass"
[[ -x "$cli" ]] || { echo "bench-cli: $cli not found; build the product first" >&2; exit 1; }
trace="${1:-/tmp/featurecompass-bench/executions-100000x4.json}"
[[ -f "$trace" ]] || { echo "bench-cli: $trace not found; run tests/org.featurecompass.benchmarks/run.sh executions first" >&2; exit 1; }
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cat > "$out/defs.json" <<'JSON'
{"formatVersion": 1, "definitions": [{"kind": "slice", "type": "request", "depth": 0, "name": "request"}]}
JSON
echo "bench-cli: $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs, $(java -version 2>&1 | head -n 1)"
echo "bench-cli: trace $trace ($(stat -c %s "$trace") bytes)"
hyperfine --runs 5 --warmup 1 --export-markdown "$out/startup.md" "$cli --help" >/dev/null
cat "$out/startup.md"
# Each progress line with the seconds since the command started.
stamp() { local t0=$1; while IFS= read -r line; do awk -v t0="$t0" -v now="$EPOCHREALTIME" -v l="$line" 'BEGIN { printf "%7.2f s  %s\n", now - t0, l }'; done; }
run() { # NAME ARGS...
    local name=$1; shift
    echo "bench-cli: $name: load $(cut -d' ' -f1 /proc/loadavg) before"
    { /usr/bin/time -o "$out/$name.time" -f "bench-cli: $name: wall %e s, user %U s, sys %S s, peak RSS %M KB" "$cli" "$@" 2>&1 > "$out/$name.out"; } \
        | stamp "$EPOCHREALTIME" | grep -v -e 'Resource leak' -e '^ *[0-9.]* s  \s' || true
    cat "$out/$name.time"
}
run executions executions --trace "$trace" --executions "$out/defs.json" --format csv
run compare compare --trace "$trace" --executions "$out/defs.json" --report "$out/c.html" --json "$out/c.json" --csv "$out/c.csv"
ls -l "$out"/c.* | awk '{print "bench-cli: " $9 ": " $5 " bytes"}'
