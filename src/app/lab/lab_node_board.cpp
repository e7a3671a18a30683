#include "app/lab/lab_node_board.h"

#include <algorithm>
#include <string>

namespace arcade::app {

std::unique_ptr<GameView> node_position(const Lab& lab, const GameView& root, int node) {
  std::unique_ptr<GameView> position = root.clone();
  for (const std::string& text : lab.tree().line_to(node)) {
    const Parsed<Move> move = position->move_from_text(text);
    if (!move) return nullptr;
    position->play(*move);
  }
  return position;
}

std::optional<BoardScene> node_scene(const Lab& lab, const GameView& root, int node) {
  return scene_after_line(root, lab.tree().line_to(node));
}

ImVec2 node_board_size(const GameView& root, float zoom, float row) {
  const Grid grid = root.grid();
  const float cell = std::min(zoom * 0.8f / grid.cols, row * 0.5f / grid.rows);
  return {cell * grid.cols, cell * grid.rows};
}

void node_board_item(ImGuiBoards& boards, const BoardScene& scene, ImVec2 size) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  boards.add(ImGui::GetWindowDrawList(), scene, at, {at.x + size.x, at.y + size.y});
  ImGui::Dummy(size);
}

}  // namespace arcade::app
