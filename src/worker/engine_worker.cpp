// The engine inside a Web Worker: the WebAssembly module that
// web/engine_worker.js loads. It exports one function, which handles one
// protocol line; the worker's JavaScript calls it for each message from the
// page.
//
// The web build has no threads, so the Protocol runs its long commands (go,
// solve, perft, tree) in the foreground: one occupies the worker until it
// ends, and the page cannot reach it meanwhile (the app's WorkerRelay,
// src/engine/worker_relay.h, stops one by answering for it and
// replacing the worker). Each output line goes to
// web/engine_worker.js at once; it posts them to the page in batches, `info`
// and `bestmove` lines at once, so that they arrive while the search runs.

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/parsed.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

// Newer Emscripten includes a JavaScript library function only when asked;
// 3.1.6 has no EM_JS_DEPS and always includes UTF8ToString.
#ifdef EM_JS_DEPS
EM_JS_DEPS(arcade_engine_worker, "$UTF8ToString");
#endif

// Hands one output line to web/engine_worker.js, which posts it to the page
// (in a batch).
EM_JS(void, arcade_worker_reply, (double request, const char* line),
      { self.arcadeWorkerReply(request, UTF8ToString(line)); });

namespace {

// The worker's one engine, made on first use (after the module has started).
// Every output line carries the number of the request it answers.
struct WorkerEngine {
  bool failed = false;  // the line being handled was answered with an error
  // The game the accepted lines chose, and a session of each game for
  // checking lines against it (see arcade_engine_position_error).
  std::string game = arcade::game_names().front();
  std::map<std::string, std::unique_ptr<arcade::GameSession>, std::less<>> checkers;
  std::string answer;  // the text the last check returned
  arcade::Protocol protocol{arcade::make_engine_session, arcade::game_names(),
                            [this](std::uint64_t request, const std::string& line) {
                              if (line.rfind("error", 0) == 0) failed = true;
                              arcade_worker_reply(static_cast<double>(request), line.c_str());
                            },
                            /*background=*/false};
};

WorkerEngine& engine() {
  static WorkerEngine instance;
  return instance;
}

}  // namespace

// Handles one protocol line, `size` bytes of UTF-8 at `line` (on the heap:
// web/engine_worker.js copies it there, as a long line would overflow the
// stack); its replies are tagged with `request` (a whole number below 2^53:
// JavaScript's numbers). Returns 1 if the line was accepted, 0 if it was
// answered with an error, so that the page knows which lines changed the
// engine's state.
extern "C" EMSCRIPTEN_KEEPALIVE int arcade_engine_handle(double request, const char* line,
                                                         std::size_t size) {
  WorkerEngine& e = engine();
  e.failed = false;
  const std::string_view text(line ? line : "", line ? size : 0);
  e.protocol.handle(text, static_cast<std::uint64_t>(request));
  if (e.failed) return 0;
  const std::vector<std::string> words = arcade::split_words(text);
  if (words.size() == 2 && words[0] == "game") e.game = words[1];
  return 1;
}

// The games, space-separated, then a line of those with an exact solver: the
// page answers `solve` and judges `game` lines by them while the worker
// searches (as the protocol does when it reads them).
extern "C" EMSCRIPTEN_KEEPALIVE const char* arcade_engine_games() {
  static const std::string text = [] {
    std::string names;
    std::string solvers;
    for (const std::string& name : arcade::game_names()) {
      names.append(names.empty() ? "" : " ").append(name);
      if (arcade::make_engine_session(name)->has_solver())
        solvers.append(solvers.empty() ? "" : " ").append(name);
    }
    return names + "\n" + solvers;
  }();
  return text.c_str();
}

// Why the engine would refuse the `position` line of `size` bytes at `line`
// in the current game, or "" if it would take it; changes nothing. The page
// asks between a ponder's slices: a bad position changes nothing, the ponder
// included, while a good one ends the ponder.
extern "C" EMSCRIPTEN_KEEPALIVE const char* arcade_engine_position_error(const char* line,
                                                                         std::size_t size) {
  WorkerEngine& e = engine();
  // Read as the protocol reads it: the start's characters as given.
  const arcade::Parsed<arcade::PositionLine> request =
      arcade::read_position_line(std::string_view(line ? line : "", line ? size : 0));
  if (!request) {
    e.answer = request.error();
    return e.answer.c_str();
  }
  std::unique_ptr<arcade::GameSession>& checker = e.checkers[e.game];
  if (!checker) checker = arcade::make_engine_session(e.game);
  e.answer = checker->check_position(request->start, request->moves).value_or("");
  return e.answer.c_str();
}
