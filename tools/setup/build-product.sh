#!/usr/bin/env bash
# Builds the product (Trace Compass + Feature Compass, tests skipped) when a source of a bundle,
# feature or releng module is newer than the last built product archive; prints the product's
# folder. Used by ./run.sh and ./featurecompass.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
product="$root/releng/org.featurecompass.product/target/products/org.featurecompass.product/linux/gtk/x86_64/featurecompass"
# The product archive is the build's last output: rebuild when a source is newer than it.
archive="$root/releng/org.featurecompass.product/target/products/org.featurecompass.product-linux.gtk.x86_64.tar.gz"
if [[ ! -f "$archive" ]] || [[ -n "$(find "$root/bundles" "$root/features" "$root/releng" -newer "$archive" \
    -not -path '*/target/*' -type f -print -quit)" ]]; then
  echo "build-product: building the product (tests skipped; ./test.sh runs them)" >&2
  "$root/mvnw" -B -q -DskipTests verify >&2
fi
[[ -d "$product" ]] || { echo "build-product: product not found at $product" >&2; exit 1; }
echo "$product"
