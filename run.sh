#!/usr/bin/env bash
# Launches Trace Compass 6.2 with Feature Compass installed and the bundled sample traces
# (doc/samples) imported into a tracing project and opened. Builds the product first when the
# sources changed since the last build. Without a display it runs under Xvfb.
#
# Usage: ./run.sh [--screenshot FILE.png [--seconds N]] [TRACE...]
#   TRACE...            traces to open instead of the samples (files or CTF folders)
#   --screenshot FILE   (headless check) take a screenshot after N seconds (default 90), then quit
# Environment: FC_WORKSPACE (default: ./workspace), FC_JAVA (default: java)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
screenshot=""
seconds=90
traces=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --screenshot) screenshot="$(realpath -m "$2")"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) traces+=("$(realpath "$1")"); shift ;;
  esac
done

"$root/tools/setup/install-deps.sh"

product="$("$root/tools/setup/build-product.sh")"

if [[ ${#traces[@]} -eq 0 ]]; then
  # The last trace named is brought to the front: the recording of the demo workload shows the most.
  # demo-executions.json is an execution-definitions file (doc/executions.md), not a trace.
  mapfile -t traces < <(find "$root/doc/samples" -maxdepth 1 -type f \( -name '*.json' -o -name '*.json.gz' \) \
    -not -name demo-recording.json -not -name demo-executions.json | sort)
  while IFS= read -r metadata; do traces+=("$(dirname "$metadata")"); done \
    < <(find "$root/doc/samples" -mindepth 2 -name metadata -type f | sort)
  traces+=("$root/doc/samples/demo-recording.json")
fi
open_args=()
for trace in "${traces[@]}"; do open_args+=(--open "$trace"); done

workspace="${FC_WORKSPACE:-$root/workspace}"
mkdir -p "$workspace"
# Trace Compass opens the traces in parallel: the Feature Compass start-up extension brings the
# last one named to the front once all are open (StartupTraceActivator).
launcher=("${FC_JAVA:-java}" -Xmx4g "-Dfc.activeTrace=$(basename "${traces[-1]}")" "-Dfc.openCount=${#traces[@]}" -jar "$(ls "$product"/plugins/org.eclipse.equinox.launcher_*.jar | head -n 1)"
  -data "$workspace" -pluginCustomization "$root/releng/org.featurecompass.product/run-preferences.ini" "${open_args[@]}")

if [[ -n "$screenshot" ]]; then
  command -v import >/dev/null && import -version >/dev/null 2>&1 \
    || { apt-get install -y -qq imagemagick >/dev/null 2>&1 || { echo "run: --screenshot needs imagemagick" >&2; exit 1; }; }
  # Own Xvfb so that the screenshot sees the same display as Trace Compass.
  display=":$((90 + RANDOM % 100))"
  Xvfb "$display" -screen 0 1600x1000x24 >/dev/null 2>&1 &
  xvfb_pid=$!
  trap 'kill "$app_pid" "$xvfb_pid" 2>/dev/null || true' EXIT
  sleep 2
  (cd "$product" && DISPLAY="$display" exec "${launcher[@]}") > "$workspace/run.log" 2>&1 &
  app_pid=$!
  sleep "$seconds"
  kill -0 "$app_pid" 2>/dev/null || { echo "run: Trace Compass exited early; see $workspace/run.log" >&2; exit 1; }
  DISPLAY="$display" import -window root "$screenshot"
  echo "run: screenshot saved to $screenshot" >&2
  exit 0
fi

cd "$product"
if [[ -z "${DISPLAY:-}" ]]; then
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "${launcher[@]}"
fi
exec "${launcher[@]}"
