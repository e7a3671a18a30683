#pragma once
#include "engine/agent_session.h"
#include "games/pacman/pacman.h"
#include "games/registered_game.h"

namespace arcade {

template <>
struct GameRegistration<PacMan> {
  using Session = AgentSessionFor<PacMan>;
  // The bench searches 4 rounds (the agent search counts rounds), on a line
  // of its own; it walks a round of the two-ghost maze (3 plies) between
  // positions.
  static constexpr ToolSettings kTools{
      .bench_depth = 4, .bench_walk_step = 3, .tournament_opening_plies = 0};
  static constexpr int kMinimaxTestDepth = 4;
};

}  // namespace arcade
