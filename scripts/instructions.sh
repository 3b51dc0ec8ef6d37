#!/usr/bin/env bash
# `make instructions`: the speed benchmarks' workloads counted in instructions (callgrind), which do not vary with the
# machine's day as the benchmarks' times do (README, "Speed (issue 52)"). Each workload runs once with no reps (the
# process and its set-up) and once with reps; the difference over the units gone through is the cost of one unit.
# Not part of `make test`: it needs valgrind (Debian: `apt install valgrind`) and about 20 seconds after the build.
set -euo pipefail

if ! command -v valgrind >/dev/null; then
  echo "make instructions needs valgrind (Debian: apt install valgrind); nothing was measured" >&2
  exit 2
fi
cargo build --quiet --profile bench --example workload
bin="${CARGO_TARGET_DIR:-target}/release/examples/workload"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Prints "<instructions> <units>" for workload $1 run $2 times.
count() {
  local out="$scratch/out" err="$scratch/err"
  valgrind --tool=callgrind --callgrind-out-file="$scratch/cg" "$bin" "$1" "$2" >"$out" 2>"$err" || {
    cat "$err" >&2
    echo "workload $1 failed under valgrind" >&2
    exit 1
  }
  local collected units
  collected="$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$err")"
  units="$(sed -n 's/^units \([0-9]*\)$/\1/p' "$out")"
  if [[ -z "$collected" || -z "$units" ]]; then
    echo "could not read the count of workload $1 (valgrind's output changed?)" >&2
    exit 1
  fi
  echo "$collected $units"
}

printf '%-18s %5s %14s %10s  %s\n' workload reps instructions units "instructions per unit"
# name, reps, unit
for spec in "leader-change 1 schedule" "last-item-off 1 schedule" "last-item-on 1 schedule" \
  "busy-hour 1 event" "document 1000 run" "document-verdict 1000 run"; do
  read -r name reps unit <<<"$spec"
  read -r base _ < <(count "$name" 0)
  read -r total units < <(count "$name" "$reps")
  spent=$((total - base))
  printf '%-18s %5d %14d %10d  %d per %s\n' "$name" "$reps" "$spent" "$units" $((spent / units)) "$unit"
done
