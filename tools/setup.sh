#!/usr/bin/env bash
# Installs what Minimax Arcade needs on Debian/Ubuntu, and only what is missing:
# a second run checks and returns in a second or two.
#
#   tools/setup.sh            native + web toolchains (what the tests need)
#
# Emscripten comes from Debian's package unless EMSDK or EMCC points elsewhere
# (emsdk users keep their own emcc; see emscripten.cmake).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

install_packages() {
  local missing
  missing=$(missing_packages "$@")
  [ -z "$missing" ] && return 0
  echo "setup: installing $(echo $missing | tr '\n' ' ')"
  if [ -z "${SETUP_APT_UPDATED:-}" ]; then
    as_root apt-get update -qq
    SETUP_APT_UPDATED=1
  fi
  # shellcheck disable=SC2086
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
}

native_packages=(g++ cmake ninja-build pkg-config libgtest-dev libgmock-dev libbenchmark-dev python3 nodejs)
web_packages=(emscripten node-acorn)

install_packages "${native_packages[@]}"
if [ -z "${EMSDK:-}" ] && ! command -v emcc >/dev/null 2>&1; then
  install_packages "${web_packages[@]}"
elif [ -z "${EMSDK:-}" ]; then
  install_packages "${web_packages[@]}"
fi
echo "setup: ok ($here)"
