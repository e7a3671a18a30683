#pragma once
// The exact value of Kalah positions: MTD(f) over a table of bounds, with an
// endgame table of every position with few seeds left in the houses.
//
// Why the houses alone: what the stores hold is already won, so a position's
// value is the stores' difference plus the value of its houses, "how many
// more of the seeds still in the houses the side to move ends with than its
// opponent", which depends on the houses' counts only (and on who is to
// move: a board is always seen from the side to move, its houses first).
// Boards recur with different stores far more often than whole positions,
// and a board's value lies within +-(seeds on it).
//
// The search is negamax with the extra-turn rule (engine/game.h): a sowing
// that ends in the store adds its seeds and lets the same side search on,
// not negated; any other adds its seeds and subtracts the opponent's value
// of the board that follows. A sowing that leaves one side's houses empty
// ends the game: each side's remaining seeds are its own.
//
// The endgame table holds the value of every board with at most
// `endgame_seeds` seeds, indexed by the rank of the board's counts among all
// boards of that many seeds (stars and bars), built at construction: seeds
// only leave the houses, and a sowing that puts none in a store moves seeds
// towards the store, so the boards of n seeds depend only on those of n and
// fewer and never on themselves.

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/clock.h"
#include "games/kalah/kalah.h"

namespace arcade {

class KalahSolver {
 public:
  // A board seen from the side to move: its houses a.. in [0, h), the
  // opponent's a.. in [h, 2h); unused counts are 0.
  using Board = std::array<std::uint8_t, 2 * Kalah::kMaxHouses>;

  // For boards of `houses` houses a side, with an endgame table of every
  // board of at most `endgame_seeds` seeds and a table of 2^table_bits
  // entries of bounds (2 at least).
  KalahSolver(int houses, int endgame_seeds, int table_bits);

  // The value of the houses of `board` for the side to move: nothing if
  // `stop` was set first.
  std::optional<int> board_value(const Board& board, const std::atomic<bool>* stop = nullptr);
  // The exact final margin of position p for its side to move (its store
  // less the other's at the end, with best play): nothing if stopped.
  std::optional<int> value(const Kalah::Position& p, const std::atomic<bool>* stop = nullptr);
  // A best move of p and its line to the end of the game, each move keeping
  // the value; nothing if stopped or the game is over.
  std::optional<std::vector<Move>> best_line(const Kalah::Position& p,
                                             const std::atomic<bool>* stop = nullptr);

  // The endgame table's value of a board with seeds on both sides, if it
  // has few enough seeds to be in it.
  std::optional<int> endgame_board_value(const Board& board) const;

  static Board board_of(const Kalah::Position& p);
  // The searches after this give up (as if stopped) once `deadline` has
  // passed; none: no deadline.
  void set_deadline(std::optional<SteadyClock::time_point> deadline) { deadline_ = deadline; }
  int houses() const { return houses_; }
  int endgame_seeds() const { return endgame_seeds_; }
  std::uint64_t nodes() const { return nodes_; }
  std::int64_t endgame_build_ms() const { return endgame_build_ms_; }

  // What sowing house m (non-empty) of the side to move does to `board`:
  // seeds gained, whether the game ended (then the remaining seeds are
  // counted into gained) or the side moves again, and the board that follows
  // from the next mover's view.
  struct Sown {
    int gained = 0;
    bool ended = false;
    bool again = false;
    Board next{};
  };
  Sown sow(const Board& board, int m) const;

 private:
  struct Entry {
    std::uint64_t key_low = 0;  // the board's counts, exactly (pack)
    std::uint32_t key_high = 0;
    std::int8_t lower = -128;
    std::int8_t upper = 127;
    std::uint8_t best = 0xFF;
    std::uint8_t seeds = 0;  // on the board; 0 for an empty entry
  };
  Entry* find(std::size_t slot, std::uint64_t low, std::uint32_t high);

  int search(const Board& board, int seeds, int alpha, int beta);
  std::int8_t endgame_value(const Board& board, int seeds) const;
  std::uint64_t endgame_index(const Board& board, int seeds) const;
  void build_endgame();
  int solve_endgame(const Board& board, int seeds);
  static void pack(const Board& board, std::uint64_t& low, std::uint32_t& high);

  int houses_;
  int endgame_seeds_;
  std::vector<Entry> table_;
  std::uint64_t mask_;
  std::vector<std::int8_t> endgame_;
  std::vector<std::uint64_t> offset_;  // first index of the boards of n seeds
  // ways_[parts][seeds]: boards of `seeds` seeds over `parts` houses.
  std::vector<std::vector<std::uint64_t>> ways_;
  std::uint64_t nodes_ = 0;
  std::int64_t endgame_build_ms_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  std::optional<SteadyClock::time_point> deadline_;
  bool stopped_ = false;
};

}  // namespace arcade
