#pragma once
// Reversi bitboards: one 64-bit word per side, one bit per square.
//
// bit = row * 8 + col, with columns a-h from left to right and rows 1-8 from
// top to bottom, so a1 (bit 0) is the top-left square and h8 (bit 63) the
// bottom-right one:
//
//          a  b  c  d  e  f  g  h
//   row 1  0  1  2  3  4  5  6  7     <- top
//   row 2  8  9 10 11 12 13 14 15
//   row 3 16 17 18 19 20 21 22 23
//   row 4 24 25 26 27 28 29 30 31
//   row 5 32 33 34 35 36 37 38 39
//   row 6 40 41 42 43 44 45 46 47
//   row 7 48 49 50 51 52 53 54 55
//   row 8 56 57 58 59 60 61 62 63     <- bottom
//
// A step east is bit + 1, south bit + 8, south-east bit + 9, south-west
// bit + 7. A shift by 1, 7 or 9 would wrap a line from column h into column a
// of the next row (or back): the column masks below cut those wraps off.
//
// Everything here is branch-light and allocation-free: it is the inner loop
// of the endgame solver and of the heuristic search.

#include <array>
#include <bit>
#include <cstdint>

namespace arcade::reversi {

using Bitboard = std::uint64_t;

inline constexpr Bitboard kColumnA = 0x0101010101010101ULL;
inline constexpr Bitboard kColumnH = 0x8080808080808080ULL;
inline constexpr Bitboard kNotColumnA = ~kColumnA;
inline constexpr Bitboard kNotColumnH = ~kColumnH;
inline constexpr Bitboard kCorners = 0x8100000000000081ULL;

inline constexpr Bitboard square_bit(int square) {
  return Bitboard{1} << square;
}
inline constexpr int count(Bitboard b) {
  return std::popcount(b);
}

namespace detail {

// Moves along one direction: a run of opponent discs that starts next to a
// player disc, then the empty square after it. `mask` is the opponent's discs
// that may be inside such a run along this direction (the wrap columns cut),
// `shift` > 0 steps towards higher bits. The run of up to six discs is found
// by doubling (Kogge-Stone): 1, then 2 more, then 2 more, then the last.
template <int kShift>
constexpr Bitboard moves_along(Bitboard player, Bitboard mask) {
  auto step = [](Bitboard b, int n) { return kShift > 0 ? b << (kShift * n) : b >> (-kShift * n); };
  Bitboard run = mask & step(player, 1);
  run |= mask & step(run, 1);
  const Bitboard pairs = mask & step(mask, 1);
  run |= pairs & step(run, 2);
  run |= pairs & step(run, 2);
  return step(run, 1);
}

// A ray from each square in each direction, the square itself excluded; the
// directions are E, W, S, N, SE, NW, SW, NE (even index: towards higher bits).
struct Rays {
  std::array<std::array<Bitboard, 8>, 64> ray{};
};

constexpr Rays make_rays() {
  constexpr int kDc[8] = {1, -1, 0, 0, 1, -1, -1, 1};
  constexpr int kDr[8] = {0, 0, 1, -1, 1, -1, 1, -1};
  Rays rays;
  for (int square = 0; square < 64; ++square) {
    for (int d = 0; d < 8; ++d) {
      Bitboard ray = 0;
      for (int r = square / 8 + kDr[d], c = square % 8 + kDc[d]; r >= 0 && r < 8 && c >= 0 && c < 8;
           r += kDr[d], c += kDc[d]) {
        ray |= square_bit(r * 8 + c);
      }
      rays.ray[square][d] = ray;
    }
  }
  return rays;
}

inline constexpr Rays kRays = make_rays();

}  // namespace detail

// The squares where `player` may play: empty squares that close at least one
// line of opponent discs against a player disc.
constexpr Bitboard legal_moves(Bitboard player, Bitboard opponent) {
  using detail::moves_along;
  const Bitboard inner = opponent & kNotColumnA & kNotColumnH;
  Bitboard moves = moves_along<1>(player, inner) | moves_along<-1>(player, inner) |
                   moves_along<8>(player, opponent) | moves_along<-8>(player, opponent) |
                   moves_along<9>(player, inner) | moves_along<-9>(player, inner) |
                   moves_along<7>(player, inner) | moves_along<-7>(player, inner);
  return moves & ~(player | opponent);
}

// The opponent discs that playing `square` turns over (0 when the move is
// illegal; `square` must be empty). Along each ray the first square that is
// not an opponent disc ends the run: the run flips when that square is a
// player disc.
constexpr Bitboard flips(Bitboard player, Bitboard opponent, int square) {
  const auto& rays = detail::kRays.ray[square];
  Bitboard flipped = 0;
  for (int d = 0; d < 8; d += 2) {
    // Towards higher bits: the lowest non-opponent square of the ray.
    const Bitboard up = rays[d];
    const Bitboard up_end = up & ~opponent;
    const Bitboard up_first = up_end & (~up_end + 1);
    if (up_first & player) flipped |= (up_first - 1) & up;
    // Towards lower bits: the highest non-opponent square of the ray.
    const Bitboard down = rays[d + 1];
    const Bitboard down_end = down & ~opponent;
    if (down_end) {
      const Bitboard down_first = Bitboard{1} << (63 - std::countl_zero(down_end));
      if (down_first & player) flipped |= down & ~((down_first << 1) - 1);
    }
  }
  return flipped;
}

namespace detail {

// The (up to eight) squares around each square.
constexpr std::array<Bitboard, 64> make_neighbours() {
  std::array<Bitboard, 64> around{};
  for (int square = 0; square < 64; ++square)
    for (int r = square / 8 - 1; r <= square / 8 + 1; ++r)
      for (int c = square % 8 - 1; c <= square % 8 + 1; ++c)
        if (r >= 0 && r < 8 && c >= 0 && c < 8 && r * 8 + c != square)
          around[square] |= square_bit(r * 8 + c);
  return around;
}
inline constexpr std::array<Bitboard, 64> kNeighbours = make_neighbours();

// kLastFlips[x][line]: the discs a move on column x of a full 8-square line
// turns when `line` (bit i for column i) holds the mover's discs and every
// other square of it but x is the opponent's. A square missing from a
// shorter line (a diagonal) reads as an opponent disc, which is harmless: the
// missing squares are at the line's ends, so no run through them closes.
constexpr std::array<std::array<std::uint8_t, 256>, 8> make_last_flips() {
  std::array<std::array<std::uint8_t, 256>, 8> table{};
  for (int x = 0; x < 8; ++x) {
    for (int line = 0; line < 256; ++line) {
      int turned = 0;
      for (int step : {-1, 1}) {
        int at = x + step, run = 0;
        while (at >= 0 && at < 8 && !(line >> at & 1)) ++run, at += step;
        if (at >= 0 && at < 8) turned += run;
      }
      table[x][line] = static_cast<std::uint8_t>(turned);
    }
  }
  return table;
}
inline constexpr auto kLastFlips = make_last_flips();

// The two diagonals through each square (a1-h8 and h1-a8 directions), the
// square included.
struct DiagonalsThrough {
  std::array<Bitboard, 64> down{}, up{};
};
constexpr DiagonalsThrough make_diagonals_through() {
  DiagonalsThrough d;
  for (int s = 0; s < 64; ++s)
    for (int t = 0; t < 64; ++t) {
      if (s / 8 - s % 8 == t / 8 - t % 8) d.down[s] |= square_bit(t);
      if (s / 8 + s % 8 == t / 8 + t % 8) d.up[s] |= square_bit(t);
    }
  return d;
}
inline constexpr DiagonalsThrough kDiagonalsThrough = make_diagonals_through();

// The bits of a line with one square per column, as an 8-bit row (column i
// in bit i): the multiplication adds the line's bytes, which share no bit.
constexpr unsigned gather_columns(Bitboard line) {
  return static_cast<unsigned>((line * kColumnA) >> 56);
}
// Column a as an 8-bit row, a1 in bit 0.
constexpr unsigned gather_column_a(Bitboard b) {
  return static_cast<unsigned>(((b & kColumnA) * 0x0102040810204080ULL) >> 56);
}

}  // namespace detail

// Whether `square` has an opponent disc next to it: false means it is no
// move, known without computing flips().
constexpr bool touches(Bitboard opponent, int square) {
  return (opponent & detail::kNeighbours[square]) != 0;
}

// The number of discs `player` turns by playing `square` when it is the last
// empty square (every other square holds a disc, so the opponent's are all
// the others): count(flips(player, ~player & ~square_bit(square), square)),
// from four table reads instead of eight rays. It is the hot path of the
// endgame solver's last move, which needs only the count.
constexpr int count_last_flips(Bitboard player, int square) {
  using namespace detail;
  const int row = square >> 3, column = square & 7;
  return kLastFlips[column][(player >> (8 * row)) & 0xFF] +
         kLastFlips[row][gather_column_a(player >> column)] +
         kLastFlips[column][gather_columns(player & kDiagonalsThrough.down[square])] +
         kLastFlips[column][gather_columns(player & kDiagonalsThrough.up[square])];
}

// Empty squares next to an opponent disc: where the player may one day play.
// A cheap measure of the mobility to come (fewer means a freer position).
constexpr Bitboard potential_moves(Bitboard player, Bitboard opponent) {
  const Bitboard o = opponent;
  const Bitboard next = ((o & kNotColumnA) >> 1) | ((o & kNotColumnH) << 1) | (o >> 8) | (o << 8) |
                        ((o & kNotColumnA) >> 9) | ((o & kNotColumnH) << 9) |
                        ((o & kNotColumnH) >> 7) | ((o & kNotColumnA) << 7);
  return next & ~(player | opponent);
}

}  // namespace arcade::reversi
