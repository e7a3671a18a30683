// The search of games of more than two minds (engine/agent_search.h): the
// hand-made trees of agent_tree_game.h give the values and node counts worked
// out below by hand; the tree recorder and the protocol show them.

#include "engine/agent_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <iostream>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "agent_tree_game.h"
#include "engine/agent_session.h"
#include "engine/agent_tree.h"
#include "engine/protocol.h"
#include "games/pacman/pacman.h"
#include "games/registry.h"
#include "test_util.h"
#include "textbook_game.h"

namespace arcade::testing {
namespace {

using Tree = AgentTreeGame;

SearchInfo search_tree(std::string_view root, Algorithm algorithm,
                       Opponents chance_model = Opponents::kRandom, int depth = 1) {
  std::atomic<bool> stop{false};
  AgentSearchOptions options{algorithm, chance_model, false, false, true};
  return AgentSearcher<Tree>().search(*Tree::from_text(root), {depth, 0, 0}, options, stop);
}

TreeReport record_tree(std::string_view root, Algorithm algorithm) {
  std::atomic<bool> stop{false};
  AgentTreeRecorder<Tree> recorder(1000);
  AgentSearcher<Tree, AgentTreeRecorder<Tree>> searcher(default_weights<Tree>(), recorder);
  const Tree::Position p = *Tree::from_text(root);
  const SearchInfo info =
      searcher.search(p, {1, 0, 0}, {algorithm, Opponents::kRandom, false, false, false}, stop);
  return recorder.finish(p, info);
}

const TreeNode* node_named(const TreeReport& report, std::string_view move) {
  for (const TreeNode& n : report.nodes)
    if (n.move == move) return &n;
  return nullptr;
}

// Tree 1, minimax, by hand: D = min(3, 12) = 3, E = min(8, 2) = 2,
// B = min(3, 2) = 2; F = min(1, 4) = 1, G = min(14, 5) = 5, C = min(1, 5) = 1;
// A = max(2, 1) = 2 points, 200 hundredths. Nodes below the root: 2 + 4 + 8.
TEST(AgentSearch, MaxMinMinTreeByMinimax) {
  const SearchInfo info = search_tree("A", Algorithm::kMinimax);
  EXPECT_EQ(info.score, 200);
  EXPECT_EQ(info.stats.nodes, 14u);
  EXPECT_EQ(info.stats.leaf_evaluations, 8u);
  EXPECT_EQ(info.stats.beta_cutoffs, 0u);
  EXPECT_EQ(info.best, 0);  // a1, to B
  ASSERT_EQ(info.pv.size(), 3u);
  EXPECT_EQ(info.pv, (std::vector<Move>{0, 1, 1}));  // B, E, E2 (the 2)
  ASSERT_EQ(info.root_scores.size(), 2u);
  EXPECT_EQ(info.root_scores[1].score, 100);  // C
}

// Tree 1, alpha-beta (fail-soft, moves in the figure's order), by hand:
//   B: D = 3 (window open); E with window (-inf, 3) gets 8 then 2: no cut,
//      as ghost 2 cannot cut on ghost 1's bound (same team); B = 2.
//   A now has alpha 2. C with (2, inf): F with (2, inf) gets 1 <= alpha:
//      cut, F2 pruned; F = 1 <= 2, so C cuts too: G pruned. A = max(2, 1) = 2.
// Nodes searched: B D D1 D2 E E1 E2 C F F1 = 10 (of 14), cut-offs 2.
TEST(AgentSearch, MaxMinMinTreeByAlphaBeta) {
  std::atomic<bool> stop{false};
  AgentSearchOptions options{Algorithm::kAlphaBeta, Opponents::kRandom, false, false, false};
  const SearchInfo info = AgentSearcher<Tree>().search(Tree::start(), {1, 0, 0}, options, stop);
  EXPECT_EQ(info.score, 200);
  EXPECT_EQ(info.stats.nodes, 10u);
  EXPECT_EQ(info.stats.leaf_evaluations, 5u);
  EXPECT_EQ(info.stats.beta_cutoffs, 2u);

  const TreeReport tree = record_tree("A", Algorithm::kAlphaBeta);
  EXPECT_EQ(tree.nodes_searched, 11u);  // the root too
  ASSERT_EQ(tree.nodes.size(), 11u);
  const TreeNode* f = node_named(tree, "F");
  const TreeNode* c = node_named(tree, "C");
  ASSERT_TRUE(f && c);
  EXPECT_EQ(f->kind, NodeKind::kCutoff);
  EXPECT_EQ(f->pruned, (std::vector<std::string>{"F2"}));
  EXPECT_EQ(f->value, 100);
  EXPECT_EQ(f->bound, Bound::kUpper);  // worth at most 1
  EXPECT_EQ(c->pruned, (std::vector<std::string>{"G"}));
  EXPECT_FALSE(c->max_to_move);
  EXPECT_EQ(c->agent, 1);
  EXPECT_EQ(node_named(tree, "F")->agent, 2);
  EXPECT_TRUE(tree.in_points);
  EXPECT_EQ(tree.value, 200);
}

// Tree 1, expectimax (each ghost uniform), by hand: D = (3 + 12) / 2 = 7.5,
// E = (8 + 2) / 2 = 5, B = (7.5 + 5) / 2 = 6.25; F = 2.5, G = 9.5, C = 6;
// A = max(6.25, 6) = 6.25. Nothing is cut off: 14 nodes.
TEST(AgentSearch, MaxChanceChanceTreeByExpectimax) {
  const SearchInfo info = search_tree("A", Algorithm::kExpectimax);
  EXPECT_EQ(info.score, 625);
  EXPECT_EQ(info.stats.nodes, 14u);
  EXPECT_EQ(info.stats.beta_cutoffs, 0u);
  ASSERT_EQ(info.root_scores.size(), 2u);
  EXPECT_EQ(info.root_scores[1].score, 600);
}

// Tree 2, the issue's chance node: X's three moves have probability 1/3
// each, so X = (-2 + 8 + 8) / 3 = 4.666..., 467 hundredths; Y = (10 - 4) / 2
// = 3; R = 4.67. By minimax X = -2 and Y = -4: R = -2. Nodes: 2 + 5.
TEST(AgentSearch, IssueChanceNodeTakesTheMean) {
  const SearchInfo expecti = search_tree("R", Algorithm::kExpectimax);
  EXPECT_EQ(expecti.score, 467);
  EXPECT_EQ(expecti.stats.nodes, 7u);
  EXPECT_EQ(expecti.best, 0);
  ASSERT_EQ(expecti.root_scores.size(), 2u);
  EXPECT_EQ(expecti.root_scores[1].score, 300);
  // The line goes on through the most probable move (the first of equals).
  EXPECT_EQ(expecti.pv, (std::vector<Move>{0, 0}));

  EXPECT_EQ(search_tree("R", Algorithm::kMinimax).score, -200);
  EXPECT_EQ(search_tree("R", Algorithm::kAlphaBeta).score, -200);
}

// The game's own model: the first move 0.6, the others share 0.4.
// X = 0.6 * -2 + 0.2 * 8 + 0.2 * 8 = 2, Y = 0.6 * 10 + 0.4 * -4 = 4.4: R
// takes Y, 4.4.
TEST(AgentSearch, WanderingModelWeighsTheMoves) {
  const SearchInfo info = search_tree("R", Algorithm::kExpectimax, Opponents::kWandering);
  EXPECT_EQ(info.score, 440);
  EXPECT_EQ(info.best, 1);
}

// A ghost's own search minimises agent 0's points: at B, D = 3 and E = 2,
// so E; from ghost 2's turn at D it finishes the round: min(3, 12) = 3.
TEST(AgentSearch, SearchFromAGhostsTurnMinimises) {
  const SearchInfo at_b = search_tree("B", Algorithm::kAlphaBeta);
  EXPECT_EQ(at_b.score, 200);
  EXPECT_EQ(at_b.best, 1);
  EXPECT_EQ(search_tree("D", Algorithm::kMinimax).score, 300);
}

// Depth counts rounds: two rounds reach the finished game, worth 0 here,
// and a proven value ends the deepening.
TEST(AgentSearch, DepthCountsRounds) {
  const SearchInfo info = search_tree("A", Algorithm::kMinimax, Opponents::kRandom, 2);
  EXPECT_EQ(info.score, 0);
  EXPECT_TRUE(info.proven);
  EXPECT_EQ(info.stats.nodes, 22u);  // 14, and one "end" under each of the 8
  EXPECT_FALSE(search_tree("A", Algorithm::kMinimax).proven);
}

// Two rounds make A's moves equal (both 0): random ties pick either, by
// the seed, and say among how many.
TEST(AgentSearch, RandomTiesPickAmongTheEqualBestMoves) {
  std::atomic<bool> stop{false};
  std::set<Move> chosen;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    AgentSearchOptions options{
        Algorithm::kAlphaBeta, Opponents::kRandom, true, true, false, true, seed};
    const SearchInfo info = AgentSearcher<Tree>().search(Tree::start(), {2, 0, 0}, options, stop);
    EXPECT_EQ(info.tied, 2);
    EXPECT_EQ(info.score, 0);
    chosen.insert(info.best);
    options.random_ties = false;
    EXPECT_EQ(AgentSearcher<Tree>().search(Tree::start(), {2, 0, 0}, options, stop).tied, 0);
  }
  EXPECT_EQ(chosen, (std::set<Move>{0, 1}));
  // At depth 1 B is better (2 against 1): no tie.
  AgentSearchOptions options{Algorithm::kAlphaBeta, Opponents::kRandom, true, true, false, true, 3};
  const SearchInfo one = AgentSearcher<Tree>().search(Tree::start(), {1, 0, 0}, options, stop);
  EXPECT_EQ(one.best, 0);
  EXPECT_EQ(one.tied, 0);
}

TEST(AgentSearch, ChanceNodesRecordTheirProbabilities) {
  const TreeReport tree = record_tree("R", Algorithm::kExpectimax);
  ASSERT_EQ(tree.nodes.size(), 8u);
  const TreeNode* x = node_named(tree, "X");
  const TreeNode* x2 = node_named(tree, "X2");
  ASSERT_TRUE(x && x2);
  EXPECT_TRUE(x->chance);
  EXPECT_FALSE(x->max_to_move);
  EXPECT_EQ(x->value, 467);
  EXPECT_EQ(x->bound, Bound::kExact);
  EXPECT_NEAR(x2->probability, 1.0 / 3, 1e-12);
  EXPECT_EQ(x2->agent, 0);
  EXPECT_EQ(tree.nodes[0].probability, 0);
  EXPECT_EQ(x->probability, 0);  // a MAX node's child
  EXPECT_TRUE(x->on_pv);
  EXPECT_TRUE(node_named(tree, "X1")->on_pv);
  EXPECT_FALSE(x2->on_pv);
}

// A tree from a ghost's turn is drawn from the ghosts' side, as every tree
// from its root's: at B (ghost 1) the ghosts' team is MAX and its value the
// negation of Pac-Man's, -min(3, 2) = -2; Pac-Man's nodes are MIN.
TEST(AgentSearch, ATreeFromAGhostsTurnIsTheGhostsView) {
  const TreeReport tree = record_tree("B", Algorithm::kMinimax);
  ASSERT_EQ(tree.nodes.size(), 7u);  // B, D, D1, D2, E, E1, E2
  EXPECT_EQ(tree.value, -200);
  EXPECT_TRUE(tree.nodes[0].max_to_move);
  const TreeNode* d = node_named(tree, "D");
  const TreeNode* d2 = node_named(tree, "D2");
  ASSERT_TRUE(d && d2);
  EXPECT_TRUE(d->max_to_move);  // ghost 2, the root's team
  EXPECT_EQ(d->value, -300);
  EXPECT_FALSE(d2->max_to_move);  // Pac-Man
  EXPECT_EQ(d2->value, -1200);
  EXPECT_EQ(tree.pv, (std::vector<std::string>{"E", "E2"}));
}

// The protocol writes points with up to two decimals.
TEST(AgentProtocol, PointsWithUpToTwoDecimals) {
  EXPECT_EQ(points_text(467), "cp 4.67");
  EXPECT_EQ(points_text(-25250), "cp -252.5");
  EXPECT_EQ(points_text(900), "cp 9");
  EXPECT_EQ(points_text(-5), "cp -0.05");
  EXPECT_EQ(points_text(0), "cp 0");
  EXPECT_EQ(score_text(-49200, true, true), "cp -492");
  EXPECT_EQ(score_text(0, true, false), "draw");
}

class AgentProtocolTest : public ::testing::Test {
 protected:
  AgentProtocolTest()
      : protocol_(
            [](std::string_view game) -> std::unique_ptr<GameSession> {
              if (game == "agenttree") return std::make_unique<AgentSessionFor<Tree>>();
              return std::make_unique<GameSessionFor<TextbookGame>>();
            },
            {"agenttree", "textbook"}, [this](const std::string& l) { lines_.push_back(l); },
            false) {
    send("game agenttree");
  }
  std::vector<std::string> send(const std::string& line) {
    const std::size_t before = lines_.size();
    protocol_.handle(line);
    return {lines_.begin() + static_cast<long>(before), lines_.end()};
  }
  void expect_error(const std::string& line) {
    const std::string before = send("d").back();
    const std::vector<std::string> reply = send(line);
    ASSERT_EQ(reply.size(), 1u) << line;
    EXPECT_TRUE(reply[0].starts_with("error ")) << line << " -> " << reply[0];
    EXPECT_EQ(send("d").back(), before);
  }
  std::vector<std::string> lines_;
  Protocol protocol_;
};

TEST_F(AgentProtocolTest, TreeLinesShowChanceNodesInPoints) {
  send("position R");
  const std::vector<std::string> reply = send("tree depth 1 algorithm expectimax ordering off");
  ASSERT_EQ(reply.size(), 9u);
  EXPECT_EQ(reply[0],
            "node 0 parent - ply 0 move - side max alpha -inf beta inf value cp 4.67 bound "
            "exact kind expanded children 2 agent 0 pv");
  EXPECT_EQ(reply[1],
            "node 1 parent 0 ply 1 move X side chance alpha -inf beta inf value cp 4.67 bound "
            "exact kind expanded children 3 agent 1 pv");
  EXPECT_EQ(reply[2],
            "node 2 parent 1 ply 2 move X1 side max alpha -inf beta inf value cp -2 bound exact "
            "kind leaf children 0 agent 0 prob 0.3333 pv");
  EXPECT_EQ(reply[8], "tree nodes 8 value cp 4.67");
}

TEST_F(AgentProtocolTest, TreeOfMinLevelsCutsOff) {
  const std::vector<std::string> reply = send("tree depth 1 algorithm alphabeta ordering off");
  ASSERT_EQ(reply.size(), 12u);
  EXPECT_EQ(reply.back(), "tree nodes 11 value cp 2");
  EXPECT_NE(reply[9].find("move F side min"), std::string::npos) << reply[9];
  EXPECT_NE(reply[9].find("kind cutoff children 1 agent 2 pruned 1 F2"), std::string::npos)
      << reply[9];
}

TEST_F(AgentProtocolTest, GoScoresFromTheSideToMovesTeam) {
  send("setoption name Ordering value false");
  std::vector<std::string> reply = send("go depth 1");
  ASSERT_GE(reply.size(), 2u);
  EXPECT_NE(reply[0].find("score cp 2 "), std::string::npos) << reply[0];
  EXPECT_EQ(reply.back(), "bestmove B");
  // Ghost 1 to move, adversarial: it minimises, and its team gains 2.
  send("position A moves B");
  send("setoption name Opponents value adversarial");
  reply = send("go depth 1");
  EXPECT_NE(reply[0].find("score cp -2 "), std::string::npos) << reply[0];
  EXPECT_EQ(reply.back(), "bestmove E");
  // At random: a move drawn, reported at depth 0.
  send("setoption name Opponents value random");
  reply = send("go");
  EXPECT_TRUE(reply[0].starts_with("info depth 0 ")) << reply[0];
  EXPECT_TRUE(reply.back() == "bestmove D" || reply.back() == "bestmove E") << reply.back();
}

TEST_F(AgentProtocolTest, DrawsFollowTheSeed) {
  send("position B");
  send("setoption name Opponents value random");
  std::vector<std::string> first, second;
  for (std::vector<std::string>* moves : {&first, &second}) {
    send("setoption name Seed value 7");
    for (int i = 0; i < 8; ++i) moves->push_back(send("go").back());
  }
  EXPECT_EQ(first, second);
  // Both moves come up in eight draws (each 1/2: all alike 1 in 128).
  EXPECT_NE(std::count(first.begin(), first.end(), "bestmove D"), 8);
  EXPECT_NE(std::count(first.begin(), first.end(), "bestmove E"), 8);
}

TEST_F(AgentProtocolTest, LevelSetsAlgorithmAndOpponents) {
  send("setoption name Level value 3");  // expectimax, 1 round, random
  send("setoption name Ordering value false");
  send("position R");
  std::vector<std::string> reply = send("go");
  EXPECT_NE(reply[0].find("info depth 1 score cp 4.67 "), std::string::npos) << reply[0];
  send("setoption name Level value 1");  // minimax, adversarial
  send("position A moves B");
  reply = send("go");
  EXPECT_EQ(reply.back(), "bestmove E");
}

TEST_F(AgentProtocolTest, BadLinesChangeNothing) {
  expect_error("setoption name Opponents value lazy");
  expect_error("setoption name Algorithm value expectiminimax");
  expect_error("position maze %%%/%P%/%%%");  // a game without mazes
  expect_error("tree depth 1 algorithm chance");
  send("game textbook");
  expect_error("setoption name Algorithm value expectimax");
  expect_error("setoption name Opponents value random");
  expect_error("tree depth 1 algorithm expectimax");
}

// Expectimax, set in a game of chance, outlives `game` as every option
// does; a game without chance then searches by alpha-beta, which prunes
// Russell and Norvig's figure to 11 nodes (C's last two leaves cut off).
TEST_F(AgentProtocolTest, ExpectimaxIsAlphaBetaInAGameWithoutChance) {
  send("setoption name Algorithm value expectimax");
  send("game textbook");
  EXPECT_EQ(send("tree depth 2").back(), "tree nodes 11 value cp 3");
}

TEST_F(AgentProtocolTest, TwoPlayerTreesKeepTheirLines) {
  send("game textbook");
  const std::vector<std::string> reply = send("tree depth 2 algorithm minimax");
  ASSERT_FALSE(reply.empty());
  EXPECT_EQ(reply[0].find(" agent "), std::string::npos) << reply[0];
  EXPECT_EQ(reply.back(), "tree nodes 13 value cp 3");
}

}  // namespace
}  // namespace arcade::testing

// ---------------------------------------------------------------------------
// Pac-Man: the engine against a brute force written here.

namespace arcade::testing {
namespace {

// Plain recursion, no pruning, no ordering: agent 0 takes the largest value,
// another agent the smallest (minimax) or the mean of every move alike
// (expectimax), rounded to the nearest hundredth, half away from zero;
// `rounds` rounds to go, a round ending when Pac-Man is to move again.
Score brute_force(const PacMan::Position& p, int rounds, bool expectimax) {
  const PacMan::Weights weights = default_weights<PacMan>();
  if (PacMan::outcome(p) != Outcome::kOngoing) return PacMan::points(p, weights) * 100;
  const int agent = PacMan::agent_to_move(p);
  if (agent == 0 && rounds == 0) return PacMan::points(p, weights) * 100;
  MoveList<PacMan::kMaxMoves> moves;
  PacMan::generate_moves(p, moves);
  std::vector<Score> values;
  for (Move m : moves) {
    const PacMan::Position child = PacMan::play(p, m);
    values.push_back(
        brute_force(child, PacMan::agent_to_move(child) == 0 ? rounds - 1 : rounds, expectimax));
  }
  if (agent == 0) return *std::max_element(values.begin(), values.end());
  if (!expectimax) return *std::min_element(values.begin(), values.end());
  const double sum = std::accumulate(values.begin(), values.end(), 0.0);
  return static_cast<Score>(std::round(sum / static_cast<double>(values.size())));
}

// Positions of random games on every shipped maze, Pac-Man or a ghost to
// move, the game going on.
std::vector<PacMan::Position> random_maze_positions(int per_maze, std::mt19937_64& rng) {
  std::vector<PacMan::Position> positions;
  for (const auto& variant : PacMan::start_variants()) {
    for (int i = 0; i < per_maze; ++i) {
      const std::vector<PacMan::Position> line = random_playout<PacMan>(variant.position, rng);
      // Early in the game: most random games end soon, caught.
      const std::size_t at = rng() % std::min<std::size_t>(line.size(), 12);
      if (PacMan::outcome(line[at]) == Outcome::kOngoing) positions.push_back(line[at]);
    }
  }
  return positions;
}

// The nodes of a tree `rounds` rounds deep, the root included.
std::uint64_t tree_size(const PacMan::Position& p, int rounds) {
  if (PacMan::outcome(p) != Outcome::kOngoing || (PacMan::agent_to_move(p) == 0 && rounds == 0))
    return 1;
  MoveList<PacMan::kMaxMoves> moves;
  PacMan::generate_moves(p, moves);
  std::uint64_t nodes = 1;
  for (Move m : moves) {
    const PacMan::Position child = PacMan::play(p, m);
    nodes += tree_size(child, PacMan::agent_to_move(child) == 0 ? rounds - 1 : rounds);
  }
  return nodes;
}

TreeReport pacman_tree(const PacMan::Position& p, Algorithm algorithm, int depth,
                       bool iterative = false) {
  const std::atomic<bool> stop{false};
  AgentTreeRecorder<PacMan> recorder(kDefaultTreeLimit);
  AgentSearcher<PacMan, AgentTreeRecorder<PacMan>> searcher(default_weights<PacMan>(), recorder);
  const SearchInfo info = searcher.search(
      p, {depth, 0, 0}, {algorithm, Opponents::kRandom, true, iterative, false}, stop);
  return recorder.finish(p, info);
}

// The lab's trees of Pac-Man: the whole tree (the brute force's count),
// each MAX node worth its best child, each MIN node its worst, each chance
// node the mean of its children with the probabilities on their edges; the
// principal variation a path of the root's value (through the most probable
// child at a chance node); alpha-beta, and deepening, keep the value.
TEST(AgentSearchPacMan, TreesAreMinimaxAndMeansOfTheirChildren) {
  std::mt19937_64 rng(26);
  const std::vector<PacMan::Position> positions = random_maze_positions(3, rng);
  ASSERT_GE(positions.size(), 4u);
  for (const PacMan::Position& p : positions) {
    SCOPED_TRACE(PacMan::to_text(p));
    for (Algorithm algorithm : {Algorithm::kMinimax, Algorithm::kExpectimax}) {
      const TreeReport tree = pacman_tree(p, algorithm, 2);
      ASSERT_EQ(tree.nodes.size(), tree.nodes_searched);
      EXPECT_EQ(tree.nodes_searched, tree_size(p, 2));
      std::vector<std::vector<const TreeNode*>> children(tree.nodes.size());
      for (const TreeNode& n : tree.nodes)
        if (n.parent != kNoParent) children[n.parent].push_back(&n);
      for (const TreeNode& n : tree.nodes) {
        if (n.kind != NodeKind::kExpanded) continue;
        ASSERT_EQ(children[n.id].size(), static_cast<std::size_t>(n.children));
        std::vector<Score> values;
        double mean = 0, total_probability = 0;
        for (const TreeNode* c : children[n.id]) {
          values.push_back(c->value);
          mean += c->probability * c->value;
          total_probability += c->probability;
        }
        if (n.chance) {
          EXPECT_NEAR(total_probability, 1.0, 1e-9);
          EXPECT_NEAR(n.value, mean, 0.5);
        } else {
          EXPECT_EQ(n.value, n.max_to_move ? *std::max_element(values.begin(), values.end())
                                           : *std::min_element(values.begin(), values.end()));
        }
      }
      std::size_t on_pv = 0;
      for (const TreeNode& n : tree.nodes) on_pv += n.on_pv;
      EXPECT_EQ(on_pv, tree.pv.size() + 1);
      if (algorithm == Algorithm::kMinimax) {
        const TreeReport pruned = pacman_tree(p, Algorithm::kAlphaBeta, 2);
        EXPECT_EQ(pruned.value, tree.value);
        EXPECT_LE(pruned.nodes_searched, tree.nodes_searched);
      }
      EXPECT_EQ(pacman_tree(p, algorithm, 2, true).value, tree.value);
    }
  }
}

TEST(AgentSearchPacMan, EqualsABruteForceOnEveryMazeAtDepthsOneToFour) {
  std::mt19937_64 rng(25);
  const std::vector<PacMan::Position> positions = random_maze_positions(8, rng);
  ASSERT_GE(positions.size(), PacMan::start_variants().size());
  const std::atomic<bool> stop{false};
  int compared = 0;
  std::array<std::uint64_t, 3> nodes{};  // by algorithm
  for (const PacMan::Position& p : positions) {
    for (int depth = 1; depth <= 4; ++depth) {
      const Score minimax = brute_force(p, depth, false);
      const Score expectimax = brute_force(p, depth, true);
      for (bool ordering : {false, true}) {
        for (bool iterative : {false, true}) {
          SCOPED_TRACE(PacMan::to_text(p) + " depth " + std::to_string(depth) + " ordering " +
                       std::to_string(ordering) + " iterative " + std::to_string(iterative));
          for (Algorithm algorithm :
               {Algorithm::kMinimax, Algorithm::kAlphaBeta, Algorithm::kExpectimax}) {
            const AgentSearchOptions options{algorithm, Opponents::kRandom, ordering, iterative,
                                             false};
            const SearchInfo info = AgentSearcher<PacMan>().search(p, {depth, 0, 0}, options, stop);
            EXPECT_EQ(info.score, algorithm == Algorithm::kExpectimax ? expectimax : minimax);
            nodes[static_cast<std::size_t>(algorithm)] += info.stats.nodes;
            ++compared;
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 100);
  // Alpha-beta prunes; expectimax, which cuts nothing off, searches what
  // minimax does.
  EXPECT_LT(nodes[1], nodes[0]);
  EXPECT_EQ(nodes[2], nodes[0]);
  std::cout << "  " << positions.size() << " positions; nodes: minimax " << nodes[0]
            << ", alpha-beta " << nodes[1] << ", expectimax " << nodes[2] << "\n";
}

}  // namespace
}  // namespace arcade::testing

namespace arcade::testing {
namespace {

// Pac-Man through the protocol, as the app and the command line speak it.
class PacManProtocolTest : public ::testing::Test {
 protected:
  PacManProtocolTest()
      : protocol_(
            make_session, game_names(), [this](const std::string& l) { lines_.push_back(l); },
            false) {
    send("game pacman");
  }
  std::vector<std::string> send(const std::string& line) {
    const std::size_t before = lines_.size();
    protocol_.handle(line);
    return {lines_.begin() + static_cast<long>(before), lines_.end()};
  }
  std::vector<std::string> lines_;
  Protocol protocol_;
};

// A corridor: Pac-Man, a food, an empty cell, a ghost. Eating the food
// (East) wins at once: -1 + 10 + 500 = 509 points. After Stop the ghost
// has one move, West (walls all round), a chance node of one child.
TEST_F(PacManProtocolTest, AMazeFromItsRows) {
  EXPECT_TRUE(send("position maze %%%%%%/%P._G%/%%%%%%").empty());
  EXPECT_EQ(send("moves"), (std::vector<std::string>{"moves E Stop"}));
  const std::vector<std::string> go = send("go depth 1");
  EXPECT_NE(go[0].find(" score cp 509 "), std::string::npos) << go[0];
  EXPECT_EQ(go.back(), "bestmove E");
  // Expectimax's chance nodes follow the Opponents model (level 5's,
  // adversarial, makes them MIN nodes).
  EXPECT_TRUE(send("setoption name Opponents value random").empty());
  const std::vector<std::string> tree = send("tree depth 1 algorithm expectimax");
  EXPECT_EQ(tree.back(), "tree nodes 4 value cp 509");
  EXPECT_NE(tree[2].find("move Stop side chance"), std::string::npos) << tree[2];
  EXPECT_NE(tree[3].find("agent 0 prob 1"), std::string::npos) << tree[3];
}

// The ghost's node follows the Opponents model (issue 33: the lab and the
// AI use the ghosts in play). A corridor, Pac-Man two cells west of the
// ghost: after Pac-Man's Stop the ghost may go W, toward Pac-Man, or E.
// Berkeley's DirectionalGhost gives the nearer move 0.8 and spreads 0.2
// over both: W 0.9, E 0.1; uniform, 0.5 each; adversarial, a MIN node. The
// root's child Stop is worth the mean of its children by those weights.
TEST_F(PacManProtocolTest, ExpectimaxChanceNodesFollowTheGhostsModel) {
  EXPECT_TRUE(send("position maze %%%%%%%/%P..G.%/%%%%%%%").empty());
  const auto node_of = [](const std::vector<std::string>& lines, const std::string& has) {
    for (const std::string& line : lines)
      if (line.find(has) != std::string::npos) return line;
    return std::string();
  };
  const auto value_of = [](const std::string& line) {
    const std::size_t at = line.find(" value cp ");
    return at == std::string::npos ? std::nan("") : std::stod(line.substr(at + 10));
  };
  for (const auto& [model, west, east] : std::vector<std::tuple<std::string, double, double>>{
           {"chaser", 0.9, 0.1}, {"random", 0.5, 0.5}}) {
    SCOPED_TRACE(model);
    EXPECT_TRUE(send("setoption name Opponents value " + model).empty());
    const std::vector<std::string> tree = send("tree depth 1 algorithm expectimax ordering off");
    const std::string stop = node_of(tree, "ply 1 move Stop side chance");
    ASSERT_FALSE(stop.empty()) << tree[1];
    const std::string parent = " parent " + stop.substr(5, stop.find(' ', 5) - 5) + " ";
    const std::string w = node_of(tree, parent + "ply 2 move W side max");
    const std::string e = node_of(tree, parent + "ply 2 move E side max");
    ASSERT_FALSE(w.empty());
    ASSERT_FALSE(e.empty());
    EXPECT_NE(w.find(" prob " + (west == 0.9 ? std::string("0.9") : "0.5")), std::string::npos)
        << w;
    EXPECT_NE(e.find(" prob " + (east == 0.1 ? std::string("0.1") : "0.5")), std::string::npos)
        << e;
    EXPECT_NEAR(value_of(stop), west * value_of(w) + east * value_of(e), 0.006) << stop;
  }
  EXPECT_TRUE(send("setoption name Opponents value adversarial").empty());
  const std::vector<std::string> tree = send("tree depth 1 algorithm expectimax ordering off");
  EXPECT_FALSE(node_of(tree, "ply 1 move Stop side min").empty()) << tree[1];
  EXPECT_TRUE(node_of(tree, " prob ").empty());
}

TEST_F(PacManProtocolTest, BadMazesAndOptionsAreRefused) {
  const std::string before = send("d").back();
  for (const char* line :
       {"position maze %%%%%/%P_G%/%%%%", "position maze", "setoption name Opponents value lazy",
        "tree depth 1 algorithm chance"}) {
    const std::vector<std::string> reply = send(line);
    ASSERT_EQ(reply.size(), 1u) << line;
    EXPECT_TRUE(reply[0].starts_with("error ")) << line << " -> " << reply[0];
  }
  EXPECT_EQ(send("d").back(), before);
  EXPECT_TRUE(send("setoption name Opponents value chaser").empty());
  EXPECT_TRUE(send("setoption name Algorithm value expectimax").empty());
}

}  // namespace
}  // namespace arcade::testing
