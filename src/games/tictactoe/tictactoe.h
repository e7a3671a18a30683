#pragma once
// Tic-tac-toe on a 3x3 board. X moves first. Squares are named a1..c3 (file
// a-c from the left, rank 1-3 from the bottom), bit = (rank - 1) * 3 + file.
//
//   rank 3 | 6 7 8 |
//   rank 2 | 3 4 5 |
//   rank 1 | 0 1 2 |
//            a b c
//
// Position string: the ranks from 3 down to 1, '/' between them, 'x', 'o' or
// '.' per square, e.g. "x.o/.x./..o". The side to move follows from the counts.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "games/game_description.h"

namespace arcade {

struct TicTacToe {
  struct Position {
    std::uint16_t mover = 0;     // squares of the side to move
    std::uint16_t opponent = 0;  // squares of the other side
    std::uint8_t plies = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::size_t kMaxMoves = 9;
  static constexpr std::size_t kMoveSpace = 9;
  static constexpr int kMaxGamePlies = 9;

  static Position start() { return {}; }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves);
  static Position play(const Position& p, Move m);
  static Outcome outcome(const Position& p);
  // The heuristic: lines still open to one side only (no mark of the other),
  // by how many marks of that side they hold; each term is the side to move's
  // count minus the opponent's. A full line ends the game, so the search never
  // evaluates a position with one: ThreeInLine only shows in `eval`.
  enum Term { kOneInLine, kTwoInLine, kThreeInLine, kTermCount };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{
      {"OneInLine", 1, "open lines holding one mark"},
      {"TwoInLine", 10, "open lines holding two marks"},
      {"ThreeInLine", 100, "lines of three marks"},
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

  static bool x_to_move(const Position& p) { return p.plies % 2 == 0; }
  static bool has_line(std::uint16_t squares);

  // --- How the game shows itself to the app (games/game_description.h) ---

  static constexpr std::string_view kTitle = "Tic-tac-toe";
  static constexpr std::array<SideDescription, 2> kSides = {{{"X", "X", false}, {"O", "O", false}}};
  // A coral cross and a sky-blue nought between light lines on a dark panel.
  static constexpr BoardLook kLook = {{SurfaceKind::kGridLines, {0x1A202C, 0xBFC4D9}},
                                      {PieceLook{Glyph{GlyphKind::kCross}, 0xFF6B61, "cross"},
                                       PieceLook{Glyph{GlyphKind::kNought}, 0x4FCCF0, "nought"}}};
  // Columns a-c from the left, rows 1-3 from the bottom, as chess writes them.
  static constexpr BoardLayout kBoardLayout = {
      kLook, {3, 3}, Placement::kOnCell, 3, {AxisNames::kLetters, AxisNames::kNumbers}};
  static constexpr std::string_view kStartLabel = "Start";
  static std::vector<StartVariant<Position>> start_variants() { return {{"standard", start()}}; }
  static int side_to_move(const Position& p) { return x_to_move(p) ? 0 : 1; }
  static Piece piece_at(const Position& p, Cell c);
  static MoveCells move_cells(const Position& p, Move m);
  static std::string end_in_words(const Position& p);
};

static_assert(Game<TicTacToe>);
static_assert(GameDescription<TicTacToe>);

}  // namespace arcade
