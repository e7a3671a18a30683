#pragma once
// Boards inside ImGui windows. A board drawn straight away with GL lies under
// everything ImGui draws that frame; one added here is drawn by the ImGui
// backend at its place among a window's shapes (an ImDrawList callback), so
// that what is drawn after it, and windows in front, lie on top as they do
// for any other item. The lab's tree draws its nodes' boards this way.

#include <imgui.h>

#include <deque>
#include <vector>

#include "app/board/board_renderer.h"
#include "app/board/board_scene.h"

namespace arcade::app {

// The names of the board's columns and rows (edge_labels) in `font` at
// `size` points, muted: small beside the board, as chess and Othello boards
// print them.
void draw_edge_labels(ImDrawList* list, const std::vector<EdgeLabel>& labels, ImFont* font,
                      float size);

// The counts of the scene's cells (BoardScene::counts), drawn in `font`
// over the board in [min, max] (points): a number on each cell that holds a
// count, sized to the cell, light outlined in dark so that it reads on any
// piece; a store's (a board of pits' end column) at the store's middle
// (count_centre). Nothing for a game whose cells hold no counts.
void draw_counts(ImDrawList* list, const BoardScene& scene, ImVec2 min, ImVec2 max, ImFont* font);

class ImGuiBoards {
 public:
  explicit ImGuiBoards(BoardRenderer& renderer) : renderer_(renderer) {}

  // Forgets the last frame's boards (drawn by now); call before adding any.
  void new_frame(float seconds);
  // Draws `scene` in the rectangle [min, max] (ImGui points) of `list`,
  // clipped to the list's current clip rectangle.
  void add(ImDrawList* list, const BoardScene& scene, ImVec2 min, ImVec2 max);
  std::size_t count() const { return boards_.size(); }

 private:
  struct Board {
    ImGuiBoards* owner;
    BoardScene scene;
    PixelRect rect, clip;
  };
  static void draw(const ImDrawList* list, const ImDrawCmd* command);

  BoardRenderer& renderer_;
  std::deque<Board> boards_;  // a deque: each callback keeps a pointer to its board
  float seconds_ = 0;
};

}  // namespace arcade::app
