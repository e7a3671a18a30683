#!/usr/bin/env bash
# Installs what Minimax Arcade needs on Debian or Ubuntu, and only what is
# missing: a second run runs no apt-get and returns in a fraction of a second.
#
#   tools/setup.sh
#
# Native: g++, CMake, Ninja, GoogleTest/GoogleMock, Google Benchmark, node.
# Web: Debian's Emscripten (emcc 3.1.6) and node-acorn, which emcc's
# optimizer needs; skipped when emsdk is active (EMSDK set), whose emcc
# emscripten.cmake then finds. Runs apt-get as root, through sudo otherwise.
set -euo pipefail

# "package command": a tool counts as present when its command is on PATH,
# however it was installed (nvm's node, a pip cmake); a library only when
# dpkg has it.
wanted=(
  "g++ g++"
  "cmake cmake"
  "ninja-build ninja"
  "libgtest-dev"
  "libgmock-dev"
  "libbenchmark-dev"
  "nodejs node"
)
if [ -z "${EMSDK:-}" ]; then
  wanted+=("emscripten" "node-acorn")
fi

is_present() {
  local package=$1 command=${2:-}
  if [ -n "$command" ] && command -v "$command" >/dev/null 2>&1; then return 0; fi
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"
}

missing=()
for entry in "${wanted[@]}"; do
  # shellcheck disable=SC2086  # entry is "package [command]"
  is_present $entry || missing+=("${entry%% *}")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: everything is installed"
  exit 0
fi

echo "setup: installing ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: no apt-get here; install these yourself: ${missing[*]}" >&2
  exit 1
fi
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "setup: not root and no sudo; as root run: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  as_root=(sudo)
fi
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
