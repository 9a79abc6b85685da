#!/usr/bin/env bash
# Checks that assembling the target platform fails loudly, naming the Debian package, when a
# package does not exist, lacks an expected bundle, or the mirror cannot be reached. Uses a
# private cache and package list; the real target platform is not touched.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

expect_failure() { # name, expected message fragment, list line, [mirror]
  local name="$1" expected="$2" line="$3" mirror="${4:-}"
  mkdir -p "$work/$name"
  cp "$here/fetch-debian-bundles.sh" "$work/$name/"
  echo "$line" > "$work/$name/debian-packages.txt"
  local output status
  output="$(FC_CACHE="$work/$name/cache" FC_DEBIAN_MIRROR="$mirror" timeout 300 bash "$work/$name/fetch-debian-bundles.sh" 2>&1)"
  status=$?
  if [[ $status -ne 0 && "$output" == *"$expected"* ]]; then
    echo "ok: $name"
    passed=$((passed + 1))
  else
    echo "FAILED: $name (exit $status, expected a failure mentioning \"$expected\"):" >&2
    echo "$output" >&2
    failed=$((failed + 1))
  fi
}

expect_failure missing-package "Debian package 'libdoes-not-exist-java'" \
  "bullseye libdoes-not-exist-java org.example.nothing"
expect_failure missing-bundle "does not provide bundle 'org.example.missing'" \
  "bullseye libeclipse-osgi-util-java org.eclipse.osgi.util org.example.missing"
expect_failure unreachable-mirror "libeclipse-osgi-util-java" \
  "bullseye libeclipse-osgi-util-java org.eclipse.osgi.util" "http://127.0.0.1:9/debian"

echo "target platform fetch: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
