// The analysis panel's model with a scripted engine: which searches it asks
// for and when it stops them, how it reads their lines, and the scores in
// words a player reads.

#include "app/analysis.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/worker_pool.h"
#include "games/registry.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

using Kind = EngineScore::Kind;

std::optional<EngineScore> score_of(const std::string& text) {
  return read_score(split_words(text), 0);
}

TEST(EngineScoreText, ReadsEveryKindAndRefusesMalformedOnes) {
  EXPECT_EQ(score_of("cp -12"), (EngineScore{Kind::kHeuristic, -12}));
  EXPECT_EQ(score_of("win 7"), (EngineScore{Kind::kWin, 7}));
  EXPECT_EQ(score_of("loss 0"), (EngineScore{Kind::kLoss, 0}));
  EXPECT_EQ(score_of("draw"), (EngineScore{Kind::kDraw, 0}));
  EXPECT_FALSE(score_of("cp"));
  EXPECT_FALSE(score_of("cp x"));
  EXPECT_FALSE(score_of("win -3"));
  EXPECT_FALSE(score_of("mate 3"));
}

TEST(EngineScoreText, NamesTheSideAheadInWords) {
  const std::unique_ptr<GameView> connect4 = make_game_view("connect4");
  const std::unique_ptr<GameView> wolfsheep = make_game_view("wolfsheep");
  // Plies to the end become the winner's own moves: win in 7 plies is 4 moves.
  EXPECT_EQ(score_in_words({Kind::kWin, 7}, 0, *connect4), "Red wins in 4 moves");
  EXPECT_EQ(score_in_words({Kind::kLoss, 2}, 0, *connect4), "Yellow wins in 1 move");
  EXPECT_EQ(score_in_words({Kind::kWin, 1}, 1, *connect4), "Yellow wins in 1 move");
  EXPECT_EQ(score_in_words({Kind::kDraw, 0}, 1, *connect4), "draw");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 4}, 0, *connect4), "even");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 8}, 0, *connect4), "Red +0.8");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, 8}, 1, *connect4), "Yellow +0.8");
  EXPECT_EQ(score_in_words({Kind::kHeuristic, -31}, 0, *connect4), "Yellow +3.1");
  // A side named in the plural takes "win".
  const std::string wolves(wolfsheep->side(1).name);
  EXPECT_EQ(score_in_words({Kind::kLoss, 5}, 0, *wolfsheep), wolves + " win in 3 moves");
}

TEST(EngineScoreText, LabelsAMoveFromItsPlayersView) {
  EXPECT_EQ(move_score_label({Kind::kWin, 17}), "wins in 9");
  EXPECT_EQ(move_score_label({Kind::kLoss, 24}), "loses in 12");
  EXPECT_EQ(move_score_label({Kind::kDraw, 0}), "draw");
  EXPECT_EQ(move_score_label({Kind::kHeuristic, 8}), "+0.8");
  EXPECT_EQ(move_score_label({Kind::kHeuristic, -15}), "-1.5");
  EXPECT_EQ(move_score_short_label({Kind::kWin, 17}), "W9");
  EXPECT_EQ(move_score_short_label({Kind::kLoss, 24}), "L12");
  EXPECT_EQ(move_score_short_label({Kind::kDraw, 0}), "=");
}

TEST(EngineScoreText, CountsReadAtAGlance) {
  EXPECT_EQ(short_count(950), "950");
  EXPECT_EQ(short_count(12'345), "12k");
  EXPECT_EQ(short_count(1'234'567), "1.2M");
  EXPECT_EQ(short_count(35'000'000), "35M");
}

TEST(EngineScoreOrder, WinsSoonerBeatLaterWinsAndAnyHeuristic) {
  const EngineScore win3{Kind::kWin, 3}, win9{Kind::kWin, 9}, loss2{Kind::kLoss, 2},
      loss8{Kind::kLoss, 8}, plus{Kind::kHeuristic, 50}, draw{Kind::kDraw, 0};
  EXPECT_TRUE(win3.better_than(win9));
  EXPECT_TRUE(win9.better_than(plus));
  EXPECT_TRUE(plus.better_than(draw));
  EXPECT_TRUE(draw.better_than(loss8));
  EXPECT_TRUE(loss8.better_than(loss2));
  EXPECT_EQ(win3.flipped(), (EngineScore{Kind::kLoss, 3}));
  EXPECT_FLOAT_EQ(win3.share(), 1.0f);
  EXPECT_FLOAT_EQ(draw.share(), 0.5f);
  EXPECT_GT(plus.share(), 0.5f);
  EXPECT_NEAR(plus.flipped().share(), 1.0f - plus.share(), 1e-6);
}

class AnalysisTest : public ::testing::Test {
 protected:
  AnalysisTest() {
    game.set_side(1, {false, 3});  // person against person: nothing else searches
  }
  // The analysis engine's last `go` and the position before it.
  std::string last_go() const { return analysis_engine.sent.back(); }
  std::string last_position() const {
    auto it = std::find_if(analysis_engine.sent.rbegin(), analysis_engine.sent.rend(),
                           [](const std::string& l) { return l.rfind("position ", 0) == 0; });
    return it == analysis_engine.sent.rend() ? "" : *it;
  }

  ScriptedEngine game_engine, analysis_engine;
  GameController game{game_engine};
  Analysis analysis{analysis_engine};
};

TEST_F(AnalysisTest, ScoresEveryMoveOfThePositionOnTheBoard) {
  ASSERT_FALSE(game.play("b2"));
  analysis.update(game);
  EXPECT_EQ(last_position(), "position startpos moves b2");
  EXPECT_EQ(last_go(), "go depth 10 movetime 500");
  EXPECT_NE(std::find(analysis_engine.sent.begin(), analysis_engine.sent.end(),
                      "setoption name RootScores value true"),
            analysis_engine.sent.end());
  EXPECT_NE(std::find(analysis_engine.sent.begin(), analysis_engine.sent.end(),
                      "setoption name Threads value " + std::to_string(hardware_threads())),
            analysis_engine.sent.end());
  const std::uint64_t go = analysis_engine.last_request;
  analysis_engine.reply(go, "info depth 8 score draw nodes 4247 nps 4247000 time 1 pv a1 c2");
  analysis_engine.reply(go, "info depth 8 move c2 score loss 6");
  analysis_engine.reply(go, "info depth 8 move a1 score draw");
  analysis.update(game);
  ASSERT_TRUE(analysis.current());
  const AnalysisResult& r = *analysis.current();
  EXPECT_EQ(r.depth, 8);
  EXPECT_EQ(r.score.kind, Kind::kDraw);
  EXPECT_EQ(r.nodes, 4247u);
  EXPECT_EQ(r.pv, (std::vector<std::string>{"a1", "c2"}));
  ASSERT_EQ(r.moves.size(), 2u);
  EXPECT_EQ(r.moves[0].text, "a1");  // best first
  EXPECT_EQ(r.moves[1].score, (EngineScore{Kind::kLoss, 6}));
  EXPECT_FALSE(r.done);
  ASSERT_EQ(analysis.history().size(), 2u);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kDraw, 0}));
}

TEST_F(AnalysisTest, HistoryIsFromTheFirstSidesViewAndFilledBackwards) {
  game.play("b2");
  analysis.update(game);
  // O to move: O's loss in 6 is X's win in 6.
  analysis_engine.reply(analysis_engine.last_request, "info depth 6 score loss 6 nodes 9 pv a2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove a2");
  analysis.update(game);
  EXPECT_FALSE(analysis.current()->done);
  // The second, longer search: a shallower heuristic iteration does not
  // replace what the first one proved.
  EXPECT_EQ(last_go(), "go movetime 3000");
  analysis_engine.reply(analysis_engine.last_request, "info depth 1 score cp 3 nodes 9 pv a2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove a2");
  analysis.update(game);
  EXPECT_TRUE(analysis.current()->done);
  EXPECT_EQ(analysis.current()->depth, 6);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kWin, 6}));
  // Then the start, which has no score yet, at a glance.
  EXPECT_EQ(last_position(), "position startpos");
  EXPECT_EQ(last_go(), "go movetime 300");
  analysis_engine.reply(analysis_engine.last_request, "info depth 9 score cp 12 nodes 9 pv b2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove b2");
  const std::size_t sent = analysis_engine.sent.size();
  analysis.update(game);
  EXPECT_EQ(analysis.history()[0], (EngineScore{Kind::kHeuristic, 12}));
  EXPECT_EQ(analysis_engine.sent.size(), sent) << "every position scored: the engine rests";
}

TEST_F(AnalysisTest, ANewPositionStopsTheSearchAndIgnoresItsLateLines) {
  game.play("b2");
  analysis.update(game);
  const std::uint64_t old = analysis_engine.last_request;
  game.play("a1");
  analysis.update(game);
  EXPECT_EQ(analysis_engine.stops, 1);
  EXPECT_EQ(last_position(), "position startpos moves b2 a1");
  analysis_engine.reply(old, "info depth 5 score cp 99 nodes 1 pv c3");
  analysis_engine.reply(old, "bestmove c3");
  analysis.update(game);
  EXPECT_FALSE(analysis.current());
  EXPECT_FALSE(analysis.history()[2]);
}

TEST_F(AnalysisTest, UndoKeepsTheScoresOfTheLineStillPlayed) {
  game.play("b2");
  analysis.update(game);
  analysis_engine.reply(analysis_engine.last_request, "info depth 6 score loss 6 nodes 9 pv a2");
  analysis_engine.reply(analysis_engine.last_request, "bestmove a2");
  analysis.update(game);
  game.play("a1");
  analysis.update(game);
  game.undo();
  analysis.update(game);
  ASSERT_EQ(analysis.history().size(), 2u);
  EXPECT_EQ(analysis.history()[1], (EngineScore{Kind::kWin, 6}));
}

TEST_F(AnalysisTest, WaitsWhileTheAIThinks) {
  game.set_side(1, {true, 3});
  game.play("b2");
  game.update();  // the AI's search starts on its own engine
  ASSERT_TRUE(game.ai_thinking());
  analysis.update(game);
  EXPECT_TRUE(analysis_engine.sent.empty());
}

TEST_F(AnalysisTest, AFinishedGameIsScoredWithoutASearch) {
  for (const char* m : {"a1", "b1", "a2", "b2", "a3"}) ASSERT_FALSE(game.play(m));
  ASSERT_TRUE(game.game_over());
  analysis.update(game);
  ASSERT_TRUE(analysis.current());
  // O to move has lost: X's win, from the first side's view.
  EXPECT_EQ(analysis.history().back(), (EngineScore{Kind::kWin, 0}));
  EXPECT_EQ(last_go(), "go movetime 300") << "the earlier positions are scored";
}

}  // namespace
}  // namespace arcade::app
