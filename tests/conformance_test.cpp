// The conformance suite: what every game must satisfy for the engine, the
// protocol and the app to rely on it, checked on random games.

#include <gtest/gtest.h>

#include <set>

#include "all_games.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

template <class G>
class Conformance : public ::testing::Test {};
TYPED_TEST_SUITE(Conformance, AllGames);

constexpr int kPlayouts = 300;

TYPED_TEST(Conformance, RandomPlayoutsEndWithinTheGameLength) {
  using G = TypeParam;
  std::mt19937_64 rng(1);
  for (int i = 0; i < kPlayouts; ++i) {
    const auto line = random_playout<G>(G::start(), rng);
    EXPECT_LE(static_cast<int>(line.size()) - 1, G::kMaxGamePlies);
    EXPECT_NE(G::outcome(line.back()), Outcome::kOngoing);
  }
}

TYPED_TEST(Conformance, PositionStringsRoundTrip) {
  using G = TypeParam;
  std::mt19937_64 rng(2);
  for (int i = 0; i < kPlayouts; ++i) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      const std::string text = G::to_text(p);
      const Parsed<typename G::Position> back = G::from_text(text);
      ASSERT_TRUE(back.ok()) << text << ": " << back.error();
      EXPECT_EQ(G::to_text(*back), text);
      EXPECT_EQ(G::hash(*back), G::hash(p)) << text;
    }
  }
}

TYPED_TEST(Conformance, GeneratedMovesAreDistinctLegalAndReadBack) {
  using G = TypeParam;
  std::mt19937_64 rng(3);
  for (int i = 0; i < kPlayouts; ++i) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      if (G::outcome(p) != Outcome::kOngoing) continue;
      MoveList<G::kMaxMoves> moves;
      G::generate_moves(p, moves);
      ASSERT_FALSE(moves.empty()) << "an ongoing game with no move: " << G::to_text(p);
      std::set<Move> seen;
      for (Move m : moves) {
        EXPECT_LT(m, G::kMoveSpace);
        EXPECT_TRUE(seen.insert(m).second) << "duplicate move in " << G::to_text(p);
        const Parsed<Move> read = G::move_from_text(p, G::move_to_text(p, m));
        ASSERT_TRUE(read.ok()) << G::move_to_text(p, m) << ": " << read.error();
        EXPECT_EQ(*read, m);
        EXPECT_NE(G::hash(G::play(p, m)), G::hash(p)) << "a move that changes nothing";
      }
    }
  }
}

TYPED_TEST(Conformance, ResultsAreConsistent) {
  using G = TypeParam;
  std::mt19937_64 rng(4);
  for (int i = 0; i < kPlayouts; ++i) {
    for (const auto& p : random_playout<G>(G::start(), rng)) {
      const Score eval = G::evaluate(p);
      EXPECT_LE(std::abs(eval), kMaxHeuristic) << G::to_text(p);
      // A finished game searched to any depth is exactly its result.
      if (G::outcome(p) == Outcome::kOngoing) continue;
      const SearchInfo info = search_once<G>(p, {}, 3);
      EXPECT_TRUE(info.proven);
      EXPECT_EQ(info.score, terminal_score(G::outcome(p), 0));
      EXPECT_EQ(info.best, kNoMove);
    }
  }
}

TYPED_TEST(Conformance, GarbageIsRejected) {
  using G = TypeParam;
  for (const char* text : {"", " ", "xyz", "////////", "1/2/3", "\x01\x02", "999999999999"}) {
    EXPECT_FALSE(G::from_text(text).ok()) << "accepted position '" << text << "'";
    EXPECT_FALSE(G::move_from_text(G::start(), text).ok()) << "accepted move '" << text << "'";
  }
}

}  // namespace
}  // namespace arcade::testing
