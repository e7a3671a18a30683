#pragma once
// The heuristic opened up for a position (the panel's Evaluation section,
// beside the lab): each term's value, the weight the learner edits and the
// term's share, the total, and the game's presets of weights.

#include <vector>

#include "games/game_view.h"

namespace arcade::app {

// The panel for `position` in the current ImGui window, editing `weights`
// (the game's own: another game's are left alone). Returns true when the
// weights changed.
bool evaluation_panel(const GameView& position, std::vector<Score>& weights);

}  // namespace arcade::app
