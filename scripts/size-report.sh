#!/usr/bin/env bash
# Prints every file of a release bundle with its raw and gzip -9 size, and the wasm + js + css total.
set -euo pipefail
dir=${1:-dist}
[ -d "$dir" ] || { echo "no $dir/ folder: run 'make dist' first" >&2; exit 1; }
total=0
printf '%-48s %10s %10s\n' "file" "raw B" "gzip-9 B"
while IFS= read -r file; do
  raw=$(wc -c <"$file")
  gz=$(gzip -9 -c "$file" | wc -c)
  printf '%-48s %10d %10d\n' "${file#"$dir"/}" "$raw" "$gz"
  case "$file" in *.wasm|*.js|*.css) total=$((total + gz)) ;; esac
done < <(find "$dir" -type f | sort)
printf '%-48s %10s %10d  (%d.%d KB)\n' "wasm + js + css, gzip -9" "" "$total" $((total / 1000)) $((total % 1000 / 100))
