#pragma once
#include "games/registered_game.h"
#include "games/reversi/endgame_bench.h"
#include "games/reversi/reversi.h"
#include "games/reversi/reversi_session.h"

namespace arcade {

template <>
struct GameRegistration<Reversi> {
  using Session = ReversiSession;
  // Bench walks of 6 plies reach the early middle game (walk 4: 24 plies);
  // four random opening plies vary the tournament's games without deciding
  // them (no corner is reachable so early).
  static constexpr ToolSettings kTools{
      .bench_depth = 10, .bench_walk_step = 6, .tournament_opening_plies = 4};
  static constexpr int kMinimaxTestDepth = 4;
  // Its tool of the `arcade` command (endgame_bench.cpp, in the
  // command-line tool only).
  static constexpr GameTool kCommandLineTools[] = {
      {"bench reversi", "FILE", "solve a Reversi endgame file (.obf), check every score",
       bench_reversi_tool},
  };
};

}  // namespace arcade
