#!/usr/bin/env bash
# Assembles the Directory location of the target platform from Debian packages:
# Trace Compass 6.2 and CDT from bullseye, Debian-only third-party bundles from bookworm.
#
# - Uses a private apt configuration (never the system's lists or status).
# - Takes the mirror URI from the machine's own apt sources, so no host is written here.
# - Idempotent: the result is cached under $FC_CACHE (default ~/.cache/featurecompass) and keyed
#   by a hash of debian-packages.txt; a second run with the same list does nothing.
# - Checks every expected bundle symbolic name; fails naming the package that should provide it.
#
# Output: $FC_CACHE/debian-target/plugins (referenced by org.featurecompass.target.target).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
list="$here/debian-packages.txt"
cache="${FC_CACHE:-$HOME/.cache/featurecompass}"
out="$cache/debian-target"
key="$(sha256sum "$list" | cut -c1-16)"

fail() { echo "fetch-debian-bundles: ERROR: $*" >&2; exit 1; }

if [[ -f "$out/.complete" && "$(cat "$out/.complete")" == "$key" ]]; then
  exit 0
fi

command -v apt-get >/dev/null || fail "apt-get is required (a Debian-based machine)"
command -v dpkg >/dev/null || fail "dpkg is required (a Debian-based machine)"
command -v unzip >/dev/null || fail "unzip is required (apt-get install unzip)"

# The mirror of the machine's own Debian sources (deb822 or one-line format), security excluded.
# FC_DEBIAN_MIRROR overrides it (used by test-fetch-failures.sh to simulate an unreachable mirror).
mirror="${FC_DEBIAN_MIRROR:-}"
for f in /etc/apt/sources.list.d/*.sources; do
  [[ -z "$mirror" && -f "$f" ]] || continue
  mirror="$(awk '/^URIs:/ {for (i = 2; i <= NF; i++) print $i}' "$f" | grep -v -- '-security' | head -n 1 || true)"
  [[ -n "$mirror" ]] && break
done
if [[ -z "$mirror" && -f /etc/apt/sources.list ]]; then
  mirror="$(awk '$1 == "deb" {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; break}}' /etc/apt/sources.list \
    | grep -v -- '-security' | head -n 1 || true)"
fi
[[ -n "$mirror" ]] || fail "no Debian mirror found in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list"

keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[[ -f "$keyring" ]] || fail "$keyring is missing (apt-get install debian-archive-keyring)"

apt_dir="$cache/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/debs"
cat > "$apt_dir/sources.list" <<EOF
deb [signed-by=$keyring] $mirror bullseye main
deb [signed-by=$keyring] $mirror bookworm main
EOF
touch "$apt_dir/status"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "Dir::State::status=$apt_dir/status"
  -o APT::Sandbox::User=root -o Debug::NoLocking=1)

echo "fetch-debian-bundles: updating a private package index (bullseye, bookworm)" >&2
packages="$(awk '!/^#/ && NF {print $2}' "$list" | paste -sd, -)"
apt-get -q "${apt_opts[@]}" update >"$apt_dir/update.log" 2>&1 \
  || fail "cannot update the package index from $mirror, so these Debian packages cannot be fetched: $packages; see $apt_dir/update.log"

staging="$(mktemp -d "$cache/staging.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
mkdir -p "$staging/plugins" "$staging/x"

while read -r suite pkg bsns; do
  [[ -z "$suite" || "$suite" == \#* ]] && continue
  deb="$(ls "$apt_dir/debs/${pkg}"_*.deb 2>/dev/null | head -n 1 || true)"
  if [[ -z "$deb" || "$(cat "$apt_dir/debs/$pkg.suite" 2>/dev/null)" != "$suite" ]]; then
    rm -f "$apt_dir/debs/${pkg}"_*.deb
    echo "fetch-debian-bundles: downloading $pkg ($suite)" >&2
    (cd "$apt_dir/debs" && apt-get -q "${apt_opts[@]}" download "$pkg/$suite" >"$apt_dir/download-$pkg.log" 2>&1) \
      || fail "could not download Debian package '$pkg' from suite '$suite'; see $apt_dir/download-$pkg.log"
    echo "$suite" > "$apt_dir/debs/$pkg.suite"
    deb="$(ls "$apt_dir/debs/${pkg}"_*.deb | head -n 1)"
  fi
  rm -rf "$staging/x" && mkdir -p "$staging/x"
  dpkg -x "$deb" "$staging/x" || fail "could not unpack Debian package '$pkg' ($deb)"

  # Index every bundle in the package (jar files and folder bundles) by symbolic name.
  declare -A found=()
  while IFS= read -r -d '' candidate; do
    if [[ -d "$candidate" ]]; then
      manifest="$(cat "$candidate/META-INF/MANIFEST.MF" 2>/dev/null || true)"
    else
      manifest="$(unzip -p "$candidate" META-INF/MANIFEST.MF 2>/dev/null || true)"
    fi
    bsn="$(printf '%s\n' "$manifest" | tr -d '\r' | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n //g' \
      | sed -n 's/^Bundle-SymbolicName: *\([^;]*\).*/\1/p' | head -n 1)"
    [[ -n "$bsn" && -z "${found[$bsn]:-}" ]] && found[$bsn]="$candidate"
  done < <(find "$staging/x" \( -name '*.jar' -type f -o -type d -path '*/plugins/*' -prune \) -print0)

  for bsn in $bsns; do
    src="${found[$bsn]:-}"
    [[ -n "$src" ]] || fail "Debian package '$pkg' ($suite) does not provide bundle '$bsn'"
    if [[ -d "$src" ]]; then
      cp -r "$src" "$staging/plugins/$bsn"
    else
      cp "$src" "$staging/plugins/$bsn.jar"
    fi
  done
  unset found
done < "$list"

rm -rf "$out"
mkdir -p "$out"
mv "$staging/plugins" "$out/plugins"
echo "$key" > "$out/.complete"
echo "fetch-debian-bundles: $(ls "$out/plugins" | wc -l) bundles in $out/plugins" >&2
