#pragma once
// The minimax lab drawn with Dear ImGui: in the side panel, the search to run
// (depth, algorithm, enhancements), the replay controls with the sentence for
// each event, the node-count chart and the chosen node; where the board was,
// the search tree itself, each node a small board (or, zoomed out, a triangle:
// up for max, down for min) with its value and window, pruned moves as stubs,
// table answers marked, the principal variation highlighted. Drag to pan,
// wheel or the buttons to zoom, a click chooses a node, a double or right
// click folds it.

#include <imgui.h>

#include <optional>

#include "app/imgui_boards.h"
#include "app/lab.h"
#include "games/game_view.h"

namespace arcade::app {

// How the tree is looked at.
struct LabView {
  float zoom = 0;        // points per slot; 0: fit the tree at the next frame
  float row = 60;        // points per ply
  ImVec2 pan{0, 0};      // the tree's point at the view's top left
  ImVec2 autopan{0, 0};  // points per frame (benchmarks, tests)
  std::optional<int> selected;
  std::optional<int> centre_on;  // a node to bring to the middle at the next frame
  std::size_t step_seen = 0;     // the replay's step the view last followed
  int drawn_nodes = 0;           // last frame's
};

// What the panel asks for.
enum class LabAction { kNothing, kRun, kStop };

// The panel's contents in the current ImGui window.
LabAction lab_panel(Lab& lab, LabSettings& settings, LabView& view, const GameView& root,
                    const LabWords& words, ImGuiBoards& boards);

// The tree in the rectangle [min, max] (points), in a window of its own.
void lab_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
              ImGuiBoards& boards, ImVec2 min, ImVec2 max);

// The heuristic opened up for `position`: each term's value, weight (which
// the learner edits) and share, the total, and the game's presets. Returns
// true when the weights changed.
bool evaluation_panel(const GameView& position, std::vector<Score>& weights);

// The position at a node: the root's with the moves down to it played.
std::unique_ptr<GameView> node_position(const Lab& lab, const GameView& root, int node);

}  // namespace arcade::app
