#pragma once
// The search tree, as the minimax lab shows it: every node one search visits
// (with iterative deepening, its last iteration), in the order it entered
// them (preorder), with the window it was searched with, the value it
// returned and what happened there. TreeRecorder is a search observer
// (search.h) that writes this down, moves in the game's notation.
//
// Values, windows and bounds are all from the root's side (MAX, to move at
// even plies), as a minimax diagram draws them; the search itself works from
// the side to move's view (negamax), and the recorder turns them round at
// MIN's nodes.

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/search.h"

namespace arcade {

// What happened at a node.
enum class NodeKind : std::uint8_t {
  kExpanded,  // every move searched
  kCutoff,    // a move reached beta (negamax): the moves after it were pruned
  kLeaf,      // a heuristic evaluation at the depth limit
  kTerminal,  // the game is over
  kKnown,     // the game's exact knowledge answered
  kTable,     // the transposition table answered
  kStopped,   // `stop` came while it was searched: its value is not known
};

// The words of the `tree` command's lines for a node's kind and bound (the
// protocol writes them, the app's lab reads them back).
inline constexpr std::pair<NodeKind, std::string_view> kNodeKindNames[] = {
    {NodeKind::kExpanded, "expanded"}, {NodeKind::kCutoff, "cutoff"}, {NodeKind::kLeaf, "leaf"},
    {NodeKind::kTerminal, "terminal"}, {NodeKind::kKnown, "known"},   {NodeKind::kTable, "table"},
    {NodeKind::kStopped, "stopped"}};
inline constexpr std::pair<Bound, std::string_view> kBoundNames[] = {
    {Bound::kExact, "exact"}, {Bound::kLower, "lower"}, {Bound::kUpper, "upper"}};

// The word for `value` in `names`, or the value for `word`.
template <class T, std::size_t N>
constexpr std::string_view tree_word(const std::pair<T, std::string_view> (&names)[N], T value) {
  for (const auto& [v, word] : names)
    if (v == value) return word;
  return names[0].second;
}
template <class T, std::size_t N>
constexpr std::optional<T> from_tree_word(const std::pair<T, std::string_view> (&names)[N],
                                          std::string_view word) {
  for (const auto& [v, w] : names)
    if (w == word) return v;
  return std::nullopt;
}

inline constexpr std::uint64_t kNoParent = std::numeric_limits<std::uint64_t>::max();

struct TreeNode {
  std::uint64_t id = 0;  // the order it was entered, from 0 (the root)
  std::uint64_t parent = kNoParent;
  int ply = 0;
  std::string move;          // from the parent, in the game's notation; empty at the root
  bool max_to_move = true;   // the root's side is to move
  Score alpha = -kInfinity;  // the window it was searched with
  Score beta = kInfinity;
  Score value = 0;      // what it returned
  bool proven = false;  // no heuristic value went into it (win, loss or draw)
  NodeKind kind = NodeKind::kExpanded;
  // The node is worth exactly `value`, at least it (it failed high for MAX)
  // or at most it; a table answer keeps the bound the table stored.
  Bound bound = Bound::kExact;
  // In a game of more than two agents (engine/agents.h): the agent to move
  // (0 is MAX's first, -1 in two-player games), whether it moves at random
  // (a chance node: its value is the mean of its children's; max_to_move is
  // then false), and, for a child of a chance node, its move's probability.
  int agent = -1;
  bool chance = false;
  double probability = 0;
  int children = 0;                 // children searched
  std::vector<std::string> pruned;  // after a cut-off, the moves not searched
  bool on_pv = false;               // on the principal variation
};

// The nodes kept when a request names no limit: a UI draws far fewer, and
// 100,000 nodes take about 10 MB.
inline constexpr std::uint64_t kDefaultTreeLimit = 100'000;

// A search of the current position to `depth` from an empty table of its
// own. Without deepening it is one search, so one tree. With it, iterative
// deepening from depth 1 to `depth` in that table, as a game's search does:
// the earlier iterations fill the table and order the moves of the last, and
// only the last iteration's tree is kept (each iteration is a tree of its
// own), while every node of every iteration is counted.
struct TreeRequest {
  int depth = 1;
  Algorithm algorithm = Algorithm::kAlphaBeta;
  bool ordering = true;
  bool table = true;
  std::uint64_t limit = kDefaultTreeLimit;  // nodes kept; the rest only counted
  bool deepening = false;
  // Told the nodes entered so far every kTreeProgressNodes, from the
  // search's thread: a long tree shows it is under way (the protocol's
  // `info nodes N time T` lines).
  std::function<void(std::uint64_t nodes)> progress = {};
};
inline constexpr std::uint64_t kTreeProgressNodes = 1 << 16;

struct TreeReport {
  std::vector<TreeNode> nodes;  // the first `limit` nodes entered (of the last iteration)
  // Every node, the root and those beyond the limit included (of every
  // iteration).
  std::uint64_t nodes_searched = 0;
  Score value = 0;  // the root's, from its side to move
  bool proven = false;
  // Values and windows are hundredths of the game's points (engine/agents.h),
  // not the engine's scores.
  bool in_points = false;
  std::vector<std::string> pv;
  // Ended by `stop`: `nodes` are then those entered so far (of the last
  // iteration begun), the ones still being searched of kind kStopped, and
  // no value or line is filled in.
  bool stopped = false;
};

// After a stop, the nodes entered and never left (the line being searched,
// frames[0..current]) are marked stopped: their values are not known.
template <class Frames>
void mark_stopped(std::vector<TreeNode>& nodes, const Frames& frames, int current) {
  for (int ply = 0; ply <= current; ++ply) {
    const std::uint64_t id = frames[static_cast<std::size_t>(ply)].id;
    if (id < nodes.size()) nodes[id].kind = NodeKind::kStopped;
  }
}

template <Game G>
class TreeRecorder {
 public:
  using Position = typename G::Position;

  explicit TreeRecorder(std::uint64_t limit, std::function<void(std::uint64_t)> progress = {})
      : limit_(limit), progress_(std::move(progress)) {}

  // A root entered after the first begins the next iteration of iterative
  // deepening: its tree replaces the one kept, with ids from 0 again.
  void enter(const Position& pos, const NodeEntry& entry) {
    if (entry.ply == 0 && entered_ > 0) start_next_tree();
    const std::uint64_t id = entered_++ - tree_start_;
    if (progress_ && entered_ % kTreeProgressNodes == 0) progress_(entered_);
    current_ = entry.ply;
    frames_[current_] = {pos, id, entry.alpha, entry.beta};
    if (entry.ply > 0 && frames_[entry.ply - 1].id < nodes_.size())
      ++nodes_[frames_[entry.ply - 1].id].children;
    if (id >= limit_) return;
    TreeNode node;
    node.id = id;
    node.ply = entry.ply;
    node.max_to_move = entry.root_side_to_move;
    node.alpha = node.max_to_move ? entry.alpha : -entry.beta;
    node.beta = node.max_to_move ? entry.beta : -entry.alpha;
    if (entry.ply > 0) {
      const Frame& parent = frames_[entry.ply - 1];
      node.parent = parent.id;
      node.move = G::move_to_text(parent.position, entry.move);
    }
    nodes_.push_back(std::move(node));
  }

  void terminal(Score) { set_kind(NodeKind::kTerminal); }
  void known(Score) { set_kind(NodeKind::kKnown); }
  void leaf(Score) { set_kind(NodeKind::kLeaf); }
  void table_hit(Score, Bound bound, bool) {
    set_kind(NodeKind::kTable);
    if (TreeNode* node = kept()) node->bound = bound;
  }
  void cutoff(Move, std::span<const Move> pruned) {
    TreeNode* node = kept();
    if (!node) return;
    node->kind = NodeKind::kCutoff;
    for (Move m : pruned) node->pruned.push_back(G::move_to_text(frames_[current_].position, m));
  }

  void exit(Score value, bool proven) {
    if (TreeNode* node = kept()) {
      const Frame& frame = frames_[current_];
      if (node->kind == NodeKind::kExpanded || node->kind == NodeKind::kCutoff)
        node->bound = value <= frame.alpha  ? Bound::kUpper
                      : value >= frame.beta ? Bound::kLower
                                            : Bound::kExact;
      if (!node->max_to_move) {
        value = -value;
        node->bound = node->bound == Bound::kUpper   ? Bound::kLower
                      : node->bound == Bound::kLower ? Bound::kUpper
                                                     : node->bound;
      }
      node->value = value;
      node->proven = proven;
    }
    --current_;
  }

  // The report of the search that gave `result`, from `root`.
  TreeReport finish(const Position& root, const SearchInfo& result) {
    TreeReport report;
    report.nodes_searched = entered_;
    report.stopped = result.stopped;
    if (report.stopped) {
      mark_stopped(nodes_, frames_, current_);
      report.nodes = std::move(nodes_);
      return report;
    }
    report.value = result.score;
    report.proven = result.proven;
    Position p = root;
    for (Move m : result.pv) {
      report.pv.push_back(G::move_to_text(p, m));
      p = G::play(p, m);
    }
    mark_pv(report.pv);
    report.nodes = std::move(nodes_);
    return report;
  }

 private:
  struct Frame {
    Position position{};
    std::uint64_t id = 0;
    Score alpha = 0;  // the window on entry, from the side to move
    Score beta = 0;
  };

  void start_next_tree() {
    nodes_.clear();
    tree_start_ = entered_;
  }

  // The node being searched, if it is within the limit.
  TreeNode* kept() {
    const std::uint64_t id = frames_[current_].id;
    return id < nodes_.size() ? &nodes_[id] : nullptr;
  }
  void set_kind(NodeKind kind) {
    if (TreeNode* node = kept()) node->kind = kind;
  }

  // A node is on the principal variation when its parent is and its move is
  // the variation's next one. Parents come before their children.
  void mark_pv(const std::vector<std::string>& pv) {
    for (TreeNode& node : nodes_) {
      if (node.parent == kNoParent) {
        node.on_pv = true;
        continue;
      }
      const std::size_t at = static_cast<std::size_t>(node.ply - 1);
      node.on_pv = nodes_[node.parent].on_pv && at < pv.size() && pv[at] == node.move;
    }
  }

  std::uint64_t limit_;
  std::function<void(std::uint64_t)> progress_;
  std::uint64_t entered_ = 0;     // every node of every tree
  std::uint64_t tree_start_ = 0;  // entered_ at the kept tree's root
  int current_ = 0;               // the ply of the node being searched
  std::vector<TreeNode> nodes_;
  std::array<Frame, Searcher<G>::kMaxSearchPly + 1> frames_{};
};

}  // namespace arcade
