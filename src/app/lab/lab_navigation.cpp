#include "app/lab/lab_navigation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/lab/lab_node_board.h"

namespace arcade::app {

Placement placement(const LabView& view) {
  return {view.area_min, view.camera, view.camera.zoom, view.camera.row};
}

void lab_zoom(Lab& lab, LabView& view, float factor) {
  std::optional<int> anchor = view.selected;
  if (!anchor)
    if (const std::optional<LabEvent> event = lab.current_event()) anchor = event->node;
  const bool known = anchor && lab.tree_ready() &&
                     *anchor < static_cast<int>(lab.tree().nodes().size()) &&
                     lab.layout().visible[static_cast<std::size_t>(*anchor)];
  const ImVec2 middle{(view.area_min.x + view.area_max.x) / 2,
                      (view.area_min.y + view.area_max.y) / 2};
  lab_zoom_at(view, factor, known ? lab_node_point(lab, view, *anchor) : middle);
}

void lab_zoom_at(LabView& view, float factor, ImVec2 point) {
  zoom_camera(view.camera, factor, point.x - view.area_min.x, point.y - view.area_min.y);
}

ImVec2 lab_node_point(Lab& lab, const LabView& view, int node) {
  const LabLayout& layout = lab.layout();
  const auto i = static_cast<std::size_t>(node);
  if (i >= layout.x.size()) return {0, 0};
  return placement(view).at(layout.x[i], lab.tree().nodes()[i].ply);
}

void follow_replay(const Lab& lab, LabView& view, const LabLayout& layout, ImVec2 min, ImVec2 max) {
  const ImVec2 size{max.x - min.x, max.y - min.y};
  if (lab.step() != view.step_seen) {
    view.step_seen = lab.step();
    const std::optional<LabEvent> event = lab.current_event();
    if (event && lab.step() < lab.events().size()) {
      const auto i = static_cast<std::size_t>(event->node);
      follow_node(view.camera, layout.x[i], lab.tree().nodes()[i].ply, size.x, size.y);
    }
  }
  if (!view.centre_on) return;
  const auto i = static_cast<std::size_t>(*view.centre_on);
  view.centre_on.reset();
  if (i >= layout.x.size()) return;
  view.camera.pan_x = (layout.x[i] + 0.5f) * view.camera.zoom - size.x / 2;
  view.camera.pan_y = kLabTopMargin + lab.tree().nodes()[i].ply * view.camera.row - size.y / 3;
}

std::optional<int> node_under(Lab& lab, const Placement& place, const GameView& root,
                              ImVec2 mouse) {
  const LabLayout& layout = lab.layout();
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  // A node is its triangle, or its board from just above its centre down.
  const float below =
      place.zoom >= kLabBoardZoom ? node_board_size(root, place.zoom, place.row).y : 0;
  std::optional<int> best;
  float best_d = std::max(12.0f, place.zoom * 0.45f);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
    const ImVec2 c = place.at(layout.x[i], nodes[i].ply);
    const float dy = std::max({0.0f, c.y - 6 - mouse.y, mouse.y - (c.y + 6 + below)});
    const float d = std::hypot(c.x - mouse.x, dy);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

}  // namespace arcade::app
