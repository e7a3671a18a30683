#!/usr/bin/env bash
# Installs what Minimax Arcade needs on Debian or Ubuntu, and only what is
# missing: a second run runs no apt-get, no npm and no build, and returns in
# about a second.
#
#   tools/setup.sh
#
# Steps, each skipped when its result is already there:
#   1. apt packages. Engine: g++, CMake, Ninja, GoogleTest/GoogleMock, Google
#      Benchmark, node. Sanitizers and fuzzers (the asan, tsan and fuzz
#      presets): clang 14 with its runtimes (libclang-rt-14-dev). Web:
#      Debian's Emscripten (emcc 3.1.6) and node-acorn, which emcc's
#      optimizer needs (both skipped when emsdk is active, EMSDK set). App:
#      SDL2, OpenGL ES/EGL headers and Mesa (which also runs the app without
#      a display, SDL_VIDEODRIVER=offscreen), python3 (serves the site),
#      the Inter typeface (fonts-inter) and fontTools (python3-fonttools),
#      which cuts it down to the characters the app writes.
#      Browser tests: Chromium, npm.
#   2. npm packages of package.json (playwright-core, which drives Chromium).
#   3. Sources of Dear ImGui and SDL2 from Debian's source packages (deb-src),
#      unpacked in the cache directory, outside the repository: we compile
#      ImGui into the app, and SDL2 for WebAssembly.
#   4. SDL2 built for WebAssembly (about 3.5 minutes, once per machine) and
#      installed in the cache directory.
#
# The cache directory is $ARCADE_CACHE_DIR, by default
# ${XDG_CACHE_HOME:-$HOME/.cache}/minimax-arcade; CMake looks there too
# (cmake/app_deps.cmake). Runs apt-get as root, through sudo otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
repo_dir=$PWD

cache_dir=${ARCADE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/minimax-arcade}
imgui_dir=$cache_dir/imgui
sdl2_src_dir=$cache_dir/sdl2
sdl2_wasm_dir=$cache_dir/sdl2-wasm
deb_src_list=/etc/apt/sources.list.d/minimax-arcade-src.sources

log() { echo "setup: $*"; }

# as_root COMMAND...: runs a command as root, through sudo when needed.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "setup: not root and no sudo; as root run: $*" >&2
    exit 1
  fi
}

apt_updated=false
apt_update_once() {
  if ! $apt_updated; then
    as_root apt-get update -qq
    apt_updated=true
  fi
}

have_apt() { command -v apt-get >/dev/null 2>&1; }

# --- 1. apt packages ---------------------------------------------------------

# "package [command]": a tool counts as present when its command is on PATH,
# however it was installed (nvm's node, a pip cmake); a library only when
# dpkg has it.
wanted_packages() {
  printf '%s\n' "g++ g++" "cmake cmake" "ninja-build ninja" "libgtest-dev" "libgmock-dev" \
    "libbenchmark-dev" "nodejs node" "npm npm" "python3 python3" "xz-utils xz" \
    "libsdl2-dev" "libgles-dev" "libegl-dev" "libgl-dev" "libegl-mesa0" "libgl1-mesa-dri" \
    "chromium chromium" "glslang-tools glslangValidator" "clang clang++" "libclang-rt-14-dev" \
    "fonts-inter" "python3-fonttools"
  if [ -z "${EMSDK:-}" ]; then
    printf '%s\n' "emscripten emcc" "node-acorn"
  fi
}

is_present() {
  local package=$1 command=${2:-}
  if [ -n "$command" ] && command -v "$command" >/dev/null 2>&1; then return 0; fi
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"
}

install_packages() {
  local missing=() entry
  while read -r entry; do
    # shellcheck disable=SC2086  # entry is "package [command]"
    is_present $entry || missing+=("${entry%% *}")
  done < <(wanted_packages)
  if [ ${#missing[@]} -eq 0 ]; then
    log "apt packages: all installed"
    return
  fi
  log "apt packages: installing ${missing[*]}"
  if ! have_apt; then
    echo "setup: no apt-get here; install these yourself: ${missing[*]}" >&2
    exit 1
  fi
  apt_update_once
  as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# --- 2. npm packages ---------------------------------------------------------

# True when node_modules holds exactly the versions package-lock.json pins.
npm_packages_match() {
  node -e '
    const fs = require("fs");
    const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8")).packages;
    for (const [path, entry] of Object.entries(lock)) {
      if (!path.startsWith("node_modules/")) continue;
      const file = path + "/package.json";
      if (!fs.existsSync(file)) process.exit(1);
      if (JSON.parse(fs.readFileSync(file, "utf8")).version !== entry.version) process.exit(1);
    }' 2>/dev/null
}

install_npm_packages() {
  if npm_packages_match; then
    log "npm packages: installed"
    return
  fi
  log "npm packages: npm ci"
  # No browser download: the tests use Debian's Chromium.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
}

# --- 3. sources of Dear ImGui and SDL2 ---------------------------------------

# Adds a deb-src twin of the system's deb822 sources (Debian's debian.sources,
# Ubuntu's ubuntu.sources) unless source packages are already enabled.
enable_deb_src() {
  if [ -e "$deb_src_list" ] || grep -rqs '^\(Types:.*deb-src\|deb-src \)' \
    /etc/apt/sources.list /etc/apt/sources.list.d/; then
    return
  fi
  local system_list
  for system_list in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/ubuntu.sources; do
    if [ -e "$system_list" ]; then
      log "enabling source packages: $deb_src_list"
      sed 's/^Types:.*/Types: deb-src/' "$system_list" | as_root tee "$deb_src_list" >/dev/null
      apt_updated=false
      return
    fi
  done
  echo "setup: no deb-src entry and no debian.sources to copy; enable source packages" >&2
  exit 1
}

# unpack_orig PACKAGE DIR: unpacks the upstream tarball of an already
# downloaded source package into DIR (without its top-level folder).
unpack_orig() {
  local package=$1 dir=$2 tarball
  tarball=$(find "$cache_dir/downloads" -maxdepth 1 -name "${package}_*.orig.tar.*" | sort | tail -n 1)
  if [ -z "$tarball" ]; then
    echo "setup: apt-get source gave no ${package}_*.orig.tar.* in $cache_dir/downloads" >&2
    exit 1
  fi
  rm -rf "$dir.tmp"
  mkdir -p "$dir.tmp"
  tar -xf "$tarball" -C "$dir.tmp" --strip-components=1
  rm -rf "$dir"
  mv "$dir.tmp" "$dir"
  log "unpacked $(basename "$tarball") into $dir"
}

fetch_sources() {
  local packages=()
  [ -e "$imgui_dir/imgui.cpp" ] || packages+=(imgui)
  if [ ! -e "$sdl2_wasm_dir/lib/cmake/SDL2/SDL2Config.cmake" ] &&
    [ ! -e "$sdl2_src_dir/CMakeLists.txt" ]; then
    packages+=(libsdl2)
  fi
  if [ ${#packages[@]} -eq 0 ]; then
    log "sources of Dear ImGui and SDL2: in $cache_dir"
    return
  fi
  if ! have_apt; then
    echo "setup: no apt-get: unpack Dear ImGui 1.86 into $imgui_dir and SDL2 2.26 into" \
      "$sdl2_src_dir yourself" >&2
    exit 1
  fi
  enable_deb_src
  apt_update_once
  mkdir -p "$cache_dir/downloads"
  log "downloading source packages: ${packages[*]}"
  # As root, apt hands downloads to its _apt user, which cannot write to
  # root's home: download as root then, without the warning.
  local sandbox=()
  if [ "$(id -u)" -eq 0 ]; then sandbox=(-o APT::Sandbox::User=root); fi
  (cd "$cache_dir/downloads" && apt-get source -qq --download-only "${sandbox[@]}" "${packages[@]}")
  local package
  for package in "${packages[@]}"; do
    case $package in
      imgui) unpack_orig imgui "$imgui_dir" ;;
      libsdl2) unpack_orig libsdl2 "$sdl2_src_dir" ;;
    esac
  done
}

# --- 4. SDL2 for WebAssembly -------------------------------------------------

# logged LOG COMMAND...: runs the command with its output appended to LOG;
# on failure shows the end of LOG and stops.
logged() {
  local log=$1
  shift
  if ! "$@" >>"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "setup: failed: $* (whole log: $log)" >&2
    exit 1
  fi
}

# Static, no threads (a pthread build needs cross-origin isolation headers
# that static hosts cannot send), and nothing a board game does not use:
# audio off also spares the link flags a self-built SDL's audio needs.
build_sdl2_wasm() {
  if [ -e "$sdl2_wasm_dir/lib/cmake/SDL2/SDL2Config.cmake" ]; then
    log "SDL2 for WebAssembly: installed in $sdl2_wasm_dir"
    return
  fi
  local build_dir=$cache_dir/build/sdl2-wasm log_file=$cache_dir/build/sdl2-wasm.log
  local start=$SECONDS
  log "SDL2 for WebAssembly: building (4 to 7 minutes on 2 cores, once)"
  rm -rf "$build_dir"
  mkdir -p "$cache_dir/build"
  : >"$log_file"
  # The project's toolchain file finds Emscripten the same way the web
  # build does (Debian's package or emsdk).
  logged "$log_file" cmake -S "$sdl2_src_dir" -B "$build_dir" -G Ninja \
    -DCMAKE_TOOLCHAIN_FILE="$repo_dir/emscripten.cmake" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$sdl2_wasm_dir" \
    -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DSDL2_DISABLE_SDL2MAIN=ON \
    -DSDL_THREADS=OFF -DSDL_PTHREADS=OFF -DSDL_AUDIO=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF \
    -DSDL_SENSOR=OFF -DSDL_POWER=OFF -DSDL_JOYSTICK=OFF
  logged "$log_file" cmake --build "$build_dir"
  logged "$log_file" cmake --install "$build_dir"
  rm -rf "$build_dir"
  log "SDL2 for WebAssembly: installed in $sdl2_wasm_dir in $((SECONDS - start))s"
}

main() {
  install_packages
  install_npm_packages
  fetch_sources
  build_sdl2_wasm
  log "done"
}

main "$@"
