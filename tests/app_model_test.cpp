// The app's game model without any window: a scripted engine stands in for
// the worker, so the tests decide exactly when each reply arrives.

#include <gtest/gtest.h>

#include <algorithm>

#include "app/board/board_scene.h"
#include "app/game/game_controller.h"
#include "app/game/move_table.h"
#include "games/registry.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

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
  EXPECT_EQ(game.thinking().score, (EngineScore{EngineScore::Kind::kHeuristic, 12}));
  EXPECT_EQ(game.thinking().pv, (std::vector<std::string>{"a1", "c3"}));
  engine.reply(engine.last_request, "bestmove a1");
  game.update();
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"b2", "a1"}));
  EXPECT_FALSE(game.ai_thinking());
  // The next search keeps the engine's session (and its table).
  game.play("c3");
  game.update();
  EXPECT_EQ(std::count(engine.sent.begin(), engine.sent.end(), "game tictactoe"), 1);
}

// The AI searches with the learner's weights: their lines come before its
// position and `go`, every search.
TEST_F(GameControllerTest, EngineOptionsComeBeforeEverySearch) {
  game.set_engine_weights({"default", {{"TwoInLine", 50}}});
  game.play("b2");
  game.update();
  const auto at =
      std::find(engine.sent.begin(), engine.sent.end(), "setoption name TwoInLine value 50");
  ASSERT_NE(at, engine.sent.end());
  EXPECT_LT(at, std::find(engine.sent.begin(), engine.sent.end(), "position startpos moves b2"));
  EXPECT_EQ(*(at - 1), "setoption name Weights value default");
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
  // Redo mirrors undo: back to the person's turn, with the AI's recorded
  // reply, not a new search.
  const std::size_t sent = engine.sent.size();
  game.redo();
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"b2", "a1"}));
  game.update();
  EXPECT_EQ(engine.sent.size(), sent);
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
  ASSERT_TRUE(game.hint());
  EXPECT_EQ(game.hint()->text, "b2");
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
  // A save with a bad side, an illegal move, an unknown line or a start
  // that does not read keeps what is valid (saved_game_test.cpp); these
  // have nothing to keep.
  for (const char* bad : {"", "{\"foreign\": true}", "minimax-arcade-save 1\ngame chess\n",
                          "minimax-arcade-save 99\ngame tictactoe\n"}) {
    EXPECT_TRUE(game.load(bad)) << bad;
    EXPECT_EQ(game.save(), before) << bad;
  }
}

TEST_F(GameControllerTest, ARootMovesScoreLineIsNotTheSearchsThinking) {
  game.play("b2");
  game.update();
  engine.reply(engine.last_request, "info depth 4 score cp -3 nodes 50 nps 500 time 1 pv a1");
  engine.reply(engine.last_request, "info depth 4 move c3 score loss 6");
  game.update();
  EXPECT_EQ(game.thinking().depth, 4);
  EXPECT_EQ(game.thinking().score, (EngineScore{EngineScore::Kind::kHeuristic, -3}));
}

TEST_F(GameControllerTest, GoToStepsThroughTheWholeLineAndTheAIWaits) {
  game.set_side(1, {false, 3});
  for (const char* m : {"b2", "a1", "c3"}) ASSERT_FALSE(game.play(m));
  game.go_to(1);
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"b2"}));
  EXPECT_EQ(game.redo_moves(), (std::vector<std::string>{"a1", "c3"}));
  game.go_to(3);
  EXPECT_EQ(game.moves(), (std::vector<std::string>{"b2", "a1", "c3"}));
  EXPECT_TRUE(game.redo_moves().empty());
  game.go_to(7);  // beyond the line: nothing changes
  EXPECT_EQ(game.moves().size(), 3u);
  // With the AI playing O, a position where O is to move and its recorded
  // move waits: the AI does not search (it would drop the rest of the game).
  game.set_side(1, {true, 3});
  game.go_to(1);
  EXPECT_TRUE(game.waiting_for_redo());
  EXPECT_FALSE(game.paused());
  game.update();
  EXPECT_FALSE(game.ai_thinking());
  EXPECT_EQ(game.redo_moves(), (std::vector<std::string>{"a1", "c3"}));
  // At the line's end, where it would play, it is paused.
  game.go_to(3);
  EXPECT_FALSE(game.waiting_for_redo());
  EXPECT_TRUE(game.paused());
  game.update();
  EXPECT_FALSE(game.ai_thinking());
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

// The move a click on `cell` plays, in notation; "" for none.
std::string clicked(const GameController& game, const BoardUi& ui, Cell cell) {
  const ClickResult r = click(game, ui, cell);
  return r.move ? game.position().move_to_text(*r.move) : "";
}

TEST_F(GameControllerTest, ConnectFourClickAnywhereInAColumnDrops) {
  game.new_game("connect4");
  BoardUi ui;
  EXPECT_EQ(clicked(game, ui, {3, 5}), "4");
  EXPECT_EQ(clicked(game, ui, {0, 0}), "1");
  const BoardScene scene = make_scene(game, ui);
  EXPECT_EQ(scene.look.surface.kind, SurfaceKind::kFrame);
  EXPECT_TRUE(scene.column_cursor) << "its cursor marks a column";
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
  EXPECT_EQ(scene.piece({3, 0}), Piece::kFirstSide);
  EXPECT_EQ(scene.piece({3, 1}), Piece::kSecondSide);
  EXPECT_TRUE(scene.mark({3, 1}) & kLastMove);
  const auto path = last_move_path(game);
  ASSERT_TRUE(path);
  EXPECT_EQ(path->to, (Cell{3, 1}));
  EXPECT_EQ(path->from, (Cell{3, 5})) << "a disc falls from the top of its column";
}

TEST_F(GameControllerTest, WolfAndSheepSelectsThePieceThenItsTarget) {
  game.new_game("wolfsheep");
  game.set_side(1, {false, 3});
  BoardUi ui;
  // The sheep (e1) is the only piece that can move: it is selected already.
  BoardScene scene = make_scene(game, ui);
  EXPECT_EQ(scene.look.surface.kind, SurfaceKind::kChequered);
  EXPECT_FALSE(scene.column_cursor);
  EXPECT_TRUE(scene.mark({4, 0}) & kSelected);
  EXPECT_TRUE(scene.mark({3, 1}) & kLegalTarget);
  EXPECT_TRUE(scene.mark({5, 1}) & kLegalTarget);
  EXPECT_EQ(clicked(game, ui, {3, 1}), "e1d2");
  game.play("e1d2");
  // Wolves: a click on a wolf selects it, then a click on a target moves.
  const ClickResult pick = click(game, ui, {1, 7});
  ASSERT_TRUE(pick.select);
  EXPECT_FALSE(pick.move);
  ui.selected = pick.select;
  EXPECT_EQ(clicked(game, ui, {0, 6}), "b8a7");
  EXPECT_FALSE(click(game, ui, {4, 4}).move);
  // The wolf slides from its square.
  game.play("b8a7");
  const auto path = last_move_path(game);
  ASSERT_TRUE(path);
  EXPECT_EQ(path->from, (Cell{1, 7}));
  EXPECT_EQ(path->to, (Cell{0, 6}));
}

TEST_F(GameControllerTest, TicTacToeWinningLineIsMarked) {
  game.set_side(1, {false, 3});
  for (const char* m : {"a1", "a2", "b1", "b2", "c1"}) ASSERT_FALSE(game.play(m)) << m;
  ASSERT_TRUE(game.game_over());
  EXPECT_EQ(game.winner(), 0);
  EXPECT_EQ(game.position().end_in_words(), "X wins: three in a row.");
  BoardScene scene = make_scene(game, {});
  for (int col = 0; col < 3; ++col) EXPECT_TRUE(scene.mark({col, 0}) & kWinningLine);
  EXPECT_FALSE(scene.mark({0, 1}) & kWinningLine);
}

TEST_F(GameControllerTest, WolfAndSheepStartsFromEachVariant) {
  game.new_game("wolfsheep");
  const std::vector<std::string_view> names = game.start().start_variant_names();
  ASSERT_EQ(names.size(), 4u);
  EXPECT_EQ(game.start().start_variant(), 2u) << "the default start: the sheep on e1";
  EXPECT_EQ(game.start().start_label(), "Sheep starts on");
  for (std::size_t i = 0; i < names.size(); ++i) {
    ASSERT_FALSE(game.new_game("wolfsheep", game.start().start_variant_text(i))) << names[i];
    EXPECT_EQ(game.start().start_variant(), i);
    // The sheep on rank 1 of the variant's file: a1, c1, e1, g1.
    const BoardScene scene = position_scene(game.position());
    EXPECT_EQ(scene.pieces[2 * i], Piece::kFirstSide) << names[i];
    EXPECT_EQ(std::count(scene.pieces.begin(), scene.pieces.end(), Piece::kSecondSide), 4);
  }
}

// Whose turn it is comes from the position, not from counting moves: a game
// may start with the second side to move.
TEST_F(GameControllerTest, AStartWithTheSecondSideToMove) {
  ASSERT_FALSE(game.new_game("wolfsheep", "1w1w1w1w/8/8/8/8/8/3s4/8 w"));
  game.set_side(0, {true, 3});  // Wolf and Sheep's own sides
  game.set_side(1, {false, 3});
  EXPECT_EQ(game.side_to_move(), 1);
  game.update();
  EXPECT_TRUE(engine.sent.empty()) << "the wolves are a person's, and to move";
  ASSERT_FALSE(game.play("b8c7"));
  EXPECT_EQ(game.side_to_move(), 0);
  game.undo();
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.side_to_move(), 1);
}

// A game set up finished: the winner is read from the position (counting
// moves from the start named the wrong side: "O wins" for X's line).
TEST_F(GameControllerTest, AGameStartedFinishedNamesItsWinner) {
  ASSERT_FALSE(game.new_game("tictactoe", "xxx/oo./..."));
  EXPECT_TRUE(game.game_over());
  EXPECT_EQ(game.winner(), 0);
  EXPECT_EQ(game.position().end_in_words(), "X wins: three in a row.");
  ASSERT_FALSE(game.new_game("wolfsheep", "1w3s2/8/3w1w1w/8/8/8/8/8 w"));
  EXPECT_EQ(game.winner(), 0);
  EXPECT_EQ(game.position().end_in_words(), "The sheep wins: it got past the wolves.");
  ASSERT_FALSE(game.new_game("wolfsheep", "8/8/8/8/1w3w2/8/1w1w4/2s5 s"));
  EXPECT_EQ(game.winner(), 1);
  EXPECT_EQ(game.position().end_in_words(), "The wolves win: the sheep is trapped.");
}

// The move list: a column a mover, a row a round.
std::vector<std::pair<std::size_t, std::size_t>> places_of(const MoveTable& table) {
  std::vector<std::pair<std::size_t, std::size_t>> places;
  for (const MoveTable::Place& p : table.places) places.emplace_back(p.row, p.column);
  return places;
}

TEST(MoveTable, AlternatingSidesFillTwoColumnsRowByRow) {
  const std::unique_ptr<GameView> start = make_game_view("tictactoe");
  const MoveTable table = move_table(*start, {"b2", "a1", "c3"});
  EXPECT_EQ(table.columns, 2u);
  EXPECT_EQ(table.rows(), 2u);
  using Places = std::vector<std::pair<std::size_t, std::size_t>>;
  EXPECT_EQ(places_of(table), (Places{{0, 0}, {0, 1}, {1, 0}}));
}

// The second side to move first: its move is under its own column, the
// first side's left empty (as chess writes "1... e5").
TEST(MoveTable, AStartWithTheSecondSideToMoveLeavesTheFirstColumnEmpty) {
  const std::unique_ptr<GameView> start = make_game_view("wolfsheep");
  ASSERT_FALSE(start->set_position("1w1w1w1w/8/8/8/8/8/3s4/8 w"));
  const MoveTable table = move_table(*start, {"b8c7", "d2c3"});
  using Places = std::vector<std::pair<std::size_t, std::size_t>>;
  EXPECT_EQ(places_of(table), (Places{{0, 1}, {1, 0}}));
}

// A game of agents: a column each, Pac-Man's first; a row a round.
TEST(MoveTable, AGameOfAgentsHasAColumnAnAgent) {
  std::unique_ptr<GameView> walk = make_game_view("pacman");
  const std::unique_ptr<GameView> start = walk->clone();
  const auto agents = static_cast<std::size_t>(start->agent_count());
  ASSERT_GE(agents, 2u);
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < 2 * agents + 1; ++i) {
    const Move m = walk->legal_moves().front();
    moves.push_back(walk->move_to_text(m));
    walk->play(m);
  }
  const MoveTable table = move_table(*start, moves);
  EXPECT_EQ(table.columns, agents);
  EXPECT_EQ(table.rows(), 3u);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(table.places[i].row, i / agents) << i;
    EXPECT_EQ(table.places[i].column, i % agents) << i;
  }
}

// Small boards: any position's scene, such as each position of a line.
TEST(PositionScene, ShowsEveryPositionOfALine) {
  const std::unique_ptr<GameView> position = make_game_view("connect4");
  ASSERT_TRUE(position);
  int discs = 0;
  for (const char* move : {"4", "4", "3", "5"}) {
    position->play(*position->move_from_text(move));
    const BoardScene scene = position_scene(*position);
    EXPECT_EQ(std::count_if(scene.pieces.begin(), scene.pieces.end(),
                            [](Piece p) { return p != Piece::kNone; }),
              ++discs);
    EXPECT_EQ(std::count(scene.marks.begin(), scene.marks.end(), 0), 42) << "no marks";
  }
}

TEST_F(GameControllerTest, EveryGameEndsInWords) {
  game.new_game("connect4");
  game.set_side(1, {false, 3});
  for (const char* m : {"1", "2", "1", "2", "1", "2"}) ASSERT_FALSE(game.play(m));
  EXPECT_TRUE(game.position().end_in_words().empty());
  game.play("1");
  EXPECT_EQ(game.position().end_in_words(), "Red wins: four in a row.");
  EXPECT_EQ(game.winner(), 0);
}

}  // namespace
}  // namespace arcade::app
