#include "app/lab/lab_tree.h"

#include <algorithm>
#include <cstdint>

#include "engine/minimal_tree.h"

namespace arcade::app {

bool LabTree::take(const EngineReplyData& reply) {
  if (state_ != State::kReceiving) return false;
  if (const auto* node = std::get_if<TreeNodeLine>(&reply)) {
    in_points_ = in_points_ || node->in_points();
    add(*node);
    return state_ == State::kReceiving;
  }
  if (const auto* stopped = std::get_if<TreeStopped>(&reply)) {
    state_ = State::kStopped;
    if (stopped->nodes) searched_ = std::max<std::uint64_t>(*stopped->nodes, nodes_.size());
    return false;
  }
  if (const auto* end = std::get_if<TreeEnd>(&reply)) {
    searched_ = end->nodes;
    value_ = end->value;
    if (in_points_ && end->hundredths)
      value_ = EngineScore{EngineScore::Kind::kHeuristic, *end->hundredths};
    state_ = State::kComplete;
    return false;
  }
  if (const auto* error = std::get_if<EngineError>(&reply)) {
    state_ = State::kFailed;
    error_ = error->message;
    return false;
  }
  return true;  // another request's line, or an `info`: not the tree's
}

std::vector<std::string> LabTree::line_to(int node) const {
  std::vector<std::string> line;
  for (int at = node; at > 0; at = nodes_[static_cast<std::size_t>(at)].parent)
    line.push_back(nodes_[static_cast<std::size_t>(at)].move);
  std::reverse(line.begin(), line.end());
  return line;
}

// Nodes come in preorder, each after its parent: a parent out of order
// means lines were lost, which the lab refuses rather than draws wrong.
void LabTree::add(LabNode node) {
  const int index = static_cast<int>(nodes_.size());
  const bool root = nodes_.empty();
  if (root ? node.parent != -1 : node.parent < 0 || node.parent >= index) {
    state_ = State::kFailed;
    error_ = "the tree's nodes came out of order";
    return;
  }
  if (!root) {
    LabNode& parent = nodes_[static_cast<std::size_t>(node.parent)];
    parent.children.push_back(index);
    // The principal line ends at a chance node: past it there is no line,
    // only an expectation (the engine goes on through the likeliest move).
    if (parent.chance || !parent.on_pv) node.on_pv = false;
  }
  nodes_.push_back(std::move(node));
  searched_ = nodes_.size();
}

std::optional<std::uint64_t> minimal_nodes(const LabTree& minimax_tree) {
  // Knuth and Moore's proof is of two sides, moving in turn or again after
  // an extra turn (a child whose side is its parent's).
  if (!minimax_tree.whole() || minimax_tree.nodes().empty() || minimax_tree.in_points())
    return std::nullopt;
  const std::vector<LabNode>& nodes = minimax_tree.nodes();
  std::vector<int> parents(nodes.size());
  std::vector<Score> values(nodes.size());
  std::vector<std::uint8_t> kept_turn(nodes.size(), 0);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const LabNode& n = nodes[i];
    // Only a whole minimax tree: every child searched, every value exact.
    if (n.bound != Bound::kExact || n.kind == NodeKind::kCutoff || n.kind == NodeKind::kTable)
      return std::nullopt;
    // Negamax values, for the side to move; wins and losses beyond any
    // heuristic score, sooner ones further out.
    Score v = 0;
    switch (n.value.kind) {
      case EngineScore::Kind::kWin:
        v = kInfinity / 2 - n.value.value;
        break;
      case EngineScore::Kind::kLoss:
        v = -(kInfinity / 2 - n.value.value);
        break;
      case EngineScore::Kind::kDraw:
        v = 0;
        break;
      default:
        v = n.value.value;
    }
    values[i] = n.max_to_move ? v : -v;
    parents[i] = n.parent;
    if (n.parent >= 0)
      kept_turn[i] = nodes[static_cast<std::size_t>(n.parent)].max_to_move == n.max_to_move;
  }
  return minimal_tree(parents, values, kept_turn).nodes;
}

}  // namespace arcade::app
