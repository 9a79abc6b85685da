#!/usr/bin/env bash
# Checks the built product's command-line launcher (bin/featurecompass) as a user runs it: the
# process's exit codes (0 ok, 1 threshold exceeded, 2 usage or input error), a clean standard output (only the result),
# and the features of the demo recording against the independent reference script of the core
# tests. Prints the start-up time (featurecompass --help); checks that help and usage errors are
# answered before the OSGi runtime starts. Run by ./test.sh after the
# build; needs the product built (./mvnw -DskipTests verify).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cli="$root/releng/org.featurecompass.product/target/products/org.featurecompass.product/linux/gtk/x86_64/featurecompass/bin/featurecompass"
[[ -x "$cli" ]] || { echo "test-cli: $cli not found or not executable; build the product first" >&2; exit 1; }
demo="$root/doc/samples/demo-recording.json"
reference="$root/tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/demo_recording_reference.py"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "test-cli: FAIL: $*" >&2; failures=$((failures + 1)); }

# expect CODE NAME -- ARGS...: runs the launcher, checks the exit code; stdout/stderr kept in $tmp/NAME.{out,err}
expect() {
  local code="$1" name="$2"; shift 3
  local status=0
  "$cli" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err" || status=$?
  [[ $status -eq $code ]] || fail "$name: exit $status, expected $code; stderr: $(tail -n 5 "$tmp/$name.err")"
}

start=$EPOCHREALTIME
expect 0 help -- --help
end=$EPOCHREALTIME
grep -q '^  features --trace FILE' "$tmp/help.out" || fail "help: no features command in: $(cat "$tmp/help.out")"
awk -v s="$start" -v e="$end" 'BEGIN { printf "test-cli: start-up and exit (featurecompass --help, answered before the OSGi runtime): %.1f s\n", e - s }' >&2
# Help and usage errors are answered before the OSGi runtime starts (FeatureCompassLauncher): the
# runtime would create the workspace's .metadata, as it does for a command that runs.
mkdir "$tmp/ws-help" "$tmp/ws-run"
FC_CLI_WORKSPACE="$tmp/ws-help" "$cli" --help > /dev/null || fail "help with FC_CLI_WORKSPACE: exit $?"
status=0; FC_CLI_WORKSPACE="$tmp/ws-help" "$cli" compare --trace "$demo" --executions x --group-b "duration >= 25xs" 2> "$tmp/pre.err" || status=$?
[[ $status -eq 2 ]] && grep -q 'column 13' "$tmp/pre.err" || fail "malformed filter before the runtime: exit $status, $(cat "$tmp/pre.err")"
[[ -z "$(ls -A "$tmp/ws-help")" ]] || fail "help or a usage error started the OSGi runtime (workspace: $(ls -A "$tmp/ws-help"))"
FC_CLI_WORKSPACE="$tmp/ws-run" "$cli" features --trace "$tmp/none.json" 2> /dev/null && fail "features on a missing trace: exit 0"
[[ -d "$tmp/ws-run/.metadata" ]] || fail "a command that runs did not start the runtime (no .metadata in its workspace)"

expect 0 features -- features --trace "$demo" --format csv
head -n 1 "$tmp/features.out" | grep -q '^level,kind,path,name,count,' || fail "features: stdout does not start with the CSV header: $(head -n 2 "$tmp/features.out")"
grep -q 'featurecompass: opened demo-recording.json' "$tmp/features.err" || fail "features: no progress on stderr"
# Compression*Encryption's exclusive time, by the reference script and by the command line
want="$(python3 "$reference" "$demo" | sed -n 's/^interaction Compression\*Encryption exclusive=//p')"
got="$(python3 -c 'import csv,sys; print(next(r["cpu_time_lower_ns"] for r in csv.DictReader(open(sys.argv[1])) if r["kind"]=="interaction" and r["name"]=="Compression*Encryption"))' "$tmp/features.out")"
[[ -n "$want" && "$want" == "$got" ]] || fail "features: Compression*Encryption exclusive time $got ns, reference $want ns"

expect 0 path -- critical-path --trace "$demo" --tid 21956 --format json --quiet
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["thread"]["name"]=="fc-demo" and d["totalNs"]>0, d["thread"]' "$tmp/path.out" \
  || fail "critical-path: not the path of fc-demo"
! grep -q 'featurecompass: opened' "$tmp/path.err" || fail "critical-path --quiet wrote progress: $(cat "$tmp/path.err")"
# --quiet keeps the analyses' warnings off stderr but counts them (the compare run below, not quiet, shows them)
! grep -q 'warning:' "$tmp/path.err" || fail "critical-path --quiet wrote warnings: $(cat "$tmp/path.err")"
grep -q 'warnings and notes on the input not shown (--quiet)' "$tmp/path.err" || fail "critical-path --quiet: no count of the warnings not shown: $(cat "$tmp/path.err")"

# The README's sample comparison, as written there (two configurations, three runs each), then the CI gate (exit code 1).
samples="$root/doc/samples"
expect 0 compare -- compare --trace "$samples/demo-base-1.json" --trace "$samples/demo-base-2.json" --trace "$samples/demo-base-3.json" \
    --trace "$samples/demo-slow-encryption-1.json" --trace "$samples/demo-slow-encryption-2.json" --trace "$samples/demo-slow-encryption-3.json" \
    --executions "$samples/demo-executions.json#item" \
    --group-a "trace in {demo-base-1.json, demo-base-2.json, demo-base-3.json}" \
    --group-b "trace in {demo-slow-encryption-1.json, demo-slow-encryption-2.json, demo-slow-encryption-3.json}" \
    --report "$tmp/comparison.html" --json "$tmp/comparison.json"
grep -q '<svg id="flamegraph"' "$tmp/comparison.html" || fail "compare: no flame graph in the HTML report"
grep -q 'warning: .*execution graph built with' "$tmp/compare.err" || fail "compare: the graph's anomalies (Error Log) not on stderr: $(cat "$tmp/compare.err")"
# stdout: the answer first (issue 21), naming the region the sample made slower, then the Markdown summary
head -n 1 "$tmp/compare.out" | grep -q '^Per execution, B takes .* and A .*: B − A = .* in FR(Encryption)' || fail "compare: stdout does not start with the answer naming FR(Encryption): $(head -n 2 "$tmp/compare.out")"
grep -q '^## Comparison of item executions' "$tmp/compare.out" || fail "compare: stdout has no Markdown summary: $(head -n 4 "$tmp/compare.out")"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["format"]=="featurecompass-comparison-report" and (d["groups"]["A"]["size"], d["groups"]["B"]["size"])==(48, 48), d["groups"]' "$tmp/comparison.json" \
  || fail "compare: the JSON report does not hold the 3 x 16 items of each configuration"
expect 1 gate -- compare --trace "$demo" --executions "$root/doc/samples/demo-executions.json" --fail-if "n-a >= 1 and depth = 0" --quiet
grep -q 'threshold exceeded: 1 calling contexts' "$tmp/gate.err" || fail "compare --fail-if: message: $(cat "$tmp/gate.err")"
expect 2 filter -- compare --trace "$demo" --executions "$root/doc/samples/demo-executions.json" --group-b "duration >= 25xs"
grep -q 'column 13' "$tmp/filter.err" || fail "compare: malformed filter: message: $(cat "$tmp/filter.err")"

expect 2 missing -- features --trace "$tmp/none.json"
grep -q 'no such file or folder' "$tmp/missing.err" || fail "missing trace: message: $(cat "$tmp/missing.err")"
[[ ! -s "$tmp/missing.out" ]] || fail "missing trace: something on stdout"
expect 2 unknown -- frobnicate
expect 2 tid -- critical-path --trace "$demo" --tid 999999
grep -q 'no such thread' "$tmp/tid.err" || fail "unknown thread: message: $(cat "$tmp/tid.err")"

if [[ $failures -gt 0 ]]; then
  echo "test-cli: $failures check(s) failed" >&2
  exit 1
fi
echo "test-cli: the product's command line passed (exit codes 0, 1 and 2, stdout, reference figures, the README's comparison)" >&2
