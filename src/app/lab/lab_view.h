#pragma once
// The minimax lab's search tree drawn with Dear ImGui where the board was:
// its window, what stands there until the tree can be drawn, and the
// pointer on it (drag to pan, wheel to zoom, a click chooses a node, a
// double or right click folds it, resting on one shows its details).
// What it paints is lab_tree_painter.h's, where the learner looks
// lab_navigation.h's; the lab's controls in the side panel are
// lab_controls.h's.

#include <imgui.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "app/board/imgui_boards.h"
#include "app/lab/lab.h"
#include "games/game_view.h"

namespace arcade::app {

// How the tree is looked at.
struct LabView {
  LabCamera camera;      // zoom 0: fit the tree at the next frame
  ImVec2 autopan{0, 0};  // points per frame (benchmarks, tests)
  std::optional<int> selected;
  std::optional<int> centre_on;  // a node to bring to the middle at the next frame
  std::size_t step_seen = 0;     // the replay's step the view last followed
  int drawn_nodes = 0;           // last frame's
  int drawn_boards = 0;          // last frame's nodes drawn as boards
  // Last frame's values under nodes, as "node:text" (tests read the first
  // few dozen).
  std::vector<std::string> drawn_values;
  ImVec2 area_min{0, 0}, area_max{0, 0};  // the tree's area last drawn (points)
  bool pinching = false;  // two fingers on the screen: they zoom, the drag does not pan
};

// What the panel (or the tree's "Run again") asks for.
enum class LabAction { kNothing, kRun, kStop };

// The tree in the rectangle [min, max] (points), in a window of its own;
// a stale tree says so over it, with "Run again".
LabAction lab_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                   ImGuiBoards& boards, ImVec2 min, ImVec2 max, const std::string& stale);

}  // namespace arcade::app
