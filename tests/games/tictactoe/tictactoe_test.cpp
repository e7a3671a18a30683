// Tic-tac-toe is small enough to check everything against brute force: the
// engine's score of every reachable position, and the AI against every
// possible opponent.

#include "games/tictactoe/tictactoe.h"

#include <gtest/gtest.h>

#include <array>
#include <map>

#include "engine/perft.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

using P = TicTacToe::Position;

// --- An independent reference, on a plain 9-char board -------------------

using Board = std::array<char, 9>;  // index = (rank - 1) * 3 + file, as a1..c3

bool reference_line(const Board& b, char c) {
  static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                       {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& l : kLines)
    if (b[l[0]] == c && b[l[1]] == c && b[l[2]] == c) return true;
  return false;
}

// Perfect-play value for `to_move`: +1 win, 0 draw, -1 loss, with the plies to
// the end (the winner hurries, the loser delays). Plain recursion, no pruning.
std::pair<int, int> reference_value(Board& b, char to_move) {
  const char other = to_move == 'x' ? 'o' : 'x';
  if (reference_line(b, other)) return {-1, 0};
  std::pair<int, int> best{-2, 0};
  for (int sq = 0; sq < 9; ++sq) {
    if (b[sq] != '.') continue;
    b[sq] = to_move;
    auto [v, plies] = reference_value(b, other);
    b[sq] = '.';
    const std::pair<int, int> mine{-v, plies + 1};
    const bool better = mine.first > best.first ||
                        (mine.first == best.first && mine.first > 0 && mine.second < best.second) ||
                        (mine.first == best.first && mine.first < 0 && mine.second > best.second);
    if (better) best = mine;
  }
  if (best.first == -2) return {0, 0};  // full board
  return best;
}

Score reference_score(const P& p) {
  const std::string text = TicTacToe::to_text(p);  // ranks 3..1
  Board b;
  for (int rank = 2, i = 0; rank >= 0; --rank, ++i)
    for (int file = 0; file < 3; ++file) b[rank * 3 + file] = text[i * 4 + file];
  const auto [v, plies] = reference_value(b, TicTacToe::x_to_move(p) ? 'x' : 'o');
  return v > 0 ? win_in(plies) : v < 0 ? loss_in(plies) : kDraw;
}

void all_positions(const P& p, std::map<std::string, P>& out) {
  if (!out.emplace(TicTacToe::to_text(p), p).second) return;
  MoveList<9> moves;
  TicTacToe::generate_moves(p, moves);
  for (Move m : moves) all_positions(TicTacToe::play(p, m), out);
}

// --- Tests ----------------------------------------------------------------

TEST(TicTacToe, CompleteGamesMatchThePublishedCount) {
  EXPECT_EQ(count_complete_games<TicTacToe>(TicTacToe::start()), 255168u);
}

TEST(TicTacToe, ReachablePositionsMatchThePublishedCount) {
  std::map<std::string, P> positions;
  all_positions(TicTacToe::start(), positions);
  EXPECT_EQ(positions.size(), 5478u);  // legal positions reachable in play
}

TEST(TicTacToe, StartIsAProvenDraw) {
  const SearchInfo info = search_once<TicTacToe>(TicTacToe::start(), {});
  EXPECT_EQ(info.score, kDraw);
  EXPECT_TRUE(info.proven);
  // Two plies deep the value is a guess, even when it is 0.
  EXPECT_FALSE(search_once<TicTacToe>(TicTacToe::start(), {}, 2).proven);
}

TEST(TicTacToe, EveryPositionScoresAsTheBruteForceReference) {
  std::map<std::string, P> positions;
  all_positions(TicTacToe::start(), positions);
  SearchOptions options;
  options.random_ties = true;
  for (const auto& [text, p] : positions) {
    const SearchInfo info = search_once<TicTacToe>(p, options);
    ASSERT_TRUE(info.proven) << text;
    ASSERT_EQ(info.score, reference_score(p)) << text;
  }
}

TEST(TicTacToe, PrefersTheFastestWin) {
  // x to move can win at once on c3, or later by other moves.
  const auto p = TicTacToe::from_text("xx./oo./...");
  ASSERT_TRUE(p.ok()) << p.error();
  const SearchInfo info = search_once<TicTacToe>(*p, {});
  EXPECT_EQ(TicTacToe::move_to_text(*p, info.best), "c3");
  EXPECT_EQ(info.score, win_in(1));
}

// The AI plays every move of `ai_side` ('x' or 'o'); the opponent tries every
// legal move in turn. Returns the number of games the AI lost.
int losses_against_every_opponent(const P& p, bool ai_is_x, std::uint64_t seed) {
  if (TicTacToe::outcome(p) != Outcome::kOngoing) {
    const bool ai_to_move = TicTacToe::x_to_move(p) == ai_is_x;
    return TicTacToe::outcome(p) == Outcome::kLost && ai_to_move ? 1 : 0;
  }
  if (TicTacToe::x_to_move(p) == ai_is_x) {
    SearchOptions options;
    options.random_ties = true;
    options.seed = seed;
    const SearchInfo info = search_once<TicTacToe>(p, options);
    return losses_against_every_opponent(TicTacToe::play(p, info.best), ai_is_x, seed * 31 + 7);
  }
  int losses = 0;
  MoveList<9> moves;
  TicTacToe::generate_moves(p, moves);
  for (Move m : moves)
    losses += losses_against_every_opponent(TicTacToe::play(p, m), ai_is_x, seed);
  return losses;
}

TEST(TicTacToe, TheAINeverLosesAgainstAnyOpponent) {
  for (std::uint64_t seed : {1, 2, 3}) {
    EXPECT_EQ(losses_against_every_opponent(TicTacToe::start(), true, seed), 0);
    EXPECT_EQ(losses_against_every_opponent(TicTacToe::start(), false, seed), 0);
  }
}

TEST(TicTacToe, ImpossiblePositionsAreRejected) {
  for (const char* text : {"xxx/.../...",     // three x, no o
                           "oo./.../...",     // o moved first
                           "xxx/ooo/...",     // both have a line
                           "xxx/oo./o..",     // o moved after x's line
                           "x../.../...x",    // too long
                           "x../.../.o",      // too short
                           "x../.#./...",     // bad character
                           "x..-.../..."}) {  // bad separator
    EXPECT_FALSE(TicTacToe::from_text(text).ok()) << text;
  }
  EXPECT_TRUE(TicTacToe::from_text("xxx/oo./...").ok());  // x just won: a legal end
}

TEST(TicTacToe, IllegalMovesAreRejected) {
  const auto p = *TicTacToe::from_text("x../.o./...");
  EXPECT_FALSE(TicTacToe::move_from_text(p, "a3").ok());  // taken
  EXPECT_FALSE(TicTacToe::move_from_text(p, "d1").ok());  // off the board
  EXPECT_FALSE(TicTacToe::move_from_text(p, "a0").ok());
  EXPECT_FALSE(TicTacToe::move_from_text(*TicTacToe::from_text("xxx/oo./..."), "c1").ok());
  EXPECT_TRUE(TicTacToe::move_from_text(p, "c1").ok());
}

}  // namespace
}  // namespace arcade::testing
