#!/usr/bin/env bash
# The command-line engine, native and WebAssembly, for now (a later version
# builds and serves the game in the browser).
#
#   tools/play.sh [GAME]      GAME: tictactoe (default), connect4, wolfsheep, ...
#
# Sets up, builds the `arcade` tool natively (build/native-release) and for
# the web (build/web), then runs the same commands in both: a perft count and
# a scripted protocol session that searches the start position.
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-tictactoe}

bash tools/setup.sh
cmake --preset web >/dev/null
cmake --build --preset web --target arcade
cmake --preset release >/dev/null
cmake --build --preset release --target arcade

# No `quit` at the end: the end of input lets a search finish (`quit` would
# stop the native tool's background search at once).
session="game $game
position startpos
d
go movetime 2000
isready"

# show LABEL COMMAND...: the perft count and the session with one build.
show() {
  local label=$1
  shift
  echo
  echo "== $label: $* perft tictactoe 9"
  "$@" perft tictactoe 9
  echo "== $label: protocol session: ${session//$'\n'/ | }"
  printf '%s\n' "$session" | "$@"
}

show native build/native-release/src/arcade
show wasm node build/web/src/arcade.js
