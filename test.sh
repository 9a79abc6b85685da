#!/usr/bin/env bash
# Runs every test of Feature Compass: unit tests, Trace Compass integration tests inside OSGi and
# UI tests in the workbench (under Xvfb when there is no display). Installs what a fresh machine
# lacks, assembles the target platform, and builds the update site and product on the way.
# Usage: ./test.sh [extra Maven arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$root/tools/setup/install-deps.sh"
cmd=("$root/mvnw" -B verify "$@")
if [[ -z "${DISPLAY:-}" ]]; then
  cmd=(xvfb-run -a -s "-screen 0 1600x1000x24" "${cmd[@]}")
fi
"${cmd[@]}"
