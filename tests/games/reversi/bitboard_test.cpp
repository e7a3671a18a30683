// The bitboard move generator against a plain walk of each of the eight
// directions square by square, on many random boards.
#include "games/reversi/bitboard.h"

#include <gtest/gtest.h>

#include <random>

namespace arcade::reversi {
namespace {

// 0 empty, 1 player, 2 opponent.
using Grid = std::array<int, 64>;

Grid grid_of(Bitboard player, Bitboard opponent) {
  Grid g{};
  for (int s = 0; s < 64; ++s) g[s] = (player >> s & 1) ? 1 : (opponent >> s & 1) ? 2 : 0;
  return g;
}

Bitboard brute_flips(const Grid& g, int square) {
  if (g[square] != 0) return 0;
  Bitboard all = 0;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      if (dr == 0 && dc == 0) continue;
      Bitboard run = 0;
      int r = square / 8 + dr, c = square % 8 + dc;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && g[r * 8 + c] == 2) {
        run |= square_bit(r * 8 + c);
        r += dr;
        c += dc;
      }
      if (r >= 0 && r < 8 && c >= 0 && c < 8 && g[r * 8 + c] == 1) all |= run;
    }
  }
  return all;
}

// Boards of every density: each square empty, player or opponent with
// probabilities that vary from board to board.
std::pair<Bitboard, Bitboard> random_board(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> percent(0, 100);
  const int empty = percent(rng), mine = percent(rng);
  Bitboard player = 0, opponent = 0;
  for (int s = 0; s < 64; ++s) {
    if (percent(rng) < empty) continue;
    (percent(rng) < mine ? player : opponent) |= square_bit(s);
  }
  return {player, opponent};
}

TEST(ReversiBitboard, MovesAndFlipsEqualADirectionWalkOnRandomBoards) {
  std::mt19937_64 rng(24);
  for (int board = 0; board < 20000; ++board) {
    const auto [player, opponent] = random_board(rng);
    const Grid g = grid_of(player, opponent);
    Bitboard expected_moves = 0;
    for (int s = 0; s < 64; ++s) {
      const Bitboard expected = brute_flips(g, s);
      if (expected) expected_moves |= square_bit(s);
      if (g[s] == 0) {
        ASSERT_EQ(flips(player, opponent, s), expected) << board << " square " << s;
      }
    }
    ASSERT_EQ(legal_moves(player, opponent), expected_moves) << "board " << board;
  }
}

TEST(ReversiBitboard, StartHasFourMovesEachFlippingOneDisc) {
  // White d4 e5, Black d5 e4 (d4 = row 4 col d = bit 27); Black to move.
  const Bitboard white = square_bit(27) | square_bit(36);
  const Bitboard black = square_bit(35) | square_bit(28);
  // Black's moves at the start: d3, c4, f5, e6.
  const Bitboard expected = square_bit(19) | square_bit(26) | square_bit(37) | square_bit(44);
  EXPECT_EQ(legal_moves(black, white), expected);
  EXPECT_EQ(flips(black, white, 19), square_bit(27));  // d3 turns d4
  EXPECT_EQ(flips(black, white, 20), Bitboard{0});     // e3 is not a move
  EXPECT_EQ(count(expected), 4);
}

TEST(ReversiBitboard, PotentialMovesAreEmptySquaresNextToOpponentDiscs) {
  std::mt19937_64 rng(7);
  for (int board = 0; board < 2000; ++board) {
    const auto [player, opponent] = random_board(rng);
    Bitboard expected = 0;
    for (int s = 0; s < 64; ++s) {
      if ((player | opponent) >> s & 1) continue;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int r = s / 8 + dr, c = s % 8 + dc;
          if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8 && (opponent >> (r * 8 + c) & 1))
            expected |= square_bit(s);
        }
    }
    ASSERT_EQ(potential_moves(player, opponent), expected) << "board " << board;
  }
}

// The last empty square's flip count against the direction walk, on full
// boards of every density with one square left empty, every square in turn.
TEST(ReversiBitboard, LastFlipCountEqualsTheFlipsOfTheDirectionWalk) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> percent(0, 100);
  int moves = 0;
  for (int board = 0; board < 3000; ++board) {
    const int mine = percent(rng);
    Bitboard full_player = 0;
    for (int s = 0; s < 64; ++s)
      if (percent(rng) < mine) full_player |= square_bit(s);
    for (int x = 0; x < 64; ++x) {
      const Bitboard player = full_player & ~square_bit(x);
      const Bitboard opponent = ~player & ~square_bit(x);
      const int expected = count(brute_flips(grid_of(player, opponent), x));
      moves += expected > 0;
      ASSERT_EQ(count_last_flips(player, x), expected) << "board " << board << " square " << x;
    }
  }
  EXPECT_GT(moves, 10000);  // most of the cases tried were moves
}

// A square with no opponent disc around it is never a move; one with is
// whenever the walk finds flips (touches() is only a filter).
TEST(ReversiBitboard, SquaresThatTouchNoOpponentDiscHaveNoFlips) {
  std::mt19937_64 rng(13);
  int filtered = 0;
  for (int board = 0; board < 5000; ++board) {
    const auto [player, opponent] = random_board(rng);
    const Grid g = grid_of(player, opponent);
    for (int s = 0; s < 64; ++s) {
      if (g[s] != 0 || touches(opponent, s)) continue;
      ++filtered;
      ASSERT_EQ(brute_flips(g, s), Bitboard{0}) << "board " << board << " square " << s;
    }
  }
  EXPECT_GT(filtered, 1000);
}

}  // namespace
}  // namespace arcade::reversi
