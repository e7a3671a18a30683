// The app's game model without any window: a scripted engine stands in for
// the worker, so the tests decide exactly when each reply arrives.

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>

#include "app/board_scene.h"
#include "app/game_controller.h"

namespace arcade::app {
namespace {

class ScriptedEngine : public EngineClient {
 public:
  std::uint64_t send(const std::string& line) override {
    sent.push_back(line);
    return ++last_request;
  }
  void stop() override { ++stops; }
  std::vector<EngineReply> poll() override {
    std::vector<EngineReply> out(replies.begin(), replies.end());
    replies.clear();
    return out;
  }
  bool ready() const override { return true; }

  void reply(std::uint64_t request, const std::string& line) { replies.push_back({request, line}); }

  std::vector<std::string> sent;
  std::deque<EngineReply> replies;
  std::uint64_t last_request = 0;
  int stops = 0;
};

class GameControllerTest : public ::testing::Test {
 protected:
  ScriptedEngine engine;
  GameController game{engine};
};

TEST_F(GameControllerTest, StartsWithAPersonAgainstTheAI) {
  EXPECT_EQ(game.game(), "tictactoe");
  EXPECT_FALSE(game.side(0).ai);
  EXPECT_TRUE(game.side(1).ai);
  game.update();
  EXPECT_TRUE(engine.sent.empty()) << "a person moves first";
}

TEST_F(GameControllerTest, APersonsMoveIsAnsweredByTheAI) {
  ASSERT_FALSE(game.play("b2"));
  game.update();
  ASSERT_FALSE(engine.sent.empty());
  EXPECT_EQ(engine.sent.back().rfind("go ", 0), 0u);
  EXPECT_NE(std::find(engine.sent.begin(), engine.sent.end(), "position startpos moves b2"),
            engine.sent.end());
  engine.reply(engine.last_request, "info depth 3 score cp 12 nodes 100 nps 1000 time 1 pv a1 c3");
  game.update();
  EXPECT_EQ(game.thinking().depth, 3);
  EXPECT_EQ(game.thinking().score, "+1");
  engine.reply(engine.last_request, "bestmove a1");
  game.update();
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"b2", "a1"}));
  EXPECT_FALSE(game.ai_thinking());
  // The next search keeps the engine's session (and its table).
  game.play("c3");
  game.update();
  EXPECT_EQ(std::count(engine.sent.begin(), engine.sent.end(), "game tictactoe"), 1);
}

TEST_F(GameControllerTest, UndoDuringASearchDropsItsLateReply) {
  game.play("b2");
  game.update();
  const std::uint64_t search = engine.last_request;
  game.undo();
  EXPECT_EQ(engine.stops, 1);
  EXPECT_TRUE(game.moves().empty());
  engine.reply(search, "bestmove a1");  // the stopped search still answers
  game.update();
  EXPECT_TRUE(game.moves().empty()) << "a stale reply must not reach the board";
  EXPECT_EQ(game.side_to_move(), 0);
}

TEST_F(GameControllerTest, UndoTakesBackToThePersonsTurn) {
  game.play("b2");
  game.update();
  engine.reply(engine.last_request, "bestmove a1");
  game.update();
  game.undo();
  EXPECT_TRUE(game.moves().empty());
  game.redo();
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"b2"}));
}

TEST_F(GameControllerTest, IllegalMovesAndTurnsAreRefused) {
  EXPECT_TRUE(game.play("z9"));
  game.play("b2");
  EXPECT_TRUE(game.play("a1")) << "it is the AI's turn";
  EXPECT_EQ(game.moves().size(), 1u);
}

TEST_F(GameControllerTest, MoveNowStopsAndPlaysTheAnswer) {
  game.play("b2");
  game.update();
  const std::uint64_t search = engine.last_request;
  game.move_now();
  EXPECT_EQ(engine.stops, 1);
  engine.reply(search, "bestmove c3");
  game.update();
  EXPECT_EQ(game.moves().back(), "c3");
}

TEST_F(GameControllerTest, AnEngineMoveThatIsIllegalIsNotPlayed) {
  game.play("b2");
  game.update();
  engine.reply(engine.last_request, "bestmove b2");
  game.update();
  EXPECT_EQ(game.moves().size(), 1u);
  EXPECT_FALSE(game.engine_error().empty());
}

TEST_F(GameControllerTest, HintIsShownNotPlayed) {
  game.request_hint();
  ASSERT_TRUE(game.hint_pending());
  engine.reply(engine.last_request, "bestmove b2");
  game.update();
  EXPECT_EQ(game.hint(), "b2");
  EXPECT_TRUE(game.moves().empty());
}

TEST_F(GameControllerTest, SaveAndLoadRoundTrip) {
  game.new_game("connect4");
  game.set_side(1, {true, 2});
  game.play("4");
  game.update();
  engine.reply(engine.last_request, "bestmove 3");
  game.update();
  const std::string saved = game.save();

  ScriptedEngine other_engine;
  GameController other(other_engine);
  ASSERT_FALSE(other.load(saved));
  EXPECT_EQ(other.game(), "connect4");
  EXPECT_EQ(other.moves(), (std::vector<std::string>{"4", "3"}));
  EXPECT_EQ(other.side(1).level, 2);
  EXPECT_EQ(other.save(), saved);
}

TEST_F(GameControllerTest, CorruptOrForeignSavesChangeNothing) {
  game.play("b2");
  const std::string before = game.save();
  for (const char* bad : {"", "{\"foreign\": true}", "minimax-arcade-save 1\ngame chess\n",
                          "minimax-arcade-save 1\ngame tictactoe\nmoves b2 b2\n",
                          "minimax-arcade-save 1\ngame tictactoe\nside0 robot 3\n",
                          "minimax-arcade-save 1\ngame tictactoe\nside1 ai 99\n",
                          "minimax-arcade-save 1\ngame connect4\nstart xx\n",
                          "minimax-arcade-save 1\ngame tictactoe\nwhat is this\n"}) {
    EXPECT_TRUE(game.load(bad)) << bad;
    EXPECT_EQ(game.save(), before) << bad;
  }
}

TEST(ScoreInWords, ReadsProtocolScores) {
  EXPECT_EQ(score_in_words("win 1"), "wins in 1 move");
  EXPECT_EQ(score_in_words("win 7"), "wins in 4 moves");
  EXPECT_EQ(score_in_words("loss 2"), "loses in 1 move");
  EXPECT_EQ(score_in_words("draw"), "draw");
  EXPECT_EQ(score_in_words("cp 4"), "even");
  EXPECT_EQ(score_in_words("cp 31"), "+3");
  EXPECT_EQ(score_in_words("cp -26"), "-3");
  EXPECT_EQ(score_in_words("cp x"), "even");  // malformed: no crash
}

TEST_F(GameControllerTest, MalformedEngineLinesAreHarmless) {
  game.play("b2");
  game.update();
  engine.reply(engine.last_request, "info depth ? score cp ?? nodes 1e99 nps - pv");
  engine.reply(engine.last_request, "info depth");
  engine.reply(engine.last_request, "bestmove");
  game.update();
  EXPECT_EQ(game.thinking().depth, 0);
  EXPECT_TRUE(game.ai_thinking());
  engine.reply(engine.last_request, "bestmove a1");
  game.update();
  EXPECT_EQ(game.moves().size(), 2u);
}

// --- The board scene -------------------------------------------------------

TEST_F(GameControllerTest, ConnectFourClickAnywhereInAColumnDrops) {
  game.new_game("connect4");
  BoardUi ui;
  EXPECT_EQ(click(game, ui, {3, 5}).move, "4");
  EXPECT_EQ(click(game, ui, {0, 0}).move, "1");
  const BoardScene scene = make_scene(game, ui);
  EXPECT_EQ(scene.cols, 7);
  EXPECT_EQ(scene.rows, 6);
  // Every landing cell on the bottom row is a legal target.
  for (int col = 0; col < 7; ++col) EXPECT_TRUE(scene.marks[col] & kLegalTarget) << col;
}

TEST_F(GameControllerTest, ConnectFourSceneShowsDiscsAndTheLastMove) {
  game.new_game("connect4");
  game.set_side(1, {false, 3});
  game.play("4");
  game.play("4");
  BoardScene scene = make_scene(game, {});
  EXPECT_EQ(scene.piece({3, 0}), 1);
  EXPECT_EQ(scene.piece({3, 1}), 2);
  EXPECT_TRUE(scene.mark({3, 1}) & kLastMove);
  const auto path = last_move_path(game);
  ASSERT_TRUE(path);
  EXPECT_EQ(path->to, (Cell{3, 1}));
  EXPECT_EQ(path->from.col, 3);
}

TEST_F(GameControllerTest, WolfAndSheepSelectsThePieceThenItsTarget) {
  game.new_game("wolfsheep");
  game.set_side(1, {false, 3});
  BoardUi ui;
  // The sheep (e1) is the only piece that can move: it is selected already.
  BoardScene scene = make_scene(game, ui);
  EXPECT_TRUE(scene.mark({4, 0}) & kSelected);
  EXPECT_TRUE(scene.mark({3, 1}) & kLegalTarget);
  EXPECT_TRUE(scene.mark({5, 1}) & kLegalTarget);
  EXPECT_EQ(click(game, ui, {3, 1}).move, "e1d2");
  game.play("e1d2");
  // Wolves: a click on a wolf selects it, then a click on a target moves.
  const ClickResult pick = click(game, ui, {1, 7});
  ASSERT_TRUE(pick.select);
  EXPECT_FALSE(pick.move);
  ui.selected = pick.select;
  EXPECT_EQ(click(game, ui, {0, 6}).move, "b8a7");
  EXPECT_FALSE(click(game, ui, {4, 4}).move);
}

TEST_F(GameControllerTest, TicTacToeWinningLineIsMarked) {
  game.set_side(1, {false, 3});
  for (const char* m : {"a1", "a2", "b1", "b2", "c1"}) ASSERT_FALSE(game.play(m)) << m;
  ASSERT_TRUE(game.game_over());
  EXPECT_EQ(game.winner(), 0);
  BoardScene scene = make_scene(game, {});
  for (int col = 0; col < 3; ++col) EXPECT_TRUE(scene.mark({col, 0}) & kWinningLine);
  EXPECT_FALSE(scene.mark({0, 1}) & kWinningLine);
}

}  // namespace
}  // namespace arcade::app
