#pragma once
#include "games/kalah/kalah.h"
#include "games/kalah/kalah_session.h"
#include "games/registered_game.h"

namespace arcade {

template <>
struct GameRegistration<Kalah> {
  using Session = KalahSession;
  // Depth 10 searches a few thousand nodes from most positions; walks of 4
  // plies (extra turns make some of them one side's) reach the middle game;
  // two random opening sowings vary the tournament's games.
  static constexpr ToolSettings kTools{
      .bench_depth = 10, .bench_walk_step = 4, .tournament_opening_plies = 2};
  static constexpr int kMinimaxTestDepth = 5;
};

}  // namespace arcade
