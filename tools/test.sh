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
#
# Then the same code under clang's sanitizers (cmake/sanitizers.cmake; every
# report fails its test, so the step fails), each in its own build without
# the benchmarks:
#  - asan (build/asan): AddressSanitizer and UndefinedBehaviorSanitizer over
#    the whole native suite with the app (its tests under SDL's offscreen
#    driver, and app_monkey: 20,000 seeded actions on the real App,
#    tests/app_monkey.cpp), GoogleTest and the command-line tests, except
#    protocol_stress: its 10,000 `game` lines each make a session with a
#    16 MB table, about 70 ms under ASan here (12 minutes in all, beyond its
#    10-minute limit; the release build runs it in well under a minute), so
#    it runs in the release build only; and under ARCADE_SANITIZED the
#    book's single-bit flips take 8 entries of a fixed-seed sample, not the
#    release build's 40 (four minutes under ASan);
#  - tsan (build/tsan): ThreadSanitizer over the threaded tests (every
#    Protocol* suite, the background ones among them, and EngineClient*),
#    one at a time: their timing checks (stop answers within a second) are
#    fair on a loaded machine only when they do not share the two cores;
#    its arcade_tests holds only the test files with those tests
#    (tests/CMakeLists.txt), which halves its build;
#  - fuzz (build/fuzz): each libFuzzer target of tests/fuzz for 15 s from its
#    committed seeds (copied, never changed), printing its number of runs;
#    two at a time, each on its own core (a fuzzer is one thread).
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
step "configure asan" cmake --preset asan
step "build asan" cmake --build --preset asan
step "test asan" ctest --preset asan --output-on-failure -j2
step "configure tsan" cmake --preset tsan
step "build tsan" cmake --build --preset tsan
step "test tsan" ctest --preset tsan --output-on-failure
step "configure fuzz" cmake --preset fuzz
step "build fuzz" cmake --build --preset fuzz
step "test fuzz" ctest --preset fuzz -j2

echo "== timings"
printf '%s\n' "${timings[@]}"
echo "== all tests passed"
