#pragma once
// Kalah behind the session interface, with its exact solver: `solve`
// answers who wins by how much with best play, a best move and the line
// that keeps the value to the end, and the Perfect level's searches read
// the exact value of every position with few seeds left (Kalah::probe).

#include <atomic>
#include <memory>
#include <string>

#include "engine/session.h"
#include "games/kalah/kalah.h"
#include "games/kalah/kalah_solver.h"

namespace arcade {

class KalahSession : public GameSessionFor<Kalah> {
 public:
  Parsed<std::string> solve(const std::atomic<bool>& stop) override;
  bool has_solver() const override { return true; }

  // The endgame table's seeds for `solve` on boards of `houses` houses a
  // side: every board with at most this many seeds left is read, not
  // searched. Built once per session and size, in seconds at most.
  static int solve_endgame_seeds(int houses);
  // 2^kSolveTableBits entries of 16 bytes: 64 MB.
  static constexpr int kSolveTableBits = 22;

 private:
  std::unique_ptr<KalahSolver> solver_;
};

// "South wins by 10, best move d; line d a ...", or how a finished game
// ended ("South has won by 10"); the line in the game's notation.
std::string kalah_solution_words(const Kalah::Position& p, int margin,
                                 const std::vector<Move>& line);

}  // namespace arcade
