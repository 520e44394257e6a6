#!/usr/bin/env bash
# Fails when proto/src/gen differs from what the .proto files generate now.
set -euo pipefail
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bash generate.sh "$tmp"
if ! diff -r src/gen "$tmp/src/gen" >/dev/null; then
  echo "proto: generated code is stale; run 'npm run proto:gen' and commit proto/src/gen" >&2
  diff -r src/gen "$tmp/src/gen" | head -20 >&2
  exit 1
fi
echo "proto: generated code is up to date"
