#include "app/board/imgui_boards.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

namespace arcade::app {
namespace {

// ImGui's points (top left origin) to framebuffer pixels (bottom left).
PixelRect pixels(ImVec2 min, ImVec2 max) {
  const ImGuiIO& io = ImGui::GetIO();
  const float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
  const float fb_height = io.DisplaySize.y * sy;
  return {static_cast<int>(min.x * sx), static_cast<int>(fb_height - max.y * sy),
          std::max(0, static_cast<int>((max.x - min.x) * sx)),
          std::max(0, static_cast<int>((max.y - min.y) * sy))};
}

}  // namespace

void draw_edge_labels(ImDrawList* list, const std::vector<EdgeLabel>& labels, ImFont* font,
                      float size) {
  // The theme's dim text (palette::kTextDim): it names, it does not call
  // for attention.
  const ImU32 colour = IM_COL32(143, 153, 173, 255);
  for (const EdgeLabel& label : labels) {
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, label.text.c_str());
    list->AddText(font, size, ImVec2(label.x - extent.x / 2, label.y - extent.y / 2), colour,
                  label.text.c_str());
  }
}

void ImGuiBoards::new_frame(float seconds) {
  boards_.clear();
  seconds_ = seconds;
}

void draw_counts(ImDrawList* list, const BoardScene& scene, ImVec2 min, ImVec2 max, ImFont* font) {
  if (scene.cols <= 0 || scene.rows <= 0) return;
  const float cell = (max.x - min.x) / static_cast<float>(scene.cols);
  for (int row = 0; row < scene.rows; ++row)
    for (int col = 0; col < scene.cols; ++col) {
      const std::size_t i = scene.index({col, row});
      if (i >= scene.counts.size() || scene.counts[i] < 0) continue;
      // Large, light, outlined in dark: the number is what a player reads,
      // over the pieces under it. A store's larger, as the store is.
      const float size = cell * (store_column(scene, col) ? 0.6f : 0.5f);
      // Too small to read (a node's board zoomed out): the pieces say enough.
      if (size < 7.0f) return;
      const std::string text = std::to_string(scene.counts[i]);
      const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
      const auto [x, y] = count_centre(scene, {col, row});
      const ImVec2 at{min.x + cell * x - extent.x / 2, max.y - cell * y - extent.y / 2};
      if (scene.counts[i] == 0) {
        list->AddText(font, size, at, IM_COL32(235, 225, 210, 110), text.c_str());
        continue;
      }
      const float edge = std::max(1.0f, size * 0.07f);
      for (int k = 0; k < 8; ++k) {
        const float angle = static_cast<float>(k) * 0.7853982f;
        list->AddText(font, size, {at.x + edge * std::cos(angle), at.y + edge * std::sin(angle)},
                      IM_COL32(16, 10, 6, 230), text.c_str());
      }
      list->AddText(font, size, at, IM_COL32(255, 255, 255, 255), text.c_str());
    }
}

void ImGuiBoards::add(ImDrawList* list, const BoardScene& scene, ImVec2 min, ImVec2 max) {
  const ImVec2 clip_min = list->GetClipRectMin(), clip_max = list->GetClipRectMax();
  if (max.x <= clip_min.x || min.x >= clip_max.x || max.y <= clip_min.y || min.y >= clip_max.y)
    return;
  boards_.push_back({this, scene, pixels(min, max), pixels(clip_min, clip_max)});
  list->AddCallback(&ImGuiBoards::draw, &boards_.back());
  list->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
  draw_counts(list, scene, min, max, ImGui::GetFont());
}

void ImGuiBoards::draw(const ImDrawList*, const ImDrawCmd* command) {
  const Board& board = *static_cast<const Board*>(command->UserCallbackData);
  board.owner->renderer_.draw(board.scene, board.rect, board.owner->seconds_, board.clip);
}

}  // namespace arcade::app
