#pragma once
// What the lab's drawings share: its colours, a side's colour, and how far
// in the tree must be zoomed for every node's label to show.

#include <imgui.h>

#include "app/lab/lab_tree.h"

namespace arcade::app {

constexpr ImU32 kBackground = IM_COL32(24, 27, 36, 255);
constexpr ImU32 kEdge = IM_COL32(120, 128, 150, 200);
constexpr ImU32 kPv = IM_COL32(255, 196, 61, 255);
constexpr ImU32 kMax = IM_COL32(255, 140, 90, 255);      // the root's side
constexpr ImU32 kMin = IM_COL32(110, 170, 255, 255);     // the other side
constexpr ImU32 kChance = IM_COL32(180, 130, 255, 255);  // an agent moving at random
constexpr ImU32 kPruned = IM_COL32(235, 87, 87, 255);
constexpr ImU32 kTable = IM_COL32(64, 200, 180, 255);
constexpr ImU32 kText = IM_COL32(235, 238, 245, 255);
constexpr ImU32 kDim = IM_COL32(150, 156, 175, 255);
constexpr ImU32 kCurrent = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kStale = IM_COL32(255, 196, 61, 255);
// Zoomed in this far (points a slot) every node's value shows, and a stub's
// count; less, only the principal line's values, and each ply's count.
constexpr float kLabelZoom = 26.0f;

// The colour of the side to move at a node.
inline ImU32 side_colour(const LabNode& n) {
  return n.chance ? kChance : n.max_to_move ? kMax : kMin;
}

}  // namespace arcade::app
