#pragma once
// Reversi (Othello) on the standard 8x8 board. Black (side 0, 'X') moves
// first from the four-disc start: White on d4 and e5, Black on d5 and e4. A
// move puts a disc on an empty square that closes at least one straight line
// (any of the eight directions) of opponent discs against a disc of the
// mover's, and turns those discs over. A side with no such square passes (the
// pass is then its only legal move); the game ends when neither side can
// move. The score is the disc difference with the empty squares given to the
// winner, as the FFO endgame test positions count it.
//
// A position is two bitboards (games/reversi/bitboard.h) from the side to
// move's view, plus which colour that is, so a move is a few bit operations
// and a pass a swap:
//
//          a  b  c  d  e  f  g  h
//   row 1  0  1  2  3  4  5  6  7     <- top; bit = row * 8 + col
//   ...
//   row 8 56 57 58 59 60 61 62 63     <- bottom
//
// A move is its square 0..63, written "a1".."h8" (column a-h left to right,
// row 1-8 top to bottom), or kPass (64), written "pass".
//
// Position string: the 64 squares a1 b1 .. h1 a2 .. h8, 'X' a black disc, 'O'
// a white one, '-' an empty square, then a space and the side to move, 'X' or
// 'O': the board and side fields of the FFO .obf files. The four centre
// squares are never empty in a game, so a board with one empty is refused.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "games/game_description.h"
#include "games/reversi/bitboard.h"

namespace arcade {

struct Reversi {
  using Bitboard = reversi::Bitboard;

  struct Position {
    Bitboard player = 0;    // discs of the side to move
    Bitboard opponent = 0;  // discs of the other side
    bool white_to_move = false;
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "reversi";
  static constexpr Move kPass = 64;
  // At most one move a square; a pass is the only move when it is legal.
  static constexpr std::size_t kMaxMoves = 64;
  static constexpr std::size_t kMoveSpace = 65;
  // 60 discs to place, and a pass can only come before one of them.
  static constexpr int kMaxGamePlies = 120;

  static Position start();
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves);
  static Position play(const Position& p, Move m);
  static Outcome outcome(const Position& p);
  // The final disc difference for the side to move, the empty squares
  // counted for the winner (a finished game; see engine/game.h).
  static int final_margin(const Position& p);

  // The heuristic's terms, each "the side to move's minus the opponent's".
  // The corner terms count discs on the squares next to a corner only while
  // that corner is empty: there they hand the corner over. Parity is +1 when
  // the side to move would play the last empty square without passes.
  // SquareTable is the classic square-weight table of Othello tutorials.
  enum Term {
    kMobility,
    kCorners,
    kXSquares,
    kCSquares,
    kEdges,
    kFrontier,
    kParity,
    kDiscs,
    kSquareTable,
    kTermCount
  };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{
      {"Mobility", 12, "legal moves"},
      {"Corners", 90, "discs on corners"},
      {"XSquares", -45, "discs diagonal to an empty corner"},
      {"CSquares", -15, "discs beside an empty corner on the edge"},
      {"Edges", 4, "discs on edges, corners and C-squares left out"},
      {"Frontier", -5, "discs next to an empty square"},
      {"Parity", 10, "the side to move plays the last square"},
      {"Discs", 0, "discs"},
      {"SquareTable", 0, "the classic square weights of the discs"},
  }};
  using Weights = std::array<Score, kTermCount>;
  // "squares": the square table alone, as the tutorials play it;
  // "greedy": as many discs as possible now, the beginner's mistake.
  static constexpr std::array<WeightPreset<kTermCount>, 2> kWeightPresets = {{
      {"squares", {0, 0, 0, 0, 0, 0, 0, 0, 1}},
      {"greedy", {0, 0, 0, 0, 0, 0, 0, 1, 0}},
  }};
  // The classic table: corners best, the squares next to them worst.
  static constexpr std::array<int, 64> kSquareWeights = {
      100, -20, 10, 5,  5,  10, -20, 100,  //
      -20, -50, -2, -2, -2, -2, -50, -20,  //
      10,  -2,  -1, -1, -1, -1, -2,  10,   //
      5,   -2,  -1, -1, -1, -1, -2,  5,    //
      5,   -2,  -1, -1, -1, -1, -2,  5,    //
      10,  -2,  -1, -1, -1, -1, -2,  10,   //
      -20, -50, -2, -2, -2, -2, -50, -20,  //
      100, -20, 10, 5,  5,  10, -20, 100,  //
  };
  static Weights term_values(const Position& p, const Weights& weights);
  static Score evaluate(const Position& p, const Weights& weights);
  static std::uint64_t hash(const Position& p);
  // Corners first, X-squares last, then moves that leave the opponent fewer
  // replies (the "fastest first" of the endgame solvers).
  static int move_hint(const Position& p, Move m);

  static std::string move_to_text(const Position& p, Move m);
  static Parsed<Move> move_from_text(const Position& p, std::string_view text);
  static std::string to_text(const Position& p);
  static Parsed<Position> from_text(std::string_view text);
  static std::string diagram(const Position& p);

  static Bitboard black(const Position& p) { return p.white_to_move ? p.opponent : p.player; }
  static Bitboard white(const Position& p) { return p.white_to_move ? p.player : p.opponent; }
  static int empties(const Position& p) { return 64 - reversi::count(p.player | p.opponent); }
  // Whether the side to move must pass: no move of its own, one for the other.
  static bool must_pass(const Position& p);

  // --- How the game shows itself to the app (games/game_description.h) ---

  static constexpr std::string_view kTitle = "Reversi";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"Black", "Black", false}, {"White", "White", false}}};
  // Black and white discs on green felt, with the four dots of an Othello
  // board.
  static constexpr BoardLook kLook = {{SurfaceKind::kFelt, {0x1E7446, 0x0E3A22}, 2},
                                      {PieceLook{Glyph{GlyphKind::kDisc}, 0x232428, "disc"},
                                       PieceLook{Glyph{GlyphKind::kDisc}, 0xF2F1EC, "disc"}}};
  // Columns a-h from the left, rows 1-8 from the top, as Othello writes them.
  static constexpr BoardLayout kBoardLayout = {
      kLook, {8, 8}, Placement::kOnCell, 0, {AxisNames::kLetters, AxisNames::kNumbers, true}};
  static constexpr std::string_view kStartLabel = "Start";
  static std::vector<StartVariant<Position>> start_variants() { return {{"standard", start()}}; }
  static int side_to_move(const Position& p) { return p.white_to_move ? 1 : 0; }
  // Each side's discs, beside the players as every Othello site shows them.
  static constexpr std::string_view kSideCountNoun = "disc";
  static int side_count(const Position& p, int side) {
    return reversi::count(side == 0 ? black(p) : white(p));
  }
  static Piece piece_at(const Position& p, Cell c);
  static MoveCells move_cells(const Position& p, Move m);
  static std::string end_in_words(const Position& p);
  // The top level's own words (game_view.h, level_description): it is not
  // solved from the start, it searches the midgame and solves the endgame.
  // Defined beside ReversiSession, whose thresholds it states.
  static std::string level_words(int level);

  // The square of a cell (rows of a Cell count from the bottom, rows of the
  // board from the top) and back.
  static constexpr int square_of(Cell c) { return (7 - c.row) * 8 + c.col; }
  static constexpr Cell cell_of(int square) { return {square % 8, 7 - square / 8}; }
};

static_assert(Game<Reversi>);
static_assert(GameDescription<Reversi>);

}  // namespace arcade
