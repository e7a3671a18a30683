// The minimal tree against two independent references: Knuth and Moore's
// count of leaves for uniform trees, and brute force over every move order
// of alpha-beta on small random trees (alpha-beta with the best order visits
// exactly the minimal tree; no order visits fewer nodes).

#include "engine/minimal_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

namespace arcade {
namespace {

// A game tree with every node's negamax value, in preorder.
struct ValueTree {
  std::vector<int> parents;
  std::vector<Score> values;
  std::vector<std::vector<int>> children;

  // Adds a subtree under `parent`; `branching(ply)` children per node down to
  // `depth`, leaf values drawn from `leaf_value`. Returns the new node.
  template <class Branching, class LeafValue>
  int grow(int parent, int depth, int ply, Branching& branching, LeafValue& leaf_value) {
    const int node = static_cast<int>(parents.size());
    parents.push_back(parent);
    values.push_back(0);
    children.emplace_back();
    const int count = depth == 0 ? 0 : branching(ply);
    if (count == 0) {
      values[node] = leaf_value();
      return node;
    }
    Score best = -kInfinity;
    for (int i = 0; i < count; ++i) {
      const int child = grow(node, depth - 1, ply + 1, branching, leaf_value);
      children[node].push_back(child);
      best = std::max(best, -values[child]);
    }
    values[node] = best;
    return node;
  }
};

// Fail-soft alpha-beta over the tree with the given child orders; counts the
// nodes it visits.
Score alpha_beta(const ValueTree& tree, const std::vector<std::vector<int>>& order, int node,
                 Score alpha, Score beta, std::uint64_t& visited) {
  ++visited;
  const auto& kids = order[node];
  if (kids.empty()) return tree.values[node];
  Score best = -kInfinity;
  for (int child : kids) {
    const Score score = -alpha_beta(tree, order, child, -beta, -alpha, visited);
    best = std::max(best, score);
    alpha = std::max(alpha, score);
    if (alpha >= beta) break;
  }
  return best;
}

// The fewest nodes alpha-beta visits over every combination of child orders.
std::uint64_t best_alpha_beta(const ValueTree& tree) {
  std::vector<std::vector<int>> order = tree.children;
  std::vector<int> inner;
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::sort(order[i].begin(), order[i].end());
    if (order[i].size() > 1) inner.push_back(static_cast<int>(i));
  }
  std::uint64_t fewest = ~0ull;
  // An odometer over the inner nodes' permutations (next_permutation wraps
  // back to sorted and returns false, which carries to the next node).
  while (true) {
    std::uint64_t visited = 0;
    const Score value = alpha_beta(tree, order, 0, -kInfinity, kInfinity, visited);
    EXPECT_EQ(value, tree.values[0]);
    fewest = std::min(fewest, visited);
    std::size_t k = 0;
    while (k < inner.size() &&
           !std::next_permutation(order[inner[k]].begin(), order[inner[k]].end()))
      ++k;
    if (k == inner.size()) return fewest;
  }
}

MinimalTree minimal(const ValueTree& tree) {
  return minimal_tree(tree.parents, tree.values);
}

TEST(MinimalTree, UniformTreesHaveKnuthAndMooresLeafCount) {
  std::mt19937_64 rng(7);
  for (int b = 1; b <= 4; ++b) {
    for (int d = 0; d <= 5; ++d) {
      ValueTree tree;
      auto branching = [&](int) { return b; };
      std::uniform_int_distribution<Score> dist(-50, 50);
      auto leaf = [&] { return dist(rng); };
      tree.grow(-1, d, 0, branching, leaf);
      const auto power = [](int base, int e) {
        std::uint64_t p = 1;
        for (int i = 0; i < e; ++i) p *= static_cast<std::uint64_t>(base);
        return p;
      };
      const std::uint64_t expected = power(b, (d + 1) / 2) + power(b, d / 2) - 1;
      EXPECT_EQ(minimal(tree).leaves, expected) << "b " << b << " d " << d;
    }
  }
}

TEST(MinimalTree, ASingleNodeIsItsOwnProof) {
  const std::vector<int> parents{-1};
  const std::vector<Score> values{5};
  EXPECT_EQ(minimal_tree(parents, values).nodes, 1u);
  EXPECT_EQ(minimal_tree(parents, values).leaves, 1u);
}

TEST(MinimalTree, EqualsAlphaBetaWithTheBestMoveOrderOnRandomTrees) {
  std::mt19937_64 rng(11);
  int checked = 0;
  for (int trial = 0; trial < 400; ++trial) {
    ValueTree tree;
    std::uniform_int_distribution<int> kids(1, 3);
    std::uniform_int_distribution<Score> dist(-3, 3);  // many ties on purpose
    auto branching = [&](int) { return kids(rng); };
    auto leaf = [&] { return dist(rng); };
    tree.grow(-1, 3, 0, branching, leaf);
    // Keep the brute force small: at most 6^5 combinations of orders.
    double combinations = 1;
    for (const auto& c : tree.children) combinations *= std::tgamma(c.size() + 1.0);
    if (combinations > 7776) continue;
    ++checked;
    EXPECT_EQ(minimal(tree).nodes, best_alpha_beta(tree)) << "trial " << trial;
  }
  EXPECT_GT(checked, 100);
}

TEST(MinimalTree, NeverExceedsTheTreeAndCountsEveryNodeOfAPathTree) {
  // A chain (one move per position) must be searched whole.
  ValueTree chain;
  auto one = [](int) { return 1; };
  auto leaf = [] { return Score{4}; };
  chain.grow(-1, 6, 0, one, leaf);
  EXPECT_EQ(minimal(chain).nodes, 7u);
  EXPECT_EQ(minimal(chain).leaves, 1u);
}

}  // namespace
}  // namespace arcade
