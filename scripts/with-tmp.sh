#!/usr/bin/env bash
# Runs a command with a temp folder of its own under target/, removed afterwards whatever the outcome.
# The browsers' drivers leave their profiles behind when a test runner stops them without ending the session:
# ChromeDriver's was about 93 MB for each browser test binary, left in /tmp by every run (14 GB had gathered on
# one machine). Here they go with the command.
#   scripts/with-tmp.sh wasm-pack test --headless --chrome ...
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)/target/run-tmp"
dir="$root/$(basename "$1").$$"
mkdir -p "$dir"
trap 'rm -rf "$dir"; rmdir "$root" 2>/dev/null || true' EXIT
TMPDIR="$dir" "$@"
