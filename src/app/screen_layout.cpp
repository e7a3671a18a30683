#include "app/screen_layout.h"

#include <algorithm>

#include "app/theme.h"

namespace arcade::app {
namespace {

constexpr float kHeadingHeight = 60.0f;  // at the base size of text: see heading_height()

}  // namespace

float heading_height() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.FontDefault) return kHeadingHeight;
  return kHeadingHeight * io.FontDefault->FontSize * io.FontGlobalScale / kBodyPoints;
}

ScreenLayout screen_layout(ImVec2 d, Grid grid, bool lab_open) {
  ScreenLayout l;
  l.phone = d.x < d.y * 0.9f && d.x < 760.0f;
  l.top_bar = {0, 0, d.x, kTopBarHeight};
  if (!l.phone) {
    const float panel_w = std::clamp(d.x * 0.3f, 330.0f, 420.0f);
    l.panel = {d.x - panel_w, kTopBarHeight, panel_w, d.y - kTopBarHeight};
    l.board_area = {0, kTopBarHeight, d.x - panel_w, d.y - kTopBarHeight};
    return l;
  }
  // The board as wide as the screen, the actions under it, the rest below.
  const float top = kTopBarHeight + kTabsHeight;
  const float board_h = (d.x - 2 * kBoardMargin) * grid.rows / grid.cols;
  const float most = d.y * 0.62f;
  const float area_h =
      lab_open ? most : std::min(heading_height() + board_h + 2 * kBoardMargin, most);
  l.top_bar.h = top;
  l.board_area = {0, top, d.x, area_h};
  l.actions = {0, top + area_h, d.x, kActionsHeight};
  const float panel_y = l.actions.y + l.actions.h;
  l.panel = {0, panel_y, d.x, std::max(0.0f, d.y - panel_y)};
  return l;
}

}  // namespace arcade::app
