// The engine inside a Web Worker: the WebAssembly module that
// web/engine_worker.js loads. It exports one function, which handles one
// protocol line; the worker's JavaScript calls it for each message from the
// page.
//
// The web build has no threads, so the Protocol runs its long commands (go,
// solve, perft, tree) in the foreground: one occupies the worker until it
// ends, and the page cannot reach it meanwhile (web/engine_client.js stops
// one by answering for it and replacing the worker). Each output line goes to
// web/engine_worker.js at once; it posts them to the page in batches, `info`
// and `bestmove` lines at once, so that they arrive while the search runs.

#include <emscripten/emscripten.h>

#include <string>

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

// Handles one protocol line; its replies are tagged with `request` (a whole
// number below 2^53: JavaScript's numbers). Returns 1 if the line was
// accepted, 0 if it was answered with an error, so that the page knows which
// lines changed the engine's state.
extern "C" EMSCRIPTEN_KEEPALIVE int arcade_engine_handle(double request, const char* line) {
  WorkerEngine& e = engine();
  e.failed = false;
  e.protocol.handle(line, static_cast<std::uint64_t>(request));
  return e.failed ? 0 : 1;
}
