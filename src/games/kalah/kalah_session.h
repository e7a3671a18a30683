#pragma once
// Kalah behind the session interface, with its exact solver: `solve`
// answers who wins by how much with best play, a best move and the line
// that keeps the value to the end. A search asked for perfect play
// (use_oracle) solves the position when few enough seeds are left in the
// houses (kPerfectSolveSeeds) and plays a best move with its line, falling
// back to the heuristic search if the budget runs out first; earlier in the
// game that search reads the exact value of every position with few seeds
// left (Kalah::probe).

#include <atomic>
#include <memory>
#include <string>

#include "engine/session.h"
#include "games/kalah/kalah.h"
#include "games/kalah/kalah_solver.h"

namespace arcade {

class KalahSession : public GameSessionFor<Kalah> {
 public:
  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop, const ReportCallback& on_iteration) override;
  Parsed<std::string> solve(const std::atomic<bool>& stop) override;
  bool has_solver() const override { return true; }

  // The endgame table's seeds for `solve` on boards of `houses` houses a
  // side: every board with at most this many seeds left is read, not
  // searched. Built once per session and size, in seconds at most.
  static int solve_endgame_seeds(int houses);
  // 2^kSolveTableBits entries of 16 bytes: 64 MB.
  static constexpr int kSolveTableBits = 22;
  // Perfect play solves a position with at most this many seeds in the
  // houses: six positions of 34 seeds from random games of Kalah(6, 4) took
  // 0.02 to 0.2 s each (with the endgame table built, 1 to 2 s once), on a
  // loaded two-core machine.
  static constexpr int kPerfectSolveSeeds = 32;

 private:
  // A best move, its line and its score, or nothing when the budget ran out.
  std::optional<SearchReport> perfect_move(const SearchLimits& limits,
                                           const std::atomic<bool>& stop);

  std::unique_ptr<KalahSolver> solver_;
  std::unique_ptr<KalahSolver> perfect_solver_;  // with a small endgame table
};

// "South wins by 10, best move d; line d a ...", or how a finished game
// ended ("South has won by 10"); the line in the game's notation.
std::string kalah_solution_words(const Kalah::Position& p, int margin,
                                 const std::vector<Move>& line);

}  // namespace arcade
