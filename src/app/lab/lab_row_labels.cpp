#include "app/lab/lab_row_labels.h"

#include <cstdint>
#include <string>

#include "app/lab/lab_node_details.h"
#include "app/lab/lab_paint.h"
#include "app/lab/lab_text.h"

namespace arcade::app {

void level_labels(ImDrawList* list, const Placement& place, const std::vector<LabNode>& nodes,
                  const LabLayout& layout, const LabWords& words, ImVec2 min, ImVec2 max) {
  if (place.row < 16) return;
  std::vector<const LabNode*> first(static_cast<std::size_t>(layout.depth) + 1, nullptr);
  int missing = layout.depth + 1;
  for (std::size_t i = 0; i < nodes.size() && missing > 0; ++i) {
    const auto ply = static_cast<std::size_t>(nodes[i].ply);
    if (layout.visible[i] && ply < first.size() && !first[ply]) {
      first[ply] = &nodes[i];
      --missing;
    }
  }
  for (const LabNode* n : first) {
    if (!n || n->agent < 0 || n->agent >= static_cast<int>(words.agents.size())) continue;
    const float y = place.at(0, n->ply).y;
    if (y < min.y + 20 || y > max.y) continue;
    const std::string text =
        words.agents[static_cast<std::size_t>(n->agent)] + " (" + level_kind(*n) + ")";
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    // Where the legend starts: a phone's area begins a little off the screen.
    // Between its row and the one above, where only edges pass, if there is
    // room: on its row it covered the row's first nodes.
    const float above = place.row >= 2.5f * size.y ? place.row * 0.45f : 0.0f;
    const ImVec2 at{min.x + 12, y - above - size.y / 2};
    list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                        IM_COL32(24, 27, 36, 220), 3.0f);
    list->AddText(at, side_colour(*n), text.c_str());
  }
}

void ply_counts(ImDrawList* list, const Placement& place, const std::vector<LabNode>& nodes,
                const LabLayout& layout, ImVec2 min, ImVec2 max) {
  if (place.zoom >= kLabelZoom || place.row < 16) return;
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(layout.depth) + 1, 0);
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (layout.visible[i] && static_cast<std::size_t>(nodes[i].ply) < counts.size())
      ++counts[static_cast<std::size_t>(nodes[i].ply)];
  for (std::size_t ply = 1; ply < counts.size(); ++ply) {
    if (counts[ply] < 2) continue;
    const float y = place.at(0, static_cast<int>(ply)).y;
    if (y < min.y + 20 || y > max.y) continue;
    const std::string text = thousands(counts[ply]) + " nodes";
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 at{max.x - size.x - 12, y - size.y - 6};
    list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                        IM_COL32(24, 27, 36, 220), 3.0f);
    list->AddText(at, kDim, text.c_str());
  }
}

}  // namespace arcade::app
