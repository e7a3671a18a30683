#pragma once
// The minimal tree: the fewest nodes any search must visit to prove the value
// of a game tree, whatever order it tries the moves in (Knuth and Moore,
// "An analysis of alpha-beta pruning", 1975). The lab shows it beside the
// nodes minimax and alpha-beta really searched, as the floor that perfect
// move ordering would reach on this very tree.
//
// Given the whole tree with every node's exact negamax value (a minimax
// search without a table records it), the proof is built from three kinds of
// node. With v the root's value and, at each node n, the bound
// b(n) = v at even plies and -v at odd plies:
//   exact(n)  (a PV node)  : one best child proven exact, every other child
//                            proven >= its bound;
//   at_least(n) (a cut node): one child proven <= its bound (a refutation);
//   at_most(n)  (an all node): every child proven >= its bound.
// Each node takes the cheapest choice. On a uniform tree of branching b and
// depth d this gives b^ceil(d/2) + b^floor(d/2) - 1 leaves, Knuth and
// Moore's count, whatever the values; alpha-beta with the best move ordering
// visits exactly these nodes.
//
// In a game with extra turns (engine/game.h's HasExtraTurns) a child whose
// side to move is its parent's (kept_turn) keeps the parent's bound and is
// proven the way its parent is, not negated: a cut node's refutation is then
// a child proven at least the bound, an all node's children are each proven
// at most it.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/score.h"

namespace arcade {

struct MinimalTree {
  std::uint64_t nodes = 0;   // the root included
  std::uint64_t leaves = 0;  // nodes of the proof with no child in the tree
};

// `parents` and `values` describe the tree in preorder: node 0 is the root
// (parent -1), every other node's parent comes before it. values[i] is node
// i's negamax value (for the side to move there), so each inner node's value
// is the largest of its children's values negated. kept_turn, empty or one a
// node: whether the move to node i kept the turn, so that its value is not
// negated (empty: turns alternate).
inline MinimalTree minimal_tree(std::span<const int> parents, std::span<const Score> values,
                                std::span<const std::uint8_t> kept_turn = {}) {
  const std::size_t n = parents.size();
  if (n == 0) return {};
  // Signed, as the exact proof's difference to a child's cheaper one may be.
  // A proof that cannot be made (a cut node with no refuting child) costs
  // kImpossible, far beyond any tree a search records; sums saturate there,
  // so that they never overflow. The proofs the root's exact one is built
  // from are always possible (a best child of an exact node meets its bound,
  // every other child misses it), so their counts are exact.
  struct Count {
    std::int64_t nodes = 0, leaves = 0;
  };
  constexpr std::int64_t kImpossible = std::int64_t{1} << 40;
  constexpr Count kNone{kImpossible, 0};
  const auto saturated = [&](std::int64_t nodes) {
    return std::clamp(nodes, -kImpossible, kImpossible);
  };
  const auto cheaper = [](const Count& a, const Count& b) {
    return a.nodes != b.nodes ? a.nodes < b.nodes : a.leaves < b.leaves;
  };

  // Each node's bound from the root's value, alternating with the side to move.
  const auto kept = [&](std::size_t i) { return !kept_turn.empty() && kept_turn[i] != 0; };
  std::vector<Score> bound(n);
  bound[0] = values[0];
  for (std::size_t i = 1; i < n; ++i) {
    const Score parent_bound = bound[static_cast<std::size_t>(parents[i])];
    bound[i] = kept(i) ? parent_bound : -parent_bound;
  }

  // Gathered from a node's children before the node itself is reached (in
  // reverse preorder every child comes first): the sum of their at_least
  // proofs, the cheapest refutation among them, and the cheapest best child's
  // exact proof less its at_least one.
  std::vector<Count> children_at_least(n), refutation(n, kNone), exact_swap(n, kNone);
  std::vector<bool> has_children(n, false);
  Count root_exact;
  for (std::size_t i = n; i-- > 0;) {
    Count exact{1, 1}, at_least{1, 1}, at_most{1, 1};
    if (has_children[i]) {
      const Count& sum = children_at_least[i];
      at_most = {saturated(1 + sum.nodes), sum.leaves};
      at_least = {saturated(1 + refutation[i].nodes), refutation[i].leaves};
      exact = {saturated(1 + sum.nodes + exact_swap[i].nodes), sum.leaves + exact_swap[i].leaves};
    }
    if (i == 0) {
      root_exact = exact;
      break;
    }
    // From the parent's view: `no_better` proves the child no better for the
    // parent than its bound, `refutes` proves it at least as good (with the
    // turn kept, the child's own at_most and at_least).
    const auto p = static_cast<std::size_t>(parents[i]);
    const bool same_side = kept(i);
    const Count& no_better = same_side ? at_most : at_least;
    const Count& refutes = same_side ? at_least : at_most;
    const bool refuting = same_side ? values[i] >= bound[i] : values[i] <= bound[i];
    has_children[p] = true;
    children_at_least[p].nodes = saturated(children_at_least[p].nodes + no_better.nodes);
    children_at_least[p].leaves += no_better.leaves;
    if (refuting && cheaper(refutes, refutation[p])) refutation[p] = refutes;
    const Count swap{exact.nodes - no_better.nodes, exact.leaves - no_better.leaves};
    const Score for_parent = same_side ? values[i] : -values[i];
    if (for_parent == values[p] && cheaper(swap, exact_swap[p])) exact_swap[p] = swap;
  }
  return {static_cast<std::uint64_t>(root_exact.nodes),
          static_cast<std::uint64_t>(root_exact.leaves)};
}

}  // namespace arcade
