#pragma once
// What the learner chooses before a run of the lab's search, in the side
// panel: the depth (in rounds where there are agents), the algorithm, the
// enhancements, how the other team is taken (expectimax), and how many
// nodes to keep.

#include "app/lab/lab.h"
#include "games/game_view.h"

namespace arcade::app {

// The controls for `root`'s game, editing `settings`.
void settings_controls(LabSettings& settings, const GameView& root, const LabWords& words);

}  // namespace arcade::app
