#!/usr/bin/env bash
# The app's timing figures, as a benchmark rather than as tests: the browser
# tests that measure time, run at full length (ARCADE_BENCH=1: more samples,
# whole data files; the ponder test's five thoughts of 5 s a game), each
# printing its FIGURE lines beside their goals. In CTest the same tests
# measure less and fail only beyond ten times a goal (tests/e2e/lib.mjs,
# timingFigure), since a busy machine moves every figure; here a goal missed
# is reported, not failed. Run it on a quiet machine.
#
#   tools/bench_app.sh [NAME...]
#
# NAME: any of player app ponder perfect analysis pacman reversi worker (all
# by default), or solve:GAME, which times `solve` on GAME's start natively
# and in the browser (not among the defaults: a large solve takes minutes). Uses the web build's site and worker (build/web) and the
# native tool (build/native-release/src/arcade): build them first
# (tools/test.sh, or cmake --build --preset web and --preset release).
# Each run's whole output goes to build/web/bench/NAME.log; the summary at
# the end lists every FIGURE line, and the exit status is non-zero if a run
# failed (a behaviour check or a sanity bound). About 13 minutes in all.
set -euo pipefail
cd "$(dirname "$0")/.."

site=build/web/site
cli=build/native-release/src/arcade
data=../shared/data/connect4
out=build/web/bench
all=(player app ponder perfect analysis pacman reversi worker)

for need in "$site/index.html" "$cli" build/web/src/worker/engine_worker.js; do
  if [[ ! -e $need ]]; then
    echo "bench_app: $need is missing: build the web and release presets first" >&2
    exit 2
  fi
done

# The command of each benchmark: the test file and its arguments.
command_of() {
  local e2e=tests/e2e art=$out/artifacts
  case $1 in
    player) echo node $e2e/player_test.mjs $site $art ;;
    app) echo node $e2e/app_test.mjs $site $art ;;
    ponder) echo node $e2e/ponder_app_test.mjs $site $cli ;;
    perfect) echo node $e2e/perfect_positions_test.mjs $site $data/c4_opening_R3.txt $cli ;;
    analysis) echo node $e2e/analysis_workers_test.mjs $site $data/c4_L1_R2.txt $cli ;;
    pacman) echo node $e2e/pacman_play_test.mjs $site $art ;;
    reversi) echo node $e2e/reversi_top_level_test.mjs $site $art $cli ;;
    worker) echo node $e2e/worker_test.mjs build/web/src/worker build/web/tests ;;
    solve:?*) echo node $e2e/solve_bench.mjs build/web/src/worker build/web/tests $cli "${1#solve:}" ;;
    *) return 1 ;;
  esac
}

names=("$@")
[[ ${#names[@]} -eq 0 ]] && names=("${all[@]}")
for name in "${names[@]}"; do
  if ! command_of "$name" >/dev/null; then
    echo "bench_app: unknown benchmark '$name' (known: ${all[*]} solve:GAME)" >&2
    exit 2
  fi
done

mkdir -p "$out/artifacts"
failed=()
logs=()
for name in "${names[@]}"; do
  logs+=("$out/$name.log")
  read -ra command <<<"$(command_of "$name")"
  echo "== $name: ${command[*]}"
  start=$SECONDS
  if ! ARCADE_BENCH=1 "${command[@]}" >"$out/$name.log" 2>&1; then
    failed+=("$name")
    echo "== $name: FAILED (see $out/$name.log)"
  fi
  grep -h 'FIGURE' "$out/$name.log" | sed 's/^ *//' || true
  echo "== $name: $((SECONDS - start)) s"
done

echo "== figures"
for name in "${names[@]}"; do grep -h 'FIGURE' "$out/$name.log" | sed "s/^ */$name: /" || true; done
missed=$(cat "${logs[@]}" | grep -c 'FIGURE.*: missed)' || true)
echo "== goals missed: $missed"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "== failed: ${failed[*]}"
  exit 1
fi
