#pragma once
#include "engine/session.h"
#include "games/pacman/pacman.h"
#include "games/registered_game.h"

namespace arcade {

template <>
struct GameRegistration<PacMan> {
  using Session = GameSessionFor<PacMan>;
  // Plies, as the two-player suites count them: 6 is two rounds of the
  // two-ghost mazes. The bench walks a round (3 plies) between positions.
  static constexpr ToolSettings kTools{
      .bench_depth = 6, .bench_walk_step = 3, .tournament_opening_plies = 0};
  static constexpr int kMinimaxTestDepth = 4;
};

}  // namespace arcade
