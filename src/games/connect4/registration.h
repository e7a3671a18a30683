#pragma once
#include "games/connect4/connect4.h"
#include "games/connect4/connect4_bench.h"
#include "games/connect4/connect4_book_tool.h"
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
  // Its tools of the `arcade` command (connect4_bench.cpp and
  // connect4_book_tool.cpp, in the command-line tool only).
  static constexpr GameTool kCommandLineTools[] = {
      {"bench connect4", "FILE [threads N]", "solve a Connect Four data file, check every score",
       bench_connect4_tool},
      {"bench perfect", "FILE [movetime MS]", "the Perfect level's move in each position, timed",
       bench_perfect_tool},
      {"book", "build|pack|check|info FILE ...", "the Connect Four opening book (arcade book)",
       connect4_book_tool},
  };
};

}  // namespace arcade
