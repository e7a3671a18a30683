#pragma once
// The app's only way to the engine. Natively the engine (engine/engine.h)
// runs on a thread of this process and is called with its own typed commands
// and events, no text at all; on the web it runs in a Web Worker built from
// the same engine sources, and the commands and events cross to it as
// protocol lines, written and read by the engine's one codec
// (engine/protocol.h). The app does not know which (make_engine_client
// picks); it speaks the typed side (submit, ponderhit, poll_events) through
// EngineLink. The text side (send, poll) is the wire's: the web relay's,
// and the tests' that speak the protocol itself.
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

#include "engine/engine.h"
#include "engine/protocol.h"

namespace arcade::app {

// One protocol line ("bestmove 4") and the number `send` returned for the
// line it answers.
using EngineReply = TaggedLine;

// A typed reply: an event and the number of the request it answers.
struct EngineEventReply {
  std::uint64_t request = 0;
  EngineEvent event;
};

class EngineClient {
 public:
  virtual ~EngineClient() = default;
  // The typed side. A client whose engine is in this process calls it
  // directly; one across a boundary writes the command as its line and reads
  // its reply lines back, through the codec (these defaults).
  virtual std::uint64_t submit(const EngineCommand& command) { return send(command_line(command)); }
  // The ponder awaiting its ponderhit becomes a normal search (engine.h).
  virtual std::uint64_t ponderhit() { return send(std::string(kPonderhitLine)); }
  // The events received since the last call, oldest first. Never blocks.
  // Events and replies (poll) are the same stream: a user takes one or the
  // other.
  virtual std::vector<EngineEventReply> poll_events() {
    std::vector<EngineEventReply> events;
    for (const EngineReply& reply : poll())
      events.push_back({reply.request, read_event(reply.line)});
    return events;
  }

  // The text side: one protocol line (never "stop": use stop()),
  // `ponderhit` included. Returns its number.
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
