#!/usr/bin/env bash
# docs/figures.md's solver table: `arcade bench connect4 FILE` for each file of
# ../shared/data/connect4, natively and in WebAssembly under node, one right
# after the other, with nodes per second and the wasm/native ratio of the
# same run. Needs both builds (tools/test.sh, or the release and web presets).
#   tools/bench_connect4.sh [--all] [DATA_DIR]
# c4_opening_R3 (minutes a position for the solver alone, about an hour in
# all) runs only with --all.
set -euo pipefail
cd "$(dirname "$0")/.."

all=false
if [[ "${1:-}" == "--all" ]]; then
  all=true
  shift
fi
data="${1:-../shared/data/connect4}"
native=build/native-release/src/arcade
wasm=build/web/src/arcade.js
for tool in "$native" "$wasm"; do
  [[ -f "$tool" ]] || { echo "missing $tool: build first (tools/test.sh)" >&2; exit 2; }
done

field() { # the value after word $2 in the summary line $1
  awk -v key="$2" '{ for (i = 1; i < NF; ++i) if ($i == key) print $(i + 1) }' <<<"$1"
}

echo "| file | positions | mismatches | native mean_us | wasm mean_us | mean_nodes | native M nodes/s | wasm M nodes/s | wasm/native |"
echo "|---|---|---|---|---|---|---|---|---|"
for file in "$data"/c4_L3_R1.txt "$data"/c4_L2_R1.txt "$data"/c4_L2_R2.txt "$data"/c4_L1_R1.txt \
            "$data"/c4_L1_R2.txt "$data"/c4_L1_R3.txt "$data"/c4_opening_R3.txt; do
  [[ -f "$file" ]] || continue
  if [[ "$file" == *opening_R3* && "$all" == false ]]; then
    echo "| $(basename "$file" .txt) | (not run: use --all) | | | | | | | |"
    continue
  fi
  n=$("$native" bench connect4 "$file" | tail -1)
  w=$(node "$wasm" bench connect4 "$file" | tail -1)
  n_us=$(field "$n" mean_us) w_us=$(field "$w" mean_us) nodes=$(field "$n" mean_nodes)
  mismatches=$(( $(field "$n" mismatches) + $(field "$w" mismatches) ))
  awk -v f="$(basename "$file" .txt)" -v p="$(field "$n" positions)" -v m="$mismatches" \
      -v nu="$n_us" -v wu="$w_us" -v k="$nodes" 'BEGIN {
    nn = nu > 0 ? k / nu : 0; wn = wu > 0 ? k / wu : 0
    printf "| %s | %d | %d | %d | %d | %d | %.1f | %.1f | %s |\n", f, p, m, nu, wu, k, nn, wn,
           (nu > 0 && wu > 0) ? sprintf("%.2f", nu / wu) : "-"
  }'
done
