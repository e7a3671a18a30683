#pragma once
// The lab's controls in the side panel: the search to run
// (lab_settings_controls.h) and its Run or Stop button, what the run found,
// the view's buttons, the chosen node, the replay with the sentence for each
// event, and the node-count chart.

#include <string>

#include "app/board/imgui_boards.h"
#include "app/lab/lab.h"
#include "app/lab/lab_view.h"
#include "games/game_view.h"

namespace arcade::app {

// The controls in the current ImGui window. `stale`: why the tree is no
// longer the board's (Lab::stale_reason), or empty.
LabAction lab_controls(Lab& lab, LabSettings& settings, LabView& view, const GameView& root,
                       const LabWords& words, ImGuiBoards& boards, const std::string& stale);

}  // namespace arcade::app
