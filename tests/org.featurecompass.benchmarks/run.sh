#!/usr/bin/env bash
# Runs the Feature Compass benchmarks (plain Java on the jars of the Tycho build; graph-peer inside
# OSGi, with tycho-surefire) and prints Markdown tables (also saved under
# tests/org.featurecompass.benchmarks/target/results/).
# They are benchmarks, not tests: ./test.sh never runs them. Copy the figures, with the machine and
# the date, into doc/benchmarks.md.
#
# Usage: tests/org.featurecompass.benchmarks/run.sh [tef] [feature] [range] [graph] [ctf] [graph-peer] [ecct] [executions] [ecct-peer] [compare] [calibration] [--size BYTES]
#          [--iterations N] [--threads N] [--events N] [--rounds N] [--warmup N] [--traces LIST] [--heap SIZE]
#          [--executions N] [--visits N] [--names N]
#   tef      TEF parse + index of a generated unsorted file (default 10^9 bytes) with -Xmx1g, and the
#            Python json / ijson peers on the same file in the same run
#   feature  feature-region analysis of a generated VaRA-style TEF file (SimpleBusyLoop scale by
#            default: 10^7 iterations, 20,000,002 events, 1 thread) with -Xmx1g, and
#            VaRA-Tool-Suite's own Python computation (varats 13.0.5) on the same file in the same run
#   range    feature statistics of a time range of the same generated trace (default 10^7 iterations)
#            with -Xmx6g: a full re-read of the trace (the old way) against the replay of the segment
#            store's instances (FeatureStatisticsReplay, the data provider's way); no peer
#   graph    execution-graph construction from a generated kernel event stream (default 10^7 events,
#            8 CPUs, 1000 threads) with -Xmx2g, and critical-path extraction (bounded and unbounded)
#            for paths of 10^3 to 10^6 segments (wake-up chains, nested blocking)
#   ctf      writes the graph suite's kernel event stream (--events, 8 CPUs, 1000 threads, seed 42)
#            as an LTTng kernel trace in CTF (KernelCtfWriter) to $FC_BENCH_DIR/kernel-ctf-N (default
#            /tmp/featurecompass-bench), once, and checks that babeltrace2 counts every event
#            (installs the Debian package babeltrace2 when missing and run as root)
#   graph-peer  execution graph and bounded critical path against Trace Compass 6.2's own
#            (OsExecutionGraph, CriticalPathModule's algorithm) on the same LTTng kernel traces in one
#            OSGi runtime (tycho-surefire, -Pgraph-peer, -Xmx of --heap, default 3g): --rounds timed
#            rounds (default 10) after --warmup rounds (default 3); --traces: comma-separated, below
#            shared/traces or absolute (default lttng/many-threads,lttng/bug446190); with --events N,
#            also the trace of the ctf suite. Then each graph module alone on the same traces in its
#            own runtime with -Xmx2g (GraphHeapBenchmark: peak and retained heap). Builds the bundles
#            it needs.
#   ecct     ECCT build and aggregation (issue 12): --executions executions (default 10^5) over a
#            5*10^4-node union, each visiting --visits random contexts (default 15), with -Xmx3g;
#            build time, memory against the events' TEF size, subset aggregation (wall and CPU ms)
#   executions  execution extraction (issue 12): a generated TEF trace of --executions requests
#            (default 10^5) with 4 calls each over 8 threads, two definitions (top-level slices,
#            begin/end pairs by a request-id field across threads) with -Xmx2g: TEF reader, the
#            matching pass (with the threads' stacks), the tables and the ECCTs of every row timed apart;
#            peers: the tests' Python references (executions_reference.py, ecct_reference.py) on the
#            same file in the same run; --names N (default 0): the calls nest, named among N
#            functions (15: a union ECCT of about 5*10^4 contexts)
#   ecct-peer  the executions suite's workload (--executions, --names) written as an LTTng UST
#            cyg-profile CTF trace (UstCtfWriter; kept in $FC_BENCH_DIR once babeltrace2 counts
#            every event), then in one OSGi runtime (-Pgraph-peer, -Xmx of --heap): Feature
#            Compass's executions + ECCTs (EcctAnalysis, ExecutionAnalysis, ExecutionEccts) and
#            Trace Compass 6.2's LTTng UST call stack analysis + CallGraphAnalysis on it, --rounds
#            timed rounds (default here 1) after --warmup rounds (default here 0), wall and
#            process CPU (EcctPeerBenchmark)
#   compare  comparison of two groups (issue 13): --executions executions (default 10^5) over a
#            5*10^4-node union, --visits contexts each, with -Xmx3g; a brush dragged on group B's
#            duration: cross-filter, group sums and the whole differential tree per step (ms); then the
#            HTML report of that comparison (render, write, size) opened in headless Chromium (open,
#            layout, search, zoom; needs Debian's chromium), files in target/results/compare-html
#   calibration  issue 20 item 5 on real recordings: the false-alarm rate, power and false-discovery
#            proportion of compare --fail-if significant (CalibrationBenchmark, in OSGi, -Pgraph-peer,
#            -Xmx of --heap) on the campaign folder of tools/record/record-calibration.sh (--traces
#            DIR, default $FC_CALIBRATION_DIR or /work/calib-data; recording it takes about an hour, as
#            root); --rounds N comparisons per cell (default 200). Then the command line repeats a
#            few of its comparisons (calibration-crosscheck.tsv): the same exit code and number of
#            flagged contexts
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
size=1000000000
iterations=10000000
threads=1
events=10000000
rounds=10
warmup=3
traces=lttng/many-threads,lttng/bug446190
heap=3g
executions=100000
visits=15
names=0
events_given=
traces_given=
rounds_given=
warmup_given=
suites=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --size) size="$2"; shift 2 ;;
    --iterations) iterations="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --events) events="$2"; events_given=1; shift 2 ;;
    --rounds) rounds="$2"; rounds_given=1; shift 2 ;;
    --warmup) warmup="$2"; warmup_given=1; shift 2 ;;
    --traces) traces="$2"; traces_given="$2"; shift 2 ;;
    --heap) heap="$2"; shift 2 ;;
    --executions) executions="$2"; shift 2 ;;
    --visits) visits="$2"; shift 2 ;;
    --names) names="$2"; shift 2 ;;
    -h|--help) sed -n '2,62p' "$0"; exit 0 ;;
    *) suites+=("$1"); shift ;;
  esac
done
[[ ${#suites[@]} -gt 0 ]] || suites=(tef)

jar_of() { ls "$root/$1"/target/*.jar 2>/dev/null | grep -v sources | head -n 1; }

# The class path of the plain-Java suites: the jars of the Tycho build, built when missing.
classpath() {
  if [[ -z "$(jar_of tests/org.featurecompass.benchmarks)" || -z "$(jar_of bundles/org.featurecompass.tef)" \
        || -z "$(jar_of bundles/org.featurecompass.core)" ]]; then
    "$root/mvnw" -B -q -DskipTests verify >&2
  fi
  local jackson
  jackson="$(find "$HOME/.m2/repository/com/fasterxml/jackson/core/jackson-core/2.18.2" -name 'jackson-core-2.18.2.jar' | head -n 1)"
  # Apache Commons Statistics (the comparison's tests) and the Commons Numbers/RNG jars it loads
  local commons="" jar
  for jar in statistics-inference/1.1 statistics-distribution/1.1 statistics-ranking/1.1 statistics-descriptive/1.1 \
      numbers-core/1.2 numbers-gamma/1.2 numbers-combinatorics/1.2 numbers-fraction/1.2 numbers-rootfinder/1.2 \
      numbers-arrays/1.2 rng-client-api/1.6 rng-sampling/1.6; do
    commons="$commons:$HOME/.m2/repository/org/apache/commons/commons-${jar%/*}/${jar#*/}/commons-${jar%/*}-${jar#*/}.jar"
  done
  # core is only used for RegionEventConverter, which needs no Trace Compass class
  echo "$(jar_of tests/org.featurecompass.benchmarks):$(jar_of bundles/org.featurecompass.tef):$(jar_of bundles/org.featurecompass.model):$(jar_of bundles/org.featurecompass.core):$jackson$commons"
}

# The virtualenv of the TEF peers (json, ijson): created on first use, then reused.
ijson_venv() {
  local venv="${FC_CACHE:-$HOME/.cache/featurecompass}/bench-venv"
  if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import ijson' 2>/dev/null; then
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q ijson >&2
  fi
  echo "$venv/bin/python"
}

# The virtualenv of the VaRA cross-check test (VaraPeer.java): created on first use, then reused.
varats_venv() {
  local venv="${FC_CACHE:-$HOME/.cache/featurecompass}/varats-venv"
  local probe='import varats.data.databases.feature_perf_precision_database, six'
  if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c "$probe" 2>/dev/null; then
    echo "run.sh: installing varats==13.0.5 into $venv (a few minutes)" >&2
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install -q varats==13.0.5 six >&2
    "$venv/bin/python" -c "$probe" >&2
  fi
  echo "$venv/bin/python"
}

# babeltrace2, the CTF reader that checks the ctf suite's traces: the Debian package, installed
# when missing (as root).
babeltrace2_bin() {
  if ! command -v babeltrace2 >/dev/null; then
    if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null; then
      echo "run.sh: installing babeltrace2 (apt-get)" >&2
      apt-get install -y -q babeltrace2 >&2
    else
      echo "run.sh: babeltrace2 is needed to check the CTF trace (Debian/Ubuntu: apt-get install babeltrace2)" >&2
      exit 1
    fi
  fi
  command -v babeltrace2
}

# The ctf suite: KernelEventStream (--events) as an LTTng kernel CTF trace, written once into $work;
# kept only when babeltrace2 counts every event the writer wrote. Prints the trace folder.
kernel_ctf() {
  local dir="$work/kernel-ctf-$events"
  checked_ctf "$dir" kernel java -Xmx2g -cp "$(classpath)" org.featurecompass.benchmarks.graph.KernelCtfWriter "$dir" --events "$events"
}

# checked_ctf DIR KIND WRITER...: runs the writer command (which writes a CTF trace into DIR and
# prints "wrote N KIND events") unless DIR.checked exists, and keeps the trace only when
# babeltrace2 counts N events in it (DIR.checked then holds the writer's log). Prints DIR.
checked_ctf() {
  local dir="$1" kind="$2" bt written counted
  shift 2
  if [[ ! -f "$dir.checked" ]]; then
    bt="$(babeltrace2_bin)"
    rm -rf "$dir" "$dir.partial"
    "$@" >"$dir.log"
    cat "$dir.log" >&2
    written="$(sed -n "s/^wrote \([0-9,]*\) $kind events.*/\1/p" "$dir.log" | tr -d ,)"
    counted="$("$bt" "$dir" -c sink.utils.counter | awk '/ Event messages/ { n = $1 } END { print n }')"
    if [[ -z "$written" || "$written" != "$counted" ]]; then
      echo "run.sh: babeltrace2 counts '$counted' events in $dir, the writer wrote '$written'" >&2
      exit 1
    fi
    echo "babeltrace2 counts $counted events" >>"$dir.log"
    mv "$dir.log" "$dir.checked"
  fi
  echo "$dir"
}

# The OSGi suite: tycho-surefire runs GraphPeerBenchmark (which every other build skips) in a
# runtime with Trace Compass 6.2 and the suite, after building the bundles it needs; then
# GraphHeapBenchmark once per side, each in its own runtime with -Xmx2g.
graph_peer() {
  local commit modules side all="$traces"
  commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  if [[ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]]; then
    commit="$commit+uncommitted changes"
  fi
  modules=releng/org.featurecompass.target,tests/org.featurecompass.tests.support,bundles/org.featurecompass.model
  modules=$modules,bundles/org.featurecompass.tef,bundles/org.featurecompass.core,tests/org.featurecompass.benchmarks
  modules=$modules,tests/org.featurecompass.benchmarks.tracecompass
  (cd "$root" && ./mvnw -B -q verify -DskipTests -pl "$modules" >&2)
  if [[ -n "$events_given" ]]; then
    all="$all,$(kernel_ctf)"
  fi
  rm -f "$results"/graph-peer.md "$results"/graph-heap-*.md
  (cd "$root" && ./mvnw -B -q verify -pl "$modules" -Pgraph-peer "-Dfc.bench.commit=$commit" \
    "-Dfc.bench.heap=$heap" "-Dfc.bench.iterations=$rounds" "-Dfc.bench.warmup=$warmup" "-Dfc.bench.traces=$all" \
    "-Dfc.bench.results=$results/graph-peer.md" >&2)
  cat "$results/graph-peer.md"
  for side in ours theirs; do
    (cd "$root" && ./mvnw -B -q verify -pl "$modules" -Pgraph-peer -Dfc.bench.class=GraphHeapBenchmark \
      "-Dfc.bench.side=$side" -Dfc.bench.heap=2g "-Dfc.bench.commit=$commit" "-Dfc.bench.traces=$all" \
      "-Dfc.bench.results=$results/graph-heap-$side.md" >&2)
    cat "$results/graph-heap-$side.md"
  done
}

# The calibration suite: CalibrationBenchmark in an OSGi runtime on the recorded campaign, then a few
# of its comparisons again through the command line (./featurecompass compare --fail-if significant).
calibration() {
  local commit modules data draws=200 line type cell a b flagged code listed
  data="${traces_given:-${FC_CALIBRATION_DIR:-/work/calib-data}}"
  [[ -z "$rounds_given" ]] || draws=$rounds
  if [[ ! -f "$data/manifest.tsv" ]]; then
    echo "run.sh: no campaign in $data: record one first (root, about an hour): tools/record/record-calibration.sh $data 30" >&2
    exit 1
  fi
  commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  if [[ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]]; then
    commit="$commit+uncommitted"
  fi
  modules=releng/org.featurecompass.target,tests/org.featurecompass.tests.support,bundles/org.featurecompass.model
  modules=$modules,bundles/org.featurecompass.tef,bundles/org.featurecompass.core,tests/org.featurecompass.benchmarks
  modules=$modules,tests/org.featurecompass.benchmarks.tracecompass
  rm -f "$results/calibration.md" "$results/calibration-crosscheck.tsv"
  (cd "$root" && ./mvnw -B -q verify -pl "$modules" -Pgraph-peer -Dfc.bench.class=CalibrationBenchmark "-Dfc.bench.commit=$commit" \
    "-Dfc.bench.heap=$heap" "-Dfc.bench.iterations=$draws" "-Dfc.bench.traces=$data" \
    "-Dfc.bench.results=$results/calibration.md" >&2)
  cat "$results/calibration.md"
  echo "Command-line cross-check (featurecompass compare --fail-if significant on the harness's comparisons):"
  while IFS=$'\t' read -r type cell a b flagged; do
    local args=() group
    for group in "$a" "$b"; do
      local f filter=""
      for f in ${group//,/ }; do args+=(--trace "$data/$f"); filter="$filter${filter:+, }\"$f\""; done
      [[ "$group" == "$a" ]] && args+=(--group-a "trace in {$filter}") || args+=(--group-b "trace in {$filter}")
    done
    code=0
    "$root/featurecompass" compare "${args[@]}" --executions "$root/tools/record/calibration-executions.json#$type" \
      --fail-if significant --quiet >/dev/null 2>"$results/calibration-cli.err" || code=$?
    listed="$(sed -n 's/.*threshold exceeded: \([0-9]*\) calling contexts.*/\1/p' "$results/calibration-cli.err")"
    echo "  $type, $cell, A = $a, B = $b: harness $flagged flagged; command line exit $code, ${listed:-0} flagged"
    if [[ "$code" != "$([[ "$flagged" == 0 ]] && echo 0 || echo 1)" || "${listed:-0}" != "$flagged" ]]; then
      echo "run.sh: the command line disagrees with the harness" >&2
      cat "$results/calibration-cli.err" >&2
      exit 1
    fi
  done < <(awk -F'\t' '!seen[$1 FS ($5 > 0)]++' "$results/calibration-crosscheck.tsv")
}

# The ecct-peer suite's trace: ExecutionBenchmark's requests (--executions, --names) as an LTTng
# UST cyg-profile CTF trace, written once into $work; kept only when babeltrace2 counts every event
# the writer wrote. Prints the trace folder.
ust_ctf() {
  local dir="$work/ust-ctf-$executions"
  [[ "$names" == 0 ]] || dir="${dir}n$names"
  checked_ctf "$dir" UST java -Xmx1g -cp "$(classpath)" org.featurecompass.benchmarks.execution.UstCtfWriter "$dir" \
    --executions "$executions" --names "$names"
}

# The ecct-peer suite: EcctPeerBenchmark in an OSGi runtime with Trace Compass 6.2.
ecct_peer() {
  local commit modules trace iterations=1 warmups=0
  [[ -z "$rounds_given" ]] || iterations=$rounds
  [[ -z "$warmup_given" ]] || warmups=$warmup
  commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
  if [[ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]]; then
    commit="$commit+uncommitted" # no space: the value goes into the test runtime's argLine
  fi
  modules=releng/org.featurecompass.target,tests/org.featurecompass.tests.support,bundles/org.featurecompass.model
  modules=$modules,bundles/org.featurecompass.tef,bundles/org.featurecompass.core,tests/org.featurecompass.benchmarks
  modules=$modules,tests/org.featurecompass.benchmarks.tracecompass
  trace="$(ust_ctf)" # the Maven run below builds the modules (the writer runs on the jars classpath() finds)
  rm -f "$results/ecct-peer.md"
  (cd "$root" && ./mvnw -B -q verify -pl "$modules" -Pgraph-peer -Dfc.bench.class=EcctPeerBenchmark "-Dfc.bench.commit=$commit" \
    "-Dfc.bench.heap=$heap" "-Dfc.bench.iterations=$iterations" \
    "-Dfc.bench.warmup=$warmups" "-Dfc.bench.traces=$trace" \
    "-Dfc.bench.results=$results/ecct-peer.md" >&2)
  cat "$results/ecct-peer.md"
}

results="$here/target/results"
mkdir -p "$results"
work="${FC_BENCH_DIR:-/tmp/featurecompass-bench}"
mkdir -p "$work"
for suite in "${suites[@]}"; do
  case "$suite" in
    tef)
      java -Xmx1g -cp "$(classpath)" org.featurecompass.benchmarks.tef.TefIndexBenchmark \
        "$work/tef-$size.json" "$size" "$(ijson_venv)" "$here/scripts" | tee "$results/tef.md" ;;
    feature)
      vara_python="$(varats_venv)"
      java -Xmx1g -cp "$(classpath)" org.featurecompass.benchmarks.feature.FeatureRegionBenchmark \
        "$work/feature-$iterations-$threads.json" --iterations "$iterations" --threads "$threads" \
        --python "$vara_python" --scripts "$here/scripts" \
        --vara-peer "$root/tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/vara_peer.py" \
        | tee "$results/feature.md" ;;
    range)
      # Trace Compass's segment store outside OSGi: its jar and what it loads (datastore, common, Guava)
      plugins="${FC_CACHE:-$HOME/.cache/featurecompass}/debian-target/plugins"
      guava="$(find "$HOME/.m2/repository/com/google/guava/guava" -name 'guava-*-jre.jar' | sort | tail -n 1)"
      equinox="$(find "$HOME/.m2/repository/org/eclipse/platform/org.eclipse.equinox.common" -name '*.jar' | sort | tail -n 1)"
      tc="$plugins/org.eclipse.tracecompass.segmentstore.core.jar:$plugins/org.eclipse.tracecompass.datastore.core.jar"
      tc="$tc:$plugins/org.eclipse.tracecompass.common.core.jar:$guava:$equinox"
      java -Xmx6g -cp "$(classpath):$tc" org.featurecompass.benchmarks.feature.FeatureRangeBenchmark \
        "$work/feature-$iterations-$threads.json" --iterations "$iterations" --threads "$threads" \
        | tee "$results/range.md" ;;
    graph)
      java -Xmx2g -cp "$(classpath)" org.featurecompass.benchmarks.graph.GraphBenchmark --events "$events" \
        | tee "$results/graph.md" ;;
    ctf)
      kernel_ctf ;;
    ecct-peer)
      ecct_peer ;;
    graph-peer)
      graph_peer ;;
    executions)
      java -Xmx2g -cp "$(classpath)" org.featurecompass.benchmarks.execution.ExecutionBenchmark --executions "$executions" \
        --dir "$work" --reference "$root/tests/org.featurecompass.core.tests/src/org/featurecompass/core/execution/executions_reference.py" \
        --ecct-reference "$root/tests/org.featurecompass.core.tests/src/org/featurecompass/core/ecct/ecct_reference.py" --names "$names" \
        | tee "$results/executions.md" ;;
    calibration)
      calibration ;;
    compare)
      java -Xmx3g -cp "$(classpath)" org.featurecompass.benchmarks.compare.ComparisonBenchmark --executions "$executions" \
        --visits "$visits" --html "$results/compare-html" | tee "$results/compare.md" ;;
    ecct)
      java -Xmx3g -cp "$(classpath)" org.featurecompass.benchmarks.ecct.EcctBenchmark --executions "$executions" \
        --visits "$visits" | tee "$results/ecct.md" ;;
    *) echo "run.sh: unknown benchmark '$suite'" >&2; exit 2 ;;
  esac
done
