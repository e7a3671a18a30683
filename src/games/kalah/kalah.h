#pragma once
// Kalah (Mancala), with the empty-capture rule. Each side has a row of
// houses (6 in the standard game; 1 to 6 here, so that small variants can be
// searched to the end) and a store at its right. A move takes every seed of
// one of the mover's non-empty houses and sows them one by one
// counter-clockwise into the following houses and the mover's own store,
// skipping the opponent's store. A last seed in the mover's store gives the
// mover another move. A last seed in an empty house of the mover's captures
// it and the seeds of the house opposite into the mover's store, even when
// that house is empty (the empty-capture rule). As soon as either side's
// houses are all empty the game ends, and the seeds left in the other side's
// houses go to that side's store. The larger store wins, by the difference.
//
// Kalah(h, n) starts with n seeds in each of h houses a side; South moves
// first. The standard game, start(), is Kalah(6, 4).
//
// Why an array of pits: a position is 14 bytes of counts and two of
// variant and side, copied rather than undone; sowing is a loop over the
// ring of the 2h + 2 pits.
//
//   pit index (h = 6), sowing counter-clockwise:
//          North's houses f  e  d  c  b  a
//                   13 | 12 11 10  9  8  7 |
//          North store                       South store
//                      |  0  1  2  3  4  5 | 6
//          South's houses a  b  c  d  e  f
//   South's house i (0 = a) faces North's pit 2h - i; South's store is pit h,
//   North's houses are pits h+1 .. 2h, its store pit 2h + 1.
//
// A move is the house sown, 0 to h-1 from the mover's left (the house
// farthest from its store), written "a" to "f".
//
// Position string: "<h>x<n> <South's houses a..>:<South's store>
// <North's houses a..>:<North's store> <s|n>", the side to move last; the
// start is "6x4 4,4,4,4,4,4:0 4,4,4,4,4,4:0 s". The seeds must add up to
// 2hn, h is 1 to 6, n is 1 to 6, and a finished game (one side's houses
// empty) has every house empty, its seeds already gathered into the stores.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "games/game_description.h"

namespace arcade {

// One pebble, lit from the top left, outlined: a pit's seed in Kalah's
// look (`mirrored`: and its mirror image, two).
constexpr GlyphLayer seed_pebble(float x, float y, float radius, bool mirrored = false) {
  return {.primitive = Primitive::kCircle,
          .p = {x, y, radius},
          .mirrored = mirrored,
          .outlined = true,
          .lit = 0.2f};
}

struct Kalah {
  static constexpr int kMaxHouses = 6;
  static constexpr int kMaxSeedsPerHouse = 6;
  static constexpr int kPits = 2 * kMaxHouses + 2;

  struct Position {
    std::array<std::uint8_t, kPits> pits{};  // counts, as in the diagram above
    std::uint8_t houses = 6;                 // h, houses a side
    std::uint8_t seeds_per_house = 4;        // n, of the variant it started as
    std::uint8_t side = 0;                   // to move: 0 South, 1 North
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "kalah";
  static constexpr std::size_t kMaxMoves = kMaxHouses;
  static constexpr std::size_t kMoveSpace = kMaxHouses;
  // Longer than any game seen, though not proven a bound: the longest of
  // 20,000 random games of Kalah(6, 4) took 77 moves, of Kalah(6, 6) 107,
  // and good play ends sooner (a side that sows empties its houses).
  static constexpr int kMaxGamePlies = 128;
  static constexpr bool kExtraTurns = true;

  // Kalah(houses, seeds): `seeds` in each of `houses` houses a side.
  static Position start_of(int houses, int seeds);
  static Position start() { return start_of(6, 4); }

  static int store_of(const Position& p, int side) {
    return side == 0 ? p.houses : 2 * p.houses + 1;
  }
  // The pit of `side`'s house `house` (0 = a).
  static int pit_of(const Position& p, int side, int house) {
    return side == 0 ? house : p.houses + 1 + house;
  }
  static int seeds_in_houses(const Position& p, int side);
  static int total_seeds(const Position& p) { return 2 * p.houses * p.seeds_per_house; }

  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves);
  static Position play(const Position& p, Move m);
  static Outcome outcome(const Position& p);
  // The stores' difference for the side to move, once the game is over.
  static int final_margin(const Position& p);
  static int side_to_move(const Position& p) { return p.side; }

  // The heuristic, each term the side to move's less the opponent's: the
  // seeds in the stores, the seeds in the houses (they go to their side's
  // store at the end), the houses whose sowing would end in the store now
  // (another move), and the seeds a capture would take now (the largest).
  enum Term { kStores, kHouseSeeds, kExtraMoves, kCaptures, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{
      {"Stores", 100, "seeds in the store"},
      {"HouseSeeds", 20, "seeds in the houses"},
      {"ExtraMoves", 40, "houses whose sowing ends in the store"},
      {"Captures", 30, "seeds the best capture would take"},
  }};
  using Weights = std::array<Score, kTermCount>;
  static Weights term_values(const Position& p, const Weights& weights);
  static Score evaluate(const Position& p, const Weights& weights);
  static std::uint64_t hash(const Position& p);
  // Another move first, then captures by their size.
  static int move_hint(const Position& p, Move m);

  static std::string move_to_text(const Position& p, Move m);
  static Parsed<Move> move_from_text(const Position& p, std::string_view text);
  static std::string to_text(const Position& p);
  static Parsed<Position> from_text(std::string_view text);
  static std::string diagram(const Position& p);

  // The exact value (a margin score, at ply 0) of a position with few seeds
  // left in the houses, read from an endgame table built on first use
  // (kalah_session.cpp); nothing for the others. Perfect play reads it.
  static std::optional<Score> probe(const Position& p);

  // What sowing house m of the side to move does: where the last seed falls,
  // whether it gives another move, and what a capture takes.
  struct Sowing {
    int last_pit = 0;
    bool extra_move = false;
    int captured = 0;  // seeds into the store by a capture (0: none)
    bool ends_game = false;
  };
  static Sowing sowing(const Position& p, Move m);

  // --- How the game shows itself to the app (games/game_description.h) ---

  static constexpr std::string_view kTitle = "Kalah";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"South", "South", false}, {"North", "North", false}}};
  // A pit's seeds as pebbles, lit from the top left, in its owner's colour:
  // one, two and three drawn as that many, along the bowl's upper rim, where
  // the count drawn over the middle leaves them in sight; from four on a
  // heap (its count says how many).
  static constexpr Glyph kOneSeed = shape_glyph({seed_pebble(0, 0.25f, 0.09f)});
  static constexpr Glyph kTwoSeeds = shape_glyph({seed_pebble(0.1f, 0.245f, 0.09f, true)});
  static constexpr Glyph kThreeSeeds =
      shape_glyph({seed_pebble(0.19f, 0.205f, 0.085f, true), seed_pebble(0, 0.26f, 0.085f)});
  static constexpr Glyph kSeedHeap = shape_glyph({
      {.primitive = Primitive::kBeads,
       .p = {0, 0, 0.2f, 0.095f, 7, 0.3f, 0.012f},
       .outlined = true,
       .lit = 0.2f},
      {.primitive = Primitive::kCircle, .p = {0.01f, -0.01f, 0.1f}, .lit = 0.2f},
  });
  static constexpr Rgb kSouthSeed = 0xE8A33D, kNorthSeed = 0x3FB5A5;
  // The fewest seeds drawn as a heap; fewer are drawn one by one.
  static constexpr int kHeapFrom = 4;
  // Seeds on a wooden mancala board of bowls, its stores at the ends: amber
  // for South, teal for North. The sides' pieces are their heaps; then each
  // side's one, two and three seeds (piece_at).
  static constexpr BoardLook kLook = {
      {SurfaceKind::kPits, {0x8A5A30, 0x4A2C15}},
      {PieceLook{kSeedHeap, kSouthSeed, "seed"}, PieceLook{kSeedHeap, kNorthSeed, "seed"},
       PieceLook{kOneSeed, kSouthSeed, "seed"}, PieceLook{kOneSeed, kNorthSeed, "seed"},
       PieceLook{kTwoSeeds, kSouthSeed, "seed"}, PieceLook{kTwoSeeds, kNorthSeed, "seed"},
       PieceLook{kThreeSeeds, kSouthSeed, "seed"}, PieceLook{kThreeSeeds, kNorthSeed, "seed"}}};
  // A grid of h + 2 columns and 2 rows: South's houses a..f on the bottom
  // row from column 1, its store at the right (column h + 1); North's houses
  // on the top row, its a on the right (column h), its store at the left
  // (column 0). The two corners left are no pit: each end column is one
  // store (the surface draws it so). Moves name a house of the mover's by a
  // letter, which the board's edges cannot show for both sides.
  static constexpr BoardLayout kBoardLayout = {
      kLook, {kMaxHouses + 2, 2}, Placement::kOnCell, 0, {}};
  static constexpr std::string_view kStartLabel = "Seeds a house";
  static constexpr std::string_view kHowToMove = "a house of yours to sow its seeds";
  static std::vector<StartVariant<Position>> start_variants();
  static Grid grid(const Position& p) { return {p.houses + 2, 2}; }
  // A pit with seeds shows its owner's pebbles (kLook): as many as it holds
  // up to three, else its heap; its count says how many.
  static Piece piece_at(const Position& p, Cell c);
  static std::optional<int> count_at(const Position& p, Cell c);
  // Sowing takes from the house and changes, in the order sown, every pit
  // whose count it changes (a capture's too).
  static MoveCells move_cells(const Position& p, Move m);
  static std::string move_words(const Position& p, Move m);
  static std::string end_in_words(const Position& p);
  // The seeds in each side's store.
  static constexpr std::string_view kSideCountNoun = "seed";
  static int side_count(const Position& p, int side) { return p.pits[store_of(p, side)]; }

  // The pit a cell shows, or -1; and back.
  static int pit_at(const Position& p, Cell c);
  static Cell cell_of_pit(const Position& p, int pit);
};

static_assert(Game<Kalah>);
static_assert(HasExtraTurns<Kalah>);
static_assert(HasFinalMargin<Kalah>);
static_assert(HasOracle<Kalah>);
static_assert(GameDescription<Kalah>);

}  // namespace arcade
