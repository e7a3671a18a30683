// Every game's heuristic is a weighted sum of named terms (engine/evaluation.h):
// evaluate is exactly the weighted total of the term values, whatever the
// weights, and a weight changes the total by weight times value.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "all_games.h"
#include "engine/session.h"
#include "games/registry.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

template <class G>
class Evaluation : public ::testing::Test {};
TYPED_TEST_SUITE(Evaluation, AllGames);

// Ongoing positions of random games, a few from each game.
template <Game G>
std::vector<typename G::Position> ongoing_positions(std::uint64_t seed, int games) {
  std::mt19937_64 rng(seed);
  std::vector<typename G::Position> positions;
  for (int i = 0; i < games; ++i)
    for (const auto& p : random_playout<G>(G::start(), rng))
      if (G::outcome(p) == Outcome::kOngoing) positions.push_back(p);
  return positions;
}

template <Game G>
typename G::Weights random_weights(std::mt19937_64& rng) {
  std::uniform_int_distribution<Score> weight(-50, 50);
  typename G::Weights weights{};
  for (Score& w : weights) w = weight(rng);
  return weights;
}

TYPED_TEST(Evaluation, TermsHaveDistinctOneWordNames) {
  using G = TypeParam;
  std::set<std::string_view> names;
  for (const EvalTerm& term : G::kTerms) {
    EXPECT_FALSE(term.name.empty());
    EXPECT_EQ(term.name.find_first_of(" \t"), std::string_view::npos) << term.name;
    EXPECT_TRUE(names.insert(term.name).second) << term.name;
    EXPECT_LE(std::abs(term.default_weight), kMaxWeight) << term.name;
  }
}

TYPED_TEST(Evaluation, EvaluateIsTheWeightedTotalOfTheTerms) {
  using G = TypeParam;
  std::mt19937_64 rng(21);
  std::vector<typename G::Weights> all_weights;
  for (std::string_view preset : weight_preset_names<G>())
    all_weights.push_back(*find_weight_preset<G>(preset));
  for (int i = 0; i < 5; ++i) all_weights.push_back(random_weights<G>(rng));
  for (const auto& p : ongoing_positions<G>(22, 30))
    for (const auto& weights : all_weights)
      ASSERT_EQ(G::evaluate(p, weights), weighted_total(G::term_values(p, weights), weights))
          << G::to_text(p);
}

// The example: doubling weight w of a term of value c changes the
// total by w * c (unless the total is clamped to the heuristic range).
TYPED_TEST(Evaluation, DoublingAWeightAddsWeightTimesValue) {
  using G = TypeParam;
  const typename G::Weights weights = default_weights<G>();
  int changed = 0;
  for (const auto& p : ongoing_positions<G>(23, 20)) {
    const Score total = G::evaluate(p, weights);
    const typename G::Weights values = G::term_values(p, weights);
    for (std::size_t t = 0; t < weights.size(); ++t) {
      typename G::Weights doubled = weights;
      doubled[t] *= 2;
      const Score new_total = G::evaluate(p, doubled);
      const Score unclamped = total + weights[t] * values[t];
      if (std::abs(unclamped) >= kMaxHeuristic - 1) continue;
      EXPECT_EQ(new_total - total, weights[t] * values[t])
          << G::kTerms[t].name << " at " << G::to_text(p);
      changed += values[t] != 0 && weights[t] != 0;
    }
  }
  EXPECT_GT(changed, 50);
}

// The moves from the root of `tree` to `node`.
std::vector<std::string> path_to(const TreeReport& tree, const TreeNode& node) {
  std::vector<std::string> path;
  for (const TreeNode* n = &node; n->parent != kNoParent;) {
    path.insert(path.begin(), n->move);
    const std::uint64_t parent = n->parent;
    n = &*std::find_if(tree.nodes.begin(), tree.nodes.end(),
                       [&](const TreeNode& t) { return t.id == parent; });
  }
  return path;
}

// The session's `eval` total is what its searches use at their depth limit:
// each child of a depth-1 tree is valued by the heuristic (from the other
// side, so negated, unless the move kept the turn), with the default weights, a preset, and random
// ones. In a game of more than two agents depth 1 is a round: the leaves lie a round down, valued
// in hundredths of points.
TYPED_TEST(Evaluation, TheTotalIsWhatTheSearchUsesAtItsDepthLimit) {
  using G = TypeParam;
  std::unique_ptr<GameSession> session = make_session(G::kName);
  std::unique_ptr<GameSession> child = make_session(G::kName);
  std::mt19937_64 rng(24);
  const std::atomic<bool> stop{false};
  int compared = 0;
  for (int i = 0; i < 30; ++i) {
    // (Plies within the first 120: Pac-Man's round limit makes its games
    // far longer than any random one.)
    const auto p =
        random_position<G>(static_cast<int>(rng() % std::min(G::kMaxGamePlies, 120)), rng);
    if (G::outcome(p) != Outcome::kOngoing) continue;
    const std::vector<std::string> presets = session->weight_presets();
    if (i % 3 == 1) {
      const std::string& preset = presets[rng() % presets.size()];
      ASSERT_FALSE(session->use_weight_preset(preset));
      ASSERT_FALSE(child->use_weight_preset(preset));
    } else if (i % 3 == 2) {
      for (const WeightedTerm& term : session->weights()) {
        const Score weight = std::uniform_int_distribution<Score>(-100, 100)(rng);
        ASSERT_FALSE(session->set_weight(term.name, weight));
        ASSERT_FALSE(child->set_weight(term.name, weight));
      }
    }
    ASSERT_FALSE(session->set_position(G::to_text(p), {}));
    const TreeReport tree = session->tree({1, Algorithm::kMinimax, false, false, 100}, stop);
    for (const TreeNode& node : tree.nodes) {
      if (node.kind != NodeKind::kLeaf) continue;
      if constexpr (MultiAgentGame<G>) {
        // Depth 1 is a round: the leaf lies several moves down, its value
        // in hundredths of points from the root's side.
        const std::vector<std::string> path = path_to(tree, node);
        ASSERT_FALSE(child->set_position(G::to_text(p), path));
        typename G::Position leaf = p;
        for (const std::string& m : path) leaf = G::play(leaf, *G::move_from_text(leaf, m));
        const bool same_team = G::side_to_move(leaf) == G::side_to_move(p);
        EXPECT_EQ(child->evaluation().total * kCentipoints * (same_team ? 1 : -1), node.value)
            << G::to_text(p) << " " << path.size() << " moves";
      } else {
        ASSERT_FALSE(child->set_position(G::to_text(p), {node.move}));
        // From the other side, so negated, unless the move kept the turn.
        const bool kept = keeps_turn<G>(p, G::play(p, *G::move_from_text(p, node.move)));
        const Score total = child->evaluation().total;
        EXPECT_EQ(kept ? total : -total, node.value) << G::to_text(p) << " " << node.move;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 40);
}

// Values counted by hand on the board.
TEST(TicTacToeTerms, ACountedPosition) {
  // x on a3 and b2, o on c3, o to move. Open to one side only: o's file c;
  // x's rank 2, file a, file b, and the diagonal a3-c1 with two.
  const auto p = *TicTacToe::from_text("x.o/.x./...");
  const auto weights = default_weights<TicTacToe>();
  EXPECT_EQ(TicTacToe::term_values(p, weights), (TicTacToe::Weights{1 - 3, 0 - 1, 0}));
  EXPECT_EQ(TicTacToe::evaluate(p, weights), -2 * 1 - 1 * 10);
}

TEST(Connect4Terms, TheTutorialWeightsOnACountedPosition) {
  // x in column 1 three high, o on b1 c1 d1; x to move. x: the column's
  // lines a1-a4 (three, a4 empty) and a2-a5 (two). o: b1-e1 (three) and
  // c1-f1 (two).
  const auto p = *Connect4::from_text("121314");
  const auto tutorial = *find_weight_preset<Connect4>("tutorial");
  const auto values = Connect4::term_values(p, tutorial);
  EXPECT_EQ(values[Connect4::kOpenThree], 1);
  EXPECT_EQ(values[Connect4::kOpenTwo], 1);
  EXPECT_EQ(values[Connect4::kFour], 0);
  EXPECT_EQ(values[Connect4::kTheirOpenThree], 1);
  EXPECT_EQ(values[Connect4::kTheirOpenTwo], 1);
  EXPECT_EQ(Connect4::evaluate(p, tutorial), 5 + 2 - 500);
  // By default x's win at a4 decides alone.
  EXPECT_EQ(Connect4::evaluate(p, default_weights<Connect4>()), 5000);
}

TEST(WolfSheepTerms, TheStartIsOneBigPen) {
  // The wolves fill the dark squares of rank 8: the sheep reaches the other
  // 28 dark squares, moves to d2 or f2, and the wolves' line has no hole.
  const auto p = WolfSheep::start();
  const auto weights = default_weights<WolfSheep>();
  EXPECT_EQ(WolfSheep::term_values(p, weights), (WolfSheep::Weights{0, 0, 1, 28, 2, 0}));
  EXPECT_EQ(WolfSheep::evaluate(p, weights), -1500 + 40 * 28 + 10 * 2);
}

}  // namespace
}  // namespace arcade::testing
