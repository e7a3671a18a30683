// The minimax lab's model: trees read from the real protocol's `tree` lines,
// laid out, replayed with sentences, and the node-count chart against
// independent counts (the game tree counted by brute force, the minimal tree
// of a two-ply tree worked out by hand).

#include "app/lab.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "app/engine_client.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"
#include "games/tictactoe.h"
#include "scripted_engine.h"

namespace arcade::app {
namespace {

// The lines a foreground protocol prints for `commands`.
std::vector<std::string> protocol_lines(const std::vector<std::string>& commands) {
  std::vector<std::string> lines;
  Protocol protocol{make_engine_session, game_names(),
                    [&](const std::string& l) { lines.push_back(l); }, false};
  for (const std::string& c : commands) protocol.handle(c);
  return lines;
}

LabTree read_tree(const std::vector<std::string>& commands) {
  LabTree tree;
  for (const std::string& line : protocol_lines(commands))
    if (!tree.take(line)) break;
  return tree;
}

// Tic-tac-toe positions reached in exactly `plies` more moves, by brute
// force over the game itself (a finished game has no moves).
std::uint64_t game_tree_nodes(const TicTacToe::Position& p, int depth) {
  std::uint64_t count = 1;
  if (depth == 0 || TicTacToe::outcome(p) != Outcome::kOngoing) return count;
  MoveList<TicTacToe::kMaxMoves> moves;
  TicTacToe::generate_moves(p, moves);
  for (Move m : moves) count += game_tree_nodes(TicTacToe::play(p, m), depth - 1);
  return count;
}

TEST(LabTree, ReadsEveryNodeOfAMinimaxTreeWithItsCount) {
  const LabTree tree = read_tree({"game tictactoe", "position startpos moves b2",
                                  "tree depth 3 algorithm minimax ordering off table off"});
  ASSERT_EQ(tree.state(), LabTree::State::kComplete) << tree.error();
  Parsed<TicTacToe::Position> start = TicTacToe::from_text(".../.../...");
  ASSERT_TRUE(start);
  const TicTacToe::Position after_b2 =
      TicTacToe::play(*start, *TicTacToe::move_from_text(*start, "b2"));
  EXPECT_EQ(tree.searched(), game_tree_nodes(after_b2, 3));
  EXPECT_TRUE(tree.whole());
  const std::vector<LabNode>& nodes = tree.nodes();
  EXPECT_EQ(nodes[0].parent, -1);
  EXPECT_FALSE(nodes[0].max_to_move == false);
  EXPECT_EQ(nodes[0].children.size(), 8u);
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    EXPECT_EQ(nodes[i].ply, nodes[static_cast<std::size_t>(nodes[i].parent)].ply + 1);
    EXPECT_NE(nodes[i].max_to_move, nodes[static_cast<std::size_t>(nodes[i].parent)].max_to_move);
  }
  ASSERT_TRUE(tree.value());
  EXPECT_EQ(*tree.value(), nodes[0].value);
}

TEST(LabTree, RefusesMalformedLinesAndNodesOutOfOrder) {
  LabTree bad;
  EXPECT_FALSE(bad.take("node 0 parent - ply 0 move - side max alpha -inf beta inf value cp"));
  EXPECT_EQ(bad.state(), LabTree::State::kFailed);
  LabTree orphan;
  EXPECT_FALSE(orphan.take(
      "node 0 parent 3 ply 0 move - side max alpha -inf beta inf value cp 1 bound exact kind "
      "leaf children 0"));
  EXPECT_EQ(orphan.state(), LabTree::State::kFailed);
  LabTree error;
  EXPECT_FALSE(error.take("error tree depth: 'x' is not a depth from 1 to 64"));
  EXPECT_EQ(error.error(), "tree depth: 'x' is not a depth from 1 to 64");
  LabTree ok;
  EXPECT_TRUE(ok.take(
      "node 0 parent - ply 0 move - side max alpha -inf beta inf value draw bound exact kind "
      "expanded children 2 pruned 1 c3 pv"));
  ASSERT_EQ(ok.nodes().size(), 1u);
  EXPECT_EQ(ok.nodes()[0].pruned, std::vector<std::string>{"c3"});
  EXPECT_TRUE(ok.nodes()[0].on_pv);
  EXPECT_EQ(ok.nodes()[0].value.kind, EngineScore::Kind::kDraw);
}

// Two plies, b1 moves then b2 replies each: the best move's replies all, and
// one refutation of each other move: 1 + b1 + b2 + (b1 - 1) nodes.
TEST(LabTree, MinimalTreeOfTwoPliesIsTheBestReplyTreePlusOneRefutationEach) {
  const LabTree tree = read_tree(
      {"game tictactoe", "tree depth 2 algorithm minimax ordering off table off limit 1000"});
  ASSERT_TRUE(tree.whole());
  EXPECT_EQ(minimal_nodes(tree), 1u + 9 + 8 + 8);
  const LabTree pruned = read_tree(
      {"game tictactoe", "tree depth 2 algorithm alphabeta ordering off table off limit 1000"});
  EXPECT_FALSE(minimal_nodes(pruned));  // not a minimax tree
}

TEST(LabLayout, LeavesTakeSlotsInOrderAndParentsSitOverTheirChildren) {
  const LabTree tree =
      read_tree({"game tictactoe", "tree depth 3 algorithm alphabeta ordering off table off"});
  const std::vector<LabNode>& nodes = tree.nodes();
  std::vector<bool> folded(nodes.size(), false);
  const LabLayout layout = lay_out(nodes, folded);
  std::set<float> slots;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    ASSERT_TRUE(layout.visible[i]);
    const LabNode& n = nodes[i];
    if (n.children.empty()) {
      EXPECT_TRUE(slots.insert(layout.x[i]).second) << "two leaves share slot " << layout.x[i];
    } else {
      EXPECT_GE(layout.x[i], layout.x[static_cast<std::size_t>(n.children.front())]);
      EXPECT_LE(layout.x[i], layout.stub_x[i] >= 0
                                 ? layout.stub_x[i]
                                 : layout.x[static_cast<std::size_t>(n.children.back())]);
    }
    if (!n.pruned.empty()) {
      EXPECT_GE(layout.stub_x[i], 0) << "a cut-off shows its pruned moves";
    }
  }
  // Folding the root's first child hides its subtree and narrows the tree.
  const int first = nodes[0].children.front();
  folded[static_cast<std::size_t>(first)] = true;
  const LabLayout narrower = lay_out(nodes, folded);
  EXPECT_LT(narrower.width, layout.width);
  EXPECT_TRUE(narrower.visible[static_cast<std::size_t>(first)]);
  EXPECT_FALSE(narrower.visible[static_cast<std::size_t>(first) + 1]);
}

TEST(LabReplay, EntersInSearchOrderAndLeavesAfterTheChildren) {
  const LabTree tree =
      read_tree({"game tictactoe", "tree depth 3 algorithm alphabeta ordering off table off"});
  const std::vector<LabNode>& nodes = tree.nodes();
  const std::vector<LabEvent> events = search_events(nodes);
  ASSERT_EQ(events.size(), 2 * nodes.size());
  std::vector<int> entered, open;
  for (const LabEvent& e : events) {
    if (e.enter) {
      const int parent = nodes[static_cast<std::size_t>(e.node)].parent;
      EXPECT_EQ(parent, open.empty() ? -1 : open.back());
      entered.push_back(e.node);
      open.push_back(e.node);
    } else {
      ASSERT_FALSE(open.empty());
      EXPECT_EQ(open.back(), e.node);
      open.pop_back();
    }
  }
  for (std::size_t i = 0; i < entered.size(); ++i) EXPECT_EQ(entered[i], static_cast<int>(i));
}

TEST(LabReplay, SaysWhyACutOffPrunesAndNamesThePrunedMoves) {
  const LabTree tree =
      read_tree({"game tictactoe", "tree depth 2 algorithm alphabeta ordering off table off"});
  const std::vector<LabNode>& nodes = tree.nodes();
  const auto cut = std::find_if(nodes.begin(), nodes.end(), [](const LabNode& n) {
    return n.kind == NodeKind::kCutoff && !n.pruned.empty();
  });
  ASSERT_NE(cut, nodes.end());
  const LabWords words{"X", "O", 2};
  const std::string sentence =
      event_sentence(nodes, {static_cast<int>(cut - nodes.begin()), false}, words);
  // At ply 1 O moves: X already has a move worth alpha, O's reply holds it lower.
  EXPECT_NE(sentence.find("Alpha cut-off: X already has a move worth"), std::string::npos)
      << sentence;
  EXPECT_NE(sentence.find(cut->pruned.front()), std::string::npos) << sentence;
  EXPECT_NE(sentence.find("need not be searched"), std::string::npos) << sentence;
  const std::string start = event_sentence(nodes, {0, true}, words);
  EXPECT_NE(start.find("X to move"), std::string::npos) << start;
}

// The lab on a real engine: the main tree, then every bar of the chart, each
// with the same value; minimax counts the whole game tree.
TEST(Lab, ChartsEveryEnhancementOnTheSamePositionWithOneValue) {
  std::unique_ptr<EngineClient> engine = make_engine_client();
  Lab lab(*engine);
  lab.run({"tictactoe", "position startpos moves b2", {}}, {4, true, false, false, false, 500});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (lab.running() && std::chrono::steady_clock::now() < deadline) {
    lab.update(0);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_FALSE(lab.running());
  ASSERT_EQ(lab.tree().state(), LabTree::State::kComplete) << lab.tree().error();
  EXPECT_EQ(lab.tree().nodes().size(), 500u);  // cut at the limit ...
  EXPECT_GT(lab.tree().searched(), 500u);      // ... and counted whole
  EXPECT_EQ(lab.step(), lab.events().size());  // shown whole at first
  Parsed<TicTacToe::Position> start = TicTacToe::from_text(".../.../...");
  const TicTacToe::Position after_b2 =
      TicTacToe::play(*start, *TicTacToe::move_from_text(*start, "b2"));
  const std::vector<LabCount>& counts = lab.counts();
  ASSERT_EQ(counts.size(), 6u);
  for (const LabCount& c : counts) {
    ASSERT_TRUE(c.nodes) << c.name << ": " << c.note;
    ASSERT_TRUE(c.value) << c.name;
    EXPECT_EQ(*c.value, *lab.tree().value()) << c.name;
    EXPECT_LE(*c.nodes, *counts[0].nodes) << c.name;
  }
  EXPECT_EQ(*counts[0].nodes, game_tree_nodes(after_b2, 4));
  EXPECT_LT(*counts[1].nodes, *counts[0].nodes);  // alpha-beta prunes
  // No move order proves the value with fewer nodes than the minimal tree;
  // a table can, as it searches a position reached twice once.
  for (std::size_t i = 0; i + 1 < counts.size(); ++i)
    if (counts[i].name != "+ table" && counts[i].name != "+ deepening") {
      EXPECT_GE(*counts[i].nodes, *counts.back().nodes) << counts[i].name;
    }
}

TEST(Lab, ReplaysAtItsSpeedAndStopsAtTheEnd) {
  ScriptedEngine engine;
  Lab lab(engine);
  lab.run({"tictactoe", "position startpos", {}}, {1, true, false, false, false, 100});
  const std::uint64_t main_tree = engine.last_request - 5;  // five comparison runs after it
  EXPECT_EQ(engine.sent[main_tree - 1],
            "tree depth 1 algorithm minimax ordering off table off limit 100");
  engine.reply(main_tree,
               "node 0 parent - ply 0 move - side max alpha -inf beta inf value cp 1 bound exact "
               "kind expanded children 1 pv");
  engine.reply(main_tree,
               "node 1 parent 0 ply 1 move b2 side min alpha -inf beta inf value cp 1 bound "
               "exact kind leaf children 0 pv");
  engine.reply(main_tree, "tree nodes 2 value cp 1");
  lab.update(0);
  ASSERT_EQ(lab.events().size(), 4u);
  lab.set_step(0);
  lab.speed = 2;
  lab.play(true);
  lab.update(1.0f);  // two events a second
  EXPECT_EQ(lab.step(), 2u);
  EXPECT_TRUE(lab.entered(1));
  EXPECT_FALSE(lab.done(1));
  lab.update(5.0f);
  EXPECT_EQ(lab.step(), 4u);
  EXPECT_FALSE(lab.playing());
  EXPECT_TRUE(lab.done(0));
}

}  // namespace
}  // namespace arcade::app

namespace arcade::app {
namespace {

// A tree cut at the node limit: nodes whose children were not all kept get
// a stub, and every kept node is placed.
TEST(LabLayout, PlacesATreeCutAtTheNodeLimit) {
  const LabTree tree = read_tree(
      {"game tictactoe", "tree depth 9 algorithm minimax ordering off table off limit 100000"});
  ASSERT_EQ(tree.state(), LabTree::State::kComplete);
  ASSERT_EQ(tree.nodes().size(), 100000u);
  const LabLayout layout = lay_out(tree.nodes(), std::vector<bool>(100000, false));
  EXPECT_TRUE(std::all_of(layout.visible.begin(), layout.visible.end(), [](bool v) { return v; }));
  EXPECT_GE(layout.stub_x[0], 0);  // the root's later moves were not kept
}

}  // namespace
}  // namespace arcade::app
