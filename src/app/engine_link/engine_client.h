#pragma once
// The app's only way to the engine: protocol lines out, protocol lines back.
// Natively the engine runs on a thread of this process; on the web it runs in
// a Web Worker built from the same engine sources. The app does not know
// which (make_engine_client picks).
//
// Every line sent belongs to a request: `send` returns the request's number,
// and each reply carries the number of the request it answers, so the app
// drops replies to a request it has abandoned (a search it stopped, a game it
// undid). A request gets its replies once; replies to different requests may
// interleave.
//
// Long commands are `go`, `solve` and `perft N`. `stop` ends every one sent
// before it, each answering once, tagged with its own request number: the
// running search with its `bestmove` (the best move of the last finished
// iteration), at once; a search still waiting with a depth-1 search (on the
// web, also one that had not finished an iteration: a real move, a moment
// later); a `solve` with `solution stopped`; a `perft N` with
// `perft N stopped`.
//
// `isready` is answered at once, also while a long command runs. Other lines
// sent while a long command runs wait until it ends, and are then handled in
// order.
//
// Pondering: `go ponder [limits]` searches without answering until
// `ponderhit` (sent as a line: the search goes on under its limits, or
// answers at once if it has finished) or `stop` (its best move so far);
// `position`, `go`, `newgame`/`ucinewgame` and `game` end a ponder that
// awaits its ponderhit first, as `stop` would. On the web the worker
// ponders in slices and keeps its tables across them (worker_relay.h);
// a stopped ponder answers within a slice (50 ms) and replaces no worker.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace arcade::app {

struct EngineReply {
  std::uint64_t request = 0;  // the number `send` returned for the line answered
  std::string line;           // one protocol line, e.g. "bestmove 4"
};

class EngineClient {
 public:
  virtual ~EngineClient() = default;
  // Sends one protocol line (never "stop": use stop()), `ponderhit` included.
  // Returns its number.
  virtual std::uint64_t send(const std::string& line) = 0;
  // Ends every long command sent so far (see above); the running one at once.
  virtual void stop() = 0;
  // The replies received since the last call, oldest first. Never blocks.
  virtual std::vector<EngineReply> poll() = 0;
  // False until the engine can take commands (the worker's wasm is loading),
  // and while it has failed.
  virtual bool ready() const = 0;
  // Whether the engine cannot run: on the web, its worker's files did not
  // load (a missing or damaged file, a server error) or it stopped with an
  // error. Natively never.
  virtual bool failed() const { return false; }
  // After a failure: starts the engine again (on the web a new worker that
  // downloads again what did not load), with its settings and every line not
  // yet answered. Nothing otherwise.
  virtual void retry() {}
};

// Each client is an engine of its own (its own session, table and options; a
// thread natively, a worker on the web): the game's AI and the analysis panel
// search side by side without stopping each other.
std::unique_ptr<EngineClient> make_engine_client();

}  // namespace arcade::app
