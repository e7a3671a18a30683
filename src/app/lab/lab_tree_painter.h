#pragma once
// The lab's search tree painted: its edges with their moves, each node as a
// small board (zoomed in) or a shape (a triangle up for max, down for min;
// a circle for chance) with its value and window, pruned moves as stubs,
// table answers marked, the principal variation highlighted, and the
// replay's current node and the chosen one ringed.

#include <imgui.h>

#include "app/board/imgui_boards.h"
#include "app/lab/lab.h"
#include "app/lab/lab_navigation.h"
#include "app/lab/lab_view.h"
#include "games/game_view.h"

namespace arcade::app {

// The tree in the area [min, max] of the current window, as `place` puts
// it: the edges, the rows' labels, then each node entered with its stub.
// Counts what it drew in `view` (drawn_nodes, drawn_boards, drawn_values).
void paint_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                ImGuiBoards& boards, const Placement& place, ImVec2 min, ImVec2 max);

}  // namespace arcade::app
