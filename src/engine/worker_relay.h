#pragma once
// The protocol's rules for a client of an engine that reads nothing while it
// searches: a relay between the app's web EngineClient and an engine in a
// Web Worker (web/engine_worker.js, src/worker/engine_worker.cpp) that gives
// the app the answers of the Engine with its thread (engine/engine.h),
// although the worker reads no message while it searches. The page's
// JavaScript (web/engine_client.js) only starts and ends workers and carries
// lines; every rule about lines lives here, beside the codec it reads them
// with (engine/protocol.h), and knows no browser: a WorkerPort is all it
// sees of the worker. What the rules answer is the Engine's, written once in
// engine.h (is_long, ends_ponder, is_ponder, answers, stand_in_search,
// stopped_answer); only when they answer is the relay's.
//
// Why the rules are on the page's side and not in the worker: without
// threads (and SharedArrayBuffer) a long command (`go`, `solve`, `perft N`,
// `tree`) runs inside one message handler of the worker, so a `stop`,
// `isready` or `ponderhit` posted to it would be read only when the command
// has ended. So the relay answers those itself:
//
// Stop. As a native `stop` ends every long command read before it:
//   - a search that has sent an `info ... pv` line: `bestmove M` at once, M
//     the first move of that pv (the best move of its last finished
//     iteration);
//   - a search that had sent no `info` yet, or had not begun (queued behind
//     other lines, or the worker still loads): searched again to depth 1 by
//     the new worker under its own request number (a real move, as natively,
//     a worker restart later rather than at once);
//   - `solve`, `perft N`, `tree`: their stopped reply at once (a tree after
//     any node lines that arrived before: they belong to no complete tree),
//     whether it ran or waited.
// Then the worker is replaced by a new one, given the state the old one had
// (the accepted `game`, `setoption` and `position` lines, less those later
// ones undid: see remember_state_line; replayed with request 0, whose replies
// are dropped) and every line the old worker had not finished, in order and
// with its own number. Nothing to end (no long command in flight, or only
// depth-1 stand-ins, already the quickest real move): no restart.
//
// Reading lines as natively: a line over kMaxLineBytes, an unknown command,
// words after a command that takes none and `solve` in a game without a
// solver are refused here with the engine's error (at once while a long
// command runs) and change nothing. Other bad lines are refused by the
// worker when it reads them (after a running search, where the native
// engine refuses them at once). `isready` is answered here while a long
// command is in flight, else by the worker after the lines before it.
//
// Pondering without losing the work to `stop`. Terminating the worker would
// throw its tables away, which hold what the ponder found, so the relay
// ponders in slices: the same search as a plain `go` with the ponder's depth
// and nodes and a movetime of kSliceMs, under request numbers of its own
// (from kSliceRequests; their replies are not passed on), one after the
// other. Between slices the worker reads messages, and each slice starts from
// the session's tables, which the earlier slices filled, so the work adds up.
// A slice that ends before its time (timed in the worker) has finished the
// search: the ponder then holds its move, sends no more slices and says
// `info string ponder finished` under the ponder's request number.
//   - `ponderhit`: a finished ponder answers at once with its move; else the
//     search the `go` asked for (its limits, without `ponder`) runs under
//     the ponder's request number after the slice in flight (at most
//     kSliceMs), and the tables give it the ponder's work.
//   - `stop`: the move of the last slice, at once, or of the first slice
//     when it ends; no restart for the ponder. If a restart is due for other
//     long commands, the slice in flight dies with the worker, and a ponder
//     with no move yet is searched again to depth 1, as a stopped `go`.
//   - `position`, `go`, `newgame`/`ucinewgame` and `game` end the ponder
//     first, as `stop` would; a bad one changes nothing, the ponder included
//     (a `position` is judged by the worker between two slices, and the
//     lines after it wait for the verdict, at most a slice).
//   - Other lines sent during a ponder wait for it to answer; a `stop` also
//     ends the long ones among them.
// Of a ponder's `info` lines only the last with a pv of each slice that gave
// a move is passed on (each slice starts from depth 1), before its `ponder
// finished`: as natively, a finished ponder has said what it found before
// ponderhit answers with its move alone.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/protocol.h"

namespace arcade {

// What the relay asks of the worker's owner (web/engine_client.js). Replies
// come back through WorkerRelay's on_* calls, in the order the worker sent
// them.
class WorkerPort {
 public:
  virtual ~WorkerPort() = default;
  // Hands one line to the worker; its replies carry `request`.
  virtual void post(std::uint64_t request, const std::string& line) = 0;
  // Asks the worker whether it would take a `position` line (on_checked).
  virtual void check(std::uint64_t request, const std::string& line) = 0;
  // Ends the worker and starts a new one, given `replay` first (request 0).
  // `retry`: after a failure, loading again what did not load.
  virtual void restart(const std::vector<std::string>& replay, bool retry) = 0;
  // Whether the worker has failed (did not load, or died).
  virtual bool failed() const = 0;
};

class WorkerRelay {
 public:
  explicit WorkerRelay(WorkerPort& port);

  // A line from the app, `stop` and `ponderhit` included (request 0: none).
  void send(std::uint64_t request, const std::string& line);
  // The replies since the last call, oldest first.
  std::vector<TaggedLine> take_replies();
  // After a failure: a new worker with the state and every line in flight.
  void retry();

  // What the worker says. `games`: its games, space-separated, and `solvers`
  // those with an exact solver ("" when not told).
  void on_ready(std::string_view games, std::string_view solvers);
  void on_line(std::uint64_t request, std::string line);
  // `ms`: how long the worker took over the line.
  void on_done(std::uint64_t request, bool ok, double ms);
  void on_checked(std::uint64_t request, std::optional<std::string> error);

  // For tests (engine_client.js's stats()): the state a new worker is given,
  // the lines in flight and the ponder slices sent.
  const std::vector<std::string>& state() const { return state_; }
  std::size_t inflight() const { return inflight_.size(); }
  std::uint64_t slices() const { return slices_; }

 private:
  // A line sent to the worker and not done. `received`: its reply lines
  // passed on already (by an earlier worker); `skip`: those a new worker
  // gives again, dropped; `after`: the relay's answers to later lines,
  // passed on after its replies (see answer).
  struct InFlight {
    std::uint64_t request = 0;
    std::string line;
    std::optional<EngineCommand> command;  // nothing for a line the worker refuses
    bool complete = false;                 // a long command whose last reply came
    std::size_t received = 0;
    std::size_t skip = 0;
    std::vector<TaggedLine> after;
    bool is_long() const { return command && arcade::is_long(*command); }
  };
  // The `go ponder` awaiting ponderhit or stop.
  struct Ponder {
    std::uint64_t request = 0;
    std::string search;  // what ponderhit runs when the slices have not finished
    std::string slice;
    std::optional<std::string> best;             // the move of the last slice
    bool finished = false;                       // a slice ended before its time
    std::optional<std::uint64_t> slice_request;  // the slice in the worker
    std::optional<std::string> slice_best;       // its move, once its bestmove came
    std::optional<std::string> slice_info;       // its last `info` line with a pv
    bool answer_when_sliced = false;             // stopped before any slice ended
  };
  // A line sent during the ponder, waiting for it.
  struct Held {
    std::uint64_t request = 0;
    std::string line;
    bool stopped = false;  // a stop came after it
    bool hit = false;      // a `go ponder` hit before it ran
  };
  // A line waiting for a position's verdict; `read`: past send's checks.
  struct Waiting {
    std::uint64_t request = 0;
    std::string line;
    bool read = false;
  };
  // A `position` line the worker judges during a ponder.
  struct Checking {
    std::uint64_t request = 0;
    std::string line;
    std::uint64_t check_request = 0;
    std::vector<Waiting> waiting;
  };

  void pass(std::uint64_t request, const std::string& line);
  void post(std::uint64_t request, const std::string& line, std::size_t received = 0,
            std::vector<TaggedLine> after = {});
  void post(std::uint64_t request, const std::string& line, std::optional<EngineCommand> command,
            std::size_t received = 0, std::vector<TaggedLine> after = {});
  void answer(std::uint64_t request, const std::string& line);
  std::optional<std::string> refusal(const std::vector<std::string>& words);
  std::optional<bool> takes_ponder_end(const EngineCommand& command) const;
  void check_position(std::uint64_t request, const std::string& line);
  void reply(std::uint64_t request, const std::string& line);
  void finished(std::uint64_t request, bool ok);
  bool awaiting_hit() const { return ponder_ && !ponder_->answer_when_sliced; }
  void start_ponder(std::uint64_t request, const GoCommand& go);
  void send_slice();
  void slice_line(std::uint64_t request, const std::string& line);
  void slice_done(double ms);
  void answer_ponder();
  void release_held();
  void ponderhit(std::uint64_t request);
  void stop();
  void restart(const std::vector<InFlight>& unfinished);
  std::vector<InFlight> unfinished() const;

  WorkerPort& port_;
  std::vector<TaggedLine> replies_;  // not yet taken
  std::vector<InFlight> inflight_;
  std::vector<std::string> state_;  // accepted state lines, to replay after a restart
  std::map<std::uint64_t, std::string> last_pv_move_;  // go request -> first move of its last pv
  std::optional<Ponder> ponder_;
  std::optional<Checking> checking_;
  // The game the lines read choose: "" the engine's first, nullopt unknown
  // (a `game` line read before the worker told its games).
  std::optional<std::string> read_game_ = std::string();
  std::vector<Held> held_;
  std::uint64_t next_slice_;
  std::uint64_t slices_ = 0;
};

}  // namespace arcade
