// The words the level menu gives Reversi's levels are what the levels do:
// the top level's numbers (how far it searches the midgame, from how many
// empties it plays exactly) are read from its words and checked against the
// session's searches on positions of random play.

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <string>

#include "engine/level.h"
#include "games/registry.h"
#include "games/reversi/reversi.h"
#include "games/reversi/reversi_session.h"

namespace arcade::testing {
namespace {

using R = Reversi;

// A position of `empties` empty squares after random play from the start,
// Black or White to move with a move of its own (not a pass), or nothing if
// this game ended or passed on the way.
std::optional<R::Position> random_position(std::mt19937_64& rng, int empties) {
  R::Position p = R::start();
  while (R::empties(p) > empties) {
    MoveList<R::kMaxMoves> moves;
    R::generate_moves(p, moves);
    if (moves.empty()) return std::nullopt;
    p = R::play(p, moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
  }
  if (R::empties(p) != empties || R::outcome(p) != Outcome::kOngoing || R::must_pass(p))
    return std::nullopt;
  return p;
}

SearchReport top_level_search(const R::Position& p) {
  ReversiSession session;
  EXPECT_FALSE(session.set_position(R::to_text(p), {}));
  SearchOptions options;
  options.use_oracle = true;  // what apply_level gives the top level
  std::atomic<bool> stop{false};
  return session.search({}, options, stop, {});
}

TEST(ReversiLevels, TheTopLevelsWordsSayWhereItSearchesAndWhereItIsExact) {
  const std::unique_ptr<GameView> reversi = make_game_view("reversi");
  const std::string words = reversi->level_description(kLevelCount);
  std::smatch numbers;
  ASSERT_TRUE(std::regex_match(words, numbers,
                               std::regex("searches (\\d+) moves ahead in the midgame, plays "
                                          "perfectly from (\\d+) empty squares")))
      << words;
  const int depth = std::stoi(numbers[1]), exact_from = std::stoi(numbers[2]);
  std::mt19937_64 rng(24);
  int checked = 0;
  while (checked < 3) {
    const std::optional<R::Position> exact = random_position(rng, exact_from);
    const std::optional<R::Position> midgame = random_position(rng, exact_from + 1);
    if (!exact || !midgame) continue;
    const SearchReport solved = top_level_search(*exact);
    EXPECT_TRUE(solved.proven) << R::to_text(*exact);
    EXPECT_EQ(solved.depth, exact_from) << "every empty square searched";
    const SearchReport searched = top_level_search(*midgame);
    EXPECT_FALSE(searched.proven) << R::to_text(*midgame);
    EXPECT_EQ(searched.depth, depth) << R::to_text(*midgame);
    ++checked;
  }
  // The other levels are the engine's own, with its words.
  for (int level = 1; level < kLevelCount; ++level)
    EXPECT_EQ(reversi->level_description(level), kLevels[level - 1].description);
}

}  // namespace
}  // namespace arcade::testing
