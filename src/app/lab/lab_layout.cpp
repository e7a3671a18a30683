#include "app/lab/lab_layout.h"

#include <algorithm>
#include <cstddef>

namespace arcade::app {
namespace {

// Under the deepest node: its board (half a row at most), value and window.
constexpr float kBelowDeepest = 40.0f;
constexpr float kSideMargin = 14.0f;

}  // namespace

LabLayout lay_out(const std::vector<LabNode>& nodes, const std::vector<bool>& folded) {
  LabLayout layout;
  const std::size_t n = nodes.size();
  layout.x.assign(n, 0);
  layout.stub_x.assign(n, -1);
  layout.visible.assign(n, false);
  if (n == 0) return layout;
  float next = 0;
  // Depth first without recursion (a tree may be 64 plies deep): a node is
  // placed when all its children are.
  struct Frame {
    int node;
    std::size_t child;
  };
  std::vector<Frame> stack{{0, 0}};
  layout.visible[0] = true;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const LabNode& node = nodes[static_cast<std::size_t>(f.node)];
    const bool open = !folded[static_cast<std::size_t>(f.node)] && !node.children.empty();
    if (open && f.child < node.children.size()) {
      const int child = node.children[f.child++];
      layout.visible[static_cast<std::size_t>(child)] = true;
      stack.push_back({child, 0});
      continue;
    }
    const auto i = static_cast<std::size_t>(f.node);
    layout.depth = std::max(layout.depth, node.ply);
    const bool stub =
        !node.pruned.empty() || node.searched_children > static_cast<int>(node.children.size());
    if (!open) {
      layout.x[i] = next++;
      if (stub && !folded[i] && node.children.empty()) layout.stub_x[i] = next++;
    } else {
      float last = layout.x[static_cast<std::size_t>(node.children.back())];
      if (stub) last = layout.stub_x[i] = next++;
      layout.x[i] = (layout.x[static_cast<std::size_t>(node.children.front())] + last) / 2;
    }
    stack.pop_back();
  }
  layout.width = next;
  return layout;
}

float LabCamera::x(float slot) const {
  return (slot + 0.5f) * zoom - pan_x;
}
float LabCamera::y(int ply) const {
  return kLabTopMargin + static_cast<float>(ply) * row - pan_y;
}

LabCamera fit_camera(const LabLayout& layout, float width, float height) {
  LabCamera c;
  const float slots = std::max(1.0f, layout.width);
  c.zoom = std::clamp((width - 2 * kSideMargin) / slots, kLabMinZoom, 110.0f);
  // The plies share the height; the deepest's board takes half a row more.
  const float plies = static_cast<float>(std::max(1, layout.depth)) + 0.5f;
  const float room = std::max(1.0f, height - kLabTopMargin - kBelowDeepest);
  c.row = std::min(kLabMaxRow, room / plies);
  // What is left over, either way, is shared on both sides.
  c.pan_x = (slots * c.zoom - width) / 2;
  c.pan_y = -std::max(0.0f, room - c.row * plies) / 2;
  return c;
}

void zoom_camera(LabCamera& c, float factor, float ax, float ay) {
  if (c.zoom <= 0) return;
  const float zoom = std::clamp(c.zoom * factor, kLabMinZoom, kLabMaxZoom);
  // Rows grow with the zoom, within their bounds (a fitted deep tree's rows
  // may be shorter than the least a zoom makes), and only as tall as the
  // nodes need: a board's room once nodes are boards, less before.
  const float tallest = std::max(c.row, std::min(kLabMaxRow, 2.2f * zoom + 60));
  const float row = std::clamp(c.row * zoom / c.zoom, std::min(c.row, kLabMinRow), tallest);
  const float slot = (ax + c.pan_x) / c.zoom;
  const float ply = (ay - kLabTopMargin + c.pan_y) / c.row;
  c.zoom = zoom;
  c.row = row;
  c.pan_x = slot * zoom - ax;
  c.pan_y = ply * row - (ay - kLabTopMargin);
}

void follow_node(LabCamera& c, float slot, int ply, float width, float height) {
  // Rows a little over two boards high: the node's parent and children
  // show around it.
  constexpr float kFollowRow = 2.2f * kLabBoardZoom;
  if (c.zoom < kLabBoardZoom) {
    c.row = kFollowRow;
    c.zoom = kLabBoardZoom;
  }
  const float x = c.x(slot), y = c.y(ply);
  const bool inside = x > c.zoom && x < width - c.zoom && y > kLabTopMargin &&
                      y < height - c.row * 0.6f - kBelowDeepest;
  if (inside) return;
  c.pan_x = (slot + 0.5f) * c.zoom - width / 2;
  c.pan_y = kLabTopMargin + static_cast<float>(ply) * c.row - height / 3;
}

}  // namespace arcade::app
