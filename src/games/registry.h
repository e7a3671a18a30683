#pragma once
// The games of Minimax Arcade by name: what the protocol's `game` command,
// the command-line tool and the app choose from, in the order of
// src/games/games.txt (registered_game.h says how a game registers).

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"
#include "games/game_view.h"
#include "games/registered_game.h"

namespace arcade {

// In the order the product presents them; the first is the default.
std::vector<std::string> game_names();
// A new session at the game's start position, or null for an unknown name.
std::unique_ptr<GameSession> make_session(std::string_view name);
// The game's start position for the app, or null for an unknown name.
std::unique_ptr<GameView> make_game_view(std::string_view name);
// The game's settings for the command-line tool, or nothing for an unknown name.
std::optional<ToolSettings> tool_settings(std::string_view name);

}  // namespace arcade
