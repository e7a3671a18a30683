#pragma once
// Wolf and Sheep (Fox and Hounds with four hounds) on the dark squares of an
// 8x8 board; a1 is dark. Four wolves start on b8 d8 f8 h8 and move one step
// diagonally towards rank 1; the sheep starts on a dark square of rank 1 and
// moves one step diagonally either way. Nobody captures. The sheep moves first
// and wins on reaching rank 8 or once no wolf is left ahead of it (every wolf
// on its rank or below); the side to move with no legal move loses. The game
// is finite (the wolves only go forward) and has no draws.
//
// Why a bitboard: the wolves are one 64-bit set, so a position is ten bytes,
// copied rather than undone, and the sheep's path search is a few shifts.
//
//   square = (rank - 1) * 8 + file,  a1 = 0, h1 = 7, a8 = 56, h8 = 63
//   rank 8 | 56 57 58 59 60 61 62 63 |   dark squares: (rank + file) even
//   ...
//   rank 1 |  0  1  2  3  4  5  6  7 |
//             a  b  c  d  e  f  g  h
//
// A move is from * 64 + to, written "e1d2" (also read as "e1-d2", or just
// the destination "d2" when only one legal move goes there).
//
// Position string: the ranks from 8 down to 1 joined by '/', a digit for a run
// of empty squares, 'w' a wolf, 's' the sheep; then a space and the side to
// move, 's' or 'w'. The start (sheep on e1): "1w1w1w1w/8/8/8/8/8/8/4s3 s".

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "games/game_description.h"
#include "games/wolfsheep/wolfsheep_look.h"

namespace arcade {

struct WolfSheep {
  struct Position {
    std::uint64_t wolves = 0;  // one bit per square holding a wolf
    std::uint8_t sheep = 0;    // the sheep's square
    bool sheep_to_move = true;
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "wolfsheep";
  static constexpr std::size_t kMaxMoves = 8;  // four wolves with two steps each
  static constexpr std::size_t kMoveSpace = 64 * 64;
  // The wolves have 4 * 7 = 28 steps in them and the sheep moves at most once
  // more than they do: 57 plies at most.
  static constexpr int kMaxGamePlies = 60;
  static constexpr int kWolfCount = 4;
  // The default start puts the sheep on e1, one of the two central choices.
  static constexpr int kDefaultSheepFile = 4;

  static Position start() { return start_with_sheep_on(kDefaultSheepFile); }
  // The wolves at home and the sheep on rank 1 of `file`: 0 (a1), 2 (c1),
  // 4 (e1) or 6 (g1), the dark squares of rank 1.
  static Position start_with_sheep_on(int file);

  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves);
  static Position play(const Position& p, Move m);
  static Outcome outcome(const Position& p);
  // The heuristic's terms, from the sheep's view and negated when the wolves
  // are to move. With the wolves frozen where they stand, the sheep either
  // has a way to the foremost wolf's rank (WayOut, and WayLength its steps)
  // or is penned in (Penned, and PenSize the squares it can reach).
  enum Term { kWayOut, kWayLength, kPenned, kPenSize, kSheepMoves, kLineGaps, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{
      {"WayOut", 2000, "the sheep has a way past the wolves"},
      {"WayLength", -100, "steps of the sheep's shortest way past them"},
      {"Penned", -1500, "the wolves wall the sheep in"},
      {"PenSize", 40, "squares the penned sheep can reach"},
      {"SheepMoves", 10, "the sheep's legal moves"},
      {"LineGaps", 20, "holes between neighbouring wolves"},
  }};
  using Weights = std::array<Score, kTermCount>;
  static Weights term_values(const Position& p, const Weights& weights);
  static Score evaluate(const Position& p, const Weights& weights);
  static std::uint64_t hash(const Position& p);
  static int move_hint(const Position& p, Move m);

  static std::string move_to_text(const Position& p, Move m);
  static Parsed<Move> move_from_text(const Position& p, std::string_view text);
  static std::string to_text(const Position& p);
  static Parsed<Position> from_text(std::string_view text);
  static std::string diagram(const Position& p);

  // The exact value from the complete solution (wolfsheep_solution.h).
  static std::optional<Score> probe(const Position& p);

  // The sheep has reached rank 8 or has no wolf ahead of it.
  static bool sheep_has_won(const Position& p);
  // Why a well-formed position cannot arise from any start, or nothing. The
  // checks are necessary conditions (see wolfsheep.cpp), not a full proof
  // that some game reaches the position.
  static std::optional<std::string> impossibility(const Position& p);

  static constexpr int file_of(int square) { return square & 7; }
  static constexpr int rank_of(int square) { return square >> 3; }  // 0 for rank 1
  static constexpr bool is_dark(int square) { return (file_of(square) + rank_of(square)) % 2 == 0; }
  static constexpr Move make_move(int from, int to) { return static_cast<Move>(from * 64 + to); }
  static constexpr int move_from(Move m) { return m / 64; }
  static constexpr int move_to(Move m) { return m % 64; }
  // Steps the wolves have taken in all: 0 at the start, 28 at most.
  static int wolves_advance(const Position& p);

  // --- How the game shows itself to the app (games/game_description.h) ---

  static constexpr std::string_view kTitle = "Wolf and Sheep";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"Sheep", "The sheep", false}, {"Wolves", "The wolves", true}}};
  // A white sheep and charcoal wolves (wolfsheep_look.h) on walnut and
  // maple squares.
  static constexpr BoardLook kLook = {{SurfaceKind::kChequered, {0x785238, 0xEBD9B8}},
                                      {PieceLook{wolfsheep::sheep_glyph(), 0xF9F6ED, "sheep"},
                                       PieceLook{wolfsheep::wolf_glyph(), 0x474A52, "wolf"}}};
  // Files a-h, ranks 1-8 from the sheep's side at the bottom, as in chess.
  static constexpr BoardLayout kBoardLayout = {
      kLook, {8, 8}, Placement::kOnCell, 0, {AxisNames::kLetters, AxisNames::kNumbers}};
  static constexpr std::string_view kStartLabel = "Sheep starts on";
  // The sheep on a1, c1, e1 (start()) or g1.
  static std::vector<StartVariant<Position>> start_variants();
  static int side_to_move(const Position& p) { return p.sheep_to_move ? 0 : 1; }
  static Piece piece_at(const Position& p, Cell c);
  static MoveCells move_cells(const Position& p, Move m);
  static std::string end_in_words(const Position& p);
};

static_assert(Game<WolfSheep>);
static_assert(GameDescription<WolfSheep>);
static_assert(HasOracle<WolfSheep>);

}  // namespace arcade
