#pragma once
// `arcade match GAME MAZE ...` for a game of more than two agents:
// N whole games of one maze, agent 0 searching with a chosen algorithm and
// depth, the other agents playing as a chosen model, through the engine's
// own `match` command (engine/agent_match.h), so that the command line, the
// app and the protocol count the same games.

#include <iosfwd>
#include <string>
#include <vector>

namespace arcade::cli {

// Parses `match GAME MAZE [algorithm A] [depth D] [opponents O]
// [weights W] [games N] [seed S]` and prints one line of results; MAZE is
// a shipped maze's name (a space written `_`) or its rows joined by `/`.
int agent_match_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arcade::cli
