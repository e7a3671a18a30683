#!/usr/bin/env bash
# Minimax Arcade in the browser: sets up what is missing, builds the web
# preset's site (build/web/site: the page, the app, the engine's Web Worker)
# and serves it on this machine.
#
#   tools/play.sh [--no-serve]
#
# Then open the printed address (http://127.0.0.1:8000/; PORT=N picks another
# port). Ctrl-C stops the server. With --no-serve, or CI=true, it only builds.
# build/web/site is a complete static site: any static host can serve it.
set -euo pipefail
cd "$(dirname "$0")/.."

serve=true
for arg in "$@"; do
  case $arg in
    --no-serve) serve=false ;;
    -h | --help)
      sed -n '2,10s/^# \{0,1\}//p' "$0"
      exit 0
      ;;
    *)
      echo "play: unknown argument '$arg' (try --help)" >&2
      exit 2
      ;;
  esac
done
if [ "${CI:-}" = true ]; then serve=false; fi
port=${PORT:-8000}
site=build/web/site

bash tools/setup.sh
# ON: after set-up a missing library is an error, not a silently absent app.
cmake --preset web -DARCADE_BUILD_APP=ON >/dev/null
cmake --build --preset web --target site

if ! $serve; then
  echo "play: built $site"
  exit 0
fi
echo "play: serving $site at http://127.0.0.1:$port/ (Ctrl-C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site"
