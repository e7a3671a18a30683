// Extra turns (engine/game.h's HasExtraTurns): a side that moves again keeps
// its value and its window. On random positions of a toy game with chains of
// extra turns (extra_turn_game.h), every search the engine offers returns
// what a plain minimax written here returns, a max at the first side's
// nodes and a min at the second's, with no negation anywhere; the principal
// line, the root moves' scores, the lab's tree and the minimal tree follow
// the side to move, not the parity of the ply.

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "engine/minimal_tree.h"
#include "engine/search_tree.h"
#include "engine/session.h"
#include "extra_turn_game.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

template <class G>
class ExtraTurns : public ::testing::Test {};
using ExtraTurnGames = ::testing::Types<ExtraTurnGame, ExtraTurnMarginGame>;
TYPED_TEST_SUITE(ExtraTurns, ExtraTurnGames);

// The exact score of a finished game for side 0, `ply` plies from the root,
// in score.h's convention: the winner's margin, or its win in plies.
template <class G>
Score end_for_first_side(const typename G::Position& p, int ply) {
  const int lead = p.lead;
  if (lead == 0) return kDraw;
  Score winner;
  if constexpr (HasFinalMargin<G>)
    winner = win_by(lead > 0 ? lead : -lead);
  else
    winner = win_in(ply);
  return lead > 0 ? winner : -winner;
}

// Plain minimax from side 0's view: side 0 maximises, side 1 minimises,
// whoever moved before; the heuristic at the depth limit.
template <class G>
Score minimax_for_first_side(const typename G::Position& p, int depth, int ply) {
  if (G::outcome(p) != Outcome::kOngoing) return end_for_first_side<G>(p, ply);
  if (depth == 0) {
    const Score e = G::evaluate(p, default_weights<G>());
    return p.side == 0 ? e : -e;
  }
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(p, moves);
  Score best = p.side == 0 ? -kInfinity : kInfinity;
  for (Move m : moves) {
    const Score v = minimax_for_first_side<G>(G::play(p, m), depth - 1, ply + 1);
    best = p.side == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The same for the side to move at `p`.
template <class G>
Score minimax(const typename G::Position& p, int depth, int ply = 0) {
  const Score v = minimax_for_first_side<G>(p, depth, ply);
  return p.side == 0 ? v : -v;
}

template <class G>
typename G::Position random_position(std::mt19937_64& rng) {
  typename G::Position p;
  p.state = static_cast<std::uint8_t>(rng() % G::kStates);
  p.plies = static_cast<std::uint8_t>(rng() % G::kLength);
  p.side = static_cast<std::uint8_t>(rng() % 2);
  p.lead = static_cast<std::int8_t>(static_cast<int>(rng() % 9) - 4);
  return p;
}

// Moves of one side in a row along the game, at most: the toy game has the
// chains the test is about.
template <class G>
int longest_chain(const typename G::Position& p) {
  if (G::outcome(p) != Outcome::kOngoing) return 0;
  MoveList<G::kMaxMoves> moves;
  G::generate_moves(p, moves);
  int longest = 0;
  for (Move m : moves) {
    const auto next = G::play(p, m);
    longest = std::max(longest, next.side == p.side ? 1 + longest_chain<G>(next) : 0);
  }
  return longest;
}

TYPED_TEST(ExtraTurns, TheToyGameHasChainsOfExtraTurns) {
  using G = TypeParam;
  int longest = 0;
  for (int state = 0; state < G::kStates; ++state)
    longest = std::max(longest, longest_chain<G>({static_cast<std::uint8_t>(state), 0, 0, 0}));
  EXPECT_GE(longest, 3);
}

std::vector<std::pair<const char*, SearchOptions>> every_search() {
  SearchOptions alpha_beta = plain_minimax();
  alpha_beta.algorithm = Algorithm::kAlphaBeta;
  SearchOptions ordered = alpha_beta;
  ordered.use_ordering = true;
  SearchOptions table = ordered;
  table.use_table = true;
  SearchOptions full;  // ordering, table, iterative deepening
  SearchOptions ties = full;
  ties.random_ties = true;
  SearchOptions scores = full;
  scores.root_scores = true;
  return {{"minimax", plain_minimax()}, {"alpha-beta", alpha_beta},
          {"+ordering", ordered},       {"+table", table},
          {"+deepening", full},         {"random ties", ties},
          {"root scores", scores}};
}

TYPED_TEST(ExtraTurns, EverySearchReturnsThePlainMinimaxValue) {
  using G = TypeParam;
  std::mt19937_64 rng(34);
  const auto searches = every_search();
  int extra_turn_roots = 0;
  for (int i = 0; i < 150; ++i) {
    const auto p = random_position<G>(rng);
    const int depth = 1 + static_cast<int>(rng() % 8);
    const Score expected = minimax<G>(p, depth);
    extra_turn_roots += longest_chain<G>(p) > 0;
    for (const auto& [name, options] : searches) {
      const SearchInfo info = search_once<G>(p, options, depth);
      ASSERT_EQ(info.score, expected) << name << " at " << G::to_text(p) << " depth " << depth;
      // The best move is worth the value.
      const auto next = G::play(p, info.best);
      const Score best = minimax<G>(next, depth - 1, 1);
      EXPECT_EQ(next.side == p.side ? best : -best, expected) << name << " at " << G::to_text(p);
      for (const RootMoveScore& r : info.root_scores) {
        const auto child = G::play(p, r.move);
        const Score v = minimax<G>(child, depth - 1, 1);
        EXPECT_EQ(r.score, child.side == p.side ? v : -v)
            << name << " move " << r.move << " at " << G::to_text(p);
      }
    }
  }
  EXPECT_GT(extra_turn_roots, 50);
}

// Searched to the end, the value is proven and its line, carried on to the
// end of the game, ends where the value says: each ply's side as it is.
TYPED_TEST(ExtraTurns, AProvenLineEndsInTheValue) {
  using G = TypeParam;
  std::mt19937_64 rng(35);
  for (int i = 0; i < 60; ++i) {
    const auto root = random_position<G>(rng);
    const Score expected = minimax<G>(root, G::kLength);
    const SearchInfo info = search_once<G>(root, {}, 0);
    ASSERT_TRUE(info.proven) << G::to_text(root);
    ASSERT_EQ(info.score, expected) << G::to_text(root);
    auto p = root;
    for (Move m : info.pv) {
      MoveList<G::kMaxMoves> moves;
      G::generate_moves(p, moves);
      ASSERT_TRUE(moves.contains(m)) << G::to_text(root);
      p = G::play(p, m);
    }
    ASSERT_NE(G::outcome(p), Outcome::kOngoing) << G::to_text(root) << ": the line stops early";
    const Score end = end_for_first_side<G>(p, static_cast<int>(info.pv.size()));
    EXPECT_EQ(root.side == 0 ? end : -end, expected) << G::to_text(root);
  }
}

// The lab's tree: a node's side is its position's, and each expanded node's
// value (from the root's side, MAX) is the max or min of its children's, as
// its side says.
TYPED_TEST(ExtraTurns, TheLabsTreeFollowsTheSideToMove) {
  using G = TypeParam;
  std::mt19937_64 rng(36);
  for (int i = 0; i < 30; ++i) {
    const auto root = random_position<G>(rng);
    const int depth = 1 + static_cast<int>(rng() % 6);
    for (Algorithm algorithm : {Algorithm::kMinimax, Algorithm::kAlphaBeta}) {
      TranspositionTable table(0);
      TreeRecorder<G> recorder(kDefaultTreeLimit);
      Searcher<G, TreeRecorder<G>> searcher(table, default_weights<G>(), recorder);
      SearchOptions options = plain_minimax();
      options.algorithm = algorithm;
      std::atomic<bool> stop{false};
      const TreeReport tree =
          recorder.finish(root, searcher.search(root, {depth, 0, 0}, options, stop));
      ASSERT_EQ(tree.value, minimax<G>(root, depth));
      std::vector<typename G::Position> at(tree.nodes.size(), root);
      std::vector<std::vector<Score>> children(tree.nodes.size());
      std::vector<int> parents;
      std::vector<Score> values;
      std::vector<std::uint8_t> kept;
      for (const TreeNode& n : tree.nodes) {
        if (n.parent != kNoParent) {
          const auto& parent = at[n.parent];
          at[n.id] = G::play(parent, *G::move_from_text(parent, n.move));
          children[n.parent].push_back(n.value);
        }
        EXPECT_EQ(n.max_to_move, at[n.id].side == root.side) << G::to_text(root);
        parents.push_back(n.parent == kNoParent ? -1 : static_cast<int>(n.parent));
        values.push_back(n.max_to_move ? n.value : -n.value);
        kept.push_back(n.parent != kNoParent && at[n.parent].side == at[n.id].side);
      }
      for (const TreeNode& n : tree.nodes) {
        if (n.kind != NodeKind::kExpanded) continue;
        const auto& c = children[n.id];
        ASSERT_FALSE(c.empty());
        EXPECT_EQ(n.value, n.max_to_move ? *std::max_element(c.begin(), c.end())
                                         : *std::min_element(c.begin(), c.end()))
            << G::to_text(root) << " node " << n.id;
      }
      // The floor of alpha-beta: at most what alpha-beta searched, at least
      // one node a ply.
      if (algorithm == Algorithm::kMinimax) {
        const MinimalTree floor = minimal_tree(parents, values, kept);
        EXPECT_LE(floor.nodes, tree.nodes.size());
        EXPECT_GE(floor.nodes, 1u);
      }
    }
  }
}

TEST(ExtraTurns, TheSessionSaysWhichMoveKeepsTheTurn) {
  GameSessionFor<ExtraTurnGame> session;
  int kept = 0, passed = 0;
  std::mt19937_64 rng(37);
  for (int i = 0; i < 50; ++i) {
    const auto p = random_position<ExtraTurnGame>(rng);
    ASSERT_FALSE(session.set_position(ExtraTurnGame::to_text(p), {}));
    for (const std::string& move : session.legal_moves()) {
      const auto next = ExtraTurnGame::play(p, *ExtraTurnGame::move_from_text(p, move));
      const bool keeps = next.side == p.side;
      EXPECT_EQ(session.move_keeps_turn(move), keeps);
      (keeps ? kept : passed)++;
    }
    EXPECT_FALSE(session.move_keeps_turn("no move"));
  }
  EXPECT_GT(kept, 10);
  EXPECT_GT(passed, 10);
}

// The minimal tree with extra turns, against its definition written with
// MAX and MIN nodes (no negation, so no kept turns to mind): the proof that
// a node is worth at least x, at most x, or exactly the root's value v, the
// cheapest by nodes then leaves, on random trees where a child's side to
// move is its parent's one time in three.
struct RandomTree {
  std::vector<int> parents;
  std::vector<bool> max;      // MAX to move
  std::vector<Score> values;  // from MAX's view
  std::vector<std::vector<int>> children;
};

RandomTree random_tree(std::mt19937_64& rng, int depth) {
  RandomTree t;
  const auto add = [&](auto& self, int parent, bool max, int depth_left) -> int {
    const int id = static_cast<int>(t.parents.size());
    t.parents.push_back(parent);
    t.max.push_back(max);
    t.values.push_back(0);
    t.children.emplace_back();
    const int children = depth_left == 0 ? 0 : 1 + static_cast<int>(rng() % 3);
    if (children == 0) {
      t.values[static_cast<std::size_t>(id)] = static_cast<Score>(rng() % 7) - 3;
      return id;
    }
    Score best = max ? -kInfinity : kInfinity;
    for (int c = 0; c < children; ++c) {
      const bool keeps = rng() % 3 == 0;
      const int child = self(self, id, keeps ? max : !max, depth_left - 1);
      t.children[static_cast<std::size_t>(id)].push_back(child);
      const Score v = t.values[static_cast<std::size_t>(child)];
      best = max ? std::max(best, v) : std::min(best, v);
    }
    t.values[static_cast<std::size_t>(id)] = best;
    return id;
  };
  add(add, -1, true, depth);
  return t;
}

using Proof = std::optional<std::pair<std::uint64_t, std::uint64_t>>;  // nodes, leaves

Proof plus(Proof a, const Proof& b) {
  if (!a || !b) return std::nullopt;
  return std::pair{a->first + b->first, a->second + b->second};
}
Proof cheapest(const Proof& a, const Proof& b) {
  return !a ? b : !b ? a : std::min(*a, *b);
}

// At least x (at_least) or at most x, from MAX's view.
Proof bound_proof(const RandomTree& t, std::size_t n, Score x, bool at_least) {
  if (t.children[n].empty())
    return (at_least ? t.values[n] >= x : t.values[n] <= x) ? Proof{{1, 1}} : std::nullopt;
  // One child suffices where the side to move picks the direction asked for.
  const bool one = t.max[n] == at_least;
  Proof total = one ? std::nullopt : Proof{{1, 0}};
  for (int c : t.children[n]) {
    const Proof child = bound_proof(t, static_cast<std::size_t>(c), x, at_least);
    total = one ? cheapest(total, plus(Proof{{1, 0}}, child)) : plus(total, child);
  }
  return total;
}

Proof exact_proof(const RandomTree& t, std::size_t n) {
  if (t.children[n].empty()) return Proof{{1, 1}};
  const Score v = t.values[n];
  Proof best;
  for (int b : t.children[n]) {
    if (t.values[static_cast<std::size_t>(b)] != v) continue;
    Proof total = plus(Proof{{1, 0}}, exact_proof(t, static_cast<std::size_t>(b)));
    for (int c : t.children[n])
      if (c != b) total = plus(total, bound_proof(t, static_cast<std::size_t>(c), v, !t.max[n]));
    best = cheapest(best, total);
  }
  return best;
}

TEST(ExtraTurns, TheMinimalTreeIsTheCheapestProofWithKeptTurns) {
  int kept_edges = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    std::mt19937_64 rng(seed);
    const RandomTree t = random_tree(rng, 1 + static_cast<int>(seed % 5));
    std::vector<Score> negamax(t.values.size());
    std::vector<std::uint8_t> kept(t.values.size(), 0);
    for (std::size_t i = 0; i < t.values.size(); ++i) {
      negamax[i] = t.max[i] ? t.values[i] : -t.values[i];
      if (t.parents[i] >= 0) kept[i] = t.max[i] == t.max[static_cast<std::size_t>(t.parents[i])];
      kept_edges += kept[i];
    }
    const MinimalTree engine = minimal_tree(t.parents, negamax, kept);
    const Proof expected = exact_proof(t, 0);
    ASSERT_TRUE(expected);
    EXPECT_EQ(engine.nodes, expected->first) << "seed " << seed;
    EXPECT_EQ(engine.leaves, expected->second) << "seed " << seed;
  }
  EXPECT_GT(kept_edges, 100);
}

}  // namespace
}  // namespace arcade::testing
