#pragma once
// The minimax lab drawn with Dear ImGui: in the side panel, the search to run
// (depth, algorithm, enhancements), the replay controls with the sentence for
// each event, the node-count chart and the chosen node; where the board was,
// the search tree itself, each node a small board (or, zoomed out, a triangle:
// up for max, down for min; a circle for chance) with its value and window,
// pruned moves as stubs, table answers marked, the principal variation
// highlighted; in a game of agents each ply labelled with its agent and each
// chance edge with its probability. Drag to pan,
// wheel or the buttons to zoom, a click chooses a node, a double or right
// click folds it.

#include <imgui.h>

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

// Zooms the tree by `factor` about the chosen node, else the replay's
// current node, else the area's middle (the panel's buttons): the node
// stays where it is on the screen.
void lab_zoom(Lab& lab, LabView& view, float factor);
// Zooms about a point of the screen (the wheel, a pinch).
void lab_zoom_at(LabView& view, float factor, ImVec2 point);
// Where a node is drawn (its centre, in points), as of the last frame.
ImVec2 lab_node_point(Lab& lab, const LabView& view, int node);
// The chosen node in words: its move path, window, value and, once the
// search has left it, why it has that value (or why it was cut).
std::vector<std::string> lab_node_details(const Lab& lab, int node, const LabWords& words);

// The panel's contents in the current ImGui window.
// `stale`: why the tree is no longer the board's (Lab::stale_reason), or
// empty.
LabAction lab_panel(Lab& lab, LabSettings& settings, LabView& view, const GameView& root,
                    const LabWords& words, ImGuiBoards& boards, const std::string& stale);

// The tree in the rectangle [min, max] (points), in a window of its own;
// a stale tree says so over it, with "Run again".
LabAction lab_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                   ImGuiBoards& boards, ImVec2 min, ImVec2 max, const std::string& stale);

// The heuristic opened up for `position`: each term's value, weight (which
// the learner edits) and share, the total, and the game's presets. Returns
// true when the weights changed.
bool evaluation_panel(const GameView& position, std::vector<Score>& weights);

// The position at a node: the root's with the moves down to it played.
std::unique_ptr<GameView> node_position(const Lab& lab, const GameView& root, int node);
// A node's small board: its position with the move that led to it marked,
// the cell played and every cell it changed besides (the pieces it turned
// over). None for a node whose moves do not read.
std::optional<BoardScene> node_scene(const Lab& lab, const GameView& root, int node);

}  // namespace arcade::app
