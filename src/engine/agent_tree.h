#pragma once
// The lab's tree of a multi-agent search (agent_search.h): what TreeRecorder
// (search_tree.h) is to the two-player search. Each node says which agent is
// to move, whether it is a chance node (its value the mean of its
// children's), and on a chance node's child its move's probability.
//
// Values and windows are from the root's side, as in every tree: agent 0's
// points when agent 0 is to move at the root (the lab's case), their
// negation when a ghost is (the ghosts' team is then MAX). A node of the
// root's team is `max`, one of the other team `min`, a chance node neither.

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "engine/agent_search.h"
#include "engine/search_tree.h"

namespace arcade {

template <MultiAgentGame G>
class AgentTreeRecorder {
 public:
  using Position = typename G::Position;

  explicit AgentTreeRecorder(std::uint64_t limit, std::function<void(std::uint64_t)> progress = {})
      : limit_(limit), progress_(std::move(progress)) {}

  // A root entered after the first begins the next iteration's tree.
  void enter(const Position& pos, const AgentNodeEntry& entry) {
    if (entry.ply == 0) {
      if (entered_ > 0) start_next_tree();
      root_sign_ = entry.agent == 0 ? 1 : -1;
    }
    const std::uint64_t id = entered_++ - tree_start_;
    if (progress_ && entered_ % kTreeProgressNodes == 0) progress_(entered_);
    current_ = entry.ply;
    frames_[current_] = {pos, id, entry.alpha, entry.beta, entry.kind == AgentNodeKind::kChance};
    if (entry.ply > 0 && frames_[entry.ply - 1].id < nodes_.size())
      ++nodes_[frames_[entry.ply - 1].id].children;
    if (id >= limit_) return;
    nodes_.push_back(node_of(entry, id));
  }

  void terminal(Score) { set_kind(NodeKind::kTerminal); }
  void leaf(Score) { set_kind(NodeKind::kLeaf); }
  void cutoff(Move, std::span<const Move> pruned) {
    TreeNode* node = kept();
    if (!node) return;
    node->kind = NodeKind::kCutoff;
    for (Move m : pruned) node->pruned.push_back(G::move_to_text(frames_[current_].position, m));
  }

  void exit(Score value, bool proven) {
    if (TreeNode* node = kept()) {
      const Frame& frame = frames_[current_];
      // In agent 0's points a MAX and a MIN node alike are worth at most a
      // value at or below alpha, at least one at or above beta; a chance
      // node is exact.
      Bound bound = frame.chance || (value > frame.alpha && value < frame.beta) ? Bound::kExact
                    : value <= frame.alpha                                      ? Bound::kUpper
                                                                                : Bound::kLower;
      if (node->kind == NodeKind::kLeaf || node->kind == NodeKind::kTerminal) bound = Bound::kExact;
      if (root_sign_ < 0 && bound != Bound::kExact)
        bound = bound == Bound::kUpper ? Bound::kLower : Bound::kUpper;
      node->bound = bound;
      node->value = root_sign_ * value;
      node->proven = proven;
    }
    --current_;
  }

  // The report of the search that gave `result` (agent 0's points), from `root`.
  TreeReport finish(const Position& root, const SearchInfo& result) {
    TreeReport report;
    report.in_points = true;
    report.nodes_searched = entered_;
    report.stopped = result.stopped;
    if (report.stopped) {
      mark_stopped(nodes_, frames_, current_);
      report.nodes = std::move(nodes_);
      return report;
    }
    report.value = root_sign_ * result.score;
    report.proven = result.proven;
    Position p = root;
    for (Move m : result.pv) {
      report.pv.push_back(G::move_to_text(p, m));
      p = G::play(p, m);
    }
    for (TreeNode& node : nodes_) {
      node.on_pv =
          node.parent == kNoParent ||
          (nodes_[node.parent].on_pv && static_cast<std::size_t>(node.ply - 1) < report.pv.size() &&
           report.pv[node.ply - 1] == node.move);
    }
    report.nodes = std::move(nodes_);
    return report;
  }

 private:
  struct Frame {
    Position position{};
    std::uint64_t id = 0;
    Score alpha = 0;  // the window on entry, agent 0's points
    Score beta = 0;
    bool chance = false;
  };

  TreeNode node_of(const AgentNodeEntry& entry, std::uint64_t id) const {
    TreeNode node;
    node.id = id;
    node.ply = entry.ply;
    node.agent = entry.agent;
    node.chance = entry.kind == AgentNodeKind::kChance;
    node.max_to_move = !node.chance && (entry.agent == 0) == (root_sign_ > 0);
    node.alpha = root_sign_ > 0 ? entry.alpha : -entry.beta;
    node.beta = root_sign_ > 0 ? entry.beta : -entry.alpha;
    if (entry.ply > 0) {
      const Frame& parent = frames_[entry.ply - 1];
      node.parent = parent.id;
      node.move = G::move_to_text(parent.position, entry.move);
      if (parent.chance) node.probability = entry.probability;
    }
    return node;
  }

  void start_next_tree() {
    nodes_.clear();
    tree_start_ = entered_;
  }
  TreeNode* kept() {
    const std::uint64_t id = frames_[current_].id;
    return id < nodes_.size() ? &nodes_[id] : nullptr;
  }
  void set_kind(NodeKind kind) {
    if (TreeNode* node = kept()) node->kind = kind;
  }

  std::uint64_t limit_;
  std::function<void(std::uint64_t)> progress_;
  std::uint64_t entered_ = 0;
  std::uint64_t tree_start_ = 0;
  int current_ = 0;
  Score root_sign_ = 1;
  std::vector<TreeNode> nodes_;
  std::array<Frame, AgentSearcher<G>::kMaxSearchPly + 1> frames_{};
};

}  // namespace arcade
