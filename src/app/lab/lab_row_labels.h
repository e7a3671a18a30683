#pragma once
// The labels at the ends of the tree's rows: each ply's agent at the left
// (a game of agents), each ply's count of nodes at the right (zoomed out).

#include <imgui.h>

#include <vector>

#include "app/lab/lab.h"
#include "app/lab/lab_navigation.h"

namespace arcade::app {

// Each ply's agent, at the left of its row: "ghost 1 (min)". A ply's nodes
// are all one agent's (they move in a fixed order).
void level_labels(ImDrawList* list, const Placement& place, const std::vector<LabNode>& nodes,
                  const LabLayout& layout, const LabWords& words, ImVec2 min, ImVec2 max);
// Zoomed out, where a ply's values are too close to read: its count of
// nodes at the right of its row ("1,204 nodes"), so the band of triangles
// says how many it stands for.
void ply_counts(ImDrawList* list, const Placement& place, const std::vector<LabNode>& nodes,
                const LabLayout& layout, ImVec2 min, ImVec2 max);

}  // namespace arcade::app
