#!/usr/bin/env bash
# Generates TypeScript from proto/quire/*.proto: buf (binary shipped in its npm package) drives ts-proto.
# Usage: generate.sh [BASE_DIR]   (writes BASE_DIR/src/gen; default: this folder)
set -euo pipefail
cd "$(dirname "$0")"
base="${1:-.}"
rm -rf "$base/src/gen"
npx --no-install buf generate --template buf.gen.yaml -o "$base" .
