#pragma once
#include "games/registered_game.h"
#include "games/wolfsheep/wolfsheep.h"
#include "games/wolfsheep/wolfsheep_solution.h"

namespace arcade {

template <>
struct GameRegistration<WolfSheep> {
  using Session = WolfSheepSession;
  // A random early wolf step opens a gap for the sheep, so the tournament's
  // openings keep to the sheep's harmless first step.
  static constexpr ToolSettings kTools{
      .bench_depth = 26, .bench_walk_step = 2, .tournament_opening_plies = 1};
  static constexpr int kMinimaxTestDepth = 7;
};

}  // namespace arcade
