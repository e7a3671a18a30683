#include "games/wolfsheep/wolfsheep_solution.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <chrono>
#include <utility>

namespace arcade {
namespace {

using Position = WolfSheep::Position;

// Squares and dark squares: the dark squares are numbered 0..31 by square / 2
// (rank * 4 + file / 2), an order-keeping bijection.
constexpr int kDarkSquares = 32;
constexpr int kMaxAdvance = WolfSheep::kWolfCount * 7;

constexpr int square_of_dark(int dark) {
  const int rank = dark / 4;
  return rank * 8 + 2 * (dark % 4) + (rank % 2);
}

// C(n, k) for n < 32, k <= 4: the number of k-subsets of n dark squares.
constexpr std::array<std::array<std::uint32_t, 5>, kDarkSquares> kBinomial = [] {
  std::array<std::array<std::uint32_t, 5>, kDarkSquares> c{};
  for (int n = 0; n < kDarkSquares; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= 4; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
  }
  return c;
}();
constexpr std::size_t kWolfSets = kBinomial[kDarkSquares - 1][4] + kBinomial[kDarkSquares - 1][3];
static_assert(kWolfSets == 35960);
constexpr std::size_t kEntries = kWolfSets * kDarkSquares * 2;

// Table layout: ((wolf set rank * 32) + sheep's dark square) * 2 + sheep to
// move. A wolf set of dark squares d0 < d1 < d2 < d3 ranks as
// C(d0,1) + C(d1,2) + C(d2,3) + C(d3,4) (the combinatorial number system),
// which counts the sets in the order the nested loops of `build` visit them.
std::size_t wolf_set_rank(std::uint64_t wolves) {
  std::size_t rank = 0;
  int k = 1;
  for (; wolves; wolves &= wolves - 1) rank += kBinomial[std::countr_zero(wolves) / 2][k++];
  return rank;
}

std::size_t index_of(const Position& p) {
  return (wolf_set_rank(p.wolves) * kDarkSquares + p.sheep / 2) * 2 + (p.sheep_to_move ? 1 : 0);
}

bool well_formed(const Position& p) {
  constexpr std::uint64_t kDark = 0xAA55AA55AA55AA55ull;
  const std::uint64_t sheep = std::uint64_t{1} << (p.sheep & 63);
  return std::popcount(p.wolves) == WolfSheep::kWolfCount && (p.wolves & ~kDark) == 0 &&
         p.sheep < 64 && (sheep & kDark) && !(sheep & p.wolves);
}

// An entry is plies * 2 + 1 for a win of the side to move, plies * 2 for a
// loss; kUnsolved for a slot that holds no placement (the sheep on a wolf).
constexpr std::uint8_t kUnsolved = 0xFF;
constexpr std::uint8_t encode(bool win, int plies) {
  return static_cast<std::uint8_t>(plies * 2 + (win ? 1 : 0));
}
constexpr bool entry_wins(std::uint8_t e) {
  return e & 1;
}
constexpr int entry_plies(std::uint8_t e) {
  return e >> 1;
}
Score entry_score(std::uint8_t e) {
  return entry_wins(e) ? win_in(entry_plies(e)) : loss_in(entry_plies(e));
}

// The value of p from its successors' values, all already in the table: a
// win as fast as possible if some move leaves the opponent lost, else a loss
// as late as possible.
std::uint8_t solve_position(const Position& p, const std::vector<std::uint8_t>& entries) {
  const Outcome outcome = WolfSheep::outcome(p);
  if (outcome != Outcome::kOngoing) return encode(outcome == Outcome::kWon, 0);
  MoveList<WolfSheep::kMaxMoves> moves;
  WolfSheep::generate_moves(p, moves);
  int fastest_win = WolfSheep::kMaxGamePlies + 1, longest_loss = -1;
  for (Move m : moves) {
    const std::uint8_t next = entries[index_of(WolfSheep::play(p, m))];
    assert(next != kUnsolved);  // the order of the pass solves successors first
    if (entry_wins(next))
      longest_loss = std::max(longest_loss, entry_plies(next) + 1);
    else
      fastest_win = std::min(fastest_win, entry_plies(next) + 1);
  }
  return fastest_win <= WolfSheep::kMaxGamePlies ? encode(true, fastest_win)
                                                 : encode(false, longest_loss);
}

struct WolfSet {
  std::uint64_t wolves;
};

// Every wolf set, grouped by the wolves' total advance (7 - rank summed).
std::array<std::vector<WolfSet>, kMaxAdvance + 1> wolf_sets_by_advance() {
  std::array<std::vector<WolfSet>, kMaxAdvance + 1> levels;
  for (int d3 = 3; d3 < kDarkSquares; ++d3)
    for (int d2 = 2; d2 < d3; ++d2)
      for (int d1 = 1; d1 < d2; ++d1)
        for (int d0 = 0; d0 < d1; ++d0) {
          const Position p{(std::uint64_t{1} << square_of_dark(d0)) |
                               (std::uint64_t{1} << square_of_dark(d1)) |
                               (std::uint64_t{1} << square_of_dark(d2)) |
                               (std::uint64_t{1} << square_of_dark(d3)),
                           0, true};
          levels[WolfSheep::wolves_advance(p)].push_back({p.wolves});
        }
  return levels;
}

}  // namespace

WolfSheepSolution::WolfSheepSolution() : entries_(kEntries, kUnsolved) {
  const auto started = std::chrono::steady_clock::now();
  const auto levels = wolf_sets_by_advance();
  for (int advance = kMaxAdvance; advance >= 0; --advance) {
    for (bool sheep_to_move : {false, true}) {
      for (const WolfSet& set : levels[advance]) {
        for (int dark = 0; dark < kDarkSquares; ++dark) {
          const int sheep = square_of_dark(dark);
          if (set.wolves & (std::uint64_t{1} << sheep)) continue;
          const Position p{set.wolves, static_cast<std::uint8_t>(sheep), sheep_to_move};
          entries_[index_of(p)] = solve_position(p, entries_);
          ++positions_solved_;
        }
      }
    }
  }
  build_microseconds_ = std::chrono::duration_cast<std::chrono::microseconds>(
                            std::chrono::steady_clock::now() - started)
                            .count();
}

const WolfSheepSolution& WolfSheepSolution::instance() {
  static const WolfSheepSolution solution;  // C++11 guarantees one thread builds it
  return solution;
}

std::optional<Score> WolfSheepSolution::value(const Position& p) const {
  if (!well_formed(p)) return std::nullopt;
  return entry_score(entries_[index_of(p)]);
}

Move WolfSheepSolution::best_move(const Position& p) const {
  if (!well_formed(p) || WolfSheep::outcome(p) != Outcome::kOngoing) return kNoMove;
  const std::uint8_t here = entries_[index_of(p)];
  MoveList<WolfSheep::kMaxMoves> moves;
  WolfSheep::generate_moves(p, moves);
  for (Move m : moves) {
    const std::uint8_t next = entries_[index_of(WolfSheep::play(p, m))];
    if (entry_wins(next) != entry_wins(here) && entry_plies(next) + 1 == entry_plies(here))
      return m;
  }
  return kNoMove;  // unreachable: some move realises the value
}

std::string WolfSheepSolution::describe(const Position& p) const {
  const auto score = value(p);
  if (!score) return "not a well-formed position";
  const bool sheep_wins = is_win(*score) == p.sheep_to_move;
  const int plies = plies_to_end(*score);
  if (plies == 0) return sheep_wins ? "the sheep has won" : "the wolves have won";
  return std::string(sheep_wins ? "sheep wins" : "wolves win") + " in " + std::to_string(plies) +
         (plies == 1 ? " ply" : " plies") + ", best move " +
         WolfSheep::move_to_text(p, best_move(p));
}

std::optional<Score> WolfSheep::probe(const Position& p) {
  return WolfSheepSolution::instance().value(p);
}

Parsed<std::string> WolfSheepSession::solve(const std::atomic<bool>& stop) {
  (void)stop;  // the table builds in well under a second; nothing to interrupt
  return WolfSheepSolution::instance().describe(position_);
}

}  // namespace arcade
