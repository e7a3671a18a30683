#pragma once
// The exact endgame solver of Reversi: the final disc difference under
// perfect play of both sides, in the manner of the strong solvers (Edax,
// Zebra).
//
// Why its own search rather than the engine's: the last 20-odd empties are
// searched to the end of the game, where ordering by the opponent's replies,
// region parity, stable discs and hand-written last moves are worth one or
// two orders of magnitude, and all of them need the bitboards themselves.
//
// Scores: the disc difference at the end of the game, the empty squares
// counted for the winner (the convention of the FFO test positions), from
// the view of the side to move, so from -64 to 64. A side with no move passes
// when the other side has one; the game ends when neither has.
//
// The search (endgame.cpp, numbered steps):
// - at the root, a series of null-window searches converging on the score
//   (MTD(f) from a guess of 0), the table carrying what each learnt;
// - below, alpha-beta negamax, fail-soft, principal variation search: the
//   first move with the window, the others with a null window (re-searched
//   when they fail high inside the window);
// - from kSortEmpties empties up: fastest first (the moves that leave the
//   opponent the fewest replies, corners counted twice), the table's move
//   first, a transposition table of exact positions and bounds, and a
//   stability cut-off (the opponent's stable discs bound the score);
// - below it: no table and no sort, the empties in a list from the best
//   squares to the worst, those in regions (quadrants) with an odd number of
//   empties first (parity);
// - the last four empties by hand-written functions without move lists, an
//   empty with no opponent disc around it skipped at once, and the last
//   move scored from the count of its flips alone (count_last_flips).
//
// Not thread-safe: one solver per thread.

#include <atomic>
#include <cstdint>
#include <vector>

#include "games/reversi/bitboard.h"

namespace arcade::reversi {

// The final disc difference of a finished game for `player`, empties to the
// winner.
int final_score(Bitboard player, Bitboard opponent);

// The squares whose disc `player` keeps whatever happens (corners, edges that
// cannot be turned, full lines, and discs held by these): a lower bound of
// their discs at the end.
Bitboard stable_discs(Bitboard player, Bitboard opponent);

class EndgameSolver {
 public:
  struct MoveScore {
    int square = 0;  // 0-63, see bitboard.h
    int score = 0;   // exact, for the side that plays `square`
  };

  // The table holds 2^table_bits positions (24 bytes each); the default is
  // 24 MB.
  explicit EndgameSolver(int table_bits = 20);

  // The exact score of the position for `player` (to move) when it lies
  // strictly inside (alpha, beta); otherwise a bound on the same side of the
  // window (fail-soft): <= alpha means the score is at most the value
  // returned, >= beta at least. -64 <= alpha < beta <= 64. Handles passes and
  // the end of the game. best_square() is then a best move when the score is
  // exact, a move reaching beta when it fails high (-1 when it fails low, the
  // side to move passes or the game is over). When the stop flag rises the
  // search unwinds at once and the value means nothing (see stopped()).
  int solve(Bitboard player, Bitboard opponent, int alpha = -64, int beta = 64);

  // Every legal move of `player` with its exact score, best first (ties in
  // square order); empty when `player` has no move. Stops like solve().
  std::vector<MoveScore> solve_moves(Bitboard player, Bitboard opponent);

  int best_square() const { return best_square_; }
  // Positions visited since the last reset_nodes() (every call counts one).
  std::uint64_t nodes() const { return nodes_; }
  void reset_nodes() { nodes_ = 0; }
  // Empties the table (positions from earlier solves stay valid otherwise).
  void clear_table();
  // Watched while solving, about every thousand nodes; may be null.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  bool stopped() const { return stopped_; }

  // At this many empties and more: sorted moves, the table and stability.
  static constexpr int kSortEmpties = 7;

 private:
  struct Entry {
    Bitboard player = 0, opponent = 0;
    std::int8_t lower = -64, upper = 64;
    std::uint8_t move = 255, empties = 0;
  };

  struct Candidate;
  int search_root(Bitboard player, Bitboard opponent, int alpha, int beta, int empties);
  int search_any(Bitboard player, Bitboard opponent, int alpha, int beta, int empties);
  int search_deep(Bitboard player, Bitboard opponent, int alpha, int beta, int empties);
  int search_moves(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
                   Bitboard moves, int hint, int& best_move);
  int search_shallow(Bitboard player, Bitboard opponent, int alpha, int beta, int empties,
                     bool passed);
  int solve_4(Bitboard player, Bitboard opponent, int alpha, int beta);
  int solve_3(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2, int x3);
  int solve_2(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2);
  int solve_1(Bitboard player, Bitboard opponent, int x);
  const Entry* probe(Bitboard player, Bitboard opponent) const;
  void store(Bitboard player, Bitboard opponent, int empties, int alpha, int beta, int score,
             int move);
  bool should_stop();
  void set_empties(Bitboard empty);
  void remove_empty(int square);
  void restore_empty(int square);

  std::vector<Entry> table_;
  int table_shift_;
  std::uint64_t nodes_ = 0;
  std::uint64_t next_stop_check_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped_ = false;
  int best_square_ = -1;
  // The empty squares as a doubly linked list in a fixed order from the best
  // squares to the worst; index 64 is the head. parity_ has bit q set when
  // quadrant q holds an odd number of empties.
  int next_[65] = {};
  int prev_[65] = {};
  unsigned parity_ = 0;
};

}  // namespace arcade::reversi
