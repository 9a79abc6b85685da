#!/bin/bash
# Regenerates doc/samples/ust-cyg-profile/: an LTTng UST trace of tools/record/ust-demo (a PIE and a
# shared library built with -g -finstrument-functions, two threads) recorded with
# liblttng-ust-cyg-profile.so preloaded, with the statedump's bin_info/build_id events and the
# vpid, vtid and procname contexts, and the two binaries it ran (bin/), whose symbols name the
# trace's addresses (featurecompass compare --symbols, doc/ecct.md "Symbols").
# The binaries are built in a temporary directory that is deleted afterwards, so the paths the
# trace records exist nowhere: the symbols can only come from bin/ (matched by build id).
# Needs lttng-tools, liblttng-ust1 (tools/setup/install-deps.sh), gcc and babeltrace2. Starts its
# own lttng-sessiond (own LTTNG_HOME) and stops it.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$here/../../doc/samples/ust-cyg-profile
work=$(mktemp -d /tmp/fc-ust-sample.XXXXXX)
sessiond_pid=
cleanup() {
  if [[ -n "$sessiond_pid" ]]; then
    kill "$sessiond_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$sessiond_pid" 2>/dev/null || break; sleep 0.2; done
  fi
  rm -rf "$work"
}
trap cleanup EXIT

gcc -g -O0 -fPIC -shared -finstrument-functions -o "$work/libust-work.so" "$here/ust-demo/work.c"
gcc -g -O0 -fPIE -pie -finstrument-functions -o "$work/ust-demo" "$here/ust-demo/ust-demo.c" \
    -L"$work" -lust-work -Wl,-rpath,"$work" -pthread

export LTTNG_HOME=$work/home
mkdir -p "$LTTNG_HOME"
lttng-sessiond --no-kernel --daemonize --pidfile "$work/sessiond.pid" >/dev/null 2>&1
sessiond_pid=$(cat "$work/sessiond.pid")
lttng create fc-ust-sample --output="$work/trace" >/dev/null
lttng enable-channel -u ch0 --subbuf-size=64k >/dev/null
lttng enable-event -u -c ch0 'lttng_ust_cyg_profile:*' >/dev/null
lttng enable-event -u -c ch0 'lttng_ust_statedump:*' >/dev/null
lttng add-context -u -c ch0 -t vpid -t vtid -t procname >/dev/null
lttng start >/dev/null
LD_PRELOAD=liblttng-ust-cyg-profile.so.1 "$work/ust-demo" 12 >/dev/null
lttng stop >/dev/null
lttng destroy >/dev/null

rm -rf "$out"
mkdir -p "$out/trace" "$out/bin"
src=$(dirname "$(find "$work/trace" -name metadata | head -1)")
cp "$src"/metadata "$src"/ch0_* "$out/trace/"
cp "$work/ust-demo" "$work/libust-work.so" "$out/bin/"
entries=$(babeltrace2 "$out/trace" | grep -c 'func_entry')
exits=$(babeltrace2 "$out/trace" | grep -c 'func_exit')
bins=$(babeltrace2 "$out/trace" | grep -c 'statedump:bin_info')
echo "make-ust-sample: $entries func_entry, $exits func_exit, $bins bin_info events in $out/trace"
[[ "$entries" -gt 0 && "$entries" == "$exits" && "$bins" -gt 0 ]]
