#pragma once
// The legend over the lab's tree: what its shapes and numbers mean, in one
// line wrapped to the tree's width (a phone held upright is narrower than
// the line), on a plate of its own at the tree's top left.

#include <imgui.h>

#include <string>

#include "app/lab/lab.h"

namespace arcade::app {

struct LabLegend {
  std::string text;
  ImVec2 top_left;  // the tree area's
  float wrap = 0;   // points a line
  ImVec2 size;      // the wrapped text's
};
// The legend of `tree` for the area [min, max].
LabLegend lab_legend(const LabTree& tree, const LabWords& words, ImVec2 min, ImVec2 max);
// Drawn last: a zoomed tree passes under its plate, never through it.
void draw_legend(ImDrawList* list, const LabLegend& legend);

}  // namespace arcade::app
