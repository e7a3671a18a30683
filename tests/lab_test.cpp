// The minimax lab's model: trees read from the real protocol's `tree` lines,
// laid out, replayed with sentences, and the node-count chart against
// independent counts (the game tree counted by brute force, the minimal tree
// of a two-ply tree worked out by hand).

#include "app/lab/lab.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <set>
#include <thread>

#include "app/board/board_scene.h"
#include "app/engine_link/engine_client.h"
#include "app/lab/lab_text.h"
#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"
#include "games/tictactoe/tictactoe.h"
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

// The cells whose piece differs between two positions of the same game:
// what a move changed, read from the positions alone.
std::vector<Cell> changed_cells(const GameView& before, const GameView& after) {
  std::vector<Cell> cells;
  const Grid grid = before.board().grid;
  for (int row = 0; row < grid.rows; ++row)
    for (int col = 0; col < grid.cols; ++col)
      if (before.piece_at({col, row}) != after.piece_at({col, row})) cells.push_back({col, row});
  return cells;
}

// Every node's small board of a Reversi tree three plies deep marks exactly
// the cells the move into it changed (the disc placed and the discs it
// turned), as the positions before and after that move say.
TEST(LabTree, EachNodesBoardMarksTheCellsItsMoveChanged) {
  const LabTree tree = read_tree({"game reversi", "position startpos moves f5",
                                  "tree depth 3 algorithm minimax ordering off table off"});
  ASSERT_EQ(tree.state(), LabTree::State::kComplete) << tree.error();
  std::unique_ptr<GameView> root = make_game_view("reversi");
  ASSERT_TRUE(root);
  ASSERT_TRUE(root->move_from_text("f5"));
  root->play(*root->move_from_text("f5"));
  std::size_t turned_more_than_one = 0;
  for (std::size_t i = 1; i < tree.nodes().size(); ++i) {
    const std::vector<std::string> line = tree.line_to(static_cast<int>(i));
    ASSERT_EQ(line.size(), static_cast<std::size_t>(tree.nodes()[i].ply));
    std::unique_ptr<GameView> before = root->clone();
    for (std::size_t m = 0; m + 1 < line.size(); ++m)
      before->play(*before->move_from_text(line[m]));
    std::unique_ptr<GameView> after = before->clone();
    after->play(*after->move_from_text(line.back()));
    const std::optional<BoardScene> scene = scene_after_line(*root, line);
    ASSERT_TRUE(scene);
    std::vector<Cell> marked;
    for (int row = 0; row < scene->rows; ++row)
      for (int col = 0; col < scene->cols; ++col)
        if ((scene->marks[scene->index({col, row})] & kLastMove) ||
            scene->turned[scene->index({col, row})])
          marked.push_back({col, row});
    const std::vector<Cell> changed = changed_cells(*before, *after);
    EXPECT_EQ(marked, changed) << "node " << i;
    turned_more_than_one += changed.size() > 2;
  }
  EXPECT_GT(tree.nodes().size(), 20u);
  EXPECT_GT(turned_more_than_one, 0u) << "some move turns two discs or more";
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
  const LabWords words{"X", "O", 2, {}};
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
  lab.run({"tictactoe", {"startpos", {"b2"}}, {}}, {4, true, false, false, false, 500});
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
  lab.run({"tictactoe", {}, {}}, {1, true, false, false, false, 100});
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

namespace arcade::app {
namespace {

// Negamax over Tic-tac-toe by brute force: +1 the side to move wins, 0 a draw.
int brute_value(const TicTacToe::Position& p) {
  switch (TicTacToe::outcome(p)) {
    case Outcome::kDrawn:
      return 0;
    case Outcome::kLost:
      return -1;
    case Outcome::kWon:
      return 1;
    default:
      break;
  }
  MoveList<TicTacToe::kMaxMoves> moves;
  TicTacToe::generate_moves(p, moves);
  int best = -2;
  for (Move m : moves) best = std::max(best, -brute_value(TicTacToe::play(p, m)));
  return best;
}

// The sentences say values in words: "a draw", not "draw"; one child is
// "only move", not "1 children".
TEST(LabReplay, SaysValuesInWordsAndOneChildAsOne) {
  const LabTree tree =
      read_tree({"game tictactoe", "tree depth 9 algorithm alphabeta ordering on table off"});
  ASSERT_EQ(tree.state(), LabTree::State::kComplete) << tree.error();
  Parsed<TicTacToe::Position> start = TicTacToe::from_text(".../.../...");
  ASSERT_TRUE(start);
  ASSERT_EQ(brute_value(*start), 0);                                // Tic-tac-toe is a draw ...
  ASSERT_EQ(tree.nodes()[0].value.kind, EngineScore::Kind::kDraw);  // ... and the tree says so
  const LabWords words{"X", "O", 9, {}};
  const std::string done = event_sentence(tree.nodes(), {0, false}, words);
  EXPECT_NE(done.find("the root is worth a draw"), std::string::npos) << done;
  // One wording across the app: the winner's own moves (5 plies, 3 moves).
  EXPECT_EQ(value_words(EngineScore{EngineScore::Kind::kWin, 5}), "a win in 3 moves");
  EXPECT_EQ(value_words(EngineScore{EngineScore::Kind::kLoss, 1}), "a loss in 1 move");
  EXPECT_EQ(value_words(EngineScore{EngineScore::Kind::kWin, 0}), "a win (the game is over)");
  // A node with one move: a hand-made tree of one expanded node and its leaf.
  LabTree one;
  ASSERT_TRUE(one.take(
      "node 0 parent - ply 0 move - side max alpha -inf beta inf value cp 2 bound exact kind "
      "expanded children 1 pv"));
  ASSERT_TRUE(one.take(
      "node 1 parent 0 ply 1 move a1 side min alpha -inf beta inf value cp 2 bound exact kind "
      "expanded children 1 pv"));
  ASSERT_TRUE(one.take(
      "node 2 parent 1 ply 2 move b1 side max alpha -inf beta inf value cp 2 bound exact kind "
      "leaf children 0 pv"));
  const std::string only = event_sentence(one.nodes(), {1, false}, words);
  EXPECT_NE(only.find("O's only move searched"), std::string::npos) << only;
  EXPECT_EQ(only.find("1 of"), std::string::npos) << only;
}

// The chart's bars are to scale: 950 nodes against 549,946 (the issue's
// figures) is 950/549,946 of the bar, not about half of it as a log scale drew.
TEST(LabChart, BarsAreLinear) {
  std::vector<LabCount> counts(3);
  counts[0].nodes = 549'946;
  counts[1].nodes = 950;
  const std::vector<float> shares = chart_shares(counts);
  ASSERT_EQ(shares.size(), 3u);
  EXPECT_FLOAT_EQ(shares[0], 1.0f);
  EXPECT_NEAR(shares[1], 950.0 / 549'946.0, 1e-7);
  EXPECT_EQ(shares[2], 0.0f);  // no figure yet: no bar
}

// A tree is stale once the board's position or the weights are no longer
// those it was searched with; run again, it is fresh.
TEST(Lab, IsStaleAfterAMoveOrAWeightChange) {
  ScriptedEngine engine;
  Lab lab(engine);
  const LabPosition searched{"tictactoe", {}, EngineWeights{}};
  EXPECT_EQ(lab.stale_reason(searched), "");  // nothing run: nothing stale
  lab.run(searched, {});
  EXPECT_EQ(lab.stale_reason(searched), "");
  LabPosition moved = searched;
  moved.position.moves = {"b2"};
  EXPECT_NE(lab.stale_reason(moved).find("another position"), std::string::npos);
  LabPosition weighed = searched;
  weighed.weights->terms.emplace_back("Centre", 9);
  EXPECT_NE(lab.stale_reason(weighed).find("other weights"), std::string::npos);
  EXPECT_NE(lab.stale_reason({"connect4", {}, searched.weights}).find("game"), std::string::npos);
  lab.run(moved, {});
  EXPECT_EQ(lab.stale_reason(moved), "");
}

// Weights change nothing where every term is 0: the empty board says so;
// a position with something to count does not.
TEST(Lab, WeightsNoteOnlyWhereEveryTermIsZero) {
  const std::unique_ptr<GameView> board = make_game_view("connect4");
  ASSERT_TRUE(board);
  const std::vector<Score> weights = *board->preset_weights("default");
  const std::vector<Score> empty = board->term_values(weights);
  ASSERT_TRUE(std::all_of(empty.begin(), empty.end(), [](Score v) { return v == 0; }));
  EXPECT_NE(weights_note(empty).find("until moves are played"), std::string::npos);
  for (const char* move : {"4", "4", "5", "3"}) board->play(*board->move_from_text(move));
  const std::vector<Score> played = board->term_values(weights);
  ASSERT_TRUE(std::any_of(played.begin(), played.end(), [](Score v) { return v != 0; }));
  EXPECT_EQ(weights_note(played), "");
}

// --- Trees of more than two agents (Pac-Man and its ghosts), from hand-written
// lines in the protocol's form (docs/protocol.md): values in points with up
// to two decimals, `side chance`, `agent k`, `prob p`.

// Pac-Man (agent 0, MAX) moves E; ghost 1 (agent 1) then moves at random,
// each of its 3 moves with probability 1/3; the leaves' points -2, 8, 8.
const char* const kChanceTree[] = {
    "node 0 parent - ply 0 move - side max alpha -inf beta inf value cp 4.67 bound exact kind "
    "expanded children 1 agent 0 pv",
    "node 1 parent 0 ply 1 move E side chance alpha -inf beta inf value cp 4.67 bound exact "
    "kind expanded children 3 agent 1 pv",
    "node 2 parent 1 ply 2 move N side max alpha -inf beta inf value cp -2 bound exact kind "
    "leaf children 0 agent 0 prob 0.3333",
    "node 3 parent 1 ply 2 move E side max alpha -inf beta inf value cp 8 bound exact kind "
    "leaf children 0 agent 0 prob 0.3333",
    "node 4 parent 1 ply 2 move S side max alpha -inf beta inf value cp 8 bound exact kind "
    "leaf children 0 agent 0 prob 0.3333",
    "tree nodes 5 value cp 4.67",
};

LabTree tree_of(std::initializer_list<const char*> lines) {
  LabTree tree;
  for (const char* line : lines) tree.take(std::string(line));
  return tree;
}

// The names as Pac-Man's description gives them (the team "Ghosts").
const LabWords kPacManWords{"Pac-Man", "Ghosts", 1, {"Pac-Man", "ghost 1", "ghost 2"}};

TEST(LabAgents, ReadsChanceNodesAgentsProbabilitiesAndValuesInPoints) {
  LabTree tree;
  for (const char* line : kChanceTree) tree.take(std::string(line));
  ASSERT_EQ(tree.state(), LabTree::State::kComplete) << tree.error();
  ASSERT_TRUE(tree.in_points());
  const std::vector<LabNode>& n = tree.nodes();
  ASSERT_EQ(n.size(), 5u);
  EXPECT_TRUE(n[0].max_to_move);
  EXPECT_FALSE(n[0].chance);
  EXPECT_EQ(n[0].agent, 0);
  EXPECT_TRUE(n[1].chance);
  EXPECT_FALSE(n[1].max_to_move);
  EXPECT_EQ(n[1].agent, 1);
  EXPECT_EQ(n[1].value, (EngineScore{EngineScore::Kind::kHeuristic, 467}));  // hundredths
  EXPECT_EQ(n[2].value.value, -200);
  EXPECT_NEAR(n[3].probability, 0.3333, 1e-9);
  EXPECT_EQ(n[0].probability, 0);  // the root is no chance node's child
  EXPECT_EQ(*tree.value(), (EngineScore{EngineScore::Kind::kHeuristic, 467}));
  EXPECT_EQ(lab_value_text(n[1].value, true), "+4.67");
  EXPECT_EQ(lab_value_text(n[2].value, true), "-2");
  // A mean of half a point, and a window in points.
  const auto line = std::get<TreeNodeLine>(parse_reply(
      "node 7 parent 6 ply 3 move W side min alpha cp -252.5 beta cp 9 value cp -0.5 bound "
      "exact kind expanded children 4 agent 2 pruned 1 N"));
  EXPECT_EQ(line.alpha, (EngineScore{EngineScore::Kind::kHeuristic, -25250}));
  EXPECT_EQ(line.beta, (EngineScore{EngineScore::Kind::kHeuristic, 900}));
  EXPECT_EQ(line.value.value, -50);
  EXPECT_EQ(line.pruned, std::vector<std::string>{"N"});
  EXPECT_EQ(window_text(line.alpha, line.beta, true), "[-252.5, +9]");
  EXPECT_EQ(std::get<TreeEnd>(parse_reply("tree nodes 9 value cp -252.5")).hundredths, -25250);
}

TEST(LabAgents, RefusesMalformedAgentLinesWithAClearError) {
  const char* const bad[] = {
      // a chance node that names no agent
      "node 1 parent 0 ply 1 move E side chance alpha -inf beta inf value cp 4 bound exact kind "
      "expanded children 3",
      // three decimals
      "node 1 parent 0 ply 1 move E side min alpha -inf beta inf value cp 4.675 bound exact "
      "kind expanded children 3 agent 1",
      // a probability over 1
      "node 2 parent 1 ply 2 move N side max alpha -inf beta inf value cp 2 bound exact kind "
      "leaf children 0 agent 0 prob 1.5",
      // a negative agent
      "node 2 parent 1 ply 2 move N side max alpha -inf beta inf value cp 2 bound exact kind "
      "leaf children 0 agent -1",
      // an unknown side
      "node 1 parent 0 ply 1 move E side luck alpha -inf beta inf value cp 4 bound exact kind "
      "expanded children 3 agent 1",
      // decimals in a two-player game's line (no agent: heuristic units)
      "node 1 parent 0 ply 1 move E side min alpha -inf beta inf value cp 4.5 bound exact kind "
      "expanded children 3",
  };
  for (const char* line : bad) {
    const EngineReplyData reply = parse_reply(line);
    ASSERT_TRUE(std::holds_alternative<EngineError>(reply)) << line;
    EXPECT_EQ(std::get<EngineError>(reply).message, "a malformed reply: " + std::string(line));
    EXPECT_TRUE(std::get<EngineError>(reply).malformed);
    LabTree tree(true);
    EXPECT_FALSE(tree.take(std::string(line)));
    EXPECT_EQ(tree.state(), LabTree::State::kFailed) << line;
    EXPECT_NE(tree.error().find("malformed"), std::string::npos);
    EXPECT_TRUE(tree.nodes().empty());  // nothing kept from it
  }
}

TEST(LabAgents, ProbabilitiesAreFractionsWhereTheirDecimalsWouldNotEnd) {
  EXPECT_EQ(probability_text(0.3333), "1/3");
  EXPECT_EQ(probability_text(0.6667), "2/3");
  EXPECT_EQ(probability_text(0.1667), "1/6");
  EXPECT_EQ(probability_text(0.1429), "1/7");
  EXPECT_EQ(probability_text(0.25), "0.25");
  EXPECT_EQ(probability_text(0.5), "0.5");
  EXPECT_EQ(probability_text(0.8), "0.8");
  EXPECT_EQ(probability_text(1), "1");
  EXPECT_EQ(probability_text(0.1234), "0.1234");
  EXPECT_EQ(points_text(467), "4.67");
  EXPECT_EQ(points_text(-25250), "-252.5");
  EXPECT_EQ(points_text(900, true), "+9");
  EXPECT_EQ(points_text(0, true), "0");
  EXPECT_EQ(points_text(-5), "-0.05");
}

// The chance node's sentence: its children's real values and their mean,
// (-2 + 8 + 8) / 3 = 4.666... = 4.67 to the hundredth.
TEST(LabAgents, SaysAChanceNodeIsTheMeanOfItsChildren) {
  LabTree tree;
  for (const char* line : kChanceTree) tree.take(std::string(line));
  const std::string sentence = event_sentence(tree.nodes(), {1, false}, kPacManWords);
  EXPECT_NE(sentence.find("each of ghost 1's 3 moves has probability 1/3, so the value is the "
                          "mean: (-2 + 8 + 8) / 3 = 4.67."),
            std::string::npos)
      << sentence;
  const std::string entered = event_sentence(tree.nodes(), {2, true}, kPacManWords);
  EXPECT_NE(entered.find("ghost 1 plays N (probability 1/3)"), std::string::npos) << entered;
  const std::string root = event_sentence(tree.nodes(), {0, true}, kPacManWords);
  EXPECT_NE(root.find("Pac-Man to move, 1 rounds deep"), std::string::npos) << root;
}

// Unequal probabilities: the weighted sum, 0.5 * 8 + 0.25 * -2 + 0.25 * 4 = 4.5.
TEST(LabAgents, SaysAnUnevenChanceNodeIsTheWeightedSum) {
  const LabTree tree = tree_of({
      "node 0 parent - ply 0 move - side chance alpha -inf beta inf value cp 4.5 bound exact "
      "kind expanded children 3 agent 1",
      "node 1 parent 0 ply 1 move N side max alpha -inf beta inf value cp 8 bound exact kind "
      "leaf children 0 agent 0 prob 0.5",
      "node 2 parent 0 ply 1 move E side max alpha -inf beta inf value cp -2 bound exact kind "
      "leaf children 0 agent 0 prob 0.25",
      "node 3 parent 0 ply 1 move S side max alpha -inf beta inf value cp 4 bound exact kind "
      "leaf children 0 agent 0 prob 0.25",
      "tree nodes 4 value cp 4.5",
  });
  ASSERT_EQ(tree.state(), LabTree::State::kComplete) << tree.error();
  const std::string at_root = event_sentence(tree.nodes(), {0, false}, kPacManWords);
  EXPECT_NE(at_root.find("probabilities 0.5, 0.25, 0.25, so the value is the weighted sum: "
                         "0.5 x 8 + 0.25 x (-2) + 0.25 x 4 = 4.5"),
            std::string::npos)
      << at_root;
}

// Two ghosts as MIN: ghost 1's node takes the lowest of ghost 2's, each the
// lowest of its own leaves: min(8, -2) = -2, then ghost 2 alone.
TEST(LabAgents, SaysTheGhostsTogetherPickTheLowestValue) {
  const LabTree tree = tree_of({
      "node 0 parent - ply 0 move - side max alpha -inf beta inf value cp -2 bound exact kind "
      "expanded children 1 agent 0 pv",
      "node 1 parent 0 ply 1 move E side min alpha -inf beta inf value cp -2 bound exact kind "
      "expanded children 2 agent 1 pv",
      "node 2 parent 1 ply 2 move N side min alpha -inf beta inf value cp 8 bound exact kind "
      "expanded children 2 agent 2",
      "node 3 parent 2 ply 3 move N side max alpha -inf beta inf value cp 9 bound exact kind "
      "leaf children 0 agent 0",
      "node 4 parent 2 ply 3 move S side max alpha -inf beta inf value cp 8 bound exact kind "
      "leaf children 0 agent 0",
      "node 5 parent 1 ply 2 move S side min alpha -inf beta inf value cp -2 bound exact kind "
      "leaf children 0 agent 2 pv",
      "tree nodes 6 value cp -2",
  });
  ASSERT_EQ(tree.state(), LabTree::State::kComplete) << tree.error();
  const std::string first = event_sentence(tree.nodes(), {1, false}, kPacManWords);
  EXPECT_NE(first.find("the ghosts move in turn, ghost 1 then ghost 2, and together pick the "
                       "lowest value for Pac-Man: min(8, -2) = -2."),
            std::string::npos)
      << first;
  const std::string second = event_sentence(tree.nodes(), {2, false}, kPacManWords);
  EXPECT_NE(second.find("ghost 2 picks the lowest value for Pac-Man: min(9, 8) = 8."),
            std::string::npos)
      << second;
  const std::string max = event_sentence(tree.nodes(), {0, false}, kPacManWords);
  EXPECT_NE(max.find("the root is worth -2"), std::string::npos) << max;
  EXPECT_EQ(minimal_nodes(tree), std::nullopt);  // Knuth and Moore's proof is of two sides
}

// A two-player tree reads as before: no agent, whole values, no points.
TEST(LabAgents, TwoPlayerTreesAreUnchanged) {
  LabTree tree;
  for (const std::string& line : protocol_lines(
           {"game tictactoe", "tree depth 2 algorithm alphabeta ordering off table off"}))
    if (!tree.take(line)) break;
  ASSERT_EQ(tree.state(), LabTree::State::kComplete);
  EXPECT_FALSE(tree.in_points());
  for (const LabNode& n : tree.nodes()) {
    EXPECT_EQ(n.agent, -1);
    EXPECT_FALSE(n.chance);
  }
  TreeParams params;
  params.expectimax = true;
  EXPECT_NE(command_line(tree_command(params)).find("algorithm expectimax"), std::string::npos);
  params.expectimax = false;
  params.minimax = true;
  EXPECT_NE(command_line(tree_command(params)).find("algorithm minimax"), std::string::npos);
}

// In a game of agents the chart is minimax, alpha-beta, + ordering and
// expectimax, with no table or minimal tree; the main tree asks for
// expectimax.
TEST(LabAgents, ChartsMinimaxAlphaBetaAndExpectimax) {
  ScriptedEngine engine;
  Lab lab(engine);
  LabSettings settings;
  settings.depth = 2;
  settings.expectimax = true;
  settings.ordering = false;
  lab.run({"pacman", {}, {}, true}, settings);
  ASSERT_EQ(lab.counts().size(), 4u);
  EXPECT_EQ(lab.counts()[0].name, "minimax");
  EXPECT_EQ(lab.counts()[1].name, "alpha-beta");
  EXPECT_EQ(lab.counts()[2].name, "+ ordering");
  EXPECT_EQ(lab.counts()[3].name, "expectimax");
  const std::uint64_t main_tree = engine.last_request - 4;
  EXPECT_EQ(engine.sent[main_tree - 1],
            "tree depth 2 algorithm expectimax ordering off table off limit 20000");
  engine.reply(engine.last_request, "tree nodes 5 value cp 4.67");
  lab.update(0);
  ASSERT_TRUE(lab.counts()[3].nodes);
  EXPECT_EQ(*lab.counts()[3].nodes, 5u);
  EXPECT_EQ(lab_value_text(*lab.counts()[3].value, lab.counts()[3].in_points), "+4.67");
}

// A long run shows progress (issue 33: a 228 s run said "0 nodes so far"
// throughout): the engine's `tree` says its nodes so far every 65,536, and
// the lab keeps the count while the tree is searched.
TEST(LabProgress, TheEngineCountsALongTreeAndTheLabShowsIt) {
  std::vector<std::uint64_t> counts;
  bool nodes_after = false;
  for (const std::string& line : protocol_lines(
           {"game connect4", "tree depth 7 algorithm minimax ordering off table off limit 0"})) {
    if (line.starts_with("info nodes ")) {
      counts.push_back(std::stoull(line.substr(11)));
      EXPECT_NE(line.find(" time "), std::string::npos) << line;
      EXPECT_FALSE(nodes_after) << "progress comes while it searches";
    }
    if (line.starts_with("tree nodes ")) {
      nodes_after = true;
      // 7 + 7^2 + ... + 7^7 below the root, and the root.
      const std::uint64_t all = std::stoull(line.substr(11));
      EXPECT_EQ(counts.size(), all / kTreeProgressNodes);
    }
  }
  ASSERT_GE(counts.size(), 10u);
  for (std::size_t i = 0; i < counts.size(); ++i)
    EXPECT_EQ(counts[i], (i + 1) * kTreeProgressNodes);
  ScriptedEngine engine;
  Lab lab(engine);
  LabSettings settings;
  settings.depth = 7;
  lab.run({"connect4", {}, {}}, settings);
  const std::uint64_t main_tree = engine.last_request - 5;  // before the chart's five
  engine.reply(main_tree, "info nodes 131072 time 900");
  lab.update(0.5f);
  EXPECT_TRUE(lab.tree_searching());
  EXPECT_EQ(lab.progress_nodes(), 131072u);
  EXPECT_GT(lab.searching_seconds(), 0.4f);
}

// Stop keeps the part of the tree searched (issue 33): the lab waits for the
// engine's answer to the stop, its nodes so far, draws them, and says which
// were never finished; the comparison runs are dropped.
TEST(LabProgress, StopKeepsThePartSearchedAndSaysWhatWasNeverFinished) {
  ScriptedEngine engine;
  Lab lab(engine);
  LabSettings settings;
  settings.depth = 7;
  lab.run({"connect4", {}, {}}, settings);
  const std::uint64_t main_tree = engine.last_request - 5;  // before the chart's five
  lab.stop();
  EXPECT_EQ(engine.stops, 1);
  EXPECT_TRUE(lab.running()) << "the main tree's answer to the stop is awaited";
  for (const char* line :
       {"node 0 parent - ply 0 move - side max alpha -inf beta inf value - bound exact kind "
        "stopped children 2",
        "node 1 parent 0 ply 1 move 4 side min alpha -inf beta inf value cp 2 bound exact kind "
        "leaf children 0",
        "node 2 parent 0 ply 1 move 3 side min alpha -inf beta inf value - bound exact kind "
        "stopped children 0",
        "tree stopped nodes 70000"})
    engine.reply(main_tree, line);
  lab.update(0.1f);
  EXPECT_FALSE(lab.running());
  ASSERT_TRUE(lab.tree_ready());
  EXPECT_EQ(lab.tree().state(), LabTree::State::kStopped);
  ASSERT_EQ(lab.tree().nodes().size(), 3u);
  EXPECT_EQ(lab.tree().searched(), 70000u);
  EXPECT_FALSE(lab.tree().value().has_value());
  LabWords words;
  words.max_side = "Red";
  words.min_side = "Yellow";
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  const std::string root = event_sentence(nodes, {0, false}, words);
  EXPECT_NE(root.find("its value was never found"), std::string::npos) << root;
  const std::string leaf = event_sentence(nodes, {1, false}, words);
  EXPECT_NE(leaf.find("scores this position +2"), std::string::npos) << leaf;
  // A line of kind stopped must say `value -`, and only it.
  EXPECT_TRUE(std::holds_alternative<EngineError>(
      parse_reply("node 0 parent - ply 0 move - side max alpha -inf beta inf value - bound exact "
                  "kind leaf children 0")));
  EXPECT_TRUE(std::holds_alternative<EngineError>(
      parse_reply("node 0 parent - ply 0 move - side max alpha -inf beta inf value cp 1 bound "
                  "exact kind stopped children 0")));
}

// An expectimax tree's principal line runs from the root to the first
// chance node and stops there (issue 33): a ghost chooses no move, so no
// child of a chance node is on it, though the engine's lines mark the
// likeliest one.
TEST(LabAgents, ThePrincipalLineStopsAtTheFirstChanceNode) {
  LabTree tree(true);
  bool engine_went_on = false;
  for (const std::string& line :
       protocol_lines({"game pacman", "setoption name Opponents value chaser",
                       "position maze %%%%%%%%%/%.....__%/%G%%%%%%%/%___P_G_%/%%%%%%%%%",
                       "tree depth 2 algorithm expectimax ordering off"})) {
    if (line.starts_with("node ") && line.ends_with(" pv") &&
        line.find(" prob ") != std::string::npos)
      engine_went_on = true;
    if (!tree.take(line)) break;
  }
  ASSERT_EQ(tree.state(), LabTree::State::kComplete);
  ASSERT_TRUE(engine_went_on) << "the engine's line goes on past a chance node";
  const std::vector<LabNode>& nodes = tree.nodes();
  ASSERT_TRUE(nodes[0].on_pv);
  int on_line = 0;
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    const LabNode& parent = nodes[static_cast<std::size_t>(nodes[i].parent)];
    if (nodes[i].on_pv) {
      ++on_line;
      EXPECT_TRUE(parent.on_pv) << i;
      EXPECT_FALSE(parent.chance) << i;
    }
  }
  // The root's best move, a chance node: the whole line.
  EXPECT_EQ(on_line, 1);
}

// The lab searches with the ghosts' model in play (issue 33), every tree of
// the run (the main one and the chart's), unless the learner chose another;
// a tree of the model in play goes stale when the ghosts' level changes it.
// The line under the root's value names the weights and the model.
TEST(LabAgents, SearchesWithTheGhostsInPlayUnlessTheLearnerChoosesAnother) {
  const LabWords words{"Pac-Man", "Ghosts", 2, {"Pac-Man", "ghost 1"}, "chaser"};
  for (const std::string& chosen : {std::string(), std::string("random")}) {
    ScriptedEngine engine;
    Lab lab(engine);
    LabSettings settings;
    settings.depth = 2;
    settings.expectimax = true;
    settings.opponents = chosen;
    const LabPosition in_play{"pacman", {}, EngineWeights{"score", {}}, true, "chaser"};
    lab.run(in_play, settings);
    const std::string model = chosen.empty() ? "chaser" : chosen;
    int trees = 0;
    for (std::size_t i = 0; i < engine.sent.size(); ++i) {
      if (!engine.sent[i].starts_with("tree ")) continue;
      ++trees;
      ASSERT_GT(i, 0u);
      EXPECT_EQ(engine.sent[i - 1], "setoption name Opponents value " + model) << engine.sent[i];
    }
    EXPECT_EQ(trees, 5);  // the main tree and the chart's four
    EXPECT_EQ(lab.settings().opponents, model);
    LabPosition now = in_play;
    now.opponents = "random";  // the ghosts' level changed
    EXPECT_EQ(lab.stale_reason(now).empty(), !chosen.empty()) << lab.stale_reason(now);
    EXPECT_EQ(evaluation_words(lab.position(), lab.settings(), words),
              "Leaves valued with the weights 'score'; the Ghosts' moves " +
                  (chosen.empty() ? std::string("weighted by the chaser model.")
                                  : std::string("all alike.")));
  }
  LabSettings minimax;
  minimax.minimax = true;
  EXPECT_EQ(
      evaluation_words({"pacman", {}, EngineWeights{"default", {{"FoodLeft", -9}}}, true, "chaser"},
                       minimax, words),
      "Leaves valued with the weights 'default' with 1 term changed; the Ghosts at their "
      "worst (MIN nodes).");
  EXPECT_EQ(evaluation_words({"tictactoe", {}, {}, false, {}}, {}, words),
            "Leaves valued with the engine's own weights.");
}

// Where every visible node of `layout` is drawn by `camera`: its extent.
struct Extent {
  float left = 1e30f, right = -1e30f, top = 1e30f, bottom = -1e30f;
};
Extent extent(const LabCamera& camera, const std::vector<LabNode>& nodes, const LabLayout& layout) {
  Extent e;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i]) continue;
    e.left = std::min(e.left, camera.x(layout.x[i]));
    e.right = std::max(e.right, camera.x(layout.x[i]));
    e.top = std::min(e.top, camera.y(nodes[i].ply));
    e.bottom = std::max(e.bottom, camera.y(nodes[i].ply));
  }
  return e;
}

// Fit shows the whole tree in the whole area: 100,000 nodes too (the old
// least zoom left the root off the screen), and a shallow tree's plies
// spread down the area (they used its top 25-40%).
TEST(LabCamera, FitsTheWholeTreeInTheWholeArea) {
  for (const char* command : {"tree depth 9 algorithm minimax ordering off table off limit 100000",
                              "tree depth 2 algorithm alphabeta ordering off table off"}) {
    const LabTree tree = read_tree({"game tictactoe", command});
    ASSERT_EQ(tree.state(), LabTree::State::kComplete);
    const LabLayout layout = lay_out(tree.nodes(), std::vector<bool>(tree.nodes().size(), false));
    for (const auto& [w, h] : {std::pair{900.0f, 640.0f}, std::pair{390.0f, 300.0f}}) {
      const LabCamera camera = fit_camera(layout, w, h);
      const Extent e = extent(camera, tree.nodes(), layout);
      EXPECT_GE(e.left, 0) << command << " " << w;
      EXPECT_LE(e.right, w) << command << " " << w;
      EXPECT_GE(e.top, kLabTopMargin - 1) << command;
      EXPECT_LE(e.bottom + camera.row * 0.5f, h) << command << " " << h;  // the deepest's board
      EXPECT_GE(e.right - e.left, 0.9f * w - camera.zoom) << command << " " << w;
      EXPECT_GE(e.bottom, 0.6f * h) << command << " " << h << ": the plies use the height";
    }
  }
}

// Zooming about a node keeps that node where it was, however often; six
// zooms in about the chosen node still show it.
TEST(LabCamera, ZoomKeepsTheAnchorInPlace) {
  const LabTree tree =
      read_tree({"game tictactoe", "tree depth 3 algorithm alphabeta ordering off table off"});
  const LabLayout layout = lay_out(tree.nodes(), std::vector<bool>(tree.nodes().size(), false));
  LabCamera camera = fit_camera(layout, 900, 640);
  const std::size_t chosen = tree.nodes().size() * 3 / 4;  // right of the middle
  const float x = camera.x(layout.x[chosen]), y = camera.y(tree.nodes()[chosen].ply);
  for (int i = 0; i < 6; ++i) {
    zoom_camera(camera, 1.5f, x, y);
    EXPECT_NEAR(camera.x(layout.x[chosen]), x, 0.01f * camera.zoom);
    EXPECT_NEAR(camera.y(tree.nodes()[chosen].ply), y, 0.5f);
  }
  EXPECT_GT(camera.zoom, 5.0f * fit_camera(layout, 900, 640).zoom);
  for (int i = 0; i < 6; ++i) zoom_camera(camera, 1 / 1.5f, x, y);
  EXPECT_NEAR(camera.x(layout.x[chosen]), x, 0.5f);
}

// The replay's current node is shown as a board with its value (the board
// zoom at least), inside the area, wherever it is in a large tree.
TEST(LabCamera, FollowShowsTheCurrentNodeAsABoard) {
  const LabTree tree = read_tree(
      {"game tictactoe", "tree depth 9 algorithm minimax ordering off table off limit 100000"});
  const LabLayout layout = lay_out(tree.nodes(), std::vector<bool>(tree.nodes().size(), false));
  LabCamera camera = fit_camera(layout, 900, 640);
  for (std::size_t node :
       {std::size_t{0}, std::size_t{5}, std::size_t{50'000}, std::size_t{99'999}}) {
    follow_node(camera, layout.x[node], tree.nodes()[node].ply, 900, 640);
    EXPECT_GE(camera.zoom, kLabBoardZoom);
    const float x = camera.x(layout.x[node]), y = camera.y(tree.nodes()[node].ply);
    EXPECT_GT(x, 0) << node;
    EXPECT_LT(x, 900) << node;
    EXPECT_GT(y, 0) << node;
    EXPECT_LT(y + camera.row * 0.5f, 640) << node << ": its board shows";
  }
}

}  // namespace
}  // namespace arcade::app
