// Kalah in the app's game model: a side that moves again.

#include <gtest/gtest.h>

#include "app/game/game_controller.h"
#include "app/game/move_table.h"
#include "app/game_in_words.h"
#include "games/registry.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

// Sowing c from the start ends in South's store (its four seeds go to d, e,
// f and the store), so South moves again; f then passes the turn. The
// analysis of the game's past positions takes their side from this, not
// from the ply's parity, and the status line says why South moves again.
TEST(KalahInTheApp, TheSideToMoveAtAPlyIsReplayedNotTakenByTurns) {
  ScriptedEngine engine;
  GameController game(engine);
  game.set_side(0, {false, 3});
  game.set_side(1, {false, 3});
  ASSERT_FALSE(game.new_game("kalah"));
  game.set_side(1, {false, 3});  // each game keeps its own sides
  for (const char* move : {"c", "f"}) ASSERT_FALSE(game.play(move)) << move;
  EXPECT_EQ(game.side_to_move_at(0), 0);
  EXPECT_EQ(game.side_to_move_at(1), 0) << "South moves again after c";
  EXPECT_EQ(game.side_to_move_at(2), 1);
  EXPECT_EQ(game.line()[0].words, "South moves again: the last seed fell in its store.");
  EXPECT_EQ(game.line()[1].words, "");
}

// Thinking on the person's time ponders the AI's searches after each of the
// person's replies; c from the start keeps South's turn, so the AI would
// never search after it, and it is never pondered. The other five are, in
// turn, round after round.
TEST(KalahInTheApp, AReplyThatKeepsThePersonsTurnIsNotPondered) {
  ScriptedEngine engine;
  GameController game(engine);
  ASSERT_FALSE(game.new_game("kalah"));
  game.set_side(0, {false, 3});
  game.set_side(1, {true, 5});  // Perfect, which ponders
  for (int i = 0; i <= 12; ++i) game.update(10.0 + 0.51 * i);
  std::vector<std::string> pondered;
  for (std::size_t i = 1; i < engine.sent.size(); ++i)
    if (engine.sent[i].rfind("go ponder", 0) == 0) pondered.push_back(engine.sent[i - 1]);
  ASSERT_GE(pondered.size(), 10u);
  const char* replies[] = {"a", "b", "d", "e", "f"};
  for (std::size_t i = 0; i < pondered.size(); ++i)
    EXPECT_EQ(pondered[i], std::string("position startpos moves ") + replies[i % 5]) << i;
}

// The status line says what a move did, then why; where the line has little
// room (a phone) it keeps the what whole rather than cut the why mid-word.
TEST(KalahInTheApp, TheBriefStatusKeepsWhatTheMoveDidWithoutWhy) {
  ScriptedEngine engine;
  GameController game(engine);
  ASSERT_FALSE(game.new_game("kalah"));
  game.set_side(0, {false, 3});
  game.set_side(1, {false, 3});
  ASSERT_FALSE(game.play("c"));
  EXPECT_EQ(figures_text(game, false), "South moves again: the last seed fell in its store.");
  EXPECT_EQ(figures_text(game, false, /*brief=*/true), "South moves again");
  EXPECT_EQ(last_move_headline(game), "South moves again");
  ASSERT_FALSE(game.play("f"));
  EXPECT_EQ(last_move_headline(game), "") << "f passes the turn and says nothing more";
}

// The move list puts each sowing under the side that sowed: c from the start
// keeps South's turn, so f is South's too, on a row of its own with North's
// column empty; North's a follows beside it. (Listed by turns, f stood
// under North.)
TEST(KalahInTheApp, TheMoveListPutsAMoveAgainUnderItsOwnSide) {
  const std::unique_ptr<GameView> start = make_game_view("kalah");
  const MoveTable table = move_table(*start, {"c", "f", "a"});
  ASSERT_EQ(table.places.size(), 3u);
  EXPECT_EQ(table.rows(), 2u);
  EXPECT_EQ(table.places[0].row, 0u);
  EXPECT_EQ(table.places[0].column, 0u);
  EXPECT_EQ(table.places[1].row, 1u) << "South again: a row of its own";
  EXPECT_EQ(table.places[1].column, 0u);
  EXPECT_EQ(table.places[2].row, 1u);
  EXPECT_EQ(table.places[2].column, 1u) << "North's a, beside South's f";
}

}  // namespace
}  // namespace arcade::app
