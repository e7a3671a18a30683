// Pruning must not change the answer: on random positions of every game,
// alpha-beta with each enhancement returns the value plain minimax returns
// at the same depth, while visiting fewer nodes.

#include <gtest/gtest.h>

#include "all_games.h"
#include "engine/agents.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

template <class G>
class SearchEquivalence : public ::testing::Test {};
TYPED_TEST_SUITE(SearchEquivalence, AllGames);

struct Variant {
  const char* name;
  SearchOptions options;
};

std::vector<Variant> variants() {
  SearchOptions plain_ab = plain_minimax();
  plain_ab.algorithm = Algorithm::kAlphaBeta;
  SearchOptions ordered = plain_ab;
  ordered.use_ordering = true;
  SearchOptions full;  // ordering, table, iterative deepening
  SearchOptions full_ties = full;
  full_ties.random_ties = true;
  return {{"minimax", plain_minimax()},
          {"alpha-beta", plain_ab},
          {"alpha-beta+ordering", ordered},
          {"alpha-beta+ordering+table+deepening", full},
          {"same, with random ties", full_ties}};
}

TYPED_TEST(SearchEquivalence, EveryEnhancementKeepsTheMinimaxValue) {
  using G = TypeParam;
  if constexpr (MultiAgentGame<G>)
    GTEST_SKIP() << "a game of more than two agents has its own search, checked in "
                    "agent_search_test.cpp";
  const int depth = kMinimaxDepth<G>;
  std::mt19937_64 rng(11);
  const std::vector<Variant> all = variants();
  std::vector<std::uint64_t> total_nodes(all.size());
  int compared = 0;
  for (int i = 0; i < 40; ++i) {
    const auto p = random_position<G>(static_cast<int>(rng() % (G::kMaxGamePlies / 2 + 1)), rng);
    if (G::outcome(p) != Outcome::kOngoing) continue;
    ++compared;
    const SearchInfo reference = search_once<G>(p, all[0].options, depth);
    total_nodes[0] += reference.stats.nodes;
    for (std::size_t v = 1; v < all.size(); ++v) {
      const SearchInfo info = search_once<G>(p, all[v].options, depth);
      EXPECT_EQ(info.score, reference.score) << all[v].name << " at " << G::to_text(p);
      total_nodes[v] += info.stats.nodes;
    }
  }
  ASSERT_GT(compared, 20);
  // Alpha-beta must prune; ordering and the table must prune more.
  EXPECT_LT(total_nodes[1], total_nodes[0]);
  EXPECT_LT(total_nodes[2], total_nodes[1]);
  EXPECT_LT(total_nodes[3], total_nodes[1]);
  for (std::size_t v = 0; v < all.size(); ++v)
    std::cout << "  " << G::kName << " depth " << depth << " " << all[v].name << ": "
              << total_nodes[v] << " nodes\n";
}

TYPED_TEST(SearchEquivalence, RandomTiesPickOnlyBestMovesAndRepeatWithTheSeed) {
  using G = TypeParam;
  if constexpr (MultiAgentGame<G>)
    GTEST_SKIP() << "a game of more than two agents has its own search, checked in "
                    "agent_search_test.cpp";
  std::mt19937_64 rng(12);
  for (int i = 0; i < 10; ++i) {
    const auto p = random_position<G>(static_cast<int>(rng() % 6), rng);
    if (G::outcome(p) != Outcome::kOngoing) continue;
    SearchOptions options;
    options.random_ties = true;
    options.root_scores = true;
    options.seed = 100 + i;
    const SearchInfo first = search_once<G>(p, options, 4);
    const SearchInfo again = search_once<G>(p, options, 4);
    EXPECT_EQ(first.best, again.best) << "same seed, same move";
    Score best = -kInfinity;
    for (const RootMoveScore& r : first.root_scores) best = std::max(best, r.score);
    for (const RootMoveScore& r : first.root_scores) {
      if (r.move != first.best) continue;
      EXPECT_EQ(r.score, best) << G::to_text(p);
    }
  }
}

}  // namespace
}  // namespace arcade::testing
