#!/usr/bin/env bash
# The project's test command: set-up, the web build, the native build, every
# test. Exits non-zero on the first failure.
#
#   tools/test.sh
#
# The web build (build/web) comes first: the native determinism test runs its
# arcade.js under node and fails if it is missing. Then the native Release
# build (build/native-release) and ctest over both. Both builds include the
# app (ARCADE_BUILD_APP=ON: after set-up a missing library is an error, not a
# silently skipped app); the web build also assembles the site, build/web/site.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
# step NAME COMMAND...: runs the command and reports how long it took.
step() {
  local name=$1 start=$SECONDS
  shift
  echo "== $name: $*"
  "$@"
  timings+=("$(printf '%-20s %4ds' "$name" $((SECONDS - start)))")
  echo "== $name: done in $((SECONDS - start))s"
}

step "setup" bash tools/setup.sh
step "configure web" cmake --preset web -DARCADE_BUILD_APP=ON
step "build web" cmake --build --preset web
step "configure release" cmake --preset release -DARCADE_BUILD_APP=ON
step "build release" cmake --build --preset release
step "test web" ctest --preset web --output-on-failure
step "test release" ctest --preset release --output-on-failure -j2

echo "== timings"
printf '%s\n' "${timings[@]}"
echo "== all tests passed"
