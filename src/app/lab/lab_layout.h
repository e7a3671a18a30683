#pragma once
// Where the lab draws each node of its tree: the tree laid out in slots and
// plies, and the camera that turns those into points on the screen (fitted,
// zoomed, following the replay). No ImGui: the model tests check the
// geometry.

#include <vector>

#include "app/lab/lab_tree.h"

namespace arcade::app {

// Where each node is drawn: in slots across (a leaf, or a folded node, takes
// one; a parent sits over the middle of its children) and plies down. A node
// with moves pruned or children beyond the limit gets one stub slot more.
struct LabLayout {
  std::vector<float> x;       // the node's slot
  std::vector<float> stub_x;  // its stub's slot, or -1 if it has none
  std::vector<bool> visible;  // false under a folded node
  float width = 0;            // slots in all
  int depth = 0;              // the deepest ply shown
};
LabLayout lay_out(const std::vector<LabNode>& nodes, const std::vector<bool>& folded);

// How the tree is looked at, in points from the tree area's top left: a slot
// across is `zoom` points, a ply down `row`; `pan` is the tree's point at the
// area's top left. No ImGui: the model tests check the geometry.
struct LabCamera {
  float zoom = 0;  // 0: fit the tree at the next frame
  float row = 60;
  float pan_x = 0, pan_y = 0;
  float x(float slot) const;  // a node's centre, from the area's left
  float y(int ply) const;     // and top
};
constexpr float kLabTopMargin = 34.0f;  // the legend's line above the root
constexpr float kLabMinZoom = 0.0005f, kLabMaxZoom = 160.0f;
constexpr float kLabMinRow = 34.0f, kLabMaxRow = 240.0f;
// Zoomed in this far (points a slot) a node is a board with its value.
constexpr float kLabBoardZoom = 56.0f;

// The whole tree (every visible slot, every ply, a board's room under the
// deepest) in an area of `width` x `height` points, centred.
LabCamera fit_camera(const LabLayout& layout, float width, float height);
// Zooms by `factor`, the point (ax, ay) of the area staying where it is.
void zoom_camera(LabCamera& camera, float factor, float ax, float ay);
// The replay's current node at a zoom where its board and value show (at
// least kLabBoardZoom), kept where it is if it is well inside the area,
// else brought to its middle.
void follow_node(LabCamera& camera, float slot, int ply, float width, float height);

}  // namespace arcade::app
