// The search observer and the tree it records (engine/search_tree.h): the
// textbook tree searched node by node, the size of Tic-tac-toe's game tree,
// minimax and alpha-beta agreeing on every game while alpha-beta searches
// fewer nodes, and iterative deepening (`deepening on`): the last
// iteration's tree kept, every iteration counted, the value unchanged.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "all_games.h"
#include "engine/perft.h"
#include "engine/session.h"
#include "games/registry.h"
#include "test_util.h"
#include "textbook_game.h"

namespace arcade::testing {
namespace {

constexpr Score kInf = kInfinity;

// The observer's events as text, from the side to move at each node.
class EventLog {
 public:
  using Position = TextbookGame::Position;

  void enter(const Position& p, const NodeEntry& e) {
    add("enter " + TextbookGame::to_text(p) + " ply " + std::to_string(e.ply) + " window " +
        bound(e.alpha) + " " + bound(e.beta));
  }
  void terminal(Score v) { add("terminal " + std::to_string(v)); }
  void known(Score v) { add("known " + std::to_string(v)); }
  void leaf(Score v) { add("leaf " + std::to_string(v)); }
  void table_hit(Score v, Bound, bool) { add("table " + std::to_string(v)); }
  void cutoff(Move m, std::span<const Move> pruned) {
    std::string line = "cutoff ";  // appended: g++ 12 warns falsely on "..." + string
    line.append(std::to_string(m)).append(" pruned");
    for (Move p : pruned) line.append(" ").append(std::to_string(p));
    add(line);
  }
  void exit(Score v, bool) { add("exit " + std::to_string(v)); }

  std::vector<std::string> events;

 private:
  static std::string bound(Score s) {
    return s == -kInf ? "-inf" : s == kInf ? "inf" : std::to_string(s);
  }
  void add(std::string event) { events.push_back(std::move(event)); }
};

SearchOptions textbook_options(Algorithm algorithm) {
  SearchOptions options = plain_minimax();
  options.algorithm = algorithm;
  return options;
}

// Alpha-beta as in the book's Figure 5.7 (ALPHA-BETA-SEARCH), from the side
// to move at each node: B's children after the first are searched with beta
// 3; C stops after its first child, 2 <= alpha = 3 (Figure 5.5 (d): C's other
// two children are pruned); D's window narrows to 14 and 5, and its last
// child, 2, again is no better than alpha.
TEST(SearchObserver, SeesTheTextbookTreeNodeByNode) {
  TranspositionTable table(1);
  EventLog log;
  Searcher<TextbookGame, EventLog> searcher(table, default_weights<TextbookGame>(), log);
  const std::atomic<bool> stop{false};
  const SearchInfo info = searcher.search(TextbookGame::start(), {2, 0, 0},
                                          textbook_options(Algorithm::kAlphaBeta), stop);
  EXPECT_EQ(info.score, 3);
  const std::vector<std::string> expected = {"enter A ply 0 window -inf inf",
                                             "enter B ply 1 window -inf inf",
                                             "enter B1 ply 2 window -inf inf",
                                             "leaf 3",
                                             "exit 3",
                                             "enter B2 ply 2 window -inf 3",
                                             "leaf 12",
                                             "exit 12",
                                             "enter B3 ply 2 window -inf 3",
                                             "leaf 8",
                                             "exit 8",
                                             "exit -3",
                                             "enter C ply 1 window -inf -3",
                                             "enter C1 ply 2 window 3 inf",
                                             "leaf 2",
                                             "exit 2",
                                             "cutoff 0 pruned 1 2",
                                             "exit -2",
                                             "enter D ply 1 window -inf -3",
                                             "enter D1 ply 2 window 3 inf",
                                             "leaf 14",
                                             "exit 14",
                                             "enter D2 ply 2 window 3 14",
                                             "leaf 5",
                                             "exit 5",
                                             "enter D3 ply 2 window 3 5",
                                             "leaf 2",
                                             "exit 2",
                                             "cutoff 2 pruned",
                                             "exit -2",
                                             "exit 3"};
  EXPECT_EQ(log.events, expected);
}

// What a test expects of one recorded node, from MAX's (the root's) view.
struct Expected {
  std::string move;
  std::uint64_t parent;
  Score alpha, beta, value;
  NodeKind kind;
  Bound bound;
  std::vector<std::string> pruned;
  bool on_pv;
};

void expect_tree(const TreeReport& report, const std::vector<Expected>& expected) {
  ASSERT_FALSE(report.stopped);
  ASSERT_EQ(report.nodes.size(), expected.size());
  EXPECT_EQ(report.nodes_searched, expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const TreeNode& n = report.nodes[i];
    const Expected& e = expected[i];
    SCOPED_TRACE("node " + std::to_string(i) + " " + e.move);
    EXPECT_EQ(n.id, i);
    EXPECT_EQ(n.move, e.move);
    EXPECT_EQ(n.parent, e.parent);
    EXPECT_EQ(n.alpha, e.alpha);
    EXPECT_EQ(n.beta, e.beta);
    EXPECT_EQ(n.value, e.value);
    EXPECT_EQ(n.kind, e.kind);
    EXPECT_EQ(n.bound, e.bound);
    EXPECT_EQ(n.pruned, e.pruned);
    EXPECT_EQ(n.on_pv, e.on_pv);
    EXPECT_EQ(n.max_to_move, n.ply % 2 == 0);
  }
}

TreeReport textbook_tree(Algorithm algorithm) {
  GameSessionFor<TextbookGame> session;
  const std::atomic<bool> stop{false};
  return session.tree({2, algorithm, false, false, kDefaultTreeLimit}, stop);
}

constexpr auto kExpanded = NodeKind::kExpanded;
constexpr auto kCutoff = NodeKind::kCutoff;
constexpr auto kLeaf = NodeKind::kLeaf;
constexpr auto kExact = Bound::kExact;
constexpr auto kNone = kNoParent;

// Figure 5.2: B = min(3, 12, 8) = 3, C = 2, D = 2, A = max(3, 2, 2) = 3.
TEST(SearchTree, MinimaxSearchesTheWholeTextbookTree) {
  const TreeReport report = textbook_tree(Algorithm::kMinimax);
  expect_tree(report, {{"", kNone, -kInf, kInf, 3, kExpanded, kExact, {}, true},
                       {"a1", 0, -kInf, kInf, 3, kExpanded, kExact, {}, true},
                       {"b1", 1, -kInf, kInf, 3, kLeaf, kExact, {}, true},
                       {"b2", 1, -kInf, kInf, 12, kLeaf, kExact, {}, false},
                       {"b3", 1, -kInf, kInf, 8, kLeaf, kExact, {}, false},
                       {"a2", 0, -kInf, kInf, 2, kExpanded, kExact, {}, false},
                       {"c1", 5, -kInf, kInf, 2, kLeaf, kExact, {}, false},
                       {"c2", 5, -kInf, kInf, 4, kLeaf, kExact, {}, false},
                       {"c3", 5, -kInf, kInf, 6, kLeaf, kExact, {}, false},
                       {"a3", 0, -kInf, kInf, 2, kExpanded, kExact, {}, false},
                       {"d1", 9, -kInf, kInf, 14, kLeaf, kExact, {}, false},
                       {"d2", 9, -kInf, kInf, 5, kLeaf, kExact, {}, false},
                       {"d3", 9, -kInf, kInf, 2, kLeaf, kExact, {}, false}});
  EXPECT_EQ(report.value, 3);
  EXPECT_EQ(report.pv, (std::vector<std::string>{"a1", "b1"}));
  EXPECT_EQ(report.nodes[0].children, 3);
}

// Figure 5.5: the same value, with c2 and c3 pruned. C and D are worth at
// most 2 (upper bounds) once a child shows they cannot beat B's 3.
TEST(SearchTree, AlphaBetaPrunesWhereTheTextbookDoes) {
  const TreeReport report = textbook_tree(Algorithm::kAlphaBeta);
  expect_tree(report, {{"", kNone, -kInf, kInf, 3, kExpanded, kExact, {}, true},
                       {"a1", 0, -kInf, kInf, 3, kExpanded, kExact, {}, true},
                       {"b1", 1, -kInf, kInf, 3, kLeaf, kExact, {}, true},
                       {"b2", 1, -kInf, 3, 12, kLeaf, kExact, {}, false},
                       {"b3", 1, -kInf, 3, 8, kLeaf, kExact, {}, false},
                       {"a2", 0, 3, kInf, 2, kCutoff, Bound::kUpper, {"c2", "c3"}, false},
                       {"c1", 5, 3, kInf, 2, kLeaf, kExact, {}, false},
                       {"a3", 0, 3, kInf, 2, kCutoff, Bound::kUpper, {}, false},
                       {"d1", 7, 3, kInf, 14, kLeaf, kExact, {}, false},
                       {"d2", 7, 3, 14, 5, kLeaf, kExact, {}, false},
                       {"d3", 7, 3, 5, 2, kLeaf, kExact, {}, false}});
  EXPECT_EQ(report.value, 3);
  EXPECT_EQ(report.nodes[5].children, 1);
  EXPECT_EQ(report.nodes[7].children, 3);
}

TEST(SearchTree, KeepsTheFirstNodesAndCountsThemAll) {
  GameSessionFor<TextbookGame> session;
  const std::atomic<bool> stop{false};
  const TreeReport report = session.tree({2, Algorithm::kMinimax, false, false, 4}, stop);
  EXPECT_EQ(report.nodes_searched, 13u);
  ASSERT_EQ(report.nodes.size(), 4u);
  EXPECT_EQ(report.nodes[3].move, "b2");
  EXPECT_EQ(report.nodes[0].children, 3) << "children beyond the limit still counted";
  EXPECT_EQ(report.nodes[0].value, 3);
}

// A stop keeps the nodes searched so far (issue 33): they are the first
// nodes of the whole tree, the same in every field, except the line the stop
// came into, root first, which is marked stopped, its values never known.
TEST(SearchTree, StopKeepsThePartSearchedWithTheLineUnderWayMarkedStopped) {
  for (const Algorithm algorithm : {Algorithm::kMinimax, Algorithm::kAlphaBeta}) {
    std::unique_ptr<GameSession> whole_session = make_session("connect4");
    std::unique_ptr<GameSession> stopped_session = make_session("connect4");
    const std::atomic<bool> never{false};
    const int depth = algorithm == Algorithm::kMinimax ? 6 : 10;
    TreeRequest request{depth, algorithm, false, false, 30'000};
    const TreeReport whole = whole_session->tree(request, never);
    ASSERT_FALSE(whole.stopped);
    ASSERT_GT(whole.nodes_searched, 2 * kTreeProgressNodes);
    std::atomic<bool> stop{false};
    request.progress = [&stop](std::uint64_t) { stop = true; };
    const TreeReport part = stopped_session->tree(request, stop);
    ASSERT_TRUE(part.stopped);
    EXPECT_TRUE(part.pv.empty());
    // The first progress call comes as node 65,536 is entered, whose search
    // then reads the stop at once.
    EXPECT_EQ(part.nodes_searched, kTreeProgressNodes);
    ASSERT_EQ(part.nodes.size(), 30'000u);
    std::vector<std::uint64_t> line;
    for (std::size_t i = 0; i < part.nodes.size(); ++i) {
      const TreeNode& a = part.nodes[i];
      const TreeNode& b = whole.nodes[i];
      EXPECT_EQ(std::tie(a.id, a.parent, a.move, a.ply, a.alpha, a.beta),
                std::tie(b.id, b.parent, b.move, b.ply, b.alpha, b.beta));
      if (a.kind == NodeKind::kStopped) {
        line.push_back(a.id);
        continue;
      }
      EXPECT_EQ(std::tie(a.value, a.bound, a.kind, a.children),
                std::tie(b.value, b.bound, b.kind, b.children))
          << "node " << i;
    }
    // The line under way: the root, then each stopped node a child of the
    // one before (the nodes beyond the limit are not kept).
    ASSERT_FALSE(line.empty());
    EXPECT_EQ(line[0], 0u);
    for (std::size_t i = 1; i < line.size(); ++i)
      EXPECT_EQ(part.nodes[line[i]].parent, line[i - 1]);
  }
}

TEST(SearchTree, AStopBeforeItBeginsKeepsTheRootAlone) {
  GameSessionFor<TextbookGame> session;
  const std::atomic<bool> stop{true};
  const TreeReport report = session.tree({2, Algorithm::kMinimax, false, false, 100}, stop);
  EXPECT_TRUE(report.stopped);
  for (const TreeNode& node : report.nodes) EXPECT_EQ(node.kind, NodeKind::kStopped);
  ASSERT_FALSE(report.nodes.empty());
  EXPECT_EQ(report.nodes[0].parent, kNoParent);
}

TEST(SearchTree, AFinishedGameIsARootAlone) {
  std::unique_ptr<GameSession> session = make_session("tictactoe");
  ASSERT_FALSE(session->set_position("xxx/oo./...", {}));
  const std::atomic<bool> stop{false};
  const TreeReport report = session->tree({3, Algorithm::kAlphaBeta, true, true, 100}, stop);
  EXPECT_EQ(report.nodes_searched, 1u);
  ASSERT_EQ(report.nodes.size(), 1u);
  EXPECT_EQ(report.nodes[0].kind, NodeKind::kTerminal);
  EXPECT_EQ(report.value, loss_in(0));
}

// Nodes up to `depth` plies from p, p included, as perft counts them
// (finished games are not continued): the size of the game tree.
template <Game G>
std::uint64_t game_tree_size(const typename G::Position& p, int depth) {
  std::uint64_t nodes = 0;
  for (int d = 0; d <= depth; ++d) nodes += perft<G>(p, d);
  return nodes;
}

// Tic-tac-toe's game tree has 549,946 nodes (the empty board included), a
// published figure; it is also the sum of the perft counts of plies 0 to 9.
TEST(SearchTree, MinimaxSearchesTicTacToesWholeGameTree) {
  std::unique_ptr<GameSession> session = make_session("tictactoe");
  const std::atomic<bool> stop{false};
  const auto nodes = [&](int depth) {
    return session->tree({depth, Algorithm::kMinimax, false, false, 0}, stop).nodes_searched;
  };
  EXPECT_EQ(nodes(1), 10u);
  EXPECT_EQ(nodes(2), 1u + 9u + 9u * 8u);
  EXPECT_EQ(game_tree_size<TicTacToe>(TicTacToe::start(), 9), 549'946u);
  const TreeReport full = session->tree({9, Algorithm::kMinimax, false, false, 0}, stop);
  EXPECT_EQ(full.nodes_searched, 549'946u);
  EXPECT_TRUE(full.nodes.empty());
  EXPECT_EQ(full.value, kDraw);
  EXPECT_TRUE(full.proven);
}

// Tic-tac-toe's game tree from `board` (`mover` to move) to `depth` plies,
// counted on a board of its own rather than through the engine's game: one
// node per way of reaching a position, finished games not continued.
std::uint64_t tictactoe_game_tree(std::array<char, 9>& board, char mover, int depth) {
  static constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                       {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
  for (const auto& line : kLines)
    if (board[line[0]] != '.' && board[line[0]] == board[line[1]] &&
        board[line[1]] == board[line[2]])
      return 1;
  std::uint64_t nodes = 1;
  if (depth == 0) return nodes;
  for (char& cell : board) {
    if (cell != '.') continue;
    cell = mover;
    nodes += tictactoe_game_tree(board, mover == 'x' ? 'o' : 'x', depth - 1);
    cell = '.';
  }
  return nodes;
}

// With deepening, plain minimax searches the whole game tree once per
// iteration: the count is the sum of the game trees to depths 1 to 9. The
// tree kept is the last iteration's, from id 0 at its root.
TEST(SearchTreeDeepening, MinimaxCountsTheGameTreeOfEveryIteration) {
  std::uint64_t every_iteration = 0, last_iteration = 0;
  for (int depth = 1; depth <= 9; ++depth) {
    std::array<char, 9> board;
    board.fill('.');
    last_iteration = tictactoe_game_tree(board, 'x', depth);
    every_iteration += last_iteration;
  }
  std::unique_ptr<GameSession> session = make_session("tictactoe");
  const std::atomic<bool> stop{false};
  const TreeReport report =
      session->tree({9, Algorithm::kMinimax, false, false, kDefaultTreeLimit, true}, stop);
  EXPECT_EQ(report.nodes_searched, every_iteration);
  ASSERT_EQ(report.nodes.size(), std::min<std::uint64_t>(kDefaultTreeLimit, last_iteration));
  for (std::size_t i = 0; i < report.nodes.size(); ++i) ASSERT_EQ(report.nodes[i].id, i);
  EXPECT_EQ(report.nodes[0].parent, kNoParent);
  EXPECT_EQ(report.nodes[0].ply, 0);
  EXPECT_EQ(report.nodes[0].children, 9);
  EXPECT_EQ(report.value, kDraw);
  EXPECT_TRUE(report.proven);
}

// Deepening to depth 3 keeps exactly the depth-3 tree; off, the search is
// the one search it always was.
TEST(SearchTreeDeepening, KeepsTheLastIterationOnly) {
  std::unique_ptr<GameSession> session = make_session("tictactoe");
  const std::atomic<bool> stop{false};
  const TreeReport once = session->tree({3, Algorithm::kMinimax, false, false, 1000}, stop);
  const TreeReport deepened =
      session->tree({3, Algorithm::kMinimax, false, false, 1000, true}, stop);
  ASSERT_EQ(deepened.nodes.size(), once.nodes.size());
  EXPECT_EQ(deepened.nodes_searched, 10u + 82u + once.nodes_searched);
  for (const TreeNode& node : deepened.nodes)
    if (node.parent != kNoParent) {
      ASSERT_LT(node.parent, node.id);
    }
  EXPECT_EQ(deepened.value, once.value);
}

template <class G>
class TreeAgreement : public ::testing::Test {};
TYPED_TEST_SUITE(TreeAgreement, AllGames);

// Depths at which plain minimax over random positions stays quick.
template <class G>
constexpr int kTreeDepth = 4;
template <>
constexpr int kTreeDepth<TicTacToe> = 5;
template <>
constexpr int kTreeDepth<WolfSheep> = 6;

// Every node searched by minimax is worth the best of its children for the
// side to move there (MAX the highest, MIN the lowest).
void expect_minimax_values(const TreeReport& report) {
  ASSERT_EQ(report.nodes.size(), report.nodes_searched) << "the whole tree is needed";
  std::vector<std::vector<Score>> children(report.nodes.size());
  for (const TreeNode& n : report.nodes)
    if (n.parent != kNoParent) children[n.parent].push_back(n.value);
  for (const TreeNode& n : report.nodes) {
    if (n.kind != NodeKind::kExpanded) continue;
    const auto& values = children[n.id];
    ASSERT_EQ(values.size(), static_cast<std::size_t>(n.children));
    EXPECT_EQ(n.value, n.max_to_move ? *std::max_element(values.begin(), values.end())
                                     : *std::min_element(values.begin(), values.end()));
  }
}

// Minimax, and alpha-beta with and without ordering and the table, give the
// same value; minimax searches the whole game tree to the depth, alpha-beta
// no more of it.
TYPED_TEST(TreeAgreement, MinimaxAndAlphaBetaAgreeAndAlphaBetaSearchesLess) {
  using G = TypeParam;
  if constexpr (MultiAgentGame<G>)
    GTEST_SKIP() << "a game of more than two agents has its own search, checked in "
                    "agent_search_test.cpp";
  const int depth = kTreeDepth<G>;
  std::mt19937_64 rng(31);
  const std::atomic<bool> stop{false};
  std::unique_ptr<GameSession> session = make_session(G::kName);
  std::uint64_t minimax_total = 0, pruned_total = 0;
  int compared = 0;
  for (int i = 0; i < 12; ++i) {
    const auto p = random_position<G>(static_cast<int>(rng() % (G::kMaxGamePlies / 2 + 1)), rng);
    if (G::outcome(p) != Outcome::kOngoing) continue;
    ++compared;
    ASSERT_FALSE(session->set_position(G::to_text(p), {}));
    const TreeReport minimax =
        session->tree({depth, Algorithm::kMinimax, false, false, kDefaultTreeLimit}, stop);
    EXPECT_EQ(minimax.nodes_searched, game_tree_size<G>(p, depth)) << G::to_text(p);
    expect_minimax_values(minimax);
    minimax_total += minimax.nodes_searched;
    for (bool ordering : {false, true}) {
      for (bool table : {false, true}) {
        const TreeReport ab =
            session->tree({depth, Algorithm::kAlphaBeta, ordering, table, 0}, stop);
        EXPECT_EQ(ab.value, minimax.value)
            << G::to_text(p) << " ordering " << ordering << " table " << table;
        EXPECT_LE(ab.nodes_searched, minimax.nodes_searched) << G::to_text(p);
        pruned_total += ab.nodes_searched;
      }
    }
  }
  ASSERT_GT(compared, 5);
  EXPECT_LT(pruned_total, 4 * minimax_total) << "alpha-beta must prune somewhere";
}

// The principal variation runs from the root through nodes worth the root's
// value, one node a ply.
TYPED_TEST(TreeAgreement, ThePrincipalVariationIsAPathOfTheRootsValue) {
  using G = TypeParam;
  if constexpr (MultiAgentGame<G>)
    GTEST_SKIP() << "a game of more than two agents has its own search, checked in "
                    "agent_search_test.cpp";
  std::unique_ptr<GameSession> session = make_session(G::kName);
  const std::atomic<bool> stop{false};
  const TreeReport report =
      session->tree({kTreeDepth<G>, Algorithm::kMinimax, false, false, kDefaultTreeLimit}, stop);
  std::vector<const TreeNode*> path;
  for (const TreeNode& n : report.nodes)
    if (n.on_pv) path.push_back(&n);
  ASSERT_EQ(path.size(), report.pv.size() + 1);
  for (std::size_t i = 0; i < path.size(); ++i) {
    EXPECT_EQ(path[i]->ply, static_cast<int>(i));
    EXPECT_EQ(path[i]->value, report.value);
    if (i > 0) {
      EXPECT_EQ(path[i]->move, report.pv[i - 1]);
    }
  }
}

// Deepening changes neither the root's value (minimax's, whatever the
// algorithm, ordering and table) nor where the printed tree begins, and the
// best move of each iteration is searched first in the next.
TYPED_TEST(TreeAgreement, DeepeningKeepsTheValueAndSearchesTheLastBestMoveFirst) {
  using G = TypeParam;
  if constexpr (MultiAgentGame<G>)
    GTEST_SKIP() << "a game of more than two agents has its own search, checked in "
                    "agent_search_test.cpp";
  const int depth = kTreeDepth<G>;
  std::mt19937_64 rng(37);
  const std::atomic<bool> stop{false};
  std::unique_ptr<GameSession> session = make_session(G::kName);
  int compared = 0;
  for (int i = 0; i < 8; ++i) {
    const auto p = random_position<G>(static_cast<int>(rng() % (G::kMaxGamePlies / 2 + 1)), rng);
    if (G::outcome(p) != Outcome::kOngoing) continue;
    ++compared;
    ASSERT_FALSE(session->set_position(G::to_text(p), {}));
    const Score minimax = session->tree({depth, Algorithm::kMinimax, false, false, 0}, stop).value;
    for (Algorithm algorithm : {Algorithm::kMinimax, Algorithm::kAlphaBeta}) {
      for (bool ordering : {false, true}) {
        for (bool table : {false, true}) {
          SCOPED_TRACE(G::to_text(p) + (algorithm == Algorithm::kMinimax ? " minimax" : "") +
                       " ordering " + std::to_string(ordering) + " table " + std::to_string(table));
          const TreeReport deepened =
              session->tree({depth, algorithm, ordering, table, 1000, true}, stop);
          EXPECT_EQ(deepened.value, minimax);
          ASSERT_FALSE(deepened.nodes.empty());
          EXPECT_GE(deepened.nodes_searched, deepened.nodes.size());
          EXPECT_EQ(deepened.nodes[0].id, 0u);
          EXPECT_EQ(deepened.nodes[0].parent, kNoParent);
          const TreeReport before =
              session->tree({depth - 1, algorithm, ordering, table, 0, true}, stop);
          if (before.proven || deepened.nodes.size() < 2) continue;  // no iteration after it
          EXPECT_EQ(deepened.nodes[1].move, before.pv.front());
        }
      }
    }
  }
  ASSERT_GT(compared, 3);
}

}  // namespace
}  // namespace arcade::testing
