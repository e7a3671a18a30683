// The search on Tic-tac-toe, whose complete game tree is small enough to
// check by brute force.

#include <gtest/gtest.h>

#include "engine/perft.h"
#include "engine/search.h"
#include "games/tictactoe.h"

namespace arcade {
namespace {

SearchInfo search_ttt(const TicTacToe::Position& p, SearchOptions options, int depth = 0) {
  TranspositionTable table(1);
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.depth = depth;
  return Searcher<TicTacToe>(table).search(p, limits, options, stop);
}

TEST(TicTacToeSearch, StartIsAProvenDraw) {
  const SearchInfo info = search_ttt(TicTacToe::start(), {});
  EXPECT_EQ(info.score, kDraw);
  EXPECT_TRUE(info.proven);
}

TEST(TicTacToePerft, CompleteGamesMatchThePublishedCount) {
  EXPECT_EQ(count_complete_games<TicTacToe>(TicTacToe::start()), 255168u);
}

}  // namespace
}  // namespace arcade
