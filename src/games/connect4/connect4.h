#pragma once
// Connect Four on the standard 7x6 board: the first player ('x') and the
// second ('o') drop discs into columns; four in a row in any direction wins.
//
// A position is two 64-bit bitboards in the style of Pascal Pons' solver, so
// that a move is two bit operations and a four is found with a few shifts.
// Each column takes 7 bits: its 6 cells from the bottom up, then a sentinel
// bit that is always 0, which keeps shifted lines from wrapping from the top
// of one column into the bottom of the next.
//
//   row 6   6 13 20 27 34 41 48   <- sentinel row, always empty
//   row 5   5 12 19 26 33 40 47   <- top
//   row 4   4 11 18 25 32 39 46
//   row 3   3 10 17 24 31 38 45
//   row 2   2  9 16 23 30 37 44
//   row 1   1  8 15 22 29 36 43
//   row 0   0  7 14 21 28 35 42   <- bottom
//           1  2  3  4  5  6  7   (column names in text)
//
// `mover` holds the discs of the side to move and `mask` every disc, so
// playing swaps the roles by `mover ^= mask` before the new disc is added, and
// `mover + mask` is a unique key (the lowest empty cell of each column marks
// its height). Moves are columns 0..6, written "1".."7".
//
// Position string: the six rows from top to bottom joined by '/', each seven
// characters of 'x', 'o' or '.', e.g. "......./......./......./......./......./...x...".
// The side to move follows from the counts. from_text also reads a plain
// string of columns played from the empty board, like "4453". It rejects
// boards that no game reaches: wrong counts, a disc above an empty cell,
// discs that cannot have been dropped in turn, fours of both sides, or play
// that went on after a four. A game the last disc has just won is accepted,
// so that every position of a game reads back from its text.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "games/game_description.h"

namespace arcade {

struct Connect4 {
  struct Position {
    std::uint64_t mover = 0;  // discs of the side to move
    std::uint64_t mask = 0;   // every disc on the board
    std::uint8_t plies = 0;
    friend bool operator==(const Position&, const Position&) = default;
  };

  static constexpr std::string_view kName = "connect4";
  static constexpr int kWidth = 7;
  static constexpr int kHeight = 6;
  static constexpr int kCells = kWidth * kHeight;
  static constexpr std::size_t kMaxMoves = kWidth;
  static constexpr std::size_t kMoveSpace = kWidth;
  static constexpr int kMaxGamePlies = kCells;

  // Columns from the centre out: central discs take part in the most lines,
  // so search order and ties among equal moves go this way.
  static constexpr std::array<int, kWidth> kCentreFirst = {3, 2, 4, 1, 5, 0, 6};

  static Position start() { return {}; }
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves);
  static Position play(const Position& p, Move m) { return play_cell(p, move_cell(p, m)); }
  static Outcome outcome(const Position& p);
  // The heuristic's terms, from the side to move's view. WinNow and
  // DoubleThreat decide alone (see game.h); the threat and column terms
  // count the side to move's minus the opponent's. The last four are the
  // usual tutorial's line scores: a four never stands on a board the search
  // evaluates (the game is over), so Four only shows in `eval`.
  enum Term {
    kWinNow,
    kDoubleThreat,
    kThreats,
    kParityThreats,
    kColumn4,
    kColumns35,
    kColumns26,
    kOpenTwo,
    kTheirOpenTwo,
    kFour,
    kOpenThree,
    kTheirOpenThree,
    kTermCount
  };
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{
      {"WinNow", 5000, "a four to complete at once (decides alone)"},
      {"DoubleThreat", -5000, "two fours the opponent completes at once (decides alone)"},
      {"Threats", 16, "empty cells that would complete a four"},
      {"ParityThreats", 8, "threats on the rows that favour their side"},
      {"Column4", 3, "discs in the centre column"},
      {"Columns35", 2, "discs in columns 3 and 5"},
      {"Columns26", 1, "discs in columns 2 and 6"},
      {"OpenTwo", 2, "lines of four with two own discs, two empty cells"},
      {"TheirOpenTwo", -2, "the same for the opponent"},
      {"Four", 0, "lines of four own discs"},
      {"OpenThree", 0, "lines of four with three own discs, one empty cell"},
      {"TheirOpenThree", 0, "the same for the opponent"},
  }};
  using Weights = std::array<Score, kTermCount>;
  // The weights of a well-known Connect Four tutorial: 100 for a four, 5 for
  // an open three, 2 for an open two, -500 for the opponent's open three.
  static constexpr std::array<WeightPreset<kTermCount>, 1> kWeightPresets = {
      {{"tutorial", {0, 0, 0, 0, 0, 0, 0, 2, 0, 100, 5, -500}}}};
  static Weights term_values(const Position& p, const Weights& weights);
  static Score evaluate(const Position& p, const Weights& weights);
  static std::uint64_t hash(const Position& p);
  static int move_hint(const Position& p, Move m);

  static std::string move_to_text(const Position& p, Move m);
  static Parsed<Move> move_from_text(const Position& p, std::string_view text);
  static std::string to_text(const Position& p);
  static Parsed<Position> from_text(std::string_view text);
  static std::string diagram(const Position& p);

  // --- Bitboard helpers, shared with the exact solver. ---

  static constexpr std::uint64_t bottom_cell(int column) {
    return 1ull << (column * (kHeight + 1));
  }
  static constexpr std::uint64_t top_cell(int column) {
    return 1ull << (column * (kHeight + 1) + kHeight - 1);
  }
  static constexpr std::uint64_t column_mask(int column) {
    return ((1ull << kHeight) - 1) << (column * (kHeight + 1));
  }
  // Bit 0 of every column: 1 + 2^7 + 2^14 + ... + 2^42.
  static constexpr std::uint64_t kBottomRow =
      ((1ull << (kWidth * (kHeight + 1))) - 1) / ((1ull << (kHeight + 1)) - 1);
  static constexpr std::uint64_t kBoard = kBottomRow * ((1ull << kHeight) - 1);

  static bool x_to_move(const Position& p) { return p.plies % 2 == 0; }
  static std::uint64_t opponent(const Position& p) { return p.mover ^ p.mask; }
  // The unique key of Pons' solver; below 2^49.
  static std::uint64_t key(const Position& p) { return p.mover + p.mask; }
  // The lowest empty cell of every column that is not full.
  static std::uint64_t playable(const Position& p) { return (p.mask + kBottomRow) & kBoard; }
  static std::uint64_t move_cell(const Position& p, Move column) {
    return (p.mask + bottom_cell(column)) & column_mask(column);
  }
  static Position play_cell(const Position& p, std::uint64_t cell) {
    return {p.mover ^ p.mask, p.mask | cell, static_cast<std::uint8_t>(p.plies + 1)};
  }
  // Inline, as the solver calls these at every node.
  static bool has_four(std::uint64_t discs) {
    // Vertical, horizontal, and the two diagonals.
    constexpr int kStride = kHeight + 1;
    for (int shift : {1, kStride, kStride - 1, kStride + 1}) {
      const std::uint64_t pairs = discs & (discs >> shift);
      if (pairs & (pairs >> (2 * shift))) return true;
    }
    return false;
  }
  // Empty cells (playable now or not) where `discs` would complete a four.
  static std::uint64_t winning_cells(std::uint64_t discs, std::uint64_t mask) {
    const std::uint64_t d = discs;
    std::uint64_t r = (d << 1) & (d << 2) & (d << 3);  // three stacked below the cell
    constexpr int kStride = kHeight + 1;
    for (int shift : {kStride, kStride - 1, kStride + 1}) {
      // Three of the four cells of a line, the missing one anywhere in it.
      std::uint64_t pair = (d << shift) & (d << 2 * shift);
      r |= pair & (d << 3 * shift);
      r |= pair & (d >> shift);
      pair = (d >> shift) & (d >> 2 * shift);
      r |= pair & (d << shift);
      r |= pair & (d >> 3 * shift);
    }
    return r & (kBoard ^ mask);
  }
  static bool can_win_next(const Position& p) {
    return (winning_cells(p.mover, p.mask) & playable(p)) != 0;
  }
  // Playable cells after which the opponent cannot win at once: the one
  // forced block if there is a single threat, none if there are two, and
  // never a cell right below an opponent's winning cell. Always inlined:
  // clang (the WebAssembly build) otherwise calls it at every solver node.
  [[gnu::always_inline]] static std::uint64_t non_losing_moves(const Position& p) {
    std::uint64_t moves = playable(p);
    const std::uint64_t threats = winning_cells(opponent(p), p.mask);
    const std::uint64_t forced = moves & threats;
    if (forced) {
      if (forced & (forced - 1)) return 0;  // two threats at once: no defence
      moves = forced;
    }
    return moves & ~(threats >> 1);
  }

  // --- How the game shows itself to the app (games/game_description.h) ---

  static constexpr std::string_view kTitle = "Connect Four";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"Red", "Red", false}, {"Yellow", "Yellow", false}}};
  // Red and yellow discs in the holes of a blue upright frame.
  static constexpr BoardLook kLook = {{SurfaceKind::kFrame, {0x1A47C7, 0}},
                                      {PieceLook{Glyph{GlyphKind::kDisc}, 0xE0262B, "disc"},
                                       PieceLook{Glyph{GlyphKind::kDisc}, 0xFCC726, "disc"}}};
  // A move names its column, 1-7 from the left.
  static constexpr BoardLayout kBoardLayout = {
      kLook, {kWidth, kHeight}, Placement::kDroppedInColumn, 4, {AxisNames::kNumbers}};
  static constexpr std::string_view kStartLabel = "Start";
  static std::vector<StartVariant<Position>> start_variants() { return {{"standard", start()}}; }
  static int side_to_move(const Position& p) { return x_to_move(p) ? 0 : 1; }
  static Piece piece_at(const Position& p, Cell c);
  static MoveCells move_cells(const Position& p, Move m);
  static std::string end_in_words(const Position& p);
};

static_assert(Game<Connect4>);
static_assert(GameDescription<Connect4>);
static_assert(Connect4::kBottomRow == 0x0040810204081ull);

}  // namespace arcade
