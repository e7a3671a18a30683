#pragma once
// The minimax lab's search tree, as the engine's `tree` command prints it
// (docs/protocol.md, "The search tree"): read from its lines, laid out for drawing,
// folded and unfolded, and replayed event by event with one plain sentence
// for each. No ImGui here: lab_view.cpp draws it; tests read real trees.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/engine_link/engine_types.h"
#include "engine/search_tree.h"

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

// The search replayed in the order it happened: each node entered, then,
// after its children, left with its value.
struct LabEvent {
  int node = 0;
  bool enter = true;
};
std::vector<LabEvent> search_events(const std::vector<LabNode>& nodes);

// The names the sentences use: each side's, and the depth searched (in
// rounds where there are agents).
struct LabWords {
  std::string max_side, min_side;
  int depth = 0;
  // In a game of more than two agents, each one's name ("Pac-Man", "ghost
  // 1", ...), agent 0 first; empty otherwise.
  std::vector<std::string> agents;
  // There: how the other team plays in the game (its level's Opponents
  // model), which the lab assumes unless the learner picks another.
  std::string opponents_in_play = {};
};
// One plain sentence for an event, as a learner reads it: "beta cut-off: O
// already has a reply worth 3 or less, and X's move c3 here is worth 4 or
// more, so X's other moves (a1, b1) need not be searched."
std::string event_sentence(const std::vector<LabNode>& nodes, const LabEvent& event,
                           const LabWords& words);

// A value in a sentence: "+12", "a draw", "a win in 5 plies", "a loss in 4
// plies" ("the root is worth a draw", not "worth draw"); in points, "+4.67".
std::string value_words(const EngineScore& value, bool in_points = false);
// A probability as a person reads it: a fraction where its decimals would
// not end (1/3, 2/3, 1/6), else its decimals (0.25, 0.5, 0.8); "1".
std::string probability_text(double probability);

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

// A value as the lab writes it, from the root's side: "+12", "-3", "0",
// "W3" (a win in 3 moves of the winner's: 5 plies), "L2", "draw";
// "-inf"/"inf" for an open window.
// `in_points`: a value in hundredths of a point, with up to two decimals
// where it has them ("+4.67", "-252.5", "+9").
std::string lab_value_text(const EngineScore& value, bool in_points = false);
std::string window_text(const WindowEdge& alpha, const WindowEdge& beta, bool in_points = false);
// Hundredths of a point as points: "4.67", "-252.5", "9" (with `sign`, "+9").
std::string points_text(int hundredths, bool sign = false);

}  // namespace arcade::app
