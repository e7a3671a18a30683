#pragma once
#include "engine/session.h"
#include "games/registered_game.h"
#include "games/tictactoe/tictactoe.h"

namespace arcade {

template <>
struct GameRegistration<TicTacToe> {
  using Session = GameSessionFor<TicTacToe>;
  // Searched to its end, which costs nothing; its bench walks are short, as
  // longer ones soon reach a forced win. Two random opening plies can lose a
  // game, so random ties alone vary the tournament's games.
  static constexpr ToolSettings kTools{
      .bench_depth = 9, .bench_walk_step = 1, .tournament_opening_plies = 0};
  static constexpr int kMinimaxTestDepth = 9;
};

}  // namespace arcade
