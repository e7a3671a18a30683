#include "app/lab/lab_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app/board/board_scene.h"
#include "app/lab/lab_legend.h"
#include "app/lab/lab_navigation.h"
#include "app/lab/lab_node_board.h"
#include "app/lab/lab_node_details.h"
#include "app/lab/lab_paint.h"
#include "app/lab/lab_text.h"
#include "app/lab/lab_tree_painter.h"

namespace arcade::app {
namespace {

void begin_tree_window(ImVec2 min, ImVec2 max) {
  ImGui::SetNextWindowPos(min);
  ImGui::SetNextWindowSize({max.x - min.x, max.y - min.y});
  ImGui::PushStyleColor(ImGuiCol_WindowBg, kBackground);
  ImGui::Begin("lab tree", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
}

// The engine's count while it searches (the nodes come when it ends), then
// the nodes as they arrive.
std::string arriving_text(const Lab& lab) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.0f s", static_cast<double>(lab.searching_seconds()));
  return lab.tree_searching()
             ? "Searching... " + thousands(lab.progress_nodes()) + " nodes so far, " + seconds
             : "Receiving the tree... " + thousands(lab.tree().nodes().size()) + " nodes so far";
}

// With nodes counted but none sent, the engine was restarted to stop it (a
// browser's worker cannot read a stop while it searches).
std::string stopped_text(const Lab& lab) {
  return lab.progress_nodes() > 0
             ? "Stopped after " + thousands(lab.progress_nodes()) +
                   " nodes. The engine was restarted to stop it, so the nodes it searched are "
                   "lost: a smaller depth finishes sooner."
             : "Stopped before a node was searched.";
}

// What stands where the tree will be, until it can be drawn.
std::string waiting_text(const Lab& lab, const LabWords& words) {
  if (!lab.has_run())
    return words.agents.empty() ? "Choose a depth and run the search: its tree appears here."
                                : "Choose the rounds and run the search: its tree appears here.";
  if (lab.running()) return arriving_text(lab);
  if (lab.tree().state() == LabTree::State::kStopped) return stopped_text(lab);
  return "No tree.";
}

// The whole area takes the pointer: drag pans, the wheel zooms. The canvas
// stays the last item, for the pointer's other uses.
void pan_and_zoom(LabView& view, ImVec2 min, ImVec2 max) {
  ImGui::SetCursorScreenPos(min);
  ImGui::InvisibleButton("tree canvas", {max.x - min.x, max.y - min.y},
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActive() && !view.pinching &&
      ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
    view.camera.pan_x -= io.MouseDelta.x;
    view.camera.pan_y -= io.MouseDelta.y;
  }
  if (ImGui::IsItemHovered() && io.MouseWheel != 0)
    lab_zoom_at(view, std::pow(1.2f, io.MouseWheel), io.MousePos);
}

// A node's details in a tooltip; zoomed out a node is a triangle, so its
// board comes with them.
void node_tooltip(const Lab& lab, const LabView& view, const GameView& root, const LabWords& words,
                  ImGuiBoards& boards, int node) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
  node_details(lab, node, words, ImGui::GetFontSize() * 26);
  ImGui::PopTextWrapPos();
  if (view.camera.zoom < kLabBoardZoom)
    if (const std::optional<BoardScene> scene = node_scene(lab, root, node))
      node_board_item(boards, *scene, node_board_size(root, 120, 160));
  ImGui::EndTooltip();
}

// The node under the pointer: a click (not a drag) chooses it, a double or
// right click folds it, and the pointer resting on it shows its details.
void point_at_node(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                   ImGuiBoards& boards, const Placement& place) {
  const ImGuiIO& io = ImGui::GetIO();
  const std::optional<int> under = node_under(lab, place, root, io.MousePos);
  if (!under) return;
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
      io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f)
    view.selected = *under;
  if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) ||
      ImGui::IsMouseClicked(ImGuiMouseButton_Right))
    lab.toggle_fold(*under);
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left))
    node_tooltip(lab, view, root, words, boards, *under);
}

// Over the tree's foot, on a plate of its own: a stale tree is not the
// board's, and the way to make it so, "Run again", is beside the words.
LabAction stale_plate(const Lab& lab, const std::string& stale, ImVec2 min, ImVec2 max) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const std::string text = "Stale: " + stale + ".";
  const float pad = 8, button_w = ImGui::CalcTextSize("Run again").x + 24;
  const float wrap = max.x - min.x - 3 * pad - button_w - 20;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const float h = std::max(size.y, ImGui::GetFrameHeight());
  const ImVec2 top{min.x + 10, max.y - h - 2 * pad - 6};
  list->AddRectFilled(top, {max.x - 10, max.y - 6}, IM_COL32(40, 36, 24, 240), 6.0f);
  list->AddRect(top, {max.x - 10, max.y - 6}, kStale, 6.0f);
  list->AddText(nullptr, 0, {top.x + pad, top.y + pad + (h - size.y) / 2}, kStale, text.c_str(),
                nullptr, wrap);
  ImGui::SetCursorScreenPos(
      {max.x - 10 - pad - button_w, top.y + pad + (h - ImGui::GetFrameHeight()) / 2});
  return !lab.running() && ImGui::Button("Run again", {button_w, 0}) ? LabAction::kRun
                                                                     : LabAction::kNothing;
}

}  // namespace

LabAction lab_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                   ImGuiBoards& boards, ImVec2 min, ImVec2 max, const std::string& stale) {
  begin_tree_window(min, max);
  view.drawn_nodes = 0;
  view.drawn_values.clear();
  view.drawn_boards = 0;
  // The tree begins under the legend however many lines it wraps to (one
  // is kLabTopMargin's): on a phone its plate hid the root.
  const LabLegend legend = lab_legend(lab.tree(), words, min, max);
  min.y += std::max(0.0f, legend.size.y - ImGui::GetTextLineHeight());
  view.area_min = min;
  view.area_max = max;
  if (lab.tree().nodes().empty() || !lab.tree_ready()) {
    ImGui::SetCursorPos({16, kLabTopMargin});
    ImGui::TextWrapped("%s", waiting_text(lab, words).c_str());
    ImGui::End();
    return LabAction::kNothing;
  }
  if (view.camera.zoom <= 0) view.camera = fit_camera(lab.layout(), max.x - min.x, max.y - min.y);
  view.camera.pan_x += view.autopan.x;
  view.camera.pan_y += view.autopan.y;
  pan_and_zoom(view, min, max);
  follow_replay(lab, view, lab.layout(), min, max);
  const Placement place = placement(view);
  if (ImGui::IsItemHovered() && !view.pinching)
    point_at_node(lab, view, root, words, boards, place);
  paint_tree(lab, view, root, words, boards, place, min, max);
  draw_legend(ImGui::GetWindowDrawList(), legend);
  const LabAction action = stale.empty() ? LabAction::kNothing : stale_plate(lab, stale, min, max);
  ImGui::End();
  return action;
}

}  // namespace arcade::app
