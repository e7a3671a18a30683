#pragma once
// The games of Minimax Arcade by name: what the protocol's `game` command,
// the command-line tool and the app choose from.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/session.h"

namespace arcade {

// In the order the product presents them; the first is the default.
std::vector<std::string> game_names();
// A new session at the game's start position, or null for an unknown name.
std::unique_ptr<GameSession> make_session(std::string_view name);

}  // namespace arcade
