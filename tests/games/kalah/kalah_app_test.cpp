// Kalah in the app's game model: a side that moves again.

#include <gtest/gtest.h>

#include "app/game/game_controller.h"
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

}  // namespace
}  // namespace arcade::app
