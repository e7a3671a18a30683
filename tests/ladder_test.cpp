// The difficulty ladder is ordered by play, not only by construction: a
// higher level must beat a lower one, and Perfect must never lose Tic-tac-toe,
// a game known to be a draw with best play (Zermelo; exhaustive analysis).

#include <gtest/gtest.h>

#include <sstream>

#include "cli/match.h"
#include "engine/level.h"

namespace arcade::cli {
namespace {

MatchResult play(const std::string& game, int level_a, int level_b, int games, int openings) {
  MatchSettings s;
  s.game = game;
  s.level_a = level_a;
  s.level_b = level_b;
  s.games = games;
  s.seed = 7;
  s.opening_plies = openings;
  std::ostringstream ignored;
  return play_match(s, ignored);
}

TEST(LadderTest, EveryLevelHasANameAndADescription) {
  ASSERT_GE(kLevelCount, 5);
  EXPECT_EQ(kLevels[0].name, "Beginner");
  EXPECT_EQ(kLevels[kLevelCount - 1].name, "Perfect");
  for (const Level& l : kLevels) EXPECT_FALSE(l.description.empty()) << l.name;
}

TEST(LadderTest, ClubBeatsBeginnerAtConnectFour) {
  const MatchResult r = play("connect4", 3, 1, 40, 2);
  EXPECT_EQ(r.a_wins + r.draws + r.b_wins, 40);
  EXPECT_GT(r.a_score(), 0.6);
}

TEST(LadderTest, PerfectNeverLosesTicTacToe) {
  for (int lower = 1; lower < kLevelCount; ++lower) {
    const MatchResult r = play("tictactoe", kLevelCount, lower, 100, 0);
    EXPECT_EQ(r.b_wins, 0) << kLevels[lower - 1].name;
  }
}

TEST(LadderTest, BeginnerLosesTicTacToeOften) {
  // Two moves in five at random cannot hold a draw: a measurable share lost.
  const MatchResult r = play("tictactoe", kLevelCount, 1, 100, 0);
  EXPECT_GT(r.a_wins, 20);
}

}  // namespace
}  // namespace arcade::cli
