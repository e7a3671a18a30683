#pragma once
// Connect Four behind the session interface, with the exact solver wired in:
// `solve` answers in the data-set convention ("score 1 best 4"), and a search
// asked for perfect play (use_oracle) solves every move and plays a best one,
// falling back to the heuristic search when the budget (movetime, nodes, the
// stop flag) runs out first. The solver's table is allocated on first use,
// with the size set for the session's table, so a session that never plays
// perfectly costs nothing extra. With an opening book, a position the book
// holds is answered with the book's move at once.

#include <memory>

#include "engine/session.h"
#include "games/connect4/connect4.h"
#include "games/connect4/connect4_solver.h"

namespace arcade {

// Converts a data-set score (22 minus the discs the winner has played when
// it completes its four, for the side to move) of a position `plies` plies
// into the game into the engine's convention (win or loss in plies from now).
Score connect4_engine_score(int score, int plies);

class Connect4Session : public GameSessionFor<Connect4> {
 public:
  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop, const ReportCallback& on_iteration) override;
  Parsed<std::string> solve(const std::atomic<bool>& stop) override;
  bool has_solver() const override { return true; }
  void set_table_megabytes(std::size_t megabytes) override;
  // The solver's threads (solve, Perfect, the analysis' column scores).
  void set_threads(int threads) override;
  void clear_table() override;
  // An opening book the perfect play and `solve` draw on (null: none).
  void set_book(std::shared_ptr<const Connect4Book> book);
  void set_own_book(bool on) override;

 private:
  using MoveScores = std::array<std::optional<int>, Connect4::kWidth>;

  Connect4Solver& solver();
  // A best move with its proven score, or nothing when the budget ran out;
  // on_iteration hears it (twice when its line is carried on after it).
  std::optional<SearchReport> perfect_move(const SearchLimits& limits, const SearchOptions& options,
                                           const std::atomic<bool>& stop,
                                           const ReportCallback& on_iteration);
  // Carries a proven report's line on to the end of the game (see the .cpp).
  bool continue_line(SearchReport& report);
  // The report of a move proven best: `best` and the columns' scores, if any.
  SearchReport proven_report(const Connect4Solver::BestMoves& best,
                             const std::optional<MoveScores>& scores, std::uint64_t nodes,
                             Connect4Solver::Clock::time_point start,
                             const SearchOptions& options) const;

  std::unique_ptr<Connect4Solver> solver_;
  // The book in use: book_ unless OwnBook is off.
  const Connect4Book* active_book() const { return own_book_ ? book_.get() : nullptr; }

  std::shared_ptr<const Connect4Book> book_;
  bool own_book_ = true;
  // Until `Hash` says otherwise, the solver gets 64 MB: the hardest
  // positions after the opening book (5 to 7 plies, c4_opening_R3) needed
  // 17-41% fewer nodes than with 16 MB, which decides whether the browser
  // proves a move within its budget. Allocated only when first needed, and
  // well inside the web build's 256 MB.
  static constexpr std::size_t kDefaultSolverMegabytes = 64;
  std::size_t solver_megabytes_ = kDefaultSolverMegabytes;
  int solver_threads_ = 1;
};

}  // namespace arcade
