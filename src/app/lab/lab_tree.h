#pragma once
// The minimax lab's search tree, as the engine's `tree` command prints it
// (docs/protocol.md, "The search tree"): read from its lines, node by node,
// and the least tree that proves its root's value. Laid out for drawing in
// lab_layout.h, replayed in lab_replay.h; no ImGui here: lab_view.cpp draws
// it; tests read real trees.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_link/engine_types.h"

namespace arcade::app {

// A node of the tree as its `node` line says (engine_types.h), with its
// kept children filled in as the tree arrives.
using LabNode = TreeNodeLine;

// A tree as it arrives, line by line, and then complete.
class LabTree {
 public:
  enum class State : std::uint8_t { kReceiving, kComplete, kStopped, kFailed };

  // `in_points`: a tree of a game of more than two agents, whose values are
  // its points (its nodes say so too, but a tree of no kept node does not).
  explicit LabTree(bool in_points = false) : in_points_(in_points) {}

  // Takes one reply of the `tree` request. Returns false once the tree
  // has ended (its last line, `tree stopped` or an error).
  bool take(const EngineReplyData& reply);
  // The same for a reply line as the engine printed it.
  bool take(const std::string& line) { return take(parse_reply(line)); }

  State state() const { return state_; }
  const std::string& error() const { return error_; }
  const std::vector<LabNode>& nodes() const { return nodes_; }
  // The moves from the root down to `node`, in the game's notation.
  std::vector<std::string> line_to(int node) const;
  // Every node searched, the root and those beyond the limit included (the
  // last line's N); until then the nodes received.
  std::uint64_t searched() const { return searched_; }
  // The root's value; in hundredths of a point where in_points().
  const std::optional<EngineScore>& value() const { return value_; }
  bool in_points() const { return in_points_; }
  // Whether every node searched is here (the limit cut nothing off).
  bool whole() const { return state_ == State::kComplete && searched_ == nodes_.size(); }

 private:
  void add(LabNode node);

  std::vector<LabNode> nodes_;
  State state_ = State::kReceiving;
  std::string error_;
  std::uint64_t searched_ = 0;
  std::optional<EngineScore> value_;
  bool in_points_ = false;
};

// The least any move order could search to prove the root's value on this
// very tree (engine/minimal_tree.h); nothing unless the tree is a whole
// minimax tree (every child searched).
std::optional<std::uint64_t> minimal_nodes(const LabTree& minimax_tree);

}  // namespace arcade::app
