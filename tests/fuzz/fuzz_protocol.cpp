// Fuzz target: protocol lines against a live session.
//
// The input is split into lines and fed, one at a time, to a Protocol in the
// foreground mode (background = false: every command runs to its end inside
// handle, so a run is deterministic and needs no thread) over the sessions
// the engine's hosts use (make_engine_session, with the opening book). What
// it checks, for every line:
//  - no output line is empty or holds a newline (each reply is one line of
//    a line-based protocol: the tool prints them, the app and the Web Worker
//    pass them on one by one);
//  - a line answered with an `error ...` line gets exactly that one line,
//    and changes nothing: `d` afterwards shows what it showed before;
//  - an accepted `position ...` leaves a position whose string, as `d`
//    shows it, round-trips (read into another session of that game, it is
//    written back the same);
//  - a line over the cap (kMaxLineBytes, its CR not counted) gets exactly
//    `error line too long: <N> bytes (at most 65536)`;
//  - only `quit` alone makes handle return false; and nothing crashes.
// Why: the protocol is the engine's whole surface, reached by the
// command-line tool's stdin and by every host, so any line must be answered
// and bad ones refused without damage.
//
// Keeping each input cheap, so that the fuzzer explores rather than waits
// (a search runs in the foreground here, so an unbounded one would hang the
// run until libFuzzer's timeout):
//  - every `go` gets " nodes 2000" appended. The last limit given wins, so
//    whatever the line says (`infinite`, a huge depth or movetime) the search
//    stops after 2000 nodes, and `go` lines still reach every branch of the
//    parser and the search. A line that was malformed stays malformed.
//  - `perft N` with N above 4 is skipped, not sent: it counts up to 7^N
//    positions and has no limit to append. Depths up to 4 run as they are;
//    so do `tree` lines, whose depth is found after the word `depth` (a
//    line without one is an error, and is sent).
//  - `solve` in a Connect Four position with fewer than 26 discs is skipped:
//    away from the opening book the exact solver needs seconds to minutes
//    there, and it has no limit either. Later positions, and the other games
//    (a solved table, or an error), run as they are.
//  - sessions are made once and reused (pooled_session below): under ASan,
//    making one costs about 60 ms (its 16 MB table, zero-filled in fresh
//    pages), which would dominate every run (8 inputs a second). A session
//    goes back to the pool reset to what a new one is (start position, the
//    book on, a 1 MB table, emptied), so an input still meets only fresh
//    sessions. `setoption name Hash` still sets any size the protocol allows.
//  - at most 64 lines of an input are read. Lines of several megabytes come
//    from the seeds run_fuzzer.cmake writes at run time
//    (protocol_long_lines.cmake) and libFuzzer's -max_len (CMakeLists.txt).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/parsed.h"
#include "engine/protocol.h"
#include "fuzz_check.h"
#include "games/engine_sessions.h"
#include "games/registry.h"

namespace arcade::fuzz {
namespace {

constexpr std::size_t kMaxLines = 64;
constexpr std::string_view kGoLimit = " nodes 2000";
constexpr std::uint64_t kMaxPerftDepth = 4;
constexpr std::uint64_t kMaxTreeDepth = 4;
constexpr int kMinSolveDiscs = 26;
constexpr std::size_t kTableMegabytes = 1;

// What make_engine_session gives, but with a 1 MB table: small enough to
// empty on every reuse.
std::unique_ptr<GameSession> small_session(std::string_view game) {
  std::unique_ptr<GameSession> session = make_engine_session(game);
  if (session) session->set_table_megabytes(kTableMegabytes);
  return session;
}

// A session as the protocol gets it from the factory: a loan from the pool,
// returned when the protocol drops it. Forwards every call (a virtual added
// to GameSession with a default body must be added here too).
class PooledSession final : public GameSession {
 public:
  using Pool = std::vector<std::unique_ptr<GameSession>>;

  PooledSession(std::unique_ptr<GameSession> session, Pool& home)
      : session_(std::move(session)), home_(home) {}
  ~PooledSession() override {
    // As new: the start position, the book on, the default weights, an
    // empty 1 MB table (and solver table, which a resize also empties and
    // renumbers).
    session_->set_position("startpos", {});
    session_->set_own_book(true);
    session_->use_weight_preset("default");
    session_->set_table_megabytes(kTableMegabytes);
    home_.push_back(std::move(session_));
  }
  PooledSession(const PooledSession&) = delete;
  PooledSession& operator=(const PooledSession&) = delete;

  std::string_view game_name() const override { return session_->game_name(); }
  std::optional<std::string> set_position(std::string_view position,
                                          const std::vector<std::string>& moves) override {
    return session_->set_position(position, moves);
  }
  std::optional<std::string> check_position(std::string_view position,
                                            const std::vector<std::string>& moves) const override {
    return session_->check_position(position, moves);
  }
  std::string position_text() const override { return session_->position_text(); }
  std::string diagram() const override { return session_->diagram(); }
  std::vector<std::string> legal_moves() const override { return session_->legal_moves(); }
  Outcome outcome() const override { return session_->outcome(); }
  std::optional<std::uint64_t> perft(int depth, const std::atomic<bool>& stop) const override {
    return session_->perft(depth, stop);
  }
  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop, const ReportCallback& on_iteration) override {
    return session_->search(limits, options, stop, on_iteration);
  }
  Parsed<std::string> solve(const std::atomic<bool>& stop) override {
    return session_->solve(stop);
  }
  bool has_solver() const override { return session_->has_solver(); }
  void set_table_megabytes(std::size_t megabytes) override {
    session_->set_table_megabytes(megabytes);
  }
  void clear_table() override { session_->clear_table(); }
  void set_own_book(bool on) override { session_->set_own_book(on); }
  TreeReport tree(const TreeRequest& request, const std::atomic<bool>& stop) override {
    return session_->tree(request, stop);
  }
  std::vector<WeightedTerm> weights() const override { return session_->weights(); }
  std::optional<std::string> set_weight(std::string_view term, Score weight) override {
    return session_->set_weight(term, weight);
  }
  std::vector<std::string> weight_presets() const override { return session_->weight_presets(); }
  std::optional<std::string> use_weight_preset(std::string_view name) override {
    return session_->use_weight_preset(name);
  }
  EvaluationReport evaluation() const override { return session_->evaluation(); }

 private:
  std::unique_ptr<GameSession> session_;
  Pool& home_;
};

// The protocol's factory: a session of `game` from the pool, made if none
// is free.
std::unique_ptr<GameSession> pooled_session(std::string_view game) {
  static std::map<std::string, PooledSession::Pool, std::less<>> pools;
  PooledSession::Pool& pool = pools[std::string(game)];
  std::unique_ptr<GameSession> session;
  if (pool.empty()) {
    session = small_session(game);
    if (!session) return nullptr;
  } else {
    session = std::move(pool.back());
    pool.pop_back();
  }
  return std::make_unique<PooledSession>(std::move(session), pool);
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// The position string in the last line of a `d` reply.
std::string position_of(const std::string& board) {
  const std::size_t at = board.rfind("\nposition ");
  const std::size_t begin = at == std::string::npos ? 0 : at + 1;
  if (!starts_with(std::string_view(board).substr(begin), "position "))
    fail("`d` shows no position line", board);
  return board.substr(begin + 9);
}

// A session of `game` to read position strings with: one per game for the
// whole run, as set_position keeps nothing of the position before.
GameSession& reader_for(const std::string& game) {
  static std::map<std::string, std::unique_ptr<GameSession>, std::less<>> readers;
  std::unique_ptr<GameSession>& reader = readers[game];
  if (!reader) reader = small_session(game);
  if (!reader) fail("the fuzzer lost track of the game", game);
  return *reader;
}

int discs_in(const std::string& connect4_position) {
  int discs = 0;
  for (char c : connect4_position) discs += c == 'x' || c == 'o';
  return discs;
}

class Harness {
 public:
  // Sends one line; returns what it answered, each line checked.
  std::vector<std::string> send(std::string_view line) {
    replies_.clear();
    quit_ = !protocol_.handle(line);
    protocol_.wait();
    if (quit_ && split_words(line) != std::vector<std::string>{"quit"})
      fail("handle returned false", line);
    for (const std::string& reply : replies_) {
      if (reply.empty()) fail("an empty output line, answering", line);
      if (reply.find('\n') != std::string::npos) fail("an output line holds a newline", reply);
    }
    return replies_;
  }

  // What `d` shows, its lines joined by newlines.
  std::string board() { return join_lines(send("d")); }

  // Runs one input line with the checks above; false once it was `quit`.
  bool run(std::string_view line) {
    if (bytes_of(line) > kMaxLineBytes) {
      check_too_long(line);
      return true;
    }
    const std::vector<std::string> words = split_words(line);
    if (words.empty()) {
      send(line);
      return true;
    }
    const std::string before = board();
    const std::optional<std::string> sent = rewrite(line, words, before);
    if (!sent) return true;
    const std::vector<std::string> reply = send(*sent);
    if (quit_) return false;
    if (has_error(reply)) {
      check_refusal(*sent, reply, before);
      return true;
    }
    if (words[0] == "game" && words.size() == 2) game_ = words[1];
    if (words[0] == "position") check_position_shown(*sent);
    return true;
  }

 private:
  static std::string join_lines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& line : lines) text.append(text.empty() ? "" : "\n").append(line);
    return text;
  }

  // A line's length as the protocol counts it: its line end not counted
  // (here a CR: the input was split at LF).
  static std::size_t bytes_of(std::string_view line) {
    return line.size() - (!line.empty() && line.back() == '\r');
  }

  // Refused whole, with its length, and nothing changed.
  void check_too_long(std::string_view line) {
    const std::string before = board();
    const std::vector<std::string> reply = send(line);
    const std::string expected = "error line too long: " + std::to_string(bytes_of(line)) +
                                 " bytes (at most " + std::to_string(kMaxLineBytes) + ")";
    if (reply != std::vector<std::string>{expected})
      fail("a line over the cap was not refused with its length", line.substr(0, 80));
    if (board() != before) fail("a line over the cap changed the position", line.substr(0, 80));
  }

  static bool has_error(const std::vector<std::string>& reply) {
    for (const std::string& line : reply)
      if (starts_with(line, "error")) return true;
    return false;
  }

  // The line to send instead (see the top of the file), or nothing to skip it.
  std::optional<std::string> rewrite(std::string_view line, const std::vector<std::string>& words,
                                     const std::string& board) const {
    if (words[0] == "go") return std::string(line).append(kGoLimit);
    if (words[0] == "perft" && words.size() == 2) {
      const std::optional<std::uint64_t> depth = parse_number(words[1], 0, 64);
      if (depth && *depth > kMaxPerftDepth) return std::nullopt;
    }
    if (words[0] == "tree") {
      for (std::size_t i = 1; i + 1 < words.size(); ++i) {
        const std::optional<std::uint64_t> depth = parse_number(words[i + 1], 0, 64);
        if (words[i] == "depth" && depth && *depth > kMaxTreeDepth) return std::nullopt;
      }
    }
    if (words[0] == "solve" && game_ == "connect4" && discs_in(position_of(board)) < kMinSolveDiscs)
      return std::nullopt;
    return std::string(line);
  }

  void check_refusal(const std::string& line, const std::vector<std::string>& reply,
                     const std::string& before) {
    if (reply.size() != 1) fail("an error came with other output lines, answering", line);
    if (!starts_with(reply[0], "error ") || reply[0].size() <= 6)
      fail("an error line says nothing", reply[0]);
    if (board() != before) fail("a refused line changed the position", line);
  }

  void check_position_shown(const std::string& line) {
    const std::string shown = position_of(board());
    GameSession& reader = reader_for(game_);
    if (auto problem = reader.set_position(shown, {}))
      fail("`d` after an accepted position shows a string that does not read: " + *problem, line);
    if (reader.position_text() != shown)
      fail("`d` after an accepted position shows a string that does not round-trip", shown);
  }

  std::vector<std::string> replies_;
  bool quit_ = false;  // the last line sent made handle return false
  std::string game_ = game_names().front();
  Protocol protocol_{pooled_session, game_names(),
                     Protocol::Output([this](const std::string& l) { replies_.push_back(l); }),
                     /*background=*/false};
};

}  // namespace
}  // namespace arcade::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace arcade::fuzz;
  std::string_view input = as_text(data, size);
  Harness harness;
  for (std::size_t n = 0; n < kMaxLines && !input.empty(); ++n) {
    const std::size_t newline = input.find('\n');
    const std::string_view line = input.substr(0, newline);
    input = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
    if (!harness.run(line)) break;
  }
  return 0;
}
