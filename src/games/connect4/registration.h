#pragma once
#include "games/connect4/connect4.h"
#include "games/connect4/connect4_session.h"
#include "games/registered_game.h"

namespace arcade {

template <>
struct GameRegistration<Connect4> {
  using Session = Connect4Session;
  static constexpr ToolSettings kTools{
      .bench_depth = 14, .bench_walk_step = 2, .tournament_opening_plies = 2};
  // The shipped opening book (shipped_book.cpp, in the engine's hosts only).
  static void equip_engine_session(Connect4Session& session);
};

}  // namespace arcade
