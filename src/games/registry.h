#pragma once
// The games of Minimax Arcade by name: what the protocol's `game` command,
// the command-line tool and the app choose from. This is the one place that
// lists the games: adding one is its files in src/games, its tests, and one
// line in registry.cpp.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"
#include "games/game_view.h"

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

// In the order the product presents them; the first is the default.
std::vector<std::string> game_names();
// A new session at the game's start position, or null for an unknown name.
std::unique_ptr<GameSession> make_session(std::string_view name);
// The game's start position for the app, or null for an unknown name.
std::unique_ptr<GameView> make_game_view(std::string_view name);
// The game's settings for the command-line tool, or nothing for an unknown name.
std::optional<ToolSettings> tool_settings(std::string_view name);

}  // namespace arcade
