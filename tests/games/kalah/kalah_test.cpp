// Kalah's rules on positions worked out by hand, its position strings, and
// its exact values: the solver, the engine's search and the session's
// `solve` against a plain minimax written here, on variants small enough to
// search to the end.

#include "games/kalah/kalah.h"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <random>
#include <string>

#include "engine/search.h"
#include "games/kalah/kalah_session.h"
#include "games/kalah/kalah_solver.h"

namespace arcade::testing {
namespace {

Kalah::Position position(std::string_view text) {
  const Parsed<Kalah::Position> p = Kalah::from_text(text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error();
  return *p;
}

Kalah::Position played(Kalah::Position p, std::string_view moves) {
  for (char c : moves) {
    const Parsed<Move> m = Kalah::move_from_text(p, std::string(1, c));
    EXPECT_TRUE(m.ok()) << c << ": " << m.error();
    p = Kalah::play(p, *m);
  }
  return p;
}

// --- The rules, by hand ---------------------------------------------------

TEST(KalahRules, TheStartIsKalahSixFour) {
  const Kalah::Position p = Kalah::start();
  EXPECT_EQ(Kalah::to_text(p), "6x4 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s");
  MoveList<Kalah::kMaxMoves> moves;
  Kalah::generate_moves(p, moves);
  EXPECT_EQ(moves.size(), 6u);
}

// South's c holds 4: d, e, f and the store; South moves again.
TEST(KalahRules, ALastSeedInTheStoreGivesAnotherMove) {
  const Kalah::Position p = played(Kalah::start(), "c");
  EXPECT_EQ(Kalah::to_text(p), "6x4 4,4,0,5,5,5:1 4,4,4,4,4,4:0 s");
  EXPECT_EQ(Kalah::move_words(Kalah::start(), 2),
            "South moves again: the last seed fell in its store.");
  // Then f (5 seeds): the store and North's a..d; North to move.
  EXPECT_EQ(Kalah::to_text(played(p, "f")), "6x4 4,4,0,5,5,0:2 5,5,5,5,4,4:0 n");
}

// South's a (1 seed) ends in its empty b, facing North's e (7 seeds): 8 to
// South's store.
TEST(KalahRules, ALastSeedInAnEmptyHouseCapturesTheHouseOpposite) {
  const Kalah::Position p = position("6x4 1,0,4,4,4,4:4 4,4,4,4,7,1:3 s");
  EXPECT_EQ(Kalah::to_text(played(p, "a")), "6x4 0,0,4,4,4,4:12 4,4,4,4,0,1:3 n");
  EXPECT_EQ(Kalah::move_words(p, 0),
            "South captures 8 seeds: the last seed fell in an empty house of its own.");
}

// The empty-capture rule: the last seed is taken though North's e is empty.
TEST(KalahRules, AnEmptyHouseOppositeStillTakesTheLastSeed) {
  const Kalah::Position p = position("6x4 1,0,4,4,4,4:7 4,4,4,4,0,1:7 s");
  EXPECT_EQ(Kalah::to_text(played(p, "a")), "6x4 0,0,4,4,4,4:8 4,4,4,4,0,1:7 n");
}

// South's f with 8 seeds: its store, North's six houses, not North's store,
// then South's a.
TEST(KalahRules, SowingSkipsTheOpponentsStore) {
  const Kalah::Position p = position("6x4 2,2,2,2,2,8:9 2,2,2,2,2,2:9 s");
  EXPECT_EQ(Kalah::to_text(played(p, "f")), "6x4 3,2,2,2,2,0:10 3,3,3,3,3,3:9 n");
}

// North's last seeds empty its houses: South's go to South's store, and
// the game is over.
TEST(KalahRules, WhenOneSideIsEmptyTheOtherKeepsItsSeeds) {
  const Kalah::Position p = position("6x4 1,0,0,0,0,3:20 0,0,0,0,0,1:23 n");
  const Kalah::Position end = played(p, "f");
  EXPECT_EQ(Kalah::to_text(end), "6x4 0,0,0,0,0,0:24 0,0,0,0,0,0:24 n");
  EXPECT_EQ(Kalah::outcome(end), Outcome::kDrawn);
  EXPECT_EQ(Kalah::end_in_words(end), "Draw: 24 seeds each.");
  const Kalah::Position won = played(position("6x4 1,0,0,0,0,3:19 0,0,0,0,0,1:24 n"), "f");
  EXPECT_EQ(Kalah::end_in_words(won), "North wins: 25 seeds to 23.");
  EXPECT_EQ(Kalah::final_margin(won), 2);  // North to move after its extra turn
}

// A pit shows as many pebbles as it holds up to three, in its owner's
// colour, and a heap from four on: its piece is drawn by a glyph of that
// many pebbles or by its side's own heap.
TEST(KalahLook, APitShowsItsSeedsOneByOneUpToThreeThenAHeap) {
  // South: a 0, b 1, c 2, d 3, e 4, f 20; North's a..f 1, 2, 3, 4, 0, 5.
  const Kalah::Position p = position("6x4 0,1,2,3,4,20:0 1,2,3,4,0,5:3 s");
  // The pebbles a glyph draws: its beads, and its circles (twice mirrored).
  const auto beads = [](const PieceLook& look) {
    int n = 0;
    for (int i = 0; i < look.glyph.layer_count; ++i) {
      const GlyphLayer& layer = look.glyph.layers[i];
      if (layer.primitive == Primitive::kBeads) n += static_cast<int>(layer.p[4]);
      if (layer.primitive == Primitive::kCircle) n += layer.mirrored ? 2 : 1;
    }
    return n;
  };
  for (int house = 0; house < 6; ++house) {
    for (int side = 0; side < 2; ++side) {
      const int pit = side == 0 ? house : 7 + house;
      const Cell cell = Kalah::cell_of_pit(p, pit);
      const int seeds = p.pits[pit];
      const Piece piece = Kalah::piece_at(p, cell);
      SCOPED_TRACE("side " + std::to_string(side) + " house " + std::to_string(house));
      EXPECT_EQ(Kalah::count_at(p, cell), seeds);
      if (seeds == 0) {
        EXPECT_EQ(piece, Piece::kNone);
        continue;
      }
      const PieceLook& look = Kalah::kLook.pieces[static_cast<int>(piece) - 1];
      EXPECT_EQ(look.colour, Kalah::kLook.pieces[side].colour) << "its owner's colour";
      if (seeds < 4) {
        EXPECT_EQ(beads(look), seeds);
      } else {
        EXPECT_EQ(piece, side == 0 ? Piece::kFirstSide : Piece::kSecondSide);
        EXPECT_GT(beads(look), 4) << "a heap";
      }
    }
  }
}

TEST(KalahText, MalformedAndImpossiblePositionsAreRejected) {
  for (const char* text :
       {"6x4", "7x4 4,4,4,4,4,4,4:0 4,4,4,4,4,4,4:0 s", "6x4 4,4,4,4,4:0 4,4,4,4,4,4:0 s",
        "6x4 4,4,4,4,4,4:0 4,4,4,4,4,4:0 w", "6x4 4,4,4,4,4,4:1 4,4,4,4,4,4:0 s",
        "6x4 4,4,4,4,4,x:0 4,4,4,4,4,4:0 s", "6x4 0,0,0,0,0,0:20 4,4,4,4,4,4:4 s",
        "6x0 0,0,0,0,0,0:0 0,0,0,0,0,0:0 s", "6x4 4,4,4,4,4,4 4,4,4,4,4,4:0 s"})
    EXPECT_FALSE(Kalah::from_text(text).ok()) << text;
  EXPECT_TRUE(Kalah::from_text("3x2 0,1,5:2 1,0,0:3 n").ok());
}

TEST(KalahText, MovesAreTheMoversHousesFromItsLeft) {
  const Kalah::Position p = position("3x2 0,1,5:2 1,0,0:3 n");
  EXPECT_TRUE(Kalah::move_from_text(p, "a").ok());
  EXPECT_FALSE(Kalah::move_from_text(p, "b").ok());  // empty
  EXPECT_FALSE(Kalah::move_from_text(p, "d").ok());  // no such house
}

// --- Exact values ----------------------------------------------------------

// Plain minimax to the end of the game: South maximises South's store less
// North's, North minimises it, whoever moved before; no negation, no
// pruning. Remembered by position only to keep the variants quick.
int south_margin(const Kalah::Position& p, std::map<std::string, int>& memo) {
  if (Kalah::outcome(p) != Outcome::kOngoing)
    return p.pits[Kalah::store_of(p, 0)] - p.pits[Kalah::store_of(p, 1)];
  const std::string key = Kalah::to_text(p);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  MoveList<Kalah::kMaxMoves> moves;
  Kalah::generate_moves(p, moves);
  int best = p.side == 0 ? -1000 : 1000;
  for (Move m : moves) {
    const int v = south_margin(Kalah::play(p, m), memo);
    best = p.side == 0 ? std::max(best, v) : std::min(best, v);
  }
  memo.emplace(key, best);
  return best;
}

int margin_for_mover(const Kalah::Position& p, std::map<std::string, int>& memo) {
  const int south = south_margin(p, memo);
  return p.side == 0 ? south : -south;
}

struct Variant {
  int houses, seeds;
};
constexpr Variant kSmallVariants[] = {{1, 1}, {1, 3}, {2, 2}, {2, 4}, {3, 1},
                                      {3, 2}, {3, 3}, {4, 1}, {4, 2}};

// Positions along random games of the variant, its start first.
std::vector<Kalah::Position> positions_of(Variant v, int games, std::mt19937_64& rng) {
  std::vector<Kalah::Position> all{Kalah::start_of(v.houses, v.seeds)};
  for (int g = 0; g < games; ++g) {
    Kalah::Position p = all.front();
    while (Kalah::outcome(p) == Outcome::kOngoing) {
      MoveList<Kalah::kMaxMoves> moves;
      Kalah::generate_moves(p, moves);
      p = Kalah::play(p, moves[rng() % moves.size()]);
      if (Kalah::outcome(p) == Outcome::kOngoing && rng() % 3 == 0) all.push_back(p);
    }
  }
  return all;
}

TEST(KalahSolver, TheSolverIsThePlainMinimaxOfSmallVariants) {
  std::mt19937_64 rng(34);
  for (const Variant v : kSmallVariants) {
    std::map<std::string, int> memo;
    // Searched above a small endgame table, and read from a table of every
    // board of the variant.
    KalahSolver searched(v.houses, 3, 16);
    KalahSolver read(v.houses, 2 * v.houses * v.seeds, 4);
    for (const Kalah::Position& p : positions_of(v, 20, rng)) {
      const int expected = margin_for_mover(p, memo);
      EXPECT_EQ(searched.value(p), expected) << Kalah::to_text(p);
      EXPECT_EQ(read.value(p), expected) << Kalah::to_text(p);
    }
  }
}

TEST(KalahSolver, TheBestLineKeepsTheValueToTheEnd) {
  for (const Variant v : {Variant{3, 3}, Variant{4, 2}}) {
    std::map<std::string, int> memo;
    KalahSolver solver(v.houses, 4, 16);
    const Kalah::Position start = Kalah::start_of(v.houses, v.seeds);
    const std::optional<std::vector<Move>> line = solver.best_line(start);
    ASSERT_TRUE(line);
    Kalah::Position p = start;
    for (Move m : *line) {
      // Each move is one a plain minimax plays too.
      const Kalah::Position next = Kalah::play(p, m);
      EXPECT_EQ(south_margin(next, memo), south_margin(p, memo)) << Kalah::to_text(p);
      p = next;
    }
    EXPECT_NE(Kalah::outcome(p), Outcome::kOngoing);
  }
}

// The engine's own search, with extra turns (engine/game.h), proves the
// same values to the end of the game.
TEST(KalahSolver, TheEnginesSearchProvesTheSameValues) {
  std::mt19937_64 rng(35);
  for (const Variant v : {Variant{2, 2}, Variant{3, 2}, Variant{3, 3}}) {
    std::map<std::string, int> memo;
    for (const Kalah::Position& p : positions_of(v, 5, rng)) {
      TranspositionTable table(4);
      std::atomic<bool> stop{false};
      const SearchInfo info = Searcher<Kalah>(table).search(p, {}, {}, stop);
      EXPECT_TRUE(info.proven) << Kalah::to_text(p);
      EXPECT_EQ(info.score, margin_score(margin_for_mover(p, memo))) << Kalah::to_text(p);
    }
  }
}

TEST(KalahSolver, TheOracleIsExactWhereItAnswers) {
  std::mt19937_64 rng(36);
  int answered = 0;
  for (const Variant v : {Variant{3, 2}, Variant{4, 2}, Variant{6, 1}}) {
    std::map<std::string, int> memo;
    for (const Kalah::Position& p : positions_of(v, 20, rng)) {
      const std::optional<Score> known = Kalah::probe(p);
      if (!known) continue;
      ++answered;
      EXPECT_EQ(*known, margin_score(margin_for_mover(p, memo))) << Kalah::to_text(p);
    }
  }
  EXPECT_GT(answered, 50);
}

// The Perfect level's search solves a position with few seeds left and
// plays a move that keeps its value.
TEST(KalahSolver, PerfectPlaySolvesPositionsWithFewSeedsLeft) {
  std::mt19937_64 rng(37);
  for (const Variant v : {Variant{3, 3}, Variant{4, 2}}) {
    std::map<std::string, int> memo;
    KalahSession session;
    for (const Kalah::Position& p : positions_of(v, 5, rng)) {
      ASSERT_FALSE(session.set_position(Kalah::to_text(p), {}));
      SearchOptions options;
      options.use_oracle = true;
      const std::atomic<bool> stop{false};
      const SearchReport report = session.search({0, 9000, 0}, options, stop, {});
      const int expected = margin_for_mover(p, memo);
      EXPECT_TRUE(report.proven) << Kalah::to_text(p);
      EXPECT_EQ(report.score, margin_score(expected)) << Kalah::to_text(p);
      const Kalah::Position next = Kalah::play(p, *Kalah::move_from_text(p, report.best));
      const int after = margin_for_mover(next, memo);
      EXPECT_EQ(next.side == p.side ? after : -after, expected) << Kalah::to_text(p);
    }
  }
}

// `solve` says who wins a small variant's start, by what the plain minimax
// finds, and a line that keeps it.
TEST(KalahSolver, SolveSaysTheWinnerAndTheMargin) {
  for (const Variant v : {Variant{3, 3}, Variant{4, 2}}) {
    std::map<std::string, int> memo;
    const Kalah::Position start = Kalah::start_of(v.houses, v.seeds);
    const int south = south_margin(start, memo);
    KalahSession session;
    ASSERT_FALSE(session.set_position(Kalah::to_text(start), {}));
    const std::atomic<bool> stop{false};
    const Parsed<std::string> solution = session.solve(stop);
    ASSERT_TRUE(solution.ok()) << solution.error();
    const std::string expected = south == 0
                                     ? "draw"
                                     : std::string(south > 0 ? "South" : "North") + " wins by " +
                                           std::to_string(south > 0 ? south : -south);
    EXPECT_EQ(solution->rfind(expected + ", best move ", 0), 0u) << *solution;
  }
}

}  // namespace
}  // namespace arcade::testing
