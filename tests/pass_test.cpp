// A pass is part of play (app/board/board_scene.h: only_pass, pass_in_words,
// person_pass): the side to move whose only move is a pass is told why, no
// cell of the board names the pass, and the pass is a move like any other in
// the move list, links, saves and undo. First on a game for tests with a
// forced pass (pass_game.h), then on every registered game whose random
// games reach one, through the game controller, a scripted engine standing
// in for the AI.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "app/board/board_scene.h"
#include "games/registry.h"
#include "pass_game.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

using testing::PassGame;

GameViewFor<PassGame> pass_game_after(const std::vector<std::string>& moves) {
  GameViewFor<PassGame> view;
  for (const std::string& text : moves) {
    const Parsed<Move> move = view.move_from_text(text);
    EXPECT_TRUE(move.ok()) << text;
    if (move) view.play(*move);
  }
  return view;
}

TEST(PassModel, OnlyAForcedPassIsOffered) {
  // X a1, O b1: X's one cell is taken, O still has c1.
  EXPECT_EQ(only_pass(pass_game_after({})), std::nullopt) << "X has a1";
  EXPECT_EQ(only_pass(pass_game_after({"a1"})), std::nullopt) << "O has b1 and c1";
  const GameViewFor<PassGame> stuck = pass_game_after({"a1", "b1"});
  const std::optional<Move> pass = only_pass(stuck);
  ASSERT_TRUE(pass.has_value());
  EXPECT_EQ(stuck.move_to_text(*pass), "pass");
  EXPECT_TRUE(stuck.move_cells(*pass).is_pass());
  EXPECT_TRUE(stuck.move_cells(*pass).changed().empty());
  EXPECT_EQ(pass_in_words(stuck), "Black has no move and passes.");
  // After the pass O plays on, and c1 ends the game.
  GameViewFor<PassGame> after = stuck;
  after.play(*pass);
  EXPECT_EQ(after.side_to_move(), 1);
  EXPECT_EQ(only_pass(after), std::nullopt);
  const Parsed<Move> last = after.move_from_text("c1");
  ASSERT_TRUE(last.ok());
  after.play(*last);
  EXPECT_EQ(after.outcome(), Outcome::kDrawn);
  EXPECT_EQ(only_pass(after), std::nullopt) << "no move at all is no pass";
}

TEST(PassModel, ThePassChangesNoCellOfTheBoard) {
  GameViewFor<PassGame> stuck = pass_game_after({"a1", "b1"});
  std::vector<Piece> before;
  for (int col = 0; col < 3; ++col) before.push_back(stuck.piece_at({col, 0}));
  stuck.play(*only_pass(stuck));
  for (int col = 0; col < 3; ++col) EXPECT_EQ(stuck.piece_at({col, 0}), before[col]) << col;
}

// A registered game's position, reached by random play, where the side to
// move has only a pass; none if 300 random games never reach one. Every
// test process runs it for every game as it registers EveryGame/PassInPlay
// (CTest runs each test as a process of its own, some 570 a suite), so the
// cheap test comes first: asking each ghost's only move for its cells made
// Pac-Man's 300 games take 0.06 s of every process under ASan, half a
// minute of the asan step's processor time.
std::optional<std::string> forced_pass_position(const std::string& game) {
  std::mt19937_64 rng(24);
  for (int playout = 0; playout < 300; ++playout) {
    std::unique_ptr<GameView> view = make_game_view(game);
    while (view->outcome() == Outcome::kOngoing) {
      if (view->side_to_move() == 0 && only_pass(*view)) return view->position_text();
      const std::vector<Move> moves = view->legal_moves();
      view->play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return std::nullopt;
}

// Every registered game with a forced pass: a person who must pass is told
// why and passes by the pass alone (no cell of the board plays it); the pass
// is "pass" in the move list as the game writes it, marks no cell, and
// survives a link, a save and undo; the AI's pass comes back from its engine
// as any move does.
class PassInPlay : public ::testing::TestWithParam<std::string> {
 protected:
  ScriptedEngine engine;
  GameController game{engine};
};

TEST_P(PassInPlay, APersonPassesAndThePassIsAMoveOfTheGame) {
  const std::optional<std::string> position = forced_pass_position(GetParam());
  ASSERT_TRUE(position.has_value());
  ASSERT_FALSE(game.new_game(GetParam(), *position));
  game.set_side(0, {false, 3});
  game.set_side(1, {true, 3});
  const std::optional<Move> pass = person_pass(game);
  ASSERT_TRUE(pass.has_value()) << *position;
  const SideDescription& side = game.position().side(0);
  EXPECT_EQ(pass_in_words(game.position()).rfind(std::string(side.subject), 0), 0u);
  const Grid grid = game.position().board().grid;
  const BoardScene before = make_scene(game, {});
  for (int row = 0; row < grid.rows; ++row)
    for (int col = 0; col < grid.cols; ++col) {
      EXPECT_FALSE(click(game, {}, {col, row}).move) << "a click names the pass";
      EXPECT_FALSE(before.marks[before.index({col, row})] & kLegalTarget);
    }

  ASSERT_FALSE(game.play(*pass));
  const std::string text = game.line().back().text;
  EXPECT_EQ(game.moves(), std::vector<std::string>{text});
  EXPECT_TRUE(game.line().back().cells.is_pass());
  EXPECT_EQ(person_pass(game), std::nullopt) << "the AI is to move";
  EXPECT_EQ(last_move_path(game), std::nullopt) << "nothing moves";
  const BoardScene after = make_scene(game, {});
  for (std::uint8_t mark : after.marks) EXPECT_FALSE(mark & kLastMove) << "a pass marks no cell";
  for (int row = 0; row < grid.rows; ++row)
    for (int col = 0; col < grid.cols; ++col)
      EXPECT_EQ(after.pieces[after.index({col, row})], before.pieces[before.index({col, row})]);

  // The link and the save carry the pass; undo takes it back.
  const std::string link = game.share_fragment();
  EXPECT_NE(link.find("moves=" + text), std::string::npos) << link;
  ScriptedEngine other_engine;
  GameController other{other_engine};
  ASSERT_FALSE(other.open_link(link)) << link;
  EXPECT_EQ(other.moves(), game.moves());
  GameController loaded{other_engine};
  ASSERT_FALSE(loaded.load(game.save()));
  EXPECT_EQ(loaded.moves(), game.moves());
  game.undo();
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(person_pass(game), pass);
}

TEST_P(PassInPlay, TheAIsPassIsPlayedAsItsEngineSaysIt) {
  const std::optional<std::string> position = forced_pass_position(GetParam());
  ASSERT_TRUE(position.has_value());
  ASSERT_FALSE(game.new_game(GetParam(), *position));
  game.set_side(0, {true, 3});
  game.set_side(1, {false, 3});
  EXPECT_EQ(person_pass(game), std::nullopt) << "the AI's pass is no person's";
  const std::string text = game.position().move_to_text(*only_pass(game.position()));
  game.update();
  ASSERT_TRUE(game.ai_thinking());
  engine.reply(engine.last_request, "bestmove " + text);
  game.update();
  EXPECT_EQ(game.moves(), std::vector<std::string>{text});
  EXPECT_EQ(game.side_to_move(), 1);
}

// The registered games whose random games reach a forced pass (Reversi's
// do; Tic-tac-toe's, Connect Four's and Wolf and Sheep's never can).
std::vector<std::string> games_with_a_forced_pass() {
  std::vector<std::string> games;
  for (const std::string& game : game_names())
    if (forced_pass_position(game)) games.push_back(game);
  return games;
}

INSTANTIATE_TEST_SUITE_P(EveryGame, PassInPlay, ::testing::ValuesIn(games_with_a_forced_pass()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace arcade::app
