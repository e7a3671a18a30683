#!/usr/bin/env bash
# Our exact endgame solver beside Edax's, in one run: for ROUNDS rounds, Edax
# (`-solve FILE -n 1 -l 60`, one thread, exact search), then `arcade bench
# reversi FILE` natively and in WebAssembly under node, in turn; prints each
# run's total solve time (wall and processor) and nodes, then each tool's
# medians and its nodes per processor second (the processor time is the
# fairer figure on a machine shared with other work; under node std::clock
# counts wall time, so there both are the wall time). Edax is built outside the repository (never copied in):
#   git clone https://github.com/abulmo/edax-reversi /tmp/edax
#   cd /tmp/edax/src && make build CC=gcc ARCH=x86-64 OS=linux   # -> ../bin/lEdax-x86-64
# with a blank evaluation (its learned one is not in its repository):
#   python3 -c "import struct; open('/tmp/edax/eval.dat','wb').write(struct.pack('<iiiiid',
#     0x45444158, 0x4556414c, 4, 4, 0, 0.0) + bytes(61 * 114364 * 2))"
# Our time is the solve of each position alone (the bench's `ms` and
# `cpu_ms`), the figures Edax prints; the bench then also scores the listed
# moves, which is not counted.
#   tools/reversi_vs_edax.sh EDAX EVAL_FILE FILE [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
edax=$1 eval_file=$2 file=$3 rounds=${4:-3}
native=build/native-release/src/arcade
wasm=build/web/src/arcade.js

field() { # the value after word $2 in the line $1
  awk -v key="$2" '{ for (i = 1; i < NF; ++i) if ($i == key) print $(i + 1) }' <<<"$1"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

to_seconds() { awk '{ n = split($1, t, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + t[i]; print s }'; }

run_edax() { # "<wall s> <cpu s> <nodes>"
  local line
  line=$("$edax" -solve "$file" -n 1 -l 60 -eval-file "$eval_file" 2>/dev/null | grep ' nodes in ')
  local nodes wall cpu
  nodes=$(awk '{ for (i = 1; i < NF; ++i) if ($i == "nodes") { print $(i - 1); exit } }' <<<"$line")
  wall=$(awk '{ for (i = 1; i < NF; ++i) if ($i == "in") print $(i + 1) }' <<<"$line" | to_seconds)
  cpu=$(sed 's/.*cpu = *\([0-9:.]*\).*/\1/' <<<"$line" | to_seconds)
  echo "$wall $cpu $nodes"
}
run_ours() { # "<wall s> <cpu s> <nodes>"; $1.. the command
  local line
  line=$("$@" bench reversi "$file" | grep '^bench ')
  [[ "$(field "$line" mismatches)" == 0 ]] || { echo "mismatch: $line" >&2; exit 1; }
  awk -v ms="$(field "$line" ms)" -v cpu="$(field "$line" cpu_ms)" -v n="$(field "$line" nodes)" \
    'BEGIN { print ms / 1000, cpu / 1000, n }'
}

times=$(mktemp)
for ((r = 1; r <= rounds; ++r)); do
  echo "edax $(run_edax)" | tee -a "$times"
  echo "native $(run_ours "$native")" | tee -a "$times"
  echo "wasm $(run_ours node "$wasm")" | tee -a "$times"
done
for tool in edax native wasm; do
  wall=$(awk -v t=$tool '$1 == t { print $2 }' "$times" | median)
  cpu=$(awk -v t=$tool '$1 == t { print $3 }' "$times" | median)
  n=$(awk -v t=$tool '$1 == t { print $4 }' "$times" | head -1)
  awk -v t=$tool -v w="$wall" -v c="$cpu" -v n="$n" 'BEGIN {
    printf "%s median_wall_s %.2f median_cpu_s %.2f nodes %d M_nodes_per_cpu_s %.1f\n", t, w, c, n, n / c / 1e6 }'
done
