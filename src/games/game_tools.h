#pragma once
// The games' own command-line tools (games/game_tool.h), taken from their
// registrations in the order of src/games/games.txt: what the `arcade` tool
// offers beside its generic commands. Link arcade_game_tools (the tools'
// code is in the command-line tool only, not in the app).

#include <span>
#include <string>
#include <vector>

#include "games/game_tool.h"

namespace arcade {

// Every registered game's tools, in the order of games.txt, each game's in
// the order of its registration.
std::span<const GameTool> game_tools();

// The tool whose words begin `args` (`bench connect4 FILE` finds "bench
// connect4"), or null.
const GameTool* find_game_tool(const std::vector<std::string>& args);

}  // namespace arcade
