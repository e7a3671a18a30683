#include "app/lab/lab_node_details.h"

#include <imgui.h>

#include "app/lab/lab_text.h"
#include "app/widgets.h"

namespace arcade::app {
namespace {

const char* kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::kCutoff:
      return "cut-off";
    case NodeKind::kLeaf:
      return "leaf (heuristic)";
    case NodeKind::kTerminal:
      return "game over";
    case NodeKind::kKnown:
      return "known";
    case NodeKind::kTable:
      return "table answer";
    case NodeKind::kStopped:
      return "stopped";
    default:
      return "expanded";
  }
}

}  // namespace

bool windowed(const LabSettings& s) {
  return !s.minimax && !s.expectimax;
}

std::string value_label(const LabNode& n, bool done) {
  if (!done) return "?";
  if (n.kind == NodeKind::kStopped) return "stopped";
  const std::string v = lab_value_text(n.value, n.in_points());
  if (n.bound == Bound::kLower) return ">=" + v;
  if (n.bound == Bound::kUpper) return "<=" + v;
  return v;
}

const char* level_kind(const LabNode& n) {
  return n.chance ? "chance" : n.max_to_move ? "max" : "min";
}

std::vector<std::string> lab_node_details(const Lab& lab, int index, const LabWords& words) {
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  const LabNode& n = nodes[static_cast<std::size_t>(index)];
  std::string path;
  for (int at = index; at > 0; at = nodes[static_cast<std::size_t>(at)].parent)
    path = nodes[static_cast<std::size_t>(at)].move + (path.empty() ? "" : " then ") + path;
  std::vector<std::string> lines;
  lines.push_back("Node " + std::to_string(index) + ": " +
                  (path.empty() ? "the root" : "after " + path));
  const bool agent = n.agent >= 0 && n.agent < static_cast<int>(words.agents.size());
  const std::string mover = agent           ? words.agents[static_cast<std::size_t>(n.agent)]
                            : n.max_to_move ? words.max_side
                                            : words.min_side;
  lines.push_back(
      mover + " to move (" + level_kind(n) + ")" +
      (windowed(lab.settings()) ? ", window " + window_text(n.alpha, n.beta, n.in_points()) : ""));
  if (index > 0 && nodes[static_cast<std::size_t>(n.parent)].chance)
    lines.push_back("Probability " + probability_text(n.probability) + " (" +
                    (lab.settings().opponents == "random"
                         ? std::string("every move alike")
                         : "by the " + lab.settings().opponents + " model") +
                    ")");
  const bool done = lab.done(index);
  if (!done) {
    lines.push_back("Value not known yet: the search has not come back to this node.");
  } else if (n.kind == NodeKind::kStopped) {
    lines.push_back("Value never found: the stop came while this node was searched");
  } else {
    const char* bound = n.bound == Bound::kExact   ? "exact"
                        : n.bound == Bound::kLower ? "at least: failed high"
                                                   : "at most: failed low";
    lines.push_back("Value " + value_label(n, true) + " (" + bound +
                    (n.chance ? ", the mean" : "") + "), " + kind_name(n.kind));
  }
  if (n.searched_children > 0)
    lines.push_back(std::to_string(n.searched_children) +
                    (n.searched_children == 1 ? " child searched" : " children searched"));
  if (!n.pruned.empty()) {
    std::string pruned;
    for (const std::string& m : n.pruned) pruned += (pruned.empty() ? "" : " ") + m;
    lines.push_back("Pruned: " + pruned);
  }
  if (done) lines.push_back("Why: " + event_sentence(nodes, {index, false}, words));
  return lines;
}

void node_details(const Lab& lab, int index, const LabWords& words, float width) {
  if (width <= 0) width = ImGui::GetContentRegionAvail().x;
  for (const std::string& line : lab_node_details(lab, index, words))
    text_wrapped_at_spaces(line, width);
}

}  // namespace arcade::app
