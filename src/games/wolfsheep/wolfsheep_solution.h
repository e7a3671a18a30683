#pragma once
// The complete solution of Wolf and Sheep, computed by retrograde analysis.
//
// Why a table: the game has few positions (four wolves on 32 dark squares,
// the sheep on one of the other 28, two sides to move: 2,013,760 placements
// in 2,301,440 one-byte slots), so every one of them can be solved
// exactly in one pass, one byte each, in a fraction of a second. The pass
// needs no iteration to a fixed point because the wolves only go forward:
// a wolf move raises the wolves' total advance by one, a sheep move keeps it,
// so advance levels are solved from the highest down, at each level first
// the positions with the wolves to move (their successors lie one level up),
// then those with the sheep to move (their successors are the wolves-to-move
// positions of the same level, just solved).
//
// A value is "the side to move wins (or loses) in exactly n plies" with best
// play: the winner wins as fast as it can, the loser holds out as long as it
// can, the convention of score.h.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/session.h"
#include "games/wolfsheep/wolfsheep.h"

namespace arcade {

class WolfSheepSolution {
 public:
  // The solution, built on first use; safe to call from any thread.
  static const WolfSheepSolution& instance();

  // The exact value at ply 0 (win_in(n) or loss_in(n)) for the side to move;
  // nothing for a malformed position (not four wolves and a sheep on
  // distinct dark squares).
  std::optional<Score> value(const WolfSheep::Position& p) const;
  // A move that keeps the exact value (the fastest win, the longest
  // resistance); kNoMove when the game is over or the position malformed.
  Move best_move(const WolfSheep::Position& p) const;
  // "wolves win in 41 plies, best move b8a7", or who has won when it is over.
  std::string describe(const WolfSheep::Position& p) const;

  // How long the retrograde pass took, and how many positions it solved.
  std::int64_t build_microseconds() const { return build_microseconds_; }
  std::size_t positions_solved() const { return positions_solved_; }

 private:
  WolfSheepSolution();

  std::vector<std::uint8_t> entries_;  // see wolfsheep_solution.cpp for the encoding
  std::int64_t build_microseconds_ = 0;
  std::size_t positions_solved_ = 0;
};

// A session whose `solve` reads the exact result from the solution.
class WolfSheepSession : public GameSessionFor<WolfSheep> {
 public:
  Parsed<std::string> solve(const std::atomic<bool>& stop) override;
  bool has_solver() const override { return true; }
};

}  // namespace arcade
