#pragma once
// Reversi behind the session interface, with the exact endgame solver
// (games/reversi/endgame.h) wired in.
//
// The strongest level (a search asked for perfect play, use_oracle) plays
// the heuristic search to kPerfectMidgameDepth in the midgame and switches
// to the exact solver as soon as the empty squares are few enough for the
// time a player waits: then its score is the proven final margin ("win by
// 6") and, where every move's score is asked for (the analysis), each move
// gets its exact margin. The thresholds are measured (see the .cpp) so that
// a move stays well under a second natively and three in the browser. Every
// other search is the engine's own, which proves margins too where it
// reaches the end of the game.
//
// `solve` gives the exact score and every move's exact score of any
// position; the stop flag ends it.

#include <memory>

#include "engine/session.h"
#include "games/reversi/endgame.h"
#include "games/reversi/reversi.h"

namespace arcade {

class ReversiSession : public GameSessionFor<Reversi> {
 public:
  // At most this many empties, the Perfect level solves for its move.
  static constexpr int kExactEmpties = 16;
  // At most this many, it solves every move (the analysis' scores, and a
  // random choice among equally good moves).
  static constexpr int kExactScoresEmpties = 15;
  // The midgame search's depth at the Perfect level, when no depth is set.
  static constexpr int kPerfectMidgameDepth = 9;

  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop, const ReportCallback& on_iteration) override;
  Parsed<std::string> solve(const std::atomic<bool>& stop) override;
  bool has_solver() const override { return true; }
  void clear_table() override;

 private:
  reversi::EndgameSolver& solver();
  // The exact endgame's move and score, or nothing when stopped.
  std::optional<SearchReport> exact_move(const SearchOptions& options,
                                         const std::atomic<bool>& stop);
  // Carries the report's line on to the end of the game with the solver.
  void continue_line(SearchReport& report, const std::atomic<bool>& stop);

  std::unique_ptr<reversi::EndgameSolver> solver_;
};

}  // namespace arcade
