#pragma once
// A node of the lab's tree as a small board: the position at the node, its
// scene with the move that led there marked, and the board's size and
// drawing as an item (the chosen node in the panel, a node's tooltip).

#include <imgui.h>

#include <memory>
#include <optional>

#include "app/board/board_scene.h"
#include "app/board/imgui_boards.h"
#include "app/lab/lab.h"
#include "games/game_view.h"

namespace arcade::app {

// The position at a node: the root's with the moves down to it played.
std::unique_ptr<GameView> node_position(const Lab& lab, const GameView& root, int node);
// A node's small board: its position with the move that led to it marked,
// the cell played and every cell it changed besides (the pieces it turned
// over). None for a node whose moves do not read.
std::optional<BoardScene> node_scene(const Lab& lab, const GameView& root, int node);
// A node's board at a zoom (points a slot) and row height: the largest
// that fits in most of a slot's width and half a row.
ImVec2 node_board_size(const GameView& root, float zoom, float row);
// `scene` as an ImGui item at the cursor, `size` points.
void node_board_item(ImGuiBoards& boards, const BoardScene& scene, ImVec2 size);

}  // namespace arcade::app
