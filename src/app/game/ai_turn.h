#pragma once
// The AI's turn: one search of an engine for the side to move, from the
// `go` to the move it plays, and what a player reads of it on the way (its
// latest info line, how it chose its move). A hint is the same search on the
// person's behalf, at the top level, on the main engine.
//
// Why apart from the game (GameController): the game decides when the AI is
// to move and plays the move on its board; this knows the engine's side of
// it: which engine searches (the main one, or the ponder helper whose ponder
// became the search), which request is still wanted, and that a reply to an
// abandoned request is dropped, so a stale answer never lands on the board.
// It also keeps the engines' last error and the pace of AI against AI.
//
// An engine that refuses a line of the AI's own (an `error` in reply to a
// line that set up its search: the position, an option, the `go`) is never
// waited on: that search will not answer for the position asked (a `go`
// after a refused `position` searches the one before, and its move must not
// land on this board), so it ends at once, the error is kept for the player
// to read, and the position is marked refused, so that the AI does not ask
// again for it each frame (refused()).

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/engine_link/engine_link.h"
#include "app/game/game_record.h"
#include "games/game_view.h"

namespace arcade::app {

// What the AI said in its latest `info` line (depth 0: none yet).
using Thinking = SearchInfoLine;

// The AI's latest move and what its search said last: a search often ends
// within a frame, and then this is all a player could read of it.
struct AiMove {
  int side = 0;
  std::string move;
  Thinking thinking;
  std::optional<MoveChoice> choice;  // when it was not the search's first
};

// What every search of the AI is set up with, whatever the position: the
// game, the heuristic's weights (none: the engine's own) and, in a game of
// agents, how the other team plays (GameController::opponents_in_play).
struct SearchSetup {
  const std::string& game;
  const std::optional<EngineWeights>& weights;
  std::optional<std::string> opponents;
};

// The move time of the AI's search at `level`, whether it plays or ponders:
// a ponder the person's move hits must be the very search the AI would start.
int ai_move_time(int level);
// What comes before a search of `position` at `level`: game, level (and
// the other team's model after it), weights and position.
void send_search_setup(EngineLink& engine, const SearchSetup& setup, int level,
                       const EnginePosition& position);

// A ponder that the person's move made the AI's search (Pondering::take_hit):
// the engine that runs it, its request, and what it said so far.
struct PonderHit {
  std::size_t engine = 0;
  std::uint64_t request = 0;
  Thinking thinking;
};

class AiTurn {
 public:
  // engines[0] is the main engine, the others ponder helpers; the vector
  // must outlive this.
  explicit AiTurn(std::vector<EngineLink>& engines) : engines_(&engines) {}

  // Starts the AI's search of `position` at `level` on engine `engine`.
  void start(const SearchSetup& setup, int level, const EnginePosition& position,
             std::size_t engine);
  // A ponder of `position` became the search (ponderhit): its replies are
  // the AI's.
  void take_over(const PonderHit& hit, const EnginePosition& position);
  // Starts a hint's search of `position`: the top level, the main engine.
  void start_hint(const SearchSetup& setup, const EnginePosition& position);
  // Stops the AI's search: its best move still arrives and is played.
  void stop_search() { (*engines_)[search_engine_].stop(); }
  // Drops the searches in flight; their replies, when they come, too.
  void abandon();
  // The helpers are about to change: a search on one of them is abandoned.
  void leave_helpers();

  // Reads one reply of engine `from`; the move the AI plays (the engine's
  // text) once its search's best move came. A hint's is read in `position`.
  std::optional<std::string> handle(const LinkReply& reply, std::size_t from,
                                    const GameView& position);
  // The AI's move, `engine_text`, was played by `side` as `board_text`.
  void played(int side, const std::string& engine_text, const std::string& board_text, double now);
  void note_error(std::string message) { error_ = std::move(message); }
  void clear_error() { error_.clear(); }
  // The position changed otherwise: no last AI move, hint, pace or refusal
  // to keep.
  void forget_moves();
  void forget_hint() { hint_.reset(); }

  // AI against AI: the least time from one move to the next search.
  void set_pace(int milliseconds) { pace_ms_ = milliseconds; }
  // Whether the pace lets the AI search at `now` (only AI against AI waits).
  bool pace_allows(double now, bool ai_against_ai) const;

  bool searching() const { return search_request_ != 0; }
  // Whether the engine refused the AI's search of `position` (see above);
  // a search started anew asks again.
  bool refused(const EnginePosition& position) const { return refused_ && *refused_ == position; }
  bool hint_pending() const { return hint_request_ != 0; }
  bool idle() const { return !searching() && !hint_pending(); }
  const Thinking& thinking() const { return thinking_; }
  const std::optional<PlayedMove>& hint() const { return hint_; }
  const std::optional<AiMove>& last_move() const { return last_move_; }
  const std::string& error() const { return error_; }

 private:
  // A search starts: nothing said of it yet.
  void begin();
  // Engine `from` refused a line that set up its request `request`.
  void refuse(std::size_t from, std::uint64_t request);

  std::vector<EngineLink>* engines_;
  std::uint64_t search_request_ = 0;
  std::size_t search_engine_ = 0;  // the engine of search_request_
  EnginePosition searched_;        // the position of search_request_
  std::optional<EnginePosition> refused_;
  // The latest requests whose set-up an engine refused (engine, request):
  // a ponder's, refused before a ponderhit made it the AI's search.
  std::deque<std::pair<std::size_t, std::uint64_t>> refused_requests_;
  std::uint64_t hint_request_ = 0;  // on the main engine
  Thinking thinking_;
  std::optional<MoveChoice> choice_;  // the search's, read before its best move
  std::optional<PlayedMove> hint_;
  std::optional<AiMove> last_move_;
  std::string error_;  // the last message of a failed engine request
  int pace_ms_ = 0;
  std::optional<double> moved_at_;  // when the AI's last move landed
};

}  // namespace arcade::app
