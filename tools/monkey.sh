#!/usr/bin/env bash
# The seeded monkey for as long as you like: the real app driven by random
# actions from every control a player has, under AddressSanitizer and
# UndefinedBehaviorSanitizer (the asan preset's build/asan), its invariants
# checked after every action (tests/app_monkey.cpp).
#
#   tools/monkey.sh [SEED [ACTIONS]]      (defaults: a seed from the clock, 100000)
#
# MONKEY_PRESET=release runs the release build instead (faster, no
# sanitizer). A failure prints the seed and the actions that led to it (all
# of them in monkey-SEED.actions, in the current folder); run the same seed
# and count again to reproduce it. Run tools/setup.sh first on a new machine.
set -euo pipefail
cd "$(dirname "$0")/.."

case ${1:-} in
  -h | --help)
    sed -n '2,12s/^# \{0,1\}//p' "$0"
    exit 0
    ;;
esac
seed=${1:-$(date +%s)}
actions=${2:-100000}
preset=${MONKEY_PRESET:-asan}
if ! [[ $seed =~ ^[0-9]+$ && $actions =~ ^[0-9]+$ ]]; then
  echo "monkey: SEED and ACTIONS are whole numbers (try --help)" >&2
  exit 2
fi
case $preset in
  asan) build=build/asan ;;
  release) build=build/native-release ;;
  *)
    echo "monkey: MONKEY_PRESET is asan or release, not '$preset'" >&2
    exit 2
    ;;
esac

[ -f "$build/build.ninja" ] || cmake --preset "$preset" -DARCADE_BUILD_APP=ON
cmake --build "$build" --target arcade_monkey
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
exec "$build/tests/arcade_monkey" "$seed" "$actions"
