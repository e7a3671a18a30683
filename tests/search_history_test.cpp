// The history heuristic's counters (engine/search.h, updated_history): no
// sequence of cut-offs may take them out of [-kMaxHistory, kMaxHistory]
// (a protocol fuzz under UBSan found `2147483291 + 784` overflowing an int
// in a long Connect Four search), and below the move ordering's cap they
// must still count cut-offs as the plain sum of depth squared did, so that
// ordering is as good as before.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "engine/search.h"

namespace arcade::testing {
namespace {

constexpr std::int64_t kMax = kMaxHistory;
// The largest bonus a search gives: depth squared at its deepest ply.
constexpr std::int64_t kDeepest = 127 * 127;

bool in_bounds(std::int64_t h) {
  return h >= -kMax && h <= kMax;
}

TEST(SearchHistory, EveryUpdateOfAnExtremeCounterStaysWithinTheBound) {
  const std::vector<std::int64_t> counters = {-kMax, -kMax + 1, -kMax / 2, -1,  0,
                                              1,     kMax / 2,  kMax - 1,  kMax};
  const std::vector<std::int64_t> bonuses = {std::numeric_limits<std::int64_t>::min(),
                                             -(std::int64_t{1} << 40),
                                             -kMax - 1,
                                             -kMax,
                                             -kDeepest,
                                             -1,
                                             0,
                                             1,
                                             784,
                                             kDeepest,
                                             kMax,
                                             kMax + 1,
                                             std::int64_t{1} << 40,
                                             std::numeric_limits<std::int64_t>::max()};
  for (std::int64_t h : counters)
    for (std::int64_t bonus : bonuses) {
      const std::int64_t next = updated_history(static_cast<std::int32_t>(h), bonus);
      EXPECT_TRUE(in_bounds(next)) << h << " + " << bonus << " gave " << next;
      // A bonus never moves the counter the other way.
      if (bonus > 0) {
        EXPECT_GE(next, h) << h << " + " << bonus;
      } else if (bonus < 0) {
        EXPECT_LE(next, h) << h << " + " << bonus;
      }
    }
}

// The fuzz case's shape: the same move cutting off again and again at the
// deepest ply. The plain sum passes 2^31 after 133,000 such cut-offs; the
// counter must instead rise towards the bound and stay there.
TEST(SearchHistory, AMillionDeepestCutoffsSaturateAtTheBound) {
  std::int32_t h = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const std::int32_t next = updated_history(h, kDeepest);
    ASSERT_TRUE(in_bounds(next)) << "after " << i << " cut-offs: " << next;
    ASSERT_GE(next, h) << "after " << i << " cut-offs";
    h = next;
  }
  // Within a thousandth of the bound: saturated, not stuck or wrapped.
  EXPECT_GT(h, kMax - kMax / 1000);
}

TEST(SearchHistory, RandomSequencesOfAnySignStayWithinTheBound) {
  std::mt19937_64 rng(32);
  std::uniform_int_distribution<std::int64_t> any_bonus(-2 * kMax, 2 * kMax);
  std::uniform_int_distribution<int> depth(1, 127);
  std::int32_t h = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    // Half the time a search's own bonus (depth squared, either sign), half
    // the time anything at all.
    std::int64_t bonus = any_bonus(rng);
    if (i % 2 == 0) {
      const std::int64_t d = depth(rng);
      bonus = (rng() & 1) ? d * d : -d * d;
    }
    h = updated_history(h, bonus);
    ASSERT_TRUE(in_bounds(h)) << "step " << i << ": " << h;
  }
}

// A counter that is higher stays at least as high after the same update, so
// the update never reorders two moves that had the same cut-offs since.
TEST(SearchHistory, TheUpdateKeepsTheCountersOrder) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<std::int64_t> counter(-kMax, kMax);
  std::uniform_int_distribution<std::int64_t> bonus(-kMax, kMax);
  for (int i = 0; i < 200'000; ++i) {
    std::int64_t a = counter(rng), b = counter(rng);
    if (a > b) std::swap(a, b);
    const std::int64_t bonus_now = i % 2 ? bonus(rng) : kDeepest;
    EXPECT_LE(updated_history(static_cast<std::int32_t>(a), bonus_now),
              updated_history(static_cast<std::int32_t>(b), bonus_now))
        << a << " and " << b << " + " << bonus_now;
  }
}

// The ordering reads history up to 2^22 (score_moves). Up to there, counters
// fed a search's bonuses stay within 1% of the plain sum: ordering as good
// as the unbounded counter's; and while counter times bonus is below the
// bound they are exactly the plain sum.
TEST(SearchHistory, BelowTheOrderingsCapTheCounterIsThePlainSum) {
  constexpr std::int64_t kOrderingCap = std::int64_t{1} << 22;
  std::int64_t plain = 0;
  std::int32_t h = 0;
  bool exact = true;
  for (int i = 0; plain < kOrderingCap; ++i) {
    const std::int64_t d = 1 + i % 40;
    exact = exact && h * d * d < kMax;
    h = updated_history(h, d * d);
    plain += d * d;
    if (exact) {
      ASSERT_EQ(h, plain) << "cut-off " << i;
    }
    ASSERT_GE(h, plain - plain / 100) << "cut-off " << i;
  }
}

}  // namespace
}  // namespace arcade::testing
