#!/usr/bin/env bash
# Prints every file of a release bundle with its raw and gzip -9 size and the size of its brotli copy (X.br,
# written by scripts/compress.mjs; "-" when there is none), and the wasm + js + css totals. The budget figure is
# the gzip -9 total; the brotli total (what a host serving the .br copies sends) is printed beside it. The
# precompressed copies themselves (.br, .gz) are not listed and not counted.
# The service worker (sw.js) is not in the total: the page registers it after it has loaded, so it is not
# part of what the first screen waits for; its size is printed on its own line.
# The total (and the budget) is the first load: the wasm modules fetched on demand (split_*.wasm and chunk_*.wasm,
# cut off by scripts/split.mjs) are not in it; they are printed on their own line, and the total with them on
# another. Their loader (__wasm_split-*.js) is in the first load: the app's script imports it.
#   scripts/size-report.sh DIST                  sizes only
#   scripts/size-report.sh DIST BUDGET GOAL      also fails when the total exceeds BUDGET bytes, and
#                                                says how far it is from GOAL bytes (1 KB = 1000 B)
set -euo pipefail
dir=${1:-dist}
budget=${2:-}
goal=${3:-}
[ -d "$dir" ] || { echo "no $dir/ folder: run 'make dist' first" >&2; exit 1; }
kb() { printf '%d.%d KB' $(($1 / 1000)) $(($1 % 1000 / 100)); }
total=0
sw=
# The modules fetched on demand (gzip -9), and their brotli copies.
later=0
later_br=0
# The explorer's worker (gzip -9), and its brotli copies.
worker=0
worker_br=0
# The brotli total, and how many of its files had no .br (counted at their raw size, as a host would send them).
br_total=0
br_missing=0
printf '%-48s %10s %10s %10s\n' "file" "raw B" "gzip-9 B" "brotli B"
while IFS= read -r file; do
  raw=$(wc -c <"$file")
  gz=$(gzip -9 -c "$file" | wc -c)
  if [ -f "$file.br" ]; then br=$(wc -c <"$file.br"); else br=-; fi
  printf '%-48s %10d %10d %10s\n' "${file#"$dir"/}" "$raw" "$gz" "$br"
  case "$file" in
    */sw.js) sw=$gz ;;
    */explore-worker-*.js|*/explore-worker-*.wasm)
      worker=$((worker + gz))
      if [ "$br" = - ]; then worker_br=$((worker_br + raw)); else worker_br=$((worker_br + br)); fi
      ;;
    */split_*.wasm|*/chunk_*.wasm)
      later=$((later + gz))
      if [ "$br" = - ]; then later_br=$((later_br + raw)); else later_br=$((later_br + br)); fi
      ;;
    *.wasm|*.js|*.css)
      total=$((total + gz))
      if [ "$br" = - ]; then br_missing=$((br_missing + 1)); br_total=$((br_total + raw)); else br_total=$((br_total + br)); fi
      ;;
  esac
done < <(find "$dir" -type f ! -name '*.br' ! -name '*.gz' | sort)
printf '%-48s %10s %10d  (%s)\n' "first load: wasm + js + css, gzip -9" "" "$total" "$(kb "$total")"
note="  ($(kb "$br_total")"
[ "$br_missing" -eq 0 ] || note="$note; $br_missing file(s) without a .br counted at their raw size"
note="$note)"
printf '%-48s %10s %10s %10d%s\n' "first load: wasm + js + css, brotli (.br copies)" "" "" "$br_total" "$note"
if [ "$later" -gt 0 ]; then
  printf '%-48s %10s %10d %10d  (%s)\n' "on demand: split modules, gzip -9 / brotli" "" "$later" "$later_br" "$(kb "$later")"
  printf '%-48s %10s %10d %10d  (%s)\n' "first load + on demand, gzip -9 / brotli" "" "$((total + later))" \
    "$((br_total + later_br))" "$(kb $((total + later)))"
fi
[ "$worker" -eq 0 ] ||
  printf '%-48s %10s %10d %10d  (%s)\n' "explorer's worker (a search), gzip -9 / brotli" "" "$worker" "$worker_br" "$(kb "$worker")"
[ -z "$sw" ] || printf '%-48s %10s %10d  (%s)\n' "service worker sw.js (after load), gzip -9" "" "$sw" "$(kb "$sw")"
[ -n "$budget" ] || exit 0
# A str slice or a str pattern search on the wasm's paths brings back the panic that prints a char with {:?},
# and with it Unicode's tables: about 5 KB gzip (see src/catalog/text.rs). Its message is the telltale.
telltale=${SIZE_TELLTALE:-is not a char boundary}
for wasm in "$dir"/*.wasm; do
  if grep -q -a -F "$telltale" "$wasm"; then
    echo "size: FAILED: ${wasm#"$dir"/} contains \"$telltale\": a str slice or str pattern search" \
      "reached the wasm (about +5 KB gzip); use catalog::find / catalog::replaced and str::get" >&2
    exit 1
  fi
done
if [ "$total" -gt "$budget" ]; then
  echo "size: FAILED: $(kb "$total") is over the budget of $(kb "$budget") by $(kb $((total - budget)))" \
    "(SIZE_BUDGET in the Makefile)" >&2
  exit 1
fi
line="size: $(kb "$total") within the budget of $(kb "$budget") ($(kb $((budget - total))) left)"
if [ -n "$goal" ] && [ "$total" -gt "$goal" ]; then
  line="$line; the goal is $(kb "$goal"), $(kb $((total - goal))) to go"
fi
echo "$line"
