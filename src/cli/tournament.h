#pragma once
// `arcade tournament`: the difficulty ladder checked by play. Neighbouring
// levels (or, with `all`, every pair) play a series each through play_match,
// and the result is a cross table of scores plus one line per rung, so a
// level that fails to beat the one below shows at a glance.

#include <iosfwd>
#include <string>
#include <vector>

namespace arcade::cli {

// Parses `tournament GAME [games N] [seed S] [movetime MS] [openings K] [all]`.
int tournament_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arcade::cli
