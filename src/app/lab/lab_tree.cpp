#include "app/lab/lab_tree.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "engine/minimal_tree.h"
#include "engine/parsed.h"

namespace arcade::app {
namespace {

// The side to move at a node (its agent, where there are agents), and the
// one that moved into it.
const std::string& mover(const LabNode& n, const LabWords& words) {
  if (n.agent >= 0 && n.agent < static_cast<int>(words.agents.size()))
    return words.agents[static_cast<std::size_t>(n.agent)];
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

// A value in a formula: "8", "-2", "4.67".
std::string plain(const LabNode& n) {
  return n.in_points() && n.value.kind == EngineScore::Kind::kHeuristic
             ? points_text(n.value.value)
             : value_words(n.value, n.in_points());
}

std::string entered(const std::vector<LabNode>& nodes, const LabNode& n, const LabWords& words) {
  const std::string window = window_text(n.alpha, n.beta, n.in_points());
  const bool agents = n.in_points() && !words.agents.empty();
  if (n.parent < 0)
    return "The search starts at the root: " + mover(n, words) + " to move, " +
           std::to_string(words.depth) +
           (agents ? " rounds deep (every agent moves once a round)" : " plies deep") +
           ", with the window " + window + ".";
  if (!agents)
    return opponent(n, words) + " plays " + n.move + " (ply " + std::to_string(n.ply) +
           "): " + mover(n, words) + " to move, searched with the window " + window + ".";
  const LabNode& parent = nodes[static_cast<std::size_t>(n.parent)];
  const int round = (n.ply - 1) / static_cast<int>(words.agents.size()) + 1;
  return mover(parent, words) + " plays " + n.move +
         (parent.chance ? " (probability " + probability_text(n.probability) + ")" : "") +
         " (ply " + std::to_string(n.ply) + ", round " + std::to_string(round) +
         "): " + mover(n, words) + " to move" + (n.chance ? " at random" : "") +
         ", searched with the window " + window + ".";
}

// The kept children's values in a formula, if every child searched is kept.
std::optional<std::vector<const LabNode*>> all_children(const std::vector<LabNode>& nodes,
                                                        const LabNode& n) {
  if (n.children.empty() || static_cast<int>(n.children.size()) != n.searched_children)
    return std::nullopt;
  std::vector<const LabNode*> children;
  for (int c : n.children) children.push_back(&nodes[static_cast<std::size_t>(c)]);
  return children;
}

// A MIN node of a game of agents: "the ghosts move in turn, ghost 1 then
// ghost 2, and together pick the lowest value for Pac-Man: min(8, -2) = -2".
std::string min_level(const std::vector<LabNode>& nodes, const LabNode& n, const LabWords& words,
                      const std::vector<const LabNode*>& children) {
  // A child cut short by alpha-beta is worth at least or at most its value.
  const auto bounded = [](const LabNode& c) {
    return (c.bound == Bound::kLower ? ">=" : c.bound == Bound::kUpper ? "<=" : "") + plain(c);
  };
  std::string values;
  for (const LabNode* c : children) values += (values.empty() ? "" : ", ") + bounded(*c);
  const bool first = n.parent < 0 || nodes[static_cast<std::size_t>(n.parent)].max_to_move;
  std::string who = mover(n, words) + " picks";
  if (first && n.agent + 1 < static_cast<int>(words.agents.size())) {
    std::string order;
    for (std::size_t a = static_cast<std::size_t>(n.agent); a < words.agents.size(); ++a)
      order += (order.empty() ? "" : " then ") + words.agents[a];
    std::string team = words.min_side;
    if (!team.empty()) team[0] = static_cast<char>(std::tolower(team[0]));
    if (team.rfind("the ", 0) != 0) team = "the " + team;  // "Ghosts": the ghosts
    who = team + " move in turn, " + order + ", and together pick";
  }
  return who + " the lowest value for " + words.agents[0] + ": min(" + values + ") = " + plain(n) +
         ".";
}

// A chance node: "each of the 3 moves has probability 1/3, so the value is
// the mean: (-2 + 8 + 8) / 3 = 4.67", or with unequal probabilities the
// weighted sum.
std::string chance_level(const LabNode& n, const LabWords& words,
                         const std::vector<const LabNode*>& children) {
  const std::size_t k = children.size();
  const bool equal = std::all_of(children.begin(), children.end(), [&](const LabNode* c) {
    return std::abs(c->probability - children[0]->probability) < 1e-3;
  });
  std::string sum;
  for (const LabNode* c : children) {
    const std::string v = plain(*c);
    if (equal)
      sum += sum.empty() ? v : v[0] == '-' ? " - " + v.substr(1) : " + " + v;
    else
      sum += (sum.empty() ? "" : " + ") + probability_text(c->probability) + " x " +
             (v[0] == '-' ? "(" + v + ")" : v);
  }
  const std::string moves = possessive(mover(n, words)) + " " + std::to_string(k) + " moves";
  if (equal)
    return mover(n, words) + " moves by chance: each of " + moves + " has probability " +
           probability_text(children[0]->probability) + ", so the value is the mean: (" + sum +
           ") / " + std::to_string(k) + " = " + plain(n) + ".";
  std::string probabilities;
  for (const LabNode* c : children)
    probabilities += (probabilities.empty() ? "" : ", ") + probability_text(c->probability);
  return mover(n, words) + " moves by chance: " + moves + " have probabilities " + probabilities +
         ", so the value is the weighted sum: " + sum + " = " + plain(n) + ".";
}

std::string bound_words(const LabNode& n) {
  const std::string v = value_words(n.value, n.in_points());
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
    const std::string beta = n.beta ? value_words(*n.beta, n.in_points()) : "inf";
    return "Beta cut-off: " + opponent(n, words) + " already has a reply worth " + beta +
           " or less elsewhere, and " + possessive(side) + " move " + refutation +
           " here is worth " + value_words(n.value, n.in_points()) + " or more, so " + others + ".";
  }
  const std::string alpha = n.alpha ? value_words(*n.alpha, n.in_points()) : "-inf";
  return "Alpha cut-off: " + opponent(n, words) + " already has a move worth " + alpha +
         " or more elsewhere, and " + possessive(side) + " reply " + refutation +
         " here holds it to " + value_words(n.value, n.in_points()) + " or less, so " + others +
         ".";
}

std::string left(const std::vector<LabNode>& nodes, const LabNode& n, const LabWords& words) {
  const std::string v = value_words(n.value, n.in_points());
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
    case NodeKind::kStopped:
      return "The stop came while this position was searched: its value was never found.";
    default:
      break;
  }
  const std::string all = n.searched_children == 1
                              ? possessive(mover(n, words)) + " only move searched: "
                              : "All " + std::to_string(n.searched_children) + " of " +
                                    possessive(mover(n, words)) + " moves searched: ";
  const auto children = all_children(nodes, n);
  const bool agents = n.in_points() && !words.agents.empty();
  if (agents && children && n.chance) return all + chance_level(n, words, *children);
  if (agents && children && !n.max_to_move && n.bound == Bound::kExact)
    return all + min_level(nodes, n, words, *children);
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
  return event.enter ? entered(nodes, n, words) : left(nodes, n, words);
}

std::string points_text(int hundredths, bool sign) {
  const int whole = std::abs(hundredths) / 100, cents = std::abs(hundredths) % 100;
  std::string text = hundredths < 0 ? "-" : sign && hundredths > 0 ? "+" : "";
  text += std::to_string(whole);
  if (cents) {
    char decimals[8];
    std::snprintf(decimals, sizeof decimals, ".%02d", cents);
    text += decimals;
    if (text.back() == '0') text.pop_back();
  }
  return text;
}

std::string probability_text(double p) {
  // The least denominator the 4 decimals the tree writes agree with.
  for (int q = 1; q <= 12; ++q) {
    const double a = std::round(p * q);
    if (std::abs(p - a / q) > 0.00006) continue;
    int rest = q;
    while (rest % 2 == 0) rest /= 2;
    while (rest % 5 == 0) rest /= 5;
    if (q == 1 || rest != 1)
      return q == 1 ? std::to_string(static_cast<int>(a))
                    : std::to_string(static_cast<int>(a)) + "/" + std::to_string(q);
    break;
  }
  char text[16];
  std::snprintf(text, sizeof text, "%.4f", p);
  std::string out = text;
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out;
}

std::string lab_value_text(const EngineScore& value, bool in_points) {
  if (in_points && value.kind == EngineScore::Kind::kHeuristic)
    return points_text(value.value, true);
  switch (value.kind) {
    // The winner's own moves to the end, as the analysis writes them (W3:
    // a win in 3 moves; moves_in).
    case EngineScore::Kind::kWin:
      return "W" + std::to_string((value.value + 1) / 2);
    case EngineScore::Kind::kLoss:
      return "L" + std::to_string((value.value + 1) / 2);
    case EngineScore::Kind::kDraw:
      return "draw";
    default:
      // A sign on gains too, as minimax diagrams write them.
      char text[16];
      std::snprintf(text, sizeof text, value.value == 0 ? "%d" : "%+d", value.value);
      return text;
  }
}

std::string value_words(const EngineScore& value, bool in_points) {
  // In the app's one wording of a distance to the end (moves_in).
  const auto in = [](int plies) {
    return plies > 0 ? " in " + moves_in(plies) : " (the game is over)";
  };
  switch (value.kind) {
    case EngineScore::Kind::kWin:
      return "a win" + in(value.value);
    case EngineScore::Kind::kLoss:
      return "a loss" + in(value.value);
    case EngineScore::Kind::kDraw:
      return "a draw";
    default:
      return lab_value_text(value, in_points);
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

std::string window_text(const WindowEdge& alpha, const WindowEdge& beta, bool in_points) {
  std::string text = "[";
  text += alpha ? lab_value_text(*alpha, in_points) : "-inf";
  text += ", ";
  text += beta ? lab_value_text(*beta, in_points) : "inf";
  text += "]";
  return text;
}

}  // namespace arcade::app
