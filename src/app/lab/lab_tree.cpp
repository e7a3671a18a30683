#include "app/lab/lab_tree.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "engine/minimal_tree.h"
#include "engine/parsed.h"

namespace arcade::app {
namespace {

// The side to move at a node, and the one that moved into it.
const std::string& mover(const LabNode& n, const LabWords& words) {
  return n.max_to_move ? words.max_side : words.min_side;
}
const std::string& opponent(const LabNode& n, const LabWords& words) {
  return n.max_to_move ? words.min_side : words.max_side;
}
std::string possessive(const std::string& name) {
  return name + (!name.empty() && name.back() == 's' ? "'" : "'s");
}

std::string listed(const std::vector<std::string>& moves) {
  constexpr std::size_t kShown = 6;
  std::string text;
  for (std::size_t i = 0; i < moves.size() && i < kShown; ++i) text += (i ? ", " : "") + moves[i];
  if (moves.size() > kShown) text += ", ...";
  return text;
}

std::string entered(const LabNode& n, const LabWords& words) {
  const std::string window = window_text(n.alpha, n.beta);
  if (n.parent < 0)
    return "The search starts at the root: " + mover(n, words) + " to move, " +
           std::to_string(words.depth) + " plies deep, with the window " + window + ".";
  return opponent(n, words) + " plays " + n.move + " (ply " + std::to_string(n.ply) +
         "): " + mover(n, words) + " to move, searched with the window " + window + ".";
}

std::string bound_words(const LabNode& n) {
  const std::string v = value_words(n.value);
  switch (n.bound) {
    case Bound::kLower:
      return "at least " + v;
    case Bound::kUpper:
      return "at most " + v;
    default:
      return "exactly " + v;
  }
}

std::string cut_off(const std::vector<LabNode>& nodes, const LabNode& n, const LabWords& words) {
  const std::string& side = mover(n, words);
  const std::string refutation = n.children.empty() ? "" : nodes[n.children.back()].move;
  const std::string others = n.pruned.empty()
                                 ? "it had no other move left to search"
                                 : "the other " + std::to_string(n.pruned.size()) + " (" +
                                       listed(n.pruned) + ") need not be searched";
  if (n.max_to_move) {
    const std::string beta = n.beta ? value_words(*n.beta) : "inf";
    return "Beta cut-off: " + opponent(n, words) + " already has a reply worth " + beta +
           " or less elsewhere, and " + possessive(side) + " move " + refutation +
           " here is worth " + value_words(n.value) + " or more, so " + others + ".";
  }
  const std::string alpha = n.alpha ? value_words(*n.alpha) : "-inf";
  return "Alpha cut-off: " + opponent(n, words) + " already has a move worth " + alpha +
         " or more elsewhere, and " + possessive(side) + " reply " + refutation +
         " here holds it to " + value_words(n.value) + " or less, so " + others + ".";
}

std::string left(const std::vector<LabNode>& nodes, const LabNode& n, const LabWords& words) {
  const std::string v = value_words(n.value);
  switch (n.kind) {
    case NodeKind::kLeaf:
      return "Depth limit: the heuristic evaluation scores this position " + v + ".";
    case NodeKind::kTerminal:
      return "The game is over here: " + v + ".";
    case NodeKind::kKnown:
      return "The game's exact knowledge gives " + v + " without a search.";
    case NodeKind::kTable:
      return "The transposition table already holds this position: worth " + bound_words(n) +
             ", so it is not searched again.";
    case NodeKind::kCutoff:
      return cut_off(nodes, n, words);
    default:
      break;
  }
  const std::string all = n.searched_children == 1
                              ? possessive(mover(n, words)) + " only move searched: "
                              : "All " + std::to_string(n.searched_children) + " of " +
                                    possessive(mover(n, words)) + " moves searched: ";
  if (n.parent < 0)
    return "The search is done: the root is worth " + v + " and the highlighted line is the " +
           "principal variation.";
  if (n.bound == Bound::kExact)
    return all + "the best is worth " + v + " (" + (n.max_to_move ? "max" : "min") + ").";
  return all + "none gets inside the window, so it is worth " + bound_words(n) +
         ", which is enough for the move above to be set aside.";
}

}  // namespace

bool LabTree::take(const EngineReplyData& reply) {
  if (state_ != State::kReceiving) return false;
  if (const auto* node = std::get_if<TreeNodeLine>(&reply)) {
    add(*node);
    return state_ == State::kReceiving;
  }
  if (std::holds_alternative<TreeStopped>(reply)) {
    state_ = State::kStopped;
    return false;
  }
  if (const auto* end = std::get_if<TreeEnd>(&reply)) {
    searched_ = end->nodes;
    value_ = end->value;
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

// Nodes come in preorder, each after its parent: a parent out of order
// means lines were lost, which the lab refuses rather than draws wrong.
std::vector<std::string> LabTree::line_to(int node) const {
  std::vector<std::string> line;
  for (int at = node; at > 0; at = nodes_[static_cast<std::size_t>(at)].parent)
    line.push_back(nodes_[static_cast<std::size_t>(at)].move);
  std::reverse(line.begin(), line.end());
  return line;
}

void LabTree::add(LabNode node) {
  const int index = static_cast<int>(nodes_.size());
  const bool root = nodes_.empty();
  if (root ? node.parent != -1 : node.parent < 0 || node.parent >= index) {
    state_ = State::kFailed;
    error_ = "the tree's nodes came out of order";
    return;
  }
  if (!root) nodes_[static_cast<std::size_t>(node.parent)].children.push_back(index);
  nodes_.push_back(std::move(node));
  searched_ = nodes_.size();
}

std::optional<std::uint64_t> minimal_nodes(const LabTree& minimax_tree) {
  if (!minimax_tree.whole() || minimax_tree.nodes().empty()) return std::nullopt;
  const std::vector<LabNode>& nodes = minimax_tree.nodes();
  std::vector<int> parents(nodes.size());
  std::vector<Score> values(nodes.size());
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
  }
  return minimal_tree(parents, values).nodes;
}

LabLayout lay_out(const std::vector<LabNode>& nodes, const std::vector<bool>& folded) {
  LabLayout layout;
  const std::size_t n = nodes.size();
  layout.x.assign(n, 0);
  layout.stub_x.assign(n, -1);
  layout.visible.assign(n, false);
  if (n == 0) return layout;
  float next = 0;
  // Depth first without recursion (a tree may be 64 plies deep): a node is
  // placed when all its children are.
  struct Frame {
    int node;
    std::size_t child;
  };
  std::vector<Frame> stack{{0, 0}};
  layout.visible[0] = true;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const LabNode& node = nodes[static_cast<std::size_t>(f.node)];
    const bool open = !folded[static_cast<std::size_t>(f.node)] && !node.children.empty();
    if (open && f.child < node.children.size()) {
      const int child = node.children[f.child++];
      layout.visible[static_cast<std::size_t>(child)] = true;
      stack.push_back({child, 0});
      continue;
    }
    const auto i = static_cast<std::size_t>(f.node);
    layout.depth = std::max(layout.depth, node.ply);
    const bool stub =
        !node.pruned.empty() || node.searched_children > static_cast<int>(node.children.size());
    if (!open) {
      layout.x[i] = next++;
      if (stub && !folded[i] && node.children.empty()) layout.stub_x[i] = next++;
    } else {
      float last = layout.x[static_cast<std::size_t>(node.children.back())];
      if (stub) last = layout.stub_x[i] = next++;
      layout.x[i] = (layout.x[static_cast<std::size_t>(node.children.front())] + last) / 2;
    }
    stack.pop_back();
  }
  layout.width = next;
  return layout;
}

std::vector<LabEvent> search_events(const std::vector<LabNode>& nodes) {
  std::vector<LabEvent> events;
  events.reserve(nodes.size() * 2);
  std::vector<int> open;  // the path from the root to the node last entered
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    while (!open.empty() && open.back() != nodes[i].parent) {
      events.push_back({open.back(), false});
      open.pop_back();
    }
    events.push_back({static_cast<int>(i), true});
    open.push_back(static_cast<int>(i));
  }
  while (!open.empty()) {
    events.push_back({open.back(), false});
    open.pop_back();
  }
  return events;
}

std::string event_sentence(const std::vector<LabNode>& nodes, const LabEvent& event,
                           const LabWords& words) {
  const LabNode& n = nodes[static_cast<std::size_t>(event.node)];
  return event.enter ? entered(n, words) : left(nodes, n, words);
}

std::string lab_value_text(const EngineScore& value) {
  switch (value.kind) {
    case EngineScore::Kind::kWin:
      return "win " + std::to_string(value.value);
    case EngineScore::Kind::kLoss:
      return "loss " + std::to_string(value.value);
    case EngineScore::Kind::kDraw:
      return "draw";
    default:
      // A sign on gains too, as minimax diagrams write them.
      char text[16];
      std::snprintf(text, sizeof text, value.value == 0 ? "%d" : "%+d", value.value);
      return text;
  }
}

std::string value_words(const EngineScore& value) {
  const auto plies = [](int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); };
  switch (value.kind) {
    case EngineScore::Kind::kWin:
      return "a win in " + plies(value.value);
    case EngineScore::Kind::kLoss:
      return "a loss in " + plies(value.value);
    case EngineScore::Kind::kDraw:
      return "a draw";
    default:
      return lab_value_text(value);
  }
}

float LabCamera::x(float slot) const {
  return (slot + 0.5f) * zoom - pan_x;
}
float LabCamera::y(int ply) const {
  return kLabTopMargin + static_cast<float>(ply) * row - pan_y;
}

namespace {
// Under the deepest node: its board (half a row at most), value and window.
constexpr float kBelowDeepest = 40.0f;
constexpr float kSideMargin = 14.0f;
}  // namespace

LabCamera fit_camera(const LabLayout& layout, float width, float height) {
  LabCamera c;
  const float slots = std::max(1.0f, layout.width);
  c.zoom = std::clamp((width - 2 * kSideMargin) / slots, kLabMinZoom, 110.0f);
  // The plies share the height; the deepest's board takes half a row more.
  const float plies = static_cast<float>(std::max(1, layout.depth)) + 0.5f;
  const float room = std::max(1.0f, height - kLabTopMargin - kBelowDeepest);
  c.row = std::min(kLabMaxRow, room / plies);
  // What is left over, either way, is shared on both sides.
  c.pan_x = (slots * c.zoom - width) / 2;
  c.pan_y = -std::max(0.0f, room - c.row * plies) / 2;
  return c;
}

void zoom_camera(LabCamera& c, float factor, float ax, float ay) {
  if (c.zoom <= 0) return;
  const float zoom = std::clamp(c.zoom * factor, kLabMinZoom, kLabMaxZoom);
  // Rows grow with the zoom, within their bounds (a fitted deep tree's rows
  // may be shorter than the least a zoom makes), and only as tall as the
  // nodes need: a board's room once nodes are boards, less before.
  const float tallest = std::max(c.row, std::min(kLabMaxRow, 2.2f * zoom + 60));
  const float row = std::clamp(c.row * zoom / c.zoom, std::min(c.row, kLabMinRow), tallest);
  const float slot = (ax + c.pan_x) / c.zoom;
  const float ply = (ay - kLabTopMargin + c.pan_y) / c.row;
  c.zoom = zoom;
  c.row = row;
  c.pan_x = slot * zoom - ax;
  c.pan_y = ply * row - (ay - kLabTopMargin);
}

void follow_node(LabCamera& c, float slot, int ply, float width, float height) {
  // Rows a little over two boards high: the node's parent and children
  // show around it.
  constexpr float kFollowRow = 2.2f * kLabBoardZoom;
  if (c.zoom < kLabBoardZoom) {
    c.row = kFollowRow;
    c.zoom = kLabBoardZoom;
  }
  const float x = c.x(slot), y = c.y(ply);
  const bool inside = x > c.zoom && x < width - c.zoom && y > kLabTopMargin &&
                      y < height - c.row * 0.6f - kBelowDeepest;
  if (inside) return;
  c.pan_x = (slot + 0.5f) * c.zoom - width / 2;
  c.pan_y = kLabTopMargin + static_cast<float>(ply) * c.row - height / 3;
}

std::string window_text(const WindowEdge& alpha, const WindowEdge& beta) {
  std::string text = "[";
  text += alpha ? lab_value_text(*alpha) : "-inf";
  text += ", ";
  text += beta ? lab_value_text(*beta) : "inf";
  text += "]";
  return text;
}

}  // namespace arcade::app
