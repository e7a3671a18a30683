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
