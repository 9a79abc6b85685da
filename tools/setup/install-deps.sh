#!/usr/bin/env bash
# Installs the Debian packages a fresh machine lacks for building, testing and running
# Feature Compass. Idempotent: installs only what is missing. Needs root (or prints the command).
set -euo pipefail

# command-or-file : package
needed=(
  "java:openjdk-17-jdk-headless"
  "mvn:maven"
  "unzip:unzip"
  "xvfb-run:xvfb"
  "xauth:xauth"
  "/usr/lib/x86_64-linux-gnu/libgtk-3.so.0:libgtk-3-0"
  "babeltrace2:babeltrace2"
  "bpftrace:bpftrace"
  "perf:linux-perf"
  "bpftool:bpftool"
  "hyperfine:hyperfine"
  "gcc:gcc"
  "addr2line:binutils"
  "lttng:lttng-tools"
  "/usr/lib/x86_64-linux-gnu/liblttng-ust-cyg-profile.so.1:liblttng-ust1"
  "make:make"
  "python3:python3"
  "go:golang-go"
  "chromium:chromium"
  "ip:iproute2"
  "nsenter:util-linux"
  "/usr/include/x86_64-linux-gnu/sys/sdt.h:systemtap-sdt-dev"
  "/usr/share/keyrings/debian-archive-keyring.gpg:debian-archive-keyring"
  "/usr/lib/python3/dist-packages/venv/__init__.py:python3-venv"
)

missing=()
for entry in "${needed[@]}"; do
  what="${entry%%:*}"
  pkg="${entry##*:}"
  if [[ "$what" == /* ]]; then
    [[ -e "$what" ]] || missing+=("$pkg")
  else
    command -v "$what" >/dev/null 2>&1 || missing+=("$pkg")
  fi
done
# python3-venv: the interpreter may be a non-Debian one that has venv built in.
if [[ " ${missing[*]} " == *" python3-venv "* ]] && python3 -c 'import venv, ensurepip' 2>/dev/null; then
  missing=("${missing[@]/python3-venv/}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps: missing packages: ${missing[*]}" >&2
  echo "install-deps: run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq "${missing[@]}" >/dev/null
