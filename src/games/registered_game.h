#pragma once
// What a game's folder tells the registry about itself, besides its rules and
// description: src/games/<name>/registration.h specialises GameRegistration
// for the game's type. The build reads src/games/games.txt and writes
// games/registered_games.h, which includes every registration.h and names
// the games in order as RegisteredGames; the registry, the engine's hosts,
// the conformance suite and the fuzzers all take their games from it.
//
// A registration holds:
//   using Session = ...;                 the game's GameSession (GameSessionFor<G>
//                                        unless it brings a solver or a book)
//   static constexpr ToolSettings kTools;  for the command-line tool
// and may hold:
//   static constexpr int kMinimaxTestDepth;  depth at which a plain minimax of
//                                        random positions stays cheap (tests; 5 if absent)
//   static void equip_engine_session(Session&);  what the engine's hosts add to
//                                        a new session (a shipped opening book),
//                                        defined in a source file the game adds
//                                        to arcade_engine_sessions
//   static constexpr GameTool kCommandLineTools[];  its own tools of the `arcade`
//                                        command (games/game_tool.h: `bench
//                                        connect4 FILE`, `book ...`), defined
//                                        in source files the game adds to
//                                        arcade_game_tools

#include "games/game_tool.h"

namespace arcade {

// What the command-line tool needs to know of a game beyond its rules.
struct ToolSettings {
  // `arcade bench`: the depth of every search, and the plies between the
  // positions of its random walks (bench_signature.h).
  int bench_depth = 8;
  int bench_walk_step = 2;
  // `arcade tournament`: the random moves that open each pair of games.
  int tournament_opening_plies = 2;
};

template <class G>
struct GameRegistration;

// A list of game types, in the order of games.txt.
template <class... G>
struct GameList {};

// Calls f.template operator()<G>() for each game of the list, in order.
template <class... G, class F>
void for_each_game(GameList<G...>, F&& f) {
  (f.template operator()<G>(), ...);
}

}  // namespace arcade
