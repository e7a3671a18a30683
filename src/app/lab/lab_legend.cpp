#include "app/lab/lab_legend.h"

#include <algorithm>
#include <vector>

#include "app/lab/lab_paint.h"
#include "app/lab/lab_text.h"

namespace arcade::app {
namespace {

// The legend of a tree of agents: the shapes it has, and its values.
std::string agent_legend(const std::vector<LabNode>& nodes, const LabWords& words) {
  const bool min = std::any_of(nodes.begin(), nodes.end(),
                               [](const LabNode& n) { return !n.max_to_move && !n.chance; });
  const bool chance =
      std::any_of(nodes.begin(), nodes.end(), [](const LabNode& n) { return n.chance; });
  std::string text = words.max_side + " max (up)   ";
  if (min) text += words.min_side + " min (down)   ";
  if (chance) text += words.min_side + " by chance (circle: the weighted mean)   ";
  return text + "values: " + possessive(words.max_side) +
         " points   x N: N moves pruned   +N: not kept";
}

// What the tree's shapes and numbers mean, in one line (wrapped on a phone).
std::string legend_text(const LabTree& tree, const LabWords& words) {
  const std::vector<LabNode>& nodes = tree.nodes();
  if (tree.in_points()) return agent_legend(nodes, words);
  // A side that moves again (a move that keeps the turn) is a child of its
  // own shape: said where the tree has one.
  const bool again = std::any_of(nodes.begin(), nodes.end(), [&](const LabNode& n) {
    return n.parent >= 0 && nodes[static_cast<std::size_t>(n.parent)].max_to_move == n.max_to_move;
  });
  return words.max_side + " max (up)   " + words.min_side + " min (down)   " +
         (again ? "a child shaped as its parent: that side moves again   " : "") + "values from " +
         words.max_side +
         "'s side   W3/L3: a win/loss in 3 moves   x N: N moves pruned   +N: not kept";
}

}  // namespace

LabLegend lab_legend(const LabTree& tree, const LabWords& words, ImVec2 min, ImVec2 max) {
  LabLegend legend{legend_text(tree, words), min, max.x - min.x - 20, {0, 0}};
  legend.size = ImGui::CalcTextSize(legend.text.c_str(), nullptr, false, legend.wrap);
  return legend;
}

void draw_legend(ImDrawList* list, const LabLegend& legend) {
  const ImVec2 at = legend.top_left;
  list->AddRectFilled({at.x + 6, at.y + 3}, {at.x + 14 + legend.size.x, at.y + 9 + legend.size.y},
                      IM_COL32(24, 27, 36, 235), 4.0f);
  list->AddText(nullptr, 0, {at.x + 10, at.y + 6}, kDim, legend.text.c_str(), nullptr, legend.wrap);
}

}  // namespace arcade::app
