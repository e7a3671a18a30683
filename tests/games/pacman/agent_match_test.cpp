// Whole games (engine/agent_match.h) on tiny mazes whose every game is
// known by hand: a maze won in one move whatever the ghost does, a maze
// where one draw of the ghost decides the game, and a maze the ghost wins
// when it chooses well.

#include "engine/agent_match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/evaluation.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/pacman/pacman.h"
#include "games/registry.h"

namespace arcade::testing {
namespace {

using P = PacMan::Position;
constexpr PacMan::Weights kScoreOnly = {1, 0, 0, 0, 0};

P maze(const std::string& rows) {
  const Parsed<P> p = PacMan::from_text(rows);
  EXPECT_TRUE(p.ok()) << rows << ": " << p.error();
  return p.ok() ? *p : PacMan::start();
}

AgentMatchResult play(const P& start, Algorithm algorithm, int depth, Opponents opponents,
                      int games, std::uint64_t seed = 7) {
  const std::atomic<bool> never{false};
  const AgentMatchRequest request{games, algorithm, depth, opponents, seed};
  return AgentMatch<PacMan>(request, kScoreOnly).play(start, never);
}

// Pac-Man beside the only food: East eats it and wins at once, -1 + 10 +
// 500 = 509 points, before any ghost moves.
const std::string kOneMoveWin = "%%%%%/%P.G%/%%%%%";

// The food two steps east of Pac-Man, ghost 1 just below the cell between
// them, a dead end below the ghost:
//   %%%%%
//   %P_.%
//   %%G%%
//   %%_%%
//   %%%%%
// Pac-Man steps east: minimax at any depth of 2 or more (staying, the ghost
// comes onto the middle cell and then onto him, one point later), and
// expectimax at depth 2 (at depth 3 it sees a better gamble in staying,
// which the ghost may leave by the far side of the middle cell). The ghost then
// comes North onto him: lost, -1 -500 = -501. Or it goes South into the
// dead end, and Pac-Man eats the food before it comes back: won, -1 -1 +10
// +500 = 508. A random ghost goes North one time in two; Berkeley's chaser
// (0.8 to the moves that bring it nearest, 0.2 spread over all) 0.9 of the
// time, North bringing it onto him, South 2 steps away.
const std::string kOneDraw = "%%%%%/%P_.%/%%G%%/%%_%%/%%%%%";

TEST(AgentMatch, AMazeWonInOneMoveIsWonEveryGameWithItsScore) {
  const P start = maze(kOneMoveWin);
  for (Algorithm a : {Algorithm::kMinimax, Algorithm::kAlphaBeta, Algorithm::kExpectimax})
    for (Opponents o : {Opponents::kAdversarial, Opponents::kRandom, Opponents::kWandering}) {
      const AgentMatchResult r = play(start, a, 2, o, 5);
      EXPECT_EQ(r.games(), 5);
      EXPECT_EQ(r.wins, 5);
      EXPECT_EQ(r.losses + r.draws, 0);
      EXPECT_EQ(r.mean(), 509 * kCentipoints);
      for (Score s : r.scores) EXPECT_EQ(s, 509 * kCentipoints);
      EXPECT_FALSE(r.stopped);
    }
}

TEST(AgentMatch, AnAdversarialGhostCatchesPacManEveryGame) {
  const P start = maze(kOneDraw);
  for (Algorithm a : {Algorithm::kMinimax, Algorithm::kAlphaBeta, Algorithm::kExpectimax}) {
    const AgentMatchResult r = play(start, a, 2, Opponents::kAdversarial, 4);
    EXPECT_EQ(r.losses, 4);
    EXPECT_EQ(r.mean(), -501 * kCentipoints);
  }
}

// Every game is one of the two by hand; the wins follow the ghost's one
// draw: a binomial count, checked within 5 standard deviations.
void expect_one_draw_games(const AgentMatchResult& r, int games, double win_chance) {
  ASSERT_EQ(r.games(), games);
  EXPECT_EQ(r.draws, 0);
  EXPECT_EQ(r.wins + r.losses, games);
  int wins = 0;
  for (Score s : r.scores) {
    EXPECT_TRUE(s == 508 * kCentipoints || s == -501 * kCentipoints) << s;
    wins += s > 0;
  }
  EXPECT_EQ(wins, r.wins);
  const double mean_wins = games * win_chance;
  const double spread = 5 * std::sqrt(games * win_chance * (1 - win_chance));
  EXPECT_NEAR(r.wins, mean_wins, spread);
  // The mean of the two scores by hand, rounded to the hundredth.
  EXPECT_EQ(r.mean(), std::lround((508.0 * r.wins - 501.0 * r.losses) * kCentipoints / games));
}

TEST(AgentMatch, OneDrawOfARandomGhostDecidesHalfTheGames) {
  const P start = maze(kOneDraw);
  for (int depth : {2, 3})
    expect_one_draw_games(play(start, Algorithm::kMinimax, depth, Opponents::kRandom, 400, depth),
                          400, 0.5);
  expect_one_draw_games(play(start, Algorithm::kExpectimax, 2, Opponents::kRandom, 400, 9), 400,
                        0.5);
}

TEST(AgentMatch, TheChaserGoesForPacManNineTimesInTen) {
  expect_one_draw_games(play(maze(kOneDraw), Algorithm::kExpectimax, 2, Opponents::kWandering, 400),
                        400, 0.1);
}

TEST(AgentMatch, TheSameSeedPlaysTheSameGamesAndAnotherOthers) {
  const P start = maze(kOneDraw);
  const AgentMatchResult a = play(start, Algorithm::kExpectimax, 2, Opponents::kRandom, 40, 1);
  const AgentMatchResult b = play(start, Algorithm::kExpectimax, 2, Opponents::kRandom, 40, 1);
  const AgentMatchResult c = play(start, Algorithm::kExpectimax, 2, Opponents::kRandom, 40, 2);
  EXPECT_EQ(a.scores, b.scores);
  EXPECT_NE(a.scores, c.scores);  // 40 fair coins twice alike: once in 2^40
}

TEST(AgentMatch, AStopBeforeTheFirstMovePlaysNoGame) {
  const std::atomic<bool> stop{true};
  const AgentMatchResult r =
      AgentMatch<PacMan>({3, Algorithm::kExpectimax, 2, Opponents::kRandom, 1}, kScoreOnly)
          .play(maze(kOneDraw), stop);
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.games(), 0);
  EXPECT_EQ(r.mean(), 0);
}

// --- The protocol's `match` ---

class MatchProtocol : public ::testing::Test {
 protected:
  std::vector<std::string> replies() {
    std::lock_guard lock(mutex_);
    return lines_;
  }
  Protocol protocol_{make_engine_session, game_names(),
                     [this](const std::string& line) {
                       std::lock_guard lock(mutex_);
                       lines_.push_back(line);
                     },
                     true};

 private:
  std::mutex mutex_;
  std::vector<std::string> lines_;
};

TEST_F(MatchProtocol, AnswersOneLineOfTheGamesOfTheCurrentPosition) {
  for (const char* line : {"game pacman", "position maze %%%%%/%P.G%/%%%%%",
                           "match games 4 algorithm minimax depth 1 opponents chaser seed 3"})
    protocol_.handle(line);
  protocol_.wait();
  EXPECT_EQ(replies(),
            std::vector<std::string>{"match games 4 wins 4 losses 0 draws 0 mean cp 509"});
}

TEST_F(MatchProtocol, RefusesATwoPlayerGameAndBadWordsChangingNothing) {
  protocol_.handle("game tictactoe");
  protocol_.handle("match games 2");
  protocol_.handle("game pacman");
  protocol_.handle("match depth 2");
  protocol_.handle("match games 2 opponents friendly");
  protocol_.handle("match games 2 depth 99");
  protocol_.wait();
  EXPECT_EQ(replies(),
            (std::vector<std::string>{
                "error match needs a game of more than two agents, and tictactoe has two",
                "error usage: match games N [algorithm minimax|alphabeta|expectimax] [depth D] "
                "[opponents <model>] [model <model>] [seed S]",
                "error match opponents: 'friendly' is not adversarial|random|chaser",
                "error match depth: '99' is not a number from 1 to 8"}));
}

// `games 5 games 6` played 6 games without a word: a parameter given twice
// is refused, changing nothing (the next match plays the line's own games).
TEST_F(MatchProtocol, RefusesAParameterGivenTwice) {
  for (const char* line :
       {"game pacman", "position maze %%%%%/%P.G%/%%%%%", "match games 5 games 6",
        "match games 2 seed 1 depth 1 seed 2", "match games 1 depth 1 opponents random"})
    protocol_.handle(line);
  protocol_.wait();
  EXPECT_EQ(replies(), (std::vector<std::string>{
                           "error match games: given twice", "error match seed: given twice",
                           "match games 1 wins 1 losses 0 draws 0 mean cp 509"}));
}

// Pac-Man's expectimax assumes the ghosts play as they do (issue 33: the
// AI against the ghosts in play), unless the line names another model: the
// protocol's games are those of AgentMatch with that model, and on a maze
// of corridors the two models play different games.
TEST_F(MatchProtocol, PacManAssumesTheOpponentsModelUnlessTheLineNamesAnother) {
  std::optional<P> corridors;
  for (const auto& variant : PacMan::start_variants())
    if (variant.name == "corridors") corridors = variant.position;
  ASSERT_TRUE(corridors);
  const auto direct = [&](Opponents model) {
    const std::atomic<bool> never{false};
    const AgentMatchRequest request{30, Algorithm::kExpectimax, 2, Opponents::kWandering, 5, model};
    return AgentMatch<PacMan>(request, default_weights<PacMan>()).play(*corridors, never);
  };
  const AgentMatchResult assumed_chaser = direct(Opponents::kWandering);
  const AgentMatchResult assumed_random = direct(Opponents::kRandom);
  ASSERT_NE(assumed_chaser.scores, assumed_random.scores);
  const std::string rows = PacMan::to_text(*corridors);
  const std::string line = "match games 30 algorithm expectimax depth 2 opponents chaser seed 5";
  for (const std::string& l : {std::string("game pacman"), "position " + rows, line,
                               line + " model chaser", line + " model random", line + " model x"})
    protocol_.handle(l);
  protocol_.wait();
  const auto said = [](const AgentMatchResult& r) {
    return "match games 30 wins " + std::to_string(r.wins) + " losses " + std::to_string(r.losses) +
           " draws " + std::to_string(r.draws);
  };
  // The bad line's error comes when the line is read, which may be before
  // or after the games' answers (each in the order asked).
  std::vector<std::string> got = replies();
  ASSERT_EQ(got.size(), 4u);
  const auto error = std::find_if(got.begin(), got.end(),
                                  [](const std::string& l) { return l.starts_with("error "); });
  ASSERT_NE(error, got.end());
  EXPECT_EQ(*error, "error match model: 'x' is not adversarial|random|chaser");
  got.erase(error);
  EXPECT_TRUE(got[0].starts_with(said(assumed_chaser) + " mean ")) << got[0];
  EXPECT_EQ(got[1], got[0]);
  EXPECT_TRUE(got[2].starts_with(said(assumed_random) + " mean ")) << got[2];
}

TEST_F(MatchProtocol, StopEndsALongMatch) {
  protocol_.handle("game pacman");
  protocol_.handle("match games 10000 algorithm expectimax depth 4 opponents random seed 1");
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto started = std::chrono::steady_clock::now();
  protocol_.handle("stop");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  protocol_.wait();
  EXPECT_EQ(replies(), std::vector<std::string>{"match stopped"});
}

}  // namespace
}  // namespace arcade::testing
