#include "app/lab/lab_replay.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>

#include "app/lab/lab_text.h"

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

}  // namespace arcade::app
